package functions

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// Cosine is cosine(a, b): the cosine similarity of the term-frequency
// vectors of two texts (Salton, Wong & Yang 1975), as DOUBLE in [0, 1],
// exactly 1 for identical or proportional vectors; NULL if either is NULL or
// has no tokens (the cosine of a zero vector is undefined, never NaN).
type Cosine struct{ args }

var _ sql.FunctionExpression = (*Cosine)(nil)

// NewCosine returns cosine(a, b).
func NewCosine(a, b sql.Expression) sql.Expression { return &Cosine{args{a, b}} }

// FunctionName implements sql.FunctionExpression.
func (*Cosine) FunctionName() string { return "cosine" }

// Description implements sql.FunctionExpression.
func (*Cosine) Description() string {
	return "returns the cosine similarity of the term-frequency vectors of two texts."
}

// Type implements sql.Expression.
func (*Cosine) Type() sql.Type { return types.Float64 }

// String implements sql.Expression.
func (f *Cosine) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *Cosine) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewCosine)
}

// Eval implements sql.Expression.
func (f *Cosine) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	return textPair(ctx, row, f.FunctionName(), f.args, textsim.CosineCounts)
}

// CosineTFIDF is cosine_tfidf(a, b [, 'table.column']): the cosine
// similarity of the TF-IDF vectors of two texts (Salton & Buckley 1988), as
// DOUBLE in [0, 1], exactly 1 for identical texts and symmetric to the bit.
// With two arguments, IDF comes from simsql's built-in weights
// (textsim.Analyzer.IDF: gse's Chinese table; English stop words 0; other
// words the median). With a column ('table.column' or
// 'database.table.column'), the design's weights over that column's
// documents: w(t) = f(t) / max f × ln(N / df(t)) (textsim.TFIDFWeights),
// N and df from the column's tfidf index, a term no row holds counted as
// held by one. NULL if any argument is NULL or either vector is zero (no
// tokens; stop words only; only terms in every row; N = 0). Errors: 1210
// for a bad column name; 1146, 1054 for an unknown table or column; 1191
// for a column without a tfidf index.
type CosineTFIDF struct{ args }

var _ sql.FunctionExpression = (*CosineTFIDF)(nil)

// NewCosineTFIDF returns cosine_tfidf(a, b [, corpus]); an error unless
// given 2 or 3 arguments.
func NewCosineTFIDF(a ...sql.Expression) (sql.Expression, error) {
	if err := checkArity("cosine_tfidf", a, 2, 3); err != nil {
		return nil, err
	}
	return &CosineTFIDF{args(a)}, nil
}

// FunctionName implements sql.FunctionExpression.
func (*CosineTFIDF) FunctionName() string { return "cosine_tfidf" }

// Description implements sql.FunctionExpression.
func (*CosineTFIDF) Description() string {
	return "returns the cosine similarity of the tf-idf vectors of two texts."
}

// Type implements sql.Expression.
func (*CosineTFIDF) Type() sql.Type { return types.Float64 }

// String implements sql.Expression.
func (f *CosineTFIDF) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *CosineTFIDF) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return NewCosineTFIDF(children...)
}

// Eval implements sql.Expression.
func (f *CosineTFIDF) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	texts, vals, null, err := f.evalTexts(ctx, row, f.FunctionName(), 2)
	if err != nil || null {
		return nil, err
	}
	x, y := texts[0], texts[1]
	var cos float64
	var ok bool
	if len(vals) == 3 {
		ws, err := columnWeights(ctx, f.FunctionName(), vals[2], x, y)
		if err != nil {
			return nil, err
		}
		if ws[0].ok && ws[1].ok {
			cos, ok = textsim.CosineWeights(ws[0].w, ws[1].w)
		}
	} else {
		cos, ok = textsim.Default().CosineTFIDF(x, y)
	}
	if !ok {
		return nil, nil
	}
	return cos, nil
}
