package compat

import (
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/simsql/simsql/internal/goint"
)

// kind is MySQL's result type of an expression (Item::result_type()), with
// INT_RESULT split by the item's unsigned flag. It decides how an operator
// reads its arguments and what type its answer has.
type kind uint8

const (
	// kOther is a type this package leaves to go-mysql-server: temporal
	// types, JSON, ENUM, SET, YEAR, geometry. An operator with such an
	// argument is go-mysql-server's own.
	kOther kind = iota
	// kDeferred is a prepared-statement parameter before it is bound; the
	// statement is built again, with the value, when it executes.
	kDeferred
	// kNull is the NULL literal; MySQL types it as a string, so arithmetic
	// on it is DOUBLE (NULL + 1 is a DOUBLE NULL).
	kNull
	kInt     // BIGINT and the smaller integers, signed
	kUint    // BIGINT UNSIGNED and the smaller unsigned integers, BIT
	kDecimal // DECIMAL
	kDouble  // DOUBLE and FLOAT
	kString  // character and binary strings, read as numbers where needed
)

// numeric reports whether k is a kind this package evaluates itself.
func (k kind) numeric() bool { return k >= kNull }

// integer reports whether k is an integer kind.
func (k kind) integer() bool { return k == kInt || k == kUint }

// kindOf returns the MySQL result type of e. Integer literals are typed by
// value, as MySQL's parser types them: go-mysql-server gives 200 the type
// TINYINT UNSIGNED, MySQL a signed BIGINT; only literals of 2^63 and above
// are unsigned (Item_uint).
func kindOf(e sql.Expression) kind {
	if _, ok := e.(*hexLit); ok {
		return kUint
	}
	if !e.Resolved() {
		// Not planned yet (go-mysql-server rebuilds expressions over
		// unresolved columns to print them, SHOW CREATE TABLE): typed when
		// it is built again, resolved.
		return kDeferred
	}
	t := e.Type()
	switch {
	case types.IsDeferredType(t):
		return kDeferred
	case t == types.Null:
		return kNull
	case types.IsYear(t), types.IsEnum(t), types.IsSet(t):
		return kOther
	case types.IsBit(t):
		return kUint
	case types.IsInteger(t):
		if lit, ok := e.(*expression.Literal); ok {
			if u, ok := lit.Value().(uint64); ok && u > math.MaxInt64 {
				return kUint
			}
			return kInt
		}
		if types.IsUnsigned(t) {
			return kUint
		}
		return kInt
	case types.IsDecimal(t):
		return kDecimal
	case types.IsFloat(t):
		return kDouble
	case types.IsText(t), types.IsBinaryType(t):
		return kString
	}
	return kOther
}

// unsignedFlag returns MySQL's unsigned_flag of e, which an expression of
// any result type has: DIV is unsigned when an argument has it, even a
// DECIMAL or DOUBLE one, such as u % 2.5 (% keeps its dividend's flag).
func unsignedFlag(e sql.Expression) bool {
	switch x := e.(type) {
	case *hexLit, *bitBinary, *bitNot:
		return true
	case *castInt:
		return x.unsigned
	case *arith:
		return x.uflag
	case *neg, *bitCount, *compare, *conv, *inList, *between:
		return false
	}
	return kindOf(e) == kUint
}

// value is one SQL value as MySQL's expression layer holds it: NULL, an
// integer with its unsigned flag, a DECIMAL, a DOUBLE or a string.
type value struct {
	k kind // kNull for SQL NULL, whatever the expression's type
	// signedVar marks an unsigned integer read from a user variable:
	// MySQL's user_var_entry::val_real and val_decimal read its 64 bits as
	// signed (SET @u = 18446744073709551615; SELECT @u + 0.0 is -1.0),
	// only val_int and val_str keep the unsigned flag.
	signedVar bool
	// column marks a string read from a table column: MySQL's
	// Field_varstring::val_int reads it with my_strntoll, which clamps
	// above 2^63-1, where a string literal's val_int (my_strtoll10) keeps
	// the unsigned bits.
	column bool
	// binary marks a binary string (a VARBINARY column, …), which a
	// message quotes byte by byte (warning_bytes.go).
	binary bool
	i      int64
	d      decimal.Decimal
	f      float64
	s      string
}

var null = value{k: kNull}

func intValue(i int64) value   { return value{k: kInt, i: i} }
func uintValue(u uint64) value { return value{k: kUint, i: int64(u)} }

