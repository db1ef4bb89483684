package indexes

import (
	"context"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/compat"
)

// Self-joins on a similarity, answered by an index's all-pairs search.
//
// `SELECT … FROM t a JOIN t b ON hamming(a.fp, b.fp) <= k WHERE a.id < b.id`
// asks for every pair of t's rows within k bits: near_duplicates('t', 'fp',
// k) in the form users write (and the only form vtgate lets through to a
// shard: docs/scaling.md, all pairs across shards). As a lookup join
// through the simhash index it probes the index once per row (200,000
// fingerprints: 5.1 s, against 0.17 s for near_duplicates); as a nested
// loop it compares every pair. The same holds of
// `ON minhash_jaccard(a.sig, b.sig) >= t` over a minhash index and of
// `ON jaccard(a.body, b.body) >= t` over a minhash index of a stored
// minhash(body) column. selfJoinPairs answers such a join with the pair
// search of the index's kind (an allPairs: NearPairs, Manku et al. 2007,
// for simhash; the band search of near_duplicates for minhash), and
// returns the joined rows of every ordered pair it finds — (x, y) and
// (y, x), and (x, x) for every row unless the condition rules out a row
// paired with itself — under a filter holding the join's whole condition
// (its ON and WHERE, and the equalities a lookup join's index had taken
// out of them: withLookupConditions; a join whose lookups it cannot
// restate keeps its plan),
// so the answer is the join's, row for row, wherever the search finds
// every pair the conjunct holds for (simhash; minhash_jaccard over an
// exact index) and the lookup plan's where the lookups are approximate
// too (jaccard() through a minhash index, verified: the same candidates).
//
// It applies to an inner join of one table with itself, both sides the
// whole table (no filter of their own below the join), when a conjunct of
// the condition (the join's own, or an inner join's WHERE) is one that a
// selfJoinMatcher takes — hamming(a.fp, b.fp) <= k (any form
// matchHammingAny takes), minhash_jaccard(a.sig, b.sig) or
// jaccard(a.body, b.body) >= t (any form matchSimBound takes) — on the
// same column of both sides, with an index that the point query would use
// and that no index hint on either side rules out. IGNORE INDEX on a side
// therefore keeps the plan of a scan.

// allPairs is the all-pairs search of one index over one column: every
// pair of distinct rows for which a self-join's conjunct may hold (all
// those for which it holds, where the index is exact), each once, in
// either order.
type allPairs interface {
	// pairs returns the pairs of items, each item's row key and, where
	// the search measured them exactly as the conjunct's similarity
	// function does (jaccard() of the texts), the pairs' similarities
	// (else nil). It stops with the cause of ctx's end (KILL QUERY,
	// max_execution_time, a closed connection) soon after ctx is done.
	pairs(ctx *sql.Context) (pairs [][2]int32, sims []float64, rowKey func(item int32) []byte, err error)
	// reads names the index whose entries the search reads (EXPLAIN's
	// key).
	reads() string
	// describe names the index for EXPLAIN, as "KIND index NAME…".
	describe() string
}

// selfJoinMatcher recognises a conjunct c of a self-join of table t, the
// sides named a and b (names or aliases, lower case), that an all-pairs
// search over an index of t answers; other is the other side's table (its
// index hint must allow the index too).
type selfJoinMatcher func(ctx *sql.Context, t, other *catalog.Table, c sql.Expression, a, b string) (allPairs, bool)

// selfJoinMatchers are the matchers of every kind, tried in turn on each
// conjunct.
var selfJoinMatchers = []selfJoinMatcher{hammingSelfJoin, minhashSelfJoin}

// allowsIndex reports whether t, under its index hint, may read ci.
func allowsIndex(t *catalog.Table, ci *catalog.CustomIndex) bool {
	return slices.ContainsFunc(t.CustomIndexes(ci.Kind.Name()), func(x *catalog.CustomIndex) bool { return x.Name == ci.Name })
}

// hammingSelfJoin is the self-join matcher of simhash indexes:
// hamming(a.fp, b.fp) <= k with a simhash index on fp whose entries carry
// the fingerprints (any k: NearPairs reads the fingerprints, not the
// blocks).
func hammingSelfJoin(ctx *sql.Context, t, other *catalog.Table, c sql.Expression, a, b string) (allPairs, bool) {
	bd, ok := matchHammingAny(ctx, c)
	if !ok || bd.k < 0 {
		return nil, false
	}
	args := bd.call.Children()
	if !sameColumnOfSides(args[0], args[1], a, b) {
		return nil, false
	}
	ix := bestIndex(t, args[0].(*expression.GetField).Name(), 0, true)
	if ix == nil || !allowsIndex(other, ix) {
		return nil, false
	}
	return &hammingPairs{table: t, ix: ix, k: min(bd.k, 64)}, true
}

