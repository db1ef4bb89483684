package textsim

import (
	"errors"
	"fmt"
	"math/bits"
	"unicode/utf8"

	"github.com/cespare/xxhash/v2"
)

// Feature is one weighted feature of a document: a token or a shingle with
// its weight (for example tf × idf). Weights are finite and ≥ 0.
type Feature struct {
	Text   string
	Weight float64
}

// SimHash returns the 64-bit Charikar SimHash fingerprint of the weighted
// features (Charikar, "Similarity estimation techniques from rounding
// algorithms", STOC 2002; Manku, Jain & Das Sarma, WWW 2007): each feature is
// hashed with xxHash64 (seed 0) over its UTF-8 bytes; bit i of the sum vector
// gains the feature's weight where bit i of the hash is 1 and loses it where
// it is 0; bit i of the fingerprint is 1 iff that sum is > 0. Bit i is the
// bit of value 1<<i.
//
// Features are summed in the order given, so equal input gives equal bits.
// Feature texts should be distinct (merge repeats by adding weights). No
// features, or all weights 0, give 0.
func SimHash(features []Feature) uint64 {
	var fp uint64
	for i, s := range sumSimHash(features).v {
		if s > 0 {
			fp |= 1 << i
		}
	}
	return fp
}

// SimHashTieBits returns the number of bits of SimHash(features) whose sum
// is exactly 0 (forced to 0, or to a tie-break), in [0, 64]; 0 when no
// feature has a nonzero weight. It is for measurement: bench/sketch reports
// it.
func SimHashTieBits(features []Feature) int {
	sums := sumSimHash(features)
	if !sums.weighted {
		return 0
	}
	n := 0
	for _, s := range sums.v {
		if s == 0 {
			n++
		}
	}
	return n
}

// simHashSums is SimHash's sum vector of some features and what the
// tie-break reads of them.
type simHashSums struct {
	v        [64]float64 // bit i: the weights of the features whose hash has bit i set, less the others'
	heaviest uint64      // the hash of the earliest feature of greatest positive weight
	best     float64     // its weight; 0 when no weight is positive
	weighted bool        // some feature has a nonzero weight
}

// sumSimHash hashes each feature of nonzero weight with xxHash64 and adds
// its weight to, or takes it from, each of the 64 sums, in the order given
// (so equal input gives equal sums, bit for bit).
func sumSimHash(features []Feature) simHashSums {
	var sums simHashSums
	for _, f := range features {
		if f.Weight == 0 {
			continue
		}
		sums.weighted = true
		h := xxhash.Sum64String(f.Text)
		if f.Weight > sums.best {
			sums.heaviest, sums.best = h, f.Weight
		}
		for i := range sums.v {
			if h&(1<<i) != 0 {
				sums.v[i] += f.Weight
			} else {
				sums.v[i] -= f.Weight
			}
		}
	}
	return sums
}

// Hamming returns the Hamming distance between two 64-bit fingerprints, the
// number of bits in which they differ, in [0, 64]. Signed and unsigned
// values with the same bit pattern are the same fingerprint.
func Hamming(a, b uint64) int {
	return bits.OnesCount64(a ^ b)
}

// ErrLengthMismatch is returned by HammingBytes for strings of unequal length.
var ErrLengthMismatch = errors.New("binary strings differ in length")

// HammingBytes returns the Hamming distance between two equal-length byte
// strings, in [0, 8·len(a)]; ErrLengthMismatch if the lengths differ.
func HammingBytes(a, b []byte) (int, error) {
	if len(a) != len(b) {
		return 0, fmt.Errorf("%w: %d and %d bytes", ErrLengthMismatch, len(a), len(b))
	}
	d := 0
	for len(a) >= 8 {
		d += bits.OnesCount64(le64(a) ^ le64(b))
		a, b = a[8:], b[8:]
	}
	for i := range a {
		d += bits.OnesCount8(a[i] ^ b[i])
	}
	return d, nil
}

