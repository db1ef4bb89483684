package textsim

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// refBottomK is a slow reference bottom-k sketch in math/big: every distinct
// element permuted by the first permutation of the seed, the k smallest kept.
func refBottomK(k int, seed uint64, elements []string) []uint64 {
	state := seed
	a := 1 + splitmix64(&state)%(mersenne61-1)
	b := splitmix64(&state) % mersenne61
	set := map[uint64]bool{}
	for _, e := range elements {
		x := new(big.Int).Mod(new(big.Int).SetUint64(xxhash.Sum64String(e)), bigM61)
		h := x.Mul(x, new(big.Int).SetUint64(a))
		h.Add(h, new(big.Int).SetUint64(b)).Mod(h, bigM61)
		set[h.Uint64()] = true
	}
	var out []uint64
	for v := range set {
		out = append(out, v)
	}
	slices.Sort(out)
	return out[:min(k, len(out))]
}

// TestBottomKGolden pins sketch values, which users store on disk: changing
// any value here is a new signature version, never a test fix.
func TestBottomKGolden(t *testing.T) {
	for _, c := range []struct {
		why    string
		k      int
		seed   uint64
		values []uint64
	}{
		{"k below the set size: the 3 smallest of 5", 3, 1, []uint64{0xd5fa6a1596db10, 0x3f40a7f50340c21, 0xef695ad2d15bb26}},
		{"k above the set size: all 5", 128, 1, []uint64{0xd5fa6a1596db10, 0x3f40a7f50340c21, 0xef695ad2d15bb26, 0x11900bba18f05b7b, 0x11b31f1adc61a62f}},
		{"another seed", 2, 42, []uint64{0x6a7f4a088e014c, 0x3cf59e6b7f63e46}},
	} {
		h, err := NewBottomKHasher(c.k, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		s := h.Sum(minhashTokens)
		if s.K != c.k || s.Seed != c.seed || !slices.Equal(s.Values, c.values) {
			t.Errorf("%s: (%d, %d) sketch = %d %d %#x, want %#x", c.why, c.k, c.seed, s.K, s.Seed, s.Values, c.values)
		}
		if ref := refBottomK(c.k, c.seed, minhashTokens); !slices.Equal(s.Values, ref) {
			t.Errorf("%s: sketch differs from the math/big reference %#x", c.why, ref)
		}
		// The smallest value is slot 0 of the k-permutation signature of the same seed.
		m, _ := NewMinHasher(1, c.seed)
		if first := m.Sum(minhashTokens).Values[0]; s.Values[0] != first {
			t.Errorf("%s: smallest value %#x, k-permutation slot 0 %#x", c.why, s.Values[0], first)
		}
		shuffled := append(slices.Clone(minhashTokens), minhashTokens[1], minhashTokens[4])
		slices.Reverse(shuffled)
		if again := h.Sum(shuffled); !slices.Equal(again.Values, s.Values) {
			t.Errorf("%s: order or repeats changed the sketch", c.why)
		}
	}
	// The encoding is pinned: magic, version 2, k, seed, ascending values.
	h, _ := NewBottomKHasher(2, 0x0102030405060708)
	b, _ := h.Sum([]string{"x"}).MarshalBinary()
	if want := []byte{0xFF, 'M', 'H', 2, 0, 2, 1, 2, 3, 4, 5, 6, 7, 8}; len(b) != 22 || !bytes.Equal(b[:14], want) {
		t.Errorf("encoding = % x, want a header % x and one value", b, want)
	}
}

func TestBottomKRoundTrip(t *testing.T) {
	for _, c := range []struct {
		k        int
		seed     uint64
		elements []string
	}{
		{1, 0, []string{"a", "b"}},
		{3, 1, minhashTokens},
		{64, math.MaxUint64, minhashTokens},
		{MaxNumPerm, 7, minhashTokens}, // k 4096 is written as 0
		{16, 1, nil},                   // the empty set: no values, 14 bytes
	} {
		h, err := NewBottomKHasher(c.k, c.seed)
		if err != nil {
			t.Fatal(err)
		}
		s := h.Sum(c.elements)
		b, _ := s.MarshalBinary()
		if len(b) != 14+8*len(s.Values) || !IsSignature(b) || !IsBottomK(b) {
			t.Errorf("(%d, %d): %d bytes, IsBottomK %v", c.k, c.seed, len(b), IsBottomK(b))
		}
		back, err := ParseBottomK(b)
		if err != nil || back.K != s.K || back.Seed != s.Seed || !slices.Equal(back.Values, s.Values) {
			t.Errorf("(%d, %d): round trip gave %+v, %v", c.k, c.seed, back, err)
		}
		if _, err := ParseSignature(b); !errors.Is(err, ErrScheme) {
			t.Errorf("(%d, %d): ParseSignature of a bottom-k sketch: %v, want ErrScheme", c.k, c.seed, err)
		}
	}
	m, _ := NewMinHasher(4, 1)
	kperm, _ := m.Sum(minhashTokens).MarshalBinary()
	if _, err := ParseBottomK(kperm); !errors.Is(err, ErrScheme) || IsBottomK(kperm) {
		t.Errorf("ParseBottomK of a k-permutation signature: %v, want ErrScheme", err)
	}
}

func TestParseBottomKErrors(t *testing.T) {
	h, _ := NewBottomKHasher(4, 1)
	good, _ := h.Sum(minhashTokens).MarshalBinary() // 4 values
	edit := func(f func(b []byte) []byte) []byte { return f(bytes.Clone(good)) }
	for _, c := range []struct {
		why string
		b   []byte
	}{
		{"empty", nil},
		{"magic only", good[:3]},
		{"truncated header", good[:13]},
		{"bad magic", edit(func(b []byte) []byte { b[2] = 'X'; return b })},
		{"version 3", edit(func(b []byte) []byte { b[3] = 3; return b })},
		{"truncated value", good[:len(good)-1]},
		{"more values than k", edit(func(b []byte) []byte { b[5] = 3; return b })},
		{"descending values", edit(func(b []byte) []byte {
			copy(b[14:22], good[22:30])
			copy(b[22:30], good[14:22])
			return b
		})},
		{"repeated value", edit(func(b []byte) []byte { copy(b[22:30], good[14:22]); return b })},
		{"value 2^61−1 (no permuted element reaches it)", edit(func(b []byte) []byte {
			binary.BigEndian.PutUint64(b[len(b)-8:], mersenne61)
			return b
		})},
		{"value 2^64−1", edit(func(b []byte) []byte {
			binary.BigEndian.PutUint64(b[len(b)-8:], math.MaxUint64)
			return b
		})},
	} {
		if _, err := ParseBottomK(c.b); !errors.Is(err, ErrBadSignature) {
			t.Errorf("%s: ParseBottomK error = %v, want ErrBadSignature", c.why, err)
		}
	}
	if _, err := ParseBottomK(good[:14+8]); err != nil {
		t.Errorf("fewer values than k (a small set) is valid: %v", err)
	}
}

// words returns the n elements "w<from>" … "w<from+n−1>".
func words(from, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("w%d", from+i)
	}
	return out
}