// hammingPairs is the pair search of a simhash index: NearPairs over the
// fingerprints of its entries.
type hammingPairs struct {
	table *catalog.Table
	ix    *catalog.CustomIndex
	k     int
}

func (h *hammingPairs) pairs(ctx *sql.Context) ([][2]int32, []float64, func(int32) []byte, error) {
	c, err := corpusFromIndex(ctx, h.table, h.ix)
	if err != nil {
		return nil, nil, nil, err
	}
	var pairs [][2]int32
	err = c.pairs(ctx, h.k, func(l, r, _ int) bool {
		pairs = append(pairs, [2]int32{int32(l), int32(r)})
		return ctx.Err() == nil
	})
	if err == nil {
		err = context.Cause(ctx)
	}
	return pairs, nil, func(i int32) []byte { return c.rowKey(int(i)) }, err
}

func (h *hammingPairs) reads() string { return h.ix.Name }

func (h *hammingPairs) describe() string { return "simhash index " + h.ix.Name }

// selfJoinPairs is the plan of such a join, below its filter. Its schema is
// the join's: the left side's columns, then the right side's; both sides
// are the table's full rows.
type selfJoinPairs struct {
	left, right sql.Node       // the join's sides (schema, CheckAuth)
	names       [2]string      // the sides' names or aliases, lower case (EXPLAIN)
	table       *catalog.Table // the table of both sides
	search      allPairs       // the index's all-pairs search
	cond        string         // the conjunct it answers, for EXPLAIN
	selfPairs   bool           // whether a row is paired with itself
	// current, when the filter above measures the search's similarity
	// (pairSimilarity), is the pair just returned with its similarity.
	current *currentPair
	// scopeLen is the join's scope length: inside a subquery, how many of
	// the outer scope's columns (the first ones of the row RowIter is
	// given) lead each joined row, as go-mysql-server's join iterators put
	// them (joinIter.removeParentRow, JoinNode.ScopeLen): the nodes above
	// are indexed so.
	scopeLen int
}

var _ sql.ExecSourceRel = (*selfJoinPairs)(nil)

// selfJoins replaces, top down, every self-join under n that
// selfJoinPlan answers, except in UPDATE and DELETE statements; an inner
// join's WHERE (the filter right above it) counts as part of its
// condition, so that a.id < b.id there rules out self pairs. scopeLen is
// the number of the outer scope's columns that lead n's rows inside a
// subquery (0 at the top, and under a derived table that cannot see the
// outer scope), as go-mysql-server's assignExecIndexes (run after this
// rule) will give a join's ScopeLen.
func selfJoins(ctx *sql.Context, n sql.Node, scopeLen int) (sql.Node, transform.TreeIdentity, error) {
	switch x := n.(type) {
	case *plan.SubqueryAlias:
		if !x.OuterScopeVisibility && !x.IsLateral {
			scopeLen = 0
		}
	case *plan.Update, *plan.DeleteFrom, *plan.UpdateJoin:
		// A multi-table UPDATE or DELETE finds the tables it writes in
		// its join: the join stays (a lookup join, below).
		return n, transform.SameTree, nil
	case *plan.Filter:
		if j, ok := x.Child.(*plan.JoinNode); ok {
			cond := x.Expression
			if j.Filter != nil {
				cond = expression.NewAnd(j.Filter, cond)
			}
			if sj := selfJoinPlan(ctx, j.Op, j.Left(), j.Right(), cond, scopeLen); sj != nil {
				nf, err := x.WithChildren(sj)
				return nf, transform.NewTree, err
			}
		}
	case *plan.JoinNode:
		if x.Filter != nil {
			if sj := selfJoinPlan(ctx, x.Op, x.Left(), x.Right(), x.Filter, scopeLen); sj != nil {
				return sj, transform.NewTree, nil
			}
		}
	}
	children := n.Children()
	if len(children) == 0 {
		return n, transform.SameTree, nil
	}
	changed := false
	nc := make([]sql.Node, len(children))
	for i, c := range children {
		cc, same, err := selfJoins(ctx, c, scopeLen)
		if err != nil {
			return nil, transform.SameTree, err
		}
		nc[i] = cc
		changed = changed || same == transform.NewTree
	}
	if !changed {
		return n, transform.SameTree, nil
	}
	nn, err := n.WithChildren(nc...)
	return nn, transform.NewTree, err
}

