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
// (the third argument) the separators are the locale's, as
// go-mysql-server gives them. Pinned by TestFormatNumber.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
	"golang.org/x/text/number"
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
	x, err := e.eval(ctx, row, 0, e.ks[0])
	if err != nil || x.k == kNull {
		return nil, err
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
	sep, point := ",", "."
	if len(e.args) == 3 {
		loc, err := e.args[2].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if s, ok := loc.(string); ok {
			sep, point = localeSeparators(s)
		}
	}
	return groupDigits(digits, sep, point), nil
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

// groupDigits writes [-]whole[.fraction] with sep between each three
// digits of the whole part and point before the fraction.
func groupDigits(digits, sep, point string) string {
	neg := strings.HasPrefix(digits, "-")
	digits = strings.TrimPrefix(digits, "-")
	whole, frac, hasFrac := strings.Cut(digits, ".")
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(sep)
		}
		b.WriteRune(c)
	}
	if hasFrac {
		b.WriteString(point)
		b.WriteString(frac)
	}
	return b.String()
}

// localeSeparators returns the thousands separator and decimal point of
// the locale name (en_US, de_DE, …) as golang.org/x/text prints them, and
// en_US's for a name it does not know.
func localeSeparators(name string) (sep, point string) {
	tag, err := language.Parse(name)
	if err != nil {
		return ",", "."
	}
	s := message.NewPrinter(tag).Sprintf("%v", number.Decimal(1234.5))
	runes := []rune(s)
	if len(runes) != 7 {
		return ",", "."
	}
	return string(runes[1]), string(runes[5])
}
