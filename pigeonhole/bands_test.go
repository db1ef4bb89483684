package pigeonhole

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestSplitSlots(t *testing.T) {
	for _, tc := range []struct {
		n, b   int
		widths []int
	}{
		{128, 26, append(repeat(5, 24), 4, 4)}, // t=0.8 over 128 slots: 24 bands of 5, 2 of 4
		{10, 3, []int{4, 3, 3}},
		{5, 5, []int{1, 1, 1, 1, 1}},
		{7, 1, []int{7}},
	} {
		bands := SplitSlots(tc.n, tc.b)
		lo := 0
		for i, b := range bands {
			if b.Lo != lo || b.Width() != tc.widths[i] {
				t.Fatalf("SplitSlots(%d, %d) = %v, want widths %v", tc.n, tc.b, bands, tc.widths)
			}
			lo = b.Hi
		}
		if lo != tc.n {
			t.Fatalf("SplitSlots(%d, %d) covers %d slots", tc.n, tc.b, lo)
		}
	}
}

func repeat(v, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = v
	}
	return out
}

func TestMinAgree(t *testing.T) {
	for _, tc := range []struct {
		n    int
		t    float64
		want int
	}{
		{128, 0.8, 103},   // 102/128 = 0.797 < 0.8 ≤ 103/128
		{128, 0.75, 96},   // exactly 96/128: the boundary counts
		{128, 1, 128},     // identical signatures only
		{10, 0.1, 1},      // 1/10 is 0.1 in float64 as the literal is
		{3, 0.7, 3},       // 2/3 < 0.7
		{3, 2.0 / 3, 2},   // the boundary as a float
		{128, 1e-9, 1},    // any agreement
		{128, 1.5, 129},   // nothing passes
		{4096, 0.9, 3687}, // 3686.4
	} {
		if got := MinAgree(tc.n, tc.t); got != tc.want {
			t.Errorf("MinAgree(%d, %v) = %d, want %d", tc.n, tc.t, got, tc.want)
		}
	}
}

func TestExactBands(t *testing.T) {
	bands, err := ExactBands(128, 0.8, 2)
	if err != nil || len(bands) != 26 {
		t.Fatalf("ExactBands(128, 0.8) = %d bands, %v; want 26 (128 − 103 + 1)", len(bands), err)
	}
	for _, tc := range []struct {
		t    float64
		want string
	}{
		{0.5, "needs 65 bands of 2.0 slots"},
		{0, "greater than 0"},
		{1.01, "at most 1"},
		{math.NaN(), "greater than 0"},
	} {
		if _, err := ExactBands(128, tc.t, 2); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ExactBands(128, %v): %v, want an error with %q", tc.t, err, tc.want)
		}
	}
}

// TestExactBandsPigeonhole is the property the exact index rests on: two
// signatures that differ in at most n − MinAgree(n, t) slots agree fully
// on at least one band of ExactBands(n, t), for any placement of the
// differing slots; and one differing slot more can make every band
// differ.
func TestExactBandsPigeonhole(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{16, 64, 128, 256} {
		for _, th := range []float64{0.5, 0.6, 0.7, 0.75, 0.8, 0.9, 0.95, 1} {
			bands, err := ExactBands(n, th, 1)
			if err != nil {
				t.Fatal(err)
			}
			d := n - MinAgree(n, th)
			for trial := 0; trial < 200; trial++ {
				differ := r.Perm(n)[:d]
				diff := make([]bool, n)
				for _, s := range differ {
					diff[s] = true
				}
				if !anyBandAgrees(bands, diff) {
					t.Fatalf("n=%d t=%v: %d differing slots %v leave no band whole", n, th, d, differ)
				}
			}
			// d+1 differing slots, one in each band: no band agrees.
			diff := make([]bool, n)
			for _, b := range bands {
				diff[b.Lo] = true
			}
			if anyBandAgrees(bands, diff) {
				t.Fatalf("n=%d t=%v: one differing slot per band left a band whole", n, th)
			}
		}
	}
}

func anyBandAgrees(bands []Band, diff []bool) bool {
	for _, b := range bands {
		whole := true
		for s := b.Lo; s < b.Hi; s++ {
			if diff[s] {
				whole = false
			}
		}
		if whole {
			return true
		}
	}
	return false
}

