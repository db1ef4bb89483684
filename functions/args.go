package functions

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/simsql/simsql/internal/goint"
)

// MaxTextBytes is the largest text, in bytes, that a simsql function
// analyses: 64 MiB. A longer argument is an ErrTextTooLong error.
const MaxTextBytes = 64 << 20

// args is the argument list that every simsql function expression embeds:
// it gives the child plumbing GMS asks of an expression.
type args []sql.Expression

// Children implements sql.Expression.
func (a args) Children() []sql.Expression { return a }

// Resolved implements sql.Expression.
func (a args) Resolved() bool {
	for _, e := range a {
		if !e.Resolved() {
			return false
		}
	}
	return true
}

// IsNullable implements sql.Expression: NULL in gives NULL out.
func (a args) IsNullable() bool { return true }

// format returns name(arg, ...) for String.
func (a args) format(name string) string {
	parts := make([]string, len(a))
	for i, e := range a {
		parts[i] = e.String()
	}
	return name + "(" + strings.Join(parts, ", ") + ")"
}

// eval evaluates every argument; null is true if any of them is NULL.
// DATE, DATETIME, TIMESTAMP, TIME, ENUM and SET values come as their MySQL
// text.
func (a args) eval(ctx *sql.Context, row sql.Row) (vals []interface{}, null bool, err error) {
	vals = make([]interface{}, len(a))
	for i, e := range a {
		v, err := e.Eval(ctx, row)
		if err != nil {
			return nil, false, err
		}
		if v == nil {
			return nil, true, nil
		}
		if t := e.Type(); types.IsTime(t) || types.IsEnum(t) || types.IsSet(t) {
			// Their Go values (time.Time, an ENUM's or SET's number) are not
			// what MySQL reads as their text: '2024-01-02', the label.
			sv, err := t.SQL(ctx, nil, v)
			if err != nil {
				return nil, false, err
			}
			v = sv.ToString()
		}
		vals[i] = v
	}
	return vals, false, nil
}

// evalTexts is eval followed by Text on the first n arguments: the
// preamble of every function whose first arguments are the texts it
// analyses. null is true if any argument is NULL; then texts and vals are
// empty.
func (a args) evalTexts(ctx *sql.Context, row sql.Row, name string, n int) (texts []string, vals []interface{}, null bool, err error) {
	vals, null, err = a.eval(ctx, row)
	if err != nil || null {
		return nil, nil, null, err
	}
	texts = make([]string, n)
	for i := range texts {
		if texts[i], err = Text(ctx, name, vals[i]); err != nil {
			return nil, nil, false, err
		}
	}
	return texts, vals, false, nil
}

// evalText is evalTexts of the first argument alone.
func (a args) evalText(ctx *sql.Context, row sql.Row, name string) (text string, vals []interface{}, null bool, err error) {
	texts, vals, null, err := a.evalTexts(ctx, row, name, 1)
	if err != nil || null {
		return "", nil, null, err
	}
	return texts[0], vals, false, nil
}

// checkArity returns MySQL's argument-count error unless min ≤ len(a) ≤ max.
func checkArity(name string, a []sql.Expression, min, max int) error {
	if len(a) < min || len(a) > max {
		want := strconv.Itoa(min)
		if max > min {
			want = fmt.Sprintf("%d to %d", min, max)
		}
		return sql.ErrInvalidArgumentNumber.New(name, want, len(a))
	}
	return nil
}

// with1 is WithChildren of a function of one argument that mk builds: GMS's
// children-count error unless there is exactly one child.
func with1(f sql.Expression, children []sql.Expression, mk func(a sql.Expression) sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return mk(children[0]), nil
}

// with2 is with1 for a function of two arguments.
func with2(f sql.Expression, children []sql.Expression, mk func(a, b sql.Expression) sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 2)
	}
	return mk(children[0], children[1]), nil
}

