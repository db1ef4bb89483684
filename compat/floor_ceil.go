package compat

// Fault (go-mysql-server v0.20.0): FLOOR and CEIL report the type INT
// (Int32) for every argument that is not an integer, but return the
// argument's own Go value floored: a decimal.Decimal for FLOOR(2.5), a
// float64 for FLOOR(1e10). The integer operators of this package read an
// INT argument's 64 bits, so FLOOR(2.5) * 4 was 0 and FLOOR(2.5) + 1 was
// 1 (MySQL: 8 and 3), and the client was sent the answer as an INT,
// clamped to 32 bits: CEIL('18446744073709551615'), FLOOR(4e9) and
// FLOOR(18446744073709551615.0) were 2147483647, and FLOOR(1e0),
// FLOOR('1.5') and FLOOR(NULL) INTs. MySQL 8's
// Item_func_int_val::resolve_type (sql/item_func.cc) makes FLOOR and CEIL
// of a DOUBLE, a string or NULL (whose result type is a string) a DOUBLE,
// of an integer a BIGINT of its signedness, and of a DECIMAL(p,s) a
// DECIMAL of p-s digits (p-s+1 when s > 0) and scale 0, a signed BIGINT
// when that is shorter than 20 characters with its sign.
//
// floorCeil is FLOOR and CEIL in that type, for every argument but those
// this package leaves to go-mysql-server (temporal values, JSON, …). The
// DECIMAL's digits are MySQL's (mysqlDigits), whose integers have the
// digits of their display width, not the 20 this package's DECIMAL
// arithmetic gives every integer: FLOOR(s + 123.456) of an INT s is a
// BIGINT.
// Pinned by TestFloorCeilArith and TestFloorCeilTypes.

import (
	"fmt"
	"math"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// floorCeil is FLOOR(x) or, ceil set, CEIL(x) (CEILING) of a number or
// string x, answered in res.
type floorCeil struct {
	args
	ceil bool
	k    kind // the argument's
	res  result
}

var _ sql.FunctionExpression = (*floorCeil)(nil)

func newFloor(e sql.Expression) sql.Expression { return newFloorCeil(false, e) }
func newCeil(e sql.Expression) sql.Expression  { return newFloorCeil(true, e) }

// newFloorCeil returns FLOOR or CEIL of e: floorCeil for a number, a
// string or NULL, go-mysql-server's own otherwise.
func newFloorCeil(ceil bool, e sql.Expression) sql.Expression {
	k := kindOf(e)
	if !k.numeric() {
		if ceil {
			return function.NewCeil(e)
		}
		return function.NewFloor(e)
	}
	res := result{k: k}
	switch k {
	case kDouble, kString, kNull:
		res.k = kDouble
	case kDecimal:
		intg, s := mysqlDigits(e)
		digits := intg
		if s > 0 {
			digits++
		}
		res = result{k: kDecimal, prec: digits}
		if digits+1 < 20 { // max_length < DECIMAL_LONGLONG_DIGITS - 2
			res = result{k: kInt}
		}
	}
	return &floorCeil{args: args{e}, ceil: ceil, k: k, res: res}
}

// Eval implements sql.Expression.
func (f *floorCeil) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := f.args.eval(ctx, row, 0, f.k)
	if err != nil || x.k == kNull {
		return nil, err
	}
	switch f.res.k {
	case kInt, kUint:
		if x.k == kDecimal { // a DECIMAL short enough for a BIGINT
			return f.round(x).d.IntPart(), nil
		}
		return x.goValue(), nil
	case kDecimal:
		return f.round(x).d, nil
	}
	v := x.toDouble()
	if x.k == kString {
		v = stringDouble(ctx, x.s, x.binary)
	}
	if f.ceil {
		return math.Ceil(v), nil
	}
	return math.Floor(v), nil
}

// round returns the DECIMAL x floored or ceiled.
func (f *floorCeil) round(x value) value {
	if f.ceil {
		return value{k: kDecimal, d: x.d.Ceil()}
	}
	return value{k: kDecimal, d: x.d.Floor()}
}

// Type implements sql.Expression.
func (f *floorCeil) Type() sql.Type { return f.res.sqlType() }

