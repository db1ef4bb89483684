package indexes

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
)

// NearDuplicates is the table function near_duplicates('table', 'column',
// k): every pair of rows of the table whose fingerprints in the column are
// within Hamming distance k, as rows (left_id, right_id, distance) with
// left_id < right_id in primary-key order, each pair once, sorted. The
// table needs a one-column primary key; NULL fingerprints take no part.
// Computed by the method of Manku et al. (2007): rows are grouped on each
// block value and verified within groups; identical fingerprints and
// crowded blocks cost in proportion to the pairs found. With a simhash
// index on the column with k' ≥ k (the smallest such), the groups are the
// index's runs of equal block values and the fingerprints come from its
// entries (NearPairsInRuns; no row is read but those in the answer);
// without one, the table is scanned and grouped in memory (NearPairs).
// EXPLAIN shows which.
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
	index  *catalog.CustomIndex // the simhash index read, or nil for a table scan
	sim    *similarityPairs     // a signature or text column: the Jaccard search

	unbound bool // made while a statement with parameters is prepared: never run
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
	if i := slices.IndexFunc(args, isParameter); i >= 0 {
		return n.prepared(ctx, db, args, i)
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
	if !ok1 || !ok2 {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), "want ('table', 'column', k) or ('table', 'column', t)")
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
		if vdb, ok := db.(sql.ViewDatabase); ok {
			if _, isView, _ := vdb.GetViewDefinition(ctx, tableName); isView {
				return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("%s is a view; near_duplicates reads a base table (and its index), so name the table the view reads", tableName))
			}
		}
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
	column = t.Schema()[col].Name
	nd := &NearDuplicates{db: db, args: args, groups: n.groups, table: t, column: column, idType: t.Schema()[pk[0]].Type}
	if typ := t.Schema()[col].Type; types.IsText(typ) { // CHAR … TEXT, BINARY … BLOB
		// Signatures or texts: a Jaccard threshold.
		th, ok := constFloat(ctx, args[2])
		if !ok || !(th > 0 && th <= 1) {
			return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("want ('table', '%s', t) with the Jaccard threshold t greater than 0 and at most 1", column))
		}
		nd.sim = newSimilarityPairs(ctx, t, column, !types.IsBinaryType(typ), th)
		return nd, nil
	}
	k, ok := constInt(ctx, args[2])
	if !ok || k < 0 || k > 64 {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("want ('table', '%s', k) with k from 0 to 64", column))
	}
	nd.k, nd.index = int(k), bestIndex(t, column, int(k), true)
	return nd, nil
}

// isParameter reports whether e is a parameter of a statement being
// prepared.
func isParameter(e sql.Expression) bool {
	_, ok := e.(*expression.BindVar)
	return ok
}

// prepared returns the node of a statement being prepared whose argument
// i is a parameter: go-mysql-server makes the function again with the
// parameters' values for each EXECUTE, so this node only gives the
// statement its columns (those of a call with the same table and column,
// when they are given) and is never run.
func (n *NearDuplicates) prepared(ctx *sql.Context, db sql.Database, args []sql.Expression, i int) (sql.Node, error) {
	nd := &NearDuplicates{db: db, args: args, groups: n.groups, idType: types.Int64, unbound: true}
	if i == 2 {
		// The table and column are known: the columns are the call's.
		bound := append(slices.Clone(args[:2]), expression.NewLiteral(int8(1), types.Int8))
		node, err := n.NewInstance(ctx, db, bound)
		if err != nil {
			return nil, err
		}
		nd = node.(*NearDuplicates)
		nd.args, nd.unbound = args, true
	}
	return nd, nil
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
	if n.sim != nil && !n.groups {
		return sql.Schema{
			{Name: "left_id", Type: n.idType, Source: n.Name()},
			{Name: "right_id", Type: n.idType, Source: n.Name()},
			{Name: "similarity", Type: types.Float64, Source: n.Name()},
		}
	}
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
	if n.unbound {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), "a parameter has no value")
	}
	if n.sim != nil {
		rows, err := n.sim.rows(ctx, n.groups)
		return catalog.RowsIter(rows), err
	}
	var c *corpus
	if n.index != nil {
		c = corpusFromIndex(n.table, n.index)
	} else {
		var err error
		if c, err = corpusFromTable(ctx, n.table, n.column, n.Name()); err != nil {
			return nil, err
		}
	}
	if n.groups {
		rows, err := c.groupRows(ctx, n.k)
		return catalog.RowsIter(rows), err
	}
	return c.pairRows(ctx, n.k)
}

