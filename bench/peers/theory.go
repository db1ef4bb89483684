package peers

import (
	"bytes"
	"fmt"
	"math"

	"github.com/simsql/simsql/bench/internal/quality"
)

// theoryJaccard is the Jaccard threshold of the curve's theory section.
const theoryJaccard = 0.9

// theoryJ are the Jaccard values of the fixed-Jaccard theory table.
var theoryJ = []float64{0.8, 0.85, 0.9, 0.95, 0.98, 0.99}

// smallestK returns the smallest k with P(d ≤ k) ≥ 0.9 of a distribution.
func smallestK(dist []float64) int {
	for k := range dist {
		if quality.AtMost(dist, k) >= 0.9 {
			return k
		}
	}
	return len(dist) - 1
}

// theoryMarkdown writes the curve's theory section: the expected Hamming
// distance of unweighted SimHash and b-bit MinHash at a given Jaccard
// (bench/internal/quality), and the recall they expect over the quality
// sets' pairs at jaccard() ≥ theoryJaccard beside fingerprint version 1's.
func (r *report) theoryMarkdown(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("\n## Theory\n\n")
	p("Why no k separates a Jaccard threshold: the expected Hamming distance of two fingerprints of two word sets A and B, under ideal hashes.\n\n")
	p("**SimHash of the word set** (every distinct word weight 1, `simhash(text, 'weight=binary')`; Charikar, STOC 2002). Bit i is the sign of S_A = Σ_{w∈A} r_i(w), r_i(w) = ±1 from bit i of the word's hash. S_A and S_B share the terms of A∩B: Var S_A = |A|, Var S_B = |B|, Cov = |A∩B|, so for large sets (S_A, S_B) is close to a bivariate normal with correlation cos θ = |A∩B|/√(|A||B|), the cosine of the sets' 0/1 vectors, and the signs differ with probability θ/π (Goemans & Williamson 1995; exact for Gaussian r). In terms of J = |A∩B|/|A∪B|: |A∩B| = J(|A|+|B|)/(1+J), so cos θ = J(|A|+|B|)/((1+J)√(|A||B|)), which is 2J/(1+J) for sets of equal size (the smallest cosine at that J, since |A|+|B| ≥ 2√(|A||B|)) and at most √J (one set inside the other). At J = 0.9 the bit flips with probability between arccos(√0.9)/π = %.4f and arccos(1.8/1.9)/π = %.4f: the sizes hardly matter. The 64 bits use 64 independent hash bits, so the distance d is Binomial(64, θ/π).\n\n",
		math.Acos(math.Sqrt(0.9))/math.Pi, math.Acos(quality.EqualSizeCosine(0.9))/math.Pi)
	p("**b-bit MinHash** (Li & König, WWW 2010): 64/b MinHash permutations, each keeping the lowest b bits of its minimum. The two sets' minima agree with probability J (Broder 1997), and then so do the b bits; otherwise the b bits are independent and uniform. With b = 1 a bit differs with probability (1−J)/2 and d is Binomial(64, (1−J)/2); with b = 2, 32 slots each differ in Binomial(2, ½) bits with probability 1−J (the same mean, a wider spread). No bit of a fixed-Jaccard pair can do better by construction: a bit that is a balanced function of such minwise samples, each one shared with probability J and otherwise independent, differs with probability (1 − Stab_J f)/2 ≥ (1−J)/2, since the noise stability Stab_J f = Σ_{S≠∅} J^|S| f̂(S)² ≤ J for balanced f (O'Donnell, *Analysis of Boolean Functions*, 2014, ch. 2 for bits, ch. 8 for samples of any kind): one sample's bit is the most stable. Nor can the spread shrink much in 64 bits: b-bit MinHash estimates the intersection of two sets with a variance within a constant factor of the smallest that any summary of the same number of bits allows (Pagh, Stöckel & Woodruff, PODS 2014).\n\n")
	p("**Odd sketch** (Mitzenmacher, Pagh & Pham, WWW 2014) of t MinHash minima in 64 bits: the XOR of two sketches is the sketch of the 2X minima that differ, X ~ Binomial(t, 1−J), and a position is odd in the sketch of m minima with probability (1 − (1 − 2/64)^m)/2, so the mean distance is 32·E[1 − (31/32)^{2X}]; a text's bit is set with probability (1 − (31/32)^t)/2, %.1f%% at t = 64, %.1f%% at t = 16: balanced bits need many minima, and many minima put near duplicates far apart.\n\n",
		100*quality.OddSketchBitShare(64, 64), 100*quality.OddSketchBitShare(64, 16))
	p("| Jaccard | SimHash: θ/π (equal sizes) | E[d] | P(d ≤ 3) | k for P(d ≤ k) ≥ 0.9 | 1-bit MinHash: E[d] | P(d ≤ 3) | k for 0.9 | 2-bit MinHash: P(d ≤ 3) | k for 0.9 | odd sketch of 64 minima: E[d] |\n|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, j := range theoryJ {
		flip := math.Acos(quality.EqualSizeCosine(j)) / math.Pi
		s := quality.SimHashDistance(64, flip, -1)
		b1 := quality.BBitMinHashDistance(64, 1, j, -1)
		b2 := quality.BBitMinHashDistance(64, 2, j, -1)
		p("| %.2f | %.4f | %.2f | %.3f | %d | %.2f | %.3f | %d | %.3f | %d | %.2f |\n", j, flip, quality.Mean(s), quality.AtMost(s, 3), smallestK(s),
			quality.Mean(b1), quality.AtMost(b1, 3), smallestK(b1), quality.AtMost(b2, 3), smallestK(b2), quality.OddSketchMeanDistance(64, 64, j))
	}
	p("\nSo at k = 3 even an ideal 1-bit MinHash finds only about 60%% of the pairs at exactly J = 0.9 (SimHash 9%%), and recall over all pairs at J ≥ 0.9 depends on how many of them lie near 0.9. ")
	p("Over the quality sets above, the recall that theory expects at J ≥ %.1f is the mean of P(d ≤ k) over those pairs (their set sizes from `jaccard()`'s token sets); beside it, fingerprint version 1 measured (weighted, so the theory of the unweighted form does not strictly apply). ", theoryJaccard)
	p("[BENCHMARKS-sketch.md](../BENCHMARKS-sketch.md) compares the theory with measured unweighted SimHash, 1-bit and 2-bit MinHash and odd sketches on its own planted set, precision included, and gives the width the targets of issue 15 would need.\n\n")
	p("| k |")
	for _, q := range r.quality {
		if q.missing == "" && len(q.curve) > 0 {
			p(" %s (%d pairs): SimHash, expected recall | 1-bit MinHash, expected recall | v1 measured recall |", q.lang, len(q.theoryPairs))
		}
	}
	p("\n|---|")
	for _, q := range r.quality {
		if q.missing == "" && len(q.curve) > 0 {
			p("---|---|---|")
		}
	}
	p("\n")
	ti := -1
	for i, t := range curveT {
		if t == theoryJaccard {
			ti = i
		}
	}
	for k := range curveK + 1 {
		p("| %d |", k)
		for _, q := range r.quality {
			if q.missing != "" || len(q.curve) == 0 {
				continue
			}
			var s, b float64
			for _, ps := range q.theoryPairs {
				s += quality.AtMost(quality.SimHashDistance(64, quality.SimHashBitFlip(ps.A, ps.B, ps.Inter), k), k)
				b += quality.AtMost(quality.BBitMinHashDistance(64, 1, ps.Jaccard(), k), k)
			}
			n := float64(len(q.theoryPairs))
			p(" %.2f | %.2f | %.2f |", s/n, b/n, q.curve[ti][k].Recall())
		}
		p("\n")
	}
}