// selfJoinPlan returns the join of left and right on cond (op an inner
// join, of any physical form) as a selfJoinPairs under a filter of cond,
// or nil if the join is not a self-join that it answers (see above).
// scopeLen is the join's scope length (selfJoinPairs.scopeLen).
func selfJoinPlan(ctx *sql.Context, op plan.JoinType, left, right sql.Node, cond sql.Expression, scopeLen int) sql.Node {
	switch op {
	case plan.JoinTypeInner, plan.JoinTypeCross, plan.JoinTypeLookup, plan.JoinTypeHash,
		plan.JoinTypeCrossHash, plan.JoinTypeMerge:
	default:
		return nil
	}
	lt, la := wholeTable(ctx, left)
	rt, ra := wholeTable(ctx, right)
	if lt == nil || rt == nil || la == ra || !strings.EqualFold(lt.Name(), rt.Name()) ||
		!strings.EqualFold(lt.Database(), rt.Database()) {
		return nil
	}
	if lookupAccess(left) != nil {
		return nil // its keys read a row from outside the join
	}
	for _, c := range expression.SplitConjunction(cond) {
		var search allPairs
		for _, match := range selfJoinMatchers {
			if s, ok := match(ctx, lt, rt, c, la, ra); ok {
				search = s
				break
			}
		}
		if _, ok := matchHammingAny(ctx, c); search != nil || ok {
			// The pairs replace both sides, so the filter above must hold
			// every condition of the join: cond, and those the right
			// side's lookup took out of it.
			full, ok := withLookupConditions(cond, right, ra, sideColumn(c, ra))
			if !ok {
				if search != nil {
					return nil
				}
				continue
			}
			// Runs of equal primary-key columns bound the candidates
			// better than any index search of the whole table.
			if g := hammingGroupSearch(ctx, lt, c, expression.SplitConjunction(full), la, ra); g != nil {
				search = g
			}
			if search == nil {
				continue
			}
			n := &selfJoinPairs{left: left, right: right, names: [2]string{la, ra}, table: lt, search: search, cond: c.String(),
				selfPairs: !excludesSelfPairs(expression.SplitConjunction(full), la, ra), scopeLen: scopeLen}
			full, n.current = measuredBySearch(full, search, la, ra)
			return plan.NewFilter(full, n)
		}
	}
	return nil
}

// sideColumn returns a column of side name (lower case) that e reads, or
// nil.
func sideColumn(e sql.Expression, name string) *expression.GetField {
	var col *expression.GetField
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok && strings.EqualFold(gf.Table(), name) {
			col = gf
		}
		return col != nil
	})
	return col
}

// lookupAccess returns the table access of side n if a lookup join's keys
// read it (a table under an alias or a hash join's build side), or nil.
func lookupAccess(n sql.Node) *plan.IndexedTableAccess {
	if h, ok := n.(*plan.HashLookup); ok {
		n = h.Child
	}
	if a, ok := n.(*plan.TableAlias); ok {
		n = a.Child
	}
	if ita, ok := n.(*plan.IndexedTableAccess); ok && !ita.IsStatic() {
		return ita
	}
	return nil
}

// withLookupConditions returns cond with the equalities that the lookup of
// side right (named name) answers, if it is read by a lookup join's keys:
// go-mysql-server takes those out of the join's condition (addLookupJoins
// keeps only the filters the lookup did not match), keyᵢ = columnᵢ of the
// lookup's index (<=> under its null mask). A lookup through a custom
// index made by hammingLookups (catalog.JoinIndex) takes nothing: the
// join's condition stays whole. col is a column of right in the joined
// row, which places right's columns. ok is false if a key cannot be
// restated (an index column not among right's).
func withLookupConditions(cond sql.Expression, right sql.Node, name string, col *expression.GetField) (sql.Expression, bool) {
	ita := lookupAccess(right)
	if ita == nil || catalog.IsJoinIndex(ita.Index()) {
		return cond, true
	}
	sch := right.Schema()
	if col == nil || sch.IndexOfColName(col.Name()) < 0 {
		return nil, false
	}
	base := col.Index() - sch.IndexOfColName(col.Name())
	keys, nullMask, columns := ita.Expressions(), ita.NullMask(), ita.Index().Expressions()
	if len(keys) > len(columns) || len(nullMask) != len(keys) {
		return nil, false
	}
	for i, key := range keys {
		colName := columns[i]
		if dot := strings.LastIndexByte(colName, '.'); dot >= 0 {
			colName = colName[dot+1:]
		}
		o := sch.IndexOfColName(colName)
		if o < 0 {
			return nil, false
		}
		c := sch[o]
		gf := expression.NewGetFieldWithTable(base+o, int(col.TableId()), c.Type, col.Database(), name, c.Name, c.Nullable)
		var eq sql.Expression = expression.NewEquals(key, gf)
		if nullMask[i] {
			eq = expression.NewNullSafeEquals(key, gf)
		}
		cond = expression.NewAnd(cond, eq)
	}
	return cond, true
}

