package sketch

import (
	"bytes"
	"math"
	"math/bits"
	"slices"
	"strings"
	"testing"

	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/textsim"
)

func TestStats(t *testing.T) {
	mean, se, rms := stats([]float64{1, -1, 1, -1})
	if mean != 0 || rms != 1 || math.Abs(se-0.5) > 1e-15 {
		t.Errorf("stats = %v, %v, %v, want 0, 0.5, 1", mean, se, rms)
	}
}

func TestSetJaccard(t *testing.T) {
	set := func(xs ...string) map[string]struct{} {
		m := map[string]struct{}{}
		for _, x := range xs {
			m[x] = struct{}{}
		}
		return m
	}
	for _, c := range []struct {
		a, b []string
		want float64
	}{
		{nil, nil, 1},
		{[]string{"a"}, nil, 0},
		{[]string{"a", "b", "c"}, []string{"b", "c", "d"}, 0.5},
	} {
		if got := setJaccard(set(c.a...), set(c.b...)); got != c.want || got != textsim.Jaccard(c.a, c.b) {
			t.Errorf("setJaccard(%v, %v) = %v, want %v (textsim.Jaccard)", c.a, c.b, got, c.want)
		}
	}
	if union([]string{"a", "b"}, []string{"b", "c", "c"}) != 3 {
		t.Error("union")
	}
}

// TestCandidates: every SimHash candidate's options print as
// ParseSimHashOptions reads them, the first is version 1, one is named v2,
// and the candidates that the theory and the Jaccard table name exist.
func TestCandidates(t *testing.T) {
	if candidates[0].opts != textsim.Version1 {
		t.Errorf("the first candidate is %v, want version 1", candidates[0].opts)
	}
	v2 := false
	for _, c := range candidates {
		if c.name == "v2" {
			v2 = c.opts == textsim.Version2
		}
		if c.set != nil {
			continue
		}
		if o, err := textsim.ParseSimHashOptions(c.opts.String()); err != nil || o != c.opts {
			t.Errorf("%s: %q parses as %v, %v", c.name, c.opts, o, err)
		}
	}
	if !v2 {
		t.Error("no candidate v2 with textsim.Version2")
	}
	var names []string
	for _, m := range models {
		names = append(names, m.measured)
	}
	for _, name := range append(names, jaccardTable...) {
		if !slices.ContainsFunc(candidates, func(c candidate) bool { return c.name == name }) {
			t.Errorf("no candidate %q", name)
		}
	}
}

// TestSetFingerprints pins what each word-set fingerprint is made of.
func TestSetFingerprints(t *testing.T) {
	a := strings.Fields("the quick brown fox jumps over the lazy dog")
	b := strings.Fields("dog lazy the over jumps fox brown quick quick the")
	m1, _ := textsim.NewMinHasher(64, sketchSeed)
	m2, _ := textsim.NewMinHasher(32, sketchSeed)
	sig1, sig2 := m1.Sum(a), m2.Sum(a)
	var want1, want2 uint64
	for i := range 64 {
		want1 |= (sig1.Values[i] & 1) << i
	}
	for i := range 32 {
		want2 |= (sig2.Values[i] & 3) << (2 * i)
	}
	for _, c := range []struct {
		name string
		fp   func([]string) uint64
		want uint64 // 0: not pinned
	}{
		{"1-bit MinHash: bit i is the lowest bit of minimum i", bbitMinHash(1), want1},
		{"2-bit MinHash: slot i the two lowest bits of minimum i", bbitMinHash(2), want2},
		{"odd sketch of 64 minima", oddSketch(64), 0},
		{"odd sketch of 7 minima", oddSketch(7), 0},
		{"one-permutation MinHash", onePermutation(), 0},
	} {
		got := c.fp(a)
		if c.want != 0 && got != c.want {
			t.Errorf("%s: %#x, want %#x", c.name, got, c.want)
		}
		if other := c.fp(b); other != got {
			t.Errorf("%s: the same set in another order with repeats gives %#x, want %#x", c.name, other, got)
		}
	}
	// An odd sketch of t pairs has as many odd positions as t is odd or even
	// (mod 2), and the XOR
	// of two is the sketch of the pairs that differ.
	for _, n := range []int{7, 16, 64} {
		fp := oddSketch(n)(a)
		if bits.OnesCount64(fp)%2 != n%2 {
			t.Errorf("odd sketch of %d minima %#x: %d odd positions", n, fp, bits.OnesCount64(fp))
		}
	}
	c := append(slices.Clone(a), "cat")
	m, _ := textsim.NewMinHasher(64, sketchSeed)
	sa, sc := m.Sum(a), m.Sum(c)
	var diff uint64
	for i := range sa.Values {
		if sa.Values[i] != sc.Values[i] {
			diff ^= 1<<(mix64(sa.Values[i], uint64(i))>>58) ^ 1<<(mix64(sc.Values[i], uint64(i))>>58)
		}
	}
	if got := oddSketch(64)(a) ^ oddSketch(64)(c); got != diff {
		t.Errorf("odd sketch XOR %#x, want the sketch of the differing minima %#x", got, diff)
	}
	// One word fills every bin with its bit: all zeros or all ones.
	if fp := onePermutation()([]string{"word"}); fp != 0 && fp != ^uint64(0) {
		t.Errorf("one-permutation MinHash of one word = %#x, want 0 or all ones", fp)
	}
	if fp := onePermutation()(nil); fp != 0 {
		t.Errorf("one-permutation MinHash of no word = %#x, want 0", fp)
	}
}

func TestTargetMet(t *testing.T) {
	var m targetMet
	m.add("all", true, true, quality.Confusion{TP: 95, FP: 5, FN: 10})
	m.add("precision short", true, true, quality.Confusion{TP: 94, FP: 6, FN: 0})
	m.add("recall short", true, false, quality.Confusion{TP: 89, FP: 0, FN: 11})
	var w bytes.Buffer
	m.markdown(&w)
	want := "\nThe targets of fingerprint v2 (issue 15), each met by: every bit set in 40–60% of texts: all; precision short; recall short. No forced tie bits: all; precision short. Precision ≥ 0.95 at k = 3: all; recall short. Recall ≥ 0.9 at k = 3: all; precision short. **All four: all.**\n"
	if w.String() != want {
		t.Errorf("markdown:\n%q\nwant\n%q", w.String(), want)
	}
}
