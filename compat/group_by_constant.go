package compat

import ast "github.com/dolthub/vitess/go/vt/sqlparser"

// Fault (go-mysql-server v0.20.0): a GROUP BY item that is a literal but
// not an integer (GROUP BY .0, GROUP BY 'x', GROUP BY 1.5) is refused with
// "expected integer order by literal". In MySQL only an integer literal is
// a position in the select list; any other literal is a constant
// expression, so all rows form one group, and no rows form none: SELECT
// COUNT(*) FROM t WHERE FALSE GROUP BY .0 returns no row, where without
// the GROUP BY it returns 0. Vitess's vtgate relies on exactly that: for a
// COUNT(*) over a join it cannot push down (a cross-shard join on
// hamming(a.fp, b.fp) <= k), it sends each shard "select count(*) from t
// as b where … group by .0", so that a shard with no matching rows
// contributes no row to the product. constantGroupBy wraps each such
// literal in parentheses, which go-mysql-server plans as an expression
// (a constant grouping key) instead of a position. Pinned by
// TestConstantGroupBy.
func constantGroupBy(sel *ast.Select) {
	for i, e := range sel.GroupBy {
		if v, ok := e.(*ast.SQLVal); ok && v.Type != ast.IntVal && v.Type != ast.ValArg {
			sel.GroupBy[i] = &ast.ParenExpr{Expr: v}
		}
	}
}
