package compat

// Fault (go-mysql-server v0.20.0): ABS(-9223372036854775808) returned
// -9223372036854775808, where MySQL 8 (Item_func_abs::int_op) and MariaDB
// give error 1690 "BIGINT value is out of range in
// 'abs(-9223372036854775808)'"; ABS of a comparison's answer (a Go bool)
// or of a string was NULL (MySQL: 0 or 1, and the string's DOUBLE; pinned
// by AbsArgScripts in sqltests, also on MariaDB); ABS of the INT
// -2147483648 was -2147483648, computed and typed in 32 bits (MySQL: the
// BIGINT 2147483648), and ABS(NULL) had the type NULL (MySQL: DOUBLE, the
// NULL literal's result type being a string), so CASE … ABS(NULL) … END
// took the other branch's type (pinned by TestAbsInt). GREATEST and LEAST of a DECIMAL, or of
// FLOOR or CEIL of one (whose Go value is a decimal.Decimal under the
// type INT, floor_ceil.go), failed with "unsupported type for
// greatest/least argument: decimal.Decimal", and read every number as a
// DOUBLE, refusing BIGINT UNSIGNED values above 2^63. MySQL 8
// (Item_func_min_max) compares numbers in the type its arguments
// aggregate to: BIGINT (signed or unsigned when all are), DECIMAL when one
// is a DECIMAL or signs mix, DOUBLE when one is a DOUBLE; strings, dates
// and the rest stay go-mysql-server's. GREATEST and LEAST of a binary
// string (0x41, b'101', a VARBINARY) and a number failed with 1105
// "unsupported type for greatest/least argument: []uint8"; MySQL 8
// compares a mix of numbers and strings as strings, as binary strings
// when one is binary (the number as its text): GREATEST(0x41, 1) is 'A',
// LEAST(b'101', 3) is 0x05 (MariaDB compares them as numbers: 65 and 3).
// Pinned by TestAbsGreatest. Delete this file when upstream answers so.

