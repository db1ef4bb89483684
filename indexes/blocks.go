// Package indexes holds simsql's SimHash block index (Manku, Jain & Das
// Sarma, "Detecting near-duplicates for web crawling", WWW 2007): the
// pigeonhole split of 64-bit fingerprints into blocks, the all-pairs
// near-duplicate search over them, the index kind that keeps block values in
// the catalog, its planner hook, and the near_duplicates table functions.
package indexes

import (
	"math/bits"
	"sort"
)

// MaxK is the largest Hamming distance a SimHash index serves: k+1 = 17
// blocks of 3 or 4 bits.
const MaxK = 16

// Block is one block of a fingerprint: the bits set in Mask.
type Block struct {
	Mask uint64
}

// Value returns the block's bits of fp (still in place).
func (b Block) Value(fp uint64) uint64 { return fp & b.Mask }

// Blocks returns the k+1 blocks of a 64-bit fingerprint for Hamming distance
// k: runs of adjacent bits, as equal as possible (the first 64 mod (k+1)
// blocks one bit wider), most significant first; for k = 3, four blocks of
// 16 bits. By the pigeonhole principle, two fingerprints within distance k
// agree on at least one block. k must be in [0, MaxK].
func Blocks(k int) []Block {
	return splitMask(^uint64(0), k+1)
}

// splitMask splits the bits set in mask into n runs as equal as possible,
// most significant first; fewer than n if mask has fewer bits.
func splitMask(mask uint64, n int) []Block {
	m := bits.OnesCount64(mask)
	if n > m {
		n = m
	}
	out := make([]Block, n)
	base, extra := m/n, m%n
	i, left := 0, base
	if extra > 0 {
		left++
	}
	for bit := 63; bit >= 0 && i < n; bit-- {
		if mask&(1<<bit) == 0 {
			continue
		}
		out[i].Mask |= 1 << bit
		if left--; left == 0 {
			i++
			left = base
			if i < extra {
				left++
			}
		}
	}
	return out
}

// firstAgreeing returns the index of the first block on which a and b
// agree, or −1.
func firstAgreeing(a, b uint64, blocks []Block) int {
	x := a ^ b
	for i, bl := range blocks {
		if x&bl.Mask == 0 {
			return i
		}
	}
	return -1
}

// NearPairs calls emit once for every pair of items whose fingerprints are
// within Hamming distance k, with the smaller item index first. emit's
// false stops the search.
//
// The method (Manku et al. 2007): items with equal fingerprints are grouped
// first, so n identical fingerprints cost n(n−1)/2 emitted pairs and nothing
// more. The distinct fingerprints are grouped by each of the k+1 block
// values; within a group, pairs are verified with the exact distance, and a
// pair is emitted only from the first block on which it agrees, so each pair
// comes out once. A group larger than GroupLimit is split again on its
// remaining bits: its pairs agree on the group's block, so they differ in at
// most k of the other bits and the pigeonhole holds there too. Low-entropy
// fingerprints, which crowd a few block values, so cost in proportion to the
// pairs found rather than to the square of the group. k must be in
// [0, MaxK].
func NearPairs(fps []uint64, k int, emit func(left, right, distance int) bool) {
	d := distinctFingerprints(fps)
	if !d.emitEqual(emit) || k == 0 {
		return
	}
	items := make([]int32, len(d.fps))
	for i := range items {
		items[i] = int32(i)
	}
	s := &pairSearch{fps: d.fps, k: k, report: d.expand(emit)}
	s.search(items, ^uint64(0), func(a, b int32) bool { return true })
}

// GroupLimit is the size above which a group of fingerprints that agree on
// a block is split again rather than verified pair by pair.
const GroupLimit = 32

// distinct holds the distinct fingerprints of a list and the items of each.
type distinct struct {
	fps     []uint64
	members [][]int
}

func distinctFingerprints(fps []uint64) *distinct {
	order := make([]int, len(fps))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return fps[order[a]] < fps[order[b]] })
	d := &distinct{}
	for _, i := range order {
		if n := len(d.fps); n > 0 && d.fps[n-1] == fps[i] {
			d.members[n-1] = append(d.members[n-1], i)
			continue
		}
		d.fps = append(d.fps, fps[i])
		d.members = append(d.members, []int{i})
	}
	return d
}

// emitEqual emits the pairs of items that share a fingerprint.
func (d *distinct) emitEqual(emit func(l, r, dist int) bool) bool {
	for _, m := range d.members {
		for a := 0; a < len(m); a++ {
			for b := a + 1; b < len(m); b++ {
				if !emit(m[a], m[b], 0) {
					return false
				}
			}
		}
	}
	return true
}

