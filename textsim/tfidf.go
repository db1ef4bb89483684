package textsim

import (
	"math"
	"slices"
	"strings"
)

// DocumentFrequencies are the statistics of a document collection that
// TF-IDF weights need: Docs is N, the number of documents, and DF(t) the
// number of them that contain term t at least once (0 ≤ DF(t) ≤ N). The
// storage layer implements it for a column; a map does for tests.
type DocumentFrequencies interface {
	Docs() int64
	DF(term string) int64
}

// DocFreqMap is DocumentFrequencies held in memory.
type DocFreqMap struct {
	N     int64
	Terms map[string]int64
}

// Docs implements DocumentFrequencies.
func (m DocFreqMap) Docs() int64 { return m.N }

// DF implements DocumentFrequencies.
func (m DocFreqMap) DF(term string) int64 { return m.Terms[term] }

// IDFOf returns idf(t) = ln(N / df(t)) (Salton & Buckley 1988; Spärck Jones
// 1972), ≥ 0. A term no document holds (df = 0: a query text's new word)
// counts as held by one, idf = ln N, the rarest a term can be; df above N
// (statistics read while they change) counts as N, idf 0. ok is false when
// N ≤ 0: an empty collection gives no weights.
func IDFOf(df DocumentFrequencies, term string) (idf float64, ok bool) {
	n := df.Docs()
	if n <= 0 {
		return 0, false
	}
	d := min(max(df.DF(term), 1), n)
	return math.Log(float64(n) / float64(d)), true
}

// TFIDFWeights returns the TF-IDF weight vector of a text's term counts
// over a collection: w(t) = tf(t) · idf(t), with tf(t) = f(t) / max_u f(u),
// the design's maximum-tf normalisation (Salton & Buckley 1988 list it
// beside the augmented 0.5 + 0.5·f/max f), and idf(t) = IDFOf. Terms of weight 0 (in every document) are kept. ok is
// false when the counts are empty or N ≤ 0.
func TFIDFWeights(counts map[string]int64, df DocumentFrequencies) (w map[string]float64, ok bool) {
	if len(counts) == 0 || df.Docs() <= 0 {
		return nil, false
	}
	var maxF int64
	for _, f := range counts {
		maxF = max(maxF, f)
	}
	w = make(map[string]float64, len(counts))
	for t, f := range counts {
		idf, _ := IDFOf(df, t)
		w[t] = float64(float64(f)/float64(maxF)) * idf
	}
	return w, true
}

// CosineWeights returns the cosine similarity A·B / (|A|·|B|) of two weight
// vectors (as from TFIDFWeights), in [0, 1] for non-negative weights.
// Terms are summed in byte order, so the result does not depend on map
// order and is symmetric to the bit; identical vectors give exactly 1. ok is
// false when either vector is zero.
func CosineWeights(a, b map[string]float64) (cos float64, ok bool) {
	keys := func(m map[string]float64) []string {
		k := make([]string, 0, len(m))
		for t := range m {
			k = append(k, t)
		}
		slices.Sort(k)
		return k
	}
	ka, kb := keys(a), keys(b)
	var dot, na, nb float64
	i, j := 0, 0
	for i < len(ka) && j < len(kb) {
		switch c := strings.Compare(ka[i], kb[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			dot += a[ka[i]] * b[kb[j]]
			i++
			j++
		}
	}
	for _, t := range ka {
		na += a[t] * a[t]
	}
	for _, t := range kb {
		nb += b[t] * b[t]
	}
	if na == 0 || nb == 0 {
		return 0, false
	}
	if na == nb && dot == na {
		return 1, true
	}
	return clampUnit(dot / math.Sqrt(na*nb)), true
}

// CosineTFIDFOver returns the cosine of the TF-IDF vectors (TFIDFWeights)
// of two texts' term counts over the collection df. ok is false when either
// vector is zero (no tokens, only terms in every document) or the
// collection is empty.
func CosineTFIDFOver(x, y map[string]int64, df DocumentFrequencies) (cos float64, ok bool) {
	wx, ok := TFIDFWeights(x, df)
	if !ok {
		return 0, false
	}
	wy, ok := TFIDFWeights(y, df)
	if !ok {
		return 0, false
	}
	return CosineWeights(wx, wy)
}

// OrderedTermCounts returns text's distinct tokens in order of first
// occurrence, and how often each occurs: the terms a document counts once
// each in its collection's document frequencies, and the counts f of
// TFIDFWeights. Empty for a text without tokens.
func (a *Analyzer) OrderedTermCounts(text string) (terms []string, counts map[string]int64) {
	c := a.count(text)
	terms = make([]string, len(c.features))
	counts = make(map[string]int64, len(c.features))
	for i, f := range c.features {
		terms[i] = f.Text
		counts[f.Text] = int64(f.Weight)
	}
	return terms, counts
}
