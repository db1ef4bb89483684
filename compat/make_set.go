package compat

// Fault (go-mysql-server v0.20.0): MAKE_SET does not exist (1305). MySQL
// 8 (Item_func_make_set): MAKE_SET(bits, str1, str2, …) is the strings
// whose bit is set in bits (str1 bit 0), in order, joined by ','; a NULL
// string is left out; NULL when bits is NULL; a binary string when one of
// the strings is (go-mysql-server's answer was text). Pinned by
// TestSetFunctions (also on MariaDB) and TestCastText.

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// makeSet is MAKE_SET(bits, str1, str2, …).
type makeSet struct{ args }

var _ sql.FunctionExpression = (*makeSet)(nil)

func newMakeSet(a ...sql.Expression) (sql.Expression, error) {
	if len(a) < 2 {
		return nil, sql.ErrInvalidArgumentNumber.New("MAKE_SET", "2 or more", len(a))
	}
	return &makeSet{args(a)}, nil
}

// FunctionName implements sql.FunctionExpression.
func (*makeSet) FunctionName() string { return "make_set" }

// Description implements sql.FunctionExpression.
func (*makeSet) Description() string {
	return "returns the strings whose bits are set in bits, joined by commas."
}

// String implements sql.Expression.
func (e *makeSet) String() string { return fmt.Sprintf("make_set(%s)", joinArgs(e.args)) }

// Type implements sql.Expression: LONGTEXT, or LONGBLOB when a string
// argument is binary (a hexadecimal or bit-value literal, a VARBINARY:
// MySQL's aggregated type of the strings).
func (e *makeSet) Type() sql.Type {
	if e.binary() {
		return types.LongBlob
	}
	return types.LongText
}

// binary reports whether one of the strings is binary.
func (e *makeSet) binary() bool {
	for _, a := range e.args[1:] {
		if isBinary(a) || a.Resolved() && types.IsBit(a.Type()) {
			return true
		}
	}
	return false
}

// CollationCoercibility implements sql.CollationCoercible: binary for a
// binary answer.
func (e *makeSet) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if e.binary() {
		return sql.Collation_binary, 4
	}
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *makeSet) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newMakeSet(children...)
}

// Eval implements sql.Expression.
func (e *makeSet) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	bits, null, err := e.intArg(ctx, row, 0)
	if err != nil || null {
		return nil, err
	}
	var parts []string
	for i := 1; i < len(e.args) && i <= 64; i++ {
		if uint64(bits)&(1<<uint(i-1)) == 0 {
			continue
		}
		s, null, err := e.textArg(ctx, row, i)
		if err != nil {
			return nil, err
		}
		if !null {
			parts = append(parts, s)
		}
	}
	return strings.Join(parts, ","), nil
}
