package indexes

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestBlocks(t *testing.T) {
	for k := 0; k <= MaxK; k++ {
		bs := Blocks(k)
		if len(bs) != k+1 {
			t.Fatalf("k=%d: %d blocks", k, len(bs))
		}
		var all uint64
		minW, maxW := 64, 0
		for _, b := range bs {
			if all&b.Mask != 0 {
				t.Fatalf("k=%d: blocks overlap", k)
			}
			all |= b.Mask
			w := bits.OnesCount64(b.Mask)
			minW, maxW = min(minW, w), max(maxW, w)
		}
		if all != ^uint64(0) || maxW-minW > 1 {
			t.Errorf("k=%d: blocks cover %x, widths %d..%d", k, all, minW, maxW)
		}
	}
	if got := Blocks(3); got[0].Mask != 0xFFFF000000000000 || got[3].Mask != 0xFFFF {
		t.Errorf("k=3 blocks %x, want four 16-bit blocks from the top", got)
	}
}

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
		for _, b := range Blocks(k) {
			widest = max(widest, bits.OnesCount64(b.Mask))
		}
		if got, want := valueBytes(k), (widest+7)/8; got != want {
			t.Errorf("k=%d: valueBytes %d, want %d (widest block %d bits)", k, got, want, widest)
		}
	}
}
