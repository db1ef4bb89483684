package compat

// Fault (go-mysql-server v0.20.0): CREATE VIEW v AS SELECT @x := 1 (or
// SELECT @x, @@version, a stored procedure's parameter or a prepared
// statement's ?) is accepted, and the view then reads whatever the
// variable holds when it is used. MySQL and MariaDB refuse it with error
// 1351 (ER_VIEW_SELECT_VARIABLE, SQLSTATE HY000) "View's SELECT contains
// a variable or parameter". viewVariables refuses it so. Pinned by
// StatementScripts "CREATE VIEW refuses variables" (sqltests, also on
// MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
)

// ruleViewVariables is the id of viewVariables.
const ruleViewVariables analyzer.RuleId = 10_210

// erViewSelectVariable is MySQL's ER_VIEW_SELECT_VARIABLE.
const erViewSelectVariable = 1351

// viewVariables fails a CREATE VIEW whose SELECT reads or sets a variable
// or parameter.
func viewVariables(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var err error
	transform.Inspect(n, func(n sql.Node) bool {
		if cv, ok := n.(*plan.CreateView); ok && cv.Definition != nil && readsVariable(cv.Definition) {
			err = mysql.NewSQLError(erViewSelectVariable, "HY000", "View's SELECT contains a variable or parameter")
		}
		return err == nil
	})
	return n, transform.SameTree, err
}

// readsVariable reports whether the expressions of n, or of the
// subqueries in them, read or set a user or system variable or a
// parameter.
func readsVariable(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if ex, ok := n.(sql.Expressioner); ok {
			for _, e := range ex.Expressions() {
				sql.Inspect(e, func(e sql.Expression) bool {
					switch x := e.(type) {
					case *expression.UserVar, *expression.SystemVar, *expression.ProcedureParam, *expression.BindVar, *assignUserVar:
						found = true
					case *plan.Subquery:
						found = found || readsVariable(x.Query)
					}
					return !found
				})
			}
		}
		return !found
	})
	return found
}
