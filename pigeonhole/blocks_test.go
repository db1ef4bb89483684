package pigeonhole

import (
	"math/bits"
	"math/rand/v2"
	"testing"
)

// TestBlocks checks that the k+1 blocks cover the 64 bits without overlap,
// widths differing by at most one, wider first, for every k an index takes
// and beyond.
func TestBlocks(t *testing.T) {
	for k := 0; k <= 63; k++ {
		bs := Blocks(k)
		if len(bs) != k+1 {
			t.Fatalf("k=%d: %d blocks", k, len(bs))
		}
		var all uint64
		prevW := 64
		minW, maxW := 64, 0
		for _, b := range bs {
			if all&b.Mask != 0 {
				t.Fatalf("k=%d: blocks overlap", k)
			}
			all |= b.Mask
			w := bits.OnesCount64(b.Mask)
			if w > prevW {
				t.Fatalf("k=%d: a block of %d bits after one of %d", k, w, prevW)
			}
			prevW = w
			minW, maxW = min(minW, w), max(maxW, w)
		}
		if all != ^uint64(0) || maxW-minW > 1 {
			t.Errorf("k=%d: blocks cover %x, widths %d..%d", k, all, minW, maxW)
		}
	}
	for _, tc := range []struct {
		k    int
		want []uint64
	}{
		{0, []uint64{^uint64(0)}},
		{3, []uint64{0xFFFF000000000000, 0xFFFF00000000, 0xFFFF0000, 0xFFFF}},
		{4, []uint64{0xFFF8000000000000, 0x7FFC000000000, 0x3FFE000000, 0x1FFF000, 0xFFF}}, // 13, 13, 13, 13, 12 bits
	} {
		got := Blocks(tc.k)
		for i, b := range got {
			if b.Mask != tc.want[i] {
				t.Errorf("k=%d: block %d is %x, want %x", tc.k, i, b.Mask, tc.want[i])
			}
		}
	}
}

// TestSplitMask splits masks with gaps: the runs hold the mask's bits
// only, in order, as equal as possible; a mask of fewer bits than n gives
// one block per bit, and no bits no blocks.
func TestSplitMask(t *testing.T) {
	for _, tc := range []struct {
		mask uint64
		n    int
		want []uint64
	}{
		{0xF0F0, 2, []uint64{0xF000, 0xF0}},
		{0xF0F0, 3, []uint64{0xE000, 0x10C0, 0x30}}, // 3, 3, 2 bits: a run may span a gap
		{0b1011, 5, []uint64{0b1000, 0b10, 0b1}},
		{0, 3, nil},
	} {
		got := SplitMask(tc.mask, tc.n)
		if len(got) != len(tc.want) {
			t.Fatalf("SplitMask(%x, %d): %d blocks, want %d", tc.mask, tc.n, len(got), len(tc.want))
		}
		for i, b := range got {
			if b.Mask != tc.want[i] {
				t.Errorf("SplitMask(%x, %d): block %d is %x, want %x", tc.mask, tc.n, i, b.Mask, tc.want[i])
			}
		}
	}
}

// TestFirstAgreeingPigeonhole checks the principle itself: fingerprints
// within distance k always agree on a block of Blocks(k), and
// FirstAgreeing names the first such block.
func TestFirstAgreeingPigeonhole(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for k := 0; k <= 16; k++ {
		bs := Blocks(k)
		for range 2000 {
			a := r.Uint64()
			b := a
			for range r.IntN(k + 1) {
				b ^= 1 << r.IntN(64)
			}
			first := FirstAgreeing(a, b, bs)
			if first < 0 {
				t.Fatalf("k=%d: %x and %x (distance %d) agree on no block", k, a, b, bits.OnesCount64(a^b))
			}
			for i := range first {
				if (a^b)&bs[i].Mask == 0 {
					t.Fatalf("k=%d: first agreeing block %d, but block %d agrees", k, first, i)
				}
			}
			if (a^b)&bs[first].Mask != 0 {
				t.Fatalf("k=%d: block %d does not agree", k, first)
			}
		}
	}
	if got := FirstAgreeing(0, ^uint64(0), Blocks(3)); got != -1 {
		t.Errorf("complements agree on block %d", got)
	}
}
