package indexes

import (
	"bytes"
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/storage"
)

// NearDuplicates is the table function near_duplicates('table', 'column',
// k): every pair of rows of the table whose fingerprints in the column are
// within Hamming distance k, as rows (left_id, right_id, distance) with
// left_id < right_id in primary-key order, each pair once, sorted. The
// table needs a one-column primary key; NULL fingerprints take no part.
// Computed by the method of Manku et al. (2007), NearPairs: rows are
// grouped on each block value and verified within groups; identical
// fingerprints and crowded blocks cost in proportion to the pairs found,
// and never more than comparing every pair. With a simhash index on the
// column with k' ≥ k (the smallest such), the fingerprints come from the
// index's entries for its first block, one per row (a row is read only for
// the id of a row in the answer, and not even then for an integer primary
// key); without one, the table is scanned. EXPLAIN shows which. Either way
// the search stops soon after KILL QUERY, KILL, max_execution_time or a
// closed connection ends the statement's context, with its error.
//
// NearDuplicateGroups is near_duplicate_groups('table', 'column', k): the
// connected components of that relation, as rows (id, group_id,
// max_distance, representative) — min_similarity instead of max_distance
// for a Jaccard threshold — group_id being the smallest id of the
// component, max_distance (min_similarity) its diameter: the largest
// distance (smallest similarity) between any two members, which may be far
// beyond k (below t) because components chain; representative is the
// member with the most neighbours, the smallest id among those tied. Rows
// with no near-duplicate are left out. The diameter costs comparing each
// group's members pairwise.
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
		th, ok := argFloat(ctx, args[2])
		if !ok || !(th > 0 && th <= 1) {
			return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("want ('table', '%s', t) with the Jaccard threshold t greater than 0 and at most 1", column))
		}
		nd.sim = newSimilarityPairs(ctx, t, column, !types.IsBinaryType(typ), th)
		return nd, nil
	}
	if typ := t.Schema()[col].Type.Type(); typ != sqltypes.Int64 && typ != sqltypes.Uint64 {
		// What a simhash index takes: a narrower integer sign-extends
		// (TINYINT -1 is 64 one bits), other types hold no fingerprint.
		return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("column %s of %s is %s; a fingerprint column is BIGINT UNSIGNED or BIGINT (a signature or text column takes a Jaccard threshold)",
			column, tableName, t.Schema()[col].Type.String()))
	}
	k, ok := constInt(ctx, args[2]) // '3' too
	if !ok || k < 0 || k > 64 {
		return nil, functions.ErrIncorrectArguments.New(n.Name(), fmt.Sprintf("want ('table', '%s', k) with k from 0 to 64", column))
	}
	nd.k, nd.index = int(k), bestIndex(t, column, int(k), true)
	return nd, nil
}

// argFloat is constFloat of a table function's constant argument e, which
// may also be a string holding a number ('0.7', ' 1e-1 '), as MySQL
// converts a string argument to a number; any other string ('abc', '0.7x')
// is not one (the caller's clear error rather than MySQL's 1292 and 0).
func argFloat(ctx *sql.Context, e sql.Expression) (float64, bool) {
	if s, ok := constString(ctx, e); ok {
		return parseDecimal(s)
	}
	return constFloat(ctx, e)
}

// parseDecimal reads s, without the blanks around it, as a decimal number
// as MySQL writes one (digits, a point, an exponent; not 'inf' or hex).
func parseDecimal(s string) (float64, bool) {
	s = strings.TrimSpace(s)
	if s == "" || strings.TrimLeft(s, "0123456789.+-eE") != "" {
		return 0, false
	}
	f, err := strconv.ParseFloat(s, 64)
	return f, err == nil
}

