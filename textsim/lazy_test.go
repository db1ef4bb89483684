package textsim

import (
	"slices"
	"sync"
	"testing"

	"github.com/go-ego/gse"
)

// TestMedianIDF holds the constant medianIDF to the median parseIDF computes
// from gse's embedded table, bit for bit: English words are weighted by the
// constant without loading the table, and every English fingerprint depends
// on it.
func TestMedianIDF(t *testing.T) {
	table, err := parseIDF(gse.ZhIdf)
	if err != nil {
		t.Fatal(err)
	}
	if table.median != medianIDF {
		t.Fatalf("median of gse's IDF table = %v, medianIDF = %v: a new gse table changes fingerprints (a new version)", table.median, medianIDF)
	}
}

// TestLazyChinese checks that an Analyzer loads its Chinese dictionaries only
// for Han text, and that a concurrent first use loads them once and gives
// every goroutine the answer a sequential use gives (run it with -race).
func TestLazyChinese(t *testing.T) {
	a := NewAnalyzer()
	before := chineseLoads.Load()
	for _, text := range []string{"The quick brown fox", "naïve résumé ß", "Привет мир 1.26", "！？🙋", ""} {
		a.Tokens(text)
		a.SimHash(text)
		a.CosineTFIDF(text, "database")
	}
	if a.zh != nil || chineseLoads.Load() != before {
		t.Fatalf("text without Han ideographs loaded the Chinese dictionaries")
	}

	const text = "後腳龍族幻想恰爛錢，今天天气很好 database"
	want := Default().Tokens(text)
	wantFP, _ := Default().SimHash(text)
	before = chineseLoads.Load()
	const n = 8
	var wg sync.WaitGroup
	got := make([][]string, n)
	fps := make([]uint64, n)
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				got[i] = a.Tokens(text)
				fps[i], _ = a.SimHash(text)
			} else {
				fps[i], _ = a.SimHash(text)
				got[i] = a.Tokens(text)
			}
		}()
	}
	wg.Wait()
	if loads := chineseLoads.Load() - before; loads != 1 {
		t.Fatalf("%d goroutines' first Han text loaded the dictionaries %d times, want once", n, loads)
	}
	for i := range n {
		if !slices.Equal(got[i], want) || fps[i] != wantFP {
			t.Errorf("goroutine %d: Tokens = %q, SimHash = %#x; want %q, %#x", i, got[i], fps[i], want, wantFP)
		}
	}
	if err := a.LoadChinese(); err != nil || chineseLoads.Load()-before != 1 {
		t.Errorf("LoadChinese after the load: err %v, loads %d, want nil and no second load", err, chineseLoads.Load()-before)
	}
}

// BenchmarkLoadChinese measures what the first Han text of a process pays:
// loading gse's dictionary, OpenCC's t2s tables and the IDF table.
func BenchmarkLoadChinese(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		if _, err := loadChinese(); err != nil {
			b.Fatal(err)
		}
	}
}
