package indexes

import (
	"bufio"
	"cmp"
	"encoding/json"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/simsql/simsql/internal/simsqltest"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

type pair struct{ l, r, d int }

func bruteForce(fps []uint64, k int) []pair {
	var out []pair
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if d := bits.OnesCount64(fps[i] ^ fps[j]); d <= k {
				out = append(out, pair{i, j, d})
			}
		}
	}
	return out
}

func collectNearPairs(fps []uint64, k int) []pair {
	return collectPairs(func(emit func(l, r, d int) bool) { NearPairs(fps, k, nil, emit) })
}

// collectPairs returns the pairs search emits, sorted.
func collectPairs(search func(emit func(l, r, d int) bool)) []pair {
	var out []pair
	search(func(l, r, d int) bool {
		out = append(out, pair{l, r, d})
		return true
	})
	slices.SortFunc(out, func(a, b pair) int {
		if a.l != b.l {
			return a.l - b.l
		}
		return a.r - b.r
	})
	return out
}

// plant returns n random fingerprints plus, for each of some of them,
// neighbours at every distance 0..k+2.
func plant(r *rand.Rand, n, k int) []uint64 {
	fps := make([]uint64, 0, n*2)
	for range n {
		fps = append(fps, r.Uint64())
	}
	for i := 0; i < n; i += 7 {
		for d := 0; d <= k+2; d++ {
			fp := fps[i]
			for _, bit := range r.Perm(64)[:d] {
				fp ^= 1 << bit
			}
			fps = append(fps, fp)
		}
	}
	return fps
}

// TestNearPairsExact compares NearPairs with brute force on random and
// planted fingerprints, low-entropy ones and heavy duplicates, k = 0..6.
func TestNearPairsExact(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for k := 0; k <= 6; k++ {
		sets := map[string][]uint64{
			"random plus planted": plant(r, 300, k),
			"low entropy (8 varying bits)": func() []uint64 {
				out := make([]uint64, 500)
				for i := range out {
					out[i] = 0xABCD_0000_0000_0000 | uint64(r.IntN(256))<<20
				}
				return out
			}(),
			"heavy duplicates": func() []uint64 {
				out := make([]uint64, 200)
				for i := range out {
					out[i] = uint64(r.IntN(3)) * 0x0101_0101_0101_0101
				}
				return out
			}(),
		}
		for name, fps := range sets {
			want := bruteForce(fps, k)
			if got := collectNearPairs(fps, k); !slices.Equal(got, want) {
				t.Errorf("k=%d %s: %d pairs, brute force %d", k, name, len(got), len(want))
			}
		}
	}
}

// TestNearPairsSkewCost checks that 10,000 fingerprints crowding one block
// value but far apart elsewhere cost far fewer distance checks than the 50
// million pairs of the group.
func TestNearPairsSkewCost(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	fps := make([]uint64, 10000)
	for i := range fps {
		fps[i] = 0xFFFF_0000_0000_0000 | r.Uint64()>>16 // top block identical
	}
	_, st := nearPairs(fps, 3, 1, nil, func(l, r, d int) bool { return true })
	checks := st.checks
	if checks > 2_000_000 {
		t.Errorf("%d distance checks for 10,000 skewed fingerprints; want far fewer than 50M", checks)
	}
	t.Logf("%d distance checks", checks)
}

func TestValueBytes(t *testing.T) {
	for k := 0; k <= MaxK; k++ {
		widest := 0
		for _, b := range pigeonhole.Blocks(k) {
			widest = max(widest, bits.OnesCount64(b.Mask))
		}
		if got, want := valueBytes(k), (widest+7)/8; got != want {
			t.Errorf("k=%d: valueBytes %d, want %d (widest block %d bits)", k, got, want, widest)
		}
	}
}

