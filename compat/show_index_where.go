package compat

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): SHOW INDEX (INDEXES, KEYS) … WHERE cond
// parsed the condition and then ignored it (the planbuilder's
// buildShowIndex drops ShowIndexFilterOpt), so SHOW INDEX FROM t WHERE
// Key_name = 'x' listed every index of t. MySQL 8 (and MariaDB) evaluate
// the condition over the columns of SHOW INDEX's rows, named
// case-insensitively, and compare index names case-insensitively. Here
// such a statement becomes an injected statement whose condition, with
// each column name standing for its field of the row, is planned by
// go-mysql-server (so comparisons and parameters are this package's),
// and whose rows are SHOW INDEX's without the condition (show_indexes.go)
// that satisfy it. SHOW INDEX … LIKE stays a syntax error, as in MySQL.
// Pinned by CompatMySQLScripts "SHOW INDEX … WHERE" (MariaDB, checked by
// hand, filters the same rows; its SHOW INDEX has other columns).

// showIndexWhere answers s, a SHOW INDEX … WHERE, if it is one.
func (p stmtParser) showIndexWhere(ctx *sql.Context, s string) (ast.Statement, bool, error) {
	parsed, err := ast.Parse(s)
	if err != nil {
		return nil, false, nil // go-mysql-server's parser reports it
	}
	show, ok := parsed.(*ast.Show)
	if !ok || strings.ToLower(show.Type) != "index" || show.ShowIndexFilterOpt == nil || p.env.Analyze == nil {
		return nil, false, nil
	}
	inner := "SHOW INDEX FROM " + ast.String(show.Table)
	if show.Database != "" {
		inner += " FROM " + ast.String(ast.NewTableIdent(show.Database))
	}
	cond, err := showIndexCondition(ctx, s, show.ShowIndexFilterOpt)
	if err != nil {
		return nil, true, err
	}
	analyze := p.env.Analyze
	schema := plan.NewShowIndexes(nil).Schema()
	return injectStatement(s, func(planned []sql.Expression) (sql.Node, error) {
		return &resultNode{name: "SHOW INDEX", schema: schema, exprs: planned, rows: func(ctx *sql.Context, exprs []sql.Expression) ([]sql.Row, error) {
			n, err := analyze(ctx, inner)
			if err != nil {
				return nil, err
			}
			iter, err := newOverrideBuilder().Build(ctx, n, nil)
			if err != nil {
				return nil, err
			}
			rows, err := sql.RowIterToRows(ctx, iter)
			if err != nil {
				return nil, err
			}
			var out []sql.Row
			for _, r := range rows {
				v, err := exprs[0].Eval(ctx, r)
				if err != nil {
					return nil, err
				}
				if sql.IsTrue(v) {
					out = append(out, r)
				}
			}
			return out, nil
		}}, nil
	}, noAuth, cond), true, nil
}

// showIndexCondition returns cond, a SHOW INDEX … WHERE condition parsed
// by vitess, with each unqualified column name replaced by its field of
// SHOW INDEX's row (text columns in a case-insensitive collation, as MySQL
// compares names) and then with this package's expressions (rewrite). A
// name that is no column of SHOW INDEX is left, for the planner's 1054.
func showIndexCondition(ctx *sql.Context, s string, cond ast.Expr) (ast.Expr, error) {
	schema := plan.NewShowIndexes(nil).Schema()
	var cols []*ast.ColName
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if c, ok := node.(*ast.ColName); ok && c.Qualifier.IsEmpty() {
			cols = append(cols, c)
		}
		return true, nil
	}, cond)
	for _, c := range cols {
		i := schema.IndexOfColName(c.Name.String()) // case-insensitive
		if i < 0 {
			continue
		}
		col := schema[i]
		typ := col.Type
		if types.IsText(typ) {
			typ = types.CreateLongText(sql.Collation_utf8mb4_0900_ai_ci)
		}
		field := expression.NewGetField(i, typ, col.Name, col.Nullable)
		cond = ast.ReplaceExpr(cond, c, inject(c, func([]sql.Expression) sql.Expression { return field }))
	}
	var stmt ast.Statement = &ast.Select{
		SelectExprs: ast.SelectExprs{&ast.AliasedExpr{Expr: cond}},
	}
	rewrite(&stmt, envOf(ctx, s))
	sel, ok := stmt.(*ast.Select)
	if !ok || len(sel.SelectExprs) != 1 {
		return nil, fmt.Errorf("compat: SHOW INDEX condition rewritten to a %T", stmt)
	}
	return sel.SelectExprs[0].(*ast.AliasedExpr).Expr, nil
}