// constString returns the value of e, a constant, if it is a string.
func constString(ctx *sql.Context, e sql.Expression) (string, bool) {
	if !isConstant(e) {
		return "", false
	}
	v, err := e.Eval(ctx, nil)
	if err != nil {
		return "", false
	}
	s, ok := v.(string)
	return s, ok
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
		diameter := &sql.Column{Name: "max_distance", Type: types.Int32, Source: n.Name()}
		if n.sim != nil {
			diameter = &sql.Column{Name: "min_similarity", Type: types.Float64, Source: n.Name()}
		}
		return sql.Schema{
			{Name: "id", Type: n.idType, Source: n.Name()},
			{Name: "group_id", Type: n.idType, Source: n.Name()},
			diameter,
			{Name: "representative", Type: n.idType, Source: n.Name()},
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
	var err error
	if n.index != nil {
		c, err = corpusFromIndex(ctx, n.table, n.index)
	} else {
		c, err = corpusFromTable(ctx, n.table, n.column, n.Name())
	}
	if err != nil {
		return nil, err
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
	fps     []uint64                                      // the items' fingerprints
	compare func(a, b int) int                            // the items' primary-key order
	id      func(ctx *sql.Context, item int) (any, error) // the item's primary key
	rowKey  func(item int) []byte                         // the item's row key (from an index only)
}

// pairs calls emit for every pair of items within distance k (NearPairs),
// until emit returns false; the search stops, with the cause of ctx's end
// as its error (KILL QUERY, max_execution_time, a closed connection), soon
// after ctx is done, whether or not it finds pairs.
func (c *corpus) pairs(ctx *sql.Context, k int, emit func(l, r, d int) bool) error {
	if !NearPairs(c.fps, min(k, 64), func() bool { return ctx.Err() != nil }, emit) && ctx.Err() != nil {
		return context.Cause(ctx)
	}
	return nil
}

// corpusFromTable reads the fingerprints by scanning the table, in
// primary-key order.
func corpusFromTable(ctx *sql.Context, t *catalog.Table, column, fn string) (*corpus, error) {
	pkCol := t.Schema()[t.PrimaryKeySchema().PkOrdinals[0]].Name
	c := &corpus{}
	var ids []any
	err := t.ScanColumns(ctx, []string{pkCol, column}, func(_ []byte, vals []any) error {
		if vals[1] == nil {
			return nil
		}
		fp, ok := functions.FingerprintBits(vals[1])
		if !ok {
			return functions.ErrNotFingerprint.New(fn, functions.Describe(vals[1]))
		}
		ids = append(ids, vals[0])
		c.fps = append(c.fps, fp)
		return nil
	})
	c.compare = func(a, b int) int { return a - b } // scanned in primary-key order
	c.id = func(_ *sql.Context, i int) (any, error) { return ids[i], nil }
	return c, err
}

// corpusFromIndex reads the fingerprints from a simhash index whose entries
// carry them, and nothing else: the entries of block 0 alone, in key order,
// hold every row's fingerprint and row key once (a quarter of the entries
// of a k=3 index). The answer's ids are decoded from the row keys (integer
// primary keys) or read from their rows.
func corpusFromIndex(ctx *sql.Context, t *catalog.Table, spec *catalog.CustomIndex) (*corpus, error) {
	width := simhashOf(spec).width
	var rowKeys []byte    // the items' row keys, end to end
	keyLen := -1          // the length of every row key, while they are all alike
	var ends []int        // where each item's row key ends in rowKeys, once lengths differ
	var prefixes []uint64 // the first 8 bytes of each row key, big-endian, zero-padded
	c := &corpus{}
	// The table's row count (kept in its statistics) sizes the slices
	// once: appending a million entries to empty ones copied them about
	// twenty times, half the cost of this read.
	rows := 0
	if n, _, err := t.RowCount(ctx); err == nil && n < 1<<30 {
		rows = int(n)
		c.fps, prefixes = make([]uint64, 0, rows), make([]uint64, 0, rows)
	}
	err := t.ScanIndex(ctx, spec.Name, []byte{0}, func(key, rk, value []byte) error {
		fp, ok := entryFingerprint(value)
		if len(key) != 1+width || !ok {
			return fmt.Errorf("simhash index %s: damaged entry %x", spec.Name, key)
		}
		if len(c.fps)%65536 == 65535 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		switch {
		case keyLen < 0 && ends == nil:
			keyLen = len(rk)
			rowKeys = make([]byte, 0, rows*keyLen)
		case keyLen >= 0 && len(rk) != keyLen:
			ends = make([]int, len(c.fps), 2*len(c.fps)+1)
			for i := range ends {
				ends[i] = (i + 1) * keyLen
			}
			keyLen = -1
		}
		c.fps = append(c.fps, fp)
		rowKeys = append(rowKeys, rk...)
		if keyLen < 0 {
			ends = append(ends, len(rowKeys))
		}
		var prefix [8]byte
		copy(prefix[:], rk)
		prefixes = append(prefixes, binary.BigEndian.Uint64(prefix[:]))
		return nil
	})
	if err != nil {
		return nil, err
	}
	rowKey := func(i int) []byte {
		if keyLen >= 0 {
			return rowKeys[i*keyLen : (i+1)*keyLen]
		}
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		return rowKeys[start:ends[i]]
	}
	c.rowKey = rowKey
	// Row keys sort as the primary key does; their prefixes, compared as
	// numbers, order them as bytes.Compare does unless they are equal.
	c.compare = func(a, b int) int {
		if x := cmp.Compare(prefixes[a], prefixes[b]); x != 0 {
			return x
		}
		return bytes.Compare(rowKey(a), rowKey(b))
	}
	pk := t.PrimaryKeySchema().PkOrdinals[0]
	pkType := t.Schema()[pk].Type
	c.id = func(ctx *sql.Context, i int) (any, error) {
		if types.IsInteger(pkType) {
			// The row key is the key encoding of the primary key, which
			// gives integers back as they were stored.
			if v, rest, err := storage.DecodeKey(rowKey(i), pkType); err == nil && len(rest) == 0 {
				return v, nil
			}
		}
		row, err := t.Row(ctx, rowKey(i))
		if err != nil {
			return nil, err
		}
		if row == nil {
			return nil, fmt.Errorf("simhash index %s: entry for a missing row", spec.Name)
		}
		return row[pk], nil
	}
	return c, nil
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

// groupRows returns (id, group_id, max_distance, representative) for
// every item in a component of two or more, in primary-key order:
// group_id is the component's first id in that order (the smallest),
// max_distance its diameter (the largest Hamming distance between any two
// of its members) and representative the id of the member with the most
// neighbours within k (the smallest id among those tied).
func (c *corpus) groupRows(ctx *sql.Context, k int) ([]sql.Row, error) {
	var edges [][2]int32
	err := c.pairs(ctx, k, func(l, r, _ int) bool {
		edges = append(edges, [2]int32{int32(l), int32(r)})
		return ctx.Err() == nil
	})
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	ids := map[int32]any{}
	id := func(i int32) (any, error) {
		if v, ok := ids[i]; ok {
			return v, nil
		}
		v, err := c.id(ctx, int(i))
		ids[i] = v
		return v, err
	}
	distance := func(a, b int32) int32 { return int32(bits.OnesCount64(c.fps[a] ^ c.fps[b])) }
	type member struct {
		item int32
		row  sql.Row
	}
	var members []member
	for _, g := range nearGroups(edges, func(a, b int32) int { return c.compare(int(a), int(b)) }) {
		d, err := groupDiameter(ctx, g, distance, func(x, y int32) bool { return x > y })
		if err != nil {
			return nil, err
		}
		for _, m := range g.members {
			if _, err := id(m); err != nil {
				return nil, err
			}
		}
		for _, m := range g.members {
			members = append(members, member{m, sql.Row{ids[m], ids[g.members[0]], d, ids[g.rep]}})
		}
	}
	slices.SortFunc(members, func(a, b member) int { return c.compare(int(a.item), int(b.item)) })
	rows := make([]sql.Row, len(members))
	for k, m := range members {
		rows[k] = m.row
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
// the table would. A statement being prepared with the table or column as
// a parameter names no table yet: it is never run, and each EXECUTE makes
// the function again with the parameters' values and checks that.
func (n *NearDuplicates) CheckAuth(ctx *sql.Context, checker sql.PrivilegedOperationChecker) bool {
	if n.table == nil {
		return n.unbound
	}
	subject := sql.PrivilegeCheckSubject{Database: n.db.Name(), Table: n.table.Name()}
	return checker.UserHasPrivileges(ctx, sql.NewPrivilegedOperation(subject, sql.PrivilegeType_Select))
}

// String implements sql.Node.
func (n *NearDuplicates) String() string {
	if n.sim != nil {
		return fmt.Sprintf("%s(%s, %s, %v) (%s)", n.Name(), n.table.Name(), n.column, n.sim.t, n.sim.how())
	}
	if n.table == nil {
		return n.Name() + "(…) (unbound parameters)"
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
