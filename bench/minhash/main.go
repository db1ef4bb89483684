// Package minhash measures simsql's minhash index over the MySQL protocol
// and prints a markdown report (and with -out writes it to a file that
// BENCHMARKS.md can include). Every figure carries the machine's load
// average when it was taken, and every ratio is of two figures of the same
// run.
//
// Speed, on -rows synthetic signatures (synth.go): random signatures of
// 128 slots and, in every run of 100 rows, a base row followed by
// neighbours planted at Jaccard 0.95 … 0.6 (each slot of the base kept with
// probability J). Loaded by LOAD DATA LOCAL INFILE (hexadecimal, UNHEX)
// into `plain` (id BIGINT PRIMARY KEY, sig VARBINARY(1038)) and into `idx`,
// the same table with INDEX sig_j80 (sig) COMMENT 'minhash t=0.8' made
// before the load; each load runs in its own server under --cpu-profile.
// Then: point queries minhash_jaccard(sig, X) >= 0.8 on `idx` through the
// index and as a forced full scan (IF(…, 1, 0) = 1) for the same X, every
// answer checked against a brute-force scan in Go, with the index's
// candidates counted in Go; SELECT COUNT(*) FROM near_duplicates over `idx`
// (the index) and over `plain` (a table scan banded in memory), the counts
// and the whole pair list checked against a count in Go by banding; the
// same pairs as the self-join `idx a JOIN idx b ON minhash_jaccard(a.sig,
// b.sig) >= 0.8 WHERE a.id < b.id` (SelfJoinPairs) and as its lookup-join
// plan over the first 1% of the rows, projected; CREATE INDEX on the
// filled `plain`; the data directory's growth per load and,
// after the server stops, the pages of the index buckets in the bbolt file.
//
// -load-only (loads.go) loads the same rows into plain and idx with a
// -baseline binary and then this one, each in a data directory of its own,
// and with each times the point queries (through the index and, for the
// first -scan-queries, as a forced scan), near_duplicates over idx, and
// all pairs at 0.8 as the self-join `idx a JOIN idx b ON
// minhash_jaccard(a.sig, b.sig) >= 0.8` (SelfJoinPairs where the binary
// has it) and as a lookup join over the first 1% of the rows, projected.
//
// Quality, on real text (quality.go): each corpus of scripts/fetch-corpora.sh
// with planted near duplicates of some of its texts (1–30% of words edited,
// bench/internal/quality) in a table with sig AS (minhash(body)) STORED,
// under each of three indexes in turn (t=0.8 exact, t=0.7 exact, banded
// 16×6) and none: jaccard(body, E) >= 0.8 for a sample of probes E and
// near_duplicates(t, 'body', 0.8), against the exact answers computed in Go
// with textsim (what jaccard() computes), and the candidates each verified.
//
//	go run ./bench minhash                 # 1,000,000 rows and all four corpora
//	go run ./bench minhash -rows 100000    # smoke size
//	go run ./bench minhash -out bench/minhash.md
package minhash

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

// config is what a run measures.
type config struct {
	rows, queries, scanQueries, ndRuns, fileRows int
	maxLoad                                      time.Duration
	speed, quality                               bool
	corpora                                      string
	probes, plants, truthProbes, corpusDocs      int
}

