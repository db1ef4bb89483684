package peers

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"time"

	"github.com/simsql/simsql/bench/internal/quality"
)

// curvePath is where the SimHash-against-Jaccard curve is written, under
// the output directory.
const curvePath = "docs/simhash-jaccard.md"

// f1 is the harmonic mean of precision and recall (0 when either is 0 or
// undefined).
func f1(c quality.Confusion) float64 {
	p, r := c.Precision(), c.Recall()
	if math.IsNaN(p) || math.IsNaN(r) || p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// pr formats a confusion's precision and recall.
func pr(c quality.Confusion) string {
	return fmt.Sprintf("%.2f / %.2f", c.Precision(), c.Recall())
}

// curveSummary returns, for curve row ks (k = 0 … curveK), the k of best
// F1 and the smallest k whose recall reaches 0.9 (−1 if none does).
func curveSummary(ks [curveK + 1]quality.Confusion) (best, reach int) {
	best, reach = 0, -1
	for k, c := range ks {
		if f1(c) > f1(ks[best]) {
			best = k
		}
		if reach < 0 && c.Recall() >= 0.9 {
			reach = k
		}
	}
	return best, reach
}

// curveMarkdown writes the curve: which k of hamming(simhash) ≤ k answers
// which jaccard() ≥ t, measured on the quality sets.
func (r *report) curveMarkdown(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("# Which SimHash k answers which Jaccard threshold\n\n")
	p("Written by `go run ./bench peers` (or `-quality-only`) on %s UTC, simsql %s, %s, %s; do not edit, run it again. ",
		time.Now().UTC().Format("2006-01-02 15:04"), r.commit, r.goVersion, r.machine)
	p("In process over `textsim` (what SQL calls), on the detection-quality sets of [BENCHMARKS.md](../BENCHMARKS.md#detection-quality): per language %d original documents and a planted near duplicate of each (%.0f%% to %.0f%% of words edited), every pair of the %d compared. ",
		r.cfg.qualityDocs, 100*quality.MinEditRate, 100*quality.MaxEditRate, 2*r.cfg.qualityDocs)
	p("Prediction: `hamming(simhash(a), simhash(b)) <= k` (fingerprint version 1); truth: exact `jaccard(a, b) >= t`. Each cell is precision / recall; *best F1* is the k with the highest F1, *recall 0.9* the smallest k whose recall reaches 0.9 (with its precision). ")
	p("Charikar's SimHash approximates the angle between weighted word vectors, not word overlap, so no k separates a Jaccard threshold cleanly; for a Jaccard threshold use the MinHash index ([minhash-index.md](minhash-index.md)).\n\n")
	p("| language | jaccard ≥ t | pairs with J ≥ t | best F1: k (P / R) | recall 0.9: k (P / R) |\n|---|---|---|---|---|\n")
	for _, q := range r.quality {
		if q.missing != "" || len(q.curve) == 0 {
			continue
		}
		for ti, t := range curveT {
			best, reach := curveSummary(q.curve[ti])
			c := q.curve[ti][0]
			rs := fmt.Sprintf("none with k ≤ %d", curveK)
			if reach >= 0 {
				rs = fmt.Sprintf("%d (%s)", reach, pr(q.curve[ti][reach]))
			}
			p("| %s | %.2f | %d | %d (%s) | %s |\n", q.lang, t, c.TP+c.FN, best, pr(q.curve[ti][best]), rs)
		}
	}
	for _, q := range r.quality {
		if q.missing != "" || len(q.curve) == 0 {
			p("\n%s: not measured (%s).\n", q.lang, q.missing)
			continue
		}
		p("\n## %s (%s)\n\n| k |", q.lang, q.sources)
		for _, t := range curveT {
			p(" J ≥ %.2f: P / R |", t)
		}
		p("\n|---|")
		for range curveT {
			p("---|")
		}
		p("\n")
		for k := range curveK + 1 {
			p("| %d |", k)
			for ti := range curveT {
				p(" %s |", pr(q.curve[ti][k]))
			}
			p("\n")
		}
	}
	r.theoryMarkdown(w)
}

// writeCurve writes the curve to curvePath under dir.
func (r *report) writeCurve(dir string) (string, error) {
	var w bytes.Buffer
	r.curveMarkdown(&w)
	path := filepath.Join(dir, curvePath)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return "", err
	}
	return path, os.WriteFile(path, w.Bytes(), 0o644)
}
