package compat

// Fault (go-mysql-server v0.20.0): ROUND converts every argument to a
// DECIMAL, rounds it half away from zero and converts back. So an
// integer beyond 2^63-1 lost its value (ROUND(18446744073709551614, 0) was
// 9223372036854775808, and ROUND(18446744073709551615, -1) too, where
// MySQL 8 fails with error 1690 "BIGINT UNSIGNED value is out of range in
// 'round(18446744073709551615,-(1))'"), and a DOUBLE was rounded as its
// decimal text: ROUND(2.5e0) was 3 and ROUND(1.005e0, 2) 1.01, where
// MySQL rounds a DOUBLE with rint, half to even, on its binary value (2
// and 1, since 1.005 is stored as 1.00499999999999989…). TRUNCATE(X, D)
// was missing (error 1105 "function: 'truncate' not found"). The
// replacement is MySQL 8's Item_func_round (sql/item_func.cc), ROUND and
// TRUNCATE in one: the type of the answer from X's (an integer stays an
// integer with its sign, a DECIMAL keeps min(D, 30) digits when D is a
// constant, a DOUBLE or a string is a DOUBLE), then int_op on 64 bits
// with the overflow check, decimal_op half away from zero (or toward
// zero), and real_op as my_double_round. Pinned by TestRound and
// TestTruncate.

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// roundFunc is ROUND(x[, d]) or, with truncate, TRUNCATE(x, d).
type roundFunc struct {
	args     // x, d
	truncate bool
	k        kind   // x's kind
	res      result // the answer's type
	written  bool   // d was written (ROUND(x) prints as round(x))
}

var _ sql.FunctionExpression = (*roundFunc)(nil)
var _ sql.CollationCoercible = (*roundFunc)(nil)

// newRound is ROUND(x) and ROUND(x, d).
func newRound(a ...sql.Expression) (sql.Expression, error) {
	if len(a) < 1 || len(a) > 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("ROUND", "1 or 2", len(a))
	}
	return buildRound(false, len(a) == 2, a...)
}

// newTruncate is TRUNCATE(x, d).
func newTruncate(a ...sql.Expression) (sql.Expression, error) {
	if len(a) != 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("TRUNCATE", 2, len(a))
	}
	return buildRound(true, true, a...)
}

// buildRound returns ROUND or TRUNCATE of a: ours when x is a number or a
// string, go-mysql-server's ROUND otherwise (there is no TRUNCATE of a
// date: it is then error 1105, as before).
func buildRound(truncate, written bool, a ...sql.Expression) (sql.Expression, error) {
	if len(a) == 1 {
		a = append(a, expression.NewLiteral(int64(0), types.Int64))
	}
	e := &roundFunc{args: args{a[0], a[1]}, truncate: truncate, k: kindOf(a[0]), written: written}
	kd := kindOf(a[1])
	if !e.k.numeric() && e.k != kDeferred || !kd.numeric() && kd != kDeferred {
		if truncate {
			return nil, sql.ErrFunctionNotFound.New("truncate")
		}
		if written {
			return function.NewRound(unwrapAll(a...)...)
		}
		return function.NewRound(unwrap(a[0]))
	}
	e.res = e.resultType()
	return e, nil
}

// resultType is Item_func_round::resolve_type: an integer x stays an
// integer of its signedness; a DECIMAL x is a DECIMAL with min(d, 30)
// digits after the point when d is a constant (0 for a negative d), x's
// own digits otherwise; anything else is a DOUBLE.
func (e *roundFunc) resultType() result {
	switch e.k {
	case kInt, kUint:
		return result{k: e.k}
	case kDecimal:
		p, s := decimalShape(e.args[0], kDecimal)
		sc := s
		if _, lit := unwrap(e.args[1]).(*expression.Literal); lit || isConstant(e.args[1]) && !hasUserVar(e.args[1]) {
			if d, err := e.eval(typeContext, nil, 1, kindOf(e.args[1])); err == nil && d.k != kNull {
				n, _ := d.toInt()
				switch {
				case d.k == kUint && n < 0 || n > maxScale:
					sc = maxScale
				case n < 0:
					sc = 0
				default:
					sc = int32(n)
				}
			}
		}
		prec := p - s + sc
		if !e.truncate && s > sc {
			prec++ // 9.9 rounds to 10
		}
		return result{k: kDecimal, prec: prec, scale: sc}
	}
	return result{k: kDouble}
}

// FunctionName implements sql.FunctionExpression.
func (e *roundFunc) FunctionName() string {
	if e.truncate {
		return "truncate"
	}
	return "round"
}

// Description implements sql.FunctionExpression.
func (e *roundFunc) Description() string {
	if e.truncate {
		return "returns x truncated to d decimal places."
	}
	return "rounds x to d decimal places."
}

// String implements sql.Expression, as MySQL prints the call in error
// 1690: round(18446744073709551615,-(1)).
func (e *roundFunc) String() string {
	if !e.written {
		return fmt.Sprintf("%s(%s)", e.FunctionName(), printArg(e.args[0]))
	}
	return fmt.Sprintf("%s(%s,%s)", e.FunctionName(), printArg(e.args[0]), printArg(e.args[1]))
}

// printArg prints e as MySQL prints an argument: a negative integer
// literal, which MySQL's parser makes the negation of a positive one (and
// vitess folds into one literal), as -(1).
func printArg(e sql.Expression) string {
	if lit, ok := unwrap(e).(*expression.Literal); ok {
		if i, ok := goInt(lit.Value()); ok && kindOf(lit) == kInt && i < 0 && i != math.MinInt64 {
			return fmt.Sprintf("-(%d)", -i)
		}
	}
	return e.String()
}

