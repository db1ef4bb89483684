package textsim

import (
	"math"
	"testing"
)

// TestIDF pins Analyzer.IDF: jieba's table for Chinese words, the median
// for any other word, 0 for English stop words.
func TestIDF(t *testing.T) {
	a := Default()
	// Values from gse's embedded jieba idf.txt; median over its words.
	for _, c := range []struct {
		why   string
		token string
		want  float64
	}{
		{"median IDF of the table", "", 11.9547675029},
		{"common Chinese word", "今天", 4.99211827683},
		{"Chinese word", "天气", 6.45994394459},
		{"Chinese word not in the table: median", "龘龘龘", 11.9547675029},
		{"English word: median", "database", 11.9547675029},
		{"English stop word: 0", "the", 0},
		{"stop word with U+2019: 0", "don’t", 0},
		{"number: median", "1.26", 11.9547675029},
	} {
		got := a.IDF(c.token)
		if c.token == "" {
			got = a.MedianIDF()
		}
		if math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: IDF(%q) = %v, want %v", c.why, c.token, got, c.want)
		}
	}
}
