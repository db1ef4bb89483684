package textsim

import (
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/cespare/xxhash/v2"
)

// BottomK is a bottom-k MinHash sketch (Broder, "On the resemblance and
// containment of documents", 1997, the "min_s" form; Cohen & Kaplan,
// "Summarizing data using bottom-k sketches", PODC 2007): the K smallest
// distinct values of one random permutation π of [0, 2^61−1) over the hashed
// elements of a set, in ascending order. A set of fewer than K distinct
// elements keeps them all, so len(Values) ≤ K and the empty set has none.
// Seed selects π.
type BottomK struct {
	K      int
	Seed   uint64
	Values []uint64
}

// BottomKHasher computes bottom-k sketches for one (k, seed) pair. It is safe
// for concurrent use.
type BottomKHasher struct {
	k    int
	seed uint64
	a, b uint64
}

// NewBottomKHasher returns a BottomKHasher keeping k values (MinNumPerm to
// MaxNumPerm) under the one permutation π(x) = (a·x + b) mod (2^61−1) drawn
// from seed: a and b are the first permutation of NewMinHasher(·, seed), so
// the smallest value of a bottom-k sketch equals slot 0 of the k-permutation
// signature with the same seed. Errors: ErrNumPerm.
func NewBottomKHasher(k int, seed uint64) (*BottomKHasher, error) {
	if k < MinNumPerm || k > MaxNumPerm {
		return nil, fmt.Errorf("%w, got %d", ErrNumPerm, k)
	}
	h := &BottomKHasher{k: k, seed: seed}
	state := seed
	h.a = 1 + splitmix64(&state)%(mersenne61-1)
	h.b = splitmix64(&state) % mersenne61
	return h, nil
}

// K returns the number of values a sketch keeps.
func (h *BottomKHasher) K() int { return h.k }

// Seed returns the seed the permutation was drawn from.
func (h *BottomKHasher) Seed() uint64 { return h.seed }

// Sum returns the bottom-k sketch of the set of the given elements (order
// and repeats do not matter). Each element is hashed with xxHash64 (seed 0)
// and reduced mod 2^61−1, as in MinHasher.Sum, then permuted once: the cost
// is O(n log n) for n elements, against O(n·k) for a k-permutation
// signature.
func (h *BottomKHasher) Sum(elements []string) BottomK {
	vals := make([]uint64, len(elements))
	for i, e := range elements {
		vals[i] = mulAddMod61(h.a, reduce61(xxhash.Sum64String(e)), h.b)
	}
	slices.Sort(vals)
	vals = slices.Compact(vals) // π is a bijection: equal values are equal elements (or an xxHash collision)
	if len(vals) > h.k {
		vals = vals[:h.k:h.k]
	}
	return BottomK{K: h.k, Seed: h.seed, Values: slices.Clip(vals)}
}

// ErrScheme is returned when a k-permutation signature meets a bottom-k
// sketch: their values mean different things and cannot be compared.
var ErrScheme = errors.New("minhash signatures of different schemes cannot be compared")

// EstimateJaccardBottomK returns the bottom-k estimate of the Jaccard
// similarity of the two sets behind the sketches (Broder 1997, section 3;
// Cohen & Kaplan 2007): with Z the k smallest values of the union of both
// sketches' values, the fraction of Z found in both sketches, |Z ∩ X ∩ Y| /
// |Z|, in [0, 1]. The k smallest values of A ∪ B are all in X ∪ Y, and one of
// them is in A exactly when it is in X, so the estimate is unbiased; it is
// exact when |A ∪ B| ≤ k. Its standard error is about √(J(1−J)/k), smaller
// when |A ∪ B| is near k (sampling without replacement). Two empty sets give
// 1, like Jaccard. Errors: ErrIncompatible if k or the seeds differ.
func EstimateJaccardBottomK(x, y BottomK) (float64, error) {
	if x.K != y.K || x.Seed != y.Seed {
		return 0, fmt.Errorf("%w: bottom-k with k=%d and seed %d against k=%d and seed %d",
			ErrIncompatible, x.K, x.Seed, y.K, y.Seed)
	}
	if x.K <= 0 {
		return 0, fmt.Errorf("%w: k = %d", ErrIncompatible, x.K)
	}
	// Merge the two ascending lists, taking the k smallest of their union.
	i, j, z, both := 0, 0, 0, 0
	for z < x.K && (i < len(x.Values) || j < len(y.Values)) {
		switch {
		case j == len(y.Values) || (i < len(x.Values) && x.Values[i] < y.Values[j]):
			i++
		case i == len(x.Values) || y.Values[j] < x.Values[i]:
			j++
		default:
			i++
			j++
			both++
		}
		z++
	}
	if z == 0 {
		return 1, nil // two empty sets
	}
	return float64(both) / float64(z), nil
}