func TestCandidateProbability(t *testing.T) {
	for _, tc := range []struct {
		s    float64
		b, r int
		want float64
	}{
		{0.8, 16, 6, 1 - math.Pow(1-math.Pow(0.8, 6), 16)}, // 0.99237
		{0.8, 20, 5, 0.999644},
		{0.5, 20, 5, 1 - math.Pow(1-1.0/32, 20)},
		{1, 3, 4, 1},
		{0, 3, 4, 0},
	} {
		got := CandidateProbability(tc.s, Rows(tc.b, tc.r))
		if math.Abs(got-tc.want) > 5e-6 {
			t.Errorf("CandidateProbability(%v, %d×%d) = %.6f, want %.6f", tc.s, tc.b, tc.r, got, tc.want)
		}
	}
}

func TestChooseRows(t *testing.T) {
	for _, tc := range []struct {
		n    int
		t, p float64
		b, r int
	}{
		{128, 0.8, 0.99, 16, 6},
		{128, 0.5, 0.99, 35, 3},
		{128, 0.3, 0.99, 49, 2},
		{128, 1, 0.99, 1, 128},
	} {
		b, r, ok := ChooseRows(tc.n, tc.t, tc.p)
		if !ok || b != tc.b || r != tc.r {
			t.Errorf("ChooseRows(%d, %v, %v) = %d×%d %v, want %d×%d", tc.n, tc.t, tc.p, b, r, ok, tc.b, tc.r)
		}
		if got := CandidateProbability(tc.t, Rows(b, r)); got < tc.p {
			t.Errorf("ChooseRows(%d, %v, %v): probability %v below the target", tc.n, tc.t, tc.p, got)
		}
	}
	if _, _, ok := ChooseRows(4, 0.01, 0.99); ok {
		t.Error("ChooseRows(4, 0.01, 0.99): no banding of 4 slots reaches 0.99 at 0.01")
	}
}

func TestBinomialBelow(t *testing.T) {
	for _, tc := range []struct {
		n, m int
		p    float64
		want float64
	}{
		{10, 5, 0.5, 386.0 / 1024}, // P(X ≤ 4) = (1+10+45+120+210)/1024
		{10, 0, 0.5, 0},
		{10, 11, 0.5, 1},
		{1, 1, 0.3, 0.7},
		{128, 103, 0.8, 0.49994}, // about one half: the mean is 102.4
	} {
		if got := BinomialBelow(tc.n, tc.m, tc.p); math.Abs(got-tc.want) > 1e-4 {
			t.Errorf("BinomialBelow(%d, %d, %v) = %.6f, want %.6f", tc.n, tc.m, tc.p, got, tc.want)
		}
	}
}

func TestCandidateFloor(t *testing.T) {
	bands, _ := ExactBands(128, 0.8, 2)
	m, ok := CandidateFloor(128, bands, 0.8, 0.01)
	if !ok || m != 91 {
		t.Fatalf("CandidateFloor(exact t=0.8, J=0.8, 1%%) = %d %v, want 91", m, ok)
	}
	total := (1 - CandidateProbability(0.8, bands)) + BinomialBelow(128, m, 0.8)
	if total > 0.01 || (1-CandidateProbability(0.8, bands))+BinomialBelow(128, m+1, 0.8) <= 0.01 {
		t.Errorf("floor %d is not the largest within 1%% (miss %v)", m, total)
	}
	// Bands that alone miss more than allowed are refused.
	if _, ok := CandidateFloor(128, Rows(2, 20), 0.8, 0.01); ok {
		t.Error("2 bands of 20 slots miss a pair at 0.8 with probability 0.976: refused")
	}
	// At t ≤ 0 every pair qualifies, those sharing no band too: refused,
	// though (-1)^8 = 1 made CandidateProbability(-1, …) 1 (floor 0).
	for _, th := range []float64{-1, -0.5, -1e-300, 0, math.NaN()} {
		if m, ok := CandidateFloor(128, bands, th, 0.01); ok {
			t.Errorf("CandidateFloor(t=%v) = %d, ok: want refused", th, m)
		}
	}
}
