package textsim

// Jaccard returns the Jaccard similarity |A∩B| / |A∪B| of the sets of
// elements in a and b (repeats do not count), in [0, 1] (Jaccard 1901;
// Broder 1997). Two empty sets give 1 (they are identical); one empty set
// gives 0.
func Jaccard(a, b []string) float64 { return JaccardCounts(termCounts(a), termCounts(b)) }

// JaccardCounts is Jaccard of the sets of terms of two count vectors (as
// from Analyzer.TermCounts; terms with a count are members).
func JaccardCounts(va, vb map[string]int64) float64 {
	if len(va) == 0 && len(vb) == 0 {
		return 1
	}
	inter := 0
	for t := range vb {
		if _, ok := va[t]; ok {
			inter++
		}
	}
	return float64(inter) / float64(len(va)+len(vb)-inter)
}

// Tanimoto returns the generalized Jaccard (Tanimoto) similarity of the
// term-frequency vectors of a and b: A·B / (|A|² + |B|² − A·B), in [0, 1]
// (Tanimoto 1958). On sets it equals Jaccard. Two empty vectors give 1,
// like Jaccard; one empty vector gives 0.
func Tanimoto(a, b []string) float64 { return TanimotoCounts(termCounts(a), termCounts(b)) }

// TanimotoCounts is Tanimoto of two term-count vectors (as from
// Analyzer.TermCounts).
func TanimotoCounts(va, vb map[string]int64) float64 {
	if len(va) == 0 && len(vb) == 0 {
		return 1
	}
	dot, na, nb := countProducts(va, vb)
	return float64(dot) / float64(na+nb-dot)
}

// termCounts returns the term-frequency vector of the tokens. The map is
// not sized by the number of tokens: a long text of few distinct tokens
// would allocate for all of them.
func termCounts(tokens []string) map[string]int64 {
	v := make(map[string]int64)
	for _, t := range tokens {
		v[t]++
	}
	return v
}

// TermCounts returns how often each of text's tokens (as Tokens gives them)
// occurs, without keeping the tokens: its memory follows the number of
// distinct tokens, not the text's length. Empty for a text without tokens.
func (a *Analyzer) TermCounts(text string) map[string]int64 {
	v := make(map[string]int64)
	a.analyze(text, func(tok string, _ bool) { v[tok]++ })
	return v
}

// countProducts returns A·B, |A|² and |B|² of two count vectors, exactly.
func countProducts(va, vb map[string]int64) (dot, na, nb int64) {
	for t, x := range va {
		na += x * x
		dot += x * vb[t]
	}
	for _, y := range vb {
		nb += y * y
	}
	return dot, na, nb
}
