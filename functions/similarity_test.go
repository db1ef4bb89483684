package functions

import (
	"math"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestSimilarityEval is the Eval table of the two-text similarity functions
// (jaccard.go, cosine.go), in go-mysql-server's style: each row is the
// function's exact value for literal arguments, worked by hand from the
// formulas in the doc comments over the analyzer's tokens. "a" and "the"
// are stop words, which only cosine_tfidf weighs (IDF 0); every other word
// has the built-in median IDF, so its TF-IDF cosine is the plain cosine of
// the other words.
func TestSimilarityEval(t *testing.T) {
	const third, twoThirds = 1.0 / 3, 2.0 / 3
	for _, c := range []struct {
		a, b                         any
		jaccard, tanimoto, cos, tfid any // nil: NULL
	}{
		// {a,b,c} vs {b,c,d}: |∩| 2, |∪| 4; dot 2, |A|² = |B|² = 3.
		{"a b c", "b c d", 0.5, 0.5, twoThirds, 2 / math.Sqrt(6)},
		// a:2 b:1 vs a:1 b:2: the same set; dot 4, |A|² = |B|² = 5; without
		// the stop word "a", b alone on both sides.
		{"a a b", "a b b", 1.0, twoThirds, 0.8, 1.0},
		// No tokens on both sides: equal sets (1), undefined cosines (NULL).
		{"", "", 1.0, 1.0, nil, nil},
		{"a", "", 0.0, 0.0, nil, nil},
		{"...", "!?", 1.0, 1.0, nil, nil},
		// Case folded, no stemming: cats ≠ cat.
		{"The Cats SAT", "the cat sat", 0.5, 0.5, twoThirds, 0.5},
		// NFKC: full-width letters are the ASCII words.
		{"ｆｕｌｌ　ｗｉｄｔｈ", "full width", 1.0, 1.0, 1.0, 1.0},
		// Traditional→simplified is OpenCC's t2s: 軟體 → 软体, but 看著 stays.
		{"看著軟體", "看着软体", third, third, 0.5, 0.5959345545308162},
		// Binary strings, integers: their text.
		{[]byte("x y"), "x y", 1.0, 1.0, 1.0, 1.0},
		{int64(12), "12", 1.0, 1.0, 1.0, 1.0},
		// NULL on either side is NULL.
		{nil, "a b", nil, nil, nil, nil},
		{"a b", nil, nil, nil, nil, nil},
	} {
		for _, f := range []struct {
			name string
			e    sql.Expression
			want any
		}{
			{"jaccard", NewJaccard(lit(c.a), lit(c.b)), c.jaccard},
			{"tanimoto", NewTanimoto(lit(c.a), lit(c.b)), c.tanimoto},
			{"cosine", NewCosine(lit(c.a), lit(c.b)), c.cos},
			{"cosine_tfidf", must(NewCosineTFIDF(lit(c.a), lit(c.b))), c.tfid},
		} {
			got := eval(t, f.e)
			if !sameFloat(got, f.want) {
				t.Errorf("%s(%q, %q) = %v, want %v", f.name, c.a, c.b, got, f.want)
			}
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

// sameFloat reports whether got is want (nil for NULL), DOUBLEs within
// 1e-15 (the formulas' last-bit rounding).
func sameFloat(got, want any) bool {
	if got == nil || want == nil {
		return got == nil && want == nil
	}
	g, ok := got.(float64)
	return ok && math.Abs(g-want.(float64)) <= 1e-15
}

// TestHammingEval is hamming()'s Eval table: the number of differing bits
// of two 64-bit fingerprints, as INT; a signed BIGINT is read as its 64
// bits; an integral DOUBLE or a decimal string is the integer; anything
// else that is not a fingerprint is error 1411 (ErrNotFingerprint); NULL
// on either side is NULL.
func TestHammingEval(t *testing.T) {
	for _, c := range []struct {
		a, b any
		want any // int32, nil for NULL, or "error"
	}{
		{uint64(0xFF), uint64(0), int32(8)},
		{uint64(0), uint64(0), int32(0)},
		{uint64(math.MaxUint64), uint64(0), int32(64)},
		{int64(-1), uint64(0), int32(64)},
		{int64(math.MinInt64), uint64(1) << 63, int32(0)},
		{"18446744073709551615", int64(0), int32(64)},
		{3.0, int64(0), int32(2)},
		{nil, int64(1), nil},
		{int64(1), nil, nil},
		{"abc", int64(0), "error"},
		{3.5, int64(0), "error"},
		{[]byte{1, 2, 3, 4, 5, 6, 7, 8}, uint64(0), "error"},
	} {
		got, err := NewHamming(lit(c.a), lit(c.b)).Eval(sql.NewEmptyContext(), nil)
		switch {
		case c.want == "error":
			if !ErrNotFingerprint.Is(err) {
				t.Errorf("hamming(%v, %v) = %v, %v; want ErrNotFingerprint", c.a, c.b, got, err)
			}
		case err != nil || got != c.want:
			t.Errorf("hamming(%v, %v) = %v (%T), %v; want %v", c.a, c.b, got, got, err, c.want)
		}
	}
}

// TestTokenizeEval is tokenize()'s Eval table: the analyzer's tokens as
// a JSON array, in order, repeats kept, in go-mysql-server's JSON form.
func TestTokenizeEval(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string // "" for NULL
	}{
		{"The Cats SAT on the mat.", `["the", "cats", "sat", "on", "the", "mat"]`},
		{"ｆｕｌｌ　ｗｉｄｔｈ", `["full", "width"]`},
		{"看著軟體 hello世界", `["看著", "软体", "hello", "世界"]`},
		{"", `[]`},
		{"a\"b\\c\td", `["a", "b", "c", "d"]`},
		{int64(42), `["42"]`},
		{3.5, `["3.5"]`},
		{[]byte{0xff, 'a'}, `["a"]`}, // an invalid UTF-8 byte is no token
		{nil, ""},
	} {
		v := eval(t, NewTokenize(lit(c.in)))
		if c.want == "" {
			if v != nil {
				t.Errorf("tokenize(%v) = %v, want NULL", c.in, v)
			}
			continue
		}
		if got := jsonText(t, v); got != c.want {
			t.Errorf("tokenize(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
