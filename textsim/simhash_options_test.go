package textsim

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/cespare/xxhash/v2"
)

// TestSimHashWithVersion1 holds version 1 bit for bit: the empty options,
// "v1", and the general path (Top too large to cut) all give SimHash's
// golden values; features=charN with tf weights give SimHashNgram's.
func TestSimHashWithVersion1(t *testing.T) {
	a := Default()
	for _, s := range []string{"", "v1", "  ", "bits=64 weight=tfidf features=words", "V1, BITS=64"} {
		if o, err := ParseSimHashOptions(s); err != nil || o != Version1 {
			t.Errorf("ParseSimHashOptions(%q) = %+v, %v, want Version1", s, o, err)
		}
	}
	general := Version1
	general.Top = MaxSimHashTop // no text here has that many tokens: not a cut, but not the shortcut
	for _, c := range simhashGolden {
		for _, o := range []SimHashOptions{Version1, general} {
			if got, ok := a.SimHashWith(c.text, o); !ok || got != c.word {
				t.Errorf("%s: SimHashWith(%q, %v) = %#016x, want the v1 golden %#016x", c.why, c.text, o, got, c.word)
			}
		}
		for _, n := range []struct {
			opts string
			want uint64
		}{{"features=char2", c.ngram2}, {"features=char3 weight=tf", c.ngram3}} {
			if got, ok := a.SimHashWith(c.text, mustParse(t, n.opts)); !ok || got != n.want {
				t.Errorf("%s: %s = %#016x, want simhash_ngram's golden %#016x", c.why, n.opts, got, n.want)
			}
		}
	}
	for _, s := range []string{"", "...", "  "} {
		if _, ok := a.SimHashWith(s, mustParse(t, "bits=32 features=char2 weight=binary")); ok {
			t.Errorf("SimHashWith(%q) is ok without tokens", s)
		}
	}
}

func mustParse(t *testing.T, s string) SimHashOptions {
	t.Helper()
	o, err := ParseSimHashOptions(s)
	if err != nil {
		t.Fatalf("ParseSimHashOptions(%q): %v", s, err)
	}
	return o
}

// TestSimHashWorkedExample pins the design's worked example: "the cat sat
// on the mat", character bigrams of the analysed text (spaces included),
// each distinct bigram once, each hash bit ±1. The reference below sums
// the 15 distinct bigrams by hand; 15 is odd, so no bit ties.
func TestSimHashWorkedExample(t *testing.T) {
	a := Default()
	bigrams := []string{"th", "he", "e ", " c", "ca", "at", "t ", " s", "sa", " o", "on", "n ", " t", " m", "ma"}
	var v [64]int
	for _, g := range bigrams {
		h := xxhash.Sum64String(g)
		for i := range v {
			if h&(1<<i) != 0 {
				v[i]++
			} else {
				v[i]--
			}
		}
	}
	var ref uint64
	for i, s := range v {
		if s > 0 {
			ref |= 1 << i
		}
	}
	const golden = 0x4a630817e2b207aa
	got, ok := a.SimHashWith("the cat sat on the mat", mustParse(t, "features=char2 weight=binary"))
	if !ok || got != ref || got != golden {
		t.Errorf("worked example = %#016x, reference %#016x, golden %#016x", got, ref, uint64(golden))
	}
	got32, _ := a.SimHashWith("The cat sat on the mat.", mustParse(t, "bits=32 features=char2 weight=binary"))
	if got32 != golden&math.MaxUint32 {
		t.Errorf("32-bit worked example = %#08x, want the low 32 bits %#08x", got32, uint64(golden&math.MaxUint32))
	}
}

