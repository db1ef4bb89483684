// Package storage measures simsql's durable storage over the MySQL protocol,
// on the workload of issue 3: a table (id BIGINT PRIMARY KEY, fp BIGINT
// UNSIGNED, title VARCHAR(100)) of -rows rows. It builds cmd/simsql, starts
// it on a temporary data directory on 127.0.0.1 and a free port, and prints
// a markdown table of:
//
//   - bulk load through multi-row INSERTs of -batch rows: total seconds, and
//     the seconds of the first and last 100,000 rows (a growing figure means
//     loads slow down as the table grows);
//   - the same rows through LOAD DATA LOCAL INFILE into a fresh table, in
//     tab-separated files of 100,000 rows each, timed the same way;
//   - single-row autocommit INSERTs on one connection for -single: inserts/s
//     (each is on disk before its OK, so this is bound by fsync);
//   - point SELECT by primary key at -rows rows: median and p99 over -selects
//     random ids, each answer checked;
//   - the data directory's size per row after the first load (allocated
//     blocks, as du counts them, and apparent size) against the raw bytes of
//     the rows, 8 + 8 + len(title).
//
// If mariadbd (or MariaDB's mysqld) is on PATH it also measures single-row
// INSERTs on MariaDB with its default (durable) settings, on a temporary data
// directory, listening on 127.0.0.1 only; otherwise it says it skipped that.
//
//	go run ./bench storage -rows 1000000   # the figures
//	go run ./bench storage -rows 100000    # smoke run, under a minute once built
//
// Titles are 10 to 90 characters of lower-case words, drawn from a generator
// seeded by the row's id, so every run loads the same bytes.
package storage

import (
	"bufio"
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/bench/internal/harness"
)

// chunk is the number of rows per reported slice of a bulk load.
const chunk = 100_000

const tableDDL = "CREATE TABLE %s (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED, title VARCHAR(100))"

// Run runs the storage workload with args, its command-line flags; `go run
// ./bench storage ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("storage", "")
	rows := fs.Int("rows", 1_000_000, "`rows` to load (a multiple of -batch)")
	batch := fs.Int("batch", 1000, "`rows` per INSERT statement in the bulk load")
	single := fs.Duration("single", 5*time.Second, "`duration` of the single-row INSERT run")
	selects := fs.Int("selects", 2000, "`number` of point SELECTs")
	timeout := fs.Duration("timeout", 15*time.Minute, "give up after this `duration`")
	binary := fs.String("binary", "", "simsql `binary` to run (default: build ./cmd/simsql)")
	keep := fs.Bool("keep", false, "keep the temporary directory (data dir, files, binary)")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	if *rows <= 0 || *batch <= 0 || *rows%*batch != 0 || *selects <= 0 {
		return harness.Usagef("-rows must be a positive multiple of -batch; -selects positive")
	}
	ctx, cancel, tmp, err := harness.Begin(ctx, "storage", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	b := &bench{ctx: ctx, tmp: tmp, rows: *rows, batch: *batch}
	err = b.run(*binary, *single, *selects)
	if *keep {
		fmt.Fprintln(os.Stderr, "storage: keeping", tmp)
	} else {
		os.RemoveAll(tmp) // the servers have stopped: run waits for them
	}
	b.print()
	if err != nil && b.srv != nil {
		return fmt.Errorf("%w\nsimsql stderr:\n%s", err, b.srv.Stderr.String())
	}
	return err
}

// bench holds the configuration and, as they are measured, the results.
type bench struct {
	ctx        context.Context
	tmp        string
	rows       int
	batch      int
	srv        *harness.Server
	commit     string
	buildTime  time.Duration
	insert     loadResult
	loadData   loadResult
	single     float64 // inserts per second
	mariaDB    string  // MariaDB's single-row inserts per second, or why not measured
	selMedian  time.Duration
	selP99     time.Duration
	selN       int
	rawPerRow  float64
	duPerRow   float64 // allocated bytes of the data directory per row after the first load
	sizePerRow float64 // apparent bytes
	ldPerRow   float64 // allocated bytes per row added by the LOAD DATA table
}

// loadResult is the timing of one bulk load.
type loadResult struct {
	total, first, last time.Duration
	chunks             []time.Duration
}

