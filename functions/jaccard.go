package functions

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// tokenPairMeasure is a similarity of two texts computed from their term
// counts (textsim.Analyzer.TermCounts, which keeps only distinct tokens, so
// that a 64 MiB text of few words costs little memory).
type tokenPairMeasure func(a, b map[string]int64) (v float64, ok bool)

// textPair is the shared Eval of the two-text similarity functions: NULL if
// either argument is NULL or the measure is undefined (ok false).
func textPair(ctx *sql.Context, row sql.Row, name string, a args, m tokenPairMeasure) (interface{}, error) {
	texts, _, null, err := a.evalTexts(ctx, row, name, 2)
	if err != nil || null {
		return nil, err
	}
	an := textsim.Default()
	v, ok := m(an.TermCounts(texts[0]), an.TermCounts(texts[1]))
	if !ok {
		return nil, nil
	}
	return v, nil
}

// Jaccard is jaccard(a, b): the exact Jaccard similarity |A∩B| / |A∪B| of
// the token sets of two texts (Jaccard 1901), as DOUBLE in [0, 1]; 1 when
// both have no tokens, 0 when only one has none; NULL if either is NULL.
type Jaccard struct{ args }

var _ sql.FunctionExpression = (*Jaccard)(nil)

// NewJaccard returns jaccard(a, b).
func NewJaccard(a, b sql.Expression) sql.Expression { return &Jaccard{args{a, b}} }

// FunctionName implements sql.FunctionExpression.
func (*Jaccard) FunctionName() string { return "jaccard" }

// Description implements sql.FunctionExpression.
func (*Jaccard) Description() string {
	return "returns the exact Jaccard similarity of the token sets of two texts."
}

// Type implements sql.Expression.
func (*Jaccard) Type() sql.Type { return types.Float64 }

// String implements sql.Expression.
func (f *Jaccard) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *Jaccard) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewJaccard)
}

// Eval implements sql.Expression.
func (f *Jaccard) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	return textPair(ctx, row, f.FunctionName(), f.args, func(a, b map[string]int64) (float64, bool) {
		return textsim.JaccardCounts(a, b), true
	})
}

// Tanimoto is tanimoto(a, b): the generalized Jaccard (Tanimoto) similarity
// A·B / (|A|² + |B|² − A·B) of the term-frequency vectors of two texts
// (Tanimoto 1958), as DOUBLE in [0, 1]; 1 when both have no tokens, 0 when
// only one has none; NULL if either is NULL.
type Tanimoto struct{ args }

var _ sql.FunctionExpression = (*Tanimoto)(nil)

// NewTanimoto returns tanimoto(a, b).
func NewTanimoto(a, b sql.Expression) sql.Expression { return &Tanimoto{args{a, b}} }

// FunctionName implements sql.FunctionExpression.
func (*Tanimoto) FunctionName() string { return "tanimoto" }

// Description implements sql.FunctionExpression.
func (*Tanimoto) Description() string {
	return "returns the Tanimoto (generalized Jaccard) similarity of the term-frequency vectors of two texts."
}

// Type implements sql.Expression.
func (*Tanimoto) Type() sql.Type { return types.Float64 }

// String implements sql.Expression.
func (f *Tanimoto) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *Tanimoto) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewTanimoto)
}

// Eval implements sql.Expression.
func (f *Tanimoto) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	return textPair(ctx, row, f.FunctionName(), f.args, func(a, b map[string]int64) (float64, bool) {
		return textsim.TanimotoCounts(a, b), true
	})
}
