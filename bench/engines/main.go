// Package engines compares simsql's storage engines (bbolt, format 1;
// pebble, format 2) with each other and with MariaDB, in one run on one
// machine, over the MySQL protocol: the measurement issue 13 asks the
// engine to be chosen by. For each engine it starts `simsql serve
// --storage-engine E` on a fresh data directory and measures
//
//   - LOAD DATA LOCAL of -rows (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)
//     rows (bench/internal/harness's planted fingerprints, files of 100,000
//     rows), into a plain table and into one with a simhash k=3 index;
//   - the data directory's growth per row of each (du; pebble's numbers are
//     after the server stopped, with its write-ahead log);
//   - single-row autocommit INSERTs for -single on 1 and on -clients
//     connections at once (each INSERT is on disk before its OK, so this is
//     bound by fsync; many clients can share fsyncs only with group commit);
//   - point SELECTs by primary key: median and p99 of -selects;
//   - with -batch N, a bulk load of the same rows through N-row INSERTs into
//     a third table, with its growth per row;
//   - of each bulk load into the plain table, the seconds of the first and
//     the last 100,000 rows (a growing figure means loads slow down as the
//     table grows; with a -batch that does not divide 100,000 the slices
//     end at the first statement past each 100,000th row).
//
// and, if mariadbd is on PATH, the same loads and INSERT runs on MariaDB with
// its default durable settings. Output: a markdown table, ratios against
// bbolt and MariaDB from the same run, and the load average.
//
// With -baseline a simsql binary built elsewhere (from main, say) is
// measured first on the same engines, so that a change is compared with
// its baseline in one run; -cpu-profile writes each simsql server's CPU
// profile (its --cpu-profile) into a directory.
//
//	go run ./bench engines -rows 1000000
//	go run ./bench engines -rows 100000 -single 3s   # smoke run
//	go run ./bench engines -engines bbolt -batch 1000 # with the multi-row INSERT load
//	go run ./bench engines -engines bbolt -baseline /tmp/simsql-main -cpu-profile /tmp/prof
package engines

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

// Run runs the engines workload with args, its command-line flags; `go run
// ./bench engines ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("engines", "")
	rows := fs.Int("rows", 1_000_000, "`rows` to load")
	single := fs.Duration("single", 5*time.Second, "`duration` of each single-row INSERT run")
	clients := fs.Int("clients", 8, "concurrent `connections` of the second INSERT run")
	selects := fs.Int("selects", 2000, "`number` of point SELECTs")
	engines := fs.String("engines", "bbolt,pebble", "comma-separated storage `engines` to measure")
	timeout := fs.Duration("timeout", 30*time.Minute, "give up after this `duration`")
	baseline := fs.String("baseline", "", "a simsql `binary` to measure first, on the same engines, as the baseline")
	profiles := fs.String("cpu-profile", "", "write each simsql server's CPU profile into `directory`")
	batch := fs.Int("batch", 0, "also bulk-load the rows through INSERTs of `rows` each (0: not)")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	if *rows <= 0 || *batch < 0 || *selects <= 0 {
		return harness.Usagef("-rows and -selects must be positive, -batch not negative")
	}
	ctx, cancel, tmp, err := harness.Begin(ctx, "engines", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	defer os.RemoveAll(tmp)
	fps := harness.PlantedFingerprints(*rows)
	files, err := harness.WriteFingerprintFiles(filepath.Join(tmp, "files"), fps, chunk)
	if err != nil {
		return err
	}
	bin, err := harness.BuildSimsql(ctx, tmp, "engines")
	if err != nil {
		return err
	}
	w := workload{ctx: ctx, files: files, fps: fps, batch: *batch, rows: *rows, single: *single, clients: *clients, selects: *selects, profiles: *profiles}
	type binary struct{ name, path string }
	bins := []binary{{"simsql", bin}}
	if *baseline != "" {
		bins = []binary{{"baseline", *baseline}, {"simsql", bin}}
	}
	if *profiles != "" {
		if err := os.MkdirAll(*profiles, 0o755); err != nil {
			return err
		}
	}
	var results []result
	for _, b := range bins {
		for _, eng := range strings.Split(*engines, ",") {
			name := b.name + " " + eng
			fmt.Fprintf(os.Stderr, "engines: measuring %s\n", name)
			r, err := w.simsql(b.path, filepath.Join(tmp, "data-"+b.name+"-"+eng), name, eng)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			results = append(results, r)
		}
	}
	fmt.Fprintln(os.Stderr, "engines: measuring MariaDB")
	m, err := w.mariadb(filepath.Join(tmp, "mariadb"))
	if err != nil && !errors.Is(err, harness.ErrNoMariaDB) {
		return fmt.Errorf("mariadb: %w", err)
	}
	if err == nil {
		results = append(results, m)
	}
	print(results, *rows, *clients, *batch, harness.GitCommit())
	return nil
}

