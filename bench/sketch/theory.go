package sketch

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/simsql/simsql/bench/internal/quality"
)

// model is the distribution of the Hamming distance of a fingerprint
// under ideal hashes (bench/internal/quality, derived in
// docs/simhash-jaccard.md), for two sets of sizes a and b sharing inter
// elements, for distances 0 … maxK.
type model struct {
	name     string // what the model is
	measured string // the candidate it predicts
	dist     func(a, b, inter int) []float64
}

var models = []model{
	{"SimHash of the word set: a bit differs with probability θ/π, cos θ = |A∩B|/√(|A||B|)", simhashSetName,
		func(a, b, inter int) []float64 {
			return quality.SimHashDistance(64, quality.SimHashBitFlip(a, b, inter), maxK)
		}},
	{"1-bit MinHash: a bit differs with probability (1−J)/2", oneBitName,
		func(a, b, inter int) []float64 {
			return quality.BBitMinHashDistance(64, 1, quality.PairSizes{A: a, B: b, Inter: inter}.Jaccard(), maxK)
		}},
	{"2-bit MinHash: 32 slots, a slot differs in Binomial(2, ½) bits with probability 1−J", "2-bit MinHash (32 permutations)",
		func(a, b, inter int) []float64 {
			return quality.BBitMinHashDistance(64, 2, quality.PairSizes{A: a, B: b, Inter: inter}.Jaccard(), maxK)
		}},
}

// expected is a model's expected confusion at one k, summed over pairs:
// tp the sum of P(d ≤ k) over the positive pairs, all over every pair.
type expected struct{ tp, all float64 }

// theory returns, for each model and k, the expected confusion over every
// pair of sets, the sizes of each positive pair (Jaccard ≥ truthJaccard)
// and of every pair at Jaccard ≥ relatedJaccard.
func theory(sets []map[string]struct{}) (curves [][maxK + 1]expected, positives, related []quality.PairSizes) {
	curves = make([][maxK + 1]expected, len(models))
	for i := range sets {
		for j := i + 1; j < len(sets); j++ {
			x, y := sets[i], sets[j]
			if len(x) > len(y) {
				x, y = y, x
			}
			inter := 0
			for w := range x {
				if _, ok := y[w]; ok {
					inter++
				}
			}
			jac := quality.PairSizes{A: len(x), B: len(y), Inter: inter}.Jaccard()
			if jac >= relatedJaccard {
				related = append(related, quality.PairSizes{A: len(x), B: len(y), Inter: inter})
			}
			pos := jac >= truthJaccard
			if pos {
				positives = append(positives, quality.PairSizes{A: len(x), B: len(y), Inter: inter})
			}
			for m, mod := range models {
				cum := 0.0
				for k, p := range mod.dist(len(x), len(y), inter) {
					cum += p
					curves[m][k].all += cum
					if pos {
						curves[m][k].tp += cum
					}
				}
			}
		}
	}
	return curves, positives, related
}

// theoryMarkdown writes the models' expected precision and recall by k
// beside the measured ones (curves, by candidate name).
func theoryMarkdown(w *bytes.Buffer, lang string, sets []map[string]struct{}, measured map[string][maxK + 1]quality.Confusion) {
	curves, positivePairs, related := theory(sets)
	positives := make([]float64, len(positivePairs))
	for i, p := range positivePairs {
		positives[i] = p.Jaccard()
	}
	fmt.Fprintf(w, "### Theory against measurement, %s\n\n", lang)
	fmt.Fprintf(w, "Expected precision / recall of `hamming(a, b) <= k` against word-set Jaccard ≥ %.1f under ideal hashes ([docs/simhash-jaccard.md](docs/simhash-jaccard.md#theory) derives them), over the same pairs as above from each pair's set sizes and intersection: recall is the mean of P(d ≤ k) over the %d positive pairs, precision that sum over the sum of P(d ≤ k) over all pairs. Beside each, the candidate it predicts, measured. ",
		truthJaccard, len(positives))
	bins := []float64{0.9, 0.92, 0.94, 0.96, 0.98, 1}
	counts := make([]int, len(bins))
	for _, j := range positives {
		for b := len(bins) - 1; b >= 0; b-- {
			if j >= bins[b]-1e-12 {
				counts[b]++
				break
			}
		}
	}
	w.WriteString("Positive pairs by Jaccard:")
	for b := range len(bins) - 1 {
		fmt.Fprintf(w, " [%.2f, %.2f) %d;", bins[b], bins[b+1], counts[b])
	}
	fmt.Fprintf(w, " exactly 1: %d.", counts[len(bins)-1])
	// The mean distances over the positive pairs: 64·θ/π for SimHash,
	// 32·(1−J) for b-bit MinHash.
	var flip, miss float64
	for _, p := range positivePairs {
		flip += quality.SimHashBitFlip(p.A, p.B, p.Inter)
		miss += 1 - p.Jaccard()
	}
	if n := float64(len(positivePairs)); n > 0 {
		fmt.Fprintf(w, " Their expected distance: %.2f bits for SimHash, %.2f for 1-bit and 2-bit MinHash; P(d ≤ 3) is the recall at k = 3 below.", 64*flip/n, 32*miss/n)
	}
	w.WriteString("\n\n")
	for _, m := range models {
		fmt.Fprintf(w, "- *%s*: %s.\n", m.measured, m.name)
	}
	w.WriteString("\n| k |")
	for _, m := range models {
		fmt.Fprintf(w, " %s: theory | measured |", m.measured)
	}
	w.WriteString("\n|---|" + strings.Repeat("---|---|", len(models)) + "\n")
	for k := range maxK + 1 {
		fmt.Fprintf(w, "| %d |", k)
		for mi, m := range models {
			e := curves[mi][k]
			c := measured[m.measured][k]
			p := "–"
			if e.all > 0 {
				p = fmt.Sprintf("%.3f", e.tp/e.all)
			}
			fmt.Fprintf(w, " %s / %.3f | %s / %.3f |", p, e.tp/float64(len(positives)), prec(c), c.Recall())
		}
		w.WriteString("\n")
	}
	w.WriteString("\nSmallest k whose recall reaches 0.9, theory and measured:")
	for mi, m := range models {
		th, me := "none ≤ 12", "none ≤ 12"
		for k := maxK; k >= 0; k-- {
			if curves[mi][k].tp >= 0.9*float64(len(positives)) {
				th = fmt.Sprint(k)
			}
			if measured[m.measured][k].Recall() >= 0.9 {
				me = fmt.Sprint(k)
			}
		}
		fmt.Fprintf(w, " %s %s and %s;", m.measured, th, me)
	}
	w.Truncate(w.Len() - 1)
	w.WriteString(".\n\n")
	widthMarkdown(w, related)
}

