package compat

// Fault (go-mysql-server v0.20.0): QUOTE(NULL) is NULL. MySQL 8 (and
// MariaDB) return the word NULL, unquoted, so that QUOTE's answer can be
// pasted into a statement ("If the argument is NULL, the return value is
// the word NULL without enclosing single quotation marks", MySQL 8.0
// Reference Manual, 14.8 String Functions). Pinned by TestTemporalText's
// NULL rows and CompatFaultScripts "temporal values read as text by
// string functions".

import (
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
	v, err := q.Quote.Eval(ctx, row)
	if err == nil && v == nil {
		return "NULL", nil
	}
	return v, err
}
