package textsim

import (
	"math"
	"testing"
)

func TestCosine(t *testing.T) {
	for _, c := range []struct {
		why   string
		a, b  string
		want  float64
		exact bool // compared with ==: exactness is the point
	}{
		{"identical", "a b c", "c b a", 1, true},
		{"proportional counts give exactly 1", "a a b", "a a a a b b", 1, true},
		{"proportional, larger factor", "x y y z", "x x x y y y y y y z z z", 1, true},
		{"orthogonal", "a b", "c d", 0, true},
		{"A=(a:2,b:1), B=(a:1,b:2): 4/5", "a a b", "a b b", 0.8, false},
		{"one shared of two each: 1/2", "a b", "b c", 0.5, false},
		{"A=(a:1), B=(a:1,b:1): 1/√2", "a", "a b", 1 / math.Sqrt2, false},
	} {
		got, ok := Cosine(fields(c.a), fields(c.b))
		if !ok || (c.exact && got != c.want) || math.Abs(got-c.want) > 1e-12 {
			t.Errorf("%s: Cosine(%q, %q) = %v, %v, want %v", c.why, c.a, c.b, got, ok, c.want)
		}
	}
	for _, c := range [][2]string{{"", "a"}, {"a", ""}, {"", ""}} {
		if got, ok := Cosine(fields(c[0]), fields(c[1])); ok || got != 0 {
			t.Errorf("Cosine(%q, %q) = %v, %v, want 0, false (undefined)", c[0], c[1], got, ok)
		}
	}
}

func TestCosineTFIDF(t *testing.T) {
	a := Default()
	for _, c := range []struct{ x, y string }{
		{"The quick brown fox", "the QUICK brown fox"},
		{"今天天气很好，我们去郊游。", "今天天气很好，我们去郊游。"},
		{"後腳龍族幻想恰爛錢", "后脚龙族幻想恰烂钱"},
		{"the database the index", "The database, the index!"},
	} {
		if got, ok := a.CosineTFIDF(c.x, c.y); !ok || got != 1 {
			t.Errorf("CosineTFIDF(%q, %q) = %v, %v, want exactly 1 (same tokens)", c.x, c.y, got, ok)
		}
	}
	if got, ok := a.CosineTFIDF("1 2", "3 4"); !ok || got != 0 {
		t.Errorf(`CosineTFIDF("1 2", "3 4") = %v, %v, want 0, true`, got, ok)
	}
	for _, c := range [][2]string{{"the of and", "database"}, {"database", "to be or not to be"}, {"", "x"}, {"！？", "x"}} {
		if got, ok := a.CosineTFIDF(c[0], c[1]); ok || got != 0 {
			t.Errorf("CosineTFIDF(%q, %q) = %v, %v, want 0, false (a zero vector)", c[0], c[1], got, ok)
		}
	}

	// By hand: x = "今天 天气 the", y = "今天 郊游 今天". Weights are tf·idf
	// and "the" weighs 0: x = (今天: i1, 天气: i2), y = (今天: 2·i1, 郊游: i3).
	// cos = 2·i1² / (√(i1²+i2²) · √(4·i1²+i3²)).
	x, y := "今天 天气 the", "今天 郊游 今天"
	i1, i2, i3 := a.IDF("今天"), a.IDF("天气"), a.IDF("郊游")
	want := 2 * i1 * i1 / (math.Sqrt(i1*i1+i2*i2) * math.Sqrt(4*i1*i1+i3*i3))
	got, ok := a.CosineTFIDF(x, y)
	if !ok || math.Abs(got-want) > 1e-12 || got <= 0 || got >= 1 {
		t.Errorf("CosineTFIDF(%q, %q) = %v, %v, want %v", x, y, got, ok, want)
	}
	// English: "database index database" vs "database query": all words
	// weigh the median m, which cancels: 2m² / (√5m · √2m) = 2/√10.
	got, ok = a.CosineTFIDF("database index database", "database query")
	if want := 2 / math.Sqrt(10); !ok || math.Abs(got-want) > 1e-12 {
		t.Errorf("CosineTFIDF(database index database, database query) = %v, %v, want %v", got, ok, want)
	}
}

// BenchmarkCosineTFIDF measures cosine_tfidf()'s work on two texts with
// the built-in IDF (analysis, weights, the sorted merge): compare with
// BenchmarkJaccard, which analyses the same pairs.
func BenchmarkCosineTFIDF(b *testing.B) {
	a := Default()
	benchEachText(b, func(text string) func() {
		other := reverseWords(text)
		return func() { a.CosineTFIDF(text, other) }
	})
}