// TestSimHashOptionsExact checks each option on texts whose answer follows
// from the hashes alone: one feature's fingerprint is its hash; two equal
// weights agree where their hashes agree and tie elsewhere.
func TestSimHashOptionsExact(t *testing.T) {
	a := Default()
	h := xxhash.Sum64String
	for _, c := range []struct {
		why, text, opts string
		want            uint64
	}{
		{"top=1 keeps the heaviest word (tf 3)", "a a a b b c", "weight=tf top=1", h("a")},
		{"top=1 of equal weights keeps the first", "c b a", "weight=tf top=1", h("c")},
		{"top=2 of tf 3, 2, 1: a and b tie where they differ", "a a a b b c", "weight=binary top=2", h("a") & h("b")},
		{"binary: two words tie where their hashes differ", "a b b b", "weight=binary", h("a") & h("b")},
		{"ties=heaviest: the tie bits come from the first of equal weights", "a b b b", "weight=binary ties=heaviest", h("a")},
		{"ties=heaviest: from the heaviest", "a b b b", "weight=tf ties=heaviest", h("b")},
		{"logtf: 1 + ln 2 outweighs 1 (tf: 2 vs 1)", "a a b", "weight=logtf", h("a")},
		{"tf: a stop word counts", "the the cat", "weight=tf", h("the")},
		{"stopwords=drop: only cat", "the the cat", "weight=tf stopwords=drop", h("cat")},
		{"stopwords=drop with stop words only: tf, as v1", "the of", "weight=binary stopwords=drop", h("the") & h("of")},
		{"bits=32: the low 32 bits", "a a a b b c", "bits=32 weight=tf top=1", h("a") & math.MaxUint32},
		{"char1 tf of 'aab'", "aab", "features=char1 top=1", h("a")},
	} {
		if got, ok := a.SimHashWith(c.text, mustParse(t, c.opts)); !ok || got != c.want {
			t.Errorf("%s: SimHashWith(%q, %q) = %#016x, want %#016x", c.why, c.text, c.opts, got, c.want)
		}
	}
	if n := a.TieBits("a b", mustParse(t, "weight=binary")); n != Hamming(h("a"), h("b")) {
		t.Errorf("TieBits(a b, binary) = %d, want the %d bits where the hashes differ", n, Hamming(h("a"), h("b")))
	}
	if n := a.TieBits("a b c", mustParse(t, "weight=binary")); n != 0 {
		t.Errorf("TieBits of three ±1 features = %d, want 0 (an odd sum is never 0)", n)
	}
}

func TestParseSimHashOptionsErrors(t *testing.T) {
	for _, c := range []struct{ in, msg string }{
		{"bits=16", `option "bits" must be 32 or 64, got "16"`},
		{"bits=", `option "bits" must be 32 or 64, got ""`},
		{"top=0", `option "top" must be an integer from 1 to 1048576, got "0"`},
		{"top=x", `option "top" must be an integer`},
		{"features=char0", `option "features" must be words or charN with N from 1 to 64, got "char0"`},
		{"features=char65", `option "features" must be words or charN`},
		{"features=lines", `option "features" must be words or charN`},
		{"weight=idf", `option "weight" must be tfidf, tf, logtf or binary, got "idf"`},
		{"stopwords=yes", `option "stopwords" must be keep or drop`},
		{"ties=one", `option "ties" must be zero or heaviest`},
		{"color=red", `unknown option "color"`},
		{"bits=32 bits=64", `option "bits" given twice`},
		{"32", `"32" is not key=value`},
		{"bits=32 v2", `the preset "v2" must come first`},
		{"v3", `"v3" is not key=value`},
		{"features=char2 weight=tfidf", `option "weight" tfidf needs features=words`},
		{"features=char2 stopwords=drop", `option "stopwords" drop needs features=words`},
	} {
		_, err := ParseSimHashOptions(c.in)
		if !errors.Is(err, ErrSimHashOptions) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("ParseSimHashOptions(%q) error %v, want %q", c.in, err, c.msg)
		}
	}
}

