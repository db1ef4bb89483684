// Package indexes holds simsql's similarity index kinds — the SimHash
// block index (Manku, Jain & Das Sarma, "Detecting near-duplicates for web
// crawling", WWW 2007) and the MinHash band index — with their planner
// hooks, the all-pairs near-duplicate searches and the near_duplicates
// table functions. The pigeonhole arithmetic (blocks of bits, bands of
// slots) is package pigeonhole's.
package indexes

import (
	"cmp"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/simsql/simsql/pigeonhole"
)

// MaxK is the largest Hamming distance a SimHash index serves: k+1 = 17
// blocks of 3 or 4 bits.
const MaxK = 16

// NearPairs calls emit once for every pair of items (indexes into fps)
// whose fingerprints are within Hamming distance k, with the smaller item
// first, and returns true; it returns false as soon as emit returns false
// or stop (which may be nil) returns true. Stop is polled after every
// bounded amount of work (about 65,000 distance checks or sorted
// items), whether or not pairs are found, so a search can always be
// abandoned quickly; it may be called from several goroutines at once.
// Emit is called from the caller's goroutine only, in no particular order.
// k must be in [0, 64].
//
// The method (Manku, Jain & Das Sarma, WWW 2007, with a cost rule of our
// own for crowded groups): items with equal fingerprints are grouped
// first, so n identical fingerprints cost n(n−1)/2 emitted pairs and nothing
// more. The distinct fingerprints are grouped by each of the k+1 block
// values (pigeonhole: a pair within k agrees on at least one block); within
// a group the pair's remaining bits differ in at most k places, so a large
// group is split again the same way on its bits that vary, and a pair is
// kept only from the first block on which it agrees, so each pair comes
// out once. Splitting is a choice made per group, from its exact cost: a
// group of g is split only if the pairs that share a block value, summed
// over its k+1 blocks, plus the cost of sorting it k+1 times, come to fewer
// than its g(g−1)/2 pairs; otherwise its pairs are verified one by one.
// So no group, and no search, makes more distance checks than comparing its
// members pairwise (brute force), and its total work is at most 1.25 times
// that (sorting a group is tried only when it costs at most a quarter of
// verifying it), at any k and however clustered the fingerprints; uniform
// fingerprints at small k cost in proportion to the pairs sharing a block
// value. With more than one CPU, the groups of the first level's blocks
// (or the rows of a pairwise verification) are searched by one goroutine
// per CPU.
func NearPairs(fps []uint64, k int, stop func() bool, emit func(left, right, distance int) bool) bool {
	ok, _ := nearPairs(fps, k, runtime.GOMAXPROCS(0), stop, emit)
	return ok
}

// searchStats is what a search did, for tests.
type searchStats struct {
	checks int64 // distance checks (pairs compared)
	work   int64 // work units: distance checks plus items sorted
}

// parallelWork is the least estimated work (distance checks) for which
// nearPairs starts goroutines (a variable for tests).
var parallelWork int64 = 1 << 20

// nearPairs is NearPairs with at most workers goroutines, returning its
// statistics.
func nearPairs(fps []uint64, k int, workers int, stop func() bool, emit func(l, r, d int) bool) (bool, searchStats) {
	if k < 0 || k > 64 {
		panic(fmt.Sprintf("indexes: NearPairs with k = %d, want 0 to 64", k))
	}
	d := distinctFingerprints(fps, workers)
	main := &pairSearch{k: k, stop: stop, workers: workers}
	main.spend(8 * int64(len(fps))) // sorting them: a few radix passes
	if main.stopped || !d.emitEqual(emit, main) || k == 0 || len(d.fps) < 2 {
		return !main.stopped, main.stats()
	}
	items := d.scratch[:len(d.fps)]
	for i := range items {
		items[i] = int32(i)
	}
	root := main.plan(items, d.fps, ^uint64(0))
	if main.stopped {
		return false, main.stats()
	}
	var tasks int
	var run func(s *pairSearch, task, of int)
	if root.split {
		// A pair's first agreeing block decides which task reports it.
		tasks = len(root.blocks)
		run = func(s *pairSearch, bi, _ int) { s.searchGroups(root, bi, nil) }
	} else {
		tasks = max(1, workers)
		run = func(s *pairSearch, w, of int) { s.verify(root.items, root.fps, w, of, nil) }
	}
	if workers < 2 || root.cost < parallelWork {
		main.report = d.expand(emit)
		for t := range tasks {
			if run(main, t, tasks); main.stopped {
				return false, main.stats()
			}
		}
		return true, main.stats()
	}
	return runParallel(d, main, min(workers, tasks), tasks, run, emit)
}

