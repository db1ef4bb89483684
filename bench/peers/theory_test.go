package peers

import (
	"bytes"
	"strings"
	"testing"

	"github.com/simsql/simsql/bench/internal/quality"
)

// TestTheoryMarkdown pins rows of the curve's theory section: the table at
// fixed Jaccard, and the expected recall over a language's pairs beside the
// measured one.
func TestTheoryMarkdown(t *testing.T) {
	q := &qualityResult{lang: "English", curve: make([][curveK + 1]quality.Confusion, len(curveT)),
		// Two identical sets, and two of 19 words sharing 18 (Jaccard 0.9).
		theoryPairs: []quality.PairSizes{{A: 10, B: 10, Inter: 10}, {A: 19, B: 19, Inter: 18}}}
	for k := range curveK + 1 {
		q.curve[2][k] = quality.Confusion{TP: 1, FN: 1} // recall 0.5 at J ≥ 0.9
	}
	r := &report{quality: []*qualityResult{q}}
	var w bytes.Buffer
	r.theoryMarkdown(&w)
	for _, want := range []string{
		// J 0.9: θ/π = arccos(18/19)/π; E[d] = 64·θ/π; P(Binomial(64, 0.1037) ≤ 3); 1-bit
		// MinHash 64·0.05 = 3.2 bits, P(Binomial(64, 0.05) ≤ 3) = 0.601.
		"| 0.90 | 0.1037 | 6.64 | 0.090 | 10 | 3.20 | 0.601 | 6 | 0.600 | 6 | 10.44 |\n",
		"| 0.95 | 0.0722 | 4.62 | 0.312 | 7 | 1.60 | 0.924 | 3 | 0.884 | 4 | 5.73 |\n",
		// k = 3: (1 + 0.090)/2 and (1 + 0.601)/2.
		"| 3 | 0.55 | 0.80 | 0.50 |\n",
		"| k | English (2 pairs): SimHash, expected recall | 1-bit MinHash, expected recall | v1 measured recall |\n",
	} {
		if !strings.Contains(w.String(), want) {
			t.Errorf("theory section lacks %q:\n%s", want, w.String())
		}
	}
}
