package textsim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/cespare/xxhash/v2"
)

var bigM61 = new(big.Int).SetUint64(mersenne61)

func TestReduce61(t *testing.T) {
	inputs := []uint64{0, 1, 2, mersenne61 - 1, mersenne61, mersenne61 + 1, 1 << 61, 1<<62 - 1,
		1 << 63, 2 * mersenne61, 4 * mersenne61, 8*mersenne61 - 1, math.MaxUint64 - 1, math.MaxUint64}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 10000 {
		inputs = append(inputs, rng.Uint64())
	}
	for _, x := range inputs {
		want := new(big.Int).Mod(new(big.Int).SetUint64(x), bigM61).Uint64()
		if got := reduce61(x); got != want {
			t.Errorf("reduce61(%#x) = %#x, want %#x", x, got, want)
		}
	}
}

func TestMulAddMod61(t *testing.T) {
	edges := []uint64{0, 1, 2, 1 << 32, 1 << 60, mersenne61 - 2, mersenne61 - 1}
	type triple struct{ a, x, b uint64 }
	var inputs []triple
	for _, a := range edges {
		for _, x := range edges {
			for _, b := range edges {
				inputs = append(inputs, triple{a, x, b})
			}
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		inputs = append(inputs, triple{rng.Uint64N(mersenne61), rng.Uint64N(mersenne61), rng.Uint64N(mersenne61)})
	}
	for _, in := range inputs {
		want := new(big.Int).Mul(new(big.Int).SetUint64(in.a), new(big.Int).SetUint64(in.x))
		want.Add(want, new(big.Int).SetUint64(in.b)).Mod(want, bigM61)
		if got := mulAddMod61(in.a, in.x, in.b); got != want.Uint64() {
			t.Errorf("mulAddMod61(%#x, %#x, %#x) = %#x, want %#x", in.a, in.x, in.b, got, want.Uint64())
		}
	}
}

func TestSplitMix64(t *testing.T) {
	// Known answers of the reference SplitMix64 (Steele, Lea & Flood 2014)
	// from state 0.
	state := uint64(0)
	for i, want := range []uint64{0xe220a8397b1dcdaf, 0x6e789e6aa1b965f4, 0x06c45d188009454f} {
		if got := splitmix64(&state); got != want {
			t.Errorf("splitmix64 output %d = %#x, want %#x", i, got, want)
		}
	}
}

// refMinHash recomputes a signature with math/big from the documented
// construction: a_i, b_i from SplitMix64 at seed, π_i(x) = (a_i·x + b_i) mod
// (2^61−1) with x = xxHash64(element) mod (2^61−1).
func refMinHash(numPerm int, seed uint64, elements []string) []uint64 {
	out := make([]uint64, numPerm)
	state := seed
	for i := range out {
		a := 1 + splitmix64(&state)%(mersenne61-1)
		b := splitmix64(&state) % mersenne61
		min := new(big.Int).Set(bigM61)
		for _, e := range elements {
			x := new(big.Int).Mod(new(big.Int).SetUint64(xxhash.Sum64String(e)), bigM61)
			h := x.Mul(x, new(big.Int).SetUint64(a))
			h.Add(h, new(big.Int).SetUint64(b)).Mod(h, bigM61)
			if h.Cmp(min) < 0 {
				min = h
			}
		}
		out[i] = min.Uint64()
	}
	return out
}

var minhashTokens = []string{"simhash", "detects", "near", "duplicates", "中文"}

// TestMinHashGolden pins signature values, which users store on disk:
// changing any value here is a new signature version, never a test fix.
func TestMinHashGolden(t *testing.T) {
	for _, c := range []struct {
		numPerm int
		seed    uint64
		prefix  []uint64
	}{
		{128, 1, []uint64{0xd5fa6a1596db10, 0x75ed192a8ec619, 0x7d578a53b67f54f, 0x5a9c321b91d6123,
			0x3a4603cf996e5d, 0xb84b6c7a528445, 0x4215e5e34d2168e, 0x5f5648d388360}},
		{64, 42, []uint64{0x6a7f4a088e014c, 0xcccf5d6a89d1f2b, 0x12c3245d75e04fa, 0x49a0bb1ab0dce9d,
			0x900a63c135cc3a, 0xdc6c67d0d303101, 0x3485ab0c47d26dc, 0x3c49989a69f45f}},
	} {
		m, err := NewMinHasher(c.numPerm, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		sig := m.Sum(minhashTokens)
		if sig.Seed != c.seed || len(sig.Values) != c.numPerm {
			t.Fatalf("(%d, %d): signature has seed %d and %d values", c.numPerm, c.seed, sig.Seed, len(sig.Values))
		}
		if !slices.Equal(sig.Values[:8], c.prefix) {
			t.Errorf("(%d, %d): signature starts %#x, want %#x", c.numPerm, c.seed, sig.Values[:8], c.prefix)
		}
		if ref := refMinHash(c.numPerm, c.seed, minhashTokens); !slices.Equal(sig.Values, ref) {
			t.Errorf("(%d, %d): signature differs from the math/big reference", c.numPerm, c.seed)
		}
		// Order and repeats of the elements do not matter.
		shuffled := append(slices.Clone(minhashTokens), minhashTokens[0], minhashTokens[3])
		slices.Reverse(shuffled)
		if again := m.Sum(shuffled); !slices.Equal(again.Values, sig.Values) {
			t.Errorf("(%d, %d): order or repeats changed the signature", c.numPerm, c.seed)
		}
	}
}

func TestSignatureRoundTrip(t *testing.T) {
	for _, c := range []struct {
		numPerm  int
		seed     uint64
		elements []string
	}{
		{1, 0, []string{"a"}},
		{128, 1, minhashTokens},
		{64, math.MaxUint64, minhashTokens},
		{MaxNumPerm, 7, minhashTokens}, // num_perm 4096 is written as 0
		{16, 1, nil},                   // the empty set: every value 2^61−1
	} {
		m, err := NewMinHasher(c.numPerm, c.seed)
		if err != nil {
			t.Fatalf("NewMinHasher(%d, %d): %v", c.numPerm, c.seed, err)
		}
		sig := m.Sum(c.elements)
		b, err := sig.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		if len(b) != 14+8*c.numPerm || !IsSignature(b) {
			t.Errorf("(%d, %d): %d bytes, IsSignature %v", c.numPerm, c.seed, len(b), IsSignature(b))
		}
		back, err := ParseSignature(b)
		if err != nil || back.Seed != sig.Seed || !slices.Equal(back.Values, sig.Values) {
			t.Errorf("(%d, %d): round trip gave %v, %v", c.numPerm, c.seed, back.Seed, err)
		}
	}
	// The header is pinned: magic, version, big-endian count and seed.
	m, _ := NewMinHasher(2, 0x0102030405060708)
	b, _ := m.Sum([]string{"x"}).MarshalBinary()
	if want := []byte{0xFF, 'M', 'H', 1, 0, 2, 1, 2, 3, 4, 5, 6, 7, 8}; !bytes.Equal(b[:14], want) {
		t.Errorf("header = % x, want % x", b[:14], want)
	}
}

func TestParseSignatureErrors(t *testing.T) {
	m, _ := NewMinHasher(4, 1)
	good, _ := m.Sum(minhashTokens).MarshalBinary()
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	for _, c := range []struct {
		why string
		b   []byte
	}{
		{"empty", nil},
		{"magic only", good[:3]},
		{"bad magic", edit(func(b []byte) []byte { b[1] = 'X'; return b })},
		{"UTF-8 text", []byte("hello, this is not a signature")},
		{"version 3", edit(func(b []byte) []byte { b[3] = 3; return b })},
		{"version 0", edit(func(b []byte) []byte { b[3] = 0; return b })},
		{"truncated header", good[:13]},
		{"header only", good[:14]},
		{"truncated value", good[:len(good)-1]},
		{"extra byte", append(bytes.Clone(good), 0)},
		{"count says 5, 4 values", edit(func(b []byte) []byte { b[5] = 5; return b })},
		{"count 0 means 4096, 4 values", edit(func(b []byte) []byte { b[5] = 0; return b })},
		{"value 2^61 (> 2^61−1)", edit(func(b []byte) []byte {
			binary.BigEndian.PutUint64(b[14+8:], 1<<61)
			return b
		})},
		{"value 2^64−1", edit(func(b []byte) []byte {
			binary.BigEndian.PutUint64(b[len(b)-8:], math.MaxUint64)
			return b
		})},
	} {
		if _, err := ParseSignature(c.b); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: ParseSignature error = %v, want ErrBadSignature", c.why, err)
		}
	}
	// 2^61−1 itself is valid: it is the empty set's value.
	ok := edit(func(b []byte) []byte { binary.BigEndian.PutUint64(b[14:], mersenne61); return b })
	if _, err := ParseSignature(ok); err != nil {
		t.Errorf("value 2^61−1: %v", err)
	}
}

func TestEstimateJaccard(t *testing.T) {
	m128, _ := NewMinHasher(128, 1)
	m64, _ := NewMinHasher(64, 1)
	m128s2, _ := NewMinHasher(128, 2)
	sig := m128.Sum(minhashTokens)
	empty := m128.Sum(nil)
	for _, c := range []struct {
		why  string
		x, y Signature
		want float64
	}{
		{"identical sets", sig, m128.Sum(minhashTokens), 1},
		{"empty and empty, like Jaccard", empty, m128.Sum(nil), 1},
		{"empty and non-empty", empty, sig, 0},
		{"disjoint single elements agree nowhere here", m128.Sum([]string{"a"}), m128.Sum([]string{"b"}), 0},
	} {
		for _, swap := range []bool{false, true} {
			x, y := c.x, c.y
			if swap {
				x, y = y, x
			}
			if got, err := EstimateJaccard(x, y); err != nil || got != c.want {
				t.Errorf("%s: EstimateJaccard = %v, %v, want %v", c.why, got, err, c.want)
			}
		}
	}
	for _, c := range []struct {
		why  string
		x, y Signature
	}{
		{"different sizes", sig, m64.Sum(minhashTokens)},
		{"different seeds", sig, m128s2.Sum(minhashTokens)},
		{"empty signatures", Signature{}, Signature{}},
	} {
		if _, err := EstimateJaccard(c.x, c.y); !errors.Is(err, ErrIncompatible) {
			t.Errorf("%s: error = %v, want ErrIncompatible", c.why, err)
		}
	}
}

func TestNewMinHasherLimits(t *testing.T) {
	for _, n := range []int{-1, 0, MaxNumPerm + 1, 4097} {
		if m, err := NewMinHasher(n, 1); !errors.Is(err, ErrNumPerm) || m != nil {
			t.Errorf("NewMinHasher(%d) = %v, %v, want ErrNumPerm", n, m, err)
		}
	}
	for _, n := range []int{MinNumPerm, DefaultNumPerm, MaxNumPerm} {
		if _, err := NewMinHasher(n, DefaultSeed); err != nil {
			t.Errorf("NewMinHasher(%d): %v", n, err)
		}
	}
}

// meanEstimateError returns the mean absolute and mean signed error of the
// MinHash estimate with numPerm permutations over pairs random sets of known
// Jaccard similarity. Everything is seeded: the result is deterministic.
func meanEstimateError(t *testing.T, numPerm, pairs int) (absErr, bias float64) {
	m, err := NewMinHasher(numPerm, 12345)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(7, 8))
	for p := range pairs {
		shared, onlyA, onlyB := rng.IntN(60), rng.IntN(60), rng.IntN(60)
		if shared+onlyA+onlyB == 0 {
			shared = 1
		}
		var a, b []string
		for i := range shared {
			e := fmt.Sprintf("p%d-s%d", p, i)
			a, b = append(a, e), append(b, e)
		}
		for i := range onlyA {
			a = append(a, fmt.Sprintf("p%d-a%d", p, i))
		}
		for i := range onlyB {
			b = append(b, fmt.Sprintf("p%d-b%d", p, i))
		}
		exact := float64(shared) / float64(shared+onlyA+onlyB)
		if j := Jaccard(a, b); j != exact {
			t.Fatalf("pair %d: Jaccard = %v, constructed %v", p, j, exact)
		}
		est, err := EstimateJaccard(m.Sum(a), m.Sum(b))
		if err != nil {
			t.Fatal(err)
		}
		absErr += math.Abs(est - exact)
		bias += est - exact
	}
	return absErr / float64(pairs), bias / float64(pairs)
}

