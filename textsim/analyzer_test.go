package textsim

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"unicode"
	"unicode/utf8"
)

// analyzerCases pin Tokens and AnalyzedText. Each row says why it is there.
// They also seed the fuzz tests.
var analyzerCases = []struct {
	why      string
	in       string
	tokens   []string
	analyzed string
}{
	{"plain ASCII: the fast path skips case folding",
		"simhash detects near duplicates", []string{"simhash", "detects", "near", "duplicates"},
		"simhash detects near duplicates"},
	{"upper-case ASCII is folded; stop words stay tokens",
		"Simhash detects near duplicates and not exact duplicates",
		[]string{"simhash", "detects", "near", "duplicates", "and", "not", "exact", "duplicates"},
		"simhash detects near duplicates and not exact duplicates"},
	{"precomposed diacritics keep words whole (UAX #29)",
		"naïve résumé", []string{"naïve", "résumé"}, "naïve résumé"},
	{"decomposed diacritics (NFD input) compose under NFKC to the same tokens",
		"nai\u0308ve re\u0301sume\u0301", []string{"naïve", "résumé"}, "naïve résumé"},
	{"Cyrillic is lower-cased",
		"Привет мир", []string{"привет", "мир"}, "привет мир"},
	{"full-width Latin and digits become ASCII under NFKC; Han word after a space",
		"ＡＢＣ１２３ 全角", []string{"abc123", "全角"}, "abc123 全角"},
	{"Chinese sentence: gse segments, punctuation and emoji are dropped and break adjacency",
		"今天天气很好，🙋 我们去郊游。", []string{"今天天气", "很", "好", "我们", "去", "郊游"}, "今天天气很好 我们去郊游"},
	{"a decimal number is one token (UAX #29 MidNum)",
		"Version 1.26", []string{"version", "1.26"}, "version 1.26"},
	{"full case folding: ß → ss",
		"Straße", []string{"strasse"}, "strasse"},
	{"traditional Chinese is folded to simplified (OpenCC t2s) before segmentation",
		"後腳龍族幻想恰爛錢", []string{"后脚", "龙族", "幻想", "恰烂", "钱"}, "后脚龙族幻想恰烂钱"},
	{"the simplified form of the previous row",
		"后脚龙族幻想恰烂钱", []string{"后脚", "龙族", "幻想", "恰烂", "钱"}, "后脚龙族幻想恰烂钱"},
	{"empty text", "", nil, ""},
	{"whitespace only", " \t\n ", nil, ""},
	{"full-width punctuation only", "！？。，、", nil, ""},
	{"emoji only, with skin tone, ZWJ sequence and variation selector",
		"🙋🏽\u200d♀️👍", nil, ""},
	{"invalid UTF-8 bytes become U+FFFD, a symbol that splits words",
		"ab\xffcd\xc3", []string{"ab", "cd"}, "ab cd"},
	{"invalid UTF-8 only", "\xff\xfe\xc0\x80", nil, ""},
	{"U+200B ZERO WIDTH SPACE separates words",
		"zero\u200bwidth", []string{"zero", "width"}, "zero width"},
	{"U+200D ZERO WIDTH JOINER is removed, so spellings with and without joiners match",
		"a\u200db", []string{"ab"}, "ab"},
	{"U+200C ZERO WIDTH NON-JOINER is removed too (Persian می‌خواهم = میخواهم)",
		"\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645", []string{"\u0645\u06cc\u062e\u0648\u0627\u0647\u0645"}, "\u0645\u06cc\u062e\u0648\u0627\u0647\u0645"},
	{"U+00AD SOFT HYPHEN is removed: a hyphenation point, not a letter",
		"co\u00adoperate", []string{"cooperate"}, "cooperate"},
	{"U+FEFF BYTE ORDER MARK at the start is removed",
		"\ufeffhello", []string{"hello"}, "hello"},
	{"a combining mark at the start of text attaches to nothing and is dropped",
		"\u0301abc", []string{"abc"}, "abc"},
	{"a combining mark after a space stays with the space",
		"x \u0308y", []string{"x", "y"}, "x y"},
	{"C0 control characters separate words",
		"a\x00b\x07c", []string{"a", "b", "c"}, "a b c"},
	{"C1 control U+0085 (NEL) separates words",
		"ctl\u0085x", []string{"ctl", "x"}, "ctl x"},
	{"mixed scripts without spaces: Latin, Han, Cyrillic+digits; all adjacent",
		"Hello世界Мир123", []string{"hello", "世界", "мир123"}, "hello世界мир123"},
	{"Hangul and Arabic words are kept whole",
		"안녕하세요 세계 مرحبا بالعالم", []string{"안녕하세요", "세계", "مرحبا", "بالعالم"}, "안녕하세요 세계 مرحبا بالعالم"},
	{"kanji folded to simplified and segmented by gse; the adjacent Katakana word kept whole",
		"東京タワー", []string{"东京", "タワー"}, "东京タワー"},
	{"U+2019 apostrophe stays inside the word",
		"Don’t stop", []string{"don’t", "stop"}, "don’t stop"},
	{"upper-case contraction is folded",
		"I'M HERE", []string{"i'm", "here"}, "i'm here"},
	{"Greek final sigma: case folding (not lower-casing) maps every Σ to σ",
		"ΣΊΣΥΦΟΣ", []string{"σίσυφοσ"}, "σίσυφοσ"},
	{"İ folds (non-Turkic) to i + U+0307 COMBINING DOT ABOVE",
		"İstanbul", []string{"i\u0307stanbul"}, "i\u0307stanbul"},
	{"compatibility ligature and superscript unfold under NFKC",
		"ﬁle x²", []string{"file", "x2"}, "file x2"},
	{"circled digits and Roman numeral compatibility characters unfold under NFKC",
		"①②③ Ⅻ", []string{"123", "xii"}, "123 xii"},
	{"numbers with separators, abbreviations, hyphen, underscore (UAX #29)",
		"3.14 1,000 U.S.A. e-mail foo_bar a.b",
		[]string{"3.14", "1,000", "u.s.a", "e", "mail", "foo_bar", "a.b"},
		"3.14 1,000 u.s.a e mail foo_bar a.b"},
	{"Latin between Han runs: all adjacent",
		"中文abc中文", []string{"中文", "abc", "中文"}, "中文abc中文"},
	{"a CJK radical (Han script, category So) is not a token and separates its neighbours",
		"abc ⺀def", []string{"abc", "def"}, "abc def"},
	{"a CJK radical inside a Han run separates the words around it",
		"中⺀文", []string{"中", "文"}, "中 文"},
	{"a CJK radical between Han and Latin",
		"中⺀def", []string{"中", "def"}, "中 def"},
	{"Cherokee folds to upper case (CaseFolding.txt), correcting x/text; found by FuzzAnalyzer",
		"\u13e3\u13b3\u13a9 \uabb3\uab83\uab79 \u13f8\u13f0",
		[]string{"\u13e3\u13b3\u13a9", "\u13e3\u13b3\u13a9", "\u13f0\u13f0"},
		"\u13e3\u13b3\u13a9 \u13e3\u13b3\u13a9 \u13f0\u13f0"},
	{"an ideographic variation selector attaches to its ideograph (WB4), which then stands alone",
		"中\U000E0100文", []string{"中\U000E0100", "文"}, "中\U000E0100文"},
	{"repeats are kept",
		"test test test", []string{"test", "test", "test"}, "test test test"},
}

