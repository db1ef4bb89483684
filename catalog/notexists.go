package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// notExistsNulls works around a go-mysql-server 0.20 bug: it runs
// NOT EXISTS (SELECT … WHERE c) as an anti join that drops an outer row
// when c is NULL for any inner row (the rule of NOT IN), so a single NULL
// in the inner table, or in the outer row, made NOT EXISTS false where
// MySQL has it true (no inner row satisfies c, NULL not being TRUE).
//
// The rule gives every nullable conjunct c of the subquery's WHERE that
// reads a column of the outer query (only those become the join's
// condition) a companion "c IS NOT NULL". The conjunction is then never NULL (a NULL c
// makes its companion, and so the AND, FALSE), while c itself stays a
// conjunct, so equality joins and index lookups are planned as before. A
// WHERE keeps the same rows, so the subquery means the same wherever it is
// evaluated. It runs before go-mysql-server turns subqueries into joins.
func notExistsNulls(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprs(n, nullFreeNotExists)
}

// nullFreeNotExists rewrites NOT EXISTS (q) as described at
// notExistsNulls, in q and in the subqueries within it.
func nullFreeNotExists(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	not, ok := e.(*expression.Not)
	if !ok {
		return e, transform.SameTree, nil
	}
	ex, ok := not.Child.(*plan.ExistsSubquery)
	if !ok || ex.Query == nil || ex.Query.Query == nil {
		return e, transform.SameTree, nil
	}
	q, same, err := transform.Node(ex.Query.Query, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		own := tablesIn(f.Child)
		conjuncts := expression.SplitConjunction(f.Expression)
		for _, c := range conjuncts {
			if c.IsNullable() && readsOtherTables(c, own) {
				conjuncts = append(conjuncts, expression.NewNot(expression.NewIsNull(c)))
			}
		}
		if len(conjuncts) == len(expression.SplitConjunction(f.Expression)) {
			return n, transform.SameTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(conjuncts...), f.Child), transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	// Nested NOT EXISTS, in the subquery's own expressions.
	q, sameNested, err := transform.NodeExprs(q, nullFreeNotExists)
	if err != nil {
		return nil, transform.SameTree, err
	}
	if same == transform.SameTree && sameNested == transform.SameTree {
		return e, transform.SameTree, nil
	}
	return expression.NewNot(&plan.ExistsSubquery{Query: ex.Query.WithQuery(q)}), transform.NewTree, nil
}

// tablesIn returns the lower-case names (or aliases) of the tables n reads,
// not looking into subqueries.
func tablesIn(n sql.Node) map[string]bool {
	tables := map[string]bool{}
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.TableAlias:
			tables[strings.ToLower(x.Name())] = true
			return false
		case sql.Nameable:
			if _, ok := n.(sql.TableNode); ok {
				tables[strings.ToLower(x.Name())] = true
			}
		}
		return true
	})
	return tables
}

// readsOtherTables reports whether e reads a column of a table not in own
// (a correlated reference to an outer query).
func readsOtherTables(e sql.Expression, own map[string]bool) bool {
	other := false
	transform.InspectExpr(e, func(e sql.Expression) bool {
		if gf, ok := e.(*expression.GetField); ok && !own[strings.ToLower(gf.Table())] {
			other = true
		}
		return other
	})
	return other
}