// TestEstimateJaccardAccuracy checks the estimate against exact Jaccard over
// 200 pairs. The expected mean absolute error with 256 permutations is about
// 0.8·E[√(J(1−J)/256)] ≈ 0.02, so 0.03 holds with margin; and the bound can
// fail: with 16 permutations the same pairs err by about 0.08.
func TestEstimateJaccardAccuracy(t *testing.T) {
	absErr, bias := meanEstimateError(t, 256, 200)
	t.Logf("256 permutations: mean absolute error %.4f, bias %+.4f", absErr, bias)
	if absErr >= 0.03 || math.Abs(bias) >= 0.01 {
		t.Errorf("256 permutations: mean absolute error %.4f (want < 0.03), bias %.4f (want |bias| < 0.01)", absErr, bias)
	}
	weak, _ := meanEstimateError(t, 16, 200)
	t.Logf("16 permutations: mean absolute error %.4f", weak)
	if weak < 0.03 {
		t.Errorf("16 permutations: mean absolute error %.4f, want ≥ 0.03 (the test could not fail)", weak)
	}
}

// FuzzMinHash checks: signatures round-trip through MarshalBinary and
// ParseSignature; the estimate is symmetric, in [0, 1], and 1 against itself;
// arbitrary bytes never panic ParseSignature.
func FuzzMinHash(f *testing.F) {
	for _, c := range analyzerCases {
		f.Add(c.in, "near duplicates", uint16(128), uint64(1))
	}
	f.Add("a b c", "b c d", uint16(1), uint64(0))
	f.Add("", "", uint16(4096), uint64(math.MaxUint64))
	a := Default()
	f.Fuzz(func(t *testing.T, x, y string, numPerm uint16, seed uint64) {
		n := int(numPerm)%MaxNumPerm + 1
		m, err := NewMinHasher(n, seed)
		if err != nil {
			t.Fatal(err)
		}
		sx, sy := m.Sum(a.Tokens(x)), m.Sum(a.Tokens(y))
		b, err := sx.MarshalBinary()
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseSignature(b)
		if err != nil || back.Seed != sx.Seed || !slices.Equal(back.Values, sx.Values) {
			t.Fatalf("round trip of (%d, %d) signature failed: %v", n, seed, err)
		}
		exy, err1 := EstimateJaccard(sx, sy)
		eyx, err2 := EstimateJaccard(sy, sx)
		if err1 != nil || err2 != nil || exy != eyx || exy < 0 || exy > 1 {
			t.Fatalf("EstimateJaccard: %v, %v, %v, %v", exy, eyx, err1, err2)
		}
		if self, err := EstimateJaccard(sx, sx); err != nil || self != 1 {
			t.Fatalf("EstimateJaccard(x, x) = %v, %v", self, err)
		}
		ParseSignature([]byte(x)) // must not panic
	})
}

