package textsim

import (
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"unicode"
	"unicode/utf8"

	"github.com/go-ego/gse"
	"github.com/longbridgeapp/opencc"
	"github.com/rivo/uniseg"
	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
)

// Analyzer turns text into tokens. It is safe for concurrent use. Build one
// with NewAnalyzer, or share the process-wide one returned by Default. The
// dictionaries of step 5 are loaded on the first Han text (LoadChinese).
//
// The analysis, in order:
//  1. invalid UTF-8 bytes become U+FFFD (a symbol, so they never form a
//     token); soft hyphens, zero-width joiners and non-joiners, word joiners
//     and byte-order marks are removed, and zero-width spaces become spaces;
//  2. Unicode NFKC normalisation (UAX #15): full-width "ＡＢＣ１２３" → "ABC123";
//  3. full Unicode case folding (CaseFolding.txt, status C+F: "ß" → "ss";
//     Cherokee folds to its upper case, "ꭰ" → "Ꭰ"), then NFKC again, which
//     together give NFKC_Casefold-style keys;
//  4. Unicode word segmentation (UAX #29), which keeps "naïve", "résumé",
//     "don't" and "1.26" whole and isolates each Han ideograph;
//  5. each run of adjacent Han ideographs is folded from traditional to
//     simplified Chinese (OpenCC t2s) and segmented into words by gse with
//     its embedded simplified-Chinese dictionary and HMM for unknown words;
//  6. a segment is a token only if it holds at least one letter or digit
//     (Unicode categories L and N): spaces, punctuation and symbols,
//     emoji included, are dropped.
type Analyzer struct {
	zhOnce sync.Once
	zh     *chinese // nil until zhOnce has run; then set, or zhErr is
	zhErr  error
}

// chinese holds the dictionaries used only for Han text: about 130 MB of heap
// and 1–3 s to load, so an Analyzer loads them on the first run of Han
// ideographs it meets (loadChinese), once.
type chinese struct {
	seg *gse.Segmenter
	t2s *opencc.OpenCC
	idf idfTable
}

var (
	defaultOnce     sync.Once
	defaultAnalyzer *Analyzer
)

// Default returns the process-wide Analyzer. It is cheap: the Chinese
// dictionaries (gse's simplified-Chinese dictionary and IDF table, OpenCC's
// t2s tables; 1–3 s and about 130 MB of heap) are loaded on the first text
// that holds a Han ideograph, once, and every caller meanwhile waits for
// that one load. Text without Han ideographs never loads them.
func Default() *Analyzer {
	defaultOnce.Do(func() { defaultAnalyzer = NewAnalyzer() })
	return defaultAnalyzer
}

// NewAnalyzer returns a new Analyzer that loads its own Chinese dictionaries,
// from the data embedded in the binary (it never reads the file system), on
// the first Han text it analyses; LoadChinese loads them at once. Prefer
// Default, which shares one load across the process.
func NewAnalyzer() *Analyzer { return new(Analyzer) }

// LoadChinese loads the Analyzer's Chinese dictionaries now, if they are not
// loaded yet, and returns the load's error (nil once loaded). It is safe to
// call from many goroutines: one loads and the others wait. Callers that
// would rather pay the load before their first Han text (a benchmark, a
// server told to preload) call it; nothing else needs to.
func (a *Analyzer) LoadChinese() error {
	a.zhOnce.Do(func() { a.zh, a.zhErr = loadChinese() })
	return a.zhErr
}

// chinese returns the loaded Chinese dictionaries, loading them on the first
// call. The embedded data failing to load is a build defect, not bad input:
// it panics (a query then fails with the panic's message).
func (a *Analyzer) chinese() *chinese {
	if err := a.LoadChinese(); err != nil {
		panic(fmt.Sprintf("textsim: loading embedded Chinese dictionaries: %v", err))
	}
	return a.zh
}

// chineseLoads counts loadChinese calls, for the test that a concurrent
// first use loads once.
var chineseLoads atomic.Int32

// loadChinese loads gse's simplified-Chinese dictionary, OpenCC's t2s tables
// and gse's IDF table from the data embedded in the binary.
func loadChinese() (*chinese, error) {
	chineseLoads.Add(1)
	zh := &chinese{seg: new(gse.Segmenter)}
	zh.seg.SkipLog = true
	if err := zh.seg.LoadDictEmbed("zh_s"); err != nil {
		return nil, fmt.Errorf("gse dictionary: %w", err)
	}
	t2s, err := opencc.New("t2s")
	if err != nil {
		return nil, fmt.Errorf("opencc t2s: %w", err)
	}
	zh.t2s = t2s
	idf, err := parseIDF(gse.ZhIdf)
	if err != nil {
		return nil, fmt.Errorf("gse idf table: %w", err)
	}
	zh.idf = idf
	return zh, nil
}

// Token is one token of analysed text: its folded text and whether it
// directly follows the previous token, with nothing between them in the
// normalised text (as the words of a Chinese sentence do).
type Token struct {
	Text     string
	Adjacent bool
}

