package textsim

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
)

func TestIDFOf(t *testing.T) {
	df := DocFreqMap{N: 4, Terms: map[string]int64{"rare": 1, "half": 2, "all": 4, "over": 9}}
	for _, c := range []struct {
		why, term string
		want      float64
	}{
		{"in one document of 4", "rare", math.Log(4)},
		{"in half", "half", math.Log(2)},
		{"in every document: 0", "all", 0},
		{"in none (a query's new word): as rare as in one", "new", math.Log(4)},
		{"df above N (changing statistics): as in every document", "over", 0},
	} {
		if got, ok := IDFOf(df, c.term); !ok || got != c.want {
			t.Errorf("%s: IDFOf(%q) = %v, %v, want %v", c.why, c.term, got, ok, c.want)
		}
	}
	if _, ok := IDFOf(DocFreqMap{}, "x"); ok {
		t.Error("IDFOf over an empty collection is ok")
	}
}

func TestTFIDFWeights(t *testing.T) {
	df := DocFreqMap{N: 4, Terms: map[string]int64{"a": 1, "b": 2, "c": 4}}
	w, ok := TFIDFWeights(map[string]int64{"a": 2, "b": 1, "c": 2}, df)
	want := map[string]float64{"a": 1 * math.Log(4), "b": 0.5 * math.Log(2), "c": 0}
	if !ok || len(w) != 3 || w["a"] != want["a"] || w["b"] != want["b"] || w["c"] != 0 {
		t.Errorf("TFIDFWeights = %v, %v, want %v", w, ok, want)
	}
	if _, ok := TFIDFWeights(nil, df); ok {
		t.Error("empty counts are ok")
	}
	if _, ok := TFIDFWeights(map[string]int64{"a": 1}, DocFreqMap{}); ok {
		t.Error("an empty collection is ok")
	}
}

func TestCosineTFIDFOver(t *testing.T) {
	df := DocFreqMap{N: 4, Terms: map[string]int64{"a": 1, "b": 2, "c": 4}}
	x := map[string]int64{"a": 2, "b": 1}
	y := map[string]int64{"b": 1, "c": 3}
	// x: a = ln 4, b = ½ ln 2; y: b = ln 2, c = 0 (in every document).
	// cos = (½ ln 2 · ln 2) / (√(ln²4 + ¼ ln²2) · ln 2) = ½ / √(4 + ¼) = 1/√17.
	want := 1 / math.Sqrt(17)
	for _, pair := range [][2]map[string]int64{{x, y}, {y, x}} {
		if got, ok := CosineTFIDFOver(pair[0], pair[1], df); !ok || math.Abs(got-want) > 1e-15 {
			t.Errorf("CosineTFIDFOver = %v, %v, want 1/√17 = %v", got, ok, want)
		}
	}
	if got, ok := CosineTFIDFOver(x, map[string]int64{"a": 4, "b": 2}, df); !ok || got != 1 {
		t.Errorf("proportional counts: %v, %v, want exactly 1 (same tf after f/max f)", got, ok)
	}
	if _, ok := CosineTFIDFOver(x, map[string]int64{"c": 1}, df); ok {
		t.Error("a vector of terms in every document (zero) is ok")
	}
	if got, ok := CosineTFIDFOver(x, map[string]int64{"z": 1}, df); !ok || got != 0 {
		t.Errorf("disjoint terms: %v, %v, want 0", got, ok)
	}
}

// TestCosineTFIDFOverReference recounts document frequencies from scratch
// over a random collection and compares with a direct computation of the
// design's formulas.
func TestCosineTFIDFOverReference(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	vocab := make([]string, 40)
	for i := range vocab {
		vocab[i] = fmt.Sprintf("t%d", i)
	}
	docs := make([]map[string]int64, 60)
	for i := range docs {
		docs[i] = map[string]int64{}
		for range 1 + rng.IntN(30) {
			docs[i][vocab[int(math.Sqrt(float64(rng.IntN(len(vocab)*len(vocab)))))]]++ // skewed: some terms common
		}
	}
	df := DocFreqMap{N: int64(len(docs)), Terms: map[string]int64{}}
	for _, d := range docs {
		for term := range d {
			df.Terms[term]++
		}
	}
	ref := func(x, y map[string]int64) float64 {
		vec := func(c map[string]int64) []float64 {
			var m int64
			for _, f := range c {
				m = max(m, f)
			}
			v := make([]float64, len(vocab))
			for i, term := range vocab {
				if f := c[term]; f > 0 {
					v[i] = float64(f) / float64(m) * math.Log(float64(len(docs))/float64(df.Terms[term]))
				}
			}
			return v
		}
		vx, vy := vec(x), vec(y)
		var dot, nx, ny float64
		for i := range vx {
			dot, nx, ny = dot+vx[i]*vy[i], nx+vx[i]*vx[i], ny+vy[i]*vy[i]
		}
		return dot / math.Sqrt(nx*ny)
	}
	for i := range docs {
		for j := i; j < len(docs); j++ {
			got, ok := CosineTFIDFOver(docs[i], docs[j], df)
			want := ref(docs[i], docs[j])
			if math.IsNaN(want) {
				if ok {
					t.Errorf("docs %d, %d: %v, want not ok (a zero vector)", i, j, got)
				}
				continue
			}
			if !ok || math.Abs(got-want) > 1e-12 {
				t.Errorf("docs %d, %d: %v, %v, reference %v", i, j, got, ok, want)
			}
		}
	}
}

// BenchmarkTFIDFWeights measures tfidf()'s weights of a text over a
// column's document frequencies (every term in half of 1,000 documents),
// from its term counts: the part the SQL function adds to the analysis
// (BenchmarkTokens), which grows with the distinct terms, not the bytes.
func BenchmarkTFIDFWeights(b *testing.B) {
	a := Default()
	for _, size := range []int{1 << 10, 256 << 10} {
		counts := a.TermCounts(benchText(benchSentences["English"], size))
		df := DocFreqMap{N: 1000, Terms: map[string]int64{}}
		for t := range counts {
			df.Terms[t] = 500
		}
		b.Run(fmt.Sprintf("English/%dKB", size>>10), func(b *testing.B) {
			for b.Loop() {
				TFIDFWeights(counts, df)
			}
			b.ReportMetric(float64(len(counts)), "terms/op")
		})
	}
}
