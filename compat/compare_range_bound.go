package compat

// Fault (go-mysql-server v0.20.0): the index builder
// (sql.MySQLIndexBuilder) converts the constant a column is compared with
// to the column's type before it makes a range of it, clamping, wrapping
// or refusing a value the type cannot hold. Through an index on a TINYINT
// v, v < 1000 read v < 127 and lost 127, v <> 1000 lost 127 too and
// v IN (1000, 0) returned the 127 row; on an INT UNSIGNED, v < 4294967296
// wrapped to v < 0 and returned nothing; on a BIGINT UNSIGNED u,
// u < 18446744073709551616 read u < 9223372036854775808; on a DECIMAL(5,2)
// p, p < 1000 was error 1105 "Out of range value for column of Decimal
// type" (a scan, IGNORE INDEX, was right in each case). MySQL compares
// the column with the constant's value.
//
// columnBound gives a comparison of an integer or DECIMAL column with a
// constant that is not a value of the column's type (beyond its range, or
// between two of its values: v < 127.5, p > 1.505, u = 2^64) the
// comparison with a value of the type that admits the same rows, NULL
// included, which go-mysql-server's comparison and index ranges read
// exactly: v < 1000 is v <= 127, v > 1000 is v > 127 (no row), v = 1000
// and v = 1.5 are v < -128 (NULL for NULL, else false, as v = 1000 is),
// v <> 1000 is v >= -128, v > -0.5 is v >= 0, p > 1.505 is p >= 1.51. IN
// drops the items that are not values of the column (none left: the
// "nothing" comparison) and BETWEEN is its two bounds' comparisons. So
// the index still serves such a predicate, with the right rows. Only
// x <=> c with such a c (false for every row, NULL included) is this
// package's exact comparison, read by a scan. A DOUBLE constant is
// compared so only with an integer column narrower than BIGINT, whose
// values are all exact DOUBLEs (MySQL compares the two as DOUBLE; a
// BIGINT above 2^53 would round). YEAR (0 and 1901 to 2155) is read so
// too, but for a constant from 1 to 99 (a year of the 20th or 21st
// century to MySQL). Pinned by TestCompareRangeBound, TestCompareRangeBoundNarrow and
// RangeBoundScripts (sqltests/scripts_range_bound.go), and by the
// property test TestRangeBoundsMatchScan.