func TestTokens(t *testing.T) {
	a := Default()
	for _, c := range analyzerCases {
		if got := a.Tokens(c.in); !slices.Equal(got, c.tokens) || (got == nil) != (c.tokens == nil) {
			t.Errorf("%s: Tokens(%q) = %#v, want %#v", c.why, c.in, got, c.tokens)
		}
		if got := a.AnalyzedText(c.in); got != c.analyzed {
			t.Errorf("%s: AnalyzedText(%q) = %q, want %q", c.why, c.in, got, c.analyzed)
		}
	}
}

// TestTraditionalSimplifiedAgree checks that traditional and simplified
// forms of the same sentences analyse alike.
func TestTraditionalSimplifiedAgree(t *testing.T) {
	a := Default()
	for _, c := range []struct{ trad, simp string }{
		{"後腳龍族幻想恰爛錢", "后脚龙族幻想恰烂钱"},
		{"我們去郊遊", "我们去郊游"},
		{"臺灣的資訊與電腦", "台湾的资讯与电脑"},
	} {
		if got, want := a.Tokens(c.trad), a.Tokens(c.simp); !slices.Equal(got, want) {
			t.Errorf("Tokens(%q) = %q, but Tokens(%q) = %q", c.trad, got, c.simp, want)
		}
	}
}

