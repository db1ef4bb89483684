package minhash

import (
	"encoding/hex"
	"math/rand/v2"
	"slices"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

// Synthetic signatures for the speed runs: what minhash() makes, without
// the text. A slot of a real signature is the minimum of a random
// permutation of [0, 2^61−1) over a set's elements; here it is a value
// drawn uniformly from that range, and a planted neighbour at Jaccard J
// keeps each slot of its base with probability J (Broder 1997: two sets
// at Jaccard J agree in a slot with probability J) and draws it afresh
// otherwise.

const (
	numPerm   = textsim.DefaultNumPerm // slots per signature
	sigSeed   = textsim.DefaultSeed    // the seed written in every signature
	threshold = 0.8                    // the Jaccard threshold of the speed runs
	mersenne  = 1<<61 - 1              // slot values are in [0, mersenne)
	groupSize = 100                    // rows per planted group
	synthSeed = 0x6d696e68617368       // the generator's seed: the same rows every run
)

// plantLevels are the Jaccard levels of the neighbours planted after the
// base row of each group of groupSize rows: on both sides of the
// threshold, so that the exact index's boundary (103 of 128 slots) is
// crossed often.
var plantLevels = []float64{0.95, 0.9, 0.85, 0.82, 0.8, 0.78, 0.75, 0.7, 0.6}

// sigSet is n signatures of numPerm slots; row i (id i+1) has the slots
// vals[i·numPerm : (i+1)·numPerm].
type sigSet struct {
	n    int
	vals []uint64
}

// row returns the slots of row i.
func (s *sigSet) row(i int) []uint64 { return s.vals[i*numPerm : (i+1)*numPerm] }

// plantedSignatures returns n signatures, the same on every call: in each
// run of groupSize rows the first is random (the base), the next
// len(plantLevels) are neighbours of it at plantLevels, the rest random.
func plantedSignatures(n int) *sigSet {
	r := rand.New(rand.NewPCG(synthSeed, 1))
	s := &sigSet{n: n, vals: make([]uint64, n*numPerm)}
	for i := range n {
		pos := i % groupSize
		if pos >= 1 && pos <= len(plantLevels) {
			plantNeighbour(r, s.row(i-pos), plantLevels[pos-1], s.row(i))
			continue
		}
		randomSignature(r, s.row(i))
	}
	return s
}

// randomSignature fills dst with values drawn uniformly from [0, 2^61−1).
func randomSignature(r *rand.Rand, dst []uint64) {
	for k := range dst {
		dst[k] = r.Uint64N(mersenne)
	}
}

// plantNeighbour writes into dst a copy of base with each slot drawn
// afresh with probability 1 − j, so that the expected share of agreeing
// slots is j (a fresh value equals the old one with probability 2^−61).
func plantNeighbour(r *rand.Rand, base []uint64, j float64, dst []uint64) {
	for k, v := range base {
		if r.Float64() < j {
			dst[k] = v
		} else {
			dst[k] = r.Uint64N(mersenne)
		}
	}
}

// marshal encodes slots as minhash() does (textsim.Signature.MarshalBinary).
func marshal(vals []uint64) []byte {
	b, err := textsim.Signature{Seed: sigSeed, Values: vals}.MarshalBinary()
	if err != nil {
		panic(err) // cannot happen for numPerm slots
	}
	return b
}

// writeSigFiles writes s as tab-separated files of per rows each (lines
// "id\tHEX", id i+1 for row i, HEX the signature's bytes in hexadecimal,
// for LOAD DATA … (id, @h) SET sig = UNHEX(@h)) under dir and returns their
// paths in order.
func writeSigFiles(dir string, s *sigSet, per int) ([]string, error) {
	return harness.WriteTSVFiles(dir, "sig", s.n, per, func(dst []byte, i int) []byte {
		return hex.AppendEncode(dst, marshal(s.row(i)))
	})
}

// minAgreeAt returns the fewest agreeing slots of numPerm whose estimate
// m/numPerm is at least t, computed as minhash_jaccard computes the
// estimate (float64 division), counting up (103 for t = 0.8).
func minAgreeAt(t float64) int {
	m := 0
	for m <= numPerm && float64(m)/float64(numPerm) < t {
		m++
	}
	return m
}

// agreeing counts the slots in which a and b agree.
func agreeing(a, b []uint64) int {
	n := 0
	for k, v := range a {
		if v == b[k] {
			n++
		}
	}
	return n
}

// atLeast reports whether a and b agree in at least m slots, stopping as
// soon as too many differ.
func atLeast(a, b []uint64, m int) bool {
	miss := len(a) - m // differing slots allowed
	for k, v := range a {
		if v != b[k] {
			if miss--; miss < 0 {
				return false
			}
		}
	}
	return true
}

// pointTruth is the brute-force answer of minhash_jaccard(sig, X) >= t for
// one X, and what the index does for it.
type pointTruth struct {
	ids []int64 // rows agreeing in at least m slots, ascending
	// bandRows: rows that agree with X on every slot of at least one band of
	// the index (its candidates); lowRows: of those, the rows whose low 16
	// bits agree in at least m slots (the rows it reads and verifies).
	bandRows, lowRows int
}

// pointTruths computes, for each query, by a scan of every row on all
// CPUs, the rows agreeing in at least m slots, and the candidates of an
// index with bands.
func pointTruths(s *sigSet, qs [][]uint64, m int, bands []pigeonhole.Band) []pointTruth {
	out := make([]pointTruth, len(qs))
	harness.Parallel(len(qs), func(qi int) { out[qi] = pointTruthOf(s, qs[qi], m, bands) })
	return out
}

func pointTruthOf(s *sigSet, q []uint64, m int, bands []pigeonhole.Band) pointTruth {
	var t pointTruth
	for i := range s.n {
		row := s.row(i)
		if atLeast(row, q, m) {
			t.ids = append(t.ids, int64(i+1))
		}
		if sharesBand(row, q, bands) {
			t.bandRows++
			if lowAgreeing(row, q) >= m {
				t.lowRows++
			}
		}
	}
	return t
}

// sharesBand reports whether a and b agree on every slot of some band.
func sharesBand(a, b []uint64, bands []pigeonhole.Band) bool {
	for _, bd := range bands {
		if slices.Equal(a[bd.Lo:bd.Hi], b[bd.Lo:bd.Hi]) {
			return true
		}
	}
	return false
}

// lowAgreeing counts the slots whose low 16 bits agree.
func lowAgreeing(a, b []uint64) int {
	n := 0
	for k, v := range a {
		if uint16(v) == uint16(b[k]) {
			n++
		}
	}
	return n
}

// pairOf is a pair of rows (ids, left < right) and its agreeing slots.
type pairOf struct {
	left, right int64
	agree       int
}

// pairsAtLeast returns every pair of rows agreeing in at least m slots,
// sorted, without comparing all pairs: the slots are cut into
// numPerm − m + 1 interleaved bands (slot k in band k mod nb), so a pair
// that differs in at most numPerm − m slots agrees on all of one band
// (the pigeonhole principle). Rows are sorted by each band's slot values;
// each run of equal values is compared pairwise, and a pair is taken in
// the first band it agrees on. The bands are not the index's (which are
// runs of adjacent slots), so the count does not share its layout.
func pairsAtLeast(s *sigSet, m int) []pairOf {
	nb := numPerm - m + 1
	w := (numPerm + nb - 1) / nb // the widest band; narrower ones end in zeros
	keys := make([]uint64, s.n*w)
	key := func(i int) []uint64 { return keys[i*w : (i+1)*w] }
	sameBand := func(i, j, b int) bool {
		ri, rj := s.row(i), s.row(j)
		for k := b; k < numPerm; k += nb {
			if ri[k] != rj[k] {
				return false
			}
		}
		return true
	}
	var out []pairOf
	order := make([]int32, s.n)
	for b := range nb {
		for i := range s.n {
			order[i] = int32(i)
			k, row := key(i), s.row(i)
			clear(k)
			for x, slot := 0, b; slot < numPerm; x, slot = x+1, slot+nb {
				k[x] = row[slot]
			}
		}
		slices.SortFunc(order, func(x, y int32) int {
			if c := slices.Compare(key(int(x)), key(int(y))); c != 0 {
				return c
			}
			return int(x - y)
		})
		for lo := 0; lo < s.n; {
			hi := lo + 1
			for hi < s.n && slices.Equal(key(int(order[hi])), key(int(order[lo]))) {
				hi++
			}
			for x := lo; x < hi; x++ {
				for y := x + 1; y < hi; y++ {
					i, j := int(order[x]), int(order[y])
					a := agreeing(s.row(i), s.row(j))
					if a < m {
						continue
					}
					first := true
					for e := range b {
						if sameBand(i, j, e) {
							first = false
							break
						}
					}
					if first {
						out = append(out, pairOf{int64(min(i, j) + 1), int64(max(i, j) + 1), a})
					}
				}
			}
			lo = hi
		}
	}
	slices.SortFunc(out, func(x, y pairOf) int {
		if x.left != y.left {
			return int(x.left - y.left)
		}
		return int(x.right - y.right)
	})
	return out
}
