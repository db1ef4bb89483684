package textsim

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// refSimHash is a slow SimHash written independently of SimHash: exact
// rational sums (math/big) and bits read from the hash's binary digits.
func refSimHash(features []Feature) uint64 {
	var sums [64]big.Rat
	for _, f := range features {
		digits := strconv.FormatUint(xxhash.Sum64String(f.Text), 2)
		digits = strings.Repeat("0", 64-len(digits)) + digits // digits[63] is bit 0
		w := new(big.Rat)
		w.SetFloat64(f.Weight)
		for i := range 64 {
			if digits[63-i] == '1' {
				sums[i].Add(&sums[i], w)
			} else {
				sums[i].Sub(&sums[i], w)
			}
		}
	}
	var fp uint64
	for i := range sums {
		if sums[i].Sign() > 0 {
			fp += 1 << i
		}
	}
	return fp
}

func TestSimHashReference(t *testing.T) {
	// Weights are multiples of 1/8 below 2^20, so that SimHash's float64
	// sums are exact and must agree with the exact reference bit for bit.
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 2000 {
		features := make([]Feature, rng.IntN(12))
		for i := range features {
			features[i] = Feature{
				Text:   fmt.Sprintf("f%d-%d", trial, rng.IntN(1000)),
				Weight: float64(rng.IntN(1<<23)) / 8,
			}
			if rng.IntN(5) == 0 {
				features[i].Weight = 0 // zero weights are skipped
			}
		}
		if got, want := SimHash(features), refSimHash(features); got != want {
			t.Fatalf("SimHash(%v) = %#x, reference %#x", features, got, want)
		}
	}
}

func TestSimHashFeatures(t *testing.T) {
	for _, c := range []struct {
		why      string
		features []Feature
		want     uint64
	}{
		{"no features give 0", nil, 0},
		{"all weights 0 give 0", []Feature{{"a", 0}, {"b", 0}}, 0},
		{"one feature gives its xxHash64 (xxhash64(\"a\") = 0xd24ec4f1a98c6e5b)",
			[]Feature{{"a", 1}}, 0xd24ec4f1a98c6e5b},
		{"one feature of any positive weight gives its hash", []Feature{{"a", 1e-300}}, 0xd24ec4f1a98c6e5b},
		{"two equal opposing bits sum to 0, which is not > 0: only bits set in both remain",
			[]Feature{{"a", 1}, {"b", 1}}, xxhash.Sum64String("a") & xxhash.Sum64String("b")},
	} {
		if got := SimHash(c.features); got != c.want {
			t.Errorf("%s: SimHash = %#x, want %#x", c.why, got, c.want)
		}
	}
}

// simhashGolden pins Analyzer.SimHash and SimHashNgram (n = 2, 3): these are
// the bits users store on disk. Changing any value here is a new fingerprint
// version (README.md, "Fingerprint versions"), never a test fix.
var simhashGolden = []struct {
	why                  string
	text                 string
	word, ngram2, ngram3 uint64
}{
	{"English sentence with stop words", "The quick brown fox jumps over the lazy dog",
		0x193001245216a488, 0xdb222f42a5022aaf, 0x4352aa301919bf8e},
	{"one word changed from the previous row", "The quick brown fox jumped over the lazy dog",
		0x19a441665016848c, 0xfb22bf42a5022aaf, 0x0352a2101b1b2c8e},
	{"repeated token 'duplicates' (tf 2)", "Simhash detects near duplicates and not exact duplicates",
		0x1dd3766812c10018, 0xc12305c9aab277c9, 0x219f8d36a60a9bc2},
	{"Chinese: gse words weighted by jieba IDF", "今天天气很好，我们去郊游。",
		0xeaab794a816dbe70, 0x7a5df39a89f5be48, 0x6136710b436a6930},
	{"traditional Chinese: same as the simplified row below", "後腳龍族幻想恰爛錢",
		0xbc02c88c98cfba4c, 0xa902001448868e4d, 0x972c35dec30dcdf9},
	{"simplified Chinese", "后脚龙族幻想恰烂钱",
		0xbc02c88c98cfba4c, 0xa902001448868e4d, 0x972c35dec30dcdf9},
	{"mixed English and Chinese", "SQL 数据库 similarity 相似度 search",
		0x557eee9b7106cbdf, 0xd6637b5aa72a04cc, 0x37af3ff74c138b02},
	{"stop words only: tf weights instead of tf·idf", "the of and to in",
		0x6ab5068d10a31802, 0xce258056e083088b, 0x09090484ab827514},
	{"single English token", "hello",
		0x26c7827d889f6da3, 0x08ec2149220a00aa, 0xeeacf5a770718132},
	{"single Han ideograph: shorter than n, one shingle, its hash", "中",
		0x8a90d911229e52c9, 0x8a90d911229e52c9, 0x8a90d911229e52c9},
	{"single stop word: xxhash64(\"a\")", "a",
		0xd24ec4f1a98c6e5b, 0xd24ec4f1a98c6e5b, 0xd24ec4f1a98c6e5b},
	{"repeated token", "test test test test test test test test test test",
		0x4fdcca5ddb678139, 0x88310721c0b613c9, 0xe8bfb83fc3aa3a57},
	{"Latin with diacritics", "naïve résumé",
		0x807200848a008384, 0x588a6763e4866430, 0x8dab242903b28f66},
	{"Cyrillic", "Привет мир",
		0x0b00061445280804, 0xc1738b840acc531a, 0x406477a44d28ca51},
	{"decimal number token", "Version 1.26",
		0x28c0613180c0822e, 0x18f32e8e8fe9142d, 0x8099608901944124},
	{"full-width input folded by NFKC", "ＡＢＣ１２３ 全角",
		0xd11bd236ec6f847c, 0x51030486f9f60278, 0x48ed7c54be06649d},
}

