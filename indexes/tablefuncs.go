package indexes

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
)

// NearDuplicates is the table function near_duplicates('table', 'column',
// k): every pair of rows of the table whose fingerprints in the column are
// within Hamming distance k, as rows (left_id, right_id, distance) with
// left_id < right_id in primary-key order, each pair once, sorted. The
// table needs a one-column primary key; NULL fingerprints take no part.
// Computed by NearPairs (Manku et al. 2007): rows are grouped on each block
// value and verified within groups; identical fingerprints and crowded
// blocks cost in proportion to the pairs found.
//
// NearDuplicateGroups is near_duplicate_groups('table', 'column', k): the
// connected components of that relation, as rows (id, group_id), group_id
// being the smallest id of the component; rows with no near-duplicate are
// left out.
type NearDuplicates struct {
	db     sql.Database
	args   []sql.Expression
	groups bool // near_duplicate_groups

	table  *catalog.Table
	column string
	k      int
	idType sql.Type
}

var (
	_ sql.TableFunction            = (*NearDuplicates)(nil)
	_ sql.ExecSourceRel            = (*NearDuplicates)(nil)
	_ sql.AuthorizationCheckerNode = (*NearDuplicates)(nil)
)

// NewNearDuplicates returns the near_duplicates (groups false) or
// near_duplicate_groups (groups true) table function, for registration.
func NewNearDuplicates(groups bool) *NearDuplicates { return &NearDuplicates{groups: groups} }

// Name implements sql.TableFunction.
func (n *NearDuplicates) Name() string {
	if n.groups {
		return "near_duplicate_groups"
	}
	return "near_duplicates"
}

// NewInstance implements sql.TableFunction: the arguments are a table name
// ('t' or 'db.t'), a column name and k, all constant.
func (n *NearDuplicates) NewInstance(ctx *sql.Context, db sql.Database, args []sql.Expression) (sql.Node, error) {
	if len(args) != 3 {
		return nil, sql.ErrInvalidArgumentNumber.New(n.Name(), 3, len(args))
	}
	vals := make([]any, 3)
	for i, a := range args {
		if !isConstant(a) {
			return nil, functions.ErrIncorrectArguments.New(n.Name(), "arguments must be constants: ('table', 'column', k)")
		}
		v, err := a.Eval(ctx, nil)
		if err != nil {
			return nil, err
		}
		vals[i] = v
	}
	tableName, ok1 := vals[0].(string)
	column, ok2 := vals[1].(string)
	k, ok3 := constInt(ctx, args[2])
	if !ok1 || !ok2 || !ok3 || k < 0 || k > 64 {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), "want ('table', 'column', k) with k from 0 to 64")
	}
	if dbName, tn, ok := strings.Cut(tableName, "."); ok {
		store := currentStore(db)
		if store == nil {
			return nil, sql.ErrDatabaseNotFound.New(dbName)
		}
		d, err := store.Database(ctx, dbName)
		if err != nil {
			return nil, err
		}
		db, tableName = d, tn
	}
	tbl, found, err := db.GetTableInsensitive(ctx, tableName)
	if err != nil {
		return nil, err
	}
	if !found {
		return nil, sql.ErrTableNotFound.New(tableName)
	}
	t, ok := tbl.(*catalog.Table)
	if !ok {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), "not a simsql table: "+tableName)
	}
	pk := t.PrimaryKeySchema().PkOrdinals
	if len(pk) != 1 {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("table %s needs a one-column primary key", tableName))
	}
	col := -1
	for i, c := range t.Schema() {
		if strings.EqualFold(c.Name, column) {
			col = i
		}
	}
	if col < 0 {
		return nil, sql.ErrTableColumnNotFound.New(tableName, column)
	}
	return &NearDuplicates{db: db, args: args, groups: n.groups, table: t, column: t.Schema()[col].Name,
		k: int(k), idType: t.Schema()[pk[0]].Type}, nil
}

// currentStore finds the Store behind db.
func currentStore(db sql.Database) *catalog.Store {
	if d, ok := db.(*catalog.Database); ok {
		return d.Store()
	}
	return nil
}

// Schema implements sql.Node.
func (n *NearDuplicates) Schema() sql.Schema {
	if n.groups {
		return sql.Schema{
			{Name: "id", Type: n.idType, Source: n.Name()},
			{Name: "group_id", Type: n.idType, Source: n.Name()},
		}
	}
	return sql.Schema{
		{Name: "left_id", Type: n.idType, Source: n.Name()},
		{Name: "right_id", Type: n.idType, Source: n.Name()},
		{Name: "distance", Type: types.Int32, Source: n.Name()},
	}
}