// corpus is the rows that near_duplicates searches, as items: numbers of
// rows with a non-NULL fingerprint.
type corpus struct {
	compare func(a, b int) int                            // the items' primary-key order
	id      func(ctx *sql.Context, item int) (any, error) // the item's primary key
	// pairs calls emit for every pair of items within distance k, until
	// emit returns false.
	pairs func(ctx *sql.Context, k int, emit func(l, r, d int) bool) error
}

// corpusFromTable reads the fingerprints by scanning the table, in
// primary-key order, and searches them with NearPairs.
func corpusFromTable(ctx *sql.Context, t *catalog.Table, column, fn string) (*corpus, error) {
	pkCol := t.Schema()[t.PrimaryKeySchema().PkOrdinals[0]].Name
	c := &corpus{}
	var ids []any
	var fps []uint64
	err := t.ScanColumns(ctx, []string{pkCol, column}, func(_ []byte, vals []any) error {
		if vals[1] == nil {
			return nil
		}
		fp, ok := functions.FingerprintBits(vals[1])
		if !ok {
			return functions.ErrNotFingerprint.New(fn, functions.Describe(vals[1]))
		}
		ids = append(ids, vals[0])
		fps = append(fps, fp)
		return nil
	})
	c.compare = func(a, b int) int { return a - b } // scanned in primary-key order
	c.id = func(_ *sql.Context, i int) (any, error) { return ids[i], nil }
	c.pairs = func(_ *sql.Context, k int, emit func(l, r, d int) bool) error {
		NearPairs(fps, min(k, 64), emit)
		return nil
	}
	return c, err
}

// corpusFromIndex searches a simhash index whose entries carry the
// fingerprint, reading nothing else: one pass over the entries in key
// order, where each run of equal block values is a group that RunPairs
// verifies. Rows are numbered only when they are in a pair, and read only
// for the answer's ids.
func corpusFromIndex(t *catalog.Table, spec *catalog.CustomIndex) *corpus {
	items := newItemTable()
	pk := t.PrimaryKeySchema().PkOrdinals[0]
	c := &corpus{
		// Row keys sort as the primary key does.
		compare: func(a, b int) int { return strings.Compare(items.keys[a], items.keys[b]) },
		id: func(ctx *sql.Context, i int) (any, error) {
			row, err := t.Row(ctx, []byte(items.keys[i]))
			if err != nil {
				return nil, err
			}
			if row == nil {
				return nil, fmt.Errorf("simhash index %s: entry for a missing row", spec.Name)
			}
			return row[pk], nil
		},
	}
	c.pairs = func(ctx *sql.Context, k int, emit func(l, r, d int) bool) error {
		x := simhashOf(spec)
		blocks, width := x.blocks, x.width
		var run struct {
			key     []byte   // the run's index key: block number and value
			fps     []uint64 // the members' fingerprints
			rowKeys []byte   // the members' row keys, end to end
			ends    []int    // where each row key ends in rowKeys
		}
		rowKey := func(i int) []byte {
			start := 0
			if i > 0 {
				start = run.ends[i-1]
			}
			return run.rowKeys[start:run.ends[i]]
		}
		stopped := errors.New("stopped")
		flush := func() error {
			if len(run.fps) < 2 {
				return nil
			}
			ok := RunPairs(run.fps, blocks, int(run.key[0]), k, func(l, r, d int) bool {
				return emit(int(items.item(rowKey(l))), int(items.item(rowKey(r))), d)
			})
			if !ok {
				return stopped
			}
			return nil
		}
		var prefix []byte
		if k == 0 {
			prefix = []byte{0} // identical fingerprints first agree on block 0
		}
		entries := 0
		err := t.ScanIndex(ctx, spec.Name, prefix, func(key, rk, value []byte) error {
			fp, ok := entryFingerprint(value)
			if len(key) != 1+width || int(key[0]) >= len(blocks) || !ok {
				return fmt.Errorf("simhash index %s: damaged entry %x", spec.Name, key)
			}
			if entries++; entries%65536 == 0 && ctx.Err() != nil {
				return ctx.Err()
			}
			if !bytes.Equal(key, run.key) {
				if err := flush(); err != nil {
					return err
				}
				run.key = append(run.key[:0], key...)
				run.fps, run.rowKeys, run.ends = run.fps[:0], run.rowKeys[:0], run.ends[:0]
			}
			run.fps = append(run.fps, fp)
			run.rowKeys = append(run.rowKeys, rk...)
			run.ends = append(run.ends, len(run.rowKeys))
			return nil
		})
		if err == nil {
			err = flush()
		}
		if err == stopped {
			err = ctx.Err()
		}
		return err
	}
	return c
}