func (b *bench) run(binary string, single time.Duration, selects int) error {
	b.commit = harness.GitCommit()
	if binary == "" {
		start := time.Now()
		var err error
		if binary, err = harness.BuildSimsql(b.ctx, b.tmp, "storage"); err != nil {
			return err
		}
		b.buildTime = time.Since(start)
	}
	dataDir := filepath.Join(b.tmp, "data")
	srv, err := harness.StartSimsql(b.ctx, binary, dataDir)
	if err != nil {
		return err
	}
	b.srv = srv
	defer srv.Stop()
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	b.rawPerRow = rawBytesPerRow(b.rows)
	fmt.Fprintf(os.Stderr, "storage: loading %d rows with %d-row INSERTs\n", b.rows, b.batch)
	if b.insert, err = b.bulkInsert(db, "bulk"); err != nil {
		return fmt.Errorf("bulk INSERT: %w", err)
	}
	alloc, size, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	b.duPerRow, b.sizePerRow = float64(alloc)/float64(b.rows), float64(size)/float64(b.rows)

	fmt.Fprintf(os.Stderr, "storage: loading %d rows with LOAD DATA LOCAL INFILE\n", b.rows)
	if b.loadData, err = b.loadDataLocal(db, "bulk_ld"); err != nil {
		return fmt.Errorf("LOAD DATA: %w", err)
	}
	alloc2, _, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	b.ldPerRow = float64(alloc2-alloc) / float64(b.rows)

	fmt.Fprintf(os.Stderr, "storage: single-row INSERTs for %v\n", single)
	if b.single, err = singleInserts(b.ctx, db, single); err != nil {
		return fmt.Errorf("single-row INSERTs: %w", err)
	}

	fmt.Fprintf(os.Stderr, "storage: %d point SELECTs\n", selects)
	if err := b.pointSelects(db, selects); err != nil {
		return fmt.Errorf("point SELECT: %w", err)
	}

	b.mariaDB = mariaDBSingleInserts(b.ctx, b.tmp, single)
	return nil
}

// title returns the title of row id: 10 to 90 characters of lower-case
// words, the same on every run.
func title(id int64) string {
	r := rand.New(rand.NewPCG(uint64(id), 0x7469746c65))
	n := 10 + r.IntN(81)
	buf := make([]byte, 0, n+10)
	for len(buf) < n {
		if len(buf) > 0 {
			buf = append(buf, ' ')
		}
		for range 2 + r.IntN(9) {
			buf = append(buf, byte('a'+r.IntN(26)))
		}
	}
	return string(buf[:n])
}

// fingerprint returns the fp column of row id.
func fingerprint(id int64) uint64 {
	return rand.New(rand.NewPCG(uint64(id), 0x6670)).Uint64()
}

func rawBytesPerRow(rows int) float64 {
	total := 0
	for id := int64(1); id <= int64(rows); id++ {
		total += 8 + 8 + len(title(id))
	}
	return float64(total) / float64(rows)
}

// bulkInsert loads rows 1..b.rows into a new table with multi-row INSERTs.
func (b *bench) bulkInsert(db *sql.DB, table string) (loadResult, error) {
	if _, err := db.ExecContext(b.ctx, fmt.Sprintf(tableDDL, table)); err != nil {
		return loadResult{}, err
	}
	var q []byte
	var res loadResult
	start := time.Now()
	chunkStart := start
	for first := int64(1); first <= int64(b.rows); first += int64(b.batch) {
		q = append(q[:0], "INSERT INTO "+table+" VALUES "...)
		for id := first; id < first+int64(b.batch); id++ {
			if id > first {
				q = append(q, ',')
			}
			q = append(q, '(')
			q = strconv.AppendInt(q, id, 10)
			q = append(q, ',')
			q = strconv.AppendUint(q, fingerprint(id), 10)
			q = append(q, ",'"...)
			q = append(q, title(id)...)
			q = append(q, "')"...)
		}
		if _, err := db.ExecContext(b.ctx, string(q)); err != nil {
			return res, fmt.Errorf("rows %d..%d: %w", first, first+int64(b.batch)-1, err)
		}
		if last := first + int64(b.batch) - 1; last%chunk == 0 || last == int64(b.rows) {
			now := time.Now()
			res.chunks = append(res.chunks, now.Sub(chunkStart))
			chunkStart = now
			progress(last, b.rows, start)
		}
	}
	res.total = time.Since(start)
	res.first, res.last = res.chunks[0], res.chunks[len(res.chunks)-1]
	return res, b.checkCount(db, table)
}

