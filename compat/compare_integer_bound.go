package compat

// Fault (go-mysql-server v0.20.0): the index builder converts the constant
// an integer column is compared with to the column's type before it makes
// a range of it, clamping or wrapping a DECIMAL beyond the type's range:
// with an index on a BIGINT UNSIGNED u, u < 18446744073709551616 read u <
// 9223372036854775808 and lost 2^63 and 2^64−1, u != 18446744073709551616
// lost 2^63, and on a BIGINT s, s > -9223372036854775809 lost -2^63 (a
// scan, IGNORE INDEX, was right). MySQL compares the column with the
// constant's value. integerBound gives such a comparison, with a DECIMAL
// constant that is not an integer of the column's range, the integer
// bound that admits the same values (u > 9223372036854775807.5 is u >=
// 9223372036854775808, s >= -0.5 is s >= 0), which go-mysql-server's
// comparison and index ranges read exactly; when there is none (u <
// 2^64 admits every value, u = 2^64 none) the comparison is this
// package's exact one, read by a scan. Pinned by TestCompareIntegerBound
// and NumericExactScripts "an index range on a 64-bit column with a
// DECIMAL bound beyond its range".

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// flipped is op with its arguments swapped: c < col is col > c.
var flipped = [...]cmpOp{opEq: opEq, opLt: opGt, opLe: opGe, opGt: opLt, opGe: opLe, opNe: opNe, opNullSafeEq: opNullSafeEq}

// integerBound returns col op c (flip: c op col) as a comparison whose
// constant is an integer of col's range, or as this package's exact
// comparison, when col is an integer column and c a DECIMAL literal that
// is not such an integer; false otherwise.
func (env env) integerBound(op cmpOp, col, c sql.Expression, flip bool) (sql.Expression, bool) {
	gf, ok := col.(*expression.GetField)
	if !ok || !kindOf(gf).integer() || kindOf(c) != kDecimal {
		return nil, false
	}
	if _, isLit := c.(*expression.Literal); !isLit {
		return nil, false
	}
	x, err := args{c}.eval(env.context(), nil, 0, kDecimal)
	if err != nil || x.k == kNull {
		return nil, false
	}
	exact := func() sql.Expression {
		a, b := col, c
		if flip {
			a, b = c, col
		}
		return &compare{args: args{a, b}, op: op, ks: []kind{kindOf(a), kindOf(b)}, as: kDecimal, env: env}
	}
	if flip {
		op = flipped[op]
	}
	one := decimal.NewFromInt(1)
	var bound decimal.Decimal
	switch op {
	case opGt: // col >= ⌊c⌋ + 1
		bound, op = x.d.Floor().Add(one), opGe
	case opGe:
		bound = x.d.Ceil()
	case opLt: // col <= ⌈c⌉ - 1
		bound, op = x.d.Ceil().Sub(one), opLe
	case opLe:
		bound = x.d.Floor()
	default: // =, <>, <=> of a value the column may not hold
		return exact(), true
	}
	unsigned := kindOf(gf) == kUint
	i, ok := decimalToInt(bound, unsigned && bound.Sign() >= 0)
	if !ok || !fitsType(gf.Type(), i, bound.Sign() >= 0 && unsigned) || !unsigned && bound.Sign() >= 0 && i < 0 {
		return exact(), true // beyond the column's range: all rows or none
	}
	var lit *expression.Literal
	if unsigned {
		lit = expression.NewLiteral(uint64(i), types.Uint64)
	} else {
		lit = expression.NewLiteral(i, types.Int64)
	}
	if v, _, err := gf.Type().Convert(typeContext, lit.Value()); err == nil {
		lit = expression.NewLiteral(v, gf.Type())
	}
	return gmsCompare(op, col, lit), true
}
