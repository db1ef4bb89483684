package textsim

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"unicode"
)

// idfTable maps Chinese words to their inverse document frequency, from gse's
// embedded table (jieba's idf.txt: 270,127 simplified-Chinese words).
type idfTable struct {
	words  map[string]float64
	median float64
}

// parseIDF reads lines of "word idf" and computes the median IDF.
func parseIDF(data string) (idfTable, error) {
	t := idfTable{words: make(map[string]float64, 280_000)}
	values := make([]float64, 0, 280_000)
	for line := range strings.Lines(data) {
		word, value, ok := strings.Cut(strings.TrimSpace(line), " ")
		if !ok {
			continue
		}
		idf, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
		if err != nil {
			return idfTable{}, fmt.Errorf("bad IDF %q for %q", value, word)
		}
		if _, dup := t.words[word]; !dup {
			values = append(values, idf)
		}
		t.words[word] = idf
	}
	if len(values) == 0 {
		return idfTable{}, fmt.Errorf("empty IDF table")
	}
	slices.Sort(values)
	n := len(values)
	t.median = values[n/2]
	if n%2 == 0 {
		t.median = (values[n/2-1] + values[n/2]) / 2
	}
	return t, nil
}

// IDF returns the inverse document frequency weight of one token (as
// returned by Tokens) under simsql's built-in weighting:
//   - a token containing a Han ideograph: its IDF in gse's Chinese table, or
//     the table's median IDF when the table lacks it;
//   - any other token: 0 if it is an English stop word (see StopWords),
//     else the table's median IDF, so that all other words count alike.
//
// The result is ≥ 0. The table's IDFs are natural logarithms of inverse
// document frequencies (Salton & Buckley 1988).
//
// Only a token with a Han ideograph needs the table, and loads it with the
// other Chinese dictionaries if they are not loaded yet (see Default).
func (a *Analyzer) IDF(token string) float64 {
	if hasHan(token) {
		if idf, ok := a.chinese().idf.words[token]; ok {
			return idf
		}
		return medianIDF
	}
	if IsStopWord(token) {
		return 0
	}
	return medianIDF
}

// medianIDF is the median IDF of gse v0.80.3's embedded table (ZhIdf,
// 270,132 distinct words as parseIDF reads it), as parseIDF computes it: a
// constant, so that English text is weighted without loading the table.
// TestMedianIDF checks it against the table, bit for bit.
const medianIDF = 11.9547675029

// MedianIDF returns the median IDF of gse's Chinese table, the weight given to
// words it does not hold and to English words that are not stop words.
func (a *Analyzer) MedianIDF() float64 { return medianIDF }

func hasHan(s string) bool {
	for _, r := range s {
		if unicode.Is(unicode.Han, r) {
			return true
		}
	}
	return false
}
