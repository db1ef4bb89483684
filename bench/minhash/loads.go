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
	point              series        // point queries through the index on idx
	scan               series        // the first -scan-queries of them as a forced full scan
	pointSame          time.Duration // median of the index times of the scan's X's
	join               selfJoin      // the self-join at 0.8 through its plan
	lookup             selfJoin      // the lookup-join plan, its left side the first rows
	nd                 []timed       // SELECT COUNT(*) FROM near_duplicates('idx', 'sig', 0.8)
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
			run.scan = b.pointSeries(db, "SELECT id FROM idx WHERE IF(minhash_jaccard(sig, X'%s') >= 0.8, 1, 0) = 1", hexes[:b.cfg.scanQueries], truth, "minhash index", false, scanWarmup)
			logf("  %d of them as a forced scan: median %.1f ms", run.scan.n, harness.Ms(run.scan.median))
			if len(run.point.times) >= b.cfg.scanQueries {
				run.pointSame, _ = harness.Quantiles(run.point.times[:b.cfg.scanQueries])
			}
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
			if run.join, err = b.timeSelfJoin(db, selfJoinQuery, "SelfJoinPairs", b.cfg.ndRuns); err != nil {
				return err
			}
			run.lookup, err = b.timeSelfJoin(db, fmt.Sprintf(lookupJoinQuery, lookupRows(r.rows)), "LookupJoin", 1)
			return err
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
		answers := s.answers("EXPLAIN PLAN names the index")
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
			answers, runsText(run.nd), med, run.ndCount, list)
	}
	p("\nThe first %d of the same point queries as a forced full scan (`WHERE IF(minhash_jaccard(sig, X) >= 0.8, 1, 0) = 1`, which no index answers), after %d unmeasured, answers checked the same way:\n\n", b.cfg.scanQueries, scanWarmup)
	p("| binary | forced scan median / p99 (load) | answers | index median of the same X's | scan / index |\n|---|---|---|---|---|\n")
	for _, run := range r.runs {
		s := run.scan
		p("| %s | %.1f / %.1f ms (%.2f) | %s | %.3f ms | %.0f× |\n", run.label, harness.Ms(s.median), harness.Ms(s.p99), s.load, s.answers("no minhash index in the plan"), harness.Ms(run.pointSame), ratio(s.median, run.pointSame))
	}
	p("\n")
	b.selfJoinReport(p)
	pq := last.point
	p("- bar (point query p50 ≤ 2 ms over the wire): %s, this binary %.3f ms (p99 %.3f ms, load %.2f)%s.\n", verdict(pq.median <= 2*time.Millisecond), harness.Ms(pq.median), harness.Ms(pq.p99), pq.load, at1M)
	sr := ratio(last.scan.median, last.pointSame)
	p("- bar (point query ≥ 100× a forced scan): %s, this binary %.0f× (scan %.1f ms / index %.3f ms, the same %d X's)%s.\n", verdict(sr >= 100), sr, harness.Ms(last.scan.median), harness.Ms(last.pointSame), last.scan.n, at1M)
	if len(last.nd) > 0 {
		nd := medianTimed(last.nd).d
		p("- bar (all pairs at t = 0.8 ≤ 10 s): near_duplicates %s, this binary median %.2f s", verdict(nd <= 10*time.Second), nd.Seconds())
		if len(last.join.runs) > 0 {
			jm := medianTimed(last.join.runs).d
			p("; the self-join %s, median %.2f s", verdict(jm <= 10*time.Second), jm.Seconds())
		}
		p("%s.\n", at1M)
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

// The self-join of all pairs at 0.8, and the same join with its left side
// cut to the first rows (a filter on one side alone: a lookup join through
// the index, a point query per left row).
const (
	selfJoinQuery   = "SELECT COUNT(*) FROM idx a JOIN idx b ON minhash_jaccard(a.sig, b.sig) >= 0.8 WHERE a.id < b.id"
	lookupJoinQuery = "SELECT COUNT(*) FROM idx a JOIN idx b ON minhash_jaccard(a.sig, b.sig) >= 0.8 WHERE a.id < b.id AND a.id < %d"
)

// lookupRows is the left side of the lookup join timed: 1% of the rows.
func lookupRows(rows int) int { return max(1, rows/100) }

// selfJoin is one self-join query timed.
type selfJoin struct {
	plan   string  // the plan's join node ("" if it is not the one wanted)
	runs   []timed // empty when the plan is not the one wanted
	count  int64
	reason string // why it was not timed
}

// timeSelfJoin runs the COUNT(*) join query runs times if EXPLAIN PLAN
// shows node (SelfJoinPairs, LookupJoin); else it records the plan.
func (b *bench) timeSelfJoin(db *sql.DB, query, node string, runs int) (selfJoin, error) {
	var j selfJoin
	plan, err := harness.Explain(b.ctx, db, query)
	if err != nil {
		return j, fmt.Errorf("EXPLAIN PLAN %s: %w", query, err)
	}
	if !strings.Contains(plan, node) {
		j.reason = "not timed: the plan has no " + node + " (" + joinNode(plan) + ")"
		logf("  %s: %s", query, j.reason)
		return j, nil
	}
	j.plan = node
	for range runs {
		t, err := b.measure(func() error { return db.QueryRowContext(b.ctx, query).Scan(&j.count) })
		if err != nil {
			return j, fmt.Errorf("%s: %w", query, err)
		}
		j.runs = append(j.runs, t)
		logf("  %s: %d pairs in %.2f s (server CPU %.2f s)", node, j.count, t.d.Seconds(), t.cpu.Seconds())
	}
	return j, nil
}

// joinNode is the first join-like node of an EXPLAIN PLAN.
func joinNode(plan string) string {
	for _, line := range strings.Split(plan, "\n") {
		l := strings.TrimLeft(line, " │├└─")
		if strings.Contains(l, "Join") {
			name, _, _ := strings.Cut(l, " ")
			return name
		}
	}
	return "no join node"
}

// selfJoinReport writes the self-join table of the -load-only run.
func (b *bench) selfJoinReport(p printer) {
	r := b.loads
	lr := lookupRows(r.rows)
	p("All pairs at t = 0.8 three ways on `idx`, in the same server as the queries above: `%s` through its plan (this binary: `SelfJoinPairs`, the all-pairs search of near_duplicates over the index; %d run(s)), near_duplicates (the runs above), and the lookup-join plan (a point query through the index per left row), timed with its left side cut to the first %s rows (`… AND a.id < %d`, which keeps it a lookup join) and projected to all %s rows (× %d; the pairs it counts are those rows'). The pair count of the first two must be the Go count (%d).\n\n",
		selfJoinQuery, b.cfg.ndRuns, group(lr), lr, group(r.rows), r.rows/lr, r.ndWant)
	p("| binary | self-join: runs wall s (server CPU s, load) | median | pairs | near_duplicates median | lookup join, %s left rows: wall (server CPU, load) | pairs | projected to %s rows | lookup join (projected) / self-join |\n|---|---|---|---|---|---|---|---|---|\n", group(lr), group(r.rows))
	for _, run := range r.runs {
		joinRuns, joinMed, joinN := run.join.reason, "–", "–"
		var jm time.Duration
		if len(run.join.runs) > 0 {
			joinRuns = runsText(run.join.runs)
			m := medianTimed(run.join.runs)
			jm = m.d
			joinMed = fmt.Sprintf("%.2f s (CPU %.2f s)", m.d.Seconds(), medianCPU(run.join.runs).Seconds())
			joinN = fmt.Sprint(run.join.count)
			if run.join.count != int64(r.ndWant) {
				joinN = fmt.Sprintf("**%d, Go %d**", run.join.count, r.ndWant)
			}
		}
		ndMed := "–"
		if len(run.nd) > 0 {
			ndMed = fmt.Sprintf("%.2f s", medianTimed(run.nd).d.Seconds())
		}
		lk, lkN, proj, rt := run.lookup.reason, "–", "–", "–"
		if len(run.lookup.runs) > 0 {
			t := run.lookup.runs[0]
			lk = fmt.Sprintf("%.2f s (%.2f s, %.2f)", t.d.Seconds(), t.cpu.Seconds(), t.load)
			lkN = fmt.Sprint(run.lookup.count)
			pd := t.d * time.Duration(r.rows/lr)
			proj = fmt.Sprintf("%.1f s", pd.Seconds())
			if jm > 0 {
				rt = fmt.Sprintf("%.0f×", ratio(pd, jm))
			}
		}
		p("| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", run.label, joinRuns, joinMed, joinN, ndMed, lk, lkN, proj, rt)
	}
	p("\n")
}

// answers says whether the series' answers all equal brute force, and
// whether its plan passed the check named planCheck.
func (s series) answers(planCheck string) string {
	if s.wrong > 0 {
		return fmt.Sprintf("**%d differ**: %s", s.wrong, s.firstWrong)
	}
	return fmt.Sprintf("all %d equal brute force; %s: %v", s.n, planCheck, s.planOK)
}

// runsText lists timed runs as "wall (server CPU, load)", in seconds.
func runsText(ts []timed) string {
	var rs []string
	for _, t := range ts {
		rs = append(rs, fmt.Sprintf("%.2f (%.2f, %.2f)", t.d.Seconds(), t.cpu.Seconds(), t.load))
	}
	return strings.Join(rs, "; ")
}
