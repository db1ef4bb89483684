package peers

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/bench/internal/quality"
)

// report is everything one run measured.
type report struct {
	cfg                config
	start              time.Time
	elapsed            time.Duration
	commit, machine    string
	goVersion          string
	loadStart, loadEnd string
	simsqlBinary       string
	mariaVersion       string
	pgVersion          string
	pgSimilarity       string
	sizes              []*sizeResult
	profile            *harness.Profile
	profileRows        int
	tput               []*tputResult
	workers            int
	cutGrowth          string // gse Cut on a whole English text, two lengths
	quality            []*qualityResult
}

// sizeResult is workloads 1, 2 and 4 at one size.
type sizeResult struct {
	rows       int
	pairsWant  int64
	answers    string // rows per point query: min / mean / max
	indexBuild time.Duration
	systems    map[string]*sysResult
}

// sysResult is one system at one size.
type sysResult struct {
	missing      string // why it was not measured
	point        series
	pairs        series
	pairCount    int64
	pairsSkipped bool
	loadChunks   []time.Duration
}

func (s *sysResult) loadTotal() time.Duration {
	var t time.Duration
	for _, d := range s.loadChunks {
		t += d
	}
	return t
}

// wrong returns the number of answers that differed from brute force.
func (r *report) wrong() int {
	n := 0
	for _, sz := range r.sizes {
		for _, s := range sz.systems {
			n += s.point.wrong + s.pairs.wrong
		}
	}
	return n
}

const chartDir = "bench/charts"

// write writes BENCHMARKS.md and the charts under dir and returns the
// path of BENCHMARKS.md.
func (r *report) write(dir string) (string, error) {
	if err := os.MkdirAll(filepath.Join(dir, chartDir), 0o755); err != nil {
		return "", err
	}
	charts, err := r.charts(filepath.Join(dir, chartDir))
	if err != nil {
		return "", err
	}
	var w bytes.Buffer
	r.markdown(&w, charts)
	path := filepath.Join(dir, "BENCHMARKS.md")
	if err := os.WriteFile(path, w.Bytes(), 0o644); err != nil {
		return "", err
	}
	if n := r.wrong(); n > 0 {
		return path, fmt.Errorf("%d answers differ from brute force (see %s)", n, path)
	}
	return path, nil
}