type workload struct {
	ctx     context.Context
	files   []string
	fps     []uint64 // the fp of row id is fps[id-1]
	batch   int      // rows per INSERT of the bulk load (0: no such load)
	rows    int
	single  time.Duration
	clients int
	selects int
	// profiles is the directory of the servers' CPU profiles ("": none).
	profiles string
}

// result is one system's figures; zero durations were not measured.
type result struct {
	name                string
	load, loadIdx       time.Duration
	bytesRow, bytesIdx  float64 // data directory growth per row
	insert1, insertN    float64 // inserts per second
	selMedian, selP99   time.Duration
	load1, load2        [3]float64
	cpuLoad, cpuLoadIdx time.Duration // server CPU during each load
	// loadFirst and loadLast are the first and last chunk rows of load.
	loadFirst, loadLast time.Duration
	// bulk is the -batch INSERT load, bulkFirst and bulkLast its first and
	// last chunk rows, bytesBulk its table's growth per row.
	bulk, bulkFirst, bulkLast time.Duration
	bytesBulk                 float64
}

// chunk is the number of rows per LOAD DATA file and per reported slice of
// a bulk load.
const chunk = 100_000

const (
	plainDDL = "CREATE TABLE plain (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"
	bulkDDL  = "CREATE TABLE bulk (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"
	idxDDL   = "CREATE TABLE idx (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED, INDEX fp_k3 (fp) COMMENT 'simhash k=3')"
)

func (w workload) simsql(bin, dataDir, name, engine string) (result, error) {
	r := result{name: name, load1: harness.LoadAverage()}
	args := []string{"--storage-engine", engine}
	if w.profiles != "" {
		args = append(args, "--cpu-profile", filepath.Join(w.profiles, strings.ReplaceAll(name, " ", "-")+".pprof"))
	}
	srv, err := harness.StartSimsql(w.ctx, bin, dataDir, args...)
	if err != nil {
		return r, err
	}
	defer srv.Stop()
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return r, err
	}
	defer db.Close()
	size := func() int64 { a, _, _ := harness.DirSize(dataDir); return a }

	base := size()
	cpu0 := harness.ProcessCPU(srv.Cmd.Process.Pid)
	if err = w.loadPlain(db, &r); err != nil {
		return r, err
	}
	cpu1 := harness.ProcessCPU(srv.Cmd.Process.Pid)
	afterPlain := size()
	if r.loadIdx, err = w.loadInto(db, idxDDL, "idx"); err != nil {
		return r, err
	}
	r.cpuLoad, r.cpuLoadIdx = cpu1-cpu0, harness.ProcessCPU(srv.Cmd.Process.Pid)-cpu1
	afterIdx := size()
	r.bytesRow = float64(afterPlain-base) / float64(w.rows)
	r.bytesIdx = float64(afterIdx-afterPlain) / float64(w.rows)
	if err = w.bulkInsert(db, &r); err != nil {
		return r, err
	}
	if w.batch > 0 {
		r.bytesBulk = float64(size()-afterIdx) / float64(w.rows)
	}
	err = w.finish(db, &r)
	return r, err
}

func (w workload) mariadb(dir string) (result, error) {
	r := result{name: "MariaDB", load1: harness.LoadAverage()}
	db, srv, err := harness.StartMariaDB(w.ctx, dir)
	if err != nil {
		return r, err
	}
	defer srv.Stop()
	_, err = db.ExecContext(w.ctx, "CREATE DATABASE IF NOT EXISTS simsql")
	db.Close()
	if err != nil {
		return r, err
	}
	if db, err = harness.Open(srv.Addr, "simsql"); err != nil {
		return r, err
	}
	defer db.Close()
	if err = w.loadPlain(db, &r); err != nil {
		return r, err
	}
	if err = w.bulkInsert(db, &r); err != nil {
		return r, err
	}
	err = w.finish(db, &r)
	return r, err
}

// finish measures what every system runs after its loads: the INSERT runs
// and the point SELECTs, then the load average.
func (w workload) finish(db *sql.DB, r *result) error {
	if err := w.inserts(db, r); err != nil {
		return err
	}
	var err error
	if r.selMedian, r.selP99, err = w.pointSelects(db); err != nil {
		return err
	}
	r.load2 = harness.LoadAverage()
	return nil
}