// TestChineseAfterEmoji checks the words after an emoji are still segmented.
func TestChineseAfterEmoji(t *testing.T) {
	toks := Default().Tokens("今天天气很好，🙋 我们去郊游。")
	i := slices.Index(toks, "我们")
	if i < 0 || !slices.Equal(toks[i:], []string{"我们", "去", "郊游"}) {
		t.Errorf("tokens %q do not end with 我们 去 郊游", toks)
	}
}

func TestAnalyzerConcurrent(t *testing.T) {
	a := Default()
	var texts []string
	for _, c := range analyzerCases {
		texts = append(texts, c.in)
	}
	texts = append(texts, strings.Repeat("後腳龍族幻想恰爛錢，我們去郊遊。Hello, Wörld! ", 50))
	want := make([][]string, len(texts))
	wantText := make([]string, len(texts))
	for i, s := range texts {
		want[i], wantText[i] = a.Tokens(s), a.AnalyzedText(s)
	}
	const goroutines = 8
	var wg sync.WaitGroup
	errs := make(chan error, goroutines)
	for g := range goroutines {
		wg.Go(func() {
			// Each goroutine starts at a different text, so that different
			// texts are analysed at the same time.
			for k := range 5 * len(texts) {
				i := (g*7 + k) % len(texts)
				if got := a.Tokens(texts[i]); !slices.Equal(got, want[i]) {
					errs <- fmt.Errorf("goroutine %d: Tokens(%q) = %q, want %q", g, texts[i], got, want[i])
					return
				}
				if got := a.AnalyzedText(texts[i]); got != wantText[i] {
					errs <- fmt.Errorf("goroutine %d: AnalyzedText(%q) = %q, want %q", g, texts[i], got, wantText[i])
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}

// FuzzAnalyzer checks, for any input: no panic; every token is valid UTF-8
// holding a letter or digit; Tokens is deterministic; AnalyzedText is Tokens
// joined by "" or " "; and analysis is idempotent on AnalyzedText's output.
func FuzzAnalyzer(f *testing.F) {
	for _, c := range analyzerCases {
		f.Add(c.in)
	}
	a := Default()
	f.Fuzz(func(t *testing.T, s string) {
		toks := a.Tokens(s)
		for _, tok := range toks {
			if !utf8.ValidString(tok) || !strings.ContainsFunc(tok, func(r rune) bool {
				return unicode.IsLetter(r) || unicode.IsNumber(r)
			}) {
				t.Fatalf("Tokens(%q): token %q has no letter or digit", s, tok)
			}
		}
		if again := a.Tokens(s); !slices.Equal(toks, again) {
			t.Fatalf("Tokens(%q) not deterministic: %q then %q", s, toks, again)
		}
		analyzed := a.AnalyzedText(s)
		if (analyzed == "") != (len(toks) == 0) {
			t.Fatalf("AnalyzedText(%q) = %q but Tokens = %q", s, analyzed, toks)
		}
		if strings.ReplaceAll(analyzed, " ", "") != strings.Join(toks, "") {
			t.Fatalf("AnalyzedText(%q) = %q is not the tokens %q joined", s, analyzed, toks)
		}
		if re := a.Tokens(analyzed); !slices.Equal(re, toks) {
			t.Fatalf("Tokens(AnalyzedText(%q)) = %q, want Tokens = %q (analyzed %q)", s, re, toks, analyzed)
		}
	})
}

// BenchmarkTokens measures the analyzer alone (normalisation, word breaks,
// Chinese segmentation), what tokenize() and every other function pay
// first: the baseline of the other benchmarks of this package.
func BenchmarkTokens(b *testing.B) {
	a := Default()
	benchEachText(b, func(text string) func() { return func() { a.Tokens(text) } })
}
