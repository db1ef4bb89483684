package compat

// Fault (go-mysql-server v0.20.0): CHARSET(x), COLLATION(x) and
// COERCIBILITY(x) evaluate x and answer 'binary', 'binary' and 6 when its
// value is NULL, so CHARSET(CONCAT(d)) of a row whose d is NULL was
// 'binary' and COERCIBILITY of a NULL VARCHAR column 6. MySQL 8
// (Item_func_charset, Item_func_collation, Item_func_coercibility) reads
// only x's type: 'utf8mb4', its collation and its derivation for every
// row; 'binary' and 6 are the NULL literal's. Pinned by TestCastText.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// collationOf is CHARSET, COLLATION or COERCIBILITY of x, from x's
// collation and coercibility (sql.GetCoercibility) and not its value.
type collationOf struct {
	sql.Expression // go-mysql-server's function
	name           string
	answer         func(coll sql.CollationID, coercibility byte) any
}

var _ sql.FunctionExpression = (*collationOf)(nil)

// collationFunctions returns CHARSET, COLLATION and COERCIBILITY.
func collationFunctions() []sql.Function {
	mk := func(name string, gms func(sql.Expression) sql.Expression, answer func(sql.CollationID, byte) any) sql.Function {
		return sql.Function1{Name: name, Fn: func(e sql.Expression) sql.Expression {
			return &collationOf{Expression: gms(e), name: name, answer: answer}
		}}
	}
	return []sql.Function{
		mk("charset", function.NewCharset, func(c sql.CollationID, _ byte) any { return c.CharacterSet().Name() }),
		mk("coercibility", function.NewCoercibility, func(_ sql.CollationID, k byte) any { return int8(k) }),
		mk("collation", function.NewCollation, func(c sql.CollationID, _ byte) any { return c.Name() }),
	}
}

// FunctionName implements sql.FunctionExpression.
func (e *collationOf) FunctionName() string { return e.name }

// Description implements sql.FunctionExpression.
func (e *collationOf) Description() string {
	return e.Expression.(sql.FunctionExpression).Description()
}

// IsNullable implements sql.Expression: never NULL.
func (e *collationOf) IsNullable() bool { return false }

// WithChildren implements sql.Expression.
func (e *collationOf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	g, err := e.Expression.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &collationOf{Expression: g, name: e.name, answer: e.answer}, nil
}

// Eval implements sql.Expression: the argument is not evaluated.
func (e *collationOf) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	arg := e.Expression.Children()[0]
	if arg.Resolved() && arg.Type() == types.Null {
		return e.answer(sql.Collation_binary, 6), nil // the NULL literal's (ignorable)
	}
	return e.answer(sql.GetCoercibility(ctx, arg)), nil
}
