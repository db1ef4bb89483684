package compat

// Fault (go-mysql-server v0.20.0): FORMAT(X, D) converts X to a DOUBLE
// and its whole part to an int64: FORMAT(18446744073709551615, 0) was
// '384', FORMAT(9223372036854775807, 0) '-9,223,372,036,854,775,616',
// FORMAT(9007199254740993, 0) lost the last digit, FORMAT(1e20, 2) and
// FORMAT(1e300, 2) were wrong, a DECIMAL 1.005 rounded to 1.00, and a
// string that is not a number was NULL. MySQL 8 (Item_func_format::val_str)
// formats an integer or DECIMAL X exactly (rounded half away from zero),
// a DOUBLE (and a string, read as a DOUBLE) after my_double_round (half to
// even of X·10^D) with its shortest digits; D is read as an integer and
// clamped to 0..30; the whole part is grouped by threes. With a locale
// (the third argument) the separators are the locale's (format_locales.go).
// Pinned by TestFormatNumber.
//
// FORMAT read a quotient rounded to its type's scale, so FORMAT(2/3, 6)
// was '0.666700' and FORMAT(1/7, 30) '0.1429' padded with zeros; MySQL 8
// formats the DECIMAL val_decimal gives, the quotient truncated to whole
// 9-digit words (0.666666666, div.go), as '0.666667'. And a DATE,
// DATETIME or TIME was read as the number its text begins with,
// FORMAT(DATE '2024-01-02', 1) '2,024.0'; MySQL reads it with val_real,
// as its digits: '20,240,102.0'. Pinned by TestFormatNumber's rows of
// divisions and temporals.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// formatMaxDecimals is MySQL's FORMAT_MAX_DECIMALS.
const formatMaxDecimals = 30

// formatNumber is FORMAT(X, D[, locale]).
type formatNumber struct {
	args
	ks []kind
}

var _ sql.FunctionExpression = (*formatNumber)(nil)
var _ sql.CollationCoercible = (*formatNumber)(nil)

func newFormat(a ...sql.Expression) (sql.Expression, error) {
	if len(a) < 2 || len(a) > 3 {
		return nil, sql.ErrInvalidArgumentNumber.New("FORMAT", "2 or 3", len(a))
	}
	e := &formatNumber{args: args(a)}
	e.ks = e.args.kinds()
	return e, nil
}

// FunctionName implements sql.FunctionExpression.
func (*formatNumber) FunctionName() string { return "format" }

// Description implements sql.FunctionExpression.
func (*formatNumber) Description() string {
	return "returns X formatted as #,###,###.##, rounded to D decimal places."
}

// String implements sql.Expression.
func (e *formatNumber) String() string {
	parts := make([]string, len(e.args))
	for i, a := range e.args {
		parts[i] = a.String()
	}
	return fmt.Sprintf("format(%s)", strings.Join(parts, ", "))
}

// Type implements sql.Expression: a string.
func (*formatNumber) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible: the session's
// collation, coercible, as a number's text.
func (*formatNumber) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *formatNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	return newFormat(children...)
}

// Eval implements sql.Expression: NULL when X or D is NULL.
func (e *formatNumber) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	// A quotient's unrounded digits (div.go's exactEval, as MySQL's
	// val_decimal reads it): FORMAT(2/3, 6) is 0.666667, not 0.666700.
	x, err := e.evalExact(ctx, row, 0, e.ks[0])
	if err != nil || x.k == kNull {
		return nil, err
	}
	if isTemporal(e.args[0].Type()) && !types.IsYear(e.args[0].Type()) {
		// MySQL reads a DATE, DATETIME or TIME as a DOUBLE (val_real): its
		// digits, 20240102 or 20240102030405.5.
		f, ok, err := temporalDouble(ctx, e.args[0], row)
		if err != nil || !ok {
			return nil, err
		}
		x = value{k: kDouble, f: f}
	}
	dv, err := e.eval(ctx, row, 1, e.ks[1])
	if err != nil || dv.k == kNull {
		return nil, err
	}
	d64, _ := dv.toInt()
	d := int32(min(max(d64, 0), formatMaxDecimals))
	var digits string // [-]whole[.fraction], d fraction digits
	switch x.k {
	case kInt, kUint, kDecimal:
		digits = x.toDecimal().Round(d).StringFixed(d)
	default:
		f := x.toDouble()
		p := math.Pow(10, float64(d))
		if r := math.RoundToEven(f*p) / p; !math.IsInf(r, 0) && !math.IsNaN(r) {
			f = r
		}
		if f == 0 {
			f = 0 // -0.5 rounds to 0, not -0
		}
		digits = fixedDigits(f, d)
	}
	loc := localeEnUS
	if len(e.args) == 3 {
		v, err := e.args[2].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		name := "NULL"
		if v != nil {
			s, _, err := types.LongText.Convert(ctx, v)
			if err != nil {
				return nil, err
			}
			name, _ = s.(string)
		}
		var known bool
		if loc, known = lookupLocale(name); !known {
			warn(ctx, erUnknownLocale, "Unknown locale: '%s'", name)
		}
	}
	return loc.write(digits), nil
}

// temporalDouble returns the DATE, DATETIME, TIMESTAMP or TIME value of e
// as MySQL's val_real reads it, the DOUBLE of its digits
// (temporalValueDecimal, sum_avg.go); false for NULL.
func temporalDouble(ctx *sql.Context, e sql.Expression, row sql.Row) (float64, bool, error) {
	d, ok, err := temporalValueDecimal(ctx, e, row)
	f, _ := d.Float64()
	return f, ok, err
}

// fixedDigits is f with exactly d fraction digits: its shortest
// round-trip digits, padded with zeros (as MySQL's my_fcvt writes them).
func fixedDigits(f float64, d int32) string {
	s := strconv.FormatFloat(f, 'f', -1, 64)
	whole, frac, _ := strings.Cut(s, ".")
	if int32(len(frac)) > d {
		return strconv.FormatFloat(f, 'f', int(d), 64)
	}
	frac += strings.Repeat("0", int(d)-len(frac))
	if d == 0 {
		return whole
	}
	return whole + "." + frac
}
