package textsim

import (
	"slices"
	"testing"
)

func TestKeywords(t *testing.T) {
	a := Default()
	for _, c := range []struct {
		why, text string
		n         int
		want      []string
	}{
		{"English: the most frequent non-stop words, then first occurrence", "the cat and the dog and the cat chased a bird", 3, []string{"cat", "dog", "chased"}},
		{"n larger than the words", "the cat and the dog", 10, []string{"cat", "dog"}},
		{"stop words only: none", "the of and", 5, []string{}},
		{"n = 0", "cat dog", 0, nil},
		{"no tokens", "！？。", 3, []string{}},
	} {
		var got []string
		for _, k := range a.Keywords(c.text, c.n) {
			got = append(got, k.Term)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: Keywords(%q, %d) = %q, want %q", c.why, c.text, c.n, got, c.want)
		}
	}
	// Chinese: weights are f / max f × the jieba IDF, heaviest first.
	text := "今天天气很好，我们去郊游。天气预报说明天天气也很好。"
	kw := a.Keywords(text, 4)
	counts := a.TermCounts(text)
	var maxF int64
	for _, f := range counts {
		maxF = max(maxF, f)
	}
	for i, k := range kw {
		if want := float64(counts[k.Term]) / float64(maxF) * a.IDF(k.Term); k.Weight != want {
			t.Errorf("%s: weight %v, want %v", k.Term, k.Weight, want)
		}
		if i > 0 && k.Weight > kw[i-1].Weight {
			t.Errorf("%s after %s: not heaviest first", k.Term, kw[i-1].Term)
		}
	}
	// Golden: gse segments 今天天气 and 天气预报 as words; no Chinese stop
	// words are dropped, so 很 (very) ranks by its IDF.
	var terms []string
	for _, k := range kw {
		terms = append(terms, k.Term)
	}
	if want := []string{"今天天气", "郊游", "天气预报", "很"}; !slices.Equal(terms, want) {
		t.Errorf("Chinese keywords %q, want %q", terms, want)
	}
}

// FuzzKeywords checks: at most n keywords, distinct tokens of the text,
// weights > 0 and heaviest first.
func FuzzKeywords(f *testing.F) {
	for _, c := range analyzerCases {
		f.Add(c.in, 3)
	}
	a := Default()
	f.Fuzz(func(t *testing.T, text string, n int) {
		n %= 100
		kw := a.Keywords(text, n)
		if len(kw) > max(n, 0) {
			t.Fatalf("%d keywords for n = %d", len(kw), n)
		}
		counts := a.TermCounts(text)
		seen := map[string]bool{}
		for i, k := range kw {
			if counts[k.Term] == 0 || seen[k.Term] || !(k.Weight > 0) || (i > 0 && k.Weight > kw[i-1].Weight) {
				t.Fatalf("keyword %d %+v of %q: not a distinct token of positive, descending weight", i, k, text)
			}
			seen[k.Term] = true
		}
	})
}

// BenchmarkKeywords measures keywords(text, 10) with the built-in IDF:
// compare with BenchmarkTokens.
func BenchmarkKeywords(b *testing.B) {
	a := Default()
	benchEachText(b, func(text string) func() { return func() { a.Keywords(text, 10) } })
}