func TestEstimateJaccardBottomK(t *testing.T) {
	h4, _ := NewBottomKHasher(4, 1)
	h64, _ := NewBottomKHasher(64, 1)
	for _, c := range []struct {
		why  string
		h    *BottomKHasher
		x, y []string
		want float64
	}{
		{"identical sets", h4, minhashTokens, minhashTokens, 1},
		{"two empty sets, like Jaccard", h4, nil, nil, 1},
		{"empty and non-empty", h4, nil, minhashTokens, 0},
		{"disjoint", h4, []string{"a"}, []string{"b"}, 0},
		// |A ∪ B| ≤ k: the sketches are the sets, the estimate exact.
		{"union within k: 2 of 4", h4, []string{"a", "b", "c"}, []string{"b", "c", "d"}, 0.5},
		{"union within k: 30 of 50", h64, words(0, 40), words(10, 40), 30.0 / 50},
		{"a subset within k", h64, words(0, 20), words(0, 5), 5.0 / 20},
	} {
		for _, swap := range []bool{false, true} {
			x, y := c.h.Sum(c.x), c.h.Sum(c.y)
			if swap {
				x, y = y, x
			}
			if got, err := EstimateJaccardBottomK(x, y); err != nil || got != c.want {
				t.Errorf("%s: EstimateJaccardBottomK = %v, %v, want %v", c.why, got, err, c.want)
			}
		}
	}
	// Beyond k: the 4 smallest of the union, counted against a slow
	// reference over the reference sketches.
	x, y := words(0, 100), words(50, 100)
	rx, ry := refBottomK(4, 1, x), refBottomK(4, 1, y)
	union := slices.Compact(slices.Sorted(slices.Values(append(slices.Clone(rx), ry...))))[:4]
	both := 0
	for _, v := range union {
		if slices.Contains(rx, v) && slices.Contains(ry, v) {
			both++
		}
	}
	if got, _ := EstimateJaccardBottomK(h4.Sum(x), h4.Sum(y)); got != float64(both)/4 {
		t.Errorf("beyond k: estimate %v, reference %v", got, float64(both)/4)
	}
	h4s2, _ := NewBottomKHasher(4, 2)
	h5, _ := NewBottomKHasher(5, 1)
	for _, c := range []struct {
		why  string
		x, y BottomK
	}{
		{"different k", h4.Sum(x), h5.Sum(x)},
		{"different seeds", h4.Sum(x), h4s2.Sum(x)},
		{"k 0", BottomK{}, BottomK{}},
	} {
		if _, err := EstimateJaccardBottomK(c.x, c.y); !errors.Is(err, ErrIncompatible) {
			t.Errorf("%s: error %v, want ErrIncompatible", c.why, err)
		}
	}
}