// RowIter implements sql.ExecSourceRel.
func (n *NearDuplicates) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	pkCol := n.table.Schema()[n.table.PrimaryKeySchema().PkOrdinals[0]].Name
	var ids []any
	var fps []uint64
	err := n.table.ScanColumns(ctx, []string{pkCol, n.column}, func(_ []byte, vals []any) error {
		if vals[1] == nil {
			return nil
		}
		fp, ok := functions.FingerprintBits(vals[1])
		if !ok {
			return functions.ErrNotFingerprint.New(n.Name(), fmt.Sprint(vals[1]))
		}
		ids = append(ids, vals[0])
		fps = append(fps, fp)
		return nil
	})
	if err != nil {
		return nil, err
	}
	if n.groups {
		rows := groupRows(ctx, ids, fps, n.k)
		if ctx.Err() != nil {
			return nil, context.Cause(ctx)
		}
		return catalog.RowsIter(rows), nil
	}
	type pair struct{ l, r, d int }
	var pairs []pair
	NearPairs(fps, min(n.k, 64), func(l, r, d int) bool {
		pairs = append(pairs, pair{l, r, d})
		return ctx.Err() == nil
	})
	if ctx.Err() != nil {
		return nil, context.Cause(ctx) // KILL QUERY or max_execution_time: their MySQL error
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if a.l != b.l {
			return a.l - b.l
		}
		return a.r - b.r
	})
	return &pairIter{ids: ids, next: func(i int) (sql.Row, bool) {
		if i >= len(pairs) {
			return nil, false
		}
		p := pairs[i]
		return sql.Row{ids[p.l], ids[p.r], int32(p.d)}, true
	}}, nil
}

// groupRows returns (id, group_id) for every item in a component of two or
// more, in id order; group_id is the component's smallest id (items are in
// primary-key order, so the smallest index). It stops early, with a
// partial answer, once ctx is done.
func groupRows(ctx context.Context, ids []any, fps []uint64, k int) []sql.Row {
	parent := make([]int32, len(fps))
	for i := range parent {
		parent[i] = int32(i)
	}
	var find func(int32) int32
	find = func(x int32) int32 {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	NearPairs(fps, min(k, 64), func(l, r, _ int) bool {
		a, b := find(int32(l)), find(int32(r))
		if a != b {
			if a < b {
				parent[b] = a
			} else {
				parent[a] = b
			}
		}
		return ctx.Err() == nil
	})
	size := make(map[int32]int)
	for i := range parent {
		size[find(int32(i))]++
	}
	var rows []sql.Row
	for i := range parent {
		if root := find(int32(i)); size[root] > 1 {
			rows = append(rows, sql.Row{ids[i], ids[root]})
		}
	}
	return rows
}

type pairIter struct {
	ids  []any
	i    int
	next func(int) (sql.Row, bool)
}

func (p *pairIter) Next(*sql.Context) (sql.Row, error) {
	row, ok := p.next(p.i)
	if !ok {
		return nil, io.EOF
	}
	p.i++
	return row, nil
}

func (p *pairIter) Close(*sql.Context) error { return nil }

// Resolved implements sql.Node.
func (n *NearDuplicates) Resolved() bool { return true }

// IsReadOnly implements sql.Node.
func (n *NearDuplicates) IsReadOnly() bool { return true }

// CheckAuth implements sql.AuthorizationCheckerNode: the function reads
// the table, so it takes SELECT on it, as a query of the table would.
func (n *NearDuplicates) CheckAuth(ctx *sql.Context, checker sql.PrivilegedOperationChecker) bool {
	subject := sql.PrivilegeCheckSubject{Database: n.db.Name(), Table: n.table.Name()}
	return checker.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(subject, sql.PrivilegeType_Select))
}

// String implements sql.Node.
func (n *NearDuplicates) String() string {
	return fmt.Sprintf("%s(%s, %s, %d)", n.Name(), n.table.Name(), n.column, n.k)
}

// Children implements sql.Node.
func (n *NearDuplicates) Children() []sql.Node { return nil }

// WithChildren implements sql.Node.
func (n *NearDuplicates) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 0)
	}
	return n, nil
}

// Expressions implements sql.Expressioner.
func (n *NearDuplicates) Expressions() []sql.Expression { return n.args }

// WithExpressions implements sql.Expressioner.
func (n *NearDuplicates) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	c := *n
	c.args = exprs
	return &c, nil
}

// Database implements sql.Databaser.
func (n *NearDuplicates) Database() sql.Database { return n.db }

// WithDatabase implements sql.Databaser.
func (n *NearDuplicates) WithDatabase(db sql.Database) (sql.Node, error) {
	c := *n
	c.db = db
	return &c, nil
}

// Collation implements sql.Node's collation needs.
func (n *NearDuplicates) Collation() sql.CollationID { return sql.Collation_Default }