// clustered returns n fingerprints shaped like SimHash fingerprints of real
// near-duplicate texts (fingerprint v1 on the SPDX licences): 54 of the 64
// bits are set in under 40% or over 60% of them (from 1% to 99%), the rest
// near 50%; and most come in clusters, a centre and copies of it with 0 to
// 4 bits flipped (some identical), so that many share most bits.
func clustered(r *rand.Rand, n int) []uint64 {
	var p [64]float64
	for b, bit := range r.Perm(64) {
		switch {
		case b < 27:
			p[bit] = 0.01 + 0.39*r.Float64()
		case b < 54:
			p[bit] = 0.61 + 0.38*r.Float64()
		default:
			p[bit] = 0.4 + 0.2*r.Float64()
		}
	}
	fps := make([]uint64, 0, n)
	for len(fps) < n {
		var centre uint64
		for bit := range 64 {
			if r.Float64() < p[bit] {
				centre |= 1 << bit
			}
		}
		for range 1 + r.IntN(12) {
			fp := centre
			for range r.IntN(5) {
				fp ^= 1 << r.IntN(64)
			}
			fps = append(fps, fp)
		}
	}
	return fps[:n]
}

// spdxFingerprints returns the SimHash fingerprints of the SPDX licence
// texts of scripts/fetch-corpora.sh ($SIMSQL_CORPORA, else .corpora at the
// repository root), or skips t (fails it with SIMSQL_REQUIRE_CORPORA=1)
// when the corpus is missing.
func spdxFingerprints(t *testing.T) []uint64 {
	t.Helper()
	f, err := os.Open(filepath.Join(simsqltest.Corpus(t, "spdx/licenses.jsonl"), "spdx", "licenses.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var fps []uint64
	for sc.Scan() {
		var doc struct{ Body string }
		if err := json.Unmarshal(sc.Bytes(), &doc); err != nil {
			t.Fatal(err)
		}
		if fp, ok := textsim.Default().SimHash(doc.Body); ok {
			fps = append(fps, fp)
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return fps
}

// checkNeverWorse runs NearPairs over fps for k = 0..16, 24, 32 and 64, on
// one goroutine and on two, and fails unless it finds exactly the pairs
// brute force finds and makes at most n(n−1)/2 distance checks (n distinct
// fingerprints).
func checkNeverWorse(t *testing.T, fps []uint64) {
	n := len(distinctFingerprints(fps, 1).fps)
	equal := int64(len(bruteForce(fps, 0)))
	t.Logf("%d fingerprints, %d distinct, %d pairs", len(fps), n, pairs(n))
	ks := []int{24, 32, 64}
	for k := 0; k <= MaxK; k++ {
		ks = append(ks, k)
	}
	for _, k := range ks {
		want := bruteForce(fps, k)
		for _, workers := range []int{1, 2} {
			var st searchStats
			got := collectPairs(func(emit func(l, r, d int) bool) { _, st = nearPairs(fps, k, workers, nil, emit) })
			if !slices.Equal(got, want) {
				t.Errorf("k=%d, %d workers: %d pairs, brute force %d", k, workers, len(got), len(want))
			}
			if st.checks > pairs(n) {
				t.Errorf("k=%d, %d workers: %d distance checks, more than the %d of brute force", k, workers, st.checks, pairs(n))
			}
			// The work bound of NearPairs' comment: 1.25 times brute force,
			// plus sorting out the identical fingerprints and their pairs.
			if bound := pairs(n)*5/4 + 10*int64(len(fps)) + equal; st.work > bound {
				t.Errorf("k=%d, %d workers: work %d, more than %d", k, workers, st.work, bound)
			}
			if workers == 1 {
				t.Logf("k=%d: %d pairs, %d distance checks (%.3f of brute force), work %d", k, len(want), st.checks, float64(st.checks)/float64(pairs(n)), st.work)
			}
		}
	}
}

// TestNearPairsNeverWorseClustered: on clustered fingerprints, where crowded
// groups used to be split again and again (the work growing about k+1
// times per level: 10^3 times brute force at k=16), the search checks no
// more pairs than brute force and finds the same ones, at every k.
func TestNearPairsNeverWorseClustered(t *testing.T) {
	checkNeverWorse(t, clustered(rand.New(rand.NewPCG(5, 6)), 1500))
}

// TestNearPairsNeverWorseSPDX is TestNearPairsNeverWorseClustered on the
// fingerprints of the SPDX licence texts.
func TestNearPairsNeverWorseSPDX(t *testing.T) {
	checkNeverWorse(t, spdxFingerprints(t))
}

// TestNearPairsStop: a search whose stop function turns true after a few
// polls returns false having done little more work, on one goroutine and
// on two, whether it verifies pairwise (random fingerprints at k=16: few
// pairs, none of which stops it, as emit always goes on) or splits groups
// (clustered fingerprints at k=6); and one whose emit returns false emits
// nothing after that. Work is counted, not timed: between two polls a
// goroutine does at most stopEvery units plus one indivisible step (a row
// of a pairwise verification, a small group, or the sort of a group).
func TestNearPairsStop(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	randomFps := make([]uint64, 20000)
	for i := range randomFps {
		randomFps[i] = r.Uint64()
	}
	for _, tc := range []struct {
		name string
		fps  []uint64
		k    int
	}{
		{"random, k=16 (pairwise)", randomFps, 16},
		{"clustered, k=6 (split)", clustered(r, 60000), 6},
	} {
		n := len(tc.fps)
		step := stopEvery + max(pairs(256), int64(n)+sortCost(n))
		_, full := nearPairs(tc.fps, tc.k, 1, nil, func(l, r, d int) bool { return true })
		for _, workers := range []int{1, 2} {
			const stopAt = 5 // polls before stop turns true
			var polls, pollsAtStop atomic.Int64
			stop := func() bool {
				p := polls.Add(1)
				if p == stopAt {
					pollsAtStop.Store(p)
				}
				return p >= stopAt
			}
			ok, st := nearPairs(tc.fps, tc.k, workers, stop, func(l, r, d int) bool { return true })
			goroutines := int64(workers + 1)
			bound := (stopAt + goroutines) * step
			t.Logf("%s, %d workers: full search %d units of work; stopped after %d polls with %d", tc.name, workers, full.work, polls.Load(), st.work)
			if ok {
				t.Errorf("%s, %d workers: search not stopped", tc.name, workers)
			}
			if st.work > bound || polls.Load() > stopAt+goroutines {
				t.Errorf("%s, %d workers: %d units of work and %d polls, stop true from poll %d; want at most %d and %d",
					tc.name, workers, st.work, polls.Load(), stopAt, bound, stopAt+goroutines)
			}
			if full.work < 4*bound {
				t.Errorf("%s, %d workers: the full search does %d units of work, too little to test the stop (bound %d)", tc.name, workers, full.work, bound)
			}
		}
	}
	for _, workers := range []int{1, 2} {
		emitted := 0
		ok, _ := nearPairs(randomFps, 16, workers, nil, func(l, r, d int) bool {
			emitted++
			return emitted < 10
		})
		if ok || emitted != 10 {
			t.Errorf("%d workers: emit false at the 10th pair: NearPairs returned %v after %d pairs", workers, ok, emitted)
		}
	}
}

// TestNearPairsPaths runs the paths that only large inputs take — blocks
// sorted in parallel, sorted copies not kept but made again, goroutines
// for small searches, parallel radix sorts — on small inputs, by lowering
// their thresholds, and compares the pairs with brute force.
func TestNearPairsPaths(t *testing.T) {
	defer func(w int64, p, k int) { parallelWork, parallelItems, keepSorted = w, p, k }(parallelWork, parallelItems, keepSorted)
	parallelWork, parallelItems, keepSorted = 0, 64, 512
	r := rand.New(rand.NewPCG(9, 10))
	sets := map[string][]uint64{
		"random plus planted": plant(r, 2000, 4),
		"clustered":           clustered(r, 2000),
	}
	for name, fps := range sets {
		for k := 0; k <= 8; k++ {
			want := bruteForce(fps, k)
			for _, workers := range []int{1, 2, 3} {
				got := collectPairs(func(emit func(l, r, d int) bool) { nearPairs(fps, k, workers, nil, emit) })
				if !slices.Equal(got, want) {
					t.Errorf("%s, k=%d, %d workers: %d pairs, brute force %d", name, k, workers, len(got), len(want))
				}
			}
		}
	}
}

// TestSortByMask compares the radix sort with a stable comparison sort on
// random keys, keys sharing their high bits, sparse masks and sizes about
// the insertion-sort and parallel thresholds.
func TestSortByMask(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for _, n := range []int{0, 1, 2, 31, 32, 33, 300, 70000} {
		for _, mask := range []uint64{^uint64(0), 0xFFFF_0000_0000_0000, 0xF0F0_0000_0F0F_0001, 1, 0xFF << 3, 0} {
			for _, skew := range []uint64{0, 0xFFFF_FFF0_0000_0000} {
				keys := make([]uint64, n)
				items := make([]int32, n)
				for i := range keys {
					keys[i] = (r.Uint64() &^ skew) | (skew & 0xA5A5_A5A5_A5A5_A5A5)
					if r.IntN(4) == 0 && i > 0 {
						keys[i] = keys[r.IntN(i)] // duplicates
					}
					items[i] = int32(i)
				}
				type kv struct {
					key  uint64
					item int32
				}
				want := make([]kv, n)
				for i := range keys {
					want[i] = kv{keys[i], items[i]}
				}
				slices.SortStableFunc(want, func(a, b kv) int { return cmp.Compare(a.key&mask, b.key&mask) })
				for _, workers := range []int{1, 2} {
					k, it := slices.Clone(keys), slices.Clone(items)
					sortByMask(k, it, mask, make([]uint64, n), make([]int32, n), workers)
					for i := range want {
						if k[i] != want[i].key || it[i] != want[i].item {
							t.Fatalf("n=%d mask=%x skew=%x workers=%d: position %d holds (%x, %d), want (%x, %d)",
								n, mask, skew, workers, i, k[i], it[i], want[i].key, want[i].item)
						}
					}
				}
			}
		}
	}
}

// TestNearPairsExactAllK compares NearPairs with brute force at every k
// from 0 to MaxK, on one goroutine and on two (with the thresholds of the
// parallel paths lowered, so that small inputs take them), on random
// fingerprints with planted neighbours, clustered ones, many duplicates
// (a few fingerprints, each many times, and near copies of them), and
// fingerprints all sharing their top 20 bits (one run of the table of top
// bits holds them all).
func TestNearPairsExactAllK(t *testing.T) {
	defer func(w int64, p int) { parallelWork, parallelItems = w, p }(parallelWork, parallelItems)
	r := rand.New(rand.NewPCG(15, 16))
	sets := map[string][]uint64{
		"random plus planted": plant(r, 400, 4),
		"clustered":           clustered(r, 1200),
		"many duplicates": func() []uint64 {
			base := make([]uint64, 8)
			for i := range base {
				base[i] = r.Uint64()
			}
			out := make([]uint64, 900)
			for i := range out {
				out[i] = base[r.IntN(len(base))]
				if r.IntN(3) == 0 {
					out[i] ^= 1 << r.IntN(64) // a near copy
				}
			}
			return out
		}(),
		"shared top bits": func() []uint64 {
			out := make([]uint64, 900)
			for i := range out {
				out[i] = 0xABCDE<<44 | r.Uint64()>>20&(r.Uint64()>>20) // sparse low bits
			}
			return out
		}(),
	}
	for name, fps := range sets {
		for k := 0; k <= MaxK; k++ {
			want := bruteForce(fps, k)
			for _, tc := range []struct {
				workers   int
				threshold int
			}{{1, 1 << 16}, {2, 1 << 16}, {2, 64}} {
				parallelWork, parallelItems = int64(tc.threshold), tc.threshold
				got := collectPairs(func(emit func(l, r, d int) bool) { nearPairs(fps, k, tc.workers, nil, emit) })
				if !slices.Equal(got, want) {
					t.Errorf("%s, k=%d, %d workers, parallel from %d: %d pairs, brute force %d", name, k, tc.workers, tc.threshold, len(got), len(want))
				}
			}
		}
	}
}

// TestSortFingerprints compares sortFingerprints with a stable sort of the
// items by fingerprint, on spread fingerprints, skewed ones (runs of equal
// top bits long enough for the radix sort, and one holding every
// fingerprint) and duplicates, on one goroutine and on two.
func TestSortFingerprints(t *testing.T) {
	defer func(p int) { parallelItems = p }(parallelItems)
	parallelItems = 256
	r := rand.New(rand.NewPCG(17, 18))
	for _, n := range []int{0, 1, 2, 33, 1000, 5000} {
		for _, skew := range []uint64{0, 0xFFF0_0000_0000_0000, 0xFFFF_FFFF_0000_0000} {
			fps := make([]uint64, n)
			for i := range fps {
				fps[i] = r.Uint64()&^skew | skew&0x1234_5678_9ABC_DEF0
				if i > 0 && r.IntN(5) == 0 {
					fps[i] = fps[r.IntN(i)]
				}
			}
			want := make([]int32, n)
			for i := range want {
				want[i] = int32(i)
			}
			slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(fps[a], fps[b]) })
			for _, workers := range []int{1, 2} {
				keys, items := sortFingerprints(fps, topBits(n), workers)
				for i := range want {
					if items[i] != want[i] || keys[i] != fps[want[i]] {
						t.Fatalf("n=%d skew=%x workers=%d: position %d holds (%x, %d), want (%x, %d)",
							n, skew, workers, i, keys[i], items[i], fps[want[i]], want[i])
					}
				}
			}
			d := distinctFingerprints(fps, 1)
			for a, fp := range d.fps {
				if got := d.index(fp); got != int32(a) {
					t.Fatalf("n=%d skew=%x: index(%x) = %d, want %d", n, skew, fp, got, a)
				}
			}
		}
	}
}

// TestRadixSortByBlock compares groupBy (a block's key and the radix sort
// on it, one goroutine or several) with a stable sort on the block's bits
// in place, for blocks of one run of bits, of several (wider than 16 bits:
// packed), spans of at most 16 bits with holes, and sizes about the
// insertion-sort threshold and the digit sizes.
func TestRadixSortByBlock(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 20))
	masks := []uint64{
		0xFFFF_0000_0000_0000, 0xFF << 20, 1 << 63, 1, // one run
		0xF0F0_F0F0_0000_0000, 0x8000_0000_0000_0001, ^uint64(0), 0xAAAA_AAAA_AAAA_AAAA, // runs, packed
		0b1011_0000_0000_0001 << 30, // a span of 16 with holes
	}
	for _, n := range []int{2, 31, 32, 33, 500, 70000} {
		for _, mask := range masks {
			fps := make([]uint64, n)
			for i := range fps {
				fps[i] = r.Uint64()
				if r.IntN(3) == 0 {
					fps[i] &= r.Uint64() // clustered values
				}
			}
			want := slices.Clone(fps)
			slices.SortStableFunc(want, func(a, b uint64) int { return cmp.Compare(a&mask, b&mask) })
			b := pigeonhole.Block{Mask: mask}
			wantSharing := sharingPairs(want, b)
			for _, workers := range []int{1, 2} {
				s := &pairSearch{k: 3, workers: workers}
				var got []uint64
				var sharing int64
				if workers == 1 {
					got, sharing = s.groupBy(fps, b, nil)
				} else {
					got, sharing = s.groupByParallel(fps, b, nil)
				}
				if !slices.Equal(got, want) || sharing != wantSharing {
					t.Fatalf("n=%d mask=%x workers=%d: sorted wrongly (equal: %v) or %d pairs sharing, want %d",
						n, mask, workers, slices.Equal(got, want), sharing, wantSharing)
				}
			}
			key := newBlockKey(mask)
			for i := 1; i < n; i++ {
				if x, y := want[i-1], want[i]; cmp.Compare(key.key(x), key.key(y)) != cmp.Compare(x&mask, y&mask) || key.key(y) >= 1<<key.width && key.width < 64 {
					t.Fatalf("mask=%x: keys %x, %x of %x, %x out of order or over %d bits", mask, key.key(x), key.key(y), x, y, key.width)
				}
			}
		}
	}
}
