package compat

// Fault (go-mysql-server v0.20.0): BIT_AND, BIT_OR and BIT_XOR convert
// each value with go-mysql-server's BIGINT UNSIGNED conversion, which
// clamps a negative BIGINT to 0 and a string above 2^63-1 to
// 9223372036854775807 (BIT_AND('-2') is 0; MySQL: 18446744073709551614).
// MySQL (Item_sum_bit, sql/item_sum.cc) reads each value as the bit
// operators do (val_uint: a negative BIGINT is its two's complement) and
// answers BIGINT UNSIGNED; over no rows BIT_AND is 18446744073709551615,
// BIT_OR and BIT_XOR 0. The replacement keeps go-mysql-server's aggregate
// with this buffer. Over a window (OVER (...)) they are left to
// go-mysql-server. Pinned by TestBitAggregates.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// gmsAggregate is what go-mysql-server's unary aggregates implement.
type gmsAggregate interface {
	sql.Aggregation
	sql.FunctionExpression
	sql.CollationCoercible
}

// bitAggregate is BIT_AND(x), BIT_OR(x) or BIT_XOR(x).
type bitAggregate struct {
	gmsAggregate
	op bitOp // opBitAnd, opBitOr or opBitXor
}

var _ sql.Aggregation = (*bitAggregate)(nil)

func newBitAnd(e sql.Expression) sql.Expression {
	return wrapBitAggregate(aggregation.NewBitAnd(e), opBitAnd)
}
func newBitOr(e sql.Expression) sql.Expression {
	return wrapBitAggregate(aggregation.NewBitOr(e), opBitOr)
}
func newBitXor(e sql.Expression) sql.Expression {
	return wrapBitAggregate(aggregation.NewBitXor(e), opBitXor)
}

// wrapBitAggregate returns g with this package's buffer, or g itself for
// an argument this package leaves to go-mysql-server.
func wrapBitAggregate(g gmsAggregate, op bitOp) sql.Expression {
	if k := kindOf(g.Children()[0]); !k.numeric() {
		return g
	}
	return &bitAggregate{gmsAggregate: g, op: op}
}

// WithChildren implements sql.Expression.
func (b *bitAggregate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := b.gmsAggregate.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return wrapBitAggregate(n.(gmsAggregate), b.op), nil
}

// WithWindow implements sql.WindowAdaptableExpression.
func (b *bitAggregate) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &bitAggregate{gmsAggregate: b.gmsAggregate.WithWindow(w).(gmsAggregate), op: b.op}
}

// WithId implements sql.IdExpression.
func (b *bitAggregate) WithId(id sql.ColumnId) sql.IdExpression {
	return &bitAggregate{gmsAggregate: b.gmsAggregate.WithId(id).(gmsAggregate), op: b.op}
}

// NewBuffer implements sql.Aggregation.
func (b *bitAggregate) NewBuffer() (sql.AggregationBuffer, error) {
	child, err := transform.Clone(b.Children()[0])
	if err != nil {
		return nil, err
	}
	buf := &bitBuffer{child: child, k: kindOf(child), op: b.op}
	if b.op == opBitAnd {
		buf.res = ^uint64(0)
	}
	return buf, nil
}

// bitBuffer combines the values of one group.
type bitBuffer struct {
	child sql.Expression
	k     kind
	op    bitOp
	res   uint64
}

// Update implements sql.AggregationBuffer.
func (b *bitBuffer) Update(ctx *sql.Context, row sql.Row) error {
	x, ok, err := args{b.child}.uintArg(ctx, row, 0, b.k)
	if err != nil || !ok {
		return err
	}
	switch b.op {
	case opBitAnd:
		b.res &= x
	case opBitOr:
		b.res |= x
	default:
		b.res ^= x
	}
	return nil
}

// Eval implements sql.AggregationBuffer.
func (b *bitBuffer) Eval(*sql.Context) (any, error) { return b.res, nil }

// Dispose implements sql.Disposable.
func (b *bitBuffer) Dispose() { expression.Dispose(b.child) }
