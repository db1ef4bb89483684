package quality

import (
	"math"
	"testing"
)

func TestSimHashBitFlip(t *testing.T) {
	for _, c := range []struct {
		name        string
		a, b, inter int
		want        float64
	}{
		{"equal sets: no bit differs", 10, 10, 10, 0},
		{"disjoint sets: a fair coin", 10, 10, 0, 0.5},
		{"an empty set", 0, 5, 0, 0.5},
		{"one inside the other, half its size: cos = √½, θ = π/4", 8, 4, 4, 0.25},
		{"equal sizes at Jaccard 0.9: cos = 1.8/1.9", 19, 19, 18, math.Acos(18.0/19) / math.Pi},
	} {
		if got := SimHashBitFlip(c.a, c.b, c.inter); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: SimHashBitFlip(%d, %d, %d) = %v, want %v", c.name, c.a, c.b, c.inter, got, c.want)
		}
	}
	if got := EqualSizeCosine(0.9); math.Abs(got-18.0/19) > 1e-15 {
		t.Errorf("EqualSizeCosine(0.9) = %v, want 18/19", got)
	}
}

// binomialAtMost is the reference: Σ_{d ≤ k} C(n, d) p^d (1−p)^(n−d), with
// the coefficients by the multiplicative formula.
func binomialAtMost(n int, p float64, k int) float64 {
	s, c := 0.0, 1.0
	for d := 0; d <= k; d++ {
		s += c * math.Pow(p, float64(d)) * math.Pow(1-p, float64(n-d))
		c = c * float64(n-d) / float64(d+1)
	}
	return s
}

func TestDistances(t *testing.T) {
	for _, p := range []float64{0, 0.025, 0.05, 0.1031, 0.5} {
		d := SimHashDistance(64, p, -1)
		if len(d) != 65 || math.Abs(AtMost(d, 64)-1) > 1e-12 || math.Abs(Mean(d)-64*p) > 1e-9 {
			t.Errorf("SimHashDistance(64, %v): total %v, mean %v; want 1, %v", p, AtMost(d, 64), Mean(d), 64*p)
		}
		for k := range 13 {
			if got, want := AtMost(d, k), binomialAtMost(64, p, k); math.Abs(got-want) > 1e-12 {
				t.Errorf("P(Binomial(64, %v) ≤ %d) = %v, want %v", p, k, got, want)
			}
		}
	}
	// One-bit MinHash is Binomial(64, (1−J)/2): against the slot convolution.
	for _, j := range []float64{0.8, 0.9, 0.95, 1} {
		one, bin := HammingSlots(64, []float64{(1 + j) / 2, (1 - j) / 2}, -1), BBitMinHashDistance(64, 1, j, -1)
		for k := range 65 {
			if math.Abs(one[k]-bin[k]) > 1e-12 {
				t.Fatalf("BBitMinHashDistance(64, 1, %v)[%d] = %v, want %v", j, k, one[k], bin[k])
			}
		}
	}
	// Wide fingerprints do not underflow: P(Binomial(2048, ½) ≤ 1024) ≈ ½.
	if got := AtMost(SimHashDistance(2048, 0.5, 1024), 1024); math.Abs(got-0.5-0.5*0.01762) > 1e-4 {
		t.Errorf("P(Binomial(2048, 1/2) ≤ 1024) = %v, want 0.5088", got)
	}
	// Two bits a slot: 32 slots, a slot's distance 0 with J + (1−J)/4, 1 with
	// (1−J)/2, 2 with (1−J)/4; the mean is 32·(1−J), as one bit's.
	two := BBitMinHashDistance(64, 2, 0.9, -1)
	if len(two) != 65 || math.Abs(Mean(two)-3.2) > 1e-9 || math.Abs(two[0]-math.Pow(0.925, 32)) > 1e-12 {
		t.Errorf("BBitMinHashDistance(64, 2, 0.9): %d values, mean %v, P(0) %v; want 65, 3.2, %v", len(two), Mean(two), two[0], math.Pow(0.925, 32))
	}
	// Cut at 12, the first 13 values are the same.
	cut := BBitMinHashDistance(64, 2, 0.9, 12)
	if len(cut) != 13 {
		t.Fatalf("cut at 12: %d values", len(cut))
	}
	for d, p := range cut {
		if math.Abs(p-two[d]) > 1e-15 {
			t.Errorf("cut at 12: P(%d) = %v, want %v", d, p, two[d])
		}
	}
	if got := OddSketchBitShare(64, 0); got != 0 {
		t.Errorf("OddSketchBitShare(64, 0) = %v, want 0", got)
	}
	if got, want := OddSketchBitShare(64, 64), (1-math.Pow(31.0/32, 64))/2; math.Abs(got-want) > 1e-15 {
		t.Errorf("OddSketchBitShare(64, 64) = %v, want %v", got, want)
	}
	if got := OddSketchMeanDistance(64, 64, 1); got != 0 {
		t.Errorf("OddSketchMeanDistance at Jaccard 1 = %v, want 0", got)
	}
	// At Jaccard 0 every one of the t minima differs: 2t pairs.
	if got, want := OddSketchMeanDistance(64, 8, 0), 64*OddSketchBitShare(64, 16); math.Abs(got-want) > 1e-12 {
		t.Errorf("OddSketchMeanDistance(64, 8, 0) = %v, want %v", got, want)
	}
}

func TestPairSizes(t *testing.T) {
	p := NewPairSizes(19, 19, 0.9)
	if p != (PairSizes{19, 19, 18}) || p.Jaccard() != 0.9 {
		t.Errorf("NewPairSizes(19, 19, 0.9) = %+v, Jaccard %v; want an intersection of 18, 0.9", p, p.Jaccard())
	}
	if j := (PairSizes{}).Jaccard(); j != 1 {
		t.Errorf("two empty sets: Jaccard %v, want 1", j)
	}
}
