package compat

// Fault (go-mysql-server v0.20.0): CAST(x AS SIGNED) and CONVERT(x,
// SIGNED) clamp a BIGINT UNSIGNED above 2^63-1 to 9223372036854775807
// (MySQL: the same 64 bits read as signed, so CAST(18446744073709551615 AS
// SIGNED) is -1), and CAST(x AS UNSIGNED) of a DECIMAL or string above
// 2^63-1 gives 9223372036854775808. The replacement follows MySQL 8's
// Item_typecast_signed and Item_typecast_unsigned (sql/item_func.cc):
// integers keep their bits; a DECIMAL is rounded and clamped to the target
// range (to the signed range, then reinterpreted, when it is negative and
// the target unsigned); a DOUBLE is rounded half to even and clamped to
// the signed range; a string is read by my_strtoll10. Pinned by TestCast.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// castInt is CAST(a AS SIGNED) or CAST(a AS UNSIGNED).
type castInt struct {
	args
	unsigned bool
	k        kind
}

var _ sql.Expression = (*castInt)(nil)
var _ sql.CollationCoercible = (*castInt)(nil)

// newCastInt returns CAST(a AS SIGNED) or, if unsigned, CAST(a AS
// UNSIGNED): ours for a number or string, go-mysql-server's own for other
// arguments (dates and times cast by their own rules).
func newCastInt(a sql.Expression, unsigned bool) sql.Expression {
	e := &castInt{args: args{a}, unsigned: unsigned, k: kindOf(a)}
	if !e.k.numeric() && e.k != kDeferred {
		to := "signed"
		if unsigned {
			to = "unsigned"
		}
		return expression.NewConvert(unwrap(a), to)
	}
	return e
}

// String implements sql.Expression.
func (e *castInt) String() string {
	if e.unsigned {
		return fmt.Sprintf("cast(%s as unsigned)", e.args[0])
	}
	return fmt.Sprintf("cast(%s as signed)", e.args[0])
}

// Type implements sql.Expression: BIGINT or BIGINT UNSIGNED.
func (e *castInt) Type() sql.Type {
	if e.unsigned {
		return types.Uint64
	}
	return types.Int64
}

// WithChildren implements sql.Expression.
func (e *castInt) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newCastInt(children[0], e.unsigned), nil
}

// Eval implements sql.Expression.
func (e *castInt) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.eval(ctx, row, 0, e.k)
	if err != nil || v.k == kNull {
		return nil, err
	}
	var x int64
	exact := true
	switch {
	case v.k == kDecimal && e.unsigned:
		x, exact = decimalToInt(v.d, v.d.Sign() >= 0)
	case v.k == kString:
		x, exact = strtoll10(v.s) // CAST reads a string's text (val_int_from_str), even a column's
	default:
		x, exact = v.toInt()
	}
	if !exact {
		warnTruncated(ctx, v)
	}
	if v.k == kString && exact {
		switch {
		case e.unsigned && x < 0 && leadingMinus(v.s):
			warn(ctx, erUnknownError, "Cast to unsigned converted negative integer to it's positive complement")
		case !e.unsigned && x < 0 && !leadingMinus(v.s):
			warn(ctx, erUnknownError, "Cast to signed converted positive out-of-range integer to it's negative complement")
		}
	}
	if e.unsigned {
		return uint64(x), nil
	}
	return x, nil
}

// leadingMinus reports whether s, after blanks, starts with a minus sign.
func leadingMinus(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\r', '\v', '\f':
			continue
		case '-':
			return true
		}
		return false
	}
	return false
}
