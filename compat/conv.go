package compat

// Fault (go-mysql-server v0.20.0): CONV(N, from_base, to_base) parses N
// with Go's strconv and clamps what does not fit (CONV of a value above
// 2^64-1, of a negative N to an unsigned base, of a DECIMAL or DOUBLE),
// where MySQL reads N's text with my_strntoull (or my_strntoll for a
// negative from_base): a leading minus negates modulo 2^64, digits stop at
// the first character outside the base, overflow gives
// 18446744073709551615. The answer is written unsigned unless to_base is
// negative. NULL for a base outside 2..36 or an empty N. The replacement
// follows MySQL 8's Item_func_conv::val_str (sql/item_strfunc.cc). OCT(N),
// which go-mysql-server lacks, is CONV(N, 10, 8), and BIN(N) CONV(N, 10, 2),
// as in MySQL (go-mysql-server's BIN of -2^63 was 100000000000000). Pinned
// by TestConv and (OCT, BIN) TestFormatNumber.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// conv is CONV(n, from_base, to_base).
type conv struct {
	args
	ks []kind
}

var _ sql.Expression = (*conv)(nil)
var _ sql.FunctionExpression = (*conv)(nil)
var _ sql.CollationCoercible = (*conv)(nil)

// newConv returns CONV(n, from, to): ours when the arguments are numbers
// or strings, go-mysql-server's own otherwise.
func newConv(n, from, to sql.Expression) sql.Expression {
	e := &conv{args: args{n, from, to}}
	e.ks = e.args.kinds()
	if !allNumeric(e.ks) && !anyKind(e.ks, kDeferred) {
		return function.NewConv(unwrap(n), unwrap(from), unwrap(to))
	}
	return e
}

// newOct returns OCT(n), CONV(n, 10, 8) as MySQL 8 defines it.
func newOct(n sql.Expression) sql.Expression {
	return newConv(n, expression.NewLiteral(int64(10), types.Int64), expression.NewLiteral(int64(8), types.Int64))
}

// newBin returns BIN(n), CONV(n, 10, 2) as MySQL 8 defines it.
func newBin(n sql.Expression) sql.Expression {
	return newConv(n, expression.NewLiteral(int64(10), types.Int64), expression.NewLiteral(int64(2), types.Int64))
}

// FunctionName implements sql.FunctionExpression.
func (e *conv) FunctionName() string { return "conv" }

// Description implements sql.FunctionExpression.
func (e *conv) Description() string { return "converts numbers between different number bases." }

// String implements sql.Expression.
func (e *conv) String() string {
	return fmt.Sprintf("conv(%s, %s, %s)", e.args[0], e.args[1], e.args[2])
}

// Type implements sql.Expression: a string.
func (e *conv) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible: the answer is a
// string in the session's collation, coercible.
func (e *conv) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *conv) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 3 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 3)
	}
	return newConv(children[0], children[1], children[2]), nil
}

// Eval implements sql.Expression.
func (e *conv) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var vs [3]value
	for i := range vs {
		v, err := e.eval(ctx, row, i, e.ks[i])
		if err != nil {
			return nil, err
		}
		vs[i] = v
	}
	if vs[0].k == kNull || vs[1].k == kNull || vs[2].k == kNull {
		return nil, nil
	}
	fromBase, toBase := base(vs[1]), base(vs[2])
	if fromBase == math.MinInt32 || toBase == math.MinInt32 || abs(toBase) > 36 || abs(toBase) < 2 ||
		abs(fromBase) > 36 || abs(fromBase) < 2 {
		return nil, nil
	}
	var n int64
	if types.IsBit(e.args[0].Type()) {
		n, _ = vs[0].toInt()
	} else {
		var scale int32
		if dt, ok := e.args[0].Type().(sql.DecimalType); ok {
			scale = int32(dt.Scale())
		}
		text := vs[0].toText(scale)
		if h, ok := e.args[0].(*hexLit); ok {
			text = string(h.Value().([]byte)) // CONV reads N's text: a hex literal's bytes
		}
		if text == "" {
			return nil, nil
		}
		if fromBase < 0 {
			n = strntoll(text, -fromBase)
		} else {
			n = int64(strntoull(text, fromBase))
		}
	}
	if toBase < 0 && n < 0 {
		return "-" + strings.ToUpper(strconv.FormatUint(-uint64(n), int(-toBase))), nil
	}
	return strings.ToUpper(strconv.FormatUint(uint64(n), int(abs(toBase)))), nil
}

// base reads a base argument as MySQL does, (int)val_int(): the low 32
// bits of the integer.
func base(v value) int32 {
	i, _ := v.toInt()
	return int32(i)
}

func abs(x int32) int32 {
	if x < 0 {
		return -x
	}
	return x
}

// digits reads the digits in base of s after blanks and a sign, as
// my_strntoull_8bit's loop does: it returns their value (overflow set when
// it exceeds 2^64-1), whether the number is negative and whether any digit
// was read.
func digits(s string, base int32) (u uint64, negative, overflow, any bool) {
	p := strings.TrimLeft(s, " \t\n\r\v\f")
	if p != "" && (p[0] == '-' || p[0] == '+') {
		negative = p[0] == '-'
		p = p[1:]
	}
	b := uint64(base)
	cutoff, cutlim := math.MaxUint64/b, math.MaxUint64%b
	for i := 0; i < len(p); i++ {
		var d uint64
		switch c := p[i]; {
		case c >= '0' && c <= '9':
			d = uint64(c - '0')
		case c >= 'A' && c <= 'Z':
			d = uint64(c-'A') + 10
		case c >= 'a' && c <= 'z':
			d = uint64(c-'a') + 10
		default:
			return u, negative, overflow, any
		}
		if d >= b {
			break
		}
		any = true
		if u > cutoff || u == cutoff && d > cutlim {
			overflow = true
		} else {
			u = u*b + d
		}
	}
	return u, negative, overflow, any
}

// strntoull is MySQL's my_strntoull_8bit: the number in s read in base,
// 18446744073709551615 on overflow, a negative one negated modulo 2^64.
func strntoull(s string, base int32) uint64 {
	u, negative, overflow, any := digits(s, base)
	switch {
	case !any:
		return 0
	case overflow:
		return math.MaxUint64
	case negative:
		return -u
	}
	return u
}

// strntoll is MySQL's my_strntoll_8bit: the number in s read in base,
// clamped to the signed BIGINT range.
func strntoll(s string, base int32) int64 {
	u, negative, overflow, any := digits(s, base)
	switch {
	case !any:
		return 0
	case negative && (overflow || u > 1<<63):
		return math.MinInt64
	case !negative && (overflow || u > math.MaxInt64):
		return math.MaxInt64
	case negative:
		return -int64(u)
	}
	return int64(u)
}
