package indexes

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"runtime"
	"slices"
	"syscall"
	"testing"
	"time"
)

// benchPlanted returns n fingerprints made as bench/peers makes its corpus
// (harness.PlantedFingerprints, which this package cannot import; the same
// seed and the same values): in each run of 100, the first is random and
// the last three are it with 1, 2 and 3 distinct random bits flipped; the
// others are random.
func benchPlanted(n int) []uint64 {
	const every = 100
	r := rand.New(rand.NewPCG(1, 0x73696d68617368))
	fps := make([]uint64, n)
	for i := range fps {
		pos := i % every
		if d := pos - (every - 4); d >= 1 {
			var mask uint64
			for bits.OnesCount64(mask) < d {
				mask |= 1 << r.IntN(64)
			}
			fps[i] = fps[i-pos] ^ mask
		} else {
			fps[i] = r.Uint64()
		}
	}
	return fps
}

// cpuTime returns the CPU time (user and system) this process has used.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// benchSearch runs search in b.Loop and reports, besides wall time, the
// process's CPU time per search (cpu-ns/op: the machine is shared, so this
// is the steadier figure, and cpu-ns/op ÷ ns/op is how many cores were
// busy) and the pairs found.
func benchSearch(b *testing.B, search func(emit func(l, r, d int) bool)) {
	var found int
	runtime.GC()
	cpu0 := cpuTime()
	for b.Loop() {
		found = 0
		search(func(l, r, d int) bool { found++; return true })
	}
	b.ReportMetric(float64(cpuTime()-cpu0)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(found), "pairs")
}

// BenchmarkNearPairs times NearPairs (all cores) on bench/peers' 1M planted
// fingerprints at k = 3 (the bar: 0.5 s) and 6, at k = 3 also in the order
// a simhash index gives them to near_duplicates, and on 30,000 clustered
// fingerprints (clustered, like SimHash fingerprints of real near-duplicate
// texts) at k = 3 and 8, against brute force (every pair compared, one
// core) at k = 8 in the same run: on such a corpus at large k the search
// must be no slower than brute force.
func BenchmarkNearPairs(b *testing.B) {
	planted := benchPlanted(1_000_000)
	for _, k := range []int{3, 6} {
		b.Run(fmt.Sprintf("planted-1M/k=%d", k), func(b *testing.B) {
			benchSearch(b, func(emit func(l, r, d int) bool) { NearPairs(planted, k, nil, emit) })
		})
	}
	// In the order near_duplicates reads them from a k=3 simhash index:
	// the entries of block 0, by their top 16 bits.
	indexOrder := slices.Clone(planted)
	slices.SortStableFunc(indexOrder, func(x, y uint64) int { return cmp.Compare(x>>48, y>>48) })
	b.Run("planted-1M-index-order/k=3", func(b *testing.B) {
		benchSearch(b, func(emit func(l, r, d int) bool) { NearPairs(indexOrder, 3, nil, emit) })
	})
	clust := clustered(rand.New(rand.NewPCG(13, 14)), 30_000)
	for _, k := range []int{3, 8} {
		b.Run(fmt.Sprintf("clustered-30k/k=%d", k), func(b *testing.B) {
			benchSearch(b, func(emit func(l, r, d int) bool) { NearPairs(clust, k, nil, emit) })
		})
	}
	b.Run("clustered-30k/k=8/brute-force", func(b *testing.B) {
		benchSearch(b, func(emit func(l, r, d int) bool) {
			for i, x := range clust {
				for j := i + 1; j < len(clust); j++ {
					if d := bits.OnesCount64(x ^ clust[j]); d <= 8 {
						emit(i, j, d)
					}
				}
			}
		})
	})
}
