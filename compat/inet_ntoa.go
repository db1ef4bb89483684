package compat

// Fault (go-mysql-server v0.20.0): INET_NTOA(N) reads N as an int32, so
// every address from 128.0.0.0 on was '127.255.255.255'
// (INET_NTOA(4294967295), INET_NTOA(bigint_unsigned % 4294967296)), and
// N past 32 bits was that too instead of NULL. MySQL 8
// (Item_func_inet_ntoa::val_str) reads N as val_int does (a DECIMAL
// rounded half away from zero, a DOUBLE half to even, a string for its
// leading integer; a hexadecimal or bit-value literal its number, the
// parser's hexChild, where go-mysql-server read b'1' as bytes, '0.0.0.0') and answers NULL for a
// negative N or one above 4294967295. Pinned by TestFormatNumber and
// TestCastText.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// inetNtoa is INET_NTOA(N).
type inetNtoa struct {
	args
	ks []kind
}

var _ sql.FunctionExpression = (*inetNtoa)(nil)
var _ sql.CollationCoercible = (*inetNtoa)(nil)

func newInetNtoa(a ...sql.Expression) (sql.Expression, error) {
	if len(a) != 1 {
		return nil, sql.ErrInvalidArgumentNumber.New("INET_NTOA", 1, len(a))
	}
	e := &inetNtoa{args: args(a)}
	e.ks = e.args.kinds()
	return e, nil
}

// FunctionName implements sql.FunctionExpression.
func (*inetNtoa) FunctionName() string { return "inet_ntoa" }

// Description implements sql.FunctionExpression.
func (*inetNtoa) Description() string {
	return "returns the dotted-quad IPv4 address of the network-order number N."
}

// String implements sql.Expression.
func (e *inetNtoa) String() string { return fmt.Sprintf("inet_ntoa(%s)", e.args[0]) }

// Type implements sql.Expression: VARCHAR(15).
func (*inetNtoa) Type() sql.Type { return types.MustCreateStringWithDefaults(sqltypes.VarChar, 15) }

// IsNullable implements sql.Expression.
func (*inetNtoa) IsNullable() bool { return true }

// CollationCoercibility implements sql.CollationCoercible.
func (*inetNtoa) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *inetNtoa) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newInetNtoa(children...)
}

// Eval implements sql.Expression: NULL for NULL, a negative N or one
// above 4294967295.
func (e *inetNtoa) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.eval(ctx, row, 0, e.ks[0])
	if err != nil || v.k == kNull {
		return nil, err
	}
	n, _ := v.toInt()
	u := uint64(n)
	if v.k != kUint && n < 0 || u > 0xffffffff {
		return nil, nil
	}
	return fmt.Sprintf("%d.%d.%d.%d", u>>24, u>>16&0xff, u>>8&0xff, u&0xff), nil
}
