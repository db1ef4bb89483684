package functions

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// Corpora is implemented by a session that keeps the document frequencies
// of columns (catalog.Session, from a column's tfidf index): the
// collection statistics of cosine_tfidf(a, b, 'table.column'),
// tfidf(text, 'table.column') and keywords(text, n, 'table.column').
type Corpora interface {
	// DocumentFrequencies returns N (the column's non-NULL rows) and df(t)
	// for each of terms, as ctx's transaction sees them; db "" is the
	// current database. Errors name the table, the column or the missing
	// statistics (and the DDL that creates them).
	DocumentFrequencies(ctx *sql.Context, db, table, column string, terms []string) (textsim.DocFreqMap, error)
}

// ParseColumnName splits a column name given as a string argument:
// 'table.column' or 'database.table.column', each part optionally in
// back-quotes (a back-quote inside doubled, as in SQL). ok is false for
// anything else: an empty part, one part, more than three.
func ParseColumnName(s string) (db, table, column string, ok bool) {
	var parts []string
	var cur strings.Builder
	quoted, inQuote := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case inQuote && c == '`' && i+1 < len(s) && s[i+1] == '`':
			cur.WriteByte('`')
			i++
		case c == '`' && (inQuote || cur.Len() == 0 && !quoted):
			inQuote = !inQuote
			quoted = true
		case inQuote:
			cur.WriteByte(c)
		case c == '.':
			if cur.Len() == 0 {
				return "", "", "", false
			}
			parts = append(parts, cur.String())
			cur.Reset()
			quoted = false
		case quoted || c == '`' || c == ' ' || c == '\t' || c == '\n':
			return "", "", "", false // text after a closing quote, a stray quote, blanks
		default:
			cur.WriteByte(c)
		}
	}
	if inQuote || cur.Len() == 0 {
		return "", "", "", false
	}
	parts = append(parts, cur.String())
	switch len(parts) {
	case 2:
		return "", parts[0], parts[1], true
	case 3:
		return parts[0], parts[1], parts[2], true
	}
	return "", "", "", false
}

// weighted is one text's TF-IDF vector over a column.
type weighted struct {
	terms []string           // distinct, in order of first occurrence
	w     map[string]float64 // textsim.TFIDFWeights
	ok    bool               // false: no tokens, or N = 0
}

// columnWeights returns the TF-IDF vectors (textsim.TFIDFWeights) of texts
// over the document frequencies of the column that the argument column
// names, read once for the terms of all of them.
func columnWeights(ctx *sql.Context, fn string, column any, texts ...string) ([]weighted, error) {
	var name string
	switch c := column.(type) {
	case string:
		name = c
	case []byte:
		name = string(c)
	default:
		return nil, ErrIncorrectArguments.New(fn, fmt.Sprintf("the column must be named by a string 'table.column', got %s", Describe(column)))
	}
	db, table, col, ok := ParseColumnName(name)
	if !ok {
		return nil, ErrIncorrectArguments.New(fn, fmt.Sprintf("%q is not a column name: give 'table.column' or 'database.table.column'", name))
	}
	corpora, ok := ctx.Session.(Corpora)
	if !ok {
		return nil, ErrIncorrectArguments.New(fn, "this session keeps no document frequencies of columns")
	}
	out := make([]weighted, len(texts))
	counts := make([]map[string]int64, len(texts))
	var all []string
	for i, t := range texts {
		out[i].terms, counts[i] = textsim.Default().OrderedTermCounts(t)
		all = append(all, out[i].terms...)
	}
	if len(texts) > 1 {
		slices.Sort(all)
		all = slices.Compact(all)
	}
	df, err := corpora.DocumentFrequencies(ctx, db, table, col, all)
	if err != nil {
		return nil, err
	}
	for i := range out {
		out[i].w, out[i].ok = textsim.TFIDFWeights(counts[i], df)
	}
	if df.N > 0 {
		for i := range out {
			if out[i].w == nil {
				out[i].w = map[string]float64{} // no tokens: an empty vector
			}
		}
	}
	return out, nil
}

// TFIDF is tfidf(text, 'table.column'): the TF-IDF weight vector of text
// over the documents of a column, as a JSON object from each distinct
// token to its weight w(t) = f(t) / max f × ln(N / df(t))
// (textsim.TFIDFWeights; Salton & Buckley 1988), for inspecting what
// cosine_tfidf and keywords compare. N and df come from the column's tfidf
// index; a term no row holds counts as held by one (idf = ln N). {} for
// text without tokens; NULL if either argument is NULL or the column has
// no non-NULL rows (N = 0: no weights). Errors: 1210 for a bad column
// name; 1146, 1054 for an unknown table or column; 1191 for a column
// without a tfidf index.
type TFIDF struct{ args }

var _ sql.FunctionExpression = (*TFIDF)(nil)

// NewTFIDF returns tfidf(text, column).
func NewTFIDF(text, column sql.Expression) sql.Expression { return &TFIDF{args{text, column}} }

// FunctionName implements sql.FunctionExpression.
func (*TFIDF) FunctionName() string { return "tfidf" }

// Description implements sql.FunctionExpression.
func (*TFIDF) Description() string {
	return "returns the tf-idf weights of a text's terms over a column's documents as a JSON object."
}

// Type implements sql.Expression.
func (*TFIDF) Type() sql.Type { return types.JSON }

// String implements sql.Expression.
func (f *TFIDF) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *TFIDF) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewTFIDF)
}

// Eval implements sql.Expression.
func (f *TFIDF) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	text, vals, null, err := f.evalText(ctx, row, f.FunctionName())
	if err != nil || null {
		return nil, err
	}
	ws, err := columnWeights(ctx, f.FunctionName(), vals[1], text)
	if err != nil {
		return nil, err
	}
	if ws[0].w == nil {
		return nil, nil // N = 0
	}
	obj := make(map[string]interface{}, len(ws[0].w))
	for t, w := range ws[0].w {
		obj[t] = w
	}
	return types.JSONDocument{Val: obj}, nil
}