// batchSize is the number of pairs a worker hands over at a time.
const batchSize = 1024

// found is a pair of distinct fingerprints (indexes into distinct.fps)
// found by a worker.
type found struct {
	a, b int32
	d    int32
}

// runParallel runs tasks 0..tasks−1 on workers goroutines, each with its
// own pairSearch, and emits what they find from the calling goroutine. A
// panic in a worker is raised again in the caller, after the others end.
func runParallel(d *distinct, main *pairSearch, workers, tasks int, run func(s *pairSearch, task, of int), emit func(l, r, dist int) bool) (bool, searchStats) {
	var halt atomic.Bool
	stop := func() bool { return halt.Load() || main.stop != nil && main.stop() }
	batches := make(chan []found, 2*workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex
	stats := main.stats()
	var panicked any
	stopped := false // a worker stopped or panicked
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &pairSearch{k: main.k, stop: stop}
			batch := make([]found, 0, batchSize)
			s.report = func(a, b int32, dist int) bool {
				if batch = append(batch, found{a, b, int32(dist)}); len(batch) == batchSize {
					batches <- batch
					batch = make([]found, 0, batchSize)
				}
				return !halt.Load()
			}
			defer func() {
				r := recover()
				mu.Lock()
				defer mu.Unlock()
				if r != nil && panicked == nil {
					panicked = r
				}
				if r != nil || s.stopped {
					stopped = true
					halt.Store(true)
				}
				st := s.stats()
				stats.checks += st.checks
				stats.work += st.work
			}()
			for {
				t := int(next.Add(1) - 1)
				if t >= tasks || s.stopped {
					break
				}
				run(s, t, tasks)
			}
			if !s.stopped && len(batch) > 0 {
				batches <- batch
			}
		}()
	}
	go func() {
		wg.Wait()
		close(batches)
	}()
	report := d.expand(emit)
	for batch := range batches {
		for _, p := range batch {
			if halt.Load() {
				break
			}
			if !report(p.a, p.b, int(p.d)) {
				halt.Store(true)
			}
		}
	}
	if panicked != nil {
		panic(panicked)
	}
	return !halt.Load() && !stopped, stats
}

// distinct holds the distinct fingerprints of a list, ascending, and the
// items of each: those of fps[a] are members[start[a]:start[a+1]],
// ascending.
type distinct struct {
	fps     []uint64
	start   []int32
	members []int32
	scratch []int32 // room for len(fps) items, free for the search
}

// distinctFingerprints sorts fps (on up to workers goroutines) and groups
// the items of equal fingerprints.
func distinctFingerprints(fps []uint64, workers int) *distinct {
	keys := slices.Clone(fps)
	items := make([]int32, len(fps))
	for i := range items {
		items[i] = int32(i)
	}
	tmpItems := make([]int32, len(items))
	sortByMask(keys, items, ^uint64(0), make([]uint64, len(keys)), tmpItems, workers)
	// The distinct fingerprints overwrite keys as they are read.
	d := &distinct{members: items, fps: keys[:0], start: make([]int32, 0, len(keys)+1), scratch: tmpItems}
	for i, fp := range keys {
		if n := len(d.fps); n == 0 || d.fps[n-1] != fp {
			d.fps = append(d.fps, fp)
			d.start = append(d.start, int32(i))
		}
	}
	d.start = append(d.start, int32(len(items)))
	return d
}

// emitEqual emits the pairs of items that share a fingerprint, polling s's
// stop as it goes.
func (d *distinct) emitEqual(emit func(l, r, dist int) bool, s *pairSearch) bool {
	for a := range d.fps {
		m := d.members[d.start[a]:d.start[a+1]]
		for i := 0; i < len(m); i++ {
			for _, y := range m[i+1:] {
				if !emit(int(m[i]), int(y), 0) {
					return false
				}
			}
			if s.spend(int64(len(m) - i)); s.stopped {
				return false
			}
		}
	}
	return true
}

