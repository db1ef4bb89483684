package indexes

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/catalog"
)

// ruleHammingLookups is the id of the analyzer rule hammingLookups.
const ruleHammingLookups = catalog.FirstRuleID + 1

// hammingLookups is an analyzer rule, run after go-mysql-server's own,
// for the near-duplicate predicates that the planner's index costing
// cannot offer to a table (catalog.SearchableKind.Match sees only filters
// whose other side is a constant known before execution):
//
//   - a join whose condition holds hamming(a.x, b.fp) <= k (or an
//     equivalent form of Match) with b a table that has a simhash index on
//     fp with k' ≥ k becomes a lookup join: for each row of the other
//     side, the index gives b's rows within k' of a.x, and the condition,
//     kept, keeps those within k. Inner, left outer, semi (EXISTS, IN) and
//     anti (NOT EXISTS) joins read their right side so; an inner or cross
//     join may also take its condition from the filter right above it
//     (a WHERE clause) and may have the indexed table on either side:
//     when it is the left one, the sides are swapped under a projection
//     that restores the column order.
//   - a filter hamming(fp, E) <= k on such a table, with E a scalar
//     subquery or a column of an outer query (a correlated subquery),
//     reads the rows within k' of E's value through the index.
//
// First, a plain `fp IS NOT NULL` that go-mysql-server pushed into a
// custom index is put back as the table scan it is
// (catalog.NotNullScansAsTables).
func hammingLookups(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	n, same0, err := catalog.NotNullScansAsTables(ctx, n)
	if err != nil {
		return nil, transform.SameTree, err
	}
	scopeLen := 0
	if !scope.IsEmpty() {
		scopeLen = len(scope.Schema()) // inside a subquery: its outer scope's columns
	}
	n, same, err := selfJoins(ctx, n, scopeLen)
	if err != nil {
		return nil, transform.SameTree, err
	}
	n, same2, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.Limit:
			return topKPlan(ctx, n)
		case *plan.JoinNode:
			if n.Filter == nil {
				return n, transform.SameTree, nil
			}
			nj, same, err := joinThroughIndex(ctx, n.Op, n.Left(), n.Right(), n.Filter)
			if err != nil || same == transform.SameTree {
				return n, transform.SameTree, err
			}
			return nj, transform.NewTree, nil
		case *plan.Filter:
			if j, ok := n.Child.(*plan.JoinNode); ok {
				if j.Op != plan.JoinTypeInner && j.Op != plan.JoinTypeCross {
					return n, transform.SameTree, nil
				}
				// The WHERE clause of an inner join may serve as its
				// condition; it stays above as well.
				cond := n.Expression
				if j.Filter != nil {
					cond = expression.NewAnd(j.Filter, cond)
				}
				nj, same, err := joinThroughIndex(ctx, plan.JoinTypeInner, j.Left(), j.Right(), cond)
				if err != nil || same == transform.SameTree {
					return n, transform.SameTree, err
				}
				nn, err := n.WithChildren(nj)
				return nn, transform.NewTree, err
			}
			return filterThroughIndex(ctx, n)
		}
		return n, transform.SameTree, nil
	})
	return n, same0 && same && same2, err
}

// lookupJoins maps the joins that a lookup through the right side can
// answer to their lookup form.
var lookupJoins = map[plan.JoinType]plan.JoinType{
	plan.JoinTypeInner:     plan.JoinTypeLookup,
	plan.JoinTypeCross:     plan.JoinTypeLookup,
	plan.JoinTypeLeftOuter: plan.JoinTypeLeftOuterLookup,
	plan.JoinTypeSemi:      plan.JoinTypeSemiLookup,
	plan.JoinTypeAnti:      plan.JoinTypeAntiLookup,
}

// joinThroughIndex returns the join op of left and right on cond as a
// lookup join through a simhash index of the right side, else, for an
// inner or cross join, of the left side (under a projection in the
// join's column order); SameTree if neither side can be looked up.
func joinThroughIndex(ctx *sql.Context, op plan.JoinType, left, right sql.Node, cond sql.Expression) (sql.Node, transform.TreeIdentity, error) {
	lookupOp, ok := lookupJoins[op]
	if !ok {
		return nil, transform.SameTree, nil
	}
	if inner, err := lookupSide(ctx, right, tablesOf(left), cond); err != nil || inner != nil {
		if err != nil {
			return nil, transform.SameTree, err
		}
		return plan.NewJoin(left, inner, lookupOp, cond), transform.NewTree, nil
	}
	if lookupOp != plan.JoinTypeLookup {
		return nil, transform.SameTree, nil // only an inner join may swap its sides
	}
	inner, err := lookupSide(ctx, left, tablesOf(right), cond)
	if err != nil || inner == nil {
		return nil, transform.SameTree, err
	}
	// The projection's fields carry no column id (NewGetFieldWithTable
	// would make one of the index, which may be another column's id): the
	// planner's assignment of row positions then finds each by its
	// qualified name, here and in the nodes above.
	var cols []sql.Expression
	for i, c := range append(left.Schema(), right.Schema()...) {
		gf := expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
		cols = append(cols, gf.WithId(0).(*expression.GetField))
	}
	return plan.NewProject(cols, plan.NewJoin(right, inner, plan.JoinTypeLookup, cond)), transform.NewTree, nil
}

