package compat

// Fault (go-mysql-server v0.20.0): its simplifyFilters rule evaluates each
// constant part of a WHERE once and puts a literal of the value in its
// place, from the leaves up, so a hexadecimal or bit-value literal
// (hex_literal.go's hexLit) became go-mysql-server's binary string literal
// of its bytes before the operator above it saw it: in a SELECT's WHERE
// (and so in views, subqueries, UNION branches and INSERT … SELECT),
// fp = 0x10 + 0 compared fp with 0 (warning 1292 "Truncated incorrect
// DOUBLE value: '\x10'"), 0x01 + 0 = 1 was false and INSERT … SELECT …
// WHERE 0x01 + 0 = 1 wrote nothing, while the select list, HAVING, ON and
// UPDATE's WHERE read 16. MySQL reads such a literal in numeric context as
// a BIGINT UNSIGNED everywhere (Item_hex_string::val_int). keepHexLiterals
// runs simplifyFilters with each hexLit of the filters holding a bind
// variable as its child, for which it leaves the literal and the
// expressions above it alone (they are not constant to it), and takes the
// child away after. Pinned by HexFilterScripts and HexFilterMySQLScripts
// (sqltests; the first also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// hexHold is the bind variable a hexLit holds while simplifyFilters runs.
var hexHold = expression.NewBindVar("\x00hex")

// keepHexLiterals returns apply, go-mysql-server's simplifyFilters, run
// with the hexLits of the plan's filters held.
func keepHexLiterals(apply analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		held, same, err := mapFilterHexLits(n, func(h *hexLit) sql.Expression {
			c := *h
			c.held = hexHold
			return &c
		})
		if err != nil || same {
			return apply(ctx, a, n, scope, sel, qf)
		}
		out, _, err := apply(ctx, a, held, scope, sel, qf)
		if err != nil {
			return nil, transform.SameTree, err
		}
		out, _, err = mapFilterHexLits(out, func(h *hexLit) sql.Expression {
			c := *h
			c.held = nil
			return &c
		})
		return out, transform.NewTree, err
	}
}

// mapFilterHexLits replaces each hexLit of the filters of n's tree, and of
// the subqueries within them, with f of it; same reports that there was
// none.
func mapFilterHexLits(n sql.Node, f func(*hexLit) sql.Expression) (sql.Node, bool, error) {
	out, id, err := transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		filter, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		e, id, err := transform.Expr(filter.Expression, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			switch e := e.(type) {
			case *hexLit:
				return f(e), transform.NewTree, nil
			case *plan.Subquery:
				q, same, err := mapFilterHexLits(e.Query, f)
				if err != nil || same {
					return e, transform.SameTree, err
				}
				return e.WithQuery(q), transform.NewTree, nil
			}
			return e, transform.SameTree, nil
		})
		if err != nil || id == transform.SameTree {
			return n, transform.SameTree, err
		}
		out, err := filter.WithExpressions(e)
		return out, transform.NewTree, err
	})
	return out, id == transform.SameTree, err
}
