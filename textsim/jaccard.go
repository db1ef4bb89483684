package textsim

// Jaccard returns the Jaccard similarity |A∩B| / |A∪B| of the sets of
// elements in a and b (repeats do not count), in [0, 1] (Jaccard 1901;
// Broder 1997). Two empty sets give 1 (they are identical); one empty set
// gives 0.
func Jaccard(a, b []string) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	setA := make(map[string]struct{}, len(a))
	for _, t := range a {
		setA[t] = struct{}{}
	}
	setB := make(map[string]struct{}, len(b))
	inter := 0
	for _, t := range b {
		if _, seen := setB[t]; seen {
			continue
		}
		setB[t] = struct{}{}
		if _, ok := setA[t]; ok {
			inter++
		}
	}
	union := len(setA) + len(setB) - inter
	return float64(inter) / float64(union)
}

// Tanimoto returns the generalized Jaccard (Tanimoto) similarity of the
// term-frequency vectors of a and b: A·B / (|A|² + |B|² − A·B), in [0, 1]
// (Tanimoto 1958). On sets it equals Jaccard. Two empty vectors give 1,
// like Jaccard; one empty vector gives 0.
func Tanimoto(a, b []string) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	va, vb := termCounts(a), termCounts(b)
	dot, na, nb := countProducts(va, vb)
	return float64(dot) / float64(na+nb-dot)
}

// termCounts returns the term-frequency vector of the tokens.
func termCounts(tokens []string) map[string]int64 {
	v := make(map[string]int64, len(tokens))
	for _, t := range tokens {
		v[t]++
	}
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
