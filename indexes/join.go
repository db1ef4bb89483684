package indexes

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
)

// ruleHammingLookups is the id of the analyzer rule hammingLookups.
const ruleHammingLookups = catalog.FirstRuleID + 1

// PointQuery implements catalog.SearchableKind: the rows within the
// index's own k of value, for a lookup whose condition (kept above) asks
// for k or less.
func (SimHashKind) PointQuery(spec catalog.IndexSpec, value any) any {
	k, _ := ParseK(spec.Comment)
	return hammingQuery{column: spec.Columns[0], expr: expression.NewLiteral(value, nil), k: k}
}

// EqualQuery implements catalog.SearchableKind: the rows whose fingerprint
// is value's 64 bits (distance 0), for = and IN.
func (SimHashKind) EqualQuery(spec catalog.IndexSpec, value any) any {
	return hammingQuery{column: spec.Columns[0], expr: expression.NewLiteral(value, nil), k: 0}
}

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
func hammingLookups(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
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
	return lookupThrough(ctx, side, cond, func(e sql.Expression, table string) bool {
		return !others[table] && usesOnly(e, others)
	})
}

// lookupThrough returns n, a table or an alias of one, read through its
// simhash index for the first conjunct of cond of the form
// hamming(n.fp, E) <= k (a form of Match) with keyOK(E, n's name), or nil
// if there is none.
func lookupThrough(ctx *sql.Context, n sql.Node, cond sql.Expression, keyOK func(e sql.Expression, table string) bool) (sql.Node, error) {
	rt, alias := tableNode(n)
	if rt == nil {
		return nil, nil
	}
	t, ok := rt.UnderlyingTable().(*catalog.Table)
	if !ok || len(t.CustomIndexes(SimHashKind{}.Name())) == 0 {
		return nil, nil
	}
	name := strings.ToLower(t.Name())
	if alias != nil {
		name = strings.ToLower(alias.Name())
	}
	for _, c := range expression.SplitConjunction(cond) {
		col, key, k, ok := matchLookupHamming(ctx, c, name, func(e sql.Expression) bool { return keyOK(e, name) })
		if ok {
			return indexedAccess(ctx, rt, alias, t, col, key, k)
		}
	}
	return nil, nil
}

// indexedAccess returns the table rt (under alias, if any) read through
// the simhash index of t on col with the smallest k' ≥ k, looking up the
// value of key; nil if there is no such index.
func indexedAccess(ctx *sql.Context, rt *plan.ResolvedTable, alias *plan.TableAlias, t *catalog.Table, col string, key sql.Expression, k int) (sql.Node, error) {
	best := bestIndex(t, col, k, false)
	if best == nil {
		return nil, nil
	}
	idx, err := t.JoinIndex(best.Name)
	if err != nil {
		return nil, err
	}
	unsigned := best.Types[0].Type() == sqltypes.Uint64
	fk := &fingerprintKey{UnaryExpression: expression.UnaryExpression{Child: key}, unsigned: unsigned, index: best.Name}
	lb := plan.NewLookupBuilder(idx, []sql.Expression{fk}, []bool{false})
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
func filterThroughIndex(ctx *sql.Context, f *plan.Filter) (sql.Node, transform.TreeIdentity, error) {
	child, err := lookupThrough(ctx, f.Child, f.Expression, lookupConstant)
	if err != nil || child == nil {
		return f, transform.SameTree, err
	}
	nf, err := f.WithChildren(child)
	return nf, transform.NewTree, err
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

// matchLookupHamming recognises hamming(table.col, E) <= k (and the other
// forms of Match) where keyOK(E).
func matchLookupHamming(ctx *sql.Context, e sql.Expression, table string, keyOK func(sql.Expression) bool) (col string, key sql.Expression, k int, ok bool) {
	b, ok := matchHammingAny(ctx, e)
	if !ok {
		return "", nil, 0, false
	}
	args := b.call.Children()
	for i := range 2 {
		gf, isCol := args[i].(*expression.GetField)
		if !isCol || !strings.EqualFold(gf.Table(), table) {
			continue
		}
		if keyOK(args[1-i]) {
			return gf.Name(), args[1-i], b.k, true
		}
	}
	return "", nil, 0, false
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

// fingerprintKey is the key of a lookup through a simhash index: the
// value of Child as the 64-bit pattern hamming() reads (BIGINT −1 and
// BIGINT UNSIGNED 2^64−1 are the same fingerprint), typed as the indexed
// column, so that go-mysql-server's conversion of lookup keys to the
// column's type cannot change or zero it. NULL stays NULL (no rows); a
// value that is not a fingerprint is hamming()'s error. EXPLAIN shows it
// as "E (simhash index NAME)".
type fingerprintKey struct {
	expression.UnaryExpression
	unsigned bool
	index    string
}

var _ sql.Expression = (*fingerprintKey)(nil)

func (f *fingerprintKey) String() string {
	return fmt.Sprintf("%s (simhash index %s)", f.Child, f.index)
}

func (f *fingerprintKey) Type() sql.Type {
	if f.unsigned {
		return types.Uint64
	}
	return types.Int64
}

func (f *fingerprintKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	fp, ok := functions.FingerprintBits(v)
	if !ok {
		return nil, functions.ErrNotFingerprint.New("hamming", functions.Describe(v))
	}
	if f.unsigned {
		return fp, nil
	}
	return int64(fp), nil
}

func (f *fingerprintKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	nf := *f
	nf.Child = children[0]
	return &nf, nil
}
