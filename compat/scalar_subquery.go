package compat

// Fault (go-mysql-server v0.20.0): a comparison whose right side is an
// uncorrelated subquery, x op (SELECT c …) with op one of = <> < <= > >=
// <=>, in the WHERE of a SELECT or UPDATE, is unnested into a semi join
// (analyzer/unnest_insubqueries.go takes every expression.Comparer with a
// *plan.Subquery on its right, and drops the max1 flag it computes), and
// x <> (SELECT …), which is NOT (x = …), into an anti join. So:
//   - a subquery of several rows answered as x op ANY (…) where MySQL
//     fails with 1242 "Subquery returns more than 1 row" (UPDATE … WHERE
//     x = (SELECT c FROM u) updated the rows equal to any c);
//   - x <> (SELECT …) kept the rows whose x is NULL, and every row when
//     the subquery had no row or a NULL (MySQL: x <> NULL is NULL, no row);
//   - UPDATE … WHERE x <> (SELECT …) failed with 1105 "unable to find field
//     with index 2".
//
// The parser (parser.go) builds the right operand of such a comparison as
// scalarSubquery, the subquery under a node the unnesting does not match,
// so the comparison stays a filter over the subquery's one value (cached
// once, as go-mysql-server caches an uncorrelated subquery), which fails
// with 1242 for more rows. A subquery on the left is not unnested. Pinned
// by ScalarSubqueryScripts (sqltests, also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// scalarSubquery is a subquery used as the value of a comparison's right
// operand: it evaluates as its child.
type scalarSubquery struct{ expression.UnaryExpression }

var _ sql.Expression = (*scalarSubquery)(nil)
var _ sql.CollationCoercible = (*scalarSubquery)(nil)

// newScalarSubquery returns e under a scalarSubquery when it is a
// subquery, else e.
func newScalarSubquery(e sql.Expression) sql.Expression {
	if _, ok := e.(*plan.Subquery); !ok {
		return e
	}
	return &scalarSubquery{expression.UnaryExpression{Child: e}}
}

// Eval implements sql.Expression: the subquery's value, an error for more
// than one row.
func (e *scalarSubquery) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	return e.Child.Eval(ctx, row)
}

// Type implements sql.Expression.
func (e *scalarSubquery) Type() sql.Type { return e.Child.Type() }

// IsNullable implements sql.Expression.
func (e *scalarSubquery) IsNullable() bool { return true }

// CollationCoercibility implements sql.CollationCoercible: the subquery's.
func (e *scalarSubquery) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if cc, ok := e.Child.(sql.CollationCoercible); ok {
		return cc.CollationCoercibility(ctx)
	}
	return sql.Collation_binary, 7
}

// String implements fmt.Stringer.
func (e *scalarSubquery) String() string { return e.Child.String() }

// WithChildren implements sql.Expression.
func (e *scalarSubquery) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return &scalarSubquery{expression.UnaryExpression{Child: children[0]}}, nil
}