// expand turns a pair of distinct fingerprints into the pairs of their items.
func (d *distinct) expand(emit func(l, r, dist int) bool) func(a, b int32, dist int) bool {
	return func(a, b int32, dist int) bool {
		for _, x := range d.members[d.start[a]:d.start[a+1]] {
			for _, y := range d.members[d.start[b]:d.start[b+1]] {
				l, r := int(x), int(y)
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

// stopEvery is the work (distance checks or items sorted) between two
// polls of the stop function: tens of microseconds.
const stopEvery = 1 << 16

// pairSearch finds the pairs within distance k among distinct fingerprints,
// on one goroutine.
type pairSearch struct {
	k       int
	report  func(a, b int32, dist int) bool
	stop    func() bool // polled every stopEvery units of work; may be nil
	stopped bool
	workers int // goroutines plan may use to sort a big group (the first level's)

	checks   int64 // distance checks
	work     int64 // distance checks plus items sorted
	nextPoll int64 // work at which stop is next polled

	tmpKeys  []uint64 // scratch of groupBy
	tmpItems []int32
}

// stats returns what s has done.
func (s *pairSearch) stats() searchStats { return searchStats{checks: s.checks, work: s.work} }

// spend counts n units of work and polls stop when they add up to
// stopEvery.
func (s *pairSearch) spend(n int64) {
	if s.work += n; s.work >= s.nextPoll {
		s.nextPoll = s.work + stopEvery
		if s.stop != nil && s.stop() {
			s.stopped = true
		}
	}
}

// node is a group of items to search, and how: by splitting it into the
// groups of its blocks, or pair by pair.
type node struct {
	items  []int32
	fps    []uint64 // fps[i] is the fingerprint of items[i]
	mask   uint64
	split  bool
	blocks []pigeonhole.Block // with split
	// With split, the items and their fingerprints sorted by each block's
	// value; nil for a block not kept (a big group, sorted again when
	// searched).
	sortedItems [][]int32
	sortedFps   [][]uint64
	cost        int64 // distance checks the chosen way will make at most
}

// parallelItems is the fewest items for which plan and sortByMask sort in
// parallel (a variable for tests).
var parallelItems = 1 << 16

// parallelFor calls f(0), …, f(n−1) on up to workers goroutines and
// returns when all have returned. A panic in f is raised again in the
// caller, once the others have returned.
func parallelFor(workers, n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	var once sync.Once
	var panicked any
	for range min(workers, n) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					once.Do(func() { panicked = r })
					next.Store(int64(n)) // no more tasks
				}
			}()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				f(i)
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(panicked)
	}
}

// keepSorted is the most items (summed over a group's blocks) whose sorted
// copies plan keeps for the search (a variable for tests).
var keepSorted = 1 << 22

// pairs is n(n−1)/2.
func pairs(n int) int64 { return int64(n) * int64(n-1) / 2 }

// sortCost is the work charged for sorting n items on one block: n·log₂ n,
// what a comparison sort makes (the radix sort used makes fewer).
func sortCost(n int) int64 { return int64(n) * int64(bits.Len(uint(n))) }

// fewestSharing is the fewest pairs that can share a block value when n
// items fall into at most 2^width values: equal groups (by convexity).
func fewestSharing(n, width int) int64 {
	groups := int64(n)
	if width < 62 {
		groups = min(groups, int64(1)<<width)
	}
	size, bigger := int64(n)/groups, int64(n)%groups
	return bigger*(size+1)*size/2 + (groups-bigger)*size*(size-1)/2
}

// plan decides how to search items (with fingerprints fps), which agree on
// every bit outside mask: it splits them if the pairs sharing a block value
// (counted exactly, by sorting on each block) plus the sorting cost are
// fewer than the pairs of the group, and gives up sorting as soon as that
// cannot hold.
func (s *pairSearch) plan(items []int32, fps []uint64, mask uint64) node {
	n := node{items: items, fps: fps, cost: pairs(len(items))}
	nblocks := s.k + 1
	// What plan spends at most: a pass over the items, then for each block
	// a pass (already sorted?) and a sort.
	sorting := int64(len(items)) + int64(nblocks)*(int64(len(items))+sortCost(len(items)))
	if 4*sorting > n.cost {
		return n // sorting alone would cost more than a quarter of verifying
	}
	// Bits on which every item agrees add nothing to any distance: split
	// only the bits that vary, so that every block divides the group.
	and, or := ^uint64(0), uint64(0)
	for _, fp := range fps {
		and &= fp
		or |= fp
	}
	s.spend(int64(len(items)))
	n.mask = mask & (and ^ or)
	if bits.OnesCount64(n.mask) <= nblocks {
		return n // blocks of one bit: each splits the group in two at best
	}
	blocks := pigeonhole.SplitMask(n.mask, nblocks)
	var atLeast int64 // pairs sharing a value, at least, in the blocks not yet sorted
	for _, b := range blocks {
		atLeast += fewestSharing(len(items), bits.OnesCount64(b.Mask))
	}
	if atLeast+sorting >= n.cost {
		return n
	}
	keep := nblocks*len(items) <= keepSorted
	n.sortedItems, n.sortedFps = make([][]int32, nblocks), make([][]uint64, nblocks)
	var sharing int64
	if s.workers > 1 && len(items) >= parallelItems {
		// Each block sorted by a goroutine of its own, all of them sorted.
		shares := make([]int64, nblocks)
		subs := make([]*pairSearch, nblocks)
		parallelFor(s.workers, nblocks, func(bi int) {
			sub := &pairSearch{k: s.k, stop: s.stop}
			subs[bi] = sub
			sItems, sFps := sub.groupBy(items, fps, blocks[bi])
			for lo := 0; lo < len(sFps); {
				hi := groupEnd(sFps, lo, blocks[bi])
				shares[bi] += pairs(hi - lo)
				lo = hi
			}
			if keep {
				n.sortedItems[bi], n.sortedFps[bi] = sItems, sFps
			}
		})
		for bi, sub := range subs {
			s.work, s.stopped = s.work+sub.work, s.stopped || sub.stopped
			sharing += shares[bi]
		}
		if s.stopped || sharing+sorting >= n.cost {
			return node{items: items, fps: fps, cost: n.cost}
		}
	} else {
		for bi, b := range blocks {
			atLeast -= fewestSharing(len(items), bits.OnesCount64(b.Mask))
			sItems, sFps := s.groupBy(items, fps, b)
			for lo := 0; lo < len(sFps); {
				hi := groupEnd(sFps, lo, b)
				sharing += pairs(hi - lo)
				lo = hi
			}
			if s.stopped || sharing+atLeast+sorting >= n.cost {
				return node{items: items, fps: fps, cost: n.cost}
			}
			if keep {
				n.sortedItems[bi], n.sortedFps[bi] = sItems, sFps
			}
		}
	}
	n.split, n.blocks, n.cost = true, blocks, sharing
	return n
}

// groupEnd returns the end of the run of fps that starts at lo and shares
// lo's value of block b.
func groupEnd(fps []uint64, lo int, b pigeonhole.Block) int {
	v := b.Value(fps[lo])
	hi := lo + 1
	for hi < len(fps) && b.Value(fps[hi]) == v {
		hi++
	}
	return hi
}

// search reports the pairs among items (with fingerprints fps) within
// distance k whose fingerprints pass keep (nil: every pair). The items
// agree on every bit outside mask.
func (s *pairSearch) search(items []int32, fps []uint64, mask uint64, keep func(x, y uint64) bool) {
	if s.stopped || len(items) < 2 {
		return
	}
	n := s.plan(items, fps, mask)
	if !n.split {
		s.verify(items, fps, 0, 1, keep)
		return
	}
	for bi := range n.blocks {
		if s.searchGroups(n, bi, keep); s.stopped {
			return
		}
	}
}

// searchGroups searches each group of n's items sharing a value of block
// bi on the remaining bits, keeping a pair only if bi is the first block it
// agrees on.
func (s *pairSearch) searchGroups(n node, bi int, keep func(x, y uint64) bool) {
	b, items, fps := n.blocks[bi], n.sortedItems[bi], n.sortedFps[bi]
	if items == nil {
		items, fps = s.groupBy(n.items, n.fps, b)
	}
	first := func(x, y uint64) bool {
		return pigeonhole.FirstAgreeing(x, y, n.blocks) == bi && (keep == nil || keep(x, y))
	}
	for lo := 0; lo < len(fps) && !s.stopped; {
		hi := groupEnd(fps, lo, b)
		if hi-lo > 1 {
			s.search(items[lo:hi], fps[lo:hi], n.mask&^b.Mask, first)
		}
		lo = hi
	}
}

// verify checks, with the exact distance, every pair of items whose first
// item's position is w modulo of.
func (s *pairSearch) verify(items []int32, fps []uint64, w, of int, keep func(x, y uint64) bool) {
	k := s.k
	// Small groups are charged at once, large ones row by row.
	byRow := of > 1 || len(fps) > 256
	if !byRow {
		n := pairs(len(fps))
		s.checks += n
		if s.spend(n); s.stopped {
			return
		}
	}
	for i := w; i < len(fps); i += of {
		fa := fps[i]
		rest := fps[i+1:]
		if byRow {
			s.checks += int64(len(rest))
			if s.spend(int64(len(rest))); s.stopped {
				return
			}
		}
		for j, fb := range rest {
			d := bits.OnesCount64(fa ^ fb)
			if d > k || keep != nil && !keep(fa, fb) {
				continue
			}
			if !s.report(items[i], items[i+1+j], d) {
				s.stopped = true
				return
			}
		}
	}
}

// groupBy returns items and their fingerprints sorted (stably) by the value
// of block b: the arguments themselves if they already are.
func (s *pairSearch) groupBy(items []int32, fps []uint64, b pigeonhole.Block) ([]int32, []uint64) {
	s.spend(int64(len(items)))
	if slices.IsSortedFunc(fps, func(x, y uint64) int { return cmp.Compare(b.Value(x), b.Value(y)) }) {
		return items, fps
	}
	s.spend(sortCost(len(items)))
	outItems, outFps := slices.Clone(items), slices.Clone(fps)
	s.tmpKeys = slices.Grow(s.tmpKeys[:0], len(items))[:len(items)]
	s.tmpItems = slices.Grow(s.tmpItems[:0], len(items))[:len(items)]
	sortByMask(outFps, outItems, b.Mask, s.tmpKeys, s.tmpItems, 1)
	return outItems, outFps
}

// sortByMask sorts keys and items (items[i] goes with keys[i]) stably by
// the bits of the keys in mask, in place, with scratch space tk and ti of
// the same lengths: a most-significant-digit radix sort on 8-bit digits,
// skipping digits every key shares, with insertion sort for small runs;
// the runs of the first digit that divides the keys are sorted on up to
// workers goroutines.
func sortByMask(keys []uint64, items []int32, mask uint64, tk []uint64, ti []int32, workers int) {
	if mask == 0 {
		return
	}
	msdSort(keys, items, mask, max(64-bits.LeadingZeros64(mask)-8, 0), tk, ti, workers)
}

// msdSort is sortByMask from the digit at bit shift down, the digits above
// it being equal in all keys.
func msdSort(keys []uint64, items []int32, mask uint64, shift int, tk []uint64, ti []int32, workers int) {
	for {
		if len(keys) <= 32 {
			insertionSort(keys, items, mask)
			return
		}
		digitMask := mask >> shift & 0xFF
		if digitMask == 0 {
			if shift == 0 {
				return
			}
			shift = max(shift-8, 0)
			continue
		}
		var counts [256]int32
		for _, key := range keys {
			counts[byte(key>>shift)&byte(digitMask)]++
		}
		if counts[byte(keys[0]>>shift)&byte(digitMask)] == int32(len(keys)) {
			if shift == 0 {
				return // every key has this digit
			}
			shift = max(shift-8, 0)
			continue
		}
		var starts [257]int32
		for i, c := range counts {
			starts[i+1] = starts[i] + c
		}
		pos := starts
		for i, key := range keys {
			dg := byte(key>>shift) & byte(digitMask)
			tk[pos[dg]], ti[pos[dg]] = key, items[i]
			pos[dg]++
		}
		copy(keys, tk[:len(keys)])
		copy(items, ti[:len(items)])
		if shift == 0 {
			return
		}
		next := max(shift-8, 0)
		sortRun := func(d int) {
			if lo, hi := starts[d], starts[d+1]; hi-lo > 1 {
				msdSort(keys[lo:hi], items[lo:hi], mask, next, tk[lo:hi], ti[lo:hi], 1)
			}
		}
		if workers > 1 && len(keys) >= parallelItems {
			parallelFor(workers, 256, sortRun)
			return
		}
		for d := range 256 {
			sortRun(d)
		}
		return
	}
}

// insertionSort sorts a few keys and items stably by the bits of the keys
// in mask.
func insertionSort(keys []uint64, items []int32, mask uint64) {
	for i := 1; i < len(keys); i++ {
		key, item := keys[i], items[i]
		j := i
		for ; j > 0 && keys[j-1]&mask > key&mask; j-- {
			keys[j], items[j] = keys[j-1], items[j-1]
		}
		keys[j], items[j] = key, item
	}
}
