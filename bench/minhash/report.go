package minhash

import (
	"bytes"
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/bench/internal/quality"
)

// report writes the results measured so far as markdown.
func (b *bench) report(w *bytes.Buffer) {
	p := func(format string, args ...any) { fmt.Fprintf(w, format, args...) }
	end := harness.LoadAverage()
	switch {
	case b.pairs != nil:
		p("## near_duplicates at t = 0.8, two binaries (`go run ./bench minhash -pairs-only`)\n\n")
	case b.loads != nil:
		p("## LOAD DATA with the index, two binaries (`go run ./bench minhash -load-only`)\n\n")
	default:
		p("# Benchmarks of the MinHash index\n\n")
		p("Written by `go run ./bench minhash -out BENCHMARKS-minhash.md` (which `scripts/bench.sh` runs); do not edit, run it again.\n\n## Run\n\n")
	}
	p("Written by `go run ./bench minhash` on %s UTC, simsql %s; %s, %s/%s, %d CPUs (%s). The whole run took %.1f minutes",
		time.Now().UTC().Format("2006-01-02 15:04"), b.commit, runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), harness.CPUModel(),
		time.Since(b.start).Minutes())
	if b.buildTime > 0 {
		p(" (go build %.0f s)", b.buildTime.Seconds())
	}
	p(". The machine is shared: load average (1, 5, 15 min) %.2f / %.2f / %.2f at the start, %.2f / %.2f / %.2f at the end; ", b.startLoad[0], b.startLoad[1], b.startLoad[2], end[0], end[1], end[2])
	p("every figure is given with the 1-minute load average at the end of its measurement (column *load*), and every ratio is of two figures of this run.\n\n")
	if b.speed != nil {
		b.speedReport(p)
	}
	if b.pairs != nil {
		b.pairsReport(p)
	}
	if b.loads != nil {
		b.loadsReport(p)
	}
	if len(b.quality) > 0 {
		b.qualityReport(p)
	}
}

type printer func(format string, args ...any)

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**MISSED**"
}

func ratio(a, b time.Duration) float64 {
	if b == 0 {
		return math.NaN()
	}
	return float64(a) / float64(b)
}

func secs(ds []time.Duration) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = fmt.Sprintf("%.1f", d.Seconds())
	}
	return strings.Join(s, ", ")
}

func medianTimed(ts []timed) timed {
	s := slices.Clone(ts)
	slices.SortFunc(s, func(a, b timed) int { return int(a.d - b.d) })
	return s[len(s)/2]
}

