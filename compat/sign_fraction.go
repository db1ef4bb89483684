package compat

// Fault (go-mysql-server v0.20.0): SIGN converts a DECIMAL or DOUBLE
// argument to a BIGINT before it looks at its sign, so the sign of a
// fraction was that of its integer part: SIGN(0.49) and SIGN(-0.4e0) were
// 0 (MySQL 8: 1 and -1). MySQL 8's Item_func_sign::val_int
// (sql/item_func.cc) reads its argument with val_real and answers -1, 0
// or 1, a BIGINT. signFunc does so for numbers and strings (read as the
// DOUBLE they start with, warning 1292 when not wholly a number), and
// leaves the rest (temporal values, JSON) to go-mysql-server. Pinned by
// TestSignFraction.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// signFunc is SIGN(x) of a number or string x.
type signFunc struct {
	args
	k kind
}

var _ sql.FunctionExpression = (*signFunc)(nil)

func newSign(e sql.Expression) sql.Expression {
	if k := kindOf(e); k.numeric() {
		return &signFunc{args: args{e}, k: k}
	}
	return function.NewSign(e)
}

// Eval implements sql.Expression: -1, 0 or 1 by the sign of the
// argument's DOUBLE.
func (s *signFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := s.args.eval(ctx, row, 0, s.k)
	if err != nil || x.k == kNull {
		return nil, err
	}
	f := x.toDouble()
	if x.k == kString {
		f = stringDouble(ctx, x.s, x.binary)
	}
	switch {
	case f < 0:
		return int64(-1), nil
	case f > 0:
		return int64(1), nil
	}
	return int64(0), nil
}

// Type implements sql.Expression: BIGINT.
func (*signFunc) Type() sql.Type { return types.Int64 }

// FunctionName implements sql.FunctionExpression.
func (*signFunc) FunctionName() string { return "sign" }

// Description implements sql.FunctionExpression.
func (*signFunc) Description() string { return "returns the sign of the argument." }

// String implements sql.Expression.
func (s *signFunc) String() string { return fmt.Sprintf("sign(%s)", s.args[0]) }

// WithChildren implements sql.Expression.
func (s *signFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return newSign(children[0]), nil
}