func (w workload) loadInto(db *sql.DB, ddl, table string) (time.Duration, error) {
	d, _, err := w.loadFiles(db, ddl, table)
	return d, err
}

func (w workload) loadFiles(db *sql.DB, ddl, table string) (time.Duration, []time.Duration, error) {
	if _, err := db.ExecContext(w.ctx, ddl); err != nil {
		return 0, nil, err
	}
	return harness.LoadDataFiles(w.ctx, db, table, w.files, w.rows, nil)
}

// loadPlain loads the rows into plain by LOAD DATA, one file of chunk rows
// at a time, setting r.load and its first and last chunk.
func (w workload) loadPlain(db *sql.DB, r *result) error {
	var each []time.Duration
	var err error
	if r.load, each, err = w.loadFiles(db, plainDDL, "plain"); err != nil {
		return err
	}
	r.loadFirst, r.loadLast = each[0], each[len(each)-1]
	return nil
}

// bulkInsert loads the rows into bulk through INSERTs of w.batch rows on
// one connection, if w.batch > 0, and checks the row count.
func (w workload) bulkInsert(db *sql.DB, r *result) error {
	if w.batch == 0 {
		return nil
	}
	if _, err := db.ExecContext(w.ctx, bulkDDL); err != nil {
		return err
	}
	var q []byte
	var chunks []time.Duration
	start := time.Now()
	chunkStart := start
	for first := 1; first <= w.rows; first += w.batch {
		last := min(first+w.batch-1, w.rows)
		q = append(q[:0], "INSERT INTO bulk VALUES "...)
		for id := first; id <= last; id++ {
			if id > first {
				q = append(q, ',')
			}
			q = append(q, '(')
			q = strconv.AppendInt(q, int64(id), 10)
			q = append(q, ',')
			q = strconv.AppendUint(q, w.fps[id-1], 10)
			q = append(q, ')')
		}
		if _, err := db.ExecContext(w.ctx, string(q)); err != nil {
			return fmt.Errorf("bulk INSERT of rows %d..%d: %w", first, last, err)
		}
		if last/chunk != (first-1)/chunk || last == w.rows {
			now := time.Now()
			chunks = append(chunks, now.Sub(chunkStart))
			chunkStart = now
		}
	}
	r.bulk = time.Since(start)
	r.bulkFirst, r.bulkLast = chunks[0], chunks[len(chunks)-1]
	var n int
	if err := db.QueryRowContext(w.ctx, "SELECT COUNT(*) FROM bulk").Scan(&n); err != nil {
		return err
	}
	if n != w.rows {
		return fmt.Errorf("bulk has %d rows after the INSERT load, want %d", n, w.rows)
	}
	return nil
}

// inserts runs single-row autocommit INSERTs into a fresh table for
// w.single on one connection, then on w.clients connections at once.
func (w workload) inserts(db *sql.DB, r *result) error {
	db.SetMaxOpenConns(w.clients)
	if _, err := db.ExecContext(w.ctx, "CREATE TABLE single (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"); err != nil {
		return err
	}
	var next atomic.Int64
	run := func(conns int) (float64, error) {
		start := time.Now()
		var n atomic.Int64
		var wg sync.WaitGroup
		errs := make(chan error, conns)
		for range conns {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for time.Since(start) < w.single {
					id := next.Add(1)
					if _, err := db.ExecContext(w.ctx, "INSERT INTO single VALUES (?, ?)", id, uint64(id)*0x9e3779b97f4a7c15); err != nil {
						errs <- err
						return
					}
					n.Add(1)
				}
			}()
		}
		wg.Wait()
		close(errs)
		if err := <-errs; err != nil {
			return 0, err
		}
		return float64(n.Load()) / time.Since(start).Seconds(), nil
	}
	var err error
	if r.insert1, err = run(1); err != nil {
		return err
	}
	if r.insertN, err = run(w.clients); err != nil {
		return err
	}
	var count int64
	if err := db.QueryRowContext(w.ctx, "SELECT COUNT(*) FROM single").Scan(&count); err != nil {
		return err
	}
	if count != next.Load() {
		return fmt.Errorf("single has %d rows after %d acknowledged inserts", count, next.Load())
	}
	return nil
}