// Tokens returns the tokens of text in order, repeats included; nil when the
// text has none (empty, blank, or punctuation and symbols only).
func (a *Analyzer) Tokens(text string) []string {
	var out []string
	a.EachToken(text, func(tok string) { out = append(out, tok) })
	return out
}

// EachToken calls fn with each token of text in order, repeats included,
// without holding them all (Tokens' list of a 64 MiB text takes about
// 40 bytes of memory per byte of text).
func (a *Analyzer) EachToken(text string, fn func(tok string)) {
	a.analyze(text, func(tok string, _ bool) { fn(tok) })
}

// AnalyzedText returns the tokens of text joined into one string: adjacent
// tokens (as in Chinese) are joined directly and tokens that had anything
// between them are separated by one space. It is the text whose character
// n-grams SimHashNgram fingerprints; "" when text has no tokens.
func (a *Analyzer) AnalyzedText(text string) string {
	var b strings.Builder
	a.analyze(text, func(tok string, adjacent bool) {
		if b.Len() > 0 && !adjacent {
			b.WriteByte(' ')
		}
		b.WriteString(tok)
	})
	return b.String()
}

// normalize applies steps 1–3 of the analysis.
func normalize(text string) string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	if strings.ContainsAny(text, invisibles) {
		text = invisibleReplacer.Replace(text)
	}
	text = norm.NFKC.String(text)
	if !isFolded(text) {
		text = foldCherokee(cases.Fold().String(text))
		text = norm.NFKC.String(text)
	}
	return text
}

// invisibles are the format characters the analyzer removes before
// segmentation, so that "co\u00ADoperate" is "cooperate": soft hyphen,
// zero-width non-joiner and joiner, word joiner, byte-order mark. The
// zero-width space, a word separator in scripts written without spaces,
// becomes a space.
const invisibles = "\u00AD\u200B\u200C\u200D\u2060\uFEFF"

var invisibleReplacer = strings.NewReplacer(
	"\u00AD", "", "\u200C", "", "\u200D", "", "\u2060", "", "\uFEFF", "", "\u200B", " ")

// foldCherokee corrects golang.org/x/text/cases.Fold for Cherokee, which it
// folds to lower case (U+13A0 → U+AB70) and lower case to upper (U+AB70 →
// U+13A0), so that "Ꭰ" and "ꭰ" never match. CaseFolding.txt folds the lower
// case syllables (U+AB70–U+ABBF, U+13F8–U+13FD) to the upper case ones,
// which were encoded first, and leaves the upper case unchanged.
func foldCherokee(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case 0xAB70 <= r && r <= 0xABBF:
			return r - 0xAB70 + 0x13A0
		case 0x13F8 <= r && r <= 0x13FD:
			return r - 8
		}
		return r
	}, s)
}

// isFolded reports whether s is ASCII without upper-case letters, the common
// case in which case folding is the identity.
func isFolded(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c >= utf8.RuneSelf || ('A' <= c && c <= 'Z') {
			return false
		}
	}
	return true
}

// analyze runs the analysis and calls emit for each token with whether it
// directly follows the previous one.
func (a *Analyzer) analyze(text string, emit func(tok string, adjacent bool)) {
	text = normalize(text)
	adjacent := false // nothing seen yet: the first token is never adjacent
	hanStart, hanEnd := -1, -1
	flushHan := func() {
		if hanStart < 0 {
			return
		}
		adjacent = a.cutHan(text[hanStart:hanEnd], adjacent, emit)
		hanStart = -1
	}
	pos := 0
	state := -1
	for rest := text; rest != ""; {
		var word string
		word, rest, state = uniseg.FirstWordInString(rest, state)
		start := pos
		pos += len(word)
		if isHan(word) {
			if hanStart < 0 {
				hanStart = start
			}
			hanEnd = pos
			continue
		}
		flushHan()
		if isToken(word) {
			emit(word, adjacent)
			adjacent = true
		} else {
			adjacent = false
		}
	}
	flushHan()
}

// cutHan folds a run of Han ideographs to simplified Chinese and emits its
// words; the first word is adjacent to what came before if adjacent is set.
// It returns whether the run ends with a token, so that what follows the run
// is adjacent to it. Han-script symbols such as the CJK radicals (category
// So) are not tokens and so separate the tokens around them.
func (a *Analyzer) cutHan(run string, adjacent bool, emit func(string, bool)) bool {
	zh := a.chinese()
	if simplified, err := zh.t2s.Convert(run); err == nil {
		run = simplified
	}
	for _, w := range zh.seg.Cut(run, true) {
		if isToken(w) {
			emit(w, adjacent)
			adjacent = true
		} else {
			adjacent = false
		}
	}
	return adjacent
}

// isHan reports whether the word segment is a single Han ideograph. UAX #29
// never joins ideographs to each other, but it does attach a following
// variation selector or combining mark (WB4): such a segment, "中\U000E0100",
// is not Han here and becomes a token of its own, without t2s or gse.
func isHan(word string) bool {
	r, size := utf8.DecodeRuneInString(word)
	return size == len(word) && unicode.Is(unicode.Han, r)
}

// isToken reports whether s holds at least one letter or digit.
func isToken(s string) bool {
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsNumber(r) {
			return true
		}
	}
	return false
}
