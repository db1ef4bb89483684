package quality

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

func TestConfusion(t *testing.T) {
	var c Confusion
	for _, x := range []struct{ pred, truth bool }{{true, true}, {true, true}, {true, false}, {false, true}, {false, false}} {
		c.Add(x.pred, x.truth)
	}
	if c != (Confusion{TP: 2, FP: 1, FN: 1}) {
		t.Fatalf("Confusion = %+v", c)
	}
	if p, r := c.Precision(), c.Recall(); p != 2.0/3 || r != 2.0/3 {
		t.Errorf("precision, recall = %v, %v; want 2/3, 2/3", p, r)
	}
	if p := (Confusion{FN: 1}).Precision(); !math.IsNaN(p) {
		t.Errorf("precision with no positive prediction = %v, want NaN", p)
	}
}

// TestPlant checks that planted duplicates edit words only, in number
// between 1% and 30% of the words, and keep the rest in order.
func TestPlant(t *testing.T) {
	words := make([]string, 200)
	for i := range words {
		words[i] = "w" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	text := strings.Join(words, " ")
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		out := strings.Fields(Plant(text, "English", rng, []string{"new"}, Words(nil)))
		// Each edit removes at most one original word (words are distinct);
		// the originals left keep their order.
		index := map[string]int{}
		for i, w := range words {
			index[w] = i
		}
		kept, last, ordered := 0, -1, true
		for _, w := range out {
			if i, ok := index[w]; ok {
				kept++
				ordered = ordered && i > last
				last = i
			}
		}
		if lost := len(words) - kept; lost > 60 || !ordered || (lost == 0 && len(out) == len(words)) {
			t.Errorf("plant kept %d of %d words (in order: %v), output has %d words", kept, len(words), ordered, len(out))
		}
		for _, w := range out {
			if !strings.HasPrefix(w, "w") && w != "new" {
				t.Errorf("plant produced %q, neither an original word nor the vocabulary", w)
			}
		}
	}
}