// pointSelects times w.selects SELECTs of one random row of plain by
// primary key after 100 unmeasured ones, checking each answer.
func (w workload) pointSelects(db *sql.DB) (median, p99 time.Duration, err error) {
	fps := w.fps
	rng := rand.New(rand.NewPCG(42, 42))
	var times []time.Duration
	for i := range w.selects + 100 {
		id := 1 + rng.IntN(w.rows)
		var fp uint64
		t0 := time.Now()
		if err := db.QueryRowContext(w.ctx, fmt.Sprintf("SELECT fp FROM plain WHERE id = %d", id)).Scan(&fp); err != nil {
			return 0, 0, fmt.Errorf("id %d: %w", id, err)
		}
		if i >= 100 {
			times = append(times, time.Since(t0))
		}
		if fp != fps[id-1] {
			return 0, 0, fmt.Errorf("id %d: fp %d, want %d", id, fp, fps[id-1])
		}
	}
	slices.Sort(times)
	median, p99 = harness.Quantiles(times)
	return median, p99, nil
}

func print(rs []result, rows, clients, batch int, commit string) {
	fmt.Printf("Storage engines, %d rows; commit %s, %s, %d cores (%s)\n\n", rows, commit, runtime.Version(), runtime.NumCPU(), harness.CPUModel())
	fmt.Print("| measure |")
	for _, r := range rs {
		fmt.Printf(" %s |", r.name)
	}
	fmt.Print("\n|---|")
	for range rs {
		fmt.Print("---|")
	}
	fmt.Println()
	row := func(label string, f func(r result) string) {
		fmt.Printf("| %s |", label)
		for _, r := range rs {
			fmt.Printf(" %s |", f(r))
		}
		fmt.Println()
	}
	secs := func(d time.Duration) string {
		if d == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	row("LOAD DATA (id, fp)", func(r result) string { return secs(r.load) })
	slice := fmt.Sprintf("%dk", min(chunk, rows)/1000)
	firstLast := func(a, b time.Duration) string {
		if a == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f s / %.2f s", a.Seconds(), b.Seconds())
	}
	row("… its first / last "+slice+" rows", func(r result) string { return firstLast(r.loadFirst, r.loadLast) })
	row("LOAD DATA with a simhash k=3 index", func(r result) string { return secs(r.loadIdx) })
	row("… with index / without", func(r result) string {
		if r.loadIdx == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f×", r.loadIdx.Seconds()/r.load.Seconds())
	})
	row("server CPU of the two loads", func(r result) string {
		if r.cpuLoad == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f s / %.1f s", r.cpuLoad.Seconds(), r.cpuLoadIdx.Seconds())
	})
	row("data directory growth, plain table", func(r result) string {
		if r.bytesRow == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f B/row", r.bytesRow)
	})
	row("… the table with the index", func(r result) string {
		if r.bytesIdx == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f B/row", r.bytesIdx)
	})
	if batch > 0 {
		row(fmt.Sprintf("%d-row INSERTs (id, fp)", batch), func(r result) string { return secs(r.bulk) })
		row("… their first / last "+slice+" rows", func(r result) string { return firstLast(r.bulkFirst, r.bulkLast) })
		row("data directory growth, the INSERTed table", func(r result) string {
			if r.bytesBulk == 0 {
				return "–"
			}
			return fmt.Sprintf("%.1f B/row", r.bytesBulk)
		})
	}
	row("single-row INSERTs, 1 connection", func(r result) string { return fmt.Sprintf("%.0f/s", r.insert1) })
	row(fmt.Sprintf("single-row INSERTs, %d connections", clients), func(r result) string { return fmt.Sprintf("%.0f/s", r.insertN) })
	row("point SELECT median / p99", func(r result) string {
		return fmt.Sprintf("%.3f / %.3f ms", harness.Ms(r.selMedian), harness.Ms(r.selP99))
	})
	row("load average before / after", func(r result) string {
		return fmt.Sprintf("%.1f / %.1f", r.load1[0], r.load2[0])
	})
	if len(rs) > 1 {
		fmt.Println()
		for _, r := range rs[1:] {
			b := rs[0]
			bulk := ""
			if batch > 0 {
				bulk = fmt.Sprintf(", %d-row INSERTs %s", batch, ratio(b.bulk, r.bulk))
			}
			fmt.Printf("%s against %s: LOAD DATA %.2f×, with index %s%s, INSERTs %.2f× (1) and %.2f× (%d), point SELECT median %.2f×\n",
				r.name, b.name, b.load.Seconds()/r.load.Seconds(), ratio(b.loadIdx, r.loadIdx), bulk,
				r.insert1/b.insert1, r.insertN/b.insertN, clients, b.selMedian.Seconds()/r.selMedian.Seconds())
		}
		fmt.Println("(× above 1: faster than the first column)")
	}
}

func ratio(a, b time.Duration) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2f×", a.Seconds()/b.Seconds())
}