// FunctionName implements sql.FunctionExpression.
func (f *floorCeil) FunctionName() string {
	if f.ceil {
		return "ceil"
	}
	return "floor"
}

// Description implements sql.FunctionExpression.
func (f *floorCeil) Description() string {
	if f.ceil {
		return "returns the smallest integer value that is greater than or equal to number."
	}
	return "returns the largest integer value that is less than or equal to number."
}

// String implements sql.Expression.
func (f *floorCeil) String() string { return fmt.Sprintf("%s(%s)", f.FunctionName(), f.args[0]) }

// WithChildren implements sql.Expression.
func (f *floorCeil) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return newFloorCeil(f.ceil, children[0]), nil
}

// mysqlDigits returns the integer digits and the scale MySQL gives the
// numeric expression e (Item::decimal_precision() less decimals): an
// integer literal its own digits, an integer column those of its type (10
// for INT, 19 for BIGINT, 20 for BIGINT UNSIGNED), a comparison 1, and
// the operators and functions of this package theirs from their
// arguments' as MySQL's result_precision and aggregate_type compute them.
// Expressions it does not know have the digits of their type (an integer
// 20, as CAST AS SIGNED and UNSIGNED, Item_int_func's longlong of 21
// characters).
func mysqlDigits(e sql.Expression) (intg, scale int32) {
	max2 := func(a []sql.Expression) (int32, int32) {
		for _, x := range a {
			if kindOf(x) == kNull {
				continue
			}
			i, s := mysqlDigits(x)
			intg, scale = max(intg, i), max(scale, s)
		}
		return intg, scale
	}
	switch x := e.(type) {
	case *expression.Literal:
		if k := kindOf(x); k.integer() {
			if n, ok := goInt(x.Value()); ok {
				if k == kUint {
					return int32(len(strconv.FormatUint(uint64(n), 10))), 0
				}
				return int32(len(strconv.FormatInt(n, 10))) - boolInt(n < 0), 0
			}
		}
	case *expression.GetField:
		if digits, ok := intTypeDigits(x.Type()); ok {
			return digits, 0
		}
	case *arith:
		i0, s0 := mysqlDigits(x.args[0])
		i1, s1 := mysqlDigits(x.args[1])
		switch x.op {
		case opPlus, opMinus:
			return max(i0, i1) + 1, max(s0, s1)
		case opMult:
			return i0 + i1, min(s0+s1, maxScale)
		case opIntDiv:
			return i0, 0
		}
		return max(i0, i1), max(s0, s1)
	case *neg, *absVal, *floorCeil:
		i, s := mysqlDigits(e.Children()[0])
		if _, ok := e.(*floorCeil); ok {
			return i + boolInt(s > 0), 0
		}
		return i, s
	case *compare, *inList, *between, *signFunc:
		return 1, 0
	case *bitCount:
		return 2, 0
	case *numericIf:
		if x.ifnull {
			return max2(x.args)
		}
		return max2(x.args[1:])
	case *numericCoalesce:
		return max2(x.args)
	case *minMax:
		return max2(x.args)
	case *numericCase:
		var vals []sql.Expression
		for _, b := range x.Branches {
			vals = append(vals, b.Value)
		}
		if x.Else != nil {
			vals = append(vals, x.Else)
		}
		return max2(vals)
	}
	if e.Resolved() && types.IsBoolean(e.Type()) { // go-mysql-server's comparisons, AND, NOT, …
		return 1, 0
	}
	if k := kindOf(e); k != kDecimal {
		return 20, 0
	}
	p, s := decimalShape(e, kDecimal)
	return p - s, s
}

// intTypeDigits returns the decimal digits of the integer type t's
// largest value, and false if t is not an integer type.
func intTypeDigits(t sql.Type) (int32, bool) {
	switch t.Type() {
	case sqltypes.Int8, sqltypes.Uint8:
		return 3, true
	case sqltypes.Int16, sqltypes.Uint16:
		return 5, true
	case sqltypes.Int24:
		return 7, true
	case sqltypes.Uint24:
		return 8, true
	case sqltypes.Int32, sqltypes.Uint32:
		return 10, true
	case sqltypes.Int64:
		return 19, true
	case sqltypes.Uint64:
		return 20, true
	}
	return 0, false
}

func boolInt(b bool) int32 {
	if b {
		return 1
	}
	return 0
}