// loadDataLocal loads the same rows into a new table from tab-separated
// files of chunk rows each, one LOAD DATA LOCAL INFILE per file. Writing
// the files is not timed.
func (b *bench) loadDataLocal(db *sql.DB, table string) (loadResult, error) {
	if _, err := db.ExecContext(b.ctx, fmt.Sprintf(tableDDL, table)); err != nil {
		return loadResult{}, err
	}
	var files []string
	for first := int64(1); first <= int64(b.rows); first += chunk {
		last := min(first+chunk-1, int64(b.rows))
		path := filepath.Join(b.tmp, fmt.Sprintf("rows-%07d.tsv", first))
		if err := writeTSV(path, first, last); err != nil {
			return loadResult{}, err
		}
		files = append(files, path)
	}
	var res loadResult
	start := time.Now()
	for i, path := range files {
		mysql.RegisterLocalFile(path)
		t0 := time.Now()
		_, err := db.ExecContext(b.ctx, "LOAD DATA LOCAL INFILE '"+path+"' INTO TABLE "+table)
		res.chunks = append(res.chunks, time.Since(t0))
		mysql.DeregisterLocalFile(path)
		os.Remove(path)
		if err != nil {
			return res, fmt.Errorf("%s: %w", filepath.Base(path), err)
		}
		progress(min(int64(i+1)*chunk, int64(b.rows)), b.rows, start)
	}
	res.total = time.Since(start)
	res.first, res.last = res.chunks[0], res.chunks[len(res.chunks)-1]
	return res, b.checkCount(db, table)
}

func writeTSV(path string, first, last int64) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	var line []byte
	for id := first; id <= last; id++ {
		line = strconv.AppendInt(line[:0], id, 10)
		line = append(line, '\t')
		line = strconv.AppendUint(line, fingerprint(id), 10)
		line = append(line, '\t')
		line = append(line, title(id)...)
		line = append(line, '\n')
		w.Write(line)
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func (b *bench) checkCount(db *sql.DB, table string) error {
	var n int
	if err := db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		return err
	}
	if n != b.rows {
		return fmt.Errorf("%s has %d rows after the load, want %d", table, n, b.rows)
	}
	return nil
}

func progress(done int64, total int, start time.Time) {
	fmt.Fprintf(os.Stderr, "  %d/%d rows, %.1f s\n", done, total, time.Since(start).Seconds())
}

// singleInserts runs single-row autocommit INSERTs on one connection for d
// and returns inserts per second.
func singleInserts(ctx context.Context, db *sql.DB, d time.Duration) (float64, error) {
	if _, err := db.ExecContext(ctx, fmt.Sprintf(tableDDL, "single")); err != nil {
		return 0, err
	}
	start := time.Now()
	n := int64(0)
	for time.Since(start) < d {
		id := n + 1
		q := fmt.Sprintf("INSERT INTO single VALUES (%d, %d, '%s')", id, fingerprint(id), title(id))
		if _, err := db.ExecContext(ctx, q); err != nil {
			return 0, err
		}
		n++
	}
	return float64(n) / time.Since(start).Seconds(), nil
}

// pointSelects times n SELECTs of one random row by primary key (text
// protocol, one round trip each) after 100 unmeasured ones, and checks
// each answer.
func (b *bench) pointSelects(db *sql.DB, n int) error {
	r := rand.New(rand.NewPCG(42, 42))
	times := make([]time.Duration, 0, n)
	for i := range n + 100 {
		id := 1 + r.Int64N(int64(b.rows))
		var got string
		t0 := time.Now()
		err := db.QueryRowContext(b.ctx, "SELECT title FROM bulk WHERE id = "+strconv.FormatInt(id, 10)).Scan(&got)
		elapsed := time.Since(t0)
		if err != nil {
			return fmt.Errorf("id %d: %w", id, err)
		}
		if want := title(id); got != want {
			return fmt.Errorf("id %d: title %q, want %q", id, got, want)
		}
		if i >= 100 {
			times = append(times, elapsed)
		}
	}
	slices.Sort(times)
	b.selN = len(times)
	b.selMedian = times[len(times)/2]
	b.selP99 = times[min(len(times)-1, len(times)*99/100)]
	return nil
}

