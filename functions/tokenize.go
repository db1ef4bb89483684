package functions

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// Tokenize is tokenize(text): the analyzer's tokens of text as a JSON array
// of strings, in order, repeats included; [] for text without tokens; NULL
// for NULL. Every text function of simsql sees exactly these tokens.
type Tokenize struct{ args }

var _ sql.FunctionExpression = (*Tokenize)(nil)

// NewTokenize returns tokenize(text).
func NewTokenize(text sql.Expression) sql.Expression { return &Tokenize{args{text}} }

// FunctionName implements sql.FunctionExpression.
func (*Tokenize) FunctionName() string { return "tokenize" }

// Description implements sql.FunctionExpression.
func (*Tokenize) Description() string {
	return "returns the analyzer's tokens of the text as a JSON array."
}

// Type implements sql.Expression.
func (*Tokenize) Type() sql.Type { return types.JSON }

// String implements sql.Expression.
func (f *Tokenize) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *Tokenize) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return NewTokenize(children[0]), nil
}

// Eval implements sql.Expression.
func (f *Tokenize) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	vals, null, err := f.eval(ctx, row)
	if err != nil || null {
		return nil, err
	}
	text, err := toText(ctx, f.FunctionName(), vals[0])
	if err != nil {
		return nil, err
	}
	tokens := textsim.Default().Tokens(text)
	arr := make([]interface{}, len(tokens))
	for i, t := range tokens {
		arr[i] = t
	}
	return types.JSONDocument{Val: arr}, nil
}
