// Package pigeonhole holds the arithmetic of simsql's similarity indexes,
// with no SQL in it: how MinHash signatures are cut into bands of slots,
// how many slots two signatures must share to pass a Jaccard threshold,
// and the probabilities that decide which bands an index needs (bands.go);
// and how 64-bit SimHash fingerprints are cut into the k+1 blocks of bits
// of which two fingerprints within Hamming distance k share one (blocks.go).
//
// The idea is the pigeonhole principle of Manku, Jain & Das Sarma (WWW
// 2007), applied to signature slots instead of fingerprint bits: if two
// signatures of n slots differ in at most d of them, then of any d+1
// disjoint bands at least one agrees in every slot. An index that keeps
// one entry per band (a hash of the band's slot values) therefore finds
// every such pair by exact lookups, and nothing it misses could qualify.
// Classic banding (Indyk & Motwani, STOC 1998; Leskovec, Rajaraman &
// Ullman, "Mining of Massive Datasets", ch. 3) uses fewer, wider bands and
// finds a pair at Jaccard similarity s with probability 1 − (1 − s^r)^b.
package pigeonhole

import (
	"fmt"
	"math"
)

// Band is the run of signature slots [Lo, Hi).
type Band struct {
	Lo, Hi int
}

// Width returns the number of slots of the band.
func (b Band) Width() int { return b.Hi - b.Lo }

// SplitSlots splits n slots into b adjacent bands as equal as possible,
// the first n mod b bands one slot wider, in slot order. b must be in
// [1, n].
func SplitSlots(n, b int) []Band {
	out := make([]Band, b)
	base, extra := n/b, n%b
	lo := 0
	for i := range out {
		w := base
		if i < extra {
			w++
		}
		out[i] = Band{lo, lo + w}
		lo += w
	}
	return out
}

// Rows returns b bands of r slots each, [i·r, (i+1)·r), the layout of
// classic banding; b·r must not exceed the slot count.
func Rows(b, r int) []Band {
	out := make([]Band, b)
	for i := range out {
		out[i] = Band{i * r, (i + 1) * r}
	}
	return out
}

// MinAgree returns the smallest number of agreeing slots m in [0, n] for
// which the MinHash estimate m/n is at least t, computed as minhash_jaccard
// computes the estimate (float64 division), or n+1 when even n/n < t. A
// pair passes "estimate ≥ t" exactly when it agrees in MinAgree(n, t) slots
// or more.
func MinAgree(n int, t float64) int {
	m := int(math.Ceil(t * float64(n)))
	m = max(0, min(m, n+1))
	for m > 0 && float64(m-1)/float64(n) >= t {
		m--
	}
	for m <= n && float64(m)/float64(n) < t {
		m++
	}
	return m
}

// ExactBands returns the bands of the exact index for threshold t over n
// slots: n − m + 1 bands (m = MinAgree(n, t)) as equal as possible, so
// that any two signatures whose estimate is at least t agree fully on one
// of them. Errors: t outside (0, 1], or bands narrower than minWidth slots
// on average (such an index would make nearly every pair a candidate).
func ExactBands(n int, t float64, minWidth int) ([]Band, error) {
	if !(t > 0 && t <= 1) {
		return nil, fmt.Errorf("the threshold must be greater than 0 and at most 1, got %v", t)
	}
	m := MinAgree(n, t)
	b := n - m + 1
	if n/b < minWidth {
		return nil, fmt.Errorf("t=%v over %d slots needs %d bands of %.1f slots; exact bands need at least %d slots each (raise t, or use classic banding: bands=B rows=R)",
			t, n, b, float64(n)/float64(b), minWidth)
	}
	return SplitSlots(n, b), nil
}

// CandidateProbability returns the probability that two signatures whose
// sets have Jaccard similarity s agree fully on at least one of bands,
// taking slots as independent (each agrees with probability s, Broder
// 1997): 1 − Π (1 − s^w) over the band widths w. For b bands of r rows it
// is the banding curve 1 − (1 − s^r)^b.
func CandidateProbability(s float64, bands []Band) float64 {
	miss := 1.0
	for _, b := range bands {
		miss *= 1 - math.Pow(s, float64(b.Width()))
	}
	return 1 - miss
}

// ChooseRows returns the banding b × r ≤ n with the widest bands (largest
// r, then the fewest bands) for which a pair at similarity t is a
// candidate with probability at least p, or ok false when none reaches it.
func ChooseRows(n int, t, p float64) (b, r int, ok bool) {
	for r = n; r >= 1; r-- {
		for b = 1; b*r <= n; b++ {
			if CandidateProbability(t, Rows(b, r)) >= p {
				return b, r, true
			}
		}
	}
	return 0, 0, false
}

// BinomialBelow returns P(X < m) for X ~ Binomial(n, p): the probability
// that a pair at Jaccard similarity p agrees in fewer than m of n
// independent slots.
func BinomialBelow(n, m int, p float64) float64 {
	if m <= 0 {
		return 0
	}
	if m > n {
		return 1
	}
	if p <= 0 {
		return 1
	}
	if p >= 1 {
		return 0
	}
	sum := 0.0
	lp, lq := math.Log(p), math.Log1p(-p)
	for k := 0; k < m; k++ {
		lg, _ := math.Lgamma(float64(n + 1))
		lk, _ := math.Lgamma(float64(k + 1))
		lnk, _ := math.Lgamma(float64(n - k + 1))
		sum += math.Exp(lg - lk - lnk + float64(k)*lp + float64(n-k)*lq)
	}
	return min(sum, 1)
}

// CandidateFloor returns the largest slot count m_c such that a pair at
// Jaccard similarity t is missed with probability at most miss when the
// candidates of bands are kept only if they agree in m_c slots or more:
// P(no band agrees) + P(Binomial(n, t) < m_c) ≤ miss (a union bound).
// ok is false when the bands alone miss more than that, and for t ≤ 0 (or
// NaN), where every pair, sharing no element, is at similarity t or more:
// no band can find those; m_c is then 0.
func CandidateFloor(n int, bands []Band, t, miss float64) (int, bool) {
	if !(t > 0) {
		return 0, false // CandidateProbability is no probability there: (-1)^r is 1 for even r
	}
	bandMiss := 1 - CandidateProbability(t, bands)
	if bandMiss > miss {
		return 0, false
	}
	m := 0
	for m+1 <= n && bandMiss+BinomialBelow(n, m+1, t) <= miss {
		m++
	}
	return m, true
}
