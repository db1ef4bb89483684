package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0, planbuilder): GROUP BY a, where two
// tables of the FROM have a column a and the select list neither names a
// nor has an alias a, grouped by the first table's a. MySQL 8 refuses it
// with 1052 / 23000 "Column 'a' in group statement is ambiguous" (MariaDB
// 10.11: 1052 "Column 'a' in GROUP BY is ambiguous"). groupByAmbiguous
// gives that error, from the statement's text: go-mysql-server's plan no
// longer shows how the column was written. A FROM with a derived table,
// USING or NATURAL JOIN is left alone. Pinned by CompatFaultScripts
// "GROUP BY of a column two tables have is 1052" (also on MariaDB) and
// CompatMySQLScripts "GROUP BY ambiguous: MySQL's words".

// ruleGroupByAmbiguous is the id of groupByAmbiguous.
const ruleGroupByAmbiguous analyzer.RuleId = 10_213

// groupByAmbiguous refuses a GROUP BY of an unqualified column name that
// two tables of its FROM have.
func groupByAmbiguous(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qFlags != nil && !qFlags.IsSet(sql.QFlagAggregation) || ctx == nil || a == nil || a.Catalog == nil {
		return n, transform.SameTree, nil
	}
	q := ctx.Query()
	if !strings.Contains(strings.ToLower(q), "group") {
		return n, transform.SameTree, nil
	}
	stmt, _, err := ast.ParseOne(ctx, q)
	if err != nil {
		return n, transform.SameTree, nil
	}
	var found error
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if s, ok := node.(*ast.Select); ok && len(s.GroupBy) > 0 && found == nil {
			found = ambiguousGroupColumn(ctx, a.Catalog, s)
		}
		return found == nil, nil
	}, stmt)
	return n, transform.SameTree, found
}

// ambiguousGroupColumn returns MySQL's 1052 for the first GROUP BY column
// of s that two of its FROM's tables have, nil if there is none.
func ambiguousGroupColumn(ctx *sql.Context, cat sql.Catalog, s *ast.Select) error {
	named := map[string]bool{} // select aliases and the names of selected columns
	for _, e := range s.SelectExprs {
		switch x := e.(type) {
		case *ast.AliasedExpr:
			if !x.As.IsEmpty() {
				named[x.As.Lowered()] = true
			}
			if c, ok := x.Expr.(*ast.ColName); ok {
				named[c.Name.Lowered()] = true
			}
		case *ast.StarExpr:
			return nil // a * names every column
		}
	}
	var schemas []sql.Schema
	ok := true
	var from func(t ast.TableExpr)
	from = func(t ast.TableExpr) {
		switch x := t.(type) {
		case *ast.AliasedTableExpr:
			name, isTable := x.Expr.(ast.TableName)
			if !isTable {
				ok = false
				return
			}
			db := name.DbQualifier.String()
			if db == "" {
				db = ctx.GetCurrentDatabase()
			}
			tbl, _, err := cat.Table(ctx, db, name.Name.String())
			if err != nil {
				ok = false
				return
			}
			schemas = append(schemas, tbl.Schema())
		case *ast.JoinTableExpr:
			if len(x.Condition.Using) > 0 || strings.Contains(strings.ToLower(x.Join), "natural") {
				ok = false
				return
			}
			from(x.LeftExpr)
			from(x.RightExpr)
		case *ast.ParenTableExpr:
			for _, e := range x.Exprs {
				from(e)
			}
		default:
			ok = false
		}
	}
	for _, t := range s.From {
		from(t)
	}
	if !ok || len(schemas) < 2 {
		return nil
	}
	for _, g := range s.GroupBy {
		c, isCol := g.(*ast.ColName)
		if !isCol || !c.Qualifier.IsEmpty() || named[c.Name.Lowered()] {
			continue
		}
		have := 0
		for _, sch := range schemas {
			if sch.IndexOfColName(c.Name.String()) >= 0 {
				have++
			}
		}
		if have > 1 {
			return mysql.NewSQLError(mysql.ERNonUniq, mysql.SSConstraintViolation, "Column '%s' in group statement is ambiguous", c.Name.String())
		}
	}
	return nil
}