// Bottom-k encoding: the signature magic, format version 2.
const bottomKVersion = 2

// MarshalBinary encodes the sketch in its self-describing binary form,
// 14 + 8·len(Values) bytes: 0xFF 'M' 'H', format version 2 (bottom-k;
// version 1 is the k-permutation Signature), k as a big-endian uint16 (4096
// written as 0), the seed as a big-endian uint64, then the values in
// ascending order, each a big-endian uint64.
func (s BottomK) MarshalBinary() ([]byte, error) {
	out := make([]byte, sigHeaderLen, sigHeaderLen+8*len(s.Values))
	out[0], out[1], out[2], out[3] = sigMagic0, sigMagic1, sigMagic2, bottomKVersion
	binary.BigEndian.PutUint16(out[4:], uint16(s.K))
	binary.BigEndian.PutUint64(out[6:], s.Seed)
	for _, v := range s.Values {
		out = binary.BigEndian.AppendUint64(out, v)
	}
	return out, nil
}

// IsBottomK reports whether b begins like a bottom-k sketch: the signature
// magic and format version 2.
func IsBottomK(b []byte) bool { return IsSignature(b) && len(b) > 3 && b[3] == bottomKVersion }

// ParseBottomK decodes a sketch written by BottomK.MarshalBinary. Errors:
// ErrScheme for a k-permutation signature (version 1); ErrBadSignature for
// a wrong magic, unknown version, a length that is not 14 + 8·n with n ≤ k,
// values not strictly ascending or out of range.
func ParseBottomK(b []byte) (BottomK, error) {
	if !IsSignature(b) || len(b) < sigHeaderLen {
		return BottomK{}, fmt.Errorf("%w: %d bytes without a valid header", ErrBadSignature, len(b))
	}
	switch b[3] {
	case bottomKVersion:
	case sigVersion:
		return BottomK{}, fmt.Errorf("%w: a k-permutation signature (format version 1) where a bottom-k one is needed", ErrScheme)
	default:
		return BottomK{}, fmt.Errorf("%w: unknown format version %d", ErrBadSignature, b[3])
	}
	k := int(binary.BigEndian.Uint16(b[4:]))
	if k == 0 {
		k = MaxNumPerm
	}
	if (len(b)-sigHeaderLen)%8 != 0 || (len(b)-sigHeaderLen)/8 > k {
		return BottomK{}, fmt.Errorf("%w: %d bytes for a bottom-k sketch of k=%d, want 14 + 8·n bytes with n ≤ %d",
			ErrBadSignature, len(b), k, k)
	}
	s := BottomK{K: k, Seed: binary.BigEndian.Uint64(b[6:]), Values: make([]uint64, (len(b)-sigHeaderLen)/8)}
	for i := range s.Values {
		v := binary.BigEndian.Uint64(b[sigHeaderLen+8*i:])
		if v >= mersenne61 {
			return BottomK{}, fmt.Errorf("%w: value %d out of range", ErrBadSignature, v)
		}
		if i > 0 && v <= s.Values[i-1] {
			return BottomK{}, fmt.Errorf("%w: bottom-k values not in strictly ascending order at %d", ErrBadSignature, i)
		}
		s.Values[i] = v
	}
	return s, nil
}