func (b *bench) speedReport(p printer) {
	r := b.speed
	n := float64(r.rows)
	at1M := r.rows == 1_000_000
	bar := func(s string) string {
		if at1M {
			return s
		}
		return s + " (bar set at 1,000,000 rows)"
	}
	p("### Speed: %s synthetic signatures\n\n", group(r.rows))
	p("Rows `(id BIGINT PRIMARY KEY, sig VARBINARY(1038))`: signatures of %d slots (seed %d, the bytes of `minhash()`), slot values uniform in [0, 2⁶¹−1); in every run of %d rows the first is a base and the next %d are its neighbours planted at Jaccard %s (each slot kept with probability J, else drawn afresh); the rest random. ",
		numPerm, sigSeed, groupSize, len(plantLevels), floats(plantLevels))
	p("Loaded by `LOAD DATA LOCAL INFILE … %s` in %d files of %s rows into `plain` (no index) and `idx` (`%s` before the load), each load in a server of its own under `--cpu-profile`. ",
		loadClause, r.files, group(b.cfg.fileRows), fmt.Sprintf(indexDDL, "idx"))
	p("Point queries: %d signatures X (a third a group's base row, a third other rows, a third new neighbours at J = 0.85 of a base); brute-force answers in Go (%.1f s on %d CPUs). Pairs: the Go count bands the slots into %d interleaved bands (slot k in band k mod %d), not the index's adjacent ones (%.1f s). Generating the rows and files took %.1f s.\n\n",
		b.cfg.queries, r.truthTime.Seconds(), runtime.NumCPU(), numPerm-minAgreeAt(threshold)+1, numPerm-minAgreeAt(threshold)+1, r.pairsTime.Seconds(), r.genTime.Seconds())

	p("| measure | value | load | ratio / bar |\n|---|---|---|---|\n")
	if r.loadPlain.d > 0 {
		p("| LOAD DATA into `plain` (no index) | %s (%s rows/s) | %.2f | |\n", wallCPU(r.loadPlain), group(int(n/r.loadPlain.d.Seconds())), r.loadPlain.load)
	}
	if r.loadIdx.d > 0 {
		if r.stopped != "" {
			p("| LOAD DATA into `idx` (index made before the load) | **%s** | %.2f | |\n", r.stopped, r.loadIdx.load)
			done := len(r.filesIdx)
			var pl, ix time.Duration
			for i := range done {
				pl += r.filesPlain[i]
				ix += r.filesIdx[i]
			}
			var cpl, cix time.Duration
			for i := range done {
				cpl += r.cpuPlain[i]
				cix += r.cpuIdx[i]
			}
			p("| same files of `plain` / `idx` | %.1f s / %.1f s (server CPU %.1f s / %.1f s) | | %.1f× (CPU %.1f×) — bar ≤ 2×: %s |\n", pl.Seconds(), ix.Seconds(), cpl.Seconds(), cix.Seconds(), ratio(ix, pl), ratio(cix, cpl), verdict(ratio(ix, pl) <= 2))
		} else {
			rt := ratio(r.loadIdx.d, r.loadPlain.d)
			p("| LOAD DATA into `idx` (index made before the load) | %s (%s rows/s) | %.2f | %.1f× the plain load (CPU %.1f×) — %s |\n",
				wallCPU(r.loadIdx), group(int(n/r.loadIdx.d.Seconds())), r.loadIdx.load, rt, ratio(r.loadIdx.cpu, r.loadPlain.cpu), bar("bar ≤ 2×: "+verdict(rt <= 2)))
		}
		if len(r.filesIdx) > 1 && len(r.filesPlain) >= len(r.filesIdx) {
			var pl, ix time.Duration
			for i := 1; i < len(r.filesIdx); i++ {
				pl += r.filesPlain[i]
				ix += r.filesIdx[i]
			}
			var cpl, cix time.Duration
			for i := 1; i < len(r.filesIdx); i++ {
				cpl += r.cpuPlain[i]
				cix += r.cpuIdx[i]
			}
			p("| first file only: `plain` / `idx` | %.1f s / %.1f s (server CPU %.1f s / %.1f s) | | %.1f× (CPU %.1f×) |\n", r.filesPlain[0].Seconds(), r.filesIdx[0].Seconds(),
				r.cpuPlain[0].Seconds(), r.cpuIdx[0].Seconds(), ratio(r.filesIdx[0], r.filesPlain[0]), ratio(r.cpuIdx[0], r.cpuPlain[0]))
			p("| files 2..%d (index bucket no longer empty): `plain` / `idx` | %.1f s / %.1f s (server CPU %.1f s / %.1f s) | | %.1f× (CPU %.1f×) |\n", len(r.filesIdx), pl.Seconds(), ix.Seconds(),
				cpl.Seconds(), cix.Seconds(), ratio(ix, pl), ratio(cix, cpl))
		}
		loaded := float64(len(r.filesIdx) * b.cfg.fileRows)
		loaded = min(loaded, n)
		p("| data directory growth (du) per row: `plain` / `idx` | %.0f B / %.0f B | | index ≈ %.0f B/row |\n", float64(r.duPlain)/n, float64(r.duIdx)/loaded, float64(r.duIdx)/loaded-float64(r.duPlain)/n)
	}
	if r.createIdx.d > 0 {
		p("| CREATE INDEX … 'minhash t=0.8' on the filled `plain` (bulk build) | %s | %.2f | the indexed load took %.1f s more than the plain one; du growth %.0f B/row |\n",
			wallCPU(r.createIdx), r.createIdx.load, (r.loadIdx.d - r.loadPlain.d).Seconds(), float64(r.duCreate)/n)
	}
	if r.bIdx.keys > 0 {
		rowKey := 9 // a BIGINT primary key: a type byte and 8 bytes
		target := float64(bandsPerRow * (8 + rowKey))
		got := float64(r.bIdx.alloc) / n
		what := fmt.Sprintf("%d bands + the signature entry of %d B, a bbolt key each (layout 1)", bandsPerRow, 2*numPerm)
		if r.bIdx.packed {
			what = fmt.Sprintf("%d bands, packed about %.0f to a bbolt key (layout 2)", bandsPerRow, float64(r.bIdx.entries)/float64(r.bIdx.keys))
		}
		p("| index bucket in the bbolt file, made by LOAD DATA: pages per row (bytes in use) | %.0f B (%.0f B) | | %.0f entries per row (%s); target %d × (8 + %d-byte row key) = %.0f B/row: %s (%.1f× the target) |\n",
			got, float64(r.bIdx.inuse)/n, float64(r.bIdx.entries)/n, what, bandsPerRow, rowKey, target, verdict(got <= target), got/target)
		if r.bBulk.keys > 0 {
			p("| same, made by CREATE INDEX on `plain` | %.0f B (%.0f B) | | %.1f× the target |\n", float64(r.bBulk.alloc)/n, float64(r.bBulk.inuse)/n, float64(r.bBulk.alloc)/n/target)
		}
		p("| rows bucket of `plain` (for scale) | %.0f B/row (%.0f B in use) | | |\n", float64(r.bRows.alloc)/n, float64(r.bRows.inuse)/n)
		p("| bbolt file at the end: size / free pages | %.0f MB / %d pages of %d B | | |\n", float64(r.fileBytes)/1e6, r.freePages, r.pageSize)
	}
	if r.bucketErr != "" {
		p("| index bucket in the bbolt file | not measured: %s | | |\n", r.bucketErr)
	}
	if r.ans > 0 || r.idx.n > 0 {
		p("| point query answers (brute force): rows per query min / mean / max | %d / %.2f / %d | | |\n", r.ansMin, float64(r.ans)/float64(b.cfg.queries), r.ansMax)
		p("| candidates per answer row (Go, index layout): rows sharing a whole band (rows read by layout 2) / rows whose low 16 bits agree in ≥ %d slots (rows read by layout 1, whose signature entries hold them) | %.2f / %.2f | | |\n",
			minAgreeAt(threshold), float64(r.bandRows)/float64(r.ans), float64(r.lowRows)/float64(r.ans))
	}
	pq := func(name string, s series) {
		if s.n == 0 {
			if s.firstWrong != "" {
				p("| %s | failed: %s | | |\n", name, s.firstWrong)
			}
			return
		}
		exact := fmt.Sprintf("all %d equal brute force", s.n)
		if s.wrong > 0 {
			exact = fmt.Sprintf("**%d of %d differ from brute force**: %s", s.wrong, s.n, s.firstWrong)
		}
		p("| %s: median / p99 of %d | %.3f ms / %.3f ms (server CPU %.3f ms per query) | %.2f | %s; EXPLAIN PLAN as expected: %v |\n", name, s.n, harness.Ms(s.median), harness.Ms(s.p99),
			harness.Ms(s.cpu)/float64(s.n), s.load, exact, s.planOK)
	}
	pq("point query `minhash_jaccard(sig, X) >= 0.8` on `idx`, through the index", r.idx)
	if r.idx.n > 0 {
		p("| … bar: median ≤ 2 ms | | | %s |\n", bar(verdict(r.idx.median <= 2*time.Millisecond)))
	}
	pq("same X, forced full scan `IF(minhash_jaccard(sig, X) >= 0.8, 1, 0) = 1`", r.scan)
	if r.idx.n > 0 && r.scan.n > 0 {
		rt := ratio(r.scan.median, r.idxSame)
		p("| scan / index, medians over the same %d X | %.1f ms / %.3f ms | | %.0f× — %s |\n", r.scan.n, harness.Ms(r.scan.median), harness.Ms(r.idxSame), rt, bar("bar ≥ 100×: "+verdict(rt >= 100)))
	}
	if len(r.ndIdx) > 0 {
		mi, mp := medianTimed(r.ndIdx), medianTimed(r.ndPlain)
		p("| `SELECT COUNT(*) FROM near_duplicates('idx', 'sig', 0.8)`: median of %d (runs %s s) | %s | %.2f | %s |\n",
			len(r.ndIdx), secs(timedDurations(r.ndIdx)), wallCPU(mi), mi.load, bar("bar ≤ 10 s: "+verdict(mi.d <= 10*time.Second)))
		p("| same on `plain` (no index: table scan, banded in memory): median of %d (runs %s s) | %s | %.2f | %.2f× the index path (CPU %.2f×) |\n",
			len(r.ndPlain), secs(timedDurations(r.ndPlain)), wallCPU(mp), mp.load, ratio(mp.d, mi.d), ratio(mp.cpu, mi.cpu))
		check := "equal"
		if r.ndCountIdx != int64(r.ndWant) || r.ndPlainN != int64(r.ndWant) {
			check = "**differ from**"
		}
		p("| near_duplicates pairs: `idx`; `plain` | %d; %d | | %s the Go count (%d) |\n", r.ndCountIdx, r.ndPlainN, check, r.ndWant)
		list := fmt.Sprintf("identical to the Go pairs (ids and agreeing slots)")
		if !r.listOK {
			list = "**differs**: " + r.listDiff
		}
		p("| near_duplicates('idx', 'sig', 0.8) in full (left_id, right_id, similarity) | %d pairs in %s | %.2f | %s |\n", r.listN, wallCPU(r.listTime), r.listTime.load, list)
		if j := r.join; len(j.runs) > 0 {
			mj := medianTimed(j.runs)
			check := "equals"
			if j.count != int64(r.ndWant) {
				check = "**differs from**"
			}
			p("| self-join `%s` (SelfJoinPairs): median of %d (runs %s s) | %s | %.2f | %d pairs, %s the Go count; %.2f× near_duplicates; %s |\n",
				selfJoinQuery, len(j.runs), secs(timedDurations(j.runs)), wallCPU(mj), mj.load, j.count, check, ratio(mj.d, mi.d), bar("bar ≤ 10 s: "+verdict(mj.d <= 10*time.Second)))
			if l := r.lookup; len(l.runs) > 0 {
				lr := lookupRows(r.rows)
				pd := l.runs[0].d * time.Duration(r.rows/lr)
				p("| the lookup-join plan, its left side the first %s rows (`… AND a.id < %d`) | %s, projected to %s rows %.1f s | %.2f | %.0f× the self-join (projected) |\n",
					group(lr), lr, wallCPU(l.runs[0]), group(r.rows), pd.Seconds(), l.runs[0].load, ratio(pd, mj.d))
			}
		} else if j.reason != "" {
			p("| self-join `%s` | %s | | |\n", selfJoinQuery, j.reason)
		}
	}
	if len(r.filesIdx) > 0 {
		p("\nLOAD DATA seconds per %s-row file (server CPU seconds), `plain`: %s (%s); `idx`: %s (%s).\n", group(b.cfg.fileRows), secs(r.filesPlain), secs(r.cpuPlain), secs(r.filesIdx), secs(r.cpuIdx))
	}
	if r.idx.plan != "" {
		p("\nEXPLAIN PLAN of the point query on `idx`:\n\n```\n%s\n```\n", r.idx.plan)
	}
	b.profileReport(p)
}