func TestSimHashGolden(t *testing.T) {
	a := Default()
	for _, c := range simhashGolden {
		if got, ok := a.SimHash(c.text); !ok || got != c.word {
			t.Errorf("%s: SimHash(%q) = %#016x, %v, want %#016x", c.why, c.text, got, ok, c.word)
		}
		for _, n := range []struct {
			n    int
			want uint64
		}{{2, c.ngram2}, {3, c.ngram3}} {
			if got, ok, err := a.SimHashNgram(c.text, n.n); err != nil || !ok || got != n.want {
				t.Errorf("%s: SimHashNgram(%q, %d) = %#016x, %v, %v, want %#016x",
					c.why, c.text, n.n, got, ok, err, n.want)
			}
		}
	}
}

func TestSimHashProperties(t *testing.T) {
	a := Default()
	fp10, _ := a.SimHash(strings.Repeat("test ", 10))
	fp7, _ := a.SimHash(strings.Repeat("test ", 7))
	if fp10 != fp7 || fp7 != xxhash.Sum64String("test") {
		t.Errorf(`one repeated token: "test "×10 → %#x, ×7 → %#x, want both xxhash64("test") = %#x`,
			fp10, fp7, xxhash.Sum64String("test"))
	}

	const stop = "the of and to in the"
	fp, ok := a.SimHash(stop)
	tf := SimHash([]Feature{{"the", 2}, {"of", 1}, {"and", 1}, {"to", 1}, {"in", 1}})
	if !ok || fp == 0 || fp != tf {
		t.Errorf("stop words only: SimHash(%q) = %#x, %v, want the tf fingerprint %#x (non-zero)", stop, fp, ok, tf)
	}

	// A stop word among other words keeps weight 0: it does not count.
	with, _ := a.SimHash("the database")
	without, _ := a.SimHash("database")
	if with != without {
		t.Errorf(`SimHash("the database") = %#x, SimHash("database") = %#x: a stop word counted`, with, without)
	}

	for _, s := range []string{"", " \t\n ", "！？。，、", "🙋👍", "\xff"} {
		if fp, ok := a.SimHash(s); ok || fp != 0 {
			t.Errorf("SimHash(%q) = %#x, %v, want 0, false (no tokens)", s, fp, ok)
		}
		if fp, ok, err := a.SimHashNgram(s, 3); ok || fp != 0 || err != nil {
			t.Errorf("SimHashNgram(%q, 3) = %#x, %v, %v, want 0, false, nil (no tokens)", s, fp, ok, err)
		}
	}

	for _, c := range []struct{ trad, simp string }{
		{"後腳龍族幻想恰爛錢", "后脚龙族幻想恰烂钱"},
		{"我們去郊遊，天氣很好", "我们去郊游，天气很好"},
	} {
		ft, _ := a.SimHash(c.trad)
		fs, _ := a.SimHash(c.simp)
		if ft != fs {
			t.Errorf("SimHash(%q) = %#x but SimHash(%q) = %#x", c.trad, ft, c.simp, fs)
		}
	}
}