// Run runs the minhash workload with args, its command-line flags; `go run
// ./bench minhash ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("minhash", "")
	var cfg config
	fs.IntVar(&cfg.rows, "rows", 1_000_000, "`number` of synthetic signatures of the speed runs")
	fs.IntVar(&cfg.queries, "queries", 200, "`number` of point queries through the index")
	fs.IntVar(&cfg.scanQueries, "scan-queries", 20, "`number` of the same point queries run as a forced full scan")
	fs.IntVar(&cfg.ndRuns, "nd-runs", 3, "`runs` of each near_duplicates count (the median is reported)")
	fs.IntVar(&cfg.fileRows, "file-rows", 100_000, "`rows` per LOAD DATA LOCAL INFILE file (one statement each)")
	fs.DurationVar(&cfg.maxLoad, "max-load", 30*time.Minute, "stop the indexed load when its projected `duration` exceeds this, and report the extrapolation")
	noSpeed := fs.Bool("no-speed", false, "skip the synthetic speed runs")
	noQuality := fs.Bool("no-quality", false, "skip the quality runs on real text")
	fs.StringVar(&cfg.corpora, "corpora", os.Getenv("SIMSQL_CORPORA"), "`directory` of scripts/fetch-corpora.sh's corpora (default $SIMSQL_CORPORA)")
	fs.IntVar(&cfg.probes, "probes", 200, "`number` of jaccard(body, E) probes per corpus")
	fs.IntVar(&cfg.plants, "plants", 500, "`number` of planted near duplicates per corpus")
	fs.IntVar(&cfg.truthProbes, "sql-truth-probes", 3, "`number` of probes per corpus also answered by a forced SQL scan, to check the Go ground truth against jaccard()")
	fs.IntVar(&cfg.corpusDocs, "corpus-docs", 0, "at most this many `documents` of each corpus (0: all)")
	timeout := fs.Duration("timeout", 3*time.Hour, "give up after this `duration`")
	binary := fs.String("binary", "", "simsql `binary` to run (default: build ./cmd/simsql)")
	keep := fs.Bool("keep", false, "keep the temporary directory")
	commit := fs.String("commit", "", "`label` printed as the commit (default: git describe --always --dirty of the working tree)")
	out := fs.String("out", "", "also write the report to `file` (a section for BENCHMARKS.md)")
	pairsOnly := fs.Bool("pairs-only", false, "only time near_duplicates at 0.8 over -rows signatures, with -baseline and this binary alternately, in -data")
	loadOnly := fs.Bool("load-only", false, "only time LOAD DATA of -rows signatures into plain and idx, with -baseline and then this binary, each in a data directory of its own, measure the index bucket, and time point queries, forced scans, near_duplicates and the self-join on idx")
	baseline := fs.String("baseline", "", "with -pairs-only or -load-only: the baseline simsql `binary`, timed in turn with this one")
	dataDir := fs.String("data", "", "with -pairs-only: the data `directory`, loaded (by the baseline binary) when it holds no tables and kept")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	cfg.speed, cfg.quality = !*noSpeed, !*noQuality
	if *loadOnly {
		cfg.speed, cfg.quality = false, false
	}
	if *pairsOnly {
		cfg.speed, cfg.quality = false, false
		if *dataDir == "" {
			return harness.Usagef("-pairs-only needs -data")
		}
	}
	if cfg.rows < groupSize || cfg.queries < 1 || cfg.scanQueries < 1 || cfg.scanQueries > cfg.queries || cfg.ndRuns < 1 || cfg.fileRows < 1 || cfg.probes < 1 {
		return harness.Usagef("want -rows >= 100, -queries >= -scan-queries >= 1, -nd-runs >= 1, -file-rows >= 1, -probes >= 1")
	}
	ctx, cancel, tmp, err := harness.Begin(ctx, "minhash", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	b := &bench{ctx: ctx, cfg: cfg, tmp: tmp, start: time.Now(), startLoad: harness.LoadAverage()}
	b.commit = *commit
	if b.commit == "" {
		b.commit = harness.GitCommit()
	}
	switch {
	case *pairsOnly:
		if err = b.run(*binary); err == nil {
			err = b.runPairs(*baseline, *dataDir)
		}
	case *loadOnly:
		if err = b.run(*binary); err == nil {
			err = b.runLoads(*baseline)
		}
	default:
		err = b.run(*binary)
	}
	if *keep {
		fmt.Fprintln(os.Stderr, "minhash: keeping", tmp)
	} else {
		os.RemoveAll(tmp)
	}
	var md bytes.Buffer
	b.report(&md)
	os.Stdout.Write(md.Bytes())
	if *out != "" {
		if werr := os.WriteFile(*out, md.Bytes(), 0o644); werr != nil {
			fmt.Fprintln(os.Stderr, "minhash:", werr)
		}
	}
	if err != nil && b.srv != nil {
		return fmt.Errorf("%w\nsimsql stderr (last 4 KiB):\n%s", err, tail(b.srv.Stderr.String(), 4096))
	}
	return err
}

func logf(format string, args ...any) {
	l := harness.LoadAverage()
	fmt.Fprintf(os.Stderr, "minhash [load %.2f]: "+format+"\n", append([]any{l[0]}, args...)...)
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

// bench is one run.
type bench struct {
	ctx         context.Context
	cfg         config
	tmp         string
	bin         string
	commit      string
	start       time.Time
	startLoad   [3]float64
	buildTime   time.Duration
	srv         *harness.Server // the server running, for its stderr on failure
	speed       *speedResult
	pairs       *pairsResult
	loads       *loadsResult
	quality     []*corpusResult
	qualityNote string
}

func (b *bench) run(binary string) error {
	if binary == "" {
		t0 := time.Now()
		var err error
		if binary, err = harness.BuildSimsql(b.ctx, b.tmp, "minhash"); err != nil {
			return err
		}
		b.buildTime = time.Since(t0)
	}
	b.bin = binary
	if b.cfg.speed {
		if err := b.runSpeed(); err != nil {
			return fmt.Errorf("speed: %w", err)
		}
	}
	if b.cfg.quality {
		if err := b.runQuality(); err != nil {
			return fmt.Errorf("quality: %w", err)
		}
	}
	return nil
}

// timed is a measured duration, the CPU time the server used meanwhile,
// and the 1-minute load average at its end.
type timed struct {
	d, cpu time.Duration
	load   float64
}

// measure times f and the CPU time of the server running.
func (b *bench) measure(f func() error) (timed, error) {
	c0 := b.serverCPU()
	t0 := time.Now()
	err := f()
	return timed{d: time.Since(t0), cpu: b.serverCPU() - c0, load: harness.LoadAverage()[0]}, err
}

// serverCPU is the CPU time the running server has used (0 if none).
func (b *bench) serverCPU() time.Duration {
	if b.srv == nil {
		return 0
	}
	return harness.ProcessCPU(b.srv.Cmd.Process.Pid)
}
