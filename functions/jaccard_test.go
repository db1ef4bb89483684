package functions

import (
	"math"
	"testing"
)

// TestJaccardEval is the Eval table of jaccard() and tanimoto()
// (jaccard.go), in go-mysql-server's style: each row is the function's
// exact value for literal arguments, worked by hand from the formulas in
// the doc comments over the analyzer's tokens.
func TestJaccardEval(t *testing.T) {
	const third, twoThirds = 1.0 / 3, 2.0 / 3
	for _, c := range []struct {
		a, b              any
		jaccard, tanimoto any // nil: NULL
	}{
		// {a,b,c} vs {b,c,d}: |∩| 2, |∪| 4.
		{"a b c", "b c d", 0.5, 0.5},
		// a:2 b:1 vs a:1 b:2: the same set; dot 4, |A|² = |B|² = 5.
		{"a a b", "a b b", 1.0, twoThirds},
		// No tokens on both sides: equal sets (1); on one side: 0.
		{"", "", 1.0, 1.0},
		{"a", "", 0.0, 0.0},
		{"...", "!?", 1.0, 1.0},
		// Case folded, no stemming: cats ≠ cat.
		{"The Cats SAT", "the cat sat", 0.5, 0.5},
		// NFKC: full-width letters are the ASCII words.
		{"ｆｕｌｌ　ｗｉｄｔｈ", "full width", 1.0, 1.0},
		// Traditional→simplified is OpenCC's t2s: 軟體 → 软体, but 看著 stays.
		{"看著軟體", "看着软体", third, third},
		// Binary strings, integers: their text.
		{[]byte("x y"), "x y", 1.0, 1.0},
		{int64(12), "12", 1.0, 1.0},
		// NULL on either side is NULL.
		{nil, "a b", nil, nil},
		{"a b", nil, nil, nil},
	} {
		if got := eval(t, NewJaccard(lit(c.a), lit(c.b))); !sameFloat(got, c.jaccard) {
			t.Errorf("jaccard(%q, %q) = %v, want %v", c.a, c.b, got, c.jaccard)
		}
		if got := eval(t, NewTanimoto(lit(c.a), lit(c.b))); !sameFloat(got, c.tanimoto) {
			t.Errorf("tanimoto(%q, %q) = %v, want %v", c.a, c.b, got, c.tanimoto)
		}
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