// wholeTable returns the catalog table that n reads whole, and the name its
// columns carry (the alias, or the table's name, lower case): a table, an
// alias of one, or either read by a join's lookups, a hash join's build
// side (which the join's filter restricts, not the table node) or a merge
// join's full index scan.
func wholeTable(ctx *sql.Context, n sql.Node) (*catalog.Table, string) {
	if h, ok := n.(*plan.HashLookup); ok {
		n = h.Child
	}
	alias := ""
	if a, ok := n.(*plan.TableAlias); ok {
		alias, n = a.Name(), a.Child
	}
	var tn sql.TableNode
	switch x := n.(type) {
	case *plan.ResolvedTable:
		tn = x
	case *plan.IndexedTableAccess:
		if x.IsStatic() && !wholeRange(ctx, x) {
			return nil, "" // a range of the table, not all of it
		}
		tn = x.TableNode
	default:
		return nil, ""
	}
	t, ok := catalog.TableOf(tn.UnderlyingTable())
	if !ok {
		return nil, ""
	}
	if alias == "" {
		alias = t.Name()
	}
	return t, strings.ToLower(alias)
}

// wholeRange reports whether the static lookup of ita reads the whole
// index, NULLs included (a merge join's sorted scan): one range, every
// column from below NULL to above all values.
func wholeRange(ctx *sql.Context, ita *plan.IndexedTableAccess) bool {
	lk, err := ita.GetLookup(ctx, nil)
	if err != nil {
		return false
	}
	rc, ok := lk.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(rc) != 1 {
		return false
	}
	for _, col := range rc[0] {
		_, low := col.LowerBound.(sql.BelowNull)
		_, high := col.UpperBound.(sql.AboveAll)
		if !low || !high {
			return false
		}
	}
	return true
}

// sameColumnOfSides reports whether l and r are the same column, one of
// side a and the other of side b (names or aliases, lower case), in either
// order.
func sameColumnOfSides(l, r sql.Expression, a, b string) bool {
	x, okx := l.(*expression.GetField)
	y, oky := r.(*expression.GetField)
	if !okx || !oky || !strings.EqualFold(x.Name(), y.Name()) {
		return false
	}
	return (strings.EqualFold(x.Table(), a) && strings.EqualFold(y.Table(), b)) ||
		(strings.EqualFold(x.Table(), b) && strings.EqualFold(y.Table(), a))
}

// excludesSelfPairs reports whether a conjunct compares a column of side a
// with the same column of side b by <, > or <>, which is never true of a
// row and itself.
func excludesSelfPairs(conjuncts []sql.Expression, a, b string) bool {
	sameColumn := func(l, r sql.Expression) bool { return sameColumnOfSides(l, r, a, b) }
	for _, c := range conjuncts {
		switch x := c.(type) {
		case *expression.LessThan:
			if sameColumn(x.Left(), x.Right()) {
				return true
			}
		case *expression.GreaterThan:
			if sameColumn(x.Left(), x.Right()) {
				return true
			}
		case *expression.Not:
			if eq, ok := x.Child.(*expression.Equals); ok && sameColumn(eq.Left(), eq.Right()) {
				return true
			}
		}
	}
	return false
}

// RowIter implements sql.ExecSourceRel: it runs the index's pair search
// and returns the rows of the pairs in both orders, reading each row once
// by its key, then with selfPairs every row of the table with itself, by a
// scan; each row led by the first scopeLen columns of the outer scope's
// row (the subquery's parent row). It stops with the cause of ctx's end
// (KILL QUERY, max_execution_time, a closed connection) soon after ctx is
// done.
func (n *selfJoinPairs) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	if len(row) < n.scopeLen {
		return nil, fmt.Errorf("%s: outer row of %d columns for a scope of %d", n.search.describe(), len(row), n.scopeLen)
	}
	pairs, sims, rowKey, err := n.search.pairs(ctx)
	if err == nil {
		err = context.Cause(ctx)
	}
	if err != nil {
		return nil, err
	}
	if len(sims) != len(pairs) {
		sims = nil
	}
	return &selfPairIter{n: n, pairs: pairs, sims: sims, rowKey: rowKey, rows: map[int32]sql.Row{}, scope: row[:n.scopeLen]}, nil
}

