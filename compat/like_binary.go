package compat

// Fault (go-mysql-server v0.20.0): LIKE converts both of its operands to
// utf8mb4 text (expression.Like.Eval reads a value that is not a Go string
// through types.LongText), so a binary operand with a byte sequence that
// is not UTF-8 fails the statement with 1366 "invalid string for charset
// utf8mb4": every sig LIKE … on a MinHash or SimHash signature, even sig
// LIKE '%' (and b LIKE 0x8025 on a BLOB). In MySQL a LIKE with a binary
// operand compares bytes: '_' is one byte, '%' any run of them.
//
// likeExpr (like_range.go) evaluates a LIKE whose collation is binary, or
// with a binary operand, over the operands' bytes, with go-mysql-server's matcher under the
// binary collation, whose characters are the bytes; other LIKEs as
// go-mysql-server does. Pinned by BinaryLikeScripts (sqltests, also on
// MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Eval implements sql.Expression: go-mysql-server's LIKE, over bytes
// when its collation is binary.
func (l *likeExpr) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if !l.binary(ctx) {
		return l.Like.Eval(ctx, row)
	}
	s, err := likeBytes(ctx, l.LeftChild, row)
	if err != nil || s == nil {
		return nil, err
	}
	pattern, err := likeBytes(ctx, l.RightChild, row)
	if err != nil || pattern == nil {
		return nil, err
	}
	escape := rune('\\')
	if l.Escape != nil {
		e, err := likeBytes(ctx, l.Escape, row)
		if err != nil {
			return nil, err
		}
		switch {
		case e == nil:
		case len(*e) > 1:
			return nil, sql.ErrInvalidArgument.New("ESCAPE")
		case len(*e) == 1:
			escape = rune((*e)[0])
		}
	}
	m, err := expression.ConstructLikeMatcher(sql.Collation_binary, *pattern, escape)
	if err != nil {
		return nil, err
	}
	return m.Match(*s), nil
}

// binary reports whether the LIKE compares bytes: its collation is binary,
// or an operand is a binary string (a literal such as 0x80 too, which
// go-mysql-server's coercibility ranks with a text literal).
func (l *likeExpr) binary(ctx *sql.Context) bool {
	if coll, _ := l.Like.CollationCoercibility(ctx); coll == sql.Collation_binary {
		return true
	}
	return types.IsBinaryType(l.LeftChild.Type()) || types.IsBinaryType(l.RightChild.Type())
}

// likeBytes evaluates e for row as a LIKE operand's bytes, held in a Go
// string (nil for NULL): a binary string as it is, any other value as
// its text.
func likeBytes(ctx *sql.Context, e sql.Expression, row sql.Row) (*string, error) {
	v, err := e.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if v, err = sql.UnwrapAny(ctx, v); err != nil {
		return nil, err
	}
	switch v := v.(type) {
	case []byte:
		s := string(v)
		return &s, nil
	case string:
		return &v, nil
	}
	t, _, err := types.LongText.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	s := t.(string)
	return &s, nil
}
