package functions

import (
	"context"
	"encoding/json"
	"math"
	"slices"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// fakeCorpora is a session whose column "docs.body" has the document
// frequencies df.
type fakeCorpora struct {
	*sql.BaseSession
	df textsim.DocFreqMap
}

func (f fakeCorpora) DocumentFrequencies(_ *sql.Context, db, table, column string, terms []string) (textsim.DocFreqMap, error) {
	if db != "" || table != "docs" || column != "body" {
		return textsim.DocFreqMap{}, sql.ErrTableNotFound.New(table)
	}
	out := textsim.DocFreqMap{N: f.df.N, Terms: map[string]int64{}}
	for _, t := range terms {
		out.Terms[t] = f.df.Terms[t]
	}
	return out, nil
}

func corpusContext(docs ...string) *sql.Context {
	df := textsim.DocFreqMap{Terms: map[string]int64{}}
	for _, d := range docs {
		df.N++
		terms, _ := textsim.Default().OrderedTermCounts(d)
		for _, t := range terms {
			df.Terms[t]++
		}
	}
	return sql.NewContext(context.Background(), sql.WithSession(fakeCorpora{sql.NewBaseSession(), df}))
}

func TestParseColumnName(t *testing.T) {
	for _, tc := range []struct {
		in, db, table, column string
		ok                    bool
	}{
		{"docs.body", "", "docs", "body", true},
		{"d.docs.body", "d", "docs", "body", true},
		{"`my db`.`docs`.`bo.dy`", "my db", "docs", "bo.dy", true},
		{"`a``b`.c", "", "a`b", "c", true},
		{"body", "", "", "", false},
		{"a.b.c.d", "", "", "", false},
		{".body", "", "", "", false},
		{"docs.", "", "", "", false},
		{"docs..body", "", "", "", false},
		{"docs. body", "", "", "", false},
		{"`docs`x.body", "", "", "", false},
		{"`docs.body", "", "", "", false},
		{"do`cs.body", "", "", "", false},
		{"``.body", "", "", "", false},
		{"", "", "", "", false},
	} {
		db, table, column, ok := ParseColumnName(tc.in)
		if ok != tc.ok || db != tc.db || table != tc.table || column != tc.column {
			t.Errorf("ParseColumnName(%q) = %q, %q, %q, %v; want %q, %q, %q, %v", tc.in, db, table, column, ok, tc.db, tc.table, tc.column, tc.ok)
		}
	}
}

// FuzzTFIDF evaluates cosine_tfidf, tfidf and keywords over a column on
// arbitrary texts (one of them also a document of the column) and column
// names, checking: no error but the documented ones, weights in
// [0, ln N], the cosine in [0, 1], symmetric to the bit and 1 for a text
// with itself, keywords the heaviest terms in order, and agreement with
// textsim.
func FuzzTFIDF(f *testing.F) {
	for _, s := range []string{"", "the cat", "cat cat dog", "今天天气很好，我们去郊游。", "ＡＢＣ", "\xff", "the the the", "a.b"} {
		f.Add(s, "cat sat", "docs.body")
	}
	f.Add("x", "y", "`docs`.`body`")
	f.Add("x", "y", "docs")
	f.Fuzz(func(t *testing.T, x, y, column string) {
		ctx := corpusContext("the cat sat", "the dog sat", "the cat ran", y)
		n := 4.0
		col := lit(column)
		db, table, name, parsed := ParseColumnName(column)
		cos, err := must(NewCosineTFIDF(lit(x), lit(y), col)).Eval(ctx, nil)
		if !parsed || db != "" || table != "docs" || name != "body" {
			if err == nil {
				t.Fatalf("column %q: no error", column)
			}
			if !parsed && !ErrIncorrectArguments.Is(err) {
				t.Fatalf("column %q: %v, want ErrIncorrectArguments", column, err)
			}
			return
		}
		if err != nil {
			t.Fatal(err)
		}
		rev, err := must(NewCosineTFIDF(lit(y), lit(x), col)).Eval(ctx, nil)
		if err != nil || (cos == nil) != (rev == nil) || cos != nil && cos.(float64) != rev.(float64) {
			t.Fatalf("cosine_tfidf(%q, %q) = %v, reversed %v (%v)", x, y, cos, rev, err)
		}
		if cos != nil && !(cos.(float64) >= 0 && cos.(float64) <= 1) {
			t.Fatalf("cosine_tfidf(%q, %q) = %v", x, y, cos)
		}
		if self, _ := must(NewCosineTFIDF(lit(x), lit(x), col)).Eval(ctx, nil); self != nil && self.(float64) != 1 {
			t.Fatalf("cosine_tfidf(%q, itself) = %v", x, self)
		}
		v, err := NewTFIDF(lit(x), col).Eval(ctx, nil)
		if err != nil || v == nil {
			t.Fatalf("tfidf(%q) = %v, %v", x, v, err)
		}
		terms, counts := textsim.Default().OrderedTermCounts(x)
		w := v.(types.JSONDocument).Val.(map[string]any)
		if len(w) != len(terms) {
			t.Fatalf("tfidf(%q) has %d terms, the text %d", x, len(w), len(terms))
		}
		want, _ := textsim.TFIDFWeights(counts, ctx.Session.(fakeCorpora).df)
		weights := map[string]float64{}
		for term, wv := range w {
			g := wv.(float64)
			if g < 0 || g > math.Log(n)+1e-15 || g != want[term] {
				t.Fatalf("tfidf(%q)[%q] = %v, want %v in [0, ln %v]", x, term, g, want[term], n)
			}
			weights[term] = g
		}
		kv, err := must(NewKeywords(lit(x), lit(int64(3)), col)).Eval(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		s := jsonText(t, kv)
		var kws []string
		if err := json.Unmarshal([]byte(s), &kws); err != nil || len(kws) > 3 {
			t.Fatalf("keywords(%q, 3) = %s (%v)", x, s, err)
		}
		var wantK []string
		for _, k := range textsim.TopKeywords(terms, weights, 3) {
			wantK = append(wantK, k.Term)
		}
		if !slices.Equal(kws, wantK) {
			t.Fatalf("keywords(%q, 3) = %q, want %q", x, kws, wantK)
		}
	})
}
