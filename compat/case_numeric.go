package compat

// Fault (go-mysql-server v0.20.0): CASE of numbers of different types has
// the type DECIMAL(65,10) when one is a DECIMAL, but each answer keeps its
// own scale: CASE WHEN 1 THEN 1 ELSE 2.5 END was 1 where MySQL 8 gives
// 1.0. MySQL (Item_func_case::resolve_type, aggregate_type) gives CASE
// the type its value arguments aggregate to, as IF, IFNULL and COALESCE
// (if_numeric.go, coalesce_numeric.go): DECIMAL(2,1) there, so every
// answer has scale 1. newCase builds numericCase when the THEN and ELSE
// values but NULLs are numbers, at least two of them or one and a NULL
// (CASE … THEN 2147483648 ELSE NULL END is a BIGINT; go-mysql-server's
// was a DECIMAL); go-mysql-server's Case otherwise. Pinned by TestNumericLiteralsDifferential.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// numericCase is go-mysql-server's CASE of numbers, answered in their
// aggregate type res.
type numericCase struct {
	*expression.Case
	res result
}

var _ sql.Expression = (*numericCase)(nil)

// caseChildren returns the operands of n in the order newCase takes them:
// the compared value (if any), each WHEN condition and THEN value, the
// ELSE value (if any).
func caseChildren(n *ast.CaseExpr) []ast.Expr {
	var out []ast.Expr
	if n.Expr != nil {
		out = append(out, n.Expr)
	}
	for _, w := range n.Whens {
		out = append(out, w.Cond, w.Val)
	}
	if n.Else != nil {
		out = append(out, n.Else)
	}
	return out
}

// caseBuilder returns the constructor of n from its planned operands
// (caseChildren).
func caseBuilder(n *ast.CaseExpr) func([]sql.Expression) sql.Expression {
	hasExpr, hasElse, whens := n.Expr != nil, n.Else != nil, len(n.Whens)
	return func(a []sql.Expression) sql.Expression {
		var expr, els sql.Expression
		if hasExpr {
			expr, a = a[0], a[1:]
		}
		branches := make([]expression.CaseBranch, whens)
		for i := range branches {
			branches[i] = expression.CaseBranch{Cond: a[2*i], Value: a[2*i+1]}
		}
		if hasElse {
			els = a[2*whens]
		}
		return newCase(expression.NewCase(expr, branches, els))
	}
}

// newCase returns c, or numericCase of it when its values are numbers.
func newCase(c *expression.Case) sql.Expression {
	var vals []sql.Expression
	for _, b := range c.Branches {
		vals = append(vals, b.Value)
	}
	if c.Else != nil {
		vals = append(vals, c.Else)
	}
	if res, ok := minMaxResultOf(vals, args(vals).kinds()); ok {
		return &numericCase{Case: c, res: res}
	}
	return c
}

// Type implements sql.Expression.
func (e *numericCase) Type() sql.Type { return e.res.sqlType() }

// Eval implements sql.Expression: go-mysql-server's answer in the result's
// type.
func (e *numericCase) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.Case.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return (&numericIf{res: e.res}).out(toValue(kindOf(e.Case), v)), nil
}

// WithChildren implements sql.Expression.
func (e *numericCase) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	c, err := e.Case.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return newCase(c.(*expression.Case)), nil
}