func TestSimHashNgram(t *testing.T) {
	a := Default()
	for _, n := range []int{-1, 0, MaxNgram + 1, 65, 1 << 30} {
		if _, ok, err := a.SimHashNgram("hello world", n); !errors.Is(err, ErrNgramSize) || ok {
			t.Errorf("SimHashNgram(n=%d) = ok %v, err %v, want ErrNgramSize", n, ok, err)
		}
	}
	for _, n := range []int{MinNgram, MaxNgram} {
		if _, ok, err := a.SimHashNgram("hello world", n); err != nil || !ok {
			t.Errorf("SimHashNgram(n=%d) = ok %v, err %v, want ok", n, ok, err)
		}
	}
	// Text of at most n code points is one shingle: the hash of the
	// analysed text itself. "Hello, World" is analysed to "hello world"
	// (11 code points).
	want := xxhash.Sum64String("hello world")
	for _, n := range []int{11, 12, 64} {
		if got, ok, err := a.SimHashNgram("Hello, World", n); err != nil || !ok || got != want {
			t.Errorf("SimHashNgram(n=%d) = %#x, %v, %v, want xxhash64(\"hello world\") = %#x", n, got, ok, err, want)
		}
	}
	// n = 1: shingles are single code points weighted by their counts.
	got, _, _ := a.SimHashNgram("abca", 1)
	if want := SimHash([]Feature{{"a", 2}, {"b", 1}, {"c", 1}}); got != want {
		t.Errorf("SimHashNgram(abca, 1) = %#x, want %#x", got, want)
	}
	// Shingles are taken over code points, not bytes, and include the space.
	got, _, _ = a.SimHashNgram("中文 ab", 2)
	if want := SimHash([]Feature{{"中文", 1}, {"文 ", 1}, {" a", 1}, {"ab", 1}}); got != want {
		t.Errorf("SimHashNgram(中文 ab, 2) = %#x, want %#x", got, want)
	}
}

func TestHamming(t *testing.T) {
	for _, c := range []struct {
		why  string
		a, b uint64
		want int
	}{
		{"equal", 0x0123456789abcdef, 0x0123456789abcdef, 0},
		{"zero and zero", 0, 0, 0},
		{"all bits differ", 0, ^uint64(0), 64},
		{"signed −1 is the all-ones fingerprint", fromBigint(-1), ^uint64(0), 0},
		{"signed −1 against 0", fromBigint(-1), 0, 64},
		{"top bit only (negative as BIGINT)", 1 << 63, 0, 1},
		{"low bit only", 1, 0, 1},
		{"alternating", 0xaaaaaaaaaaaaaaaa, 0x5555555555555555, 64},
		{"one nibble", 0xf0, 0x00, 4},
	} {
		if got := Hamming(c.a, c.b); got != c.want {
			t.Errorf("%s: Hamming(%#x, %#x) = %d, want %d", c.why, c.a, c.b, got, c.want)
		}
		if got := Hamming(c.b, c.a); got != c.want {
			t.Errorf("%s: Hamming not symmetric", c.why)
		}
	}
}

// fromBigint reinterprets a signed SQL BIGINT fingerprint as its 64 bits.
func fromBigint(v int64) uint64 { return uint64(v) }

func TestHammingBytes(t *testing.T) {
	// Lengths around the 8-byte word loop: none, tail only, one word, word
	// plus tail, two words plus tail.
	for _, n := range []int{0, 1, 7, 8, 9, 17} {
		a := make([]byte, n)
		b := make([]byte, n)
		want := 0
		for i := range a {
			a[i] = byte(i*37 + 1)
			b[i] = byte(i*91 + 200)
			for x := a[i] ^ b[i]; x != 0; x &= x - 1 {
				want++
			}
		}
		if got, err := HammingBytes(a, b); err != nil || got != want {
			t.Errorf("len %d: HammingBytes = %d, %v, want %d", n, got, err, want)
		}
		ones := make([]byte, n)
		for i := range ones {
			ones[i] = 0xff
		}
		if got, err := HammingBytes(ones, make([]byte, n)); err != nil || got != 8*n {
			t.Errorf("len %d: HammingBytes(all ones, zeros) = %d, %v, want %d", n, got, err, 8*n)
		}
		if got, err := HammingBytes(a, a); err != nil || got != 0 {
			t.Errorf("len %d: HammingBytes(a, a) = %d, %v, want 0", n, got, err)
		}
	}
	// The last byte of a 9-byte string is only seen by the tail loop.
	if got, _ := HammingBytes(make([]byte, 9), []byte{0, 0, 0, 0, 0, 0, 0, 0, 0x81}); got != 2 {
		t.Errorf("tail byte: got %d, want 2", got)
	}
	for _, c := range [][2]int{{0, 1}, {8, 9}, {9, 8}, {16, 17}} {
		_, err := HammingBytes(make([]byte, c[0]), make([]byte, c[1]))
		if !errors.Is(err, ErrLengthMismatch) {
			t.Errorf("HammingBytes(%d bytes, %d bytes) error = %v, want ErrLengthMismatch", c[0], c[1], err)
		}
	}
}