// itemTable numbers row keys in order of first sight.
type itemTable struct {
	byKey map[string]int32
	keys  []string
}

func newItemTable() *itemTable { return &itemTable{byKey: map[string]int32{}} }

// item returns the number of rowKey, len(keys) before the call if new.
func (t *itemTable) item(rowKey []byte) int32 {
	if it, ok := t.byKey[string(rowKey)]; ok {
		return it
	}
	it := int32(len(t.keys))
	t.byKey[string(rowKey)] = it
	t.keys = append(t.keys, string(rowKey))
	return it
}

// pairRows returns the rows (left_id, right_id, distance) of the pairs
// within distance k, left before right in primary-key order, sorted.
func (c *corpus) pairRows(ctx *sql.Context, k int) (sql.RowIter, error) {
	type pair struct{ l, r, d int }
	var pairs []pair
	err := c.pairs(ctx, k, func(l, r, d int) bool {
		if c.compare(l, r) > 0 {
			l, r = r, l
		}
		pairs = append(pairs, pair{l, r, d})
		return ctx.Err() == nil
	})
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	slices.SortFunc(pairs, func(a, b pair) int {
		if a.l != b.l {
			return c.compare(a.l, b.l)
		}
		return c.compare(a.r, b.r)
	})
	ids := map[int]any{}
	id := func(i int) (any, error) {
		if v, ok := ids[i]; ok {
			return v, nil
		}
		v, err := c.id(ctx, i)
		ids[i] = v
		return v, err
	}
	return &pairIter{next: func(i int) (sql.Row, bool, error) {
		if i >= len(pairs) {
			return nil, false, nil
		}
		p := pairs[i]
		l, err := id(p.l)
		if err != nil {
			return nil, false, err
		}
		r, err := id(p.r)
		return sql.Row{l, r, int32(p.d)}, err == nil, err
	}}, nil
}

// groupRows returns (id, group_id) for every item in a component of two or
// more, in primary-key order; group_id is the component's first id in that
// order (the smallest).
func (c *corpus) groupRows(ctx *sql.Context, k int) ([]sql.Row, error) {
	var parent []int32 // union-find over the items met in pairs
	find := func(x int32) int32 {
		for int(x) >= len(parent) {
			parent = append(parent, int32(len(parent)))
		}
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	err := c.pairs(ctx, k, func(l, r, _ int) bool {
		a, b := find(int32(l)), find(int32(r))
		if a != b {
			if c.compare(int(a), int(b)) < 0 {
				parent[b] = a
			} else {
				parent[a] = b
			}
		}
		return ctx.Err() == nil
	})
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	size := make(map[int32]int)
	for i := range parent {
		size[find(int32(i))]++
	}
	var members []int32
	for i := range parent {
		if size[find(int32(i))] > 1 {
			members = append(members, int32(i))
		}
	}
	slices.SortFunc(members, func(a, b int32) int { return c.compare(int(a), int(b)) })
	ids := make(map[int32]any, len(members))
	rows := make([]sql.Row, 0, len(members))
	for _, i := range members {
		v, err := c.id(ctx, int(i))
		if err != nil {
			return nil, err
		}
		ids[i] = v
		// The root comes first in primary-key order, so its id is known.
		rows = append(rows, sql.Row{v, ids[find(i)]})
	}
	return rows, nil
}

type pairIter struct {
	i    int
	next func(int) (sql.Row, bool, error)
}

func (p *pairIter) Next(*sql.Context) (sql.Row, error) {
	row, ok, err := p.next(p.i)
	if err != nil {
		return nil, err
	}
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
// the table (or its index), so it takes SELECT on the table, as a query of
// the table would.
func (n *NearDuplicates) CheckAuth(ctx *sql.Context, checker sql.PrivilegedOperationChecker) bool {
	subject := sql.PrivilegeCheckSubject{Database: n.db.Name(), Table: n.table.Name()}
	return checker.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(subject, sql.PrivilegeType_Select))
}

// String implements sql.Node.
func (n *NearDuplicates) String() string {
	if n.sim != nil {
		return fmt.Sprintf("%s(%s, %s, %v) (%s)", n.Name(), n.table.Name(), n.column, n.sim.t, n.sim.how())
	}
	how := "table scan"
	if n.index != nil {
		how = "simhash index " + n.index.Name
	}
	return fmt.Sprintf("%s(%s, %s, %d) (%s)", n.Name(), n.table.Name(), n.column, n.k, how)
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