// Type implements sql.Expression.
func (e *roundFunc) Type() sql.Type {
	if e.k == kDeferred {
		return deferredType(e.args[0])
	}
	return e.res.sqlType()
}

// WithChildren implements sql.Expression.
func (e *roundFunc) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	return buildRound(e.truncate, e.written, children...)
}

// Eval implements sql.Expression.
func (e *roundFunc) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := e.evalExact(ctx, row, 0, e.k)
	if err != nil || x.k == kNull {
		return nil, err
	}
	dv, err := e.evalExact(ctx, row, 1, kindOf(e.args[1]))
	if err != nil || dv.k == kNull {
		return nil, err
	}
	// d is read as an integer; a d beyond the signed range is "very many
	// digits", as MySQL's unsigned_flag test makes it.
	d, _ := dv.toInt()
	dUnsigned := dv.k == kUint && d < 0
	switch e.res.k {
	case kInt, kUint:
		return e.intOp(x, d, dUnsigned)
	case kDecimal:
		return e.decimalOp(x.toDecimal(), d, dUnsigned), nil
	}
	if x.k == kString {
		if _, exact := strtod(x.s); !exact {
			warn(ctx, erTruncatedWrongValue, "Truncated incorrect DOUBLE value: '%s'", x.quoted())
		}
	}
	return roundDouble(x.toDouble(), d, dUnsigned, e.truncate), nil
}

// pow10Int are the powers of ten a BIGINT holds, 10^0 … 10^19
// (log_10_int).
var pow10Int = func() [20]uint64 {
	var p [20]uint64
	p[0] = 1
	for i := 1; i < len(p); i++ {
		p[i] = p[i-1] * 10
	}
	return p
}()

// intOp is Item_func_round::int_op: x rounded (half away from zero) or
// truncated to a multiple of 10^-d, on 64 bits; error 1690 when that
// leaves the type.
func (e *roundFunc) intOp(x value, d int64, dUnsigned bool) (any, error) {
	unsigned := e.res.k == kUint
	if d >= 0 || dUnsigned {
		return x.goValue(), nil
	}
	if d <= -int64(len(pow10Int)) {
		return value{k: e.res.k}.goValue(), nil // 0
	}
	p := pow10Int[-d]
	if unsigned {
		u := uint64(x.i)
		r := u / p * p
		if !e.truncate && u-r >= p/2 {
			if r > math.MaxUint64-p {
				return nil, errOutOfRange("BIGINT UNSIGNED", e.String())
			}
			r += p
		}
		return r, nil
	}
	neg := x.i < 0
	u := uint64(x.i)
	if neg {
		u = -u
	}
	r := u / p * p
	if !e.truncate && u-r >= p/2 {
		r += p // no overflow: |x| ≤ 2^63, p ≤ 10^19
	}
	if neg && r > 1<<63 || !neg && r > math.MaxInt64 {
		return nil, errOutOfRange("BIGINT", e.String())
	}
	if neg {
		return -int64(r), nil
	}
	return int64(r), nil
}

// decimalOp is Item_func_round::decimal_op: x rounded half away from zero
// (or truncated) to d digits after the point, d at most the answer's
// scale; a negative d rounds to a multiple of 10^-d.
func (e *roundFunc) decimalOp(x decimal.Decimal, d int64, dUnsigned bool) decimal.Decimal {
	places := int64(e.res.scale)
	switch {
	case d >= 0 || dUnsigned:
		if !dUnsigned && d < places {
			places = d
		}
	case d < -maxPrecision:
		places = -maxPrecision - 1
	default:
		places = d
	}
	var r decimal.Decimal
	if e.truncate {
		r = x.Shift(int32(places)).Truncate(0).Shift(int32(-places))
	} else {
		r = x.Round(int32(places))
	}
	if places < 0 {
		return r.Round(0)
	}
	return r.Round(e.res.scale) // printed with the answer's scale
}

// roundDouble is MySQL's my_double_round: f rounded with rint (half to
// even) or truncated toward zero, at d digits after the point, computed
// on the binary value (ROUND(1.005e0, 2) is 1: 1.005 * 100 is
// 100.49999999999999).
func roundDouble(f float64, d int64, dUnsigned, truncate bool) float64 {
	negD := d < 0 && !dUnsigned
	abs := d
	if negD {
		abs = -d
	} else if dUnsigned {
		abs = math.MaxInt64
	}
	p := math.Pow(10, float64(abs))
	div, mul := f/p, f*p
	switch {
	case negD && math.IsInf(p, 0):
		return 0
	case !negD && (math.IsInf(mul, 0) || math.IsNaN(mul)):
		return f
	case truncate && negD:
		return math.Trunc(div) * p
	case truncate:
		return math.Trunc(mul) / p
	case negD:
		return math.RoundToEven(div) * p
	}
	return math.RoundToEven(mul) / p
}

// hasUserVar reports whether e reads a user variable, which a constant
// may (isConstant) but which planning cannot read.
func hasUserVar(e sql.Expression) bool {
	found := false
	sql.Inspect(e, func(e sql.Expression) bool {
		if _, ok := e.(*expression.UserVar); ok {
			found = true
		}
		return !found
	})
	return found
}