// TestBottomKUnbiased averages the estimate over 2,000 seeds for sets of 1,000
// and 1,000 elements sharing 600 (J = 600/1400 = 0.4286), k = 64. The mean's
// standard error is about √(J(1−J)/64)/√2000 ≈ 0.0014, so |bias| < 0.006 holds
// with margin (the seeds are fixed: the test is deterministic), and the RMS
// error must be near √(J(1−J)/k).
func TestBottomKUnbiased(t *testing.T) {
	x, y := words(0, 1000), words(400, 1000)
	want := 600.0 / 1400
	sum, sq := 0.0, 0.0
	const seeds = 2000
	for seed := range uint64(seeds) {
		h, _ := NewBottomKHasher(64, seed)
		e, err := EstimateJaccardBottomK(h.Sum(x), h.Sum(y))
		if err != nil {
			t.Fatal(err)
		}
		sum += e - want
		sq += (e - want) * (e - want)
	}
	bias, rms := sum/seeds, math.Sqrt(sq/seeds)
	t.Logf("k=64, J=%.4f: bias %+.4f, RMS error %.4f (√(J(1−J)/k) = %.4f)", want, bias, rms, math.Sqrt(want*(1-want)/64))
	if math.Abs(bias) >= 0.006 {
		t.Errorf("bias %+.4f, want |bias| < 0.006", bias)
	}
	if rms < 0.04 || rms > 0.08 {
		t.Errorf("RMS error %.4f, want about √(J(1−J)/k) ≈ 0.062", rms)
	}
}

// FuzzBottomK checks: sketches round-trip, hold at most k ascending values,
// agree with the math/big reference; the estimate is symmetric, in [0, 1],
// 1 against itself, exact within k; arbitrary bytes never panic ParseBottomK.
func FuzzBottomK(f *testing.F) {
	for _, c := range analyzerCases {
		f.Add(c.in, "near duplicates", uint16(8), uint64(1))
	}
	f.Add("a b c", "b c d", uint16(1), uint64(0))
	f.Add("", "", uint16(4095), uint64(math.MaxUint64))
	a := Default()
	f.Fuzz(func(t *testing.T, x, y string, k uint16, seed uint64) {
		n := int(k)%MaxNumPerm + 1
		h, err := NewBottomKHasher(n, seed)
		if err != nil {
			t.Fatal(err)
		}
		tx, ty := a.Tokens(x), a.Tokens(y)
		sx, sy := h.Sum(tx), h.Sum(ty)
		if len(sx.Values) > n || !slices.IsSorted(sx.Values) || !slices.Equal(sx.Values, refBottomK(n, seed, tx)) {
			t.Fatalf("sketch of %q (k=%d) is not the reference's", x, n)
		}
		b, _ := sx.MarshalBinary()
		back, err := ParseBottomK(b)
		if err != nil || back.K != n || back.Seed != seed || !slices.Equal(back.Values, sx.Values) {
			t.Fatalf("round trip of (%d, %d) failed: %v", n, seed, err)
		}
		exy, err1 := EstimateJaccardBottomK(sx, sy)
		eyx, err2 := EstimateJaccardBottomK(sy, sx)
		if err1 != nil || err2 != nil || exy != eyx || exy < 0 || exy > 1 {
			t.Fatalf("EstimateJaccardBottomK: %v, %v, %v, %v", exy, eyx, err1, err2)
		}
		if self, _ := EstimateJaccardBottomK(sx, sx); self != 1 {
			t.Fatalf("EstimateJaccardBottomK(x, x) = %v", self)
		}
		if union := len(termCounts(append(slices.Clone(tx), ty...))); union <= n {
			if j := Jaccard(tx, ty); exy != j {
				t.Fatalf("|A ∪ B| = %d ≤ k = %d: estimate %v, exact %v", union, n, exy, j)
			}
		}
		ParseBottomK([]byte(x)) // must not panic
		ParseBottomK(append(b[:min(len(b), 14)], y...))
	})
}

func BenchmarkBottomK128(b *testing.B) {
	a := Default()
	tokens := a.Tokens(benchText(benchSentences["English"], 1<<10))
	h, _ := NewBottomKHasher(128, DefaultSeed)
	for b.Loop() {
		h.Sum(tokens)
	}
	b.ReportMetric(float64(len(tokens)), "tokens/op")
}
