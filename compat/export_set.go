package compat

// Fault (go-mysql-server v0.20.0): EXPORT_SET does not exist (1305).
// MySQL 8 (Item_func_export_set): EXPORT_SET(bits, on, off[, separator[,
// number_of_bits]]) is, for each of the number_of_bits lowest bits of
// bits (64 when omitted, negative or above 64), lowest first, on if the
// bit is set and off if not, joined by separator (',' when omitted);
// NULL when an argument is NULL. Pinned by TestSetFunctions (also on
// MariaDB).

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// exportSet is EXPORT_SET(bits, on, off[, separator[, number_of_bits]]).
type exportSet struct{ args }

var _ sql.FunctionExpression = (*exportSet)(nil)

func newExportSet(a ...sql.Expression) (sql.Expression, error) {
	if len(a) < 3 || len(a) > 5 {
		return nil, sql.ErrInvalidArgumentNumber.New("EXPORT_SET", "3 to 5", len(a))
	}
	return &exportSet{args(a)}, nil
}

// FunctionName implements sql.FunctionExpression.
func (*exportSet) FunctionName() string { return "export_set" }

// Description implements sql.FunctionExpression.
func (*exportSet) Description() string {
	return "returns a string of on or off for each bit of bits, joined by separator."
}

// String implements sql.Expression.
func (e *exportSet) String() string { return fmt.Sprintf("export_set(%s)", joinArgs(e.args)) }

// Type implements sql.Expression: LONGTEXT.
func (*exportSet) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible.
func (*exportSet) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *exportSet) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newExportSet(children...)
}

// Eval implements sql.Expression.
func (e *exportSet) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	bits, null, err := e.intArg(ctx, row, 0)
	if err != nil || null {
		return nil, err
	}
	strs := []string{"", "", ","}
	for i := 1; i < len(e.args) && i < 4; i++ {
		s, null, err := e.textArg(ctx, row, i)
		if err != nil || null {
			return nil, err
		}
		strs[i-1] = s
	}
	n := int64(64)
	if len(e.args) == 5 {
		c, null, err := e.intArg(ctx, row, 4)
		if err != nil || null {
			return nil, err
		}
		if c >= 0 && c < 64 {
			n = c
		}
	}
	var b strings.Builder
	for i := range n {
		if i > 0 {
			b.WriteString(strs[2])
		}
		if uint64(bits)&(1<<uint(i)) != 0 {
			b.WriteString(strs[0])
		} else {
			b.WriteString(strs[1])
		}
	}
	return b.String(), nil
}

// intArg evaluates argument i as MySQL's val_int reads it (its 64 bits:
// an unsigned value of 2^63 or more is negative); null for NULL.
func (a args) intArg(ctx *sql.Context, row sql.Row, i int) (int64, bool, error) {
	v, err := a.eval(ctx, row, i, kindOf(a[i]))
	if err != nil || v.k == kNull {
		return 0, true, err
	}
	n, _ := v.toInt()
	return n, false, nil
}

// textArg evaluates argument i as a string (a number's text, a binary
// string's bytes); null for NULL.
func (a args) textArg(ctx *sql.Context, row sql.Row, i int) (string, bool, error) {
	v, err := a.eval(ctx, row, i, kindOf(a[i]))
	if err != nil || v.k == kNull {
		return "", true, err
	}
	return string(bytesOf(a[i], v)), false, nil
}

// joinArgs writes es as a function's argument list.
func joinArgs(es []sql.Expression) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = e.String()
	}
	return strings.Join(parts, ", ")
}
