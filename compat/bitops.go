package compat

// Fault (go-mysql-server v0.20.0): the bit operators |, &, ^, << and >>
// convert their arguments to float64 or int64 and answer a DOUBLE, so a
// BIGINT UNSIGNED above 2^63-1 comes back as 9.223372036854776e+18 from
// fp | 0 and fp ^ 0, fp >> 48 is 32768 for fp = 18446744073709551615
// (MySQL: 65535), BIT_COUNT reads its argument as a signed BIGINT clamped
// at 2^63-1 (BIT_COUNT(fp) is 63, MySQL 64), and ~ is "unsupported
// feature". So BIT_COUNT(fp ^ X) <= 3, the Hamming-distance idiom of
// MySQL users, returned wrong rows. The replacement follows MySQL 8's
// Item_func_bit (sql/item_func.cc): each argument is read as 64 bits
// (val_uint), the answer is BIGINT UNSIGNED, a shift by 64 or more is 0,
// and BIT_COUNT counts the 64 bits. Pinned by TestBitOps.

import (
	"fmt"
	"math/bits"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// bitOp is one binary bit operator.
type bitOp uint8

const (
	opBitOr bitOp = iota
	opBitAnd
	opBitXor
	opShiftLeft
	opShiftRight
)

var bitSymbols = [...]string{opBitOr: "|", opBitAnd: "&", opBitXor: "^", opShiftLeft: "<<", opShiftRight: ">>"}

// bitBinary is a | b, a & b, a ^ b, a << b or a >> b.
type bitBinary struct {
	args
	op bitOp
	ks []kind
}

var _ sql.Expression = (*bitBinary)(nil)
var _ sql.CollationCoercible = (*bitBinary)(nil)

// newBitBinary returns a op b: ours when both arguments are numbers or
// strings, go-mysql-server's own otherwise.
func newBitBinary(op bitOp, a, b sql.Expression) sql.Expression {
	e := &bitBinary{args: args{a, b}, op: op}
	e.ks = e.args.kinds()
	if !allNumeric(e.ks) && !anyKind(e.ks, kDeferred) {
		return expression.NewBitOp(unwrap(a), unwrap(b), bitSymbols[op])
	}
	return e
}

// String implements sql.Expression.
func (e *bitBinary) String() string {
	return fmt.Sprintf("(%s %s %s)", e.args[0], bitSymbols[e.op], e.args[1])
}

// Type implements sql.Expression: BIGINT UNSIGNED.
func (e *bitBinary) Type() sql.Type { return types.Uint64 }

// WithChildren implements sql.Expression.
func (e *bitBinary) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	return newBitBinary(e.op, children[0], children[1]), nil
}

// Eval implements sql.Expression. A NULL left argument is NULL without
// reading the right one, as in MySQL.
func (e *bitBinary) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, ok, err := e.uint(ctx, row, 0)
	if err != nil || !ok {
		return nil, err
	}
	y, ok, err := e.uint(ctx, row, 1)
	if err != nil || !ok {
		return nil, err
	}
	switch e.op {
	case opBitOr:
		return x | y, nil
	case opBitAnd:
		return x & y, nil
	case opBitXor:
		return x ^ y, nil
	case opShiftLeft:
		if y >= 64 {
			return uint64(0), nil
		}
		return x << y, nil
	}
	if y >= 64 {
		return uint64(0), nil
	}
	return x >> y, nil
}

// uint reads argument i as MySQL's val_uint does; ok is false for NULL.
func (a args) uintArg(ctx *sql.Context, row sql.Row, i int, k kind) (uint64, bool, error) {
	var v value
	var err error
	if n, ok := a[i].(*numericIf); ok {
		v, err = n.intValue(ctx, row) // IF's val_int is its chosen argument's (if_numeric.go)
	} else {
		v, err = a.eval(ctx, row, i, k)
	}
	if err != nil || v.k == kNull {
		return 0, false, err
	}
	x, exact := v.toInt()
	if !exact {
		warnTruncated(ctx, v)
	}
	return uint64(x), true, nil
}

func (e *bitBinary) uint(ctx *sql.Context, row sql.Row, i int) (uint64, bool, error) {
	return e.args.uintArg(ctx, row, i, e.ks[i])
}

// warnTruncated is MySQL's warning for a value read as an integer with
// loss.
func warnTruncated(ctx *sql.Context, v value) {
	switch v.k {
	case kString:
		warn(ctx, erTruncatedWrongValue, "Truncated incorrect INTEGER value: '%s'", v.quoted())
	case kDecimal:
		warn(ctx, erTruncatedWrongValue, "Truncated incorrect DECIMAL value: '%s'", v.d.String())
	}
}

// bitNot is ~a.
type bitNot struct {
	args
	k kind
}

var _ sql.Expression = (*bitNot)(nil)
var _ sql.CollationCoercible = (*bitNot)(nil)

func newBitNot(a sql.Expression) sql.Expression {
	return &bitNot{args: args{a}, k: kindOf(a)}
}

// String implements sql.Expression.
func (e *bitNot) String() string { return fmt.Sprintf("~(%s)", e.args[0]) }

// Type implements sql.Expression: BIGINT UNSIGNED.
func (e *bitNot) Type() sql.Type { return types.Uint64 }

// WithChildren implements sql.Expression.
func (e *bitNot) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newBitNot(children[0]), nil
}

// Eval implements sql.Expression.
func (e *bitNot) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, ok, err := e.args.uintArg(ctx, row, 0, e.k)
	if err != nil || !ok {
		return nil, err
	}
	return ^x, nil
}

// bitCount is BIT_COUNT(a), the number of one bits of a read as 64 bits.
type bitCount struct {
	args
	k kind
}

var _ sql.Expression = (*bitCount)(nil)
var _ sql.FunctionExpression = (*bitCount)(nil)
var _ sql.CollationCoercible = (*bitCount)(nil)

// newBitCount returns BIT_COUNT(a): ours for a number or string,
// go-mysql-server's own for other arguments.
func newBitCount(a sql.Expression) sql.Expression {
	e := &bitCount{args: args{a}, k: kindOf(a)}
	if !e.k.numeric() && e.k != kDeferred {
		return function.NewBitCount(unwrap(a))
	}
	return e
}

// FunctionName implements sql.FunctionExpression.
func (e *bitCount) FunctionName() string { return "bit_count" }

// Description implements sql.FunctionExpression.
func (e *bitCount) Description() string { return "returns the number of bits that are set." }

// String implements sql.Expression.
func (e *bitCount) String() string { return fmt.Sprintf("bit_count(%s)", e.args[0]) }

// Type implements sql.Expression: BIGINT.
func (e *bitCount) Type() sql.Type { return types.Int64 }

// WithChildren implements sql.Expression.
func (e *bitCount) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newBitCount(children[0]), nil
}

// Eval implements sql.Expression.
func (e *bitCount) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, ok, err := e.args.uintArg(ctx, row, 0, e.k)
	if err != nil || !ok {
		return nil, err
	}
	return int64(bits.OnesCount64(x)), nil
}
