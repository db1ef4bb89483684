// Package reclaim measures how simsql's data directory grows and shrinks
// (issue 13, item 9): on each engine it starts cmd/simsql on a fresh data
// directory, loads -rows rows (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED
// with a simhash k=3 index) by LOAD DATA, and prints the data directory's
// size (apparent bytes of its files, and blocks allocated as du counts
// them, and of the files that hold keys: simsql.db, or pebble's sstables
// without its write-ahead logs) after each step:
//
//	loaded        the rows loaded into t
//	deleted       DELETE FROM t (every row)
//	reloaded      the same rows loaded again into t: is freed space reused?
//	dropped       DROP TABLE t (waited for, up to 10 s, until the size stops changing)
//	loaded t2     the rows loaded into a new table t2
//	deleted half  DELETE FROM t2 WHERE id % 2 = 0
//	optimized     OPTIMIZE TABLE t2 (its note is printed)
//	deleted t2    DELETE FROM t2 (the rest)
//	optimized     OPTIMIZE TABLE t2 again
//	restarted     the server stopped and started again
//
// and the seconds each step took.
//
//	go run ./bench reclaim -rows 200000
//	go run ./bench reclaim -rows 200000 -binary /path/to/old/simsql   # another build, for a baseline
package reclaim

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

// Run runs the reclaim workload with args, its command-line flags; `go run
// ./bench reclaim ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("reclaim", "")
	rows := fs.Int("rows", 200_000, "`rows` to load")
	binary := fs.String("binary", "", "simsql `binary` to run (default: build ./cmd/simsql)")
	list := fs.Bool("list", false, "list the data directory's files after each step, on stderr")
	engines := fs.String("engines", "bbolt,pebble", "comma-separated `engines` to measure")
	timeout := fs.Duration("timeout", 20*time.Minute, "give up after this `duration`")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	ctx, cancel, tmp, err := harness.Begin(ctx, "reclaim", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	defer os.RemoveAll(tmp)
	bin := *binary
	if bin == "" {
		var err error
		if bin, err = harness.BuildSimsql(ctx, tmp, "reclaim"); err != nil {
			return err
		}
	}
	files, err := harness.WriteFingerprintFiles(filepath.Join(tmp, "rows"), harness.PlantedFingerprints(*rows), 100_000)
	if err != nil {
		return err
	}
	l := harness.LoadAverage()
	fmt.Printf("%d rows, commit %s, load average %.1f %.1f %.1f at start\n\n", *rows, harness.GitCommit(), l[0], l[1], l[2])
	fmt.Println("| engine | step | apparent MiB | allocated MiB | tables MiB | seconds | note |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for _, eng := range strings.Split(*engines, ",") {
		if err := measure(ctx, bin, filepath.Join(tmp, "data-"+eng), eng, files, *rows, *list); err != nil {
			return fmt.Errorf("%s: %w", eng, err)
		}
	}
	l = harness.LoadAverage()
	fmt.Printf("\nload average %.1f %.1f %.1f at end\n", l[0], l[1], l[2])
	return nil
}

func measure(ctx context.Context, bin, dataDir, eng string, files []string, rows int, list bool) error {
	srv, err := harness.StartSimsql(ctx, bin, dataDir, "--storage-engine", eng)
	if err != nil {
		return err
	}
	defer func() { srv.Stop() }()
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return err
	}
	defer func() { db.Close() }()
	db.SetMaxOpenConns(1)
	report := func(step, note string, took time.Duration) error {
		alloc, size, err := harness.DirSize(dataDir)
		if err != nil {
			return err
		}
		fmt.Printf("| %s | %s | %.2f | %.2f | %.2f | %.2f | %s |\n", eng, step, mib(size), mib(alloc), mib(tableBytes(dataDir)), took.Seconds(), note)
		if list {
			filepath.WalkDir(dataDir, func(path string, d fs.DirEntry, err error) error {
				if err == nil && !d.IsDir() {
					if fi, err := d.Info(); err == nil {
						fmt.Fprintf(os.Stderr, "  %s %d\n", path[len(dataDir):], fi.Size())
					}
				}
				return nil
			})
		}
		return nil
	}
	exec := func(q string) error {
		_, err := db.ExecContext(ctx, q)
		if err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
		return nil
	}
	load := func(table string) error {
		if err := exec("CREATE TABLE IF NOT EXISTS " + table + " (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED, KEY fp_ix (fp) COMMENT 'simhash k=3')"); err != nil {
			return err
		}
		_, _, err := harness.LoadDataFiles(ctx, db, table, files, rows, nil)
		return err
	}
	steps := []struct {
		name string
		run  func() (string, error)
	}{
		{"loaded", func() (string, error) { return "", load("t") }},
		{"deleted", func() (string, error) { return "", exec("DELETE FROM t") }},
		{"reloaded", func() (string, error) { return "", load("t") }},
		{"dropped", func() (string, error) { return "", settle(dataDir, exec("DROP TABLE t")) }},
		{"loaded t2", func() (string, error) { return "", load("t2") }},
		{"deleted half", func() (string, error) { return "", exec("DELETE FROM t2 WHERE id % 2 = 0") }},
		{"optimized", func() (string, error) { return optimize(ctx, db, "t2") }},
		{"deleted t2", func() (string, error) { return "", exec("DELETE FROM t2") }},
		{"optimized", func() (string, error) { return optimize(ctx, db, "t2") }},
		{"restarted", func() (string, error) {
			db.Close()
			srv.Stop()
			if srv, err = harness.StartSimsql(ctx, bin, dataDir); err != nil {
				return "", err
			}
			db, err = harness.Open(srv.Addr, "simsql")
			return "", err
		}},
	}
	for _, s := range steps {
		start := time.Now()
		note, err := s.run()
		took := time.Since(start)
		if err != nil {
			return fmt.Errorf("%s: %w", s.name, err)
		}
		if err := report(s.name, note, took); err != nil {
			return err
		}
	}
	return nil
}

// optimize runs OPTIMIZE TABLE and returns its answer rows' messages.
func optimize(ctx context.Context, db *sql.DB, table string) (string, error) {
	rs, err := db.QueryContext(ctx, "OPTIMIZE TABLE "+table)
	if err != nil {
		return "", err
	}
	defer rs.Close()
	var msgs []string
	for rs.Next() {
		var tbl, op, typ, text string
		if err := rs.Scan(&tbl, &op, &typ, &text); err != nil {
			return "", err
		}
		msgs = append(msgs, typ+": "+text)
	}
	return strings.Join(msgs, "; "), rs.Err()
}

// settle waits, up to 10 s, for the data directory's size to stop
// changing (pebble compacts a dropped table in the background).
func settle(dir string, err error) error {
	if err != nil {
		return err
	}
	var last int64 = -1
	same := 0
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && same < 5; {
		_, size, err := harness.DirSize(dir)
		if err != nil {
			return err
		}
		if size == last {
			same++
		} else {
			same, last = 0, size
		}
		time.Sleep(200 * time.Millisecond)
	}
	return nil
}

// tableBytes is the apparent size of the files that hold keys: simsql.db,
// or pebble's sstables (without its write-ahead logs).
func tableBytes(dataDir string) int64 {
	if fi, err := os.Stat(filepath.Join(dataDir, "simsql.db")); err == nil {
		return fi.Size()
	}
	ssts, _ := filepath.Glob(filepath.Join(dataDir, "pebble", "*.sst"))
	var n int64
	for _, f := range ssts {
		if fi, err := os.Stat(f); err == nil {
			n += fi.Size()
		}
	}
	return n
}

func mib(n int64) float64 { return float64(n) / (1 << 20) }
