package textsim

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"

	"github.com/cespare/xxhash/v2"
)

// MinHash parameter limits and defaults.
const (
	DefaultNumPerm = 128
	DefaultSeed    = 1
	MinNumPerm     = 1
	MaxNumPerm     = 4096
)

// mersenne61 is the Mersenne prime 2^61 − 1, the modulus of the permutations.
// A slot of the signature of the empty set holds it (no element hashes there).
const mersenne61 = 1<<61 - 1

// Signature is a MinHash signature (Broder, "On the resemblance and
// containment of documents", 1997): for each of len(Values) random
// permutations π_i of [0, 2^61−1), the minimum of π_i over the hashed
// elements of a set. Seed selects the permutations.
type Signature struct {
	Seed   uint64
	Values []uint64
}

// MinHasher computes signatures for one (num_perm, seed) pair. It is safe
// for concurrent use.
type MinHasher struct {
	seed uint64
	a, b []uint64
}

// ErrNumPerm is returned for a permutation count outside [MinNumPerm, MaxNumPerm].
var ErrNumPerm = fmt.Errorf("number of permutations must be from %d to %d", MinNumPerm, MaxNumPerm)

// NewMinHasher returns a MinHasher with numPerm permutations drawn from seed.
// Permutation i is π_i(x) = (a_i·x + b_i) mod (2^61−1), a universal hash
// family (Carter & Wegman 1979) with a_i in [1, 2^61−1) and b_i in
// [0, 2^61−1) taken from a SplitMix64 stream (Steele, Lea & Flood, OOPSLA
// 2014) started at seed. Errors: ErrNumPerm.
func NewMinHasher(numPerm int, seed uint64) (*MinHasher, error) {
	if numPerm < MinNumPerm || numPerm > MaxNumPerm {
		return nil, fmt.Errorf("%w, got %d", ErrNumPerm, numPerm)
	}
	m := &MinHasher{seed: seed, a: make([]uint64, numPerm), b: make([]uint64, numPerm)}
	state := seed
	for i := range numPerm {
		m.a[i] = 1 + splitmix64(&state)%(mersenne61-1)
		m.b[i] = splitmix64(&state) % mersenne61
	}
	return m, nil
}

// NumPerm returns the number of permutations, the signatures' slot count.
func (m *MinHasher) NumPerm() int { return len(m.a) }

// Seed returns the seed the permutations were drawn from.
func (m *MinHasher) Seed() uint64 { return m.seed }

// Sum returns the signature of the set of the given elements (repeats do
// not matter). Each element is hashed with xxHash64 (seed 0) and reduced mod
// 2^61−1 before the permutations; each distinct element is permuted once, so
// the cost is O(distinct elements × num_perm). The empty set's signature has every slot
// at 2^61−1, so two empty sets estimate as Jaccard 1, like Jaccard itself.
func (m *MinHasher) Sum(elements []string) Signature {
	sig := Signature{Seed: m.seed, Values: make([]uint64, len(m.a))}
	for i := range sig.Values {
		sig.Values[i] = mersenne61
	}
	seen := make(map[uint64]struct{}, min(len(elements), 1<<12)) // not by length: repeats are common
	for _, e := range elements {
		x := reduce61(xxhash.Sum64String(e))
		if _, dup := seen[x]; dup {
			continue // a repeat cannot lower any minimum: skip its permutations
		}
		seen[x] = struct{}{}
		for i, v := range sig.Values {
			if h := mulAddMod61(m.a[i], x, m.b[i]); h < v {
				sig.Values[i] = h
			}
		}
	}
	return sig
}

// ErrIncompatible is returned by EstimateJaccard for signatures of different
// sizes or seeds, which cannot be compared.
var ErrIncompatible = errors.New("minhash signatures are incompatible")

// EstimateJaccard returns the MinHash estimate of the Jaccard similarity of
// the two sets behind the signatures: the fraction of slots in which they
// agree, in [0, 1], with standard error about √(J(1−J)/num_perm) (Broder
// 1997). Errors: ErrIncompatible if the sizes or seeds differ.
func EstimateJaccard(x, y Signature) (float64, error) {
	if len(x.Values) != len(y.Values) || x.Seed != y.Seed {
		return 0, fmt.Errorf("%w: %d permutations with seed %d against %d with seed %d",
			ErrIncompatible, len(x.Values), x.Seed, len(y.Values), y.Seed)
	}
	if len(x.Values) == 0 {
		return 0, fmt.Errorf("%w: empty signature", ErrIncompatible)
	}
	same := 0
	for i, v := range x.Values {
		if v == y.Values[i] {
			same++
		}
	}
	return float64(same) / float64(len(x.Values)), nil
}

// Signature encoding: magic, version, permutation count, seed, values.
const (
	sigMagic0, sigMagic1, sigMagic2 = 0xFF, 'M', 'H' // 0xFF never begins UTF-8 text
	sigVersion                      = 1
	sigHeaderLen                    = 3 + 1 + 2 + 8
)

