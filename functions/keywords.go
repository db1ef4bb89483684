package functions

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// MaxKeywords is the largest n of keywords(text, n).
const MaxKeywords = 10000

// Keywords is keywords(text, n [, 'table.column']): the n most heavily
// weighted distinct tokens of text as a JSON array of strings, heaviest
// first (equal weights: the earlier first occurrence), weighted by tf × idf
// with tf = f / max f. With two arguments idf is the built-in IDF
// (textsim.Analyzer.Keywords: jieba's IDF for Chinese words, the median
// for other words, 0 for English stop words, which are never keywords);
// with a column, ln(N / df(t)) over that column's documents
// (textsim.TFIDFWeights and textsim.TopKeywords; a term no row holds counts
// as held by one; terms in every row weigh 0 and are never keywords). n is
// 0 to 10,000; [] for text without weighted tokens, and over a column
// without non-NULL rows. NULL if any argument is NULL. Errors:
// ErrIncorrectArguments (1210) for n out of range or a bad column name;
// 1146, 1054 for an unknown table or column; 1191 for a column without a
// tfidf index.
type Keywords struct{ args }

var _ sql.FunctionExpression = (*Keywords)(nil)

// NewKeywords returns keywords(text, n [, corpus]); an error unless given 2
// or 3 arguments.
func NewKeywords(a ...sql.Expression) (sql.Expression, error) {
	if err := checkArity("keywords", a, 2, 3); err != nil {
		return nil, err
	}
	return &Keywords{args(a)}, nil
}

// FunctionName implements sql.FunctionExpression.
func (*Keywords) FunctionName() string { return "keywords" }

// Description implements sql.FunctionExpression.
func (*Keywords) Description() string {
	return "returns the n heaviest tf-idf terms of the text as a JSON array."
}

// Type implements sql.Expression.
func (*Keywords) Type() sql.Type { return types.JSON }

// String implements sql.Expression.
func (f *Keywords) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *Keywords) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return NewKeywords(children...)
}

// Eval implements sql.Expression.
func (f *Keywords) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	text, vals, null, err := f.evalText(ctx, row, f.FunctionName())
	if err != nil || null {
		return nil, err
	}
	n, ok := toInt(vals[1])
	if !ok || n < 0 || n > MaxKeywords {
		return nil, ErrIncorrectArguments.New(f.FunctionName(),
			fmt.Sprintf("n must be an integer from 0 to %d, got %s", MaxKeywords, Describe(vals[1])))
	}
	var kws []textsim.Keyword
	if len(vals) == 3 {
		ws, err := columnWeights(ctx, f.FunctionName(), vals[2], text)
		if err != nil {
			return nil, err
		}
		kws = textsim.TopKeywords(ws[0].terms, ws[0].w, int(n))
	} else {
		kws = textsim.Default().Keywords(text, int(n))
	}
	buf := []byte{'['}
	for i, k := range kws {
		if i > 0 {
			buf = append(buf, ", "...)
		}
		buf = appendJSONString(buf, k.Term)
	}
	buf = append(buf, ']')
	return types.NewLazyJSONDocument(buf), nil
}