// toValue converts v, an argument's result from go-mysql-server, into a
// value of kind k, the argument's MySQL result type.
func toValue(k kind, v any) value {
	if v == nil {
		return null
	}
	switch k {
	case kInt, kUint:
		if i, ok := goInt(v); ok {
			return value{k: k, i: i}
		}
	case kDecimal:
		if d, ok := v.(decimal.Decimal); ok {
			return value{k: kDecimal, d: d}
		}
	case kDouble:
		switch f := v.(type) {
		case float64:
			return value{k: kDouble, f: f}
		case float32:
			return value{k: kDouble, f: float64(f)}
		}
	case kString:
		switch s := v.(type) {
		case string:
			return value{k: kString, s: s}
		case []byte:
			return value{k: kString, s: string(s)}
		}
	}
	// A Go type other than the declared one: read it for what it is.
	switch x := v.(type) {
	case decimal.Decimal:
		return value{k: kDecimal, d: x}
	case float64:
		return value{k: kDouble, f: x}
	case float32:
		return value{k: kDouble, f: float64(x)}
	case string:
		return value{k: kString, s: x}
	case []byte:
		return value{k: kString, s: string(x)}
	case uint64:
		return uintValue(x)
	}
	if i, ok := goInt(v); ok {
		return intValue(i)
	}
	return value{k: kString, s: toString(v)}
}

func toString(v any) string { return fmt.Sprint(v) }

// goInt returns the 64 bits of a Go integer (or bool): goint.Int64, a
// uint64 of 2^63 or more wrapping to a negative number.
func goInt(v any) (int64, bool) {
	n, _, ok := goint.Int64(v)
	return n, ok
}

// goValue returns v as go-mysql-server expects a value of the type that
// an expression of kind v.k reports: int64, uint64, decimal.Decimal,
// float64 or string; nil for NULL.
func (v value) goValue() any {
	switch v.k {
	case kInt:
		return v.i
	case kUint:
		return uint64(v.i)
	case kDecimal:
		return v.d
	case kDouble:
		return v.f
	case kString:
		return v.s
	}
	return nil
}

const (
	twoTo63 = 9223372036854775808.0  // 2^63 as a double
	twoTo64 = 18446744073709551616.0 // 2^64 as a double
)

var (
	decMinInt64  = decimal.NewFromInt(math.MinInt64)
	decMaxInt64  = decimal.NewFromInt(math.MaxInt64)
	decMaxUint64 = decimal.NewFromBigInt(new(big.Int).SetUint64(math.MaxUint64), 0)
)

// toInt returns v as MySQL's Item::val_int() reads it, the 64 bits of a
// signed or unsigned integer, and whether the conversion was exact (false
// after rounding a fraction, clamping an out-of-range value or reading a
// string that is not wholly an integer; MySQL then warns):
//   - an integer: its bits;
//   - a DECIMAL: rounded half away from zero, clamped to the signed
//     BIGINT range (my_decimal2int with the unsigned flag off);
//   - a DOUBLE: rounded half to even (rint), clamped to the signed BIGINT
//     range (Item_float::val_int);
//   - a string: its leading integer, as my_strtoll10 reads it (up to
//     18446744073709551615 as unsigned bits, negatives down to -2^63).
func (v value) toInt() (int64, bool) {
	switch v.k {
	case kInt, kUint:
		return v.i, true
	case kDecimal:
		return decimalToInt(v.d, false)
	case kDouble:
		return doubleToInt(v.f)
	case kString:
		if v.column {
			return strntoll10(v.s)
		}
		return strtoll10(v.s)
	}
	return 0, true
}

// strntoll10 reads s as MySQL's my_strntoll does in base 10: as strtoll10,
// but clamped to the signed BIGINT range.
func strntoll10(s string) (int64, bool) {
	i, exact := strtoll10(s)
	if i < 0 && !leadingMinus(s) {
		return math.MaxInt64, false
	}
	return i, exact
}

// decimalToInt rounds d half away from zero and clamps it to the signed
// BIGINT range, or to the BIGINT UNSIGNED range when unsigned is set (a
// negative d then clamps to 0), as my_decimal2int does.
func decimalToInt(d decimal.Decimal, unsigned bool) (int64, bool) {
	r := d.Round(0)
	exact := r.Equal(d)
	if unsigned {
		if r.Sign() < 0 {
			return 0, false
		}
		if r.GreaterThan(decMaxUint64) {
			return -1, false
		}
		return int64(r.BigInt().Uint64()), exact
	}
	if r.LessThan(decMinInt64) {
		return math.MinInt64, false
	}
	if r.GreaterThan(decMaxInt64) {
		return math.MaxInt64, false
	}
	return r.IntPart(), exact
}

// doubleToInt rounds f half to even and clamps it to the signed BIGINT
// range, as MySQL 8's Item_float::val_int and llrint_with_overflow_check do.
func doubleToInt(f float64) (int64, bool) {
	switch {
	case math.IsNaN(f):
		return 0, false
	case f <= -twoTo63:
		return math.MinInt64, f == -twoTo63
	case f >= twoTo63:
		return math.MaxInt64, false
	}
	r := math.RoundToEven(f)
	return int64(r), r == f
}

