// Package indexes holds simsql's similarity index kinds — the SimHash
// block index (Manku, Jain & Das Sarma, "Detecting near-duplicates for web
// crawling", WWW 2007) and the MinHash band index — with their planner
// hooks, the all-pairs near-duplicate searches and the near_duplicates
// table functions. The pigeonhole arithmetic (blocks of bits, bands of
// slots) is package pigeonhole's.
package indexes

import (
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
// value. With more than one CPU, the fingerprints and the first level's
// blocks are sorted, and the groups of those blocks (or the rows of a
// pairwise verification) searched, by one goroutine per CPU. Only the
// distinct fingerprints go through the search, which finds their items
// again when it emits a pair.
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
	root := main.plan(d.fps, ^uint64(0), 0)
	if main.stopped {
		return false, main.stats()
	}
	var tasks int
	var run func(s *pairSearch, task, of int)
	if root.split {
		// A pair's first agreeing block decides which task reports it; with
		// every block's sorted copy kept, each block's groups are cut into
		// chunks, so that the goroutines end together.
		chunks := 1
		if workers > 1 && !slices.ContainsFunc(root.sorted, func(fps []uint64) bool { return fps == nil }) {
			chunks = max(1, 8*workers/len(root.blocks))
		}
		tasks = len(root.blocks) * chunks
		run = func(s *pairSearch, t, _ int) {
			bi, c := t/chunks, t%chunks
			n := len(root.fps)
			s.searchGroups(root, bi, n*c/chunks, n*(c+1)/chunks, nil, 0)
		}
	} else {
		tasks = max(1, workers)
		run = func(s *pairSearch, w, of int) { s.verify(root.fps, w, of, nil) }
	}
	if workers < 2 || root.cost < parallelWork {
		expand := d.expand(emit)
		main.report = func(a, b uint64, dist int) bool { return expand(d.index(a), d.index(b), dist) }
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
			s.report = func(a, b uint64, dist int) bool {
				if batch = append(batch, found{d.index(a), d.index(b), int32(dist)}); len(batch) == batchSize {
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
// ascending. The search moves fingerprints only; index finds a found
// fingerprint's place again.
type distinct struct {
	fps     []uint64
	start   []int32
	members []int32
	top     []int32 // fps[top[v]:top[v+1]] are those whose top bits are v
	shift   int     // top bits: fp >> shift
}

// index returns the position of fp, one of d.fps, in d.fps: the run of its
// top bits from d.top, then a binary search in that run (of a few
// fingerprints, if they are spread).
func (d *distinct) index(fp uint64) int32 {
	lo, hi := d.top[fp>>d.shift], d.top[fp>>d.shift+1]
	i, _ := slices.BinarySearch(d.fps[lo:hi], fp)
	return lo + int32(i)
}

// distinctFingerprints sorts fps (on up to workers goroutines) and groups
// the items of equal fingerprints.
func distinctFingerprints(fps []uint64, workers int) *distinct {
	tb := topBits(len(fps))
	keys, items := sortFingerprints(fps, tb, workers)
	// The distinct fingerprints overwrite keys as they are read.
	d := &distinct{members: items, fps: keys[:0], start: make([]int32, 0, len(keys)+1), top: make([]int32, 1<<tb+1), shift: 64 - tb}
	for i, fp := range keys {
		if n := len(d.fps); n == 0 || d.fps[n-1] != fp {
			d.fps = append(d.fps, fp)
			d.start = append(d.start, int32(i))
			d.top[fp>>d.shift+1]++
		}
	}
	d.start = append(d.start, int32(len(items)))
	for v := range 1 << tb {
		d.top[v+1] += d.top[v]
	}
	return d
}

// topBits is the number of top bits sortFingerprints and distinct.index
// look up in a table, for n fingerprints: about log₂ n, at most 16 (a table
// of 65,536 entries for a million).
func topBits(n int) int { return min(16, bits.Len(uint(n))) }

// sortFingerprints returns fps sorted, stably, and the items (indexes into
// fps) in that order: one counting pass on the top tb bits (the chunks of
// fps counted and scattered on up to workers goroutines), then each run of
// equal top bits sorted on the rest (insertion sort for small runs, which
// spread fingerprints give), the runs shared among the goroutines.
func sortFingerprints(fps []uint64, tb, workers int) ([]uint64, []int32) {
	n := len(fps)
	parts := 1
	if workers > 1 && n >= parallelItems {
		parts = workers
	}
	keys, items := make([]uint64, n), make([]int32, n)
	shift, values := 64-tb, 1<<tb
	// counts[w][v]: how many of part w's fingerprints have top bits v, then
	// where part w puts its first of them.
	counts := make([][]int32, parts)
	part := func(w int) (int, int) { return n * w / parts, n * (w + 1) / parts }
	parallelFor(parts, parts, func(w int) {
		c := make([]int32, values)
		lo, hi := part(w)
		for _, fp := range fps[lo:hi] {
			c[fp>>shift]++
		}
		counts[w] = c
	})
	runs := make([]int32, values+1) // the run of top bits v is runs[v]:runs[v+1]
	var at int32
	for v := range values {
		runs[v] = at
		for w := range parts {
			c := counts[w][v]
			counts[w][v] = at
			at += c
		}
	}
	runs[values] = at
	parallelFor(parts, parts, func(w int) {
		pos := counts[w]
		lo, hi := part(w)
		for i, fp := range fps[lo:hi] {
			v := fp >> shift
			keys[pos[v]], items[pos[v]] = fp, int32(lo+i)
			pos[v]++
		}
	})
	// The runs of equal top bits, sorted on the other bits (a long one with
	// scratch space of its own); a big one (skewed fingerprints) on every
	// goroutine, the others shared out in 64 ranges of values.
	rest := ^uint64(0) >> tb
	sortRun := func(v int, workers int) {
		lo, hi := runs[v], runs[v+1]
		switch {
		case hi-lo <= 1:
		case hi-lo <= 48:
			insertionSort(keys[lo:hi], items[lo:hi], rest)
		default:
			msdSort(keys[lo:hi], items[lo:hi], rest, max(shift-8, 0), make([]uint64, hi-lo), make([]int32, hi-lo), workers)
		}
	}
	ranges := min(64, values)
	parallelFor(parts, ranges, func(r int) {
		for v := values * r / ranges; v < values*(r+1)/ranges; v++ {
			if parts == 1 || int(runs[v+1]-runs[v]) < parallelItems {
				sortRun(v, 1)
			}
		}
	})
	if parts > 1 {
		for v := range values {
			if int(runs[v+1]-runs[v]) >= parallelItems {
				sortRun(v, parts)
			}
		}
	}
	return keys, items
}

// emitEqual emits the pairs of items that share a fingerprint, polling s's
// stop as it goes.
func (d *distinct) emitEqual(emit func(l, r, dist int) bool, s *pairSearch) bool {
	for a := range d.fps {
		if d.start[a+1]-d.start[a] == 1 {
			continue
		}
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
	report  func(a, b uint64, dist int) bool // a pair of distinct fingerprints
	stop    func() bool                      // polled every stopEvery units of work; may be nil
	stopped bool
	workers int // goroutines plan may use to sort a big group (the first level's)

	checks   int64 // distance checks
	work     int64 // distance checks plus items sorted
	nextPoll int64 // work at which stop is next polled

	// Scratch, reused from group to group: levels[d] holds the sorted
	// copies of the node being searched at depth d of the recursion (its
	// children are at depth d+1, its siblings searched after it), tmp the
	// scratch of a radix sort and counts[d] its counters at recursion depth
	// d.
	levels [][]uint64
	tmp    []uint64
	counts [][]int32
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

// level returns n units of the scratch of depth d.
func (s *pairSearch) level(d, n int) []uint64 {
	for len(s.levels) <= d {
		s.levels = append(s.levels, nil)
	}
	if cap(s.levels[d]) < n {
		s.levels[d] = make([]uint64, n, max(n, 2*cap(s.levels[d])))
	}
	return s.levels[d][:n]
}

// node is a group of fingerprints to search, and how: by splitting it into
// the groups of its blocks, or pair by pair.
type node struct {
	fps    []uint64
	mask   uint64
	split  bool
	blocks []pigeonhole.Block // with split
	// With split, the fingerprints sorted by each block's value; nil for a
	// block not kept (a big group, sorted again when searched).
	sorted [][]uint64
	cost   int64 // distance checks the chosen way will make at most
}

// parallelItems is the fewest items for which sortFingerprints, plan
// (groupByParallel) and sortByMask sort in parallel (a variable for tests).
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

// keepSorted is the most fingerprints (summed over a group's blocks) whose
// sorted copies plan keeps for the search (a variable for tests): 64 MiB.
var keepSorted = 1 << 23

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

// plan decides how to search fps, which agree on every bit outside mask,
// at depth d of the recursion: it splits them if the pairs sharing a block
// value (counted exactly, by sorting on each block) plus the sorting cost
// are fewer than the pairs of the group, and gives up sorting as soon as
// that cannot hold. The sorted copies it keeps are in s.level(d) (at depth
// 0, the root's, which goroutines share, in memory of their own).
func (s *pairSearch) plan(fps []uint64, mask uint64, d int) node {
	n := node{fps: fps, cost: pairs(len(fps))}
	nblocks := s.k + 1
	// What plan spends at most: a pass over the items, then for each block
	// a pass (already sorted?) and a sort.
	sorting := int64(len(fps)) + int64(nblocks)*(int64(len(fps))+sortCost(len(fps)))
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
	s.spend(int64(len(fps)))
	n.mask = mask & (and ^ or)
	if bits.OnesCount64(n.mask) <= nblocks {
		return n // blocks of one bit: each splits the group in two at best
	}
	blocks := pigeonhole.SplitMask(n.mask, nblocks)
	var atLeast int64 // pairs sharing a value, at least, in the blocks not yet sorted
	for _, b := range blocks {
		atLeast += fewestSharing(len(fps), bits.OnesCount64(b.Mask))
	}
	if atLeast+sorting >= n.cost {
		return n
	}
	size := len(fps)
	keep := nblocks*size <= keepSorted
	var buf []uint64 // the sorted copies: block bi's at buf[bi*size:]
	switch {
	case keep && d == 0:
		// groupBy allocates each block's, if it is not sorted yet.
	case keep:
		buf = s.level(d, nblocks*size)
	default:
		buf = s.level(d, size) // each block's in turn, to count
	}
	out := func(bi int) []uint64 {
		switch {
		case buf == nil:
			return nil
		case keep:
			return buf[bi*size : (bi+1)*size]
		}
		return buf
	}
	sorted := make([][]uint64, nblocks)
	var sharing int64
	if s.workers > 1 && size >= parallelItems {
		sharing = s.sortBlocks(fps, blocks, keep, out, sorted)
		if s.stopped || sharing+sorting >= n.cost {
			return node{fps: fps, cost: n.cost}
		}
	} else {
		for bi, b := range blocks {
			atLeast -= fewestSharing(size, bits.OnesCount64(b.Mask))
			fpsByB, shared := s.groupBy(fps, b, out(bi))
			sharing += shared
			if s.stopped || sharing+atLeast+sorting >= n.cost {
				return node{fps: fps, cost: n.cost}
			}
			if keep {
				sorted[bi] = fpsByB
			}
		}
	}
	n.sorted = sorted
	n.split, n.blocks, n.cost = true, blocks, sharing
	return n
}

// sortBlocks is plan's sorting of fps by each of blocks in turn, each on
// up to s.workers goroutines: it returns the pairs sharing a block value,
// summed over the blocks, and with keep sets sorted[bi] to the
// fingerprints sorted by block bi (in out(bi)).
func (s *pairSearch) sortBlocks(fps []uint64, blocks []pigeonhole.Block, keep bool, out func(bi int) []uint64, sorted [][]uint64) int64 {
	var sharing int64
	for bi, b := range blocks {
		into := out(bi)
		if !keep {
			into = nil // one of its own
		}
		fpsByB, shared := s.groupByParallel(fps, b, into)
		if sharing += shared; keep {
			sorted[bi] = fpsByB
		}
		if s.stopped {
			break
		}
	}
	return sharing
}

// groupByParallel is groupBy on up to s.workers goroutines: the first
// digit of the radix sort counted and scattered by chunks of fps, one per
// goroutine, then the runs of its values sorted on the lower digits,
// shared out in ranges of values.
func (s *pairSearch) groupByParallel(fps []uint64, b pigeonhole.Block, out []uint64) ([]uint64, int64) {
	n := len(fps)
	s.spend(int64(n))
	if sortedBy(fps, b.Mask) {
		return fps, sharingPairs(fps, b)
	}
	s.spend(sortCost(n))
	if out == nil {
		out = make([]uint64, n)
	}
	key := newBlockKey(b.Mask)
	digit := min(key.width, 16)
	shift, values, parts := uint(key.width-digit), 1<<digit, s.workers
	dmask := uint64(values - 1)
	counts := make([][]int32, parts)
	part := func(w int) []uint64 { return fps[n*w/parts : n*(w+1)/parts] }
	parallelFor(parts, parts, func(w int) {
		c := make([]int32, values)
		for _, fp := range part(w) {
			c[key.key(fp)>>shift&dmask]++
		}
		counts[w] = c
	})
	ends := make([]int32, values) // the run of value v ends at ends[v]
	var at int32
	var sharing int64
	for v := range values {
		start := at
		for w := range parts {
			c := counts[w][v]
			counts[w][v] = at
			at += c
		}
		ends[v] = at
		sharing += pairs(int(at - start))
	}
	parallelFor(parts, parts, func(w int) {
		pos := counts[w]
		for _, fp := range part(w) {
			v := key.key(fp) >> shift & dmask
			out[pos[v]] = fp
			pos[v]++
		}
	})
	if shift == 0 {
		return out, sharing
	}
	tmp := make([]uint64, n)
	ranges := min(64, values)
	parallelFor(parts, ranges, func(r int) {
		sub := &pairSearch{}
		for v := values * r / ranges; v < values*(r+1)/ranges; v++ {
			lo := int32(0)
			if v > 0 {
				lo = ends[v-1]
			}
			if hi := ends[v]; hi-lo > 1 {
				copy(tmp[lo:hi], out[lo:hi])
				sub.radixSort(out[lo:hi], tmp[lo:hi], nil, &key, int(shift), 1)
			}
		}
	})
	return out, sharingPairs(out, b)
}

// sharingPairs returns the pairs of fps, sorted by the value of block b,
// that share that value.
func sharingPairs(fps []uint64, b pigeonhole.Block) int64 {
	var sum int64
	for lo := 0; lo < len(fps); {
		hi := groupEnd(fps, lo, b)
		sum += pairs(hi - lo)
		lo = hi
	}
	return sum
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

// search reports the pairs among fps within distance k that pass keep
// (nil: every pair), at depth d of the recursion. The fingerprints agree
// on every bit outside mask.
func (s *pairSearch) search(fps []uint64, mask uint64, keep func(x, y uint64) bool, d int) {
	if s.stopped || len(fps) < 2 {
		return
	}
	n := s.plan(fps, mask, d)
	if !n.split {
		s.verify(fps, 0, 1, keep)
		return
	}
	for bi := range n.blocks {
		if s.searchGroups(n, bi, 0, len(fps), keep, d); s.stopped {
			return
		}
	}
}

// searchGroups searches each group of n's fingerprints sharing a value of
// block bi whose first member, in the order sorted by that value, is at a
// position in [from, to), on the remaining bits, keeping a pair only if bi
// is the first block it agrees on; n is at depth d.
func (s *pairSearch) searchGroups(n node, bi, from, to int, keep func(x, y uint64) bool, d int) {
	b, fps := n.blocks[bi], n.sorted[bi]
	if fps == nil {
		fps, _ = s.groupBy(n.fps, b, s.level(d, len(n.fps)))
	}
	first := func(x, y uint64) bool {
		return pigeonhole.FirstAgreeing(x, y, n.blocks) == bi && (keep == nil || keep(x, y))
	}
	lo := from
	for lo > 0 && lo < len(fps) && b.Value(fps[lo]) == b.Value(fps[lo-1]) {
		lo++ // a group that starts before from
	}
	for lo < to && !s.stopped {
		hi := groupEnd(fps, lo, b)
		if hi-lo > 1 {
			s.search(fps[lo:hi], n.mask&^b.Mask, first, d+1)
		}
		lo = hi
	}
}

// verify checks, with the exact distance, every pair of fps whose first
// fingerprint's position is w modulo of.
func (s *pairSearch) verify(fps []uint64, w, of int, keep func(x, y uint64) bool) {
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
		for _, fb := range rest {
			d := bits.OnesCount64(fa ^ fb)
			if d > k || keep != nil && !keep(fa, fb) {
				continue
			}
			if !s.report(fa, fb, d) {
				s.stopped = true
				return
			}
		}
	}
}

// groupBy returns fps sorted (stably) by the value of block b — fps itself
// if it already is, else a sorted copy in out (of the same length;
// allocated if nil) — and the pairs of them that share a value.
func (s *pairSearch) groupBy(fps []uint64, b pigeonhole.Block, out []uint64) ([]uint64, int64) {
	s.spend(int64(len(fps)))
	if sortedBy(fps, b.Mask) {
		return fps, sharingPairs(fps, b)
	}
	s.spend(sortCost(len(fps)))
	key := newBlockKey(b.Mask)
	if cap(s.tmp) < len(fps) {
		s.tmp = make([]uint64, len(fps))
	}
	if out == nil {
		out = make([]uint64, len(fps))
	}
	if sharing, ok := s.radixSort(out, fps, s.tmp[:len(fps)], &key, key.width, 0); ok {
		return out, sharing
	}
	return out, sharingPairs(out, b)
}

// sortedBy reports whether fps are in ascending order of their bits in
// mask.
func sortedBy(fps []uint64, mask uint64) bool {
	for i := 1; i < len(fps); i++ {
		if fps[i]&mask < fps[i-1]&mask {
			return false
		}
	}
	return true
}

// blockKey reads the value of a block of bits as a number of width bits,
// in the same order as the bits in place: the bits from the block's lowest
// to its highest (a span of at most 16 bits), or the block's bits alone
// (runs of adjacent bits moved together).
type blockKey struct {
	width int
	nruns int
	runs  [32]keyRun
}

// keyRun is a run of a block's bits: (fp >> shift) & mask, moved to bit out.
type keyRun struct {
	shift, out uint
	mask       uint64
}

// newBlockKey returns the key of the bits in mask (not 0).
func newBlockKey(mask uint64) blockKey {
	var k blockKey
	low := bits.TrailingZeros64(mask)
	if span := 64 - bits.LeadingZeros64(mask) - low; span <= 16 {
		k.width, k.nruns = span, 1
		k.runs[0] = keyRun{shift: uint(low), mask: mask >> low}
		return k
	}
	k.width = bits.OnesCount64(mask)
	out := uint(0)
	for m := mask; m != 0; {
		lo := bits.TrailingZeros64(m)
		n := bits.TrailingZeros64(^(m >> lo)) // the run's length
		run := ^uint64(0) >> (64 - n)
		k.runs[k.nruns] = keyRun{shift: uint(lo), out: out, mask: run}
		k.nruns++
		out += uint(n)
		m &^= run << lo
	}
	return k
}

// key returns fp's key.
func (k *blockKey) key(fp uint64) uint64 {
	if k.nruns == 1 {
		return fp >> k.runs[0].shift & k.runs[0].mask
	}
	var v uint64
	for _, r := range k.runs[:k.nruns] {
		v |= (fp >> r.shift & r.mask) << r.out
	}
	return v
}

// radixSort sorts src into dst, stably, by their keys of width bits (the
// bits above are equal in all), with scratch space tmp at depth 0 (dst, src
// and tmp of one length, distinct; below, src is the scratch): a most-significant-digit radix sort on digits
// of up to 16 bits (about log₂ of the count, so that its counters are no
// more than the keys), insertion sort for 32 keys or fewer. Depth is the
// recursion's, for the counters. When one digit is the whole key, it also
// returns the pairs of keys that are equal, and true.
func (s *pairSearch) radixSort(dst, src, tmp []uint64, k *blockKey, width, depth int) (int64, bool) {
	if width == 0 {
		copy(dst, src)
		return pairs(len(src)), true
	}
	if len(src) <= 32 {
		copy(dst, src)
		insertionSortByKey(dst, k)
		return 0, false
	}
	digit := min(width, 16, max(8, bits.Len(uint(len(src)))+1))
	shift := uint(width - digit)
	for len(s.counts) <= depth {
		s.counts = append(s.counts, make([]int32, 1<<16+1))
	}
	counts := s.counts[depth][:1<<digit+1]
	clear(counts)
	dmask := uint64(1)<<digit - 1
	for _, fp := range src {
		counts[k.key(fp)>>shift&dmask+1]++
	}
	var sharing int64
	for i := 1; i < len(counts); i++ {
		sharing += pairs(int(counts[i]))
		counts[i] += counts[i-1]
	}
	for _, fp := range src {
		v := k.key(fp) >> shift & dmask
		dst[counts[v]] = fp
		counts[v]++
	}
	if shift == 0 {
		return sharing, true
	}
	// counts[v] is now the end of value v's run, sorted on the lower bits
	// from a copy in spare: tmp at the top, below it src, which is ours
	// and read.
	spare := src
	if depth == 0 {
		spare = tmp
	}
	lo := int32(0)
	for _, hi := range counts[:1<<digit] {
		if hi-lo > 1 {
			copy(spare[lo:hi], dst[lo:hi])
			s.radixSort(dst[lo:hi], spare[lo:hi], nil, k, int(shift), depth+1)
		}
		lo = hi
	}
	return 0, false
}

// insertionSortByKey sorts a few fingerprints stably by their keys.
func insertionSortByKey(fps []uint64, k *blockKey) {
	for i := 1; i < len(fps); i++ {
		fp := fps[i]
		v := k.key(fp)
		j := i
		for ; j > 0 && k.key(fps[j-1]) > v; j-- {
			fps[j] = fps[j-1]
		}
		fps[j] = fp
	}
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