func timedDurations(ts []timed) []time.Duration {
	out := make([]time.Duration, len(ts))
	for i, t := range ts {
		out[i] = t.d
	}
	return out
}

func (b *bench) profileReport(p printer) {
	r := b.speed
	if r.profErr != "" {
		p("\nCPU profiles not summarised: %s\n\n", r.profErr)
		return
	}
	if r.profIdx == nil || r.profPlain == nil {
		return
	}
	p("\n### Where the indexed load spends its time (CPU profiles)\n\n")
	p("`go tool pprof` of each load's server (`--cpu-profile`, from the ready line to shutdown): `plain` %s; `idx` %s. Steps nest (a function's time includes what it calls); shares are of each profile's own samples.\n\n", r.profPlain.Total, r.profIdx.Total)
	p("| step (function) | `plain` | `idx` |\n|---|---|---|\n")
	share := func(ss []harness.Share, name string) string {
		for _, s := range ss {
			if s.Name == name {
				return fmt.Sprintf("%.1f%%", 100*s.Share)
			}
		}
		return "–"
	}
	var names []string
	for _, s := range r.profIdx.Steps {
		names = append(names, s.Name)
	}
	for _, s := range r.profPlain.Steps {
		if !slices.Contains(names, s.Name) {
			names = append(names, s.Name)
		}
	}
	for _, name := range names {
		p("| %s | %s | %s |\n", name, share(r.profPlain.Steps, name), share(r.profIdx.Steps, name))
	}
	p("\nFlat CPU time by component:\n\n| component | `plain` | `idx` |\n|---|---|---|\n")
	names = names[:0]
	for _, s := range r.profIdx.Shares {
		if s.Share >= 0.005 {
			names = append(names, s.Name)
		}
	}
	for _, name := range names {
		p("| %s | %s | %s |\n", name, share(r.profPlain.Shares, name), share(r.profIdx.Shares, name))
	}
	p("\nTop functions of the `idx` load by cumulative time (`go tool pprof -top -cum`):\n\n```\n%s\n```\n\n", strings.Join(r.profIdx.CumTop, "\n"))
}

