package sketch

import (
	"fmt"

	"github.com/cespare/xxhash/v2"

	"github.com/simsql/simsql/textsim"
)

// Fingerprints of a word set that are not SimHash: experiments, not in SQL.
// Each reads the set of the analyser's tokens (what jaccard() compares) and
// has no tie bits by construction.

// sketchSeed is the MinHash seed of the set fingerprints.
const sketchSeed = textsim.DefaultSeed

// bbitMinHash returns b-bit minwise hashing (Li & König, "b-Bit Minwise
// Hashing", WWW 2010) in 64 bits: 64/b MinHash permutations of the word set
// (textsim.MinHasher, seed sketchSeed), slot i holding the lowest b bits of
// minimum i at bits b·i … b·i+b−1. Two sets at Jaccard J share a minimum
// with probability J; otherwise the b bits agree by chance, so one bit of
// 1-bit MinHash differs with probability (1−J)/2.
func bbitMinHash(b int) func(tokens []string) uint64 {
	if b < 1 || 64%b != 0 {
		panic(fmt.Sprintf("bbitMinHash: %d bits a slot do not divide 64", b))
	}
	m, err := textsim.NewMinHasher(64/b, sketchSeed)
	if err != nil {
		panic(err)
	}
	mask := uint64(1)<<b - 1
	return func(tokens []string) uint64 {
		var fp uint64
		for i, v := range m.Sum(tokens).Values {
			fp |= (v & mask) << (b * i)
		}
		return fp
	}
}

// oddSketch returns the 64-bit odd sketch (Mitzenmacher, Pagh & Pham,
// "Efficient estimation for high similarities using odd sketches", WWW
// 2014) of a t-permutation MinHash sample of the word set: each pair (i,
// minimum i) is hashed to one of the 64 positions, and a position is 1 iff
// an odd number of pairs land there. The XOR of two sketches is the sketch
// of the samples' symmetric difference.
func oddSketch(t int) func(tokens []string) uint64 {
	m, err := textsim.NewMinHasher(t, sketchSeed)
	if err != nil {
		panic(err)
	}
	return func(tokens []string) uint64 {
		var fp uint64
		for i, v := range m.Sum(tokens).Values {
			fp ^= 1 << (mix64(v, uint64(i)) >> 58)
		}
		return fp
	}
}

// mix64 hashes (v, i) to 64 bits with the SplitMix64 finalizer (Steele,
// Lea & Flood, OOPSLA 2014).
func mix64(v, i uint64) uint64 {
	z := v ^ (i+1)*0x9E3779B97F4A7C15
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// onePermutation returns 1-bit one-permutation MinHash (Li, Owen & Zhang,
// "One permutation hashing", NIPS 2012) with optimal densification
// (Shrivastava, ICML 2017) in 64 bits: each distinct word is hashed once
// with xxHash64 (seed 0), its top 6 bits choosing one of 64 bins and its
// other 58 bits its rank in the bin; bit i is one bit of a second hash of
// the word of lowest rank in bin i. The bins partition the union of two
// sets, so their minima are a sample without replacement (less variance
// than 64 permutations for small sets). An empty bin takes the bit of the
// first nonempty bin of the sequence mix64(i, 1), mix64(i, 2), … mod 64,
// the same sequence for every set.
func onePermutation() func(tokens []string) uint64 {
	return func(tokens []string) uint64 {
		var rank [64]uint64
		var bit [64]uint64
		var full uint64
		for _, t := range tokens {
			h := xxhash.Sum64String(t)
			b, r := h>>58, h&(1<<58-1)
			if full&(1<<b) == 0 || r < rank[b] {
				full |= 1 << b
				rank[b], bit[b] = r, mix64(h, 0)&1
			}
		}
		if full == 0 {
			return 0
		}
		var fp uint64
		for i := range uint64(64) {
			j := i
			for a := uint64(1); full&(1<<j) == 0; a++ {
				j = mix64(i, a) >> 58
			}
			fp |= bit[j] << i
		}
		return fp
	}
}
