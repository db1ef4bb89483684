package compat

// Fault (go-mysql-server v0.20.0): BIT_LENGTH of a binary string (a
// hexadecimal literal, a VARBINARY or BLOB value) is error 1105 "Invalid
// argument to bit_length: [1 2]", of a DECIMAL the same, and of a number
// the size of its Go type (BIT_LENGTH(123) was 8, of a date 128). MySQL 8
// (Item_func_bit_length) answers 8 × the length in bytes of the argument
// as a string: BIT_LENGTH(0x0102) is 16, BIT_LENGTH(123) 24 ('123'),
// BIT_LENGTH(1.5) 24. Pinned by TestBitLength.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// bitLength is BIT_LENGTH(s).
type bitLength struct{ args }

var _ sql.FunctionExpression = (*bitLength)(nil)
var _ sql.CollationCoercible = (*bitLength)(nil)

func newBitLength(e sql.Expression) sql.Expression { return &bitLength{args{e}} }

// FunctionName implements sql.FunctionExpression.
func (*bitLength) FunctionName() string { return "bit_length" }

// Description implements sql.FunctionExpression.
func (*bitLength) Description() string { return "returns the length of the string s in bits." }

// String implements sql.Expression.
func (e *bitLength) String() string { return fmt.Sprintf("bit_length(%s)", e.args[0]) }

// Type implements sql.Expression: BIGINT.
func (*bitLength) Type() sql.Type { return types.Int64 }

// WithChildren implements sql.Expression.
func (e *bitLength) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newBitLength(children[0]), nil
}

// Eval implements sql.Expression: NULL for NULL, else 8 × the bytes of
// the argument's text: a string's or binary string's own, a DOUBLE as
// MySQL prints it, anything else as it is sent to a client.
func (e *bitLength) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.args[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	n := 0
	switch x := v.(type) {
	case string:
		n = len(x)
	case []byte:
		n = len(x)
	case float64:
		n = len(formatDouble(x))
	case float32:
		n = len(formatFloat(x))
	default:
		wire, err := e.args[0].Type().SQL(ctx, nil, v)
		if err != nil {
			return nil, err
		}
		n = len(wire.Raw())
	}
	return int64(8 * n), nil
}
