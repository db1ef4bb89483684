package compat

import (
	"encoding/hex"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
)

// Fault (go-mysql-server v0.20.0, speed): UNHEX(s) converted every string
// through LONGTEXT, upper-cased a copy, checked it rune by rune and then
// decoded it: 30.7 µs and 8 KiB for the 2,076 hex digits of a 128-slot
// minhash() signature, 37% of the server's CPU in a LOAD DATA … SET sig =
// UNHEX(@h) of a million rows (BENCHMARKS-minhash.md). unhex decodes a
// string or binary argument in one pass with MySQL's rules (digits of
// either case; an odd count as if led by a 0; any other byte makes the
// result NULL; ” is ”); other arguments (numbers, whose decimal text is
// read as hex digits, and the rest) take go-mysql-server's path. Pinned by
// TestUnhex (its answers equal go-mysql-server's on every case) and
// BenchmarkUnhex.
type unhex struct {
	*function.Unhex
}

var _ sql.FunctionExpression = (*unhex)(nil)

func newUnhex(arg sql.Expression) sql.Expression {
	return &unhex{Unhex: function.NewUnhex(arg).(*function.Unhex)}
}

// Eval implements sql.Expression: the bytes the hex digits of the argument
// spell, NULL for NULL or a string that is not hex digits.
func (u *unhex) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := u.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch s := v.(type) {
	case string:
		return decodeHex(s)
	case []byte:
		return decodeHex(s)
	}
	return u.Unhex.Eval(ctx, row)
}

// WithChildren implements sql.Expression.
func (u *unhex) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(u, len(children), 1)
	}
	return newUnhex(children[0]), nil
}

// decodeHex returns the bytes the hex digits s spell (an odd count read as
// if led by a 0), or nil (NULL) when s holds any other byte.
func decodeHex[S string | []byte](s S) (any, error) {
	src := []byte(s)
	if len(src)%2 == 1 {
		src = append([]byte{'0'}, src...)
	}
	out := make([]byte, len(src)/2)
	if _, err := hex.Decode(out, src); err != nil {
		return nil, nil
	}
	return out, nil
}
