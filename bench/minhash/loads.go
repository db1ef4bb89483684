package minhash

import (
	"database/sql"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/pigeonhole"
)

// loadsResult is what -load-only measured: the speed runs' LOAD DATA into
// plain and idx by two binaries in turn, each in a data directory of its
// own, and then the queries the index answers.
type loadsResult struct {
	rows, files int
	ndWant      int        // the Go count of pairs
	runs        []*loadRun // baseline first
}

// loadRun is one binary's two loads.
type loadRun struct {
	label, bin         string
	plain, idx         tableLoad
	profPlain, profIdx *harness.Profile
	profErr            string
	bIdx, bRows        bucketStat
	bucketErr          string
	point              series  // point queries through the index on idx
	nd                 []timed // SELECT COUNT(*) FROM near_duplicates('idx', 'sig', 0.8)
	ndCount            int64
	listOK             bool // the full pair list equals the Go pairs
	listDiff           string
}

// runLoads loads the speed runs' rows by LOAD DATA into plain (no index)
// and then into idx (the minhash index made first), each load in a server
// of its own under --cpu-profile, with the baseline binary (if any) and
// then this one, each in a fresh data directory; it times, in a server of
// its own, -queries point queries through the index (each answer checked
// against brute force) and -nd-runs near_duplicates counts over idx (the
// pairs checked against a count in Go); then it measures the index and
// rows buckets in the bbolt file.
func (b *bench) runLoads(baseline string) error {
	r := &loadsResult{rows: b.cfg.rows}
	b.loads = r
	sigs := plantedSignatures(r.rows)
	files, err := writeSigFiles(filepath.Join(b.tmp, "files"), sigs, b.cfg.fileRows)
	if err != nil {
		return err
	}
	r.files = len(files)
	m := minAgreeAt(threshold)
	bands, err := pigeonhole.ExactBands(numPerm, threshold, 2) // the index's layout
	if err != nil {
		return err
	}
	qs := pointQueries(sigs, b.cfg.queries)
	truth := pointTruths(sigs, qs, m, bands)
	hexes := make([]string, len(qs))
	for i, q := range qs {
		hexes[i] = hex.EncodeToString(marshal(q))
	}
	pairs := pairsAtLeast(sigs, m)
	r.ndWant = len(pairs)
	logf("%d point queries and %d pairs (Go)", len(qs), len(pairs))
	if baseline != "" {
		r.runs = append(r.runs, &loadRun{label: "baseline", bin: baseline})
	}
	r.runs = append(r.runs, &loadRun{label: "this", bin: b.bin})
	this := b.bin
	defer func() { b.bin = this }()
	for _, run := range r.runs {
		b.bin = run.bin
		dataDir := filepath.Join(b.tmp, "data-"+run.label)
		profPlain, profIdx := filepath.Join(b.tmp, run.label+"-plain.pprof"), filepath.Join(b.tmp, run.label+"-idx.pprof")
		logf("%s binary (%s)", run.label, run.bin)
		if run.plain, err = b.loadTable(dataDir, profPlain, "plain", false, files, nil); err != nil {
			return fmt.Errorf("%s: loading plain: %w", run.label, err)
		}
		if run.idx, err = b.loadTable(dataDir, profIdx, "idx", true, files, nil); err != nil {
			return fmt.Errorf("%s: loading idx: %w", run.label, err)
		}
		logf("  plain %.1f s (CPU %.1f s), idx %.1f s (CPU %.1f s)", run.plain.total.d.Seconds(), run.plain.total.cpu.Seconds(), run.idx.total.d.Seconds(), run.idx.total.cpu.Seconds())
		err = b.withServer(dataDir, nil, func(db *sql.DB) error {
			run.point = b.pointSeries(db, "SELECT id FROM idx WHERE minhash_jaccard(sig, X'%s') >= 0.8", hexes, truth, "(minhash index sig_j80)", true, warmup)
			logf("  %d point queries: median %.3f ms", run.point.n, harness.Ms(run.point.median))
			for range b.cfg.ndRuns {
				t, err := b.measure(func() error {
					return db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM near_duplicates('idx', 'sig', 0.8)").Scan(&run.ndCount)
				})
				if err != nil {
					return fmt.Errorf("near_duplicates: %w", err)
				}
				run.nd = append(run.nd, t)
				logf("  near_duplicates: %d pairs in %.2f s (server CPU %.2f s)", run.ndCount, t.d.Seconds(), t.cpu.Seconds())
			}
			got, err := ndPairs(b, db, "idx")
			if err != nil {
				return err
			}
			run.listOK, run.listDiff = comparePairs(got, pairs)
			return nil
		})
		if err != nil {
			return fmt.Errorf("%s: queries: %w", run.label, err)
		}
		if run.profPlain, err = harness.SummarizeProfile(b.ctx, run.bin, profPlain, speedSteps); err == nil {
			run.profIdx, err = harness.SummarizeProfile(b.ctx, run.bin, profIdx, speedSteps)
		}
		if err != nil {
			run.profErr = err.Error()
		}
		_, err = indexBuckets(filepath.Join(dataDir, "simsql.db"), func(sz bucketStat) {
			if run.bIdx.keys == 0 {
				run.bIdx = sz
			}
		}, func(sz bucketStat) {
			if run.bRows.keys == 0 {
				run.bRows = sz
			}
		})
		if err != nil {
			run.bucketErr = err.Error()
		}
	}
	return nil
}