import (
	"bytes"
	"fmt"
	"math"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// absVal is go-mysql-server's ABS with MySQL's overflow error.
type absVal struct{ *function.AbsVal }

var _ sql.FunctionExpression = (*absVal)(nil)

func newAbs(e sql.Expression) sql.Expression {
	return &absVal{function.NewAbsVal(e).(*function.AbsVal)}
}

// Eval implements sql.Expression: error 1690 for ABS of -2^63; a
// boolean (a comparison's answer) read as the integer 0 or 1, a string
// as the DOUBLE it starts with, warning 1292 when it is not wholly a
// number, as MySQL's ABS reads them (go-mysql-server's answered NULL).
func (a *absVal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch x := v.(type) {
	case bool:
		if x {
			return int64(1), nil
		}
		return int64(0), nil
	case string:
		return absString(ctx, x, isBinaryString(a.Child.Type())), nil
	case []byte:
		return absString(ctx, string(x), isBinaryString(a.Child.Type())), nil
	}
	if _, wide := v.(int64); !wide && types.IsInteger(a.Child.Type()) && !types.IsUnsigned(a.Child.Type()) {
		// A narrower signed integer, whose ABS go-mysql-server computes in
		// its own width: ABS of the INT -2147483648 was -2147483648.
		if n, ok := goInt(v); ok {
			if n < 0 {
				n = -n // cannot overflow: narrower than 64 bits
			}
			return n, nil
		}
	}
	v, err = a.AbsVal.Eval(ctx, row)
	if x, ok := v.(int64); ok && err == nil && x == math.MinInt64 {
		return nil, errOutOfRange("BIGINT", "abs("+a.Child.String()+")")
	}
	return v, err
}

// absString is ABS of the string s (of a binary string when binary): of
// the DOUBLE it starts with, warning 1292 when s is not wholly a number.
func absString(ctx *sql.Context, s string, binary bool) float64 {
	return math.Abs(stringDouble(ctx, s, binary))
}

// stringDouble returns the DOUBLE the string s (a binary string when
// binary) starts with, as MySQL's val_real of a string reads it, warning
// 1292 when s is not wholly a number.
func stringDouble(ctx *sql.Context, s string, binary bool) float64 {
	f, exact := strtod(s)
	if !exact {
		ctx.Warn(1292, "Truncated incorrect DOUBLE value: '%s'", quoteValue(s, binary))
	}
	return f
}

// Type implements sql.Expression: BIGINT for a boolean or integer
// argument (BIGINT UNSIGNED for an unsigned one), DOUBLE for a string one
// (MySQL's Item_func_num1), else the argument's type.
func (a *absVal) Type() sql.Type {
	t := a.Child.Type()
	switch {
	case types.IsBoolean(t), types.IsInteger(t) && !types.IsUnsigned(t):
		return types.Int64
	case types.IsInteger(t):
		return types.Uint64
	case types.IsText(t) || types.IsBinaryType(t), t == types.Null:
		return types.Float64
	case types.IsDecimal(t): // an integer literal past BIGINT has its own digits, not DECIMAL(65,30)
		return decimalType(decimalShape(a.Child, kDecimal))
	}
	return t
}

// WithChildren implements sql.Expression.
func (a *absVal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	return newAbs(children[0]), nil
}

// minMax is GREATEST (greatest true) or LEAST of numeric arguments.
type minMax struct {
	args
	greatest bool
	res      result
}

var _ sql.FunctionExpression = (*minMax)(nil)

// newMinMax returns GREATEST or LEAST of a: this package's for numbers,
// go-mysql-server's otherwise.
func newMinMax(greatest bool, a ...sql.Expression) (sql.Expression, error) {
	a, _ = binaryLiterals(a) // binary_params.go
	ks := args(a).kinds()
	res, ok := minMaxResultOf(a, ks)
	if !ok && binaryMinMax(a, ks) {
		return &minMaxBytes{args: a, greatest: greatest, ks: ks}, nil
	}
	if m, text := newMinMaxText(greatest, a, ks); !ok && text { // min_max_text.go
		return m, nil
	}
	if m, temporal := newTemporalMinMax(greatest, a); !ok && temporal { // temporal_min_max.go
		return m, nil
	}
	if !ok {
		if greatest {
			return function.NewGreatest(a...)
		}
		return function.NewLeast(a...)
	}
	return &minMax{args: a, greatest: greatest, res: res}, nil
}

// minMaxResultOf is minMaxResult of the arguments a (of kinds ks) that
// are not the NULL literal, as MySQL's Item::aggregate_type skips them
// (LEAST(1.5e0, NULL) is a DOUBLE; go-mysql-server's was an INT). Pinned
// by TestMinMaxNull.
func minMaxResultOf(a []sql.Expression, ks []kind) (result, bool) {
	var vals []sql.Expression
	var vks []kind
	for i, k := range ks {
		if k != kNull {
			vals, vks = append(vals, a[i]), append(vks, k)
		}
	}
	if len(vals) == 1 && len(a) > 1 {
		vals, vks = append(vals, vals[0]), append(vks, vks[0])
	}
	return minMaxResult(vals, vks)
}

// minMaxResult returns the type GREATEST and LEAST of arguments a of kinds
// ks have, and false unless all are numbers (integers, DECIMAL, DOUBLE).
func minMaxResult(a []sql.Expression, ks []kind) (result, bool) {
	if len(ks) < 2 {
		return result{}, false
	}
	var ints, uints, decs, doubles int
	var intDigits, scale int32
	for i, k := range ks {
		switch k {
		case kInt:
			ints++
		case kUint:
			uints++
		case kDecimal:
			decs++
		case kDouble:
			doubles++
		default:
			return result{}, false
		}
		p, s := decimalShape(a[i], k)
		intDigits, scale = max(intDigits, p-s), max(scale, s)
	}
	switch {
	case doubles > 0:
		return result{k: kDouble, float: floatResult(a)}, true // float_results.go
	case decs == 0 && uints == 0:
		return result{k: kInt}, true
	case decs == 0 && ints == 0:
		return result{k: kUint}, true
	}
	return result{k: kDecimal, prec: intDigits + scale, scale: scale}, true
}

// FunctionName implements sql.FunctionExpression.
func (m *minMax) FunctionName() string {
	if m.greatest {
		return "greatest"
	}
	return "least"
}

// Description implements sql.FunctionExpression.
func (m *minMax) Description() string {
	return "returns the " + strings.TrimSuffix(m.FunctionName(), "est") + "est of its arguments."
}

// String implements sql.Expression.
func (m *minMax) String() string {
	s := make([]string, len(m.args))
	for i, a := range m.args {
		s[i] = a.String()
	}
	return fmt.Sprintf("%s(%s)", m.FunctionName(), strings.Join(s, ","))
}

// Type implements sql.Expression.
func (m *minMax) Type() sql.Type { return m.res.sqlType() }

// WithChildren implements sql.Expression.
func (m *minMax) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newMinMax(m.greatest, children...)
}