// expand turns a pair of distinct fingerprints into the pairs of their items.
func (d *distinct) expand(emit func(l, r, dist int) bool) func(a, b int32, dist int) bool {
	return func(a, b int32, dist int) bool {
		for _, x := range d.members[a] {
			for _, y := range d.members[b] {
				l, r := x, y
				if l > r {
					l, r = r, l
				}
				if !emit(l, r, dist) {
					return false
				}
			}
		}
		return true
	}
}

// pairSearch finds the pairs within distance k among distinct fingerprints.
type pairSearch struct {
	fps     []uint64
	k       int
	report  func(a, b int32, dist int) bool
	stopped bool

	onVerify func() // counts distance checks in tests
}

// search reports the pairs among items within distance k that pass keep.
// The items agree on every bit outside mask.
func (s *pairSearch) search(items []int32, mask uint64, keep func(a, b int32) bool) {
	if s.stopped || len(items) < 2 {
		return
	}
	// Bits on which every item agrees add nothing to any distance: split
	// only the bits that vary, so that every block divides the group.
	and, or := ^uint64(0), uint64(0)
	for _, it := range items {
		and &= s.fps[it]
		or |= s.fps[it]
	}
	mask &= and ^ or
	if len(items) <= GroupLimit || bits.OnesCount64(mask) <= s.k+1 {
		s.verify(items, keep)
		return
	}
	s.searchBlocks(items, mask, splitMask(mask, s.k+1), keep)
}

// searchBlocks groups items by each block's value and searches each group
// on the remaining bits, keeping a pair only in the first block it agrees on.
func (s *pairSearch) searchBlocks(items []int32, mask uint64, blocks []Block, keep func(a, b int32) bool) {
	sorted := append([]int32(nil), items...)
	for bi, b := range blocks {
		sort.Slice(sorted, func(i, j int) bool { return b.Value(s.fps[sorted[i]]) < b.Value(s.fps[sorted[j]]) })
		first := func(x, y int32) bool {
			return firstAgreeing(s.fps[x], s.fps[y], blocks) == bi && keep(x, y)
		}
		for lo := 0; lo < len(sorted); {
			v := b.Value(s.fps[sorted[lo]])
			hi := lo + 1
			for hi < len(sorted) && b.Value(s.fps[sorted[hi]]) == v {
				hi++
			}
			if hi-lo > 1 {
				s.search(append([]int32(nil), sorted[lo:hi]...), mask&^b.Mask, first)
			}
			if s.stopped {
				return
			}
			lo = hi
		}
	}
}

// verify checks every pair of items with the exact distance.
func (s *pairSearch) verify(items []int32, keep func(a, b int32) bool) {
	for i := 0; i < len(items); i++ {
		fi := s.fps[items[i]]
		for j := i + 1; j < len(items); j++ {
			if s.onVerify != nil {
				s.onVerify()
			}
			d := bits.OnesCount64(fi ^ s.fps[items[j]])
			if d > s.k || !keep(items[i], items[j]) {
				continue
			}
			if !s.report(items[i], items[j], d) {
				s.stopped = true
				return
			}
		}
	}
}

// RunPairs calls emit for every pair of a run of fingerprints (fps) that
// agree on block bi of blocks — one run per block value, as a simhash index
// with blocks = Blocks(k') holds them in key order — whose Hamming distance
// is at most k (k ≤ k') and whose first agreeing block is bi: over all runs
// of all blocks, every pair within k comes out exactly once (the
// pigeonhole of Manku et al. 2007 holds for any k ≤ k'). Pairs are of
// indexes into fps, the smaller first. Identical fingerprints (which first
// agree on block 0) and crowded runs cost as in NearPairs: in proportion to
// the pairs found. It returns false if emit did.
func RunPairs(fps []uint64, blocks []Block, bi, k int, emit func(left, right, distance int) bool) bool {
	if len(fps) < 2 {
		return true
	}
	d := distinctFingerprints(fps)
	if bi == 0 && !d.emitEqual(emit) {
		return false
	}
	if k == 0 || len(d.fps) < 2 {
		return true
	}
	items := make([]int32, len(d.fps))
	for i := range items {
		items[i] = int32(i)
	}
	s := &pairSearch{fps: d.fps, k: k, report: d.expand(emit)}
	s.search(items, ^uint64(0)&^blocks[bi].Mask, func(x, y int32) bool {
		return firstAgreeing(d.fps[x], d.fps[y], blocks) == bi
	})
	return !s.stopped
}
