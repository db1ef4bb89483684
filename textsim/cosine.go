package textsim

import (
	"math"
	"slices"
	"strings"
)

// Cosine returns the cosine similarity A·B / (|A|·|B|) of the
// term-frequency vectors of a and b, in [0, 1] (Salton, Wong & Yang 1975).
// Vectors with proportional counts, identical ones included, give exactly 1:
// the counts are integers and the norms' product is taken under one square
// root. ok is false when either vector is empty (the cosine is undefined;
// SQL gives NULL, never NaN).
func Cosine(a, b []string) (cos float64, ok bool) { return CosineCounts(termCounts(a), termCounts(b)) }

// CosineCounts is Cosine of two term-count vectors (as from
// Analyzer.TermCounts).
func CosineCounts(va, vb map[string]int64) (cos float64, ok bool) {
	if len(va) == 0 || len(vb) == 0 {
		return 0, false
	}
	dot, na, nb := countProducts(va, vb)
	return clampUnit(float64(dot) / math.Sqrt(float64(na)*float64(nb))), true
}

// CosineTFIDF returns the cosine similarity of the TF-IDF vectors of texts
// x and y: each token weighted by its count times Analyzer.IDF (Salton &
// Buckley 1988), in [0, 1]. Identical texts give exactly 1, and the result
// is symmetric to the bit. ok is false when either
// vector is zero: no tokens, or only tokens of IDF 0 (English stop words).
func (a *Analyzer) CosineTFIDF(x, y string) (cos float64, ok bool) {
	vx, vy := a.tfidf(x), a.tfidf(y)
	// Sum in token order (byte-wise), the same whichever text comes first,
	// so that cosine_tfidf(a, b) and cosine_tfidf(b, a) are equal to the bit.
	slices.SortFunc(vx.features, func(p, q Feature) int { return strings.Compare(p.Text, q.Text) })
	slices.SortFunc(vy.features, func(p, q Feature) int { return strings.Compare(p.Text, q.Text) })
	var dot, nx, ny float64
	i, j := 0, 0
	for i < len(vx.features) && j < len(vy.features) {
		switch c := strings.Compare(vx.features[i].Text, vy.features[j].Text); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			dot += vx.features[i].Weight * vy.features[j].Weight
			i++
			j++
		}
	}
	for _, f := range vx.features {
		nx += f.Weight * f.Weight
	}
	for _, f := range vy.features {
		ny += f.Weight * f.Weight
	}
	if nx == 0 || ny == 0 {
		return 0, false
	}
	if nx == ny && dot == nx {
		return 1, true // identical vectors
	}
	return clampUnit(dot / math.Sqrt(nx*ny)), true
}

// tfidf returns the TF-IDF vector of text, in order of first occurrence.
func (a *Analyzer) tfidf(text string) *counter {
	c := a.count(text)
	for i := range c.features {
		c.features[i].Weight = float64(c.features[i].Weight * a.IDF(c.features[i].Text))
	}
	return c
}

// clampUnit clamps rounding error into [0, 1].
func clampUnit(x float64) float64 {
	return math.Max(0, math.Min(1, x))
}