// strtoll10 reads s as MySQL's my_strtoll10 does: leading spaces, an
// optional sign and decimal digits, up to the first other character. A
// positive number is read into 64 unsigned bits, clamped to
// 18446744073709551615; a negative one is clamped to -2^63. exact is false
// when something other than trailing spaces follows the number, when there
// is no number or when the value was clamped.
func strtoll10(s string) (int64, bool) {
	p := strings.TrimLeft(s, " \t\n\r\v\f")
	neg := false
	if p != "" && (p[0] == '-' || p[0] == '+') {
		neg = p[0] == '-'
		p = p[1:]
	}
	var u uint64
	overflow := false
	n := 0
	for n < len(p) && p[n] >= '0' && p[n] <= '9' {
		d := uint64(p[n] - '0')
		if u > (math.MaxUint64-d)/10 {
			overflow = true
		} else if !overflow {
			u = u*10 + d
		}
		n++
	}
	exact := n > 0 && strings.TrimRight(p[n:], " \t\n\r\v\f") == ""
	if neg {
		if overflow || u > 1<<63 {
			return math.MinInt64, false
		}
		return -int64(u), exact
	}
	if overflow {
		return -1, false
	}
	return int64(u), exact
}

// toDouble returns v as MySQL's Item::val_real() reads it; a string is read
// for its leading number, as my_strntod does.
func (v value) toDouble() float64 {
	switch v.k {
	case kInt:
		return float64(v.i)
	case kUint:
		if v.signedVar {
			return float64(v.i)
		}
		return float64(uint64(v.i))
	case kDecimal:
		return v.d.InexactFloat64()
	case kDouble:
		return v.f
	case kString:
		f, _ := strtod(v.s)
		return f
	}
	return 0
}

// strtod reads the leading decimal number of s (spaces, sign, digits,
// fraction, exponent) as a double; exact is false when anything but
// trailing spaces follows it.
func strtod(s string) (float64, bool) {
	p := strings.TrimLeft(s, " \t\n\r\v\f")
	n := numberPrefix(p, true)
	if n == 0 {
		return 0, false
	}
	f, err := strconv.ParseFloat(p[:n], 64)
	if err != nil { // out of range: ParseFloat returns ±Inf; MySQL clamps to ±DBL_MAX
		if math.IsInf(f, 1) {
			f = math.MaxFloat64
		} else if math.IsInf(f, -1) {
			f = -math.MaxFloat64
		}
	}
	return f, strings.TrimRight(p[n:], " \t\n\r\v\f") == ""
}

// numberPrefix returns the length of the longest prefix of p that is a
// decimal number: sign, digits, optional fraction and, if withExp, an
// optional exponent.
func numberPrefix(p string, withExp bool) int {
	i := 0
	if i < len(p) && (p[i] == '+' || p[i] == '-') {
		i++
	}
	digits := 0
	for i < len(p) && p[i] >= '0' && p[i] <= '9' {
		i++
		digits++
	}
	if i < len(p) && p[i] == '.' {
		j := i + 1
		frac := 0
		for j < len(p) && p[j] >= '0' && p[j] <= '9' {
			j++
			frac++
		}
		if digits+frac > 0 {
			i = j
			digits += frac
		}
	}
	if digits == 0 {
		return 0
	}
	if withExp && i < len(p) && (p[i] == 'e' || p[i] == 'E') {
		j := i + 1
		if j < len(p) && (p[j] == '+' || p[j] == '-') {
			j++
		}
		k := j
		for k < len(p) && p[k] >= '0' && p[k] <= '9' {
			k++
		}
		if k > j {
			i = k
		}
	}
	return i
}

// toDecimal returns v as MySQL's Item::val_decimal() reads it: an integer
// exactly, a DOUBLE through its shortest decimal representation, a string
// for its leading decimal number (with exponent).
func (v value) toDecimal() decimal.Decimal {
	switch v.k {
	case kInt:
		return decimal.NewFromInt(v.i)
	case kUint:
		if v.signedVar {
			return decimal.NewFromInt(v.i)
		}
		return decimal.NewFromBigInt(new(big.Int).SetUint64(uint64(v.i)), 0)
	case kDecimal:
		return v.d
	case kDouble:
		if math.IsInf(v.f, 0) || math.IsNaN(v.f) {
			return decimal.Zero
		}
		d, err := decimal.NewFromString(strconv.FormatFloat(v.f, 'g', -1, 64))
		if err != nil {
			return decimal.Zero
		}
		return d
	case kString:
		p := strings.TrimLeft(v.s, " \t\n\r\v\f")
		n := numberPrefix(p, true)
		if n == 0 {
			return decimal.Zero
		}
		d, err := decimal.NewFromString(p[:n])
		if err != nil {
			return decimal.Zero
		}
		return d
	}
	return decimal.Zero
}

// toText returns v as MySQL's Item::val_str() writes it: integers in
// decimal (unsigned ones as unsigned), a DECIMAL with its scale, a DOUBLE
// as MySQL prints doubles (formatDouble, double_text.go).
func (v value) toText(scale int32) string {
	switch v.k {
	case kInt:
		return strconv.FormatInt(v.i, 10)
	case kUint:
		return strconv.FormatUint(uint64(v.i), 10)
	case kDecimal:
		return v.d.StringFixed(scale)
	case kDouble:
		return formatDouble(v.f)
	case kString:
		return v.s
	}
	return ""
}