// Eval implements sql.Expression: NULL if an argument is NULL, else the
// greatest (least) argument, compared and returned in the result's type.
func (m *minMax) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var best value
	for i := range m.args {
		x, err := m.args.eval(ctx, row, i, kindOf(m.args[i]))
		if err != nil || x.k == kNull {
			return nil, err
		}
		x = m.as(x)
		if i == 0 || m.better(x, best) {
			best = x
		}
	}
	if m.res.k == kDecimal {
		return best.d.Round(m.res.scale), nil // printed with the result's scale
	}
	if m.res.k == kDouble {
		return m.res.double(best.f), nil
	}
	return best.goValue(), nil
}

// as returns x in the result's kind.
func (m *minMax) as(x value) value {
	switch m.res.k {
	case kDouble:
		return value{k: kDouble, f: x.toDouble()}
	case kDecimal:
		return value{k: kDecimal, d: x.toDecimal()}
	}
	return x
}

// better reports whether x beats best.
func (m *minMax) better(x, best value) bool {
	c := 0
	switch m.res.k {
	case kDouble:
		switch {
		case x.f < best.f:
			c = -1
		case x.f > best.f:
			c = 1
		}
	case kDecimal:
		c = x.d.Cmp(best.d)
	case kUint:
		switch {
		case uint64(x.i) < uint64(best.i):
			c = -1
		case uint64(x.i) > uint64(best.i):
			c = 1
		}
	default:
		switch {
		case x.i < best.i:
			c = -1
		case x.i > best.i:
			c = 1
		}
	}
	return m.greatest && c > 0 || !m.greatest && c < 0
}

// binaryMinMax reports whether GREATEST or LEAST of a, of kinds ks, is
// a comparison of binary strings: an argument is a binary string and
// the others are numbers or strings.
func binaryMinMax(a []sql.Expression, ks []kind) bool {
	binary := false
	for i, k := range ks {
		if !k.numeric() || k == kNull {
			return false
		}
		binary = binary || k == kString && isBinary(a[i])
	}
	return binary && len(a) >= 2
}

// minMaxBytes is GREATEST (greatest true) or LEAST of arguments compared
// as binary strings (binaryMinMax).
type minMaxBytes struct {
	args
	greatest bool
	ks       []kind
}

var _ sql.FunctionExpression = (*minMaxBytes)(nil)

// FunctionName implements sql.FunctionExpression.
func (m *minMaxBytes) FunctionName() string {
	return (&minMax{greatest: m.greatest}).FunctionName()
}

// Description implements sql.FunctionExpression.
func (m *minMaxBytes) Description() string {
	return (&minMax{greatest: m.greatest}).Description()
}

// String implements sql.Expression.
func (m *minMaxBytes) String() string {
	return (&minMax{args: m.args, greatest: m.greatest}).String()
}

// Type implements sql.Expression: a binary string.
func (m *minMaxBytes) Type() sql.Type { return types.LongBlob }

// WithChildren implements sql.Expression.
func (m *minMaxBytes) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newMinMax(m.greatest, children...)
}

// Eval implements sql.Expression: NULL if an argument is NULL, else the
// bytes of the greatest (least) argument's text.
func (m *minMaxBytes) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var best []byte
	for i := range m.args {
		x, err := m.args.eval(ctx, row, i, m.ks[i])
		if err != nil || x.k == kNull {
			return nil, err
		}
		_, scale := decimalShape(m.args[i], x.k)
		b := []byte(x.toText(scale))
		if c := bytes.Compare(b, best); i == 0 || m.greatest && c > 0 || !m.greatest && c < 0 {
			best = b
		}
	}
	return best, nil
}
