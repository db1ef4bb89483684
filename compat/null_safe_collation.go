package compat

// Fault (go-mysql-server v0.20.0, expression.NullSafeEquals.Compare): a
// <=> b of two strings of different types (a VARCHAR column and a
// literal, which is LONGTEXT, or two columns of different lengths)
// compares them as LONGTEXT of the default collation, utf8mb4_0900_bin,
// not under the collation the sides resolve to, as = does (its
// comparison.Compare): over a column c of utf8mb4_0900_ai_ci holding
// 'a', 'A', 'b', 'B', WHERE c <=> 'A' found 1 row, with an index too, and
// a join ON r.c <=> s.c of VARCHAR(10) and VARCHAR(20) missed the rows of
// other case (MySQL 8 and MariaDB: 2 rows, and every pair of one letter).
// 'a' <=> 'A', of one type, was right. nullSafeCollated builds such a
// <=>: a constant compared with a column, converted to the column's type
// when that keeps it whole, stays go-mysql-server's NullSafeEquals (of
// one type, which the planner turns into an index lookup); any other
// becomes nullSafeText, which compares under the resolved collation.
// Pinned by CollationScripts "<=> compares as the collation does"
// (sqltests, also on MariaDB).

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// nullSafeCollated returns a <=> b (as go-mysql-server's planner built
// them) when they are strings of different types, and whether they are.
func nullSafeCollated(a, b sql.Expression) (sql.Expression, bool) {
	if !a.Resolved() || !b.Resolved() || !types.IsTextOnly(a.Type()) || !types.IsTextOnly(b.Type()) || types.TypesEqual(a.Type(), b.Type()) {
		return nil, false
	}
	if gf, lit, swap := asColumnAndLiteral(a, b); gf != nil {
		if conv, ok := literalAsColumn(gf, lit); ok {
			if swap {
				return expression.NewNullSafeEquals(conv, gf), true
			}
			return expression.NewNullSafeEquals(gf, conv), true
		}
	}
	return &nullSafeText{args: args{a, b}}, true
}

// literalAsColumn returns the string literal lit in gf's type, when it
// converts without losing a character.
func literalAsColumn(gf *expression.GetField, lit *expression.Literal) (sql.Expression, bool) {
	s, ok := lit.Value().(string)
	if !ok {
		return nil, false
	}
	v, _, err := gf.Type().Convert(typeContext, s)
	if err != nil {
		return nil, false
	}
	if cs, ok := v.(string); !ok || cs != s {
		return nil, false
	}
	return expression.NewLiteral(v, gf.Type()), true
}

// nullSafeText is a <=> b of two strings, compared under the collation
// their coercibilities resolve to.
type nullSafeText struct {
	args
}

var _ sql.Expression = (*nullSafeText)(nil)
var _ sql.CollationCoercible = (*nullSafeText)(nil)

// String implements sql.Expression.
func (e *nullSafeText) String() string { return fmt.Sprintf("(%s <=> %s)", e.args[0], e.args[1]) }

// Type implements sql.Expression: a boolean, as in go-mysql-server.
func (e *nullSafeText) Type() sql.Type { return types.Boolean }

// IsNullable implements sql.Expression: never NULL.
func (e *nullSafeText) IsNullable() bool { return false }

// WithChildren implements sql.Expression.
func (e *nullSafeText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	if out, ok := nullSafeCollated(children[0], children[1]); ok {
		return out, nil
	}
	return expression.NewNullSafeEquals(children[0], children[1]), nil
}

// Eval implements sql.Expression: 1 when both sides are NULL or equal
// under their collation, else 0.
func (e *nullSafeText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	a, err := e.args[0].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	b, err := e.args[1].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if a == nil || b == nil {
		return a == nil && b == nil, nil
	}
	if a, err = sql.UnwrapAny(ctx, a); err != nil {
		return nil, err
	}
	if b, err = sql.UnwrapAny(ctx, b); err != nil {
		return nil, err
	}
	ca, xa := sql.GetCoercibility(ctx, e.args[0])
	cb, xb := sql.GetCoercibility(ctx, e.args[1])
	coll, _ := sql.ResolveCoercibility(ca, xa, cb, xb)
	t := types.MustCreateString(types.LongText.Type(), types.LongText.Length(), coll)
	if a, _, err = t.Convert(ctx, a); err != nil {
		return nil, err
	}
	if b, _, err = t.Convert(ctx, b); err != nil {
		return nil, err
	}
	c, err := t.Compare(ctx, a, b)
	if err != nil {
		return nil, err
	}
	return c == 0, nil
}
