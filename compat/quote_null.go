package compat

// Fault (go-mysql-server v0.20.0): QUOTE(NULL) is NULL, and QUOTE of a
// text over 65,535 bytes is error 1406 (it converts to BLOB). MySQL 8 (and
// MariaDB) return the word NULL, unquoted, so that QUOTE's answer can be
// pasted into a statement ("If the argument is NULL, the return value is
// the word NULL without enclosing single quotation marks", MySQL 8.0
// Reference Manual, 14.8 String Functions), and quote a text of any
// length, escaping backslash, single quote, NUL (\0) and Control+Z (\Z).
// Pinned by TestTemporalText's NULL rows, TestFormatNumber's QUOTE rows
// and CompatFaultScripts "temporal values read as text by string
// functions".

import (
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
)

// quoteNull is go-mysql-server's QUOTE(s), with the word NULL for NULL.
type quoteNull struct{ *function.Quote }

var _ sql.FunctionExpression = quoteNull{}

func newQuote(e sql.Expression) sql.Expression {
	return quoteNull{function.NewQuote(e).(*function.Quote)}
}

// FunctionName implements sql.FunctionExpression.
func (quoteNull) FunctionName() string { return "quote" }

// Description implements sql.FunctionExpression.
func (quoteNull) Description() string {
	return "returns s quoted as a string literal of SQL, or the word NULL for NULL."
}

// IsNullable implements sql.Expression: never NULL.
func (quoteNull) IsNullable() bool { return false }

// WithChildren implements sql.Expression.
func (q quoteNull) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(q, len(children), 1)
	}
	return newQuote(children[0]), nil
}

// Eval implements sql.Expression.
func (q quoteNull) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := q.Child.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	var s string
	switch x := v.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		v, err := q.Quote.Eval(ctx, row) // NULL, numbers: go-mysql-server's
		if err == nil && v == nil {
			return "NULL", nil
		}
		return v, err
	}
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for i := 0; i < len(s); i++ {
		switch c := s[i]; c {
		case '\\', '\'':
			b.WriteByte('\\')
			b.WriteByte(c)
		case 0:
			b.WriteString(`\0`)
		case 0x1a:
			b.WriteString(`\Z`)
		default:
			b.WriteByte(c)
		}
	}
	b.WriteByte('\'')
	if _, ok := v.([]byte); ok && !utf8.ValidString(b.String()) {
		return []byte(b.String()), nil // a binary string's bytes
	}
	return b.String(), nil
}