// widths are the fingerprint widths of the width table.
var widths = []int{64, 128, 256, 512, 1024, 2048}

// widthMarkdown writes, for SimHash of the word set and 1-bit MinHash of
// each width, the smallest k whose expected recall reaches 0.9 and the
// expected precision there, over the pairs at Jaccard ≥ relatedJaccard.
func widthMarkdown(w *bytes.Buffer, related []quality.PairSizes) {
	fmt.Fprintf(w, "What width would reach the targets: for a fingerprint of n bits, the smallest k whose expected recall (as above) reaches 0.9, k/n, and the expected precision there; over the %d pairs at Jaccard ≥ %.2f only (the pairs below can only add false positives, so the precision is an upper bound; at 64 bits it differs from the table above by what they add).\n\n", len(related), relatedJaccard)
	w.WriteString("| bits | SimHash of the word set: k (k/n) | precision | 1-bit MinHash: k (k/n) | precision |\n|---|---|---|---|---|\n")
	fams := []func(n int, s quality.PairSizes, upTo int) []float64{
		func(n int, s quality.PairSizes, upTo int) []float64 {
			return quality.SimHashDistance(n, quality.SimHashBitFlip(s.A, s.B, s.Inter), upTo)
		},
		func(n int, s quality.PairSizes, upTo int) []float64 {
			return quality.BBitMinHashDistance(n, 1, s.Jaccard(), upTo)
		},
	}
	for _, n := range widths {
		fmt.Fprintf(w, "| %d |", n)
		for _, f := range fams {
			upTo := n / 4
			tp := make([]float64, upTo+1)
			all := make([]float64, upTo+1)
			positives := 0
			for _, s := range related {
				pos := s.Jaccard() >= truthJaccard
				if pos {
					positives++
				}
				cum := 0.0
				for k, p := range f(n, s, upTo) {
					cum += p
					all[k] += cum
					if pos {
						tp[k] += cum
					}
				}
			}
			cell := fmt.Sprintf(" none ≤ %d | – |", upTo)
			for k := range tp {
				if tp[k] >= 0.9*float64(positives) {
					cell = fmt.Sprintf(" %d (%.3f) | %.3f |", k, float64(k)/float64(n), tp[k]/all[k])
					break
				}
			}
			w.WriteString(cell)
		}
		w.WriteString("\n")
	}
	w.WriteString("\n")
}

// targetMet collects which candidates meet each target of issue 15's
// fingerprint v2 (every bit set in 40–60% of texts; no forced tie bits; at
// k = 3 precision ≥ 0.95 and recall ≥ 0.9 against Jaccard ≥ 0.9).
type targetMet struct {
	all, shares, ties, precision, recall []string
}

// add records one candidate: its bit shares and ties are within target,
// and its confusion at k = 3.
func (t *targetMet) add(name string, shares, ties bool, k3 quality.Confusion) {
	p, r := k3.Precision() >= 0.95, k3.Recall() >= 0.9
	for _, x := range []struct {
		ok   bool
		list *[]string
	}{{shares && ties && p && r, &t.all}, {shares, &t.shares}, {ties, &t.ties}, {p, &t.precision}, {r, &t.recall}} {
		if x.ok {
			*x.list = append(*x.list, name)
		}
	}
}

func (t *targetMet) markdown(w *bytes.Buffer) {
	list := func(names []string) string {
		if len(names) == 0 {
			return "none"
		}
		return strings.Join(names, "; ")
	}
	fmt.Fprintf(w, "\nThe targets of fingerprint v2 (issue 15), each met by: every bit set in 40–60%% of texts: %s. No forced tie bits: %s. Precision ≥ 0.95 at k = 3: %s. Recall ≥ 0.9 at k = 3: %s. **All four: %s.**\n",
		list(t.shares), list(t.ties), list(t.precision), list(t.recall), list(t.all))
}