// tablesOf returns the lower-case names (or aliases) of the tables whose
// columns n returns.
func tablesOf(n sql.Node) map[string]bool {
	tables := map[string]bool{}
	for _, c := range n.Schema() {
		tables[strings.ToLower(c.Source)] = true
	}
	return tables
}

// lookupSide returns side, a table or an alias of one, as an indexed
// access through its simhash index for a conjunct of cond of the form
// hamming(side.fp, E) <= k, with E reading only columns of the other
// tables, or nil if there is none.
func lookupSide(ctx *sql.Context, side sql.Node, others map[string]bool, cond sql.Expression) (sql.Node, error) {
	return lookupThrough(ctx, side, cond, lookupMatchers, func(e sql.Expression, table string) bool {
		return !others[table] && usesOnly(e, others)
	})
}

// lookup is a conjunct that point lookups through a custom index answer:
// for each value of key, an expression of other tables' columns or a value
// known only while the query runs, the rows of point(value) (a Scan query
// of the index's kind); the conjunct stays above as the condition.
type lookup struct {
	index *catalog.CustomIndex
	key   sql.Expression
	point func(value any) any
}

// lookupMatcher recognises a conjunct c on the columns of table (its name
// or alias, lower case) that an index of t answers by point lookups, with
// a key expression that satisfies keyOK.
type lookupMatcher func(ctx *sql.Context, t *catalog.Table, c sql.Expression, table string, keyOK func(sql.Expression) bool) (lookup, bool)

// lookupMatchers are the matchers of every searchable kind, tried in turn
// on each conjunct.
var lookupMatchers = []lookupMatcher{hammingLookup, minhashLookup}

// filterMatchers are lookupMatchers and, for a filter alone (not a join,
// which a hash join answers better), fp = E through a simhash index.
var filterMatchers = []lookupMatcher{hammingLookup, minhashLookup, equalLookup}

// lookupThrough returns n, a table or an alias of one, read through a
// custom index for the first conjunct of cond that one of matchers takes
// with keyOK(E, n's name) for its key E, or nil if there is none.
func lookupThrough(ctx *sql.Context, n sql.Node, cond sql.Expression, matchers []lookupMatcher, keyOK func(e sql.Expression, table string) bool) (sql.Node, error) {
	rt, alias := tableNode(n)
	if rt == nil {
		return nil, nil
	}
	t, ok := rt.UnderlyingTable().(*catalog.Table)
	if !ok {
		return nil, nil
	}
	name := strings.ToLower(t.Name())
	if alias != nil {
		name = strings.ToLower(alias.Name())
	}
	for _, c := range expression.SplitConjunction(cond) {
		for _, match := range matchers {
			lk, ok := match(ctx, t, c, name, func(e sql.Expression) bool { return keyOK(e, name) })
			if ok {
				return indexedAccess(ctx, rt, alias, t, lk)
			}
		}
	}
	return nil, nil
}

// indexedAccess returns the table rt (under alias, if any) read through
// the lookups of lk.
func indexedAccess(ctx *sql.Context, rt *plan.ResolvedTable, alias *plan.TableAlias, t *catalog.Table, lk lookup) (sql.Node, error) {
	idx, err := t.JoinIndex(lk.index, lk.point)
	if err != nil {
		return nil, err
	}
	lb := plan.NewLookupBuilder(idx, []sql.Expression{lk.key}, []bool{false})
	ita, err := plan.NewIndexedAccessForTableNode(ctx, rt, lb)
	if err != nil {
		return nil, nil // leave the plan as it is
	}
	if alias == nil {
		return ita, nil
	}
	return alias.WithChildren(ita)
}

