package compat

// Fault (go-mysql-server v0.20.0): HEX of a DECIMAL or DOUBLE N clamped
// to the signed BIGINT range (HEX(1e30) was 8000000000000000) and wrote
// 16 zeros for a value that rounds to 0 (HEX(-0.05)). MySQL 8
// (Item_func_hex::val_str) rounds N half away from zero to an integer,
// takes ~0 (FFFFFFFFFFFFFFFF) at or below -2^63 and at or above 2^64-1,
// and writes the 64 bits in hexadecimal without leading zeros. Pinned by
// TestNumberText's HEX rows and TestHexNumber.

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// hexNumber is HEX(N) of a DECIMAL or DOUBLE N.
type hexNumber struct {
	args
	k kind
}

var _ sql.FunctionExpression = (*hexNumber)(nil)
var _ sql.CollationCoercible = (*hexNumber)(nil)

// newHex returns HEX(e): hexNumber for a DECIMAL or DOUBLE e,
// go-mysql-server's built-in otherwise.
func newHex(e sql.Expression) (sql.Expression, error) {
	if k := kindOf(e); k == kDecimal || k == kDouble {
		return &hexNumber{args: args{e}, k: k}, nil
	}
	return builtin("hex", []sql.Expression{unwrap(e)})
}

// newHexN is newHex of HEX's one argument, as the function registry calls it.
func newHexN(a ...sql.Expression) (sql.Expression, error) {
	if len(a) != 1 {
		return nil, sql.ErrInvalidArgumentNumber.New("HEX", 1, len(a))
	}
	return newHex(a[0])
}

// FunctionName implements sql.FunctionExpression.
func (*hexNumber) FunctionName() string { return "hex" }

// Description implements sql.FunctionExpression.
func (*hexNumber) Description() string {
	return "returns the hexadecimal digits of N rounded to an integer."
}

// String implements sql.Expression.
func (e *hexNumber) String() string { return fmt.Sprintf("hex(%s)", e.args[0]) }

// Type implements sql.Expression: a string.
func (*hexNumber) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible.
func (*hexNumber) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *hexNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newHex(children[0])
}

// Eval implements sql.Expression: NULL for NULL.
func (e *hexNumber) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.eval(ctx, row, 0, e.k)
	if err != nil || v.k == kNull {
		return nil, err
	}
	f := v.toDouble()
	var u uint64
	switch {
	case f <= math.MinInt64 || f >= math.MaxUint64 || math.IsNaN(f):
		u = math.MaxUint64
	case f > 0:
		u = uint64(f + 0.5)
	default:
		u = uint64(int64(f - 0.5))
	}
	return strings.ToUpper(strconv.FormatUint(u, 16)), nil
}