func fmtDur(d time.Duration) string {
	switch {
	case d == 0:
		return "–"
	case d < time.Millisecond:
		return fmt.Sprintf("%.3f ms", float64(d)/1e6)
	case d < 10*time.Millisecond:
		return fmt.Sprintf("%.2f ms", float64(d)/1e6)
	case d < time.Second:
		return fmt.Sprintf("%.1f ms", float64(d)/1e6)
	case d < 100*time.Second:
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	return fmt.Sprintf("%.0f s", d.Seconds())
}

// ratio formats a/b (a peer's time over simsql's).
func ratio(peer, simsql time.Duration) string {
	if peer == 0 || simsql == 0 {
		return "–"
	}
	x := float64(peer) / float64(simsql)
	if x >= 10 {
		return fmt.Sprintf("%.0f×", x)
	}
	return fmt.Sprintf("%.2f×", x)
}

func rows(n int) string {
	switch {
	case n >= 1_000_000 && n%1_000_000 == 0:
		return fmt.Sprintf("%dM", n/1_000_000)
	case n >= 1000 && n%1000 == 0:
		return fmt.Sprintf("%dk", n/1000)
	}
	return fmt.Sprint(n)
}

func checked(s series) string {
	if s.wrong == 0 {
		return fmt.Sprintf("all %d equal brute force", len(s.times))
	}
	return fmt.Sprintf("**%d of %d differ from brute force**", s.wrong, len(s.times))
}

func (r *report) markdown(w *bytes.Buffer, charts map[string]string) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("# Benchmarks against peers\n\n")
	if r.cfg.smoke {
		p("**Smoke run** (small sizes; the figures say nothing about speed at scale).\n\n")
	}
	p("Written by `go run ./bench peers` (via `scripts/bench.sh`, which installs the peers and fetches the corpora) on %s UTC, simsql %s; the whole run took %.1f minutes. Do not edit: run it again.\n\n",
		r.start.UTC().Format("2006-01-02 15:04"), r.commit, r.elapsed.Minutes())
	p("- Machine: %s. Load average (1, 5, 15 min) %s at the start, %s at the end: the machine is shared with other jobs, so absolute figures are noisy; the ratios are between systems measured in the same run, one system at a time.\n", r.machine, r.loadStart, r.loadEnd)
	p("- Go: %s. simsql: built from this commit, default settings, data on the local disk.\n", r.goVersion)
	p("- MariaDB: %s, started by the harness with `--no-defaults` (InnoDB, durable commits, 128 MB buffer pool), table `(id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)`.\n", orNot(r.mariaVersion))
	p("- PostgreSQL: %s (postgresql-15-similarity %s installed; not used by these workloads), started by the harness with initdb defaults, table `(id BIGINT PRIMARY KEY, fp BIGINT)` (the same 64 bits, signed), `VACUUM ANALYZE` after the load.\n", orNot(r.pgVersion), orNot(r.pgSimilarity))
	p("- Fingerprints: %s random 64-bit values, in every run of 100 one random fingerprint with three planted neighbours at Hamming distances 1, 2 and 3 (`harness.PlantedFingerprints`). Every point-query answer and every pair count is checked against brute force in Go.\n", sizeList(r.sizes))
	p("- Ratio columns: the peer's time ÷ simsql's time, so **above 1 simsql is faster, below 1 the peer is faster**.\n\n")

	r.headline(w)

	// Workload 1.
	p("## 1. Point near-duplicate query, k = 3\n\n")
	p("simsql `SELECT id FROM t WHERE hamming(fp, X) <= 3` answered by its simhash index (`CREATE INDEX fp_k3 ON t (fp) COMMENT 'simhash k=3'`, built in bulk after the load; EXPLAIN PLAN checked); MariaDB `WHERE BIT_COUNT(fp ^ X) <= 3` and PostgreSQL `WHERE bit_count((fp # X)::bit(64)) <= 3`, full scans (no index can serve them). X is drawn from the table; %d queries per system and size after %d warm-up queries, one connection, over TCP.\n\n", r.cfg.queries, warmup)
	p("| rows | system | median | p99 | ratio to simsql (median) | answers |\n|---|---|---|---|---|---|\n")
	for _, sz := range r.sizes {
		sm, _ := sz.systems[simsql].point.quantiles()
		for _, name := range systems {
			s := sz.systems[name]
			if s.missing != "" {
				p("| %s | %s | not measured: %s | | | |\n", rows(sz.rows), name, s.missing)
				continue
			}
			med, p99 := s.point.quantiles()
			p("| %s | %s | %s | %s | %s | %s |\n", rows(sz.rows), name, fmtDur(med), fmtDur(p99), ratio(med, sm), checked(s.point))
		}
	}
	p("\nRows per answer (min / mean / max): %s. Building the simhash index in bulk: %s.\n\n", answersList(r.sizes), indexBuildList(r.sizes))
	p("![point queries](%s)\n\n", charts["point"])

	// Workload 2.
	p("## 2. All near-duplicate pairs, k = 3\n\n")
	p("simsql `SELECT COUNT(*) FROM near_duplicates('t', 'fp', 3)` (%d run(s) per size: median and slowest); MariaDB `SELECT COUNT(*) FROM t a JOIN t b ON a.id < b.id WHERE BIT_COUNT(a.fp ^ b.fp) <= 3` and the same self-join in PostgreSQL with `bit_count((a.fp # b.fp)::bit(64)) <= 3`, once per size (a nested loop over all n(n−1)/2 pairs; neither peer parallelises it).\n\n", r.cfg.ndRuns)
	p("| rows | system | median | p99 (slowest) | pairs found | ratio to simsql (median) |\n|---|---|---|---|---|---|\n")
	var skipped []string
	for _, sz := range r.sizes {
		sm, _ := sz.systems[simsql].pairs.quantiles()
		for _, name := range systems {
			s := sz.systems[name]
			switch {
			case s.missing != "":
				p("| %s | %s | not measured: %s | | | |\n", rows(sz.rows), name, s.missing)
			case s.pairsSkipped:
				est := r.selfJoinEstimate(name, sz.rows)
				p("| %s | %s | not run: %s | | | |\n", rows(sz.rows), name, est)
				skipped = append(skipped, fmt.Sprintf("%s at %s rows (%s)", name, rows(sz.rows), est))
			default:
				med, p99 := s.pairs.quantiles()
				found := fmt.Sprint(s.pairCount)
				if s.pairs.wrong > 0 {
					found = fmt.Sprintf("**%d, brute force %d**", s.pairCount, sz.pairsWant)
				} else {
					found += " (= brute force)"
				}
				p("| %s | %s | %s | %s | %s | %s |\n", rows(sz.rows), name, fmtDur(med), fmtDur(p99), found, ratio(med, sm))
			}
		}
	}
	if len(skipped) > 0 {
		p("\nNot run, deliberately: %s. The self-join compares every pair, so its time grows with the square of the rows; the estimate scales the measured smaller run by that square.\n", strings.Join(skipped, "; "))
	}
	p("\n![all pairs](%s)\n\n", charts["pairs"])

	// Workload 3.
	r.throughputSection(w, charts["throughput"])

	// Workload 4.
	p("## 4. Bulk load\n\n")
	p("simsql and MariaDB: `LOAD DATA LOCAL INFILE` of tab-separated files; PostgreSQL: `COPY … FROM STDIN` (binary, pgx `CopyFrom`). Each size is loaded in %d equal chunks (one statement each) into an empty table with its primary key; rows/s are for the whole load, median and p99 (slowest) per chunk. simsql's figures are without the simhash index (built afterwards, timed under workload 1).\n\n", r.cfg.chunks)
	p("| rows | system | total | rows/s | chunk rows/s: median | chunk rows/s: p99 (slowest) | ratio to simsql (total time) |\n|---|---|---|---|---|---|---|\n")
	for _, sz := range r.sizes {
		st := sz.systems[simsql].loadTotal()
		for _, name := range systems {
			s := sz.systems[name]
			if s.missing != "" {
				p("| %s | %s | not measured: %s | | | | |\n", rows(sz.rows), name, s.missing)
				continue
			}
			tot := s.loadTotal()
			per := float64(sz.rows) / float64(len(s.loadChunks))
			med, slow := series{times: s.loadChunks}.quantiles()
			p("| %s | %s | %s | %s | %s | %s | %s |\n", rows(sz.rows), name, fmtDur(tot), rate(float64(sz.rows)/tot.Seconds()),
				rate(per/med.Seconds()), rate(per/slow.Seconds()), ratio(tot, st))
		}
	}
	p("\n![bulk load](%s)\n\n", charts["load"])
	r.profileSection(w)

	r.qualitySection(w, charts["quality"])
}

