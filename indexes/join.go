package indexes

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
)

// ruleHammingJoins is the id of the analyzer rule hammingJoins.
const ruleHammingJoins = catalog.FirstRuleID + 1

// PointQuery implements catalog.SearchableKind: the rows within the
// index's own k of value, for a lookup join whose condition (kept above)
// asks for k or less.
func (SimHashKind) PointQuery(spec catalog.IndexSpec, value any) any {
	k, _ := ParseK(spec.Comment)
	return hammingQuery{column: spec.Columns[0], expr: expression.NewLiteral(value, nil), k: k}
}

// hammingJoins turns an inner join whose condition holds
// hamming(l.x, r.fp) <= k (or an equivalent form), with r a table that has
// a simhash index on fp with k' ≥ k, into a lookup join: for each row of the
// left side, the index gives r's rows within k' of l.x, and the condition
// keeps those within k.
func hammingJoins(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || j.Filter == nil || (j.Op != plan.JoinTypeInner && j.Op != plan.JoinTypeCross) {
			return n, transform.SameTree, nil
		}
		rt, alias := tableNode(j.Right())
		if rt == nil {
			return n, transform.SameTree, nil
		}
		t, ok := rt.UnderlyingTable().(*catalog.Table)
		if !ok {
			return n, transform.SameTree, nil
		}
		rightName := strings.ToLower(t.Name())
		if alias != nil {
			rightName = strings.ToLower(alias.Name())
		}
		leftTables := map[string]bool{}
		for _, c := range j.Left().Schema() {
			leftTables[strings.ToLower(c.Source)] = true
		}
		specs := t.CustomIndexes("simhash")
		if len(specs) == 0 || leftTables[rightName] {
			return n, transform.SameTree, nil
		}
		for _, c := range expression.SplitConjunction(j.Filter) {
			col, key, k, ok := matchJoinHamming(ctx, c, rightName, leftTables)
			if !ok {
				continue
			}
			best, bestK := -1, MaxK+1
			for i, s := range specs {
				sk, err := ParseK(s.Comment)
				if err == nil && strings.EqualFold(s.Columns[0], col) && sk >= k && sk < bestK {
					best, bestK = i, sk
				}
			}
			if best < 0 {
				continue
			}
			idx, err := t.JoinIndex(specs[best].Name)
			if err != nil {
				return n, transform.SameTree, err
			}
			lb := plan.NewLookupBuilder(idx, []sql.Expression{key}, []bool{false})
			ita, err := plan.NewIndexedAccessForTableNode(ctx, rt, lb)
			if err != nil {
				return n, transform.SameTree, nil // leave the join as it is
			}
			var right sql.Node = ita
			if alias != nil {
				if right, err = alias.WithChildren(ita); err != nil {
					return n, transform.SameTree, nil
				}
			}
			return plan.NewJoin(j.Left(), right, plan.JoinTypeLookup, j.Filter), transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
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

// matchJoinHamming recognises hamming(r.col, L) <= k (and the other forms
// of Match) where r is the right table and L uses only left tables.
func matchJoinHamming(ctx *sql.Context, e sql.Expression, right string, left map[string]bool) (col string, key sql.Expression, k int, ok bool) {
	h, k, ok := hammingBound(ctx, e)
	if !ok {
		return "", nil, 0, false
	}
	args := h.Children()
	for i := range 2 {
		gf, isCol := args[i].(*expression.GetField)
		if !isCol || !strings.EqualFold(gf.Table(), right) {
			continue
		}
		if usesOnly(args[1-i], left) {
			return gf.Name(), args[1-i], k, true
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

// hammingBound returns the hamming call of a bound "hamming(…) <= k" in any
// of the forms Match accepts, and k.
func hammingBound(ctx *sql.Context, e sql.Expression) (*functions.Hamming, int, bool) {
	q, ok := matchHammingAny(ctx, e)
	return q.call, q.k, ok
}
