package functions

import (
	"math"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestCosineEval is the Eval table of cosine() and cosine_tfidf()
// (cosine.go): each row is the exact value for literal arguments, worked by
// hand from the formulas in the doc comments over the analyzer's tokens.
// "a" and "the" are stop words, which only cosine_tfidf weighs (IDF 0);
// every other word has the built-in median IDF, so its TF-IDF cosine is the
// plain cosine of the other words. A text without tokens has no direction:
// NULL.
func TestCosineEval(t *testing.T) {
	const twoThirds = 2.0 / 3
	for _, c := range []struct {
		a, b       any
		cos, tfidf any // nil: NULL
	}{
		// dot 2, |A|² = |B|² = 3; without "a", b c vs b c d.
		{"a b c", "b c d", twoThirds, 2 / math.Sqrt(6)},
		// a:2 b:1 vs a:1 b:2: dot 4, |A|² = |B|² = 5; without the stop
		// word "a", b alone on both sides.
		{"a a b", "a b b", 0.8, 1.0},
		{"", "", nil, nil},
		{"a", "", nil, nil},
		{"...", "!?", nil, nil},
		{"The Cats SAT", "the cat sat", twoThirds, 0.5},
		{"ｆｕｌｌ　ｗｉｄｔｈ", "full width", 1.0, 1.0},
		{"看著軟體", "看着软体", 0.5, 0.5959345545308162},
		{[]byte("x y"), "x y", 1.0, 1.0},
		{int64(12), "12", 1.0, 1.0},
		{nil, "a b", nil, nil},
		{"a b", nil, nil, nil},
	} {
		if got := eval(t, NewCosine(lit(c.a), lit(c.b))); !sameFloat(got, c.cos) {
			t.Errorf("cosine(%q, %q) = %v, want %v", c.a, c.b, got, c.cos)
		}
		if got := eval(t, must(NewCosineTFIDF(lit(c.a), lit(c.b)))); !sameFloat(got, c.tfidf) {
			t.Errorf("cosine_tfidf(%q, %q) = %v, want %v", c.a, c.b, got, c.tfidf)
		}
	}
	// The three-argument form needs a session that keeps document
	// frequencies (FuzzTFIDF and sqltests' TFIDFScripts test it).
	_, err := must(NewCosineTFIDF(lit("a"), lit("b"), lit("t.c"))).Eval(sql.NewEmptyContext(), nil)
	if !ErrIncorrectArguments.Is(err) {
		t.Errorf("cosine_tfidf(a, b, 't.c') without such a session: %v, want ErrIncorrectArguments", err)
	}
	if _, err := NewCosineTFIDF(lit("a")); err == nil {
		t.Error("cosine_tfidf(a): no arity error")
	}
}