// FuzzSimHash checks: ok iff Tokens is non-empty; Hamming(x, x) = 0;
// Hamming is symmetric and in [0, 64]; SimHashNgram agrees with ok.
func FuzzSimHash(f *testing.F) {
	for _, c := range simhashGolden {
		f.Add(c.text, uint64(0))
	}
	for _, c := range analyzerCases {
		f.Add(c.in, uint64(1)<<63)
	}
	a := Default()
	f.Fuzz(func(t *testing.T, s string, other uint64) {
		fp, ok := a.SimHash(s)
		if ok != (len(a.Tokens(s)) > 0) {
			t.Fatalf("SimHash(%q) ok = %v, Tokens = %q", s, ok, a.Tokens(s))
		}
		if !ok && fp != 0 {
			t.Fatalf("SimHash(%q) = %#x with ok = false", s, fp)
		}
		if again, _ := a.SimHash(s); again != fp {
			t.Fatalf("SimHash(%q) not deterministic: %#x then %#x", s, fp, again)
		}
		if Hamming(fp, fp) != 0 {
			t.Fatalf("Hamming(x, x) != 0")
		}
		if d := Hamming(fp, other); d != Hamming(other, fp) || d < 0 || d > 64 {
			t.Fatalf("Hamming(%#x, %#x) = %d", fp, other, d)
		}
		_, ok3, err := a.SimHashNgram(s, 3)
		if err != nil || ok3 != ok {
			t.Fatalf("SimHashNgram(%q, 3) ok = %v, err %v; SimHash ok = %v", s, ok3, err, ok)
		}
	})
}

var benchSentences = map[string]string{
	"English": "Simhash detects near duplicates in large collections of web pages and documents. ",
	"Chinese": "今天天气很好，我们去郊游。相似度搜索可以发现几乎重复的网页和文档。",
}

// benchText returns size bytes (at most, whole runes) of sentence repeated.
func benchText(sentence string, size int) string {
	s := strings.Repeat(sentence, size/len(sentence)+1)
	s = s[:size]
	return strings.ToValidUTF8(s, "")
}

// benchEachText runs sub-benchmarks English/1KB … Chinese/256KB, per input
// byte: prepare gets the text once per size and returns the operation
// timed, which runs once untimed first (the Chinese dictionaries load on
// first use, in about 2 s).
func benchEachText(b *testing.B, prepare func(text string) (op func())) {
	for _, lang := range []string{"English", "Chinese"} {
		for _, size := range []int{1 << 10, 16 << 10, 256 << 10} {
			text := benchText(benchSentences[lang], size)
			b.Run(fmt.Sprintf("%s/%dKB", lang, size>>10), func(b *testing.B) {
				op := prepare(text)
				op()
				b.SetBytes(int64(len(text)))
				for b.Loop() {
					op()
				}
			})
		}
	}
}

// BenchmarkSimHash measures Analyzer.SimHash (analysis, tf·idf weights and
// the fingerprint) per input byte; compare with BenchmarkTokens (analysis
// alone) and, for Chinese, BenchmarkGseCut.
func BenchmarkSimHash(b *testing.B) {
	a := Default()
	benchEachText(b, func(text string) func() { return func() { a.SimHash(text) } })
}

// BenchmarkGseCut is the baseline for BenchmarkSimHash/Chinese: gse's
// segmentation alone (with HMM), on the same text.
func BenchmarkGseCut(b *testing.B) {
	seg := Default().chinese().seg
	for _, size := range []int{1 << 10, 16 << 10, 256 << 10} {
		text := benchText(benchSentences["Chinese"], size)
		b.Run(fmt.Sprintf("Chinese/%dKB", size>>10), func(b *testing.B) {
			b.SetBytes(int64(len(text)))
			for b.Loop() {
				seg.Cut(text, true)
			}
		})
	}
}

// FuzzShingles checks shingles against a plain reference: every window of
// n runes, counted, in order of first occurrence.
func FuzzShingles(f *testing.F) {
	for _, s := range []string{"", "a", "ab", "hello world", "后脚龙族 幻想", "a\xffb", "ééééé", "ab ab ab"} {
		f.Add(s, uint8(3))
	}
	f.Fuzz(func(t *testing.T, s string, n8 uint8) {
		n := int(n8%MaxNgram) + 1
		r := []rune(s)
		var want []Feature
		if len(r) <= n {
			want = []Feature{{Text: s, Weight: 1}}
		} else {
			// Byte offsets of each rune start, as ranging over s gives them.
			var starts []int
			for i := range s {
				starts = append(starts, i)
			}
			starts = append(starts, len(s))
			index := map[string]int{}
			for i := 0; i+n < len(starts); i++ {
				w := s[starts[i]:starts[i+n]]
				if j, ok := index[w]; ok {
					want[j].Weight++
					continue
				}
				index[w] = len(want)
				want = append(want, Feature{Text: w, Weight: 1})
			}
		}
		if got := shingles(s, n); !slices.Equal(got, want) {
			t.Fatalf("shingles(%q, %d) = %v, want %v", s, n, got, want)
		}
	})
}