// filterThroughIndex reads the table under f through a simhash index for
// a conjunct hamming(fp, E) <= k whose E does not read the table's own
// rows but was not constant before execution (a scalar subquery, or a
// column of an outer query).
//
// A table that go-mysql-server reads in the order of an index to spare a
// sort (a full-range scan of the primary key for ORDER BY id, rule
// replaceIdxSort, which drops the Sort) is read through the simhash index
// all the same, and the sort put back above the filter: the index's
// columns, descending for a reverse scan.
func filterThroughIndex(ctx *sql.Context, f *plan.Filter) (sql.Node, transform.TreeIdentity, error) {
	table, order, err := unsortedTable(ctx, f.Child)
	if err != nil {
		return f, transform.SameTree, err
	}
	child, err := lookupThrough(ctx, table, f.Expression, filterMatchers, lookupConstant)
	if err != nil || child == nil {
		return f, transform.SameTree, err
	}
	nf, err := f.WithChildren(child)
	if err != nil || order == nil {
		return nf, transform.NewTree, err
	}
	return plan.NewSort(order, nf), transform.NewTree, nil
}

// unsortedTable returns n, a table or an alias of one, and no sort fields;
// or, for a static full-range scan of an ordered index (replaceIdxSort's
// way of sorting without a Sort), the table read as a scan (under the
// same alias) and the sort fields of that order.
func unsortedTable(ctx *sql.Context, n sql.Node) (sql.Node, sql.SortFields, error) {
	alias, _ := n.(*plan.TableAlias)
	inner := n
	if alias != nil {
		inner = alias.Child
	}
	ita, ok := inner.(*plan.IndexedTableAccess)
	if !ok || !ita.IsStatic() {
		return n, nil, nil
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return n, nil, nil
	}
	lk, err := ita.GetLookup(ctx, nil)
	if err != nil || lk.Index == nil || !fullRange(lk) {
		return n, nil, err
	}
	if base, ok := catalog.TableOf(rt.Table); ok && sql.Table(base) != rt.Table {
		// the table of the index access: read it whole
		whole, err := rt.WithTable(base)
		if err != nil {
			return n, nil, err
		}
		if rt, ok = whole.(*plan.ResolvedTable); !ok {
			return n, nil, nil
		}
	}
	source := rt.Name()
	if alias != nil {
		source = alias.Name()
	}
	order, nulls := sql.Ascending, sql.NullsFirst
	if lk.IsReverse {
		order, nulls = sql.Descending, sql.NullsLast
	}
	sch := rt.Schema()
	var fields sql.SortFields
	for _, e := range lk.Index.Expressions() {
		col := e[strings.LastIndexByte(e, '.')+1:]
		i := sch.IndexOfColName(col)
		if i < 0 {
			return n, nil, nil
		}
		c := sch[i]
		gf := expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, source, c.Name, c.Nullable)
		fields = append(fields, sql.SortField{Column: gf, Order: order, NullOrdering: nulls})
	}
	if alias == nil {
		return rt, fields, nil
	}
	na, err := alias.WithChildren(rt)
	return na, fields, err
}

// fullRange reports whether lk reads its whole index: one range, every
// column of it from below NULL to above all values.
func fullRange(lk sql.IndexLookup) bool {
	ranges, ok := lk.Ranges.(sql.MySQLRangeCollection)
	if !ok || len(ranges) != 1 {
		return false
	}
	for _, c := range ranges[0] {
		_, below := c.LowerBound.(sql.BelowNull)
		_, above := c.UpperBound.(sql.AboveAll)
		if !below || !above {
			return false
		}
	}
	return true
}

// lookupConstant reports whether e has the same value for every row of
// table (its columns appear nowhere in e) and is worth a lookup that the
// planner's costing did not make: it holds a subquery or a column of an
// outer query. Parameters are left to Match, which sees them bound.
func lookupConstant(e sql.Expression, table string) bool {
	ok, late := true, false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *expression.GetField:
			if strings.EqualFold(x.Table(), table) {
				ok = false
			}
			late = true
		case *plan.Subquery:
			late = true
		case *expression.BindVar:
			ok = false
		}
		return !ok
	})
	return ok && late
}

// tableNode returns the table node under n (a table, or an alias of one).
func tableNode(n sql.Node) (*plan.ResolvedTable, *plan.TableAlias) {
	switch x := n.(type) {
	case *plan.ResolvedTable:
		return x, nil
	case *plan.TableAlias:
		if rt, ok := x.Child.(*plan.ResolvedTable); ok {
			return rt, x
		}
	}
	return nil, nil
}

// usesOnly reports whether e reads columns of the given tables only (and
// at least one: a constant is the point query's business).
func usesOnly(e sql.Expression, tables map[string]bool) bool {
	ok, any := true, false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch x := e.(type) {
		case *expression.GetField:
			any = true
			if !tables[strings.ToLower(x.Table())] {
				ok = false
			}
		case *plan.Subquery, *expression.BindVar:
			ok = false
		}
		return !ok
	})
	return ok && any
}