import (
	"math"
	"math/big"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// flipped is op with its arguments swapped: c < col is col > c.
var flipped = [...]cmpOp{opEq: opEq, opLt: opGt, opLe: opGe, opGt: opLt, opGe: opLe, opNe: opNe, opNullSafeEq: opNullSafeEq}

// valueRange is the values of a numeric column's type: the multiples of
// 10^-scale from lo to hi (scale 0 for an integer type).
type valueRange struct {
	col     *expression.GetField
	lo, hi  decimal.Decimal
	scale   int32
	decimal bool // a DECIMAL type, not an integer one
	// year is YEAR, whose values are 0 and 1901 to 2155; a constant from
	// 1 to 99 is a year of the 20th or 21st century, left as it is.
	year bool
}

// yearMin is YEAR's least value but 0.
var yearMin = decimal.NewFromInt(1901)

// rangeOfColumn returns the values of col's type, if col is a column of
// an integer, DECIMAL or YEAR type.
func rangeOfColumn(col sql.Expression) (valueRange, bool) {
	gf, ok := col.(*expression.GetField)
	if !ok {
		return valueRange{}, false
	}
	if lo, hi, ok := integerRange(gf.Type()); ok {
		return valueRange{col: gf, lo: decimal.NewFromInt(lo), hi: decimal.NewFromBigInt(new(big.Int).SetUint64(hi), 0)}, true
	}
	if types.IsYear(gf.Type()) {
		return valueRange{col: gf, lo: decimal.Zero, hi: decimal.NewFromInt(2155), year: true}, true
	}
	if dt, ok := gf.Type().(sql.DecimalType); ok {
		scale := int32(dt.Scale())
		hi := decimal.New(1, int32(dt.Precision())-scale).Sub(decimal.New(1, -scale))
		return valueRange{col: gf, lo: hi.Neg(), hi: hi, scale: scale, decimal: true}, true
	}
	return valueRange{}, false
}

// integerRange returns the least and the greatest value of the integer
// type t.
func integerRange(t sql.Type) (lo int64, hi uint64, ok bool) {
	nt, isNum := t.(sql.NumberType)
	if !isNum {
		return 0, 0, false
	}
	switch nt.Type() {
	case sqltypes.Int8:
		return math.MinInt8, math.MaxInt8, true
	case sqltypes.Uint8:
		return 0, math.MaxUint8, true
	case sqltypes.Int16:
		return math.MinInt16, math.MaxInt16, true
	case sqltypes.Uint16:
		return 0, math.MaxUint16, true
	case sqltypes.Int24:
		return -1 << 23, 1<<23 - 1, true
	case sqltypes.Uint24:
		return 0, 1<<24 - 1, true
	case sqltypes.Int32:
		return math.MinInt32, math.MaxInt32, true
	case sqltypes.Uint32:
		return 0, math.MaxUint32, true
	case sqltypes.Int64:
		return math.MinInt64, math.MaxInt64, true
	case sqltypes.Uint64:
		return 0, math.MaxUint64, true
	}
	return 0, 0, false
}

// wide reports whether the range has integers beyond 2^53, which a
// DOUBLE does not hold exactly.
func (r valueRange) wide() bool {
	return !r.decimal && (r.hi.GreaterThan(decimal.New(1, 15)) || r.lo.LessThan(decimal.New(-1, 15)))
}

// constantValue returns the value of c, a constant compared with the
// column of r, exactly, when the comparison is exact in MySQL and the
// value is one this file gives a comparison for: an integer, a DECIMAL, a
// string that is an integer (compared with an integer column), or a
// DOUBLE compared with an integer column narrower than BIGINT. kc is c's
// kind.
func (env env) constantValue(r valueRange, c sql.Expression) (decimal.Decimal, kind, bool) {
	if !plainConstant(c) {
		return decimal.Decimal{}, 0, false
	}
	kc := kindOf(c)
	if isHex(c) && r.decimal {
		return decimal.Decimal{}, 0, false // compared as DECIMAL, left as it was
	}
	if r.year && (kc == kString || isHex(c) || kc == kDouble) {
		return decimal.Decimal{}, 0, false
	}
	ctx := typeContext // a literal reads no session (typeContext)
	if _, isLit := c.(*expression.Literal); !isLit {
		ctx = env.context()
	}
	x, err := args{c}.eval(ctx, nil, 0, kc)
	if err != nil || x.k == kNull {
		return decimal.Decimal{}, 0, false
	}
	if r.year && x.k == kDecimal && x.d.Sign() > 0 && x.d.LessThan(decimal.NewFromInt(100)) || r.year && x.k == kInt && x.i > 0 && x.i < 100 {
		return decimal.Decimal{}, 0, false
	}
	switch x.k {
	case kInt:
		return decimal.NewFromInt(x.i), kInt, true
	case kUint:
		if isUnsignedVar(c) && r.decimal {
			return decimal.Decimal{}, 0, false // read as signed (isUnsignedVar)
		}
		return decimal.NewFromBigInt(new(big.Int).SetUint64(uint64(x.i)), 0), kUint, true
	case kDecimal:
		return x.d, kDecimal, true
	case kString:
		if r.decimal {
			return decimal.Decimal{}, 0, false // compared as DOUBLE
		}
		i, exact := strtoll10(x.s)
		if !exact {
			return decimal.Decimal{}, 0, false
		}
		if i < 0 && !leadingMinus(x.s) {
			return decimal.NewFromBigInt(new(big.Int).SetUint64(uint64(i)), 0), kString, true
		}
		return decimal.NewFromInt(i), kString, true
	case kDouble:
		if r.decimal || r.wide() || math.IsNaN(x.f) || math.IsInf(x.f, 0) {
			return decimal.Decimal{}, 0, false
		}
		// Beyond 2^53 a DOUBLE is an integer, and beyond the column's
		// range; only its side matters.
		f := math.Max(math.Min(x.f, 1e18), -1e18)
		return decimal.NewFromFloat(f), kDouble, true
	}
	return decimal.Decimal{}, 0, false
}

// plainConstant reports whether c is a literal, a user variable or the
// negation of one (-1.5 is neg of 1.5): a constant whose evaluation
// neither fails nor warns.
func plainConstant(c sql.Expression) bool {
	switch x := c.(type) {
	case *expression.Literal, *hexLit, *expression.UserVar:
		return true
	case *neg:
		return plainConstant(x.args[0])
	}
	return false
}

// holds reports whether v is a value of the range's type.
func (r valueRange) holds(v decimal.Decimal) bool {
	return !v.LessThan(r.lo) && !v.GreaterThan(r.hi) && v.Equal(v.Truncate(r.scale)) &&
		(!r.year || v.IsZero() || !v.LessThan(yearMin))
}

// literal is v, a value of the range's type, as a literal of the
// column's type.
func (r valueRange) literal(v decimal.Decimal) sql.Expression {
	var x any = v
	if !r.decimal { // an integer, YEAR
		if v.Sign() < 0 {
			x = v.IntPart()
		} else {
			x = v.BigInt().Uint64()
		}
	}
	t := r.col.Type()
	if c, _, err := t.Convert(typeContext, x); err == nil {
		return expression.NewLiteral(c, t)
	}
	return expression.NewLiteral(x, types.Int64)
}

// all is the comparison true for every value of the column, NULL for NULL.
func (r valueRange) all() sql.Expression {
	return expression.NewGreaterThanOrEqual(r.col, r.literal(r.lo))
}

// none is the comparison false for every value of the column, NULL for
// NULL.
func (r valueRange) none() sql.Expression {
	return expression.NewLessThan(r.col, r.literal(r.lo))
}

// compareTo returns col op v as a comparison with a value of the type of
// the column, col; nil for <=> with a v the column cannot hold.
func (r valueRange) compareTo(op cmpOp, v decimal.Decimal) sql.Expression {
	step := decimal.New(1, -r.scale)
	floor := v.Shift(r.scale).Floor().Shift(-r.scale)
	ceil := v.Shift(r.scale).Ceil().Shift(-r.scale)
	switch op {
	case opEq:
		if !r.holds(v) {
			return r.none()
		}
		return gmsCompare(op, r.col, r.literal(v))
	case opNe:
		if !r.holds(v) {
			return r.all()
		}
		return gmsCompare(op, r.col, r.literal(v))
	case opNullSafeEq:
		if !r.holds(v) {
			return nil
		}
		return gmsCompare(op, r.col, r.literal(v))
	case opGt, opGe: // col >= b
		b := ceil
		if op == opGt {
			b = floor.Add(step)
		}
		if r.year && b.Sign() > 0 && b.LessThan(yearMin) {
			b = yearMin // no YEAR between 0 and 1901
		}
		switch {
		case !b.GreaterThan(r.lo):
			return r.all()
		case b.GreaterThan(r.hi):
			return expression.NewGreaterThan(r.col, r.literal(r.hi))
		}
		return expression.NewGreaterThanOrEqual(r.col, r.literal(b))
	default: // opLt, opLe: col <= b
		b := floor
		if op == opLt {
			b = ceil.Sub(step)
		}
		if r.year && b.Sign() > 0 && b.LessThan(yearMin) {
			b = decimal.Zero
		}
		switch {
		case !b.LessThan(r.hi):
			return expression.NewLessThanOrEqual(r.col, r.literal(r.hi))
		case b.LessThan(r.lo):
			return r.none()
		}
		return expression.NewLessThanOrEqual(r.col, r.literal(b))
	}
}

// columnBound returns col op c (flip: c op col) as a comparison with a
// value of col's type, when col is an integer or DECIMAL column and c a
// constant that go-mysql-server's index ranges would not read exactly
// (boundNeeded); false otherwise.
func (env env) columnBound(op cmpOp, col, c sql.Expression, flip bool) (sql.Expression, bool) {
	if !env.boundNeeded(col, c) {
		return nil, false
	}
	if flip {
		op = flipped[op]
	}
	if e, ok := env.rangeCompare(op, col, c); ok {
		return e, true
	}
	a, b := col, c
	if flip {
		a, b = c, col
	}
	return &compare{args: args{a, b}, op: op, ks: []kind{kindOf(a), kindOf(b)}, as: kDecimal, env: env}, true
}

// boundNeeded reports whether col is an integer or DECIMAL column and c
// a constant that go-mysql-server's index ranges would not read exactly:
// a value beyond the type's range or between two of its values, a DOUBLE
// (compared with a narrow integer column), or a DECIMAL of a larger scale
// than the column's.
func (env env) boundNeeded(col, c sql.Expression) bool {
	r, ok := rangeOfColumn(col)
	if !ok {
		return false
	}
	v, kc, ok := env.constantValue(r, c)
	return ok && (!r.holds(v) || kc == kDouble || r.decimal && kc == kDecimal && decimalRounds(col, c, kDecimal, kDecimal))
}

// rangeCompare returns col op c as a comparison with a value of col's
// type (valueRange.compareTo), when col is an integer or DECIMAL column
// and c a constant whose value constantValue reads; false otherwise, and
// for <=> with a value the column cannot hold.
func (env env) rangeCompare(op cmpOp, col, c sql.Expression) (sql.Expression, bool) {
	r, ok := rangeOfColumn(col)
	if !ok {
		return nil, false
	}
	v, _, ok := env.constantValue(r, c)
	if !ok {
		return nil, false
	}
	e := r.compareTo(op, v)
	return e, e != nil
}

// inItem returns it, an item of col IN (…), as a literal of col's type
// when it is a constant value of that type, and whether it is one the
// column cannot hold (never equal to it: left out of the list); ok is
// false when neither can be told.
func (env env) inItem(col, it sql.Expression) (lit sql.Expression, never, ok bool) {
	r, isCol := rangeOfColumn(col)
	if !isCol {
		return nil, false, false
	}
	v, _, isConst := env.constantValue(r, it)
	if !isConst {
		return nil, false, false
	}
	if !r.holds(v) {
		return nil, true, true
	}
	return r.literal(v), false, true
}

// neverIn reports whether no item of col IN (list) is NULL or a value
// col's type holds, so that the IN is false for every value of col.
func (env env) neverIn(col sql.Expression, list []sql.Expression) bool {
	for _, it := range list {
		if _, never, _ := env.inItem(col, it); !never {
			return false
		}
	}
	return true
}