func orNot(s string) string {
	if s == "" {
		return "not measured"
	}
	return s
}

func rate(x float64) string {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%s", groupDigits(int64(math.Round(x))))
}

func groupDigits(n int64) string {
	s := fmt.Sprint(n)
	var out []byte
	for i := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}

func sizeList(sizes []*sizeResult) string {
	var s []string
	for _, sz := range sizes {
		s = append(s, groupDigits(int64(sz.rows)))
	}
	return strings.Join(s, " and ")
}

func answersList(sizes []*sizeResult) string {
	var s []string
	for _, sz := range sizes {
		s = append(s, fmt.Sprintf("%s at %s rows", sz.answers, rows(sz.rows)))
	}
	return strings.Join(s, "; ")
}

func indexBuildList(sizes []*sizeResult) string {
	var s []string
	for _, sz := range sizes {
		s = append(s, fmt.Sprintf("%s at %s rows", fmtDur(sz.indexBuild), rows(sz.rows)))
	}
	return strings.Join(s, ", ")
}

// selfJoinEstimate scales the peer's largest measured self-join by the
// square of the row ratio.
func (r *report) selfJoinEstimate(name string, n int) string {
	for i := len(r.sizes) - 1; i >= 0; i-- {
		sz := r.sizes[i]
		s := sz.systems[name]
		if sz.rows < n && len(s.pairs.times) > 0 {
			med, _ := s.pairs.quantiles()
			f := float64(n) / float64(sz.rows)
			est := time.Duration(float64(med) * f * f)
			return fmt.Sprintf("it would take about %.1f h (%s measured at %s rows × (%s/%s)²)", est.Hours(), fmtDur(med), rows(sz.rows), rows(n), rows(sz.rows))
		}
	}
	return fmt.Sprintf("above -self-join-max (%s rows)", rows(r.cfg.selfJoinMax))
}

