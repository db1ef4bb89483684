package quality

import "math"

// The expected Hamming distance of two 64-bit fingerprints of two word
// sets, for the fingerprints bench/sketch measures, under ideal hashes.
// docs/simhash-jaccard.md derives them.

// PairSizes are the sizes of two sets and of their intersection.
type PairSizes struct{ A, B, Inter int }

// NewPairSizes returns the sizes of two sets of sizes a and b at Jaccard
// j: the intersection is j·(a+b)/(1+j), rounded.
func NewPairSizes(a, b int, j float64) PairSizes {
	return PairSizes{a, b, int(math.Round(j * float64(a+b) / (1 + j)))}
}

// Jaccard returns |A∩B| / |A∪B|, 1 for two empty sets.
func (p PairSizes) Jaccard() float64 {
	if p.A+p.B == 0 {
		return 1
	}
	return float64(p.Inter) / float64(p.A+p.B-p.Inter)
}

// SimHashBitFlip returns the probability that one bit of an unweighted
// random-hyperplane SimHash differs between two sets of sizes a and b that
// share inter elements: θ/π with cos θ = inter/√(a·b), the cosine of the
// sets' 0/1 vectors (Charikar, STOC 2002, after Goemans & Williamson 1995).
// It is exact for Gaussian hyperplanes and the large-set limit of ±1 hash
// bits (the sums are then jointly normal with correlation cos θ). It is 0.5
// when either set is empty.
func SimHashBitFlip(a, b, inter int) float64 {
	if a == 0 || b == 0 {
		return 0.5
	}
	c := float64(inter) / math.Sqrt(float64(a)*float64(b))
	return math.Acos(min(1, max(-1, c))) / math.Pi
}

// EqualSizeCosine returns the cosine of two sets of equal size at Jaccard
// j: |A∩B| = 2j·n/(1+j), so cos θ = 2j/(1+j). For sets of other sizes at
// the same Jaccard the cosine is larger (a+b ≥ 2√(ab)), at most √j (one
// set inside the other): equal sizes are the worst case for SimHash.
func EqualSizeCosine(j float64) float64 { return 2 * j / (1 + j) }

// HammingSlots returns the distribution of the Hamming distance of two
// fingerprints made of slots independent slots, each of whose distance is
// distributed as slot (slot[h] is the probability of distance h in one
// slot): out[d] is the probability of total distance d, for d = 0 … upTo
// (at most slots·(len(slot)−1); a negative upTo means that maximum).
func HammingSlots(slots int, slot []float64, upTo int) []float64 {
	top := slots * (len(slot) - 1)
	if upTo < 0 || upTo > top {
		upTo = top
	}
	out := make([]float64, upTo+1)
	next := make([]float64, upTo+1)
	out[0] = 1
	for s := range slots {
		clear(next)
		for i, p := range out[:min(upTo, s*(len(slot)-1))+1] {
			for h, q := range slot {
				if i+h <= upTo {
					next[i+h] += p * q
				}
			}
		}
		out, next = next, out
	}
	return out
}

// SimHashDistance returns the distribution of the Hamming distance of two
// bits-bit SimHash fingerprints whose bits differ independently with
// probability p each, Binomial(bits, p), for distances 0 … upTo (as
// HammingSlots).
func SimHashDistance(bits int, p float64, upTo int) []float64 {
	if upTo < 0 || upTo > bits {
		upTo = bits
	}
	out := make([]float64, upTo+1)
	switch {
	case p <= 0:
		out[0] = 1
	case p >= 1:
		if upTo == bits {
			out[bits] = 1
		}
	default:
		lp, lq := math.Log(p), math.Log1p(-p)
		for d := range out {
			out[d] = math.Exp(lchoose(bits, d) + float64(d)*lp + float64(bits-d)*lq)
		}
	}
	return out
}

// BBitMinHashDistance returns the distribution of the Hamming distance of
// two b-bit MinHash fingerprints (Li & König, WWW 2010) of bits bits, bits/b
// independent permutations each keeping the lowest b bits of its minimum,
// for sets at Jaccard j: a permutation's minima agree with probability j
// (Broder 1997) and then their b bits do; otherwise the b bits are
// independent and uniform, so that slot's distance is Binomial(b, 1/2).
// One bit (b = 1) differs with probability (1−j)/2. Distances 0 … upTo, as
// HammingSlots.
func BBitMinHashDistance(bits, b int, j float64, upTo int) []float64 {
	if b == 1 {
		return SimHashDistance(bits, (1-j)/2, upTo)
	}
	slot := make([]float64, b+1)
	for h := range slot {
		slot[h] = (1 - j) * binom(b, h) / math.Exp2(float64(b))
	}
	slot[0] += j
	return HammingSlots(bits/b, slot, upTo)
}

// OddSketchMeanDistance returns the expected Hamming distance of two
// bits-bit odd sketches (Mitzenmacher, Pagh & Pham, WWW 2014) of t-slot
// MinHash samples of two sets at Jaccard j: the t pairs (slot, minimum) of
// each set are hashed to one of bits positions and each position keeps the
// parity of its count, so the XOR of two sketches is the sketch of the
// samples' symmetric difference, 2X pairs with X ~ Binomial(t, 1−j)
// differing minima; a position is odd in the sketch of d pairs with
// probability (1 − (1 − 2/bits)^d)/2. A text's bit is set with that
// probability at d = t.
func OddSketchMeanDistance(bits, t int, j float64) float64 {
	mean := 0.0
	for x := 0; x <= t; x++ {
		px := binom(t, x) * math.Pow(1-j, float64(x)) * math.Pow(j, float64(t-x))
		mean += px * float64(bits) * OddSketchBitShare(bits, 2*x)
	}
	return mean
}

// OddSketchBitShare returns the probability that a position of a bits-bit
// odd sketch of d elements (hashed uniformly) is odd: (1 − (1 − 2/bits)^d)/2.
func OddSketchBitShare(bits, d int) float64 {
	return (1 - math.Pow(1-2/float64(bits), float64(d))) / 2
}

// Mean returns the expectation of a distribution over 0, 1, 2, ….
func Mean(dist []float64) float64 {
	m := 0.0
	for d, p := range dist {
		m += float64(d) * p
	}
	return m
}

// AtMost returns the probability that a distribution over 0, 1, 2, … is
// at most k.
func AtMost(dist []float64, k int) float64 {
	s := 0.0
	for d := 0; d <= k && d < len(dist); d++ {
		s += dist[d]
	}
	return min(1, s)
}

// binom returns the binomial coefficient C(n, k) as a float64.
func binom(n, k int) float64 {
	if k < 0 || k > n {
		return 0
	}
	return math.Round(math.Exp(lchoose(n, k)))
}

// lchoose returns ln C(n, k), for 0 ≤ k ≤ n.
func lchoose(n, k int) float64 {
	return lgamma(n+1) - lgamma(k+1) - lgamma(n-k+1)
}

func lgamma(n int) float64 {
	v, _ := math.Lgamma(float64(n))
	return v
}