// selfPairIter returns the joined rows: pair i in its order (2i) and
// reversed (2i+1), then, with selfPairs, each row of the table with
// itself.
type selfPairIter struct {
	n      *selfJoinPairs
	pairs  [][2]int32
	sims   []float64 // the pairs' similarities, if the search measured them
	rowKey func(item int32) []byte
	rows   map[int32]sql.Row // rows read so far, by item
	next   int               // the next output row
	scan   sql.RowIter       // the table's rows, for the self pairs
	scope  sql.Row           // the outer scope's columns leading each row
}

func (it *selfPairIter) Next(ctx *sql.Context) (sql.Row, error) {
	i := it.next
	it.next++
	if i%4096 == 4095 && ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	if i < 2*len(it.pairs) {
		p := it.pairs[i/2]
		l, r := p[0], p[1]
		if i%2 == 1 {
			l, r = r, l
		}
		lr, err := it.pairRow(ctx, l)
		if err != nil {
			return nil, err
		}
		rr, err := it.pairRow(ctx, r)
		if err != nil {
			return nil, err
		}
		if it.sims != nil && it.n.current != nil {
			it.n.current.set(it.n.search.(*similarityPairs), lr, rr, it.sims[i/2])
		}
		return append(append(append(make(sql.Row, 0, len(it.scope)+len(lr)+len(rr)), it.scope...), lr...), rr...), nil
	}
	if !it.n.selfPairs {
		return nil, io.EOF
	}
	// Each row with itself, last and in key order: read once, not kept
	// (the filter above drops those the condition does not hold for, such
	// as a NULL column).
	if it.scan == nil {
		it.rows = nil
		var err error
		if it.scan, err = it.n.table.PartitionRows(ctx, nil); err != nil {
			return nil, err
		}
	}
	row, err := it.scan.Next(ctx)
	if err != nil {
		return nil, err
	}
	return append(append(append(make(sql.Row, 0, len(it.scope)+2*len(row)), it.scope...), row...), row...), nil
}

// pairRow returns item i's row for a pair, read by its row key once and
// kept for the item's other pairs.
func (it *selfPairIter) pairRow(ctx *sql.Context, i int32) (sql.Row, error) {
	if r, ok := it.rows[i]; ok {
		return r, nil
	}
	r, err := it.n.table.Row(ctx, it.rowKey(i))
	if err == nil && r == nil {
		err = fmt.Errorf("%s: entry for a missing row", it.n.search.describe())
	}
	if err != nil {
		return nil, err
	}
	it.rows[i] = r
	return r, nil
}

func (it *selfPairIter) Close(ctx *sql.Context) error {
	if it.scan != nil {
		return it.scan.Close(ctx)
	}
	return nil
}

// Schema implements sql.Node: the join's.
func (n *selfJoinPairs) Schema() sql.Schema {
	return append(append(sql.Schema{}, n.left.Schema()...), n.right.Schema()...)
}

// Resolved implements sql.Node.
func (n *selfJoinPairs) Resolved() bool { return true }

// IsReadOnly implements sql.Node.
func (n *selfJoinPairs) IsReadOnly() bool { return true }

// Children implements sql.Node: none; the sides are shown by String.
func (n *selfJoinPairs) Children() []sql.Node { return nil }

// WithChildren implements sql.Node.
func (n *selfJoinPairs) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 0)
	}
	return n, nil
}

// CheckAuth implements sql.AuthorizationCheckerNode: the sides' privileges.
func (n *selfJoinPairs) CheckAuth(ctx *sql.Context, checker sql.PrivilegedOperationChecker) bool {
	for _, side := range []sql.Node{n.left, n.right} {
		if a, ok := side.(sql.AuthorizationCheckerNode); ok && !a.CheckAuth(ctx, checker) {
			return false
		}
	}
	return true
}

// String implements sql.Node: EXPLAIN PLAN's line.
func (n *selfJoinPairs) String() string {
	return fmt.Sprintf("SelfJoinPairs(%s) (%s, all pairs of %s)", n.cond, n.search.describe(), n.table.Name())
}

// ExplainReads implements compat.ExplainedReads: EXPLAIN's rows, one per
// side, each reading the index's entries whole (MySQL's type "index").
func (n *selfJoinPairs) ExplainReads(ctx *sql.Context) []compat.ExplainedRead {
	var rows any
	if c, _, err := n.table.RowCount(ctx); err == nil {
		rows = c
	}
	var out []compat.ExplainedRead
	for _, name := range n.names {
		out = append(out, compat.ExplainedRead{Table: name, Type: "index", Key: n.search.reads(), Rows: rows})
	}
	return out
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *selfJoinPairs) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 7
}