// mariaDBSingleInserts measures single-row autocommit INSERTs on a MariaDB
// or MySQL server on PATH, started with its default settings (durable:
// innodb_flush_log_at_trx_commit=1) on a fresh data directory under tmp,
// listening on 127.0.0.1 only. It returns the figure, or why there is none.
func mariaDBSingleInserts(ctx context.Context, tmp string, d time.Duration) string {
	fmt.Fprintln(os.Stderr, "storage: single-row INSERTs on MariaDB for", d)
	db, srv, err := harness.StartMariaDB(ctx, filepath.Join(tmp, "mariadb"))
	if err != nil {
		return "not measured: " + err.Error()
	}
	defer srv.Stop()
	defer db.Close()
	db.SetMaxOpenConns(1)
	var version string
	db.QueryRowContext(ctx, "SELECT VERSION()").Scan(&version)
	for _, q := range []string{"CREATE DATABASE bench", "USE bench"} {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return "not measured: " + err.Error()
		}
	}
	rate, err := singleInserts(ctx, db, d)
	if err != nil {
		return "not measured: " + err.Error()
	}
	return fmt.Sprintf("%.0f/s (%s)", rate, version)
}

// print writes the results measured so far as a markdown table, with the
// machine and software they were measured on.
func (b *bench) print() {
	fmt.Printf("\nsimsql %s, %d rows (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED, title VARCHAR(100)); %s, %s/%s, %d CPUs (%s); %s\n\n",
		b.commit, b.rows, runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), harness.CPUModel(),
		time.Now().UTC().Format("2006-01-02"))
	fmt.Println("| measure | simsql |")
	fmt.Println("|---|---|")
	sec := func(d time.Duration) string {
		if d == 0 {
			return "–"
		}
		return fmt.Sprintf("%.2f s", d.Seconds())
	}
	for _, l := range []struct {
		name string
		r    loadResult
	}{{fmt.Sprintf("%d-row INSERTs", b.batch), b.insert}, {"LOAD DATA LOCAL INFILE (100k-row files)", b.loadData}} {
		fmt.Printf("| bulk load, %s: total | %s |\n", l.name, sec(l.r.total))
		fmt.Printf("| bulk load, %s: first %dk rows | %s |\n", l.name, min(chunk, b.rows)/1000, sec(l.r.first))
		fmt.Printf("| bulk load, %s: last %dk rows | %s |\n", l.name, min(chunk, b.rows)/1000, sec(l.r.last))
	}
	if b.single > 0 {
		fmt.Printf("| single-row autocommit INSERTs, one connection | %.0f/s |\n", b.single)
	}
	if b.mariaDB != "" {
		fmt.Printf("| same on MariaDB/MySQL, default settings | %s |\n", b.mariaDB)
	}
	if b.selN > 0 {
		fmt.Printf("| point SELECT by primary key at %d rows, median of %d | %.3f ms |\n", b.rows, b.selN, harness.Ms(b.selMedian))
		fmt.Printf("| point SELECT by primary key at %d rows, p99 | %.3f ms |\n", b.rows, harness.Ms(b.selP99))
	}
	if b.duPerRow > 0 {
		fmt.Printf("| data directory per row after the INSERT load: allocated (du) / apparent | %.0f B / %.0f B |\n", b.duPerRow, b.sizePerRow)
		fmt.Printf("| raw bytes per row (8 + 8 + len(title)) | %.1f B |\n", b.rawPerRow)
		fmt.Printf("| data directory growth per row, LOAD DATA table (du) | %.0f B |\n", b.ldPerRow)
	}
	if len(b.insert.chunks) > 1 {
		fmt.Printf("\nINSERT load, seconds per %dk rows: %s\n", chunk/1000, secs(b.insert.chunks))
	}
	if len(b.loadData.chunks) > 1 {
		fmt.Printf("LOAD DATA, seconds per %dk rows: %s\n", chunk/1000, secs(b.loadData.chunks))
	}
	if b.buildTime > 0 {
		fmt.Printf("(go build took %.1f s, not counted above)\n", b.buildTime.Seconds())
	}
}

func secs(ds []time.Duration) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = fmt.Sprintf("%.2f", d.Seconds())
	}
	return strings.Join(s, " ")
}