func BenchmarkMinHash128(b *testing.B) {
	a := Default()
	tokens := a.Tokens(benchText(benchSentences["English"], 1<<10))
	m, _ := NewMinHasher(128, DefaultSeed)
	for b.Loop() {
		m.Sum(tokens)
	}
	b.ReportMetric(float64(len(tokens)), "tokens/op")
}

// TestSignatureSlots: SignatureSlots accepts exactly what ParseSignature
// accepts, and gives the same values (as stored: big-endian, slot i at 8i)
// and seed, for valid signatures (128 slots, 1 slot, num_perm 4096 written
// as 0) and for each way a value can be refused: not a signature, a
// bottom-k sketch, an unknown version, a length that disagrees with
// num_perm, a value above 2^61−1 (2^61−1 itself is valid).
func TestSignatureSlots(t *testing.T) {
	sig := func(n int, seed uint64) []byte {
		m, err := NewMinHasher(n, seed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := m.Sum([]string{"a", "b", "c"}).MarshalBinary()
		return b
	}
	valid := sig(128, 7)
	withSlot := func(v uint64) []byte {
		b := bytes.Clone(valid)
		binary.BigEndian.PutUint64(b[sigHeaderLen+8*5:], v)
		return b
	}
	bk, _ := NewBottomKHasher(16, 1)
	bottomK, _ := bk.Sum([]string{"a"}).MarshalBinary()
	version := bytes.Clone(valid)
	version[3] = 9
	for _, c := range []struct {
		name string
		b    []byte
	}{
		{"128 slots", valid},
		{"1 slot", sig(1, 1)},
		{"4096 slots (num_perm written as 0)", sig(MaxNumPerm, 3)},
		{"slot at 2^61-1", withSlot(mersenne61)},
		{"slot at 2^61", withSlot(mersenne61 + 1)},
		{"text", []byte("hello world")},
		{"empty", nil},
		{"header only", valid[:sigHeaderLen]},
		{"one byte short", valid[:len(valid)-1]},
		{"one byte long", append(bytes.Clone(valid), 0)},
		{"bottom-k", bottomK},
		{"unknown version", version},
	} {
		slots, seed, ok := SignatureSlots(c.b)
		s, err := ParseSignature(c.b)
		if ok != (err == nil) {
			t.Errorf("%s: SignatureSlots ok %v, ParseSignature error %v", c.name, ok, err)
			continue
		}
		if !ok {
			continue
		}
		if seed != s.Seed || len(slots) != 8*len(s.Values) {
			t.Errorf("%s: seed %d and %d slot bytes, want %d and %d", c.name, seed, len(slots), s.Seed, 8*len(s.Values))
			continue
		}
		for i, v := range s.Values {
			if got := binary.BigEndian.Uint64(slots[8*i:]); got != v {
				t.Errorf("%s: slot %d = %d, want %d", c.name, i, got, v)
				break
			}
		}
	}
}