func (b *bench) qualityReport(p printer) {
	p("### Quality on real text\n\n")
	p("Each corpus of `scripts/fetch-corpora.sh` goes into `q (id BIGINT PRIMARY KEY, body LONGTEXT, sig VARBINARY(1038) AS (minhash(body)) STORED)` with planted near duplicates of %d of its texts chosen at random (words deleted, inserted and substituted at an edit rate drawn from %.0f%% to %.0f%%, `bench/internal/quality`). ",
		b.cfg.plants, 100*quality.MinEditRate, 100*quality.MaxEditRate)
	p("Then, under each index in turn (built by CREATE INDEX on the filled table, dropped after), %d probes `SELECT id FROM q WHERE jaccard(body, E) >= 0.8` (half new planted duplicates that are not rows, half the planted rows' own texts, whose own row is left out of the counts) and `near_duplicates('q', 'body', 0.8)` in full. ", b.cfg.probes)
	p("Truth: exact Jaccard of the token sets (textsim, as SQL `jaccard()`), computed in Go: pairs by prefix filtering, probes by comparing with every row; checked against brute force for the probes that are rows, and against SQL (`IF(jaccard(body, E) >= 0.8, 1, 0) = 1`, a full scan) for %d probes per corpus. ", b.cfg.truthProbes)
	p("*Verified per answer row*: rows (pairs) whose `jaccard()` the query computes — they share a whole band with the probe and pass the candidates' floor of agreeing slots — per row (pair) of the exact answer, computed in Go from the same signatures and the pigeonhole package's bands and floors (the floor is also read from EXPLAIN).\n\n")
	for _, res := range b.quality {
		if res.missing != "" {
			p("**%s: not measured**: %s\n\n", res.corpus.Name, res.missing)
			continue
		}
		p("**%s** (%s): %s %ss + %s planted = %s rows, loaded by INSERT in %s (load %.2f); truth %s pairs with jaccard ≥ 0.8 (Go: tokens and signatures %.1f s, pairs %.1f s); %d probes (%d of them rows), %s truth rows besides their own. Prefix filter and brute force %s; SQL `minhash(body)` and Go %s; forced-scan probes %s (median %.0f ms, load %.2f).\n\n",
			res.corpus.Name, res.corpus.Lang, group(res.docs), res.corpus.Unit, group(res.plants), group(res.docs+res.plants), wallCPU(res.load), res.load.load,
			group(res.truthPairs), res.tokensTime.Seconds(), res.truthTime.Seconds(), res.probes, res.probeInTable, group(res.probeTruth),
			res.prefixVsBrute, res.sigCheck, res.sqlTruth, medianMs(res.scanTimes), res.scanLoad)
		p("| index | build | floor (EXPLAIN) | probes TP / FP / FN | precision | recall | p50 / p99 | verified per answer row (band rows, read) | near_duplicates TP / FP / FN | precision | recall | time (load) | verified per pair |\n")
		p("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n")
		for _, cr := range res.configs {
			if cr.err != "" {
				p("| %s | **failed**: %s |||||||||||\n", cr.cfg.name, cr.err)
				continue
			}
			build, probes, pr, rc, lat, cand := "–", "–", "–", "–", "–", "–"
			floor := fmt.Sprint(cr.floor)
			if cr.cfg.comment != "" {
				build = wallCPU(cr.build)
				floor = fmt.Sprintf("%d (%s)", cr.floor, cr.explainFloor)
				if !cr.planOK {
					floor += " **index not in plan**"
				}
				probes = fmt.Sprintf("%d / %d / %d", cr.probes.TP, cr.probes.FP, cr.probes.FN)
				pr, rc = f3(cr.probes.Precision()), f3(cr.probes.Recall())
				m, p99 := harness.Quantiles(cr.probeTimes)
				lat = fmt.Sprintf("%.1f / %.1f ms (load %.2f)", harness.Ms(m), harness.Ms(p99), cr.probeLoad)
				a := float64(max(1, cr.answers))
				cand = fmt.Sprintf("%.2f (%.2f, %.2f)", float64(cr.cand.verified)/a, float64(cr.cand.bandRows)/a, float64(cr.cand.readRows)/a)
				if cr.selfMissing > 0 {
					probes += fmt.Sprintf(" **own row missing %d×**", cr.selfMissing)
				}
			}
			nd := fmt.Sprintf("%d / %d / %d", cr.nd.TP, cr.nd.FP, cr.nd.FN)
			if cr.ndSimWrong > 0 {
				nd += fmt.Sprintf(" **%d similarities wrong**", cr.ndSimWrong)
			}
			p("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s (load %.2f) | %.2f |\n",
				cr.cfg.name, build, floor, probes, pr, rc, lat, cand, nd, f3(cr.nd.Precision()), f3(cr.nd.Recall()),
				wallCPU(cr.ndTime), cr.ndTime.load, float64(cr.ndCandidates)/float64(max(1, res.truthPairs)))
		}
		for _, cr := range res.configs {
			if cr.firstFN != "" || cr.firstFP != "" {
				p("- %s: first miss: %s; first false positive: %s.\n", cr.cfg.name, orNone(cr.firstFN), orNone(cr.firstFP))
			}
		}
		p("\n")
	}
	// Bars per language and index.
	p("Bars (recall ≥ 0.99 and precision 1.0, per language, probes and near_duplicates pooled over its corpora):\n\n")
	p("| language | index | probes P / R | near_duplicates P / R | verdict |\n|---|---|---|---|---|\n")
	for _, lang := range []string{"English", "Chinese"} {
		for ci, cfg := range indexConfigs {
			var pr, nd quality.Confusion
			seen := false
			for _, res := range b.quality {
				if res.corpus.Lang != lang || res.missing != "" || ci >= len(res.configs) || res.configs[ci].err != "" {
					continue
				}
				seen = true
				c := res.configs[ci]
				pr.TP, pr.FP, pr.FN = pr.TP+c.probes.TP, pr.FP+c.probes.FP, pr.FN+c.probes.FN
				nd.TP, nd.FP, nd.FN = nd.TP+c.nd.TP, nd.FP+c.nd.FP, nd.FN+c.nd.FN
			}
			if !seen {
				continue
			}
			ok := nd.Precision() == 1 && nd.Recall() >= 0.99
			probes := "–"
			if cfg.comment != "" {
				probes = f3(pr.Precision()) + " / " + f3(pr.Recall())
				ok = ok && pr.Precision() == 1 && pr.Recall() >= 0.99
			}
			p("| %s | %s | %s | %s / %s | %s |\n", lang, cfg.name, probes, f3(nd.Precision()), f3(nd.Recall()), verdict(ok))
		}
	}
	p("\n")
}

// wallCPU is a duration and the server's CPU time meanwhile.
func wallCPU(t timed) string {
	return fmt.Sprintf("%.2f s (server CPU %.2f s)", t.d.Seconds(), t.cpu.Seconds())
}

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func medianMs(ts []time.Duration) float64 {
	if len(ts) == 0 {
		return math.NaN()
	}
	m, _ := harness.Quantiles(ts)
	return harness.Ms(m)
}

func f3(x float64) string {
	if math.IsNaN(x) {
		return "–"
	}
	return fmt.Sprintf("%.4f", x)
}

func floats(fs []float64) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = fmt.Sprint(f)
	}
	return strings.Join(s, ", ")
}

// group writes n with thousands separators.
func group(n int) string {
	s := fmt.Sprint(n)
	var out []byte
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 && s[i-1] != '-' {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out)
}
