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
	return with1(f, children, NewTokenize)
}

// Eval implements sql.Expression.
func (f *Tokenize) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	text, _, null, err := f.evalText(ctx, row, f.FunctionName())
	if err != nil || null {
		return nil, err
	}
	// The JSON text is written as the tokens come, in go-mysql-server's
	// MySQL form (["a", "b"]), rather than built as a list of values: a
	// 64 MiB text then costs about its own size again, not 40 times it.
	buf := make([]byte, 0, len(text)+len(text)/2+2)
	buf = append(buf, '[')
	first := true
	textsim.Default().EachToken(text, func(tok string) {
		if !first {
			buf = append(buf, ", "...)
		}
		first = false
		buf = appendJSONString(buf, tok)
	})
	buf = append(buf, ']')
	return types.NewLazyJSONDocument(buf), nil
}

// appendJSONString appends s as a JSON string the way go-mysql-server
// 0.20 writes one for MySQL (sql/types/json_encode.go): in quotes, with
// only \b \f \n \r \t \" and \\ escaped, everything else as it is.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); i++ {
		var esc string
		switch s[i] {
		case '\b':
			esc = `\b`
		case '\f':
			esc = `\f`
		case '\n':
			esc = `\n`
		case '\r':
			esc = `\r`
		case '\t':
			esc = `\t`
		case '"':
			esc = `\"`
		case '\\':
			esc = `\\`
		default:
			continue
		}
		dst = append(dst, s[start:i]...)
		dst = append(dst, esc...)
		start = i + 1
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}