// FuzzSimHashOptions checks: any options string parses or fails with
// ErrSimHashOptions, never panics; parsed options print and parse back to
// the same; a 32-bit fingerprint is the low half of the 64-bit one; with
// version 1 SimHashWith equals SimHash.
func FuzzSimHashOptions(f *testing.F) {
	for _, s := range []string{"", "v2", "bits=32 top=20 features=char2 weight=binary", "weight=logtf stopwords=drop ties=heaviest", "top=1", "features=char64", "x=y"} {
		f.Add("the cat sat on the mat", s)
	}
	f.Add("今天天气很好，我们去郊游。", "features=char3 weight=logtf")
	a := Default()
	f.Fuzz(func(t *testing.T, text, opts string) {
		o, err := ParseSimHashOptions(opts)
		if err != nil {
			if !errors.Is(err, ErrSimHashOptions) {
				t.Fatalf("ParseSimHashOptions(%q): %v", opts, err)
			}
			return
		}
		if back, err := ParseSimHashOptions(o.String()); err != nil || back != o {
			t.Fatalf("%q → %q → %+v, %v", opts, o.String(), back, err)
		}
		fp, ok := a.SimHashWith(text, o)
		o64 := o
		o64.Bits = 64
		fp64, ok64 := a.SimHashWith(text, o64)
		if ok != ok64 || (o.Bits == 32 && fp != fp64&math.MaxUint32) {
			t.Fatalf("32-bit %#x is not the low half of %#x", fp, fp64)
		}
		if n := a.TieBits(text, o); n < 0 || n > 64 {
			t.Fatalf("TieBits = %d", n)
		}
		if v1, ok1 := a.SimHash(text); o == Version1 && (v1 != fp || ok1 != ok) {
			t.Fatalf("version 1 options differ from SimHash")
		}
	})
}

// simhashV2Golden pins fingerprint version 2 (simhash(text, 'v2')), which
// users store: changing any value here is a new version, never a test fix.
var simhashV2Golden = []struct {
	why  string
	text string
	v2   uint64
}{
	{"English sentence: stop words dropped, each word ±1", "The quick brown fox jumps over the lazy dog", 0x1933d366d216a4ae},
	{"one word changed", "The quick brown fox jumped over the lazy dog", 0x1db74766da1784ac},
	{"a repeated word counts once", "Simhash detects near duplicates and not exact duplicates", 0x1df7766c1ac10038},
	{"Chinese words, each ±1", "今天天气很好，我们去郊游。", 0xaa2b794a816dbe78},
	{"traditional folds to simplified", "後腳龍族幻想恰爛錢", 0xf802889c9cc7ba45},
	{"mixed English and Chinese", "SQL 数据库 similarity 相似度 search", 0x547eae9a51068bcb},
	{"stop words only: tf weights, as v1", "the of and to in", 0x6ab5068d10a31802},
	{"one word: its hash", "hello", 0x26c7827d889f6da3},
	{"one word repeated: its hash", "test test test test test test test test test test", 0x4fdcca5ddb678139},
}

func TestSimHashV2Golden(t *testing.T) {
	a := Default()
	for _, c := range simhashV2Golden {
		if got, ok := a.SimHashWith(c.text, Version2); !ok || got != c.v2 {
			t.Errorf("%s: v2 of %q = %#016x, %v, want %#016x", c.why, c.text, got, ok, c.v2)
		}
		if got, _ := a.SimHashWith(c.text, mustParse(t, "v2")); got != c.v2 {
			t.Errorf("%s: 'v2' parsed differs from Version2", c.why)
		}
		if got, _ := a.SimHashWith(c.text, mustParse(t, "weight=binary stopwords=drop ties=heaviest")); got != c.v2 {
			t.Errorf("%s: v2 spelled out differs", c.why)
		}
		if got, _ := a.SimHashWith(c.text, mustParse(t, "v2 bits=32")); got != c.v2&math.MaxUint32 {
			t.Errorf("%s: 'v2 bits=32' = %#x, want the low half of v2", c.why, got)
		}
	}
	if got, _ := a.SimHashWith("hello", mustParse(t, "v2")); got != xxhash.Sum64String("hello") {
		t.Errorf("v2 of one word is not its xxHash64")
	}
}
