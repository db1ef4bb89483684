package textsim

import "slices"

// Keyword is one term of Keywords with its weight.
type Keyword struct {
	Term   string
	Weight float64
}

// Keywords returns the n most heavily weighted distinct tokens of text
// under the built-in weighting, tf × idf with tf = f / max f and idf =
// Analyzer.IDF, heaviest first (equal weights: the earlier first
// occurrence), the TF-IDF keyword extraction of jieba's extract_tags over
// the same IDF table. Chinese words are ranked by their jieba IDF; every
// other non-stop word has the median IDF, so English keywords are the
// most frequent non-stop words. Tokens of weight 0 (stop words) are never
// keywords. Fewer than n when the text has fewer such tokens; none for
// n ≤ 0.
func (a *Analyzer) Keywords(text string, n int) []Keyword {
	if n <= 0 {
		return nil
	}
	c := a.count(text)
	maxF := 0.0
	for _, f := range c.features {
		maxF = max(maxF, f.Weight)
	}
	terms := make([]string, len(c.features))
	w := make(map[string]float64, len(c.features))
	for i, f := range c.features {
		terms[i] = f.Text
		w[f.Text] = float64(f.Weight/maxF) * a.IDF(f.Text)
	}
	return TopKeywords(terms, w, n)
}

// TopKeywords returns the n heaviest of terms (distinct, as from
// OrderedTermCounts) under the weights w (as from TFIDFWeights), heaviest
// first; equal weights keep the order of terms (the earlier first
// occurrence). Terms of weight 0 (in every document of the collection)
// are never keywords. Fewer than n when fewer terms weigh more than 0; none
// for n ≤ 0.
func TopKeywords(terms []string, w map[string]float64, n int) []Keyword {
	if n <= 0 {
		return nil
	}
	out := make([]Keyword, 0, len(terms))
	for _, t := range terms {
		if x := w[t]; x > 0 {
			out = append(out, Keyword{t, x})
		}
	}
	slices.SortStableFunc(out, func(p, q Keyword) int {
		switch {
		case p.Weight > q.Weight:
			return -1
		case p.Weight < q.Weight:
			return 1
		}
		return 0
	})
	return out[:min(n, len(out))]
}
