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

func TestStopWords(t *testing.T) {
	// The Snowball English list (snowballstem.org/algorithms/english/stop.txt)
	// has 174 words.
	if n := len(englishStopWords); n != 174 {
		t.Errorf("stop word list has %d words, want the Snowball English list's 174", n)
	}
	for _, c := range []struct {
		why   string
		token string
		want  bool
	}{
		{"article", "the", true},
		{"not case-folded: callers pass folded tokens", "The", false},
		{"contraction with ASCII apostrophe", "don't", true},
		{"contraction with U+2019", "don’t", true},
		{"U+2019 in a word that is not a stop word", "rock’n’roll", false},
		{"'will' is left out by Snowball (homonym)", "will", false},
		{"'us' is left out by Snowball (US)", "us", false},
		{"content word", "database", false},
		{"empty", "", false},
	} {
		if got := IsStopWord(c.token); got != c.want {
			t.Errorf("%s: IsStopWord(%q) = %v, want %v", c.why, c.token, got, c.want)
		}
	}
}
