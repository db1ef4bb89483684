package minhash

import (
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

// pairsResult is what -pairs-only measured: near_duplicates at 0.8 over
// the speed runs' signatures, by two binaries alternately on one data
// directory.
type pairsResult struct {
	rows       int
	loaded     bool   // the data directory was loaded by this run
	loadBinary string // which binary loaded it
	want       int
	bins       []string           // the binaries, baseline first
	labels     []string           // their labels
	nd         map[string][]timed // label + "/" + table → runs
	count      map[string]int64
	listOK     map[string]bool
	listDiff   map[string]string
}

// runPairs times SELECT COUNT(*) FROM near_duplicates(table, 'sig', 0.8)
// on `idx` (through the index) and `plain` (table scan) with the baseline
// binary and this binary in turn, -nd-runs rounds, in one data directory
// (-data; loaded by the baseline binary if it holds no tables yet, and
// kept), and checks each binary's full pair list against the Go pairs.
func (b *bench) runPairs(baseline, dataDir string) error {
	r := &pairsResult{rows: b.cfg.rows, nd: map[string][]timed{}, count: map[string]int64{}, listOK: map[string]bool{}, listDiff: map[string]string{}}
	b.pairs = r
	sigs := plantedSignatures(r.rows)
	pairs := pairsAtLeast(sigs, minAgreeAt(threshold))
	r.want = len(pairs)
	logf("%d signatures, %d pairs (Go)", r.rows, r.want)
	r.bins, r.labels = []string{b.bin}, []string{"this"}
	if baseline != "" {
		r.bins, r.labels = []string{baseline, b.bin}, []string{"baseline", "this"}
	}
	if _, err := os.Stat(filepath.Join(dataDir, "simsql.db")); err != nil {
		r.loaded, r.loadBinary = true, r.labels[0]
		files, err := writeSigFiles(filepath.Join(b.tmp, "files"), sigs, b.cfg.fileRows)
		if err != nil {
			return err
		}
		b.bin = r.bins[0]
		err = b.withServer(dataDir, nil, func(db *sql.DB) error {
			for _, q := range []string{"CREATE TABLE plain (id BIGINT PRIMARY KEY, sig VARBINARY(1038))",
				"CREATE TABLE idx (id BIGINT PRIMARY KEY, sig VARBINARY(1038))", fmt.Sprintf(indexDDL, "idx")} {
				if err := exec(b, db, q); err != nil {
					return err
				}
			}
			for _, table := range []string{"plain", "idx"} {
				logf("LOAD DATA into %s", table)
				if _, _, err := harness.LoadDataFilesWith(b.ctx, db, table, loadClause, files, r.rows, func(file string, d time.Duration) error { return logFile(file, d) }); err != nil {
					return err
				}
			}
			return nil
		})
		b.bin = r.bins[len(r.bins)-1]
		if err != nil {
			return err
		}
	}
	for round := range b.cfg.ndRuns {
		for k, bin := range r.bins {
			label := r.labels[k]
			b.bin = bin
			err := b.withServer(dataDir, nil, func(db *sql.DB) error {
				for _, table := range []string{"idx", "plain"} {
					var n int64
					t, err := b.measure(func() error {
						return db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM near_duplicates('"+table+"', 'sig', 0.8)").Scan(&n)
					})
					if err != nil {
						return fmt.Errorf("%s: near_duplicates on %s: %w", label, table, err)
					}
					r.nd[label+"/"+table] = append(r.nd[label+"/"+table], t)
					r.count[label+"/"+table] = n
					logf("  %s %s: %d pairs in %.2f s (server CPU %.2f s)", label, table, n, t.d.Seconds(), t.cpu.Seconds())
				}
				if round > 0 {
					return nil
				}
				got, err := ndPairs(b, db, "idx")
				if err != nil {
					return err
				}
				r.listOK[label], r.listDiff[label] = comparePairs(got, pairs)
				return nil
			})
			if err != nil {
				return err
			}
		}
	}
	b.bin = r.bins[len(r.bins)-1]
	return nil
}

// pairsReport writes what runPairs measured.
func (b *bench) pairsReport(p printer) {
	r := b.pairs
	p("### near_duplicates at t = 0.8: %s synthetic signatures, two binaries\n\n", group(r.rows))
	p("The rows of the speed runs (synth.go; described under *Speed* below) in `plain` (no index) and `idx` (`%s`)", fmt.Sprintf(indexDDL, "idx"))
	if r.loaded {
		p(", loaded by LOAD DATA in this run (by the %s binary)", r.loadBinary)
	}
	p(". `SELECT COUNT(*) FROM near_duplicates(table, 'sig', 0.8)`, %d rounds; in each round each binary (baseline first) runs in a server of its own on the same data directory, `idx` then `plain`. *CPU* is the server's CPU time (user + system) during the query; *load* the 1-minute load average at its end. Go count: %d pairs.\n\n",
		b.cfg.ndRuns, r.want)
	p("| binary | table | runs: wall s (server CPU s, load) | median wall | median CPU | pairs | full list equals Go |\n|---|---|---|---|---|---|---|\n")
	med := map[string]timed{}
	for _, label := range r.labels {
		for _, table := range []string{"idx", "plain"} {
			ts := r.nd[label+"/"+table]
			if len(ts) == 0 {
				continue
			}
			s := ""
			for i, t := range ts {
				if i > 0 {
					s += "; "
				}
				s += fmt.Sprintf("%.2f (%.2f, %.2f)", t.d.Seconds(), t.cpu.Seconds(), t.load)
			}
			m := medianTimed(ts)
			mc := medianCPU(ts)
			med[label+"/"+table] = timed{d: m.d, cpu: mc}
			list := "–"
			if table == "idx" {
				list = fmt.Sprint(r.listOK[label])
				if !r.listOK[label] {
					list += ": " + r.listDiff[label]
				}
			}
			p("| %s | `%s` | %s | %.2f s | %.2f s | %d | %s |\n", label, table, s, m.d.Seconds(), mc.Seconds(), r.count[label+"/"+table], list)
		}
	}
	p("\n")
	if len(r.labels) == 2 {
		for _, table := range []string{"idx", "plain"} {
			a, c := med["baseline/"+table], med["this/"+table]
			p("- `%s`: baseline / this, medians: wall %.2f×, CPU %.2f×.\n", table, ratio(a.d, c.d), ratio(a.cpu, c.cpu))
		}
	}
	this := med["this/idx"]
	p("- bar (1M signatures, all pairs at 0.8, ≤ 10 s): %s wall median %.2f s.\n\n", verdict(r.rows == 1_000_000 && this.d <= 10*time.Second), this.d.Seconds())
}

// medianCPU is the median of the runs' server CPU times.
func medianCPU(ts []timed) time.Duration {
	cs := make([]time.Duration, len(ts))
	for i, t := range ts {
		cs[i] = t.cpu
	}
	m, _ := harness.Quantiles(cs)
	return m
}