// headline states the ratios at the largest size.
func (r *report) headline(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("## Headline\n\n")
	for _, sz := range r.sizes {
		sm := sz.systems[simsql]
		pm, _ := sm.point.quantiles()
		var parts []string
		for _, name := range []string{maria, pg} {
			s := sz.systems[name]
			if s.missing != "" {
				continue
			}
			m, _ := s.point.quantiles()
			parts = append(parts, fmt.Sprintf("%s %s", name, ratio(m, pm)))
			if len(s.pairs.times) > 0 {
				nm, _ := sm.pairs.quantiles()
				pm2, _ := s.pairs.quantiles()
				parts = append(parts, fmt.Sprintf("all pairs vs %s self-join %s", name, ratio(pm2, nm)))
			}
			parts = append(parts, fmt.Sprintf("bulk load vs %s %s", name, ratio(s.loadTotal(), sm.loadTotal())))
		}
		p("- %s rows: point query, simsql index (median %s) vs %s.\n", rows(sz.rows), fmtDur(pm), strings.Join(parts, "; "))
	}
	var slower []string
	for _, sz := range r.sizes {
		sm := sz.systems[simsql]
		for _, name := range []string{maria, pg} {
			s := sz.systems[name]
			if s.missing != "" {
				continue
			}
			if s.loadTotal() < sm.loadTotal() {
				slower = append(slower, fmt.Sprintf("bulk load at %s rows (%s: %s vs simsql %s)", rows(sz.rows), name, fmtDur(s.loadTotal()), fmtDur(sm.loadTotal())))
			}
			m, _ := s.point.quantiles()
			pm, _ := sm.point.quantiles()
			if m < pm {
				slower = append(slower, fmt.Sprintf("point query at %s rows (%s)", rows(sz.rows), name))
			}
			if len(s.pairs.times) > 0 {
				a, _ := s.pairs.quantiles()
				b, _ := sm.pairs.quantiles()
				if a < b {
					slower = append(slower, fmt.Sprintf("all pairs at %s rows (%s)", rows(sz.rows), name))
				}
			}
		}
	}
	if len(slower) > 0 {
		p("- **simsql is slower than a peer on**: %s. The profile below shows where its time goes.\n", strings.Join(slower, "; "))
	} else {
		p("- simsql was not slower than a peer on any workload in this run.\n")
	}
	for _, t := range r.tput {
		if t.missing != "" || len(t.simhash1) == 0 {
			continue
		}
		s, _ := t.mbps(t.simhash1)
		g, _ := t.mbps(t.gse1)
		p("- Fingerprinting, %s (%s), one core: simhash() %.2f MB/s, gse segmentation alone %.2f MB/s (simhash time ÷ gse time %.2f×).\n", t.corpus.Name, t.corpus.Lang, s, g, g/s)
	}
	for _, q := range r.quality {
		if q.missing != "" {
			continue
		}
		c := q.simhash[3]
		m := q.minhash[128]
		p("- Detection (%s): hamming(simhash) ≤ 3 precision %.3f, recall %.3f; minhash_jaccard ≥ 0.8 (128 permutations) precision %.3f, recall %.3f.\n", q.lang, c.Precision(), c.Recall(), m.Precision(), m.Recall())
	}
	p("\n")
}

func (r *report) throughputSection(w *bytes.Buffer, chart string) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("## 3. Fingerprinting throughput\n\n")
	p("In process (no SQL): `textsim.Default().SimHash(text)`, which is everything SQL `simhash()` computes (normalisation, UAX #29 word segmentation, OpenCC t2s and gse on runs of Han characters, tf × idf, the 64-bit SimHash), against gse's `Cut(line, true)` alone (the same `zh_s` dictionary, with HMM) on each line of the same documents. Cut is given a line at a time because on a whole English document its time grows with the square of the document's length (measured in this run: %s; the analyzer never gives gse Latin text, only runs of Han characters, on which its time is linear). MB/s are 10⁶ bytes of UTF-8 text per second; median and slowest of %d pass(es) over each corpus. One core: one goroutine; all cores: %d goroutines (GOMAXPROCS), document i on goroutine i mod %d. The ratio column is simhash time ÷ gse time: what everything but segmentation adds. On English text the two do different work: `simhash()` never calls gse there, so the English rows compare the analyzer with gse's Latin path rather than measure the cost around segmentation.\n\n", r.cutGrowth, r.cfg.tputRuns, r.workers, r.workers)
	if r.cfg.tputBytes > 0 {
		p("Each corpus is read up to the document that reaches %s bytes.\n\n", groupDigits(int64(r.cfg.tputBytes)))
	}
	p("| corpus | language | documents | MB | cores | simhash() MB/s (slowest) | gse Cut MB/s (slowest) | simhash time ÷ gse time |\n|---|---|---|---|---|---|---|---|\n")
	for _, t := range r.tput {
		if t.missing != "" {
			p("| %s | %s | not measured: %s | | | | | |\n", t.corpus.Name, t.corpus.Lang, t.missing)
			continue
		}
		for _, c := range []struct {
			cores     string
			sim, segm []time.Duration
		}{{"1", t.simhash1, t.gse1}, {fmt.Sprint(r.workers), t.simhashN, t.gseN}} {
			sm, ss := t.mbps(c.sim)
			gm, gs := t.mbps(c.segm)
			p("| %s | %s | %s (%ss) | %.2f | %s | %.2f (%.2f) | %.2f (%.2f) | %.2f× |\n", t.corpus.Name, t.corpus.Lang, groupDigits(int64(t.docs)), t.corpus.Unit, float64(t.bytes)/1e6, c.cores, sm, ss, gm, gs, gm/sm)
		}
	}
	p("\n![throughput](%s)\n\n", chart)
}