// ErrBadSignature is returned by ParseSignature for bytes that begin like a
// signature but are not a valid one.
var ErrBadSignature = errors.New("invalid minhash signature")

// MarshalBinary encodes the signature in its self-describing binary form,
// 14 + 8·num_perm bytes: 0xFF 'M' 'H', format version 1, num_perm as a
// big-endian uint16, the seed as a big-endian uint64, then each value as a
// big-endian uint64. num_perm 4096 is written as 0.
func (s Signature) MarshalBinary() ([]byte, error) {
	out := make([]byte, sigHeaderLen, sigHeaderLen+8*len(s.Values))
	out[0], out[1], out[2], out[3] = sigMagic0, sigMagic1, sigMagic2, sigVersion
	binary.BigEndian.PutUint16(out[4:], uint16(len(s.Values)))
	binary.BigEndian.PutUint64(out[6:], s.Seed)
	for _, v := range s.Values {
		out = binary.BigEndian.AppendUint64(out, v)
	}
	return out, nil
}

// IsSignature reports whether b begins with the signature magic bytes, as
// k-permutation signatures and bottom-k sketches both do. UTF-8 text never
// does, so a value that is not a signature is text.
func IsSignature(b []byte) bool {
	return len(b) >= 3 && b[0] == sigMagic0 && b[1] == sigMagic1 && b[2] == sigMagic2
}

// ParseSignature decodes a signature written by MarshalBinary. Errors:
// ErrScheme for a bottom-k sketch (format version 2, see ParseBottomK);
// ErrBadSignature for a wrong magic, unknown version, inconsistent length or
// out-of-range value.
func ParseSignature(b []byte) (Signature, error) {
	if !IsSignature(b) || len(b) < sigHeaderLen {
		return Signature{}, fmt.Errorf("%w: %d bytes without a valid header", ErrBadSignature, len(b))
	}
	switch b[3] {
	case sigVersion:
	case bottomKVersion:
		return Signature{}, fmt.Errorf("%w: a bottom-k signature (format version 2) where a k-permutation one is needed", ErrScheme)
	default:
		return Signature{}, fmt.Errorf("%w: unknown format version %d", ErrBadSignature, b[3])
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	if n == 0 {
		n = MaxNumPerm
	}
	if len(b) != sigHeaderLen+8*n {
		return Signature{}, fmt.Errorf("%w: %d bytes for %d permutations, want %d",
			ErrBadSignature, len(b), n, sigHeaderLen+8*n)
	}
	s := Signature{Seed: binary.BigEndian.Uint64(b[6:]), Values: make([]uint64, n)}
	for i := range s.Values {
		v := binary.BigEndian.Uint64(b[sigHeaderLen+8*i:])
		if v > mersenne61 {
			return Signature{}, fmt.Errorf("%w: value %d out of range", ErrBadSignature, v)
		}
		s.Values[i] = v
	}
	return s, nil
}

// SignatureSlots returns the values of a k-permutation signature as they
// are stored in b (each a big-endian uint64, slot i at byte 8i) and its
// seed, without copying or allocating; ok is false exactly where
// ParseSignature returns an error (ParseSignature then says why).
func SignatureSlots(b []byte) (slots []byte, seed uint64, ok bool) {
	if !IsSignature(b) || len(b) < sigHeaderLen || b[3] != sigVersion {
		return nil, 0, false
	}
	n := int(binary.BigEndian.Uint16(b[4:]))
	if n == 0 {
		n = MaxNumPerm
	}
	if len(b) != sigHeaderLen+8*n {
		return nil, 0, false
	}
	slots = b[sigHeaderLen:]
	for i := 0; i < len(slots); i += 8 {
		if binary.BigEndian.Uint64(slots[i:]) > mersenne61 {
			return nil, 0, false
		}
	}
	return slots, binary.BigEndian.Uint64(b[6:]), true
}

// splitmix64 advances state and returns the next SplitMix64 output.
func splitmix64(state *uint64) uint64 {
	*state += 0x9E3779B97F4A7C15
	z := *state
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// reduce61 returns x mod 2^61−1.
func reduce61(x uint64) uint64 {
	r := (x & mersenne61) + (x >> 61)
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}

// mulAddMod61 returns (a·x + b) mod 2^61−1 for a, x, b < 2^61−1.
func mulAddMod61(a, x, b uint64) uint64 {
	hi, lo := bits.Mul64(a, x)
	// a·x < 2^122 = hi·2^64 + lo; 2^61 ≡ 1, so split at bit 61.
	r := (lo & mersenne61) + (lo>>61 | hi<<3) + b
	// r < 3·2^61: fold twice.
	r = (r & mersenne61) + (r >> 61)
	if r >= mersenne61 {
		r -= mersenne61
	}
	return r
}