// Text converts a non-NULL argument of the function named name to the
// text it analyses: strings as they are, binary strings as UTF-8 bytes
// (invalid bytes are dropped by the analyzer), anything else through
// MySQL's conversion to text.
func Text(ctx *sql.Context, name string, v interface{}) (string, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		c, _, err := types.LongText.Convert(ctx, v)
		if err != nil {
			return "", err
		}
		switch y := c.(type) {
		case string:
			s = y
		case []byte:
			s = string(y)
		default:
			s = fmt.Sprint(y)
		}
	}
	if len(s) > MaxTextBytes {
		return "", ErrTextTooLong.New(name, len(s), MaxTextBytes)
	}
	return s, nil
}

// toInt converts an integer-valued SQL value (integer, integral decimal or
// float, or a string holding one) to an int64; ok is false for anything else
// or a value outside int64.
func toInt(v interface{}) (n int64, ok bool) {
	if n, unsigned, ok := goint.Int64(v); ok { // bool: MySQL's TRUE and FALSE are 1 and 0
		if unsigned && n < 0 {
			return 0, false // above math.MaxInt64
		}
		return n, true
	}
	u, neg, ok := toMagnitude(v)
	if !ok {
		return 0, false
	}
	switch {
	case neg && u <= 1<<63:
		return -int64(u), true
	case !neg && u <= math.MaxInt64:
		return int64(u), true
	}
	return 0, false
}

// toUint converts an integer-valued SQL value in [0, 2^64−1] to a uint64;
// ok is false otherwise.
func toUint(v interface{}) (uint64, bool) {
	if u, ok := v.(uint64); ok {
		return u, true
	}
	if n, ok := toInt(v); ok {
		return uint64(n), n >= 0
	}
	u, neg, ok := toMagnitude(v)
	return u, ok && !neg
}

// NumberLiteral is a literal that is a binary string in string context and
// a BIGINT UNSIGNED in numeric context: MySQL's hexadecimal and bit-value
// literals (Item_hex_string::val_int), as the compat package builds them
// for hamming()'s arguments. hamming() reads one beside a number as its
// number, so hamming(fp, 0xFFFFFFFFFFFFFFFF) is the distance to all ones.
type NumberLiteral interface {
	sql.Expression
	// LiteralNumber returns the literal's number: its last eight bytes,
	// big-endian.
	LiteralNumber() uint64
}

// FingerprintBits returns the 64-bit two's-complement bit pattern of a
// fingerprint value as hamming() reads it: an integer-valued SQL value in
// [−2^63, 2^64−1], so that BIGINT −1 and BIGINT UNSIGNED
// 18446744073709551615 are the same fingerprint; ok is false for NULL and
// anything else.
func FingerprintBits(v any) (bits uint64, ok bool) {
	if n, _, ok := goint.Int64(v); ok {
		return uint64(n), true
	}
	u, neg, ok := toMagnitude(v)
	if !ok {
		return 0, false
	}
	if neg {
		if u > 1<<63 {
			return 0, false
		}
		return -u, true
	}
	return u, true
}

// toMagnitude returns |v| and its sign for an integral decimal, float or
// string value of magnitude below 2^64.
func toMagnitude(v interface{}) (mag uint64, neg bool, ok bool) {
	var d decimal.Decimal
	switch x := v.(type) {
	case decimal.Decimal:
		d = x
	case decimal.NullDecimal:
		if !x.Valid {
			return 0, false, false
		}
		d = x.Decimal
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return 0, false, false
		}
		d = decimal.NewFromFloat(x)
	case float32:
		return toMagnitude(float64(x))
	case string:
		var err error
		if d, err = decimal.NewFromString(strings.TrimSpace(x)); err != nil {
			return 0, false, false
		}
	case []byte:
		return toMagnitude(string(x))
	default:
		return 0, false, false
	}
	if !d.Equal(d.Truncate(0)) {
		return 0, false, false
	}
	neg = d.Sign() < 0
	abs := d.Abs().BigInt()
	if !abs.IsUint64() {
		return 0, false, false
	}
	return abs.Uint64(), neg, true
}

// Describe renders a SQL value for an error message: bytes in hex (0x…),
// anything else as its value, cut at 40 characters.
func Describe(v interface{}) string {
	s := fmt.Sprintf("%v", v)
	if b, ok := v.([]byte); ok {
		s = fmt.Sprintf("0x%X", b)
	}
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}