func le64(b []byte) uint64 {
	_ = b[7]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

// SimHash returns the SimHash fingerprint (see the function SimHash) of
// text's tokens weighted by tf × idf: tf is the number of times the token
// occurs in text, idf is Analyzer.IDF (Salton & Buckley 1988). Tokens are
// summed in order of first occurrence. If every token has weight 0 (text made
// only of English stop words), each token is weighted by its tf alone so the
// fingerprint still describes the text. ok is false when text has no tokens
// (empty, blank, punctuation or symbols only): SQL simhash() is then NULL.
//
// This is fingerprint version 1 (README.md, "Fingerprint versions").
func (a *Analyzer) SimHash(text string) (fp uint64, ok bool) {
	features := a.termFrequencies(text)
	if len(features) == 0 {
		return 0, false
	}
	total := 0.0
	for i := range features {
		// The conversion rounds the product, so no platform fuses it with
		// the sums in SimHash: fingerprints are the same on every CPU.
		features[i].Weight = float64(features[i].Weight * a.IDF(features[i].Text))
		total += features[i].Weight
	}
	if total == 0 {
		features = a.termFrequencies(text)
	}
	return SimHash(features), true
}

// Shingle-size limits of SimHashNgram.
const (
	MinNgram = 1
	MaxNgram = 64
)

// ErrNgramSize is returned by SimHashNgram for n outside [MinNgram, MaxNgram].
var ErrNgramSize = fmt.Errorf("n-gram size must be from %d to %d", MinNgram, MaxNgram)

// SimHashNgram returns the SimHash fingerprint of the character n-grams
// (shingles of n Unicode code points) of text's AnalyzedText, each weighted
// by its number of occurrences. Text shorter than n code points is one
// shingle. ok is false when text has no tokens. Errors: ErrNgramSize.
//
// Character shingles need no word segmentation, so they suit short texts,
// mixed scripts and texts with many misspellings.
func (a *Analyzer) SimHashNgram(text string, n int) (fp uint64, ok bool, err error) {
	if n < MinNgram || n > MaxNgram {
		return 0, false, fmt.Errorf("%w, got %d", ErrNgramSize, n)
	}
	analyzed := a.AnalyzedText(text)
	if analyzed == "" {
		return 0, false, nil
	}
	return SimHash(shingles(analyzed, n)), true, nil
}

// shingles returns the distinct character n-grams of s in order of first
// occurrence, weighted by count.
func shingles(s string, n int) []Feature {
	runes := utf8.RuneCountInString(s)
	if runes <= n {
		return []Feature{{Text: s, Weight: 1}}
	}
	// The byte offsets of the last n+1 rune starts, in a ring: memory
	// follows n and the distinct shingles, not the text's length.
	c := newCounter(min(runes-n+1, 1<<12))
	ring := make([]int, n+1)
	k := 0 // runes seen
	for i := range s {
		ring[k%(n+1)] = i
		if k >= n {
			c.add(s[ring[(k-n)%(n+1)]:i]) // runes k−n … k−1
		}
		k++
	}
	c.add(s[ring[(k-n)%(n+1)]:]) // the last n runes
	return c.features
}

// counter counts features in order of first occurrence.
type counter struct {
	index    map[string]int
	features []Feature
}

func newCounter(capacity int) *counter {
	return &counter{index: make(map[string]int, capacity), features: make([]Feature, 0, capacity)}
}

func (c *counter) add(s string) {
	if i, ok := c.index[s]; ok {
		c.features[i].Weight++
		return
	}
	c.index[s] = len(c.features)
	c.features = append(c.features, Feature{Text: s, Weight: 1})
}

// termFrequencies returns text's distinct tokens in order of first
// occurrence, each weighted by its count.
func (a *Analyzer) termFrequencies(text string) []Feature {
	return a.count(text).features
}

// count counts text's tokens in order of first occurrence.
func (a *Analyzer) count(text string) *counter {
	c := newCounter(16)
	a.analyze(text, func(tok string, _ bool) { c.add(tok) })
	return c
}