// loadsReport writes what runLoads measured.
func (b *bench) loadsReport(p printer) {
	r := b.loads
	n := float64(r.rows)
	p("### LOAD DATA with and without the minhash index: %s synthetic signatures, %s\n\n", group(r.rows), map[bool]string{true: "two binaries", false: "one binary"}[len(r.runs) == 2])
	p("The rows of the speed runs (synth.go; described under *Speed* below), loaded by `LOAD DATA LOCAL INFILE … %s` in %d files of %s rows (one statement each) into `plain` (no index), then into `idx` (`%s` before the load), each load in a server of its own under `--cpu-profile`; ",
		loadClause, r.files, group(b.cfg.fileRows), fmt.Sprintf(indexDDL, "idx"))
	if len(r.runs) == 2 {
		p("the baseline binary first, then this one, each in a data directory of its own. ")
	}
	p("*CPU* is the server's CPU time (user + system) during the load; *load* the 1-minute load average at its end. The index bucket is measured in the bbolt file after the server stopped: its pages (bytes in use by bbolt's elements), and its entries.\n\n")
	p("| binary | `plain`: wall (server CPU, load) | `idx`: wall (server CPU, load) | `idx` / `plain`: wall, CPU | files 2..%d: wall, CPU | index bucket per row: pages (in use) | entries per row | layout |\n|---|---|---|---|---|---|---|---|\n", r.files)
	for _, run := range r.runs {
		tl := func(l tableLoad) string {
			return fmt.Sprintf("%.2f s (%.2f s, %.2f)", l.total.d.Seconds(), l.total.cpu.Seconds(), l.total.load)
		}
		var pl, ix, cpl, cix time.Duration
		for i := 1; i < min(len(run.plain.files), len(run.idx.files)); i++ {
			pl, ix = pl+run.plain.files[i], ix+run.idx.files[i]
			cpl, cix = cpl+run.plain.cpu[i], cix+run.idx.cpu[i]
		}
		bucket, entries, layout := "–", "–", "–"
		if s := run.bIdx; s.keys > 0 {
			bucket = fmt.Sprintf("%.0f B (%.0f B)", float64(s.alloc)/n, float64(s.inuse)/n)
			entries = fmt.Sprintf("%.2f", float64(s.entries)/n)
			layout = "1: a bbolt key per entry"
			if s.packed {
				layout = fmt.Sprintf("2: packed, %.0f entries per block", float64(s.entries)/float64(s.keys))
			}
		}
		if run.bucketErr != "" {
			bucket = "not measured: " + run.bucketErr
		}
		p("| %s | %s | %s | %.2f×, %.2f× | %.2f×, %.2f× | %s | %s | %s |\n", run.label, tl(run.plain), tl(run.idx),
			ratio(run.idx.total.d, run.plain.total.d), ratio(run.idx.total.cpu, run.plain.total.cpu), ratio(ix, pl), ratio(cix, cpl), bucket, entries, layout)
	}
	p("\n")
	last := r.runs[len(r.runs)-1]
	rt := ratio(last.idx.total.d, last.plain.total.d)
	at1M := ""
	if r.rows != 1_000_000 {
		at1M = " (bar set at 1,000,000 rows)"
	}
	p("- bar (LOAD DATA with the index ≤ 2× without): %s, this binary %.2f× wall, %.2f× server CPU%s.\n", verdict(rt <= 2), rt, ratio(last.idx.total.cpu, last.plain.total.cpu), at1M)
	if s := last.bIdx; s.keys > 0 {
		rowKey := 9 // a BIGINT primary key: a type byte and 8 bytes
		target := float64(bandsPerRow * (8 + rowKey))
		got := float64(s.alloc) / n
		p("- index bytes per row (target ≤ %d × (8 + %d-byte row key) = %.0f B): %.0f B of pages, %.0f B in use: %s (%.2f× the target).\n",
			bandsPerRow, rowKey, target, got, float64(s.inuse)/n, verdict(got <= target), got/target)
	}
	if len(r.runs) == 2 {
		a, c := r.runs[0], r.runs[1]
		p("- baseline / this: `idx` load wall %.2f×, CPU %.2f×; `plain` load wall %.2f×, CPU %.2f×; index pages per row %.2f×.\n",
			ratio(a.idx.total.d, c.idx.total.d), ratio(a.idx.total.cpu, c.idx.total.cpu), ratio(a.plain.total.d, c.plain.total.d), ratio(a.plain.total.cpu, c.plain.total.cpu),
			float64(a.bIdx.alloc)/float64(max(1, c.bIdx.alloc)))
	}
	p("\nQueries on `idx` after the load, in a server of its own: %d point queries `SELECT id FROM idx WHERE minhash_jaccard(sig, X) >= 0.8` through the index after %d unmeasured (X as in *Speed*: a third a group's base row, a third other rows, a third new neighbours at J = 0.85), each answer checked against brute force in Go; `SELECT COUNT(*) FROM near_duplicates('idx', 'sig', 0.8)` %d times, and the full pair list once, against the Go count (%d pairs).\n\n",
		b.cfg.queries, warmup, b.cfg.ndRuns, r.ndWant)
	p("| binary | point query median / p99 (server CPU per query, load) | answers | near_duplicates: runs wall s (server CPU s, load) | median | pairs | full list equals Go |\n|---|---|---|---|---|---|---|\n")
	for _, run := range r.runs {
		s := run.point
		answers := fmt.Sprintf("all %d equal brute force; EXPLAIN PLAN names the index: %v", s.n, s.planOK)
		if s.wrong > 0 {
			answers = fmt.Sprintf("**%d differ**: %s", s.wrong, s.firstWrong)
		}
		var runs []string
		for _, t := range run.nd {
			runs = append(runs, fmt.Sprintf("%.2f (%.2f, %.2f)", t.d.Seconds(), t.cpu.Seconds(), t.load))
		}
		med := "–"
		if len(run.nd) > 0 {
			mt := medianTimed(run.nd)
			med = fmt.Sprintf("%.2f s (CPU %.2f s)", mt.d.Seconds(), medianCPU(run.nd).Seconds())
		}
		list := fmt.Sprint(run.listOK)
		if !run.listOK {
			list += ": " + run.listDiff
		}
		p("| %s | %.3f / %.3f ms (%.3f ms, %.2f) | %s | %s | %s | %d | %s |\n", run.label, harness.Ms(s.median), harness.Ms(s.p99), harness.Ms(s.cpu)/float64(max(1, s.n)), s.load,
			answers, strings.Join(runs, "; "), med, run.ndCount, list)
	}
	p("\nLOAD DATA seconds per %s-row file (server CPU seconds):\n\n", group(b.cfg.fileRows))
	for _, run := range r.runs {
		p("- %s: `plain` %s (%s); `idx` %s (%s).\n", run.label, secs(run.plain.files), secs(run.plain.cpu), secs(run.idx.files), secs(run.idx.cpu))
	}
	var profs []*loadRun
	for _, run := range r.runs {
		if run.profErr != "" {
			p("\nCPU profiles of the %s binary not summarised: %s\n", run.label, run.profErr)
		} else if run.profIdx != nil && run.profPlain != nil {
			profs = append(profs, run)
		}
	}
	if len(profs) == 0 {
		p("\n")
		return
	}
	p("\nWhere the loads spend their time (`go tool pprof` of each load's server, from the ready line to shutdown; steps nest, a function's time includes what it calls; shares are of each profile's own samples): ")
	var cols []string
	for k, run := range profs {
		if k > 0 {
			p("; ")
		}
		p("%s `plain` %s, `idx` %s", run.label, run.profPlain.Total, run.profIdx.Total)
		cols = append(cols, run.label+" `plain`", run.label+" `idx`")
	}
	p(".\n\n| step (function) | %s |\n|---|%s\n", strings.Join(cols, " | "), strings.Repeat("---|", len(cols)))
	var names []string
	for _, run := range profs {
		for _, s := range append(slices.Clone(run.profIdx.Steps), run.profPlain.Steps...) {
			if !slices.Contains(names, s.Name) {
				names = append(names, s.Name)
			}
		}
	}
	share := func(ss []harness.Share, name string) string {
		for _, s := range ss {
			if s.Name == name {
				return fmt.Sprintf("%.1f%%", 100*s.Share)
			}
		}
		return "–"
	}
	for _, name := range names {
		p("| %s |", name)
		for _, run := range profs {
			p(" %s | %s |", share(run.profPlain.Steps, name), share(run.profIdx.Steps, name))
		}
		p("\n")
	}
	last = profs[len(profs)-1]
	p("\nTop functions of the %s binary's `idx` load by cumulative time (`go tool pprof -top -cum`):\n\n```\n%s\n```\n\n", last.label, strings.Join(last.profIdx.CumTop, "\n"))
}