func (r *report) profileSection(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	if r.profile == nil {
		return
	}
	p("### Where simsql's bulk load spends its time (CPU profile)\n\n")
	p("A separate simsql server, started with `--cpu-profile`, loaded the %s-row files again with the same LOAD DATA statements; `go tool pprof` of that profile (%s).\n\n", groupDigits(int64(r.profileRows)), r.profile.Total)
	if len(r.profile.Steps) > 0 {
		p("| step of the load (function) | cumulative share of CPU samples |\n|---|---|\n")
		for _, c := range r.profile.Steps {
			p("| %s | %.1f%% |\n", c.Name, 100*c.Share)
		}
		p("\nThe steps nest (a function's time includes what it calls). ")
	}
	p("Flat CPU time (each sample counted once, in the function running) summed by component:\n\n")
	p("| component | share of CPU samples |\n|---|---|\n")
	for _, c := range r.profile.Shares {
		if c.Share < 0.005 {
			continue
		}
		p("| %s | %.1f%% |\n", c.Name, 100*c.Share)
	}
	p("\nTop functions by cumulative time (`go tool pprof -top -cum`):\n\n```\n%s\n```\n\n", strings.Join(r.profile.CumTop, "\n"))
}

func (r *report) qualitySection(w *bytes.Buffer, chart string) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	p("## Detection quality\n\n")
	p("In process over `textsim` (what the SQL functions call). Per language, %d original documents (half from each corpus, %d to %d tokens, picked at random with a fixed seed) and one planted near duplicate of each: words deleted, inserted and substituted (one of the three at random per edit; new words drawn from the originals' words) at an edit rate drawn uniformly from %.0f%% to %.0f%% of the words. Words are whitespace-separated fields in English and gse segments in Chinese. Every pair of the %d documents is compared; ground truth is exact `jaccard()` ≥ %.1f. simhash is fingerprint version 1; minhash uses seed %d.\n\n",
		r.cfg.qualityDocs, minTokens, maxTokens, 100*quality.MinEditRate, 100*quality.MaxEditRate, 2*r.cfg.qualityDocs, truthJaccard, minhashSeed)
	for _, q := range r.quality {
		if q.missing != "" {
			p("**%s: not measured**: %s\n\n", q.lang, q.missing)
			continue
		}
		p("### %s (%s)\n\n", q.lang, q.sources)
		p("%d originals, %d pairs, %d with Jaccard ≥ %.1f (%d of them planted pairs). The planted pairs' Jaccard ranges from %.3f to %.3f.\n\n",
			q.docs, q.pairs, q.positives, truthJaccard, q.plantedPositive, q.plantedJ[0], q.plantedJ[1])
		p("| prediction | true positives | false positives | false negatives | precision | recall |\n|---|---|---|---|---|---|\n")
		for kk, c := range q.simhash {
			p("| hamming(simhash) ≤ %d | %d | %d | %d | %s | %s |\n", kk, c.TP, c.FP, c.FN, f3(c.Precision()), f3(c.Recall()))
		}
		for _, n := range numPerms {
			c := q.minhash[n]
			p("| minhash_jaccard ≥ %.1f, num_perm %d | %d | %d | %d | %s | %s |\n", minhashThresh, n, c.TP, c.FP, c.FN, f3(c.Precision()), f3(c.Recall()))
		}
		p("\nMinHash estimate error |minhash_jaccard − jaccard|; theory: the standard error is √(J(1−J)/num_perm) ≤ 0.5/√num_perm (about 1/√num_perm as a rule of thumb), its RMS over the pairs shown as \"theory RMS\":\n\n")
		p("| num_perm | 1/√num_perm | planted pairs: mean | p95 | RMS | theory RMS | %d random unrelated pairs: mean | p95 | RMS | theory RMS |\n|---|---|---|---|---|---|---|---|---|---|\n", randomPairs)
		for _, n := range numPerms {
			a, b := q.errPlanted[n], q.errRandom[n]
			p("| %d | %.3f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f | %.4f |\n", n, 1/math.Sqrt(float64(n)), a.mean, a.p95, a.rms, a.theoryRMS, b.mean, b.p95, b.rms, b.theoryRMS)
		}
		p("\n")
	}
	p("![precision–recall](%s)\n", chart)
}

func f3(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.3f", x)
}
