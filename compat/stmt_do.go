package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// doStatement answers DO expr [, expr] …, which go-mysql-server v0.20.0
// refuses as a syntax error (1064): MySQL evaluates each expression, in
// order, for its effects (SLEEP, GET_LOCK, a warning, an error), and
// answers with an OK packet, no result set. go-sql-driver/mysql's tests
// and connection pools send "DO 1" as a cheap round trip. exprs is the
// text after DO. Pinned by StatementScripts "DO" and TestStatementsMariaDB.
func (p stmtParser) doStatement(ctx *sql.Context, exprs string) (ast.Statement, bool, error) {
	if strings.TrimSpace(exprs) == "" {
		return nil, false, nil // go-mysql-server's syntax error
	}
	parsed, err := p.parseOne(ctx, "SELECT "+exprs)
	if err != nil {
		return nil, true, err
	}
	sel, ok := parsed.(*ast.Select)
	if !ok || sel.From != nil && ast.String(sel.From) != "dual" || sel.Where != nil || sel.GroupBy != nil ||
		sel.Having != nil || sel.OrderBy != nil || sel.Limit != nil || sel.Into != nil {
		return nil, false, nil // not DO's grammar: go-mysql-server's syntax error
	}
	children := make([]ast.Expr, len(sel.SelectExprs))
	for i, se := range sel.SelectExprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok || !ae.As.IsEmpty() {
			return nil, false, nil
		}
		children[i] = ae.Expr
	}
	return injectStatement("DO "+exprs, func(planned []sql.Expression) (sql.Node, error) {
		return &resultNode{name: "DO", schema: okSchema, exprs: planned, rows: evalDo}, nil
	}, noAuth, children...), true, nil
}

// evalDo evaluates DO's expressions and discards their values.
func evalDo(ctx *sql.Context, exprs []sql.Expression) ([]sql.Row, error) {
	for _, e := range exprs {
		if _, err := e.Eval(ctx, nil); err != nil {
			return nil, err
		}
	}
	return okRows(), nil
}
