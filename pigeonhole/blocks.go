package pigeonhole

import "math/bits"

// Blocks of fingerprint bits: the SimHash side of the pigeonhole principle
// (Manku, Jain & Das Sarma, WWW 2007). Two 64-bit fingerprints within
// Hamming distance k differ in at most k bits, so of any k+1 disjoint
// blocks of bits at least one holds no difference: the fingerprints agree
// on that whole block.

// Block is one block of a fingerprint: the bits set in Mask.
type Block struct {
	Mask uint64
}

// Value returns the block's bits of fp (still in place).
func (b Block) Value(fp uint64) uint64 { return fp & b.Mask }

// Blocks returns the k+1 blocks of a 64-bit fingerprint for Hamming
// distance k: runs of adjacent bits, as equal as possible (the first
// 64 mod (k+1) blocks one bit wider), most significant first; for k = 3,
// four blocks of 16 bits. Two fingerprints within distance k agree on at
// least one of them. k must be in [0, 63].
func Blocks(k int) []Block {
	return SplitMask(^uint64(0), k+1)
}

// SplitMask splits the bits set in mask into n runs as equal as possible
// (the first ones one bit wider), most significant first; fewer than n if
// mask has fewer bits, none if it has none. n must be at least 1.
func SplitMask(mask uint64, n int) []Block {
	m := bits.OnesCount64(mask)
	if n > m {
		n = m
	}
	if n == 0 {
		return nil
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

// FirstAgreeing returns the index of the first of blocks on which a and b
// agree, or −1 if they differ in every one.
func FirstAgreeing(a, b uint64, blocks []Block) int {
	x := a ^ b
	for i, bl := range blocks {
		if x&bl.Mask == 0 {
			return i
		}
	}
	return -1
}
