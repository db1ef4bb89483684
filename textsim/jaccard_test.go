package textsim

import (
	"math"
	"slices"
	"strings"
	"testing"
)

// fields splits on spaces; "" gives no elements.
func fields(s string) []string { return strings.Fields(s) }

func TestJaccard(t *testing.T) {
	for _, c := range []struct {
		why  string
		a, b string
		want float64
	}{
		{"2 shared of 4", "a b c", "b c d", 0.5},
		{"both empty are identical", "", "", 1},
		{"one empty", "a", "", 0},
		{"one empty, other side", "", "a b", 0},
		{"identical", "a b c", "c b a", 1},
		{"disjoint", "a b", "c d", 0},
		{"repeats are ignored: {a,b} vs {a}", "a a a b", "a a", 0.5},
		{"repeats on both sides", "x x y", "y y z z", 1.0 / 3},
		{"subset", "a b c d", "b c", 0.5},
	} {
		got := Jaccard(fields(c.a), fields(c.b))
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: Jaccard(%q, %q) = %v, want %v", c.why, c.a, c.b, got, c.want)
		}
		if rev := Jaccard(fields(c.b), fields(c.a)); rev != got {
			t.Errorf("%s: Jaccard not symmetric: %v and %v", c.why, got, rev)
		}
	}
}

func TestTanimoto(t *testing.T) {
	for _, c := range []struct {
		why  string
		a, b string
		want float64
	}{
		{"A=(a:2,b:1), B=(a:1,b:2): A·B=4, |A|²=|B|²=5: 4/(5+5−4)", "a a b", "a b b", 4.0 / 6},
		{"on sets it equals Jaccard", "a b c", "b c d", 0.5},
		{"both empty", "", "", 1},
		{"one empty", "a a", "", 0},
		{"identical counts", "a a b", "b a a", 1},
		{"proportional but not equal counts: A=(a:1), B=(a:2): 2/(1+4−2)", "a", "a a", 2.0 / 3},
		{"A=(a:3,b:1), B=(a:1,c:2): A·B=3, |A|²=10, |B|²=5: 3/12", "a a a b", "a c c", 0.25},
		{"disjoint", "a", "b", 0},
	} {
		got := Tanimoto(fields(c.a), fields(c.b))
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: Tanimoto(%q, %q) = %v, want %v", c.why, c.a, c.b, got, c.want)
		}
		if rev := Tanimoto(fields(c.b), fields(c.a)); rev != got {
			t.Errorf("%s: Tanimoto not symmetric: %v and %v", c.why, got, rev)
		}
	}
}

// FuzzJaccardCosine checks, on the tokens of any two texts: symmetry of
// Jaccard, Tanimoto, Cosine and CosineTFIDF; results in [0, 1]; identical
// inputs give exactly 1 (or ok = false where the measure is undefined).
func FuzzJaccardCosine(f *testing.F) {
	f.Add("a b c", "b c d")
	f.Add("a a b", "a b b")
	f.Add("", "x")
	f.Add("the of and", "the of and")
	f.Add("後腳龍族幻想恰爛錢", "后脚龙族幻想恰烂钱")
	for _, c := range analyzerCases {
		f.Add(c.in, c.analyzed)
	}
	a := Default()
	f.Fuzz(func(t *testing.T, x, y string) {
		tx, ty := a.Tokens(x), a.Tokens(y)
		inUnit := func(v float64) bool { return v >= 0 && v <= 1 }
		for _, m := range []struct {
			name string
			f    func(a, b []string) float64
		}{{"Jaccard", Jaccard}, {"Tanimoto", Tanimoto}} {
			xy, yx := m.f(tx, ty), m.f(ty, tx)
			if xy != yx || !inUnit(xy) {
				t.Fatalf("%s(%q, %q) = %v, reversed %v", m.name, tx, ty, xy, yx)
			}
			if self := m.f(tx, tx); self != 1 {
				t.Fatalf("%s(x, x) = %v for %q", m.name, self, tx)
			}
		}
		cxy, okxy := Cosine(tx, ty)
		cyx, okyx := Cosine(ty, tx)
		if cxy != cyx || okxy != okyx || !inUnit(cxy) || okxy != (len(tx) > 0 && len(ty) > 0) {
			t.Fatalf("Cosine(%q, %q) = %v, %v; reversed %v, %v", tx, ty, cxy, okxy, cyx, okyx)
		}
		if self, ok := Cosine(tx, tx); ok && self != 1 || ok != (len(tx) > 0) {
			t.Fatalf("Cosine(x, x) = %v, %v for %q", self, ok, tx)
		}
		txy, okxy := a.CosineTFIDF(x, y)
		tyx, okyx := a.CosineTFIDF(y, x)
		// The dot product is summed in the first argument's token order, so
		// the two orders may differ in the last bit.
		if okxy != okyx || math.Abs(txy-tyx) > 1e-12 || !inUnit(txy) {
			t.Fatalf("CosineTFIDF(%q, %q) = %v, %v; reversed %v, %v", x, y, txy, okxy, tyx, okyx)
		}
		if self, ok := a.CosineTFIDF(x, x); ok && self != 1 {
			t.Fatalf("CosineTFIDF(x, x) = %v for %q", self, x)
		}
	})
}

// TestTermCounts checks TermCounts against Tokens, and the count-based
// measures against the token-based ones.
func TestTermCounts(t *testing.T) {
	a := Default()
	texts := []string{"", "!!!", "a b a c", "The cat and the hat", "后脚龙族幻想恰烂钱 后脚", "naïve NAÏVE naive"}
	for _, x := range texts {
		want := map[string]int64{}
		for _, tok := range a.Tokens(x) {
			want[tok]++
		}
		got := a.TermCounts(x)
		if len(got) != len(want) {
			t.Errorf("TermCounts(%q) = %v, want %v", x, got, want)
		}
		for k, v := range want {
			if got[k] != v {
				t.Errorf("TermCounts(%q)[%q] = %d, want %d", x, k, got[k], v)
			}
		}
		for _, y := range texts {
			tx, ty, cx, cy := a.Tokens(x), a.Tokens(y), a.TermCounts(x), a.TermCounts(y)
			c1, ok1 := Cosine(tx, ty)
			c2, ok2 := CosineCounts(cx, cy)
			if Jaccard(tx, ty) != JaccardCounts(cx, cy) || Tanimoto(tx, ty) != TanimotoCounts(cx, cy) || c1 != c2 || ok1 != ok2 {
				t.Errorf("%q, %q: count-based measures differ from token-based ones", x, y)
			}
		}
	}
}

// BenchmarkJaccard measures jaccard() and tanimoto()'s work on two texts
// (both analysed into term counts, then the set arithmetic) against the
// text reversed: compare with twice BenchmarkTokens.
func BenchmarkJaccard(b *testing.B) {
	a := Default()
	benchEachText(b, func(text string) func() {
		other := reverseWords(text)
		return func() { JaccardCounts(a.TermCounts(text), a.TermCounts(other)) }
	})
}

// reverseWords returns text's space-separated words in reverse order: the
// same terms, a different text.
func reverseWords(text string) string {
	w := strings.Fields(text)
	slices.Reverse(w)
	return strings.Join(w, " ")
}
