package compat

import (
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// existsSubquery works around two go-mysql-server 0.20 faults with
// [NOT] EXISTS (SELECT …) in the WHERE of a DELETE or UPDATE, which MySQL
// deletes or updates the rows of as it selects them:
//   - its planner marks a statement as referring to a subquery only for a
//     subquery used as a value (planbuilder/scalar.go's *ast.Subquery
//     case), not for EXISTS, so a single-table DELETE or UPDATE was taken
//     for a simple one (analyzer/node_batches.go), whose analysis skips
//     the subqueries: error 1105 "attempted to evaluate uninitialized
//     subquery";
//   - analyzed fully, the EXISTS becomes a semi or anti join
//     (unnest_exists_subqueries.go), which DELETE cannot delete from
//     ("table doesn't support DELETE FROM") and whose correlated NOT
//     EXISTS under UPDATE fails ("unable to find field with index 2").
//
// EXISTS (q) is injected with q planned as a value subquery, which marks
// the statement. In a DELETE's or UPDATE's own expressions it is built
// into dmlExists, evaluated row by row as go-mysql-server's ExistsSubquery
// but not unnested; elsewhere (SELECT, and subqueries within the DML) into
// go-mysql-server's ExistsSubquery, planned as before. ExistsDMLScripts
// pins it.
func existsSubquery(n *ast.ExistsExpr, dml bool) ast.Expr {
	return inject(n, func(a []sql.Expression) sql.Expression {
		sq, ok := a[0].(*plan.Subquery)
		if !ok {
			return a[0] // not reached: the planner builds a subquery as one
		}
		if dml {
			return &dmlExists{expression.UnaryExpression{Child: plan.NewExistsSubquery(sq)}}
		}
		return plan.NewExistsSubquery(sq)
	}, n.Subquery)
}

// dmlExists is EXISTS (q) in a DELETE's or UPDATE's WHERE: go-mysql-server's
// ExistsSubquery under a node its join planner does not take apart (it
// matches an ExistsSubquery, or NOT of one, as a conjunct).
type dmlExists struct{ expression.UnaryExpression }

var _ sql.Expression = (*dmlExists)(nil)
var _ sql.CollationCoercible = (*dmlExists)(nil)

// Eval implements sql.Expression: the EXISTS's answer for row.
func (e *dmlExists) Eval(ctx *sql.Context, row sql.Row) (any, error) { return e.Child.Eval(ctx, row) }

// Type implements sql.Expression.
func (e *dmlExists) Type() sql.Type { return types.Boolean }

// IsNullable implements sql.Expression: EXISTS is never NULL.
func (e *dmlExists) IsNullable() bool { return false }

// CollationCoercibility implements sql.CollationCoercible.
func (*dmlExists) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// String implements fmt.Stringer.
func (e *dmlExists) String() string { return e.Child.String() }

// WithChildren implements sql.Expression.
func (e *dmlExists) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return &dmlExists{expression.UnaryExpression{Child: children[0]}}, nil
}

// deleteType and updateType are the statements whose own expressions
// take dmlExists.
var deleteType, updateType = reflect.TypeOf(ast.Delete{}), reflect.TypeOf(ast.Update{})
