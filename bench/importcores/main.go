// Package importcores measures issue 13's bulk-path bar: `simsql import`
// of the Tang poems and the King James Bible into a table with
// `fp BIGINT UNSIGNED AS (simhash(body)) STORED`, with the server on one
// core (GOMAXPROCS=1: generated columns computed on the statement's
// goroutine) and on every core (GOMAXPROCS unset: catalog's
// ParallelProject computes them on a worker per core), the two
// alternating -rounds times so that a change in the machine's load falls
// on both. It reports each corpus's rows per second (the best round of
// each setting, and the median), the ratio of every-core to one-core, the
// server's CPU time and the load average. Each server loads its Chinese
// dictionary (DO simhash('…')) before the clock starts: the import is
// timed as in a server that has run, and the one-off load is start-up
// cost, which bench/startup measures. The corpora come from
// scripts/fetch-corpora.sh (SIMSQL_CORPORA).
//
//	go run ./bench importcores
//	go run ./bench importcores -rounds 1 -corpora tang   # smoke run
package importcores

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

// corpus is one JSONL corpus of scripts/fetch-corpora.sh and the table
// it is imported into.
type corpus struct {
	name, file, ddl string
}

var corpora = []corpus{
	{"tang", "tang/poems.jsonl", "CREATE TABLE tang (id VARCHAR(64) PRIMARY KEY, title TEXT, author TEXT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)"},
	{"kjv", "kjv/bible.jsonl", "CREATE TABLE kjv (id VARCHAR(64) PRIMARY KEY, book TEXT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)"},
}

// Run runs the importcores workload with args, its command-line flags; `go run
// ./bench importcores ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("importcores", "")
	rounds := fs.Int("rounds", 3, "alternating `rounds` of one-core and every-core imports")
	only := fs.String("corpora", "tang,kjv", "comma-separated `corpora` to import")
	timeout := fs.Duration("timeout", 60*time.Minute, "give up after this `duration`")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	dir := os.Getenv("SIMSQL_CORPORA")
	if dir == "" {
		return fmt.Errorf("SIMSQL_CORPORA is not set (scripts/fetch-corpora.sh fetches the corpora)")
	}
	tmp, bin, err := harness.Workdir(ctx, "importcores")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	load1 := harness.LoadAverage()
	fmt.Printf("# import on one core and on every core\n\ncommit %s, %s, %d cores; %d alternating rounds; load average before %.1f %.1f %.1f; each server's dictionary loaded before its import is timed\n\n",
		harness.GitCommit(), harness.CPUModel(), runtime.NumCPU(), *rounds, load1[0], load1[1], load1[2])
	fmt.Println("| corpus | rows | one core: rows/s best (median), server CPU | every core: rows/s best (median), server CPU | every core ÷ one core (best, median) |")
	fmt.Println("|---|---|---|---|---|")
	for _, c := range corpora {
		if !slices.Contains(strings.Split(*only, ","), c.name) {
			continue
		}
		file := filepath.Join(dir, c.file)
		n, err := countLines(file)
		if err != nil {
			return err
		}
		var one, all []run
		for r := 0; r < *rounds; r++ {
			for _, procs := range []string{"1", ""} {
				res, err := importOnce(ctx, bin, filepath.Join(tmp, fmt.Sprintf("%s-%d-%s", c.name, r, procs)), c, file, procs)
				if err != nil {
					return fmt.Errorf("%s, GOMAXPROCS=%q: %w", c.name, procs, err)
				}
				fmt.Fprintf(os.Stderr, "importcores: %s GOMAXPROCS=%q: %.1f s, server CPU %.1f s\n", c.name, procs, res.wall.Seconds(), res.cpu.Seconds())
				if procs == "1" {
					one = append(one, res)
				} else {
					all = append(all, res)
				}
			}
		}
		b1, m1 := rates(one, n)
		b2, m2 := rates(all, n)
		fmt.Printf("| %s | %d | %.0f (%.0f), %.1f s | %.0f (%.0f), %.1f s | %.2f×, %.2f× |\n",
			c.name, n, b1, m1, medianCPU(one).Seconds(), b2, m2, medianCPU(all).Seconds(), b2/b1, m2/m1)
	}
	load2 := harness.LoadAverage()
	fmt.Printf("\nload average after %.1f %.1f %.1f\n", load2[0], load2[1], load2[2])
	return nil
}

// run is one import: its wall time and the server's CPU time.
type run struct{ wall, cpu time.Duration }

// importOnce starts a server on a fresh data directory with GOMAXPROCS
// procs ("" for the default), creates c's table and imports file.
func importOnce(ctx context.Context, bin, dataDir string, c corpus, file, procs string) (run, error) {
	if procs != "" {
		os.Setenv("GOMAXPROCS", procs)
	} else {
		os.Unsetenv("GOMAXPROCS")
	}
	srv, err := harness.StartSimsql(ctx, bin, dataDir)
	os.Unsetenv("GOMAXPROCS")
	if err != nil {
		return run{}, err
	}
	defer srv.Stop()
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return run{}, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, c.ddl); err != nil {
		return run{}, err
	}
	// The Chinese dictionary loads on the first Han text (issue 13's fast
	// start): load it before the clock starts, as in a server that has run,
	// so that the one-off load (bench/startup measures it) is not counted
	// as import time, where it would run on one core in both settings.
	if _, err := db.ExecContext(ctx, "DO simhash('中文分词')"); err != nil {
		return run{}, err
	}
	_, port, _ := strings.Cut(srv.Addr, ":")
	cpu0 := harness.ProcessCPU(srv.Cmd.Process.Pid)
	start := time.Now()
	cmd := exec.CommandContext(ctx, bin, "import", "--port", port, "--table", c.name, "--quiet", file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return run{}, fmt.Errorf("simsql import: %v: %s", err, out.String())
	}
	return run{wall: time.Since(start), cpu: harness.ProcessCPU(srv.Cmd.Process.Pid) - cpu0}, nil
}

// rates returns the best and the median rows per second of runs.
func rates(runs []run, rows int) (best, median float64) {
	walls := make([]time.Duration, len(runs))
	for i, r := range runs {
		walls[i] = r.wall
	}
	slices.Sort(walls)
	return float64(rows) / walls[0].Seconds(), float64(rows) / walls[len(walls)/2].Seconds()
}

func medianCPU(runs []run) time.Duration {
	cpus := make([]time.Duration, len(runs))
	for i, r := range runs {
		cpus[i] = r.cpu
	}
	slices.Sort(cpus)
	return cpus[len(cpus)/2]
}

func countLines(file string) (int, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return 0, err
	}
	return bytes.Count(b, []byte("\n")), nil
}
