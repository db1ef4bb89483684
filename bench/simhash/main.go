// Package simhash measures simsql's SimHash block index over the MySQL
// protocol, on the workload of issue 4, and prints a markdown table with the
// ratios the issue asks for, all measured in one run:
//
//   - data: -rows fingerprints, id 1..rows; in every run of 100 ids the
//     first is random and gets three planted neighbours (the last three ids
//     of the run) at Hamming distances 1, 2 and 3; the other 96 are random.
//     The same rows go, through LOAD DATA LOCAL INFILE (tab-separated,
//     100,000-row files), into `plain` (id BIGINT PRIMARY KEY, fp BIGINT
//     UNSIGNED) and into `idx`, the same table with CREATE INDEX fp_k3 ON
//     idx (fp) COMMENT 'simhash k=3' made before the load. The load times
//     give the insert cost of the index; the growth of the data directory
//     (du) per table gives its bytes per row; at the end CREATE INDEX on the
//     filled `plain` table is timed and its du growth measured too, and the
//     bbolt file is opened after the server stops to count the index
//     buckets' pages.
//
//   - point queries `SELECT id FROM T WHERE hamming(fp, X) <= 3` with -queries
//     fingerprints X drawn from the data (so no answer is empty): median and
//     p99 on `idx` (EXPLAIN PLAN must name the simhash index) and on `plain`
//     (a full scan; EXPLAIN PLAN must not), every answer checked against a
//     brute-force computation in Go.
//
//   - MariaDB (mariadbd on PATH, default settings, InnoDB, a temporary data
//     directory, 127.0.0.1 only, --skip-grant-tables): the same rows by LOAD
//     DATA LOCAL INFILE and `SELECT id FROM t WHERE BIT_COUNT(fp ^ X) <= 3`
//     for the same X, each answer checked.
//
//   - SELECT COUNT(*) FROM near_duplicates('idx', 'fp', 3) (read through the
//     simhash index) and the same on `plain` before its index is made (a
//     table scan grouped in memory), alternating: the median of -nd-runs
//     runs each, the counts checked against a pigeonhole count in Go over
//     all rows; and the full pair list of near_duplicates over a table of the
//     first -sample rows checked against brute force (all pairs) in Go.
//
//     go run ./bench simhash -rows 1000000   # the figures
//     go run ./bench simhash -rows 100000    # smoke run, about a minute once built
package simhash

import (
	"context"
	"database/sql"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"github.com/simsql/simsql/bench/internal/harness"
)

const (
	k      = 3
	warmup = 10 // unmeasured queries before each measured series
)

// fileRows is the number of rows per LOAD DATA file (-file-rows).
var fileRows int

// Run runs the simhash workload with args, its command-line flags; `go run
// ./bench simhash ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("simhash", "")
	rows := fs.Int("rows", 1_000_000, "`number` of fingerprints (at least -sample)")
	queries := fs.Int("queries", 500, "`number` of point queries per series")
	sample := fs.Int("sample", 20_000, "`rows` of the table near_duplicates is checked on against brute force")
	ndRuns := fs.Int("nd-runs", 3, "`runs` of near_duplicates over the whole table (the median is reported)")
	skipMaria := fs.Bool("no-mariadb", false, "do not measure MariaDB")
	timeout := fs.Duration("timeout", 40*time.Minute, "give up after this `duration`")
	binary := fs.String("binary", "", "simsql `binary` to run (default: build ./cmd/simsql)")
	keep := fs.Bool("keep", false, "keep the temporary directory")
	commit := fs.String("commit", "", "`label` printed as the commit (default: git describe --always --dirty of the working tree)")
	fs.IntVar(&fileRows, "file-rows", 100_000, "`rows` per LOAD DATA LOCAL INFILE file (one statement each)")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	if *rows < *sample || *sample < 2 || *queries < 1 || *ndRuns < 1 || fileRows < 1 {
		return harness.Usagef("want -rows >= -sample >= 2, -queries >= 1, -nd-runs >= 1, -file-rows >= 1")
	}
	ctx, cancel, tmp, err := harness.Begin(ctx, "simhash", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	b := &bench{ctx: ctx, tmp: tmp, rows: *rows, queries: *queries, sample: *sample, ndRuns: *ndRuns, start: time.Now()}
	b.commit = *commit
	if b.commit == "" {
		b.commit = harness.GitCommit()
	}
	err = b.run(*binary, !*skipMaria)
	if *keep {
		fmt.Fprintln(os.Stderr, "simhash: keeping", tmp)
	} else {
		os.RemoveAll(tmp)
	}
	b.print()
	if err != nil && b.srv != nil {
		return fmt.Errorf("%w\nsimsql stderr (last 4 KiB):\n%s", err, tail(b.srv.Stderr.String(), 4096))
	}
	return err
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "simhash: "+format+"\n", args...)
}

func logFile(name string, d time.Duration) { logf("  %s: %.2f s", name, d.Seconds()) }

// series is one set of timed point queries.
type series struct {
	n           int
	median, p99 time.Duration
	wrong       int    // answers that differ from brute force
	firstWrong  string // the first such, described
	plan        string // EXPLAIN PLAN of the first query, where asked
	planOK      bool
	notMeasured string
}

type bench struct {
	ctx                       context.Context
	tmp                       string
	rows, queries, sample     int
	ndRuns                    int
	start                     time.Time
	srv                       *harness.Server
	commit                    string
	buildTime                 time.Duration
	fps                       []uint64 // fps[i] is the fingerprint of id i+1
	truth                     [][]int64
	qfps                      []uint64
	loadPlain, loadIdx        time.Duration
	filesPlain, filesIdx      []time.Duration // per LOAD DATA file
	duPlain, duIdx            int64           // data-directory growth of each load (du bytes)
	createIdx                 time.Duration
	duCreate                  int64
	bucketIdx, bucketPlain    bucketSize
	bucketRows                bucketSize
	fileBytes                 int64 // bbolt file size at the end
	freePages, pageSize       int
	idx, scan, maria          series
	mariaLoad                 time.Duration
	mariaVersion              string
	ndTimes, ndScanTimes      []time.Duration
	ndCount, ndWant           int64
	ndScanCount               int64
	sampleGot, sampleWant     int
	sampleOK                  bool
	sampleDiff                string
	answerMin, answerMax, ans int
}

type bucketSize struct {
	keys  int
	bytes int64 // allocated page bytes
}

func (b *bench) run(binary string, withMaria bool) error {
	if binary == "" {
		t0 := time.Now()
		var err error
		if binary, err = harness.BuildSimsql(b.ctx, b.tmp, "simhash"); err != nil {
			return err
		}
		b.buildTime = time.Since(t0)
	}

	logf("generating %d fingerprints and %d queries", b.rows, b.queries)
	b.fps = harness.PlantedFingerprints(b.rows)
	files, err := harness.WriteFingerprintFiles(b.tmp, b.fps, fileRows)
	if err != nil {
		return err
	}
	sampleFiles, err := harness.WriteFingerprintFiles(filepath.Join(b.tmp, "sample"), b.fps[:b.sample], fileRows)
	if err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(4, 4))
	b.qfps = make([]uint64, b.queries)
	for i := range b.qfps {
		b.qfps[i] = b.fps[r.IntN(b.rows)]
	}
	t0 := time.Now()
	b.truth = harness.BruteQueries(b.fps, b.qfps, k)
	b.answerMin, b.answerMax = 1<<30, 0
	for _, t := range b.truth {
		b.ans += len(t)
		b.answerMin, b.answerMax = min(b.answerMin, len(t)), max(b.answerMax, len(t))
	}
	logf("brute-force answers for %d queries in %.1f s", b.queries, time.Since(t0).Seconds())

	dataDir := filepath.Join(b.tmp, "data")
	srv, err := harness.StartSimsql(b.ctx, binary, dataDir)
	if err != nil {
		return err
	}
	b.srv = srv
	stopped := false
	defer func() {
		if !stopped {
			srv.Stop()
		}
	}()
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	// Loads: plain first, then idx (index made before its load).
	du0, _, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	if err := b.exec(db, "CREATE TABLE plain (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"); err != nil {
		return err
	}
	logf("LOAD DATA into plain (no index)")
	if b.loadPlain, b.filesPlain, err = harness.LoadDataFiles(b.ctx, db, "plain", files, b.rows, logFile); err != nil {
		return fmt.Errorf("loading plain: %w", err)
	}
	du1, _, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	for _, q := range []string{
		"CREATE TABLE idx (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)",
		"CREATE INDEX fp_k3 ON idx (fp) COMMENT 'simhash k=3'",
	} {
		if err := b.exec(db, q); err != nil {
			return err
		}
	}
	logf("LOAD DATA into idx (simhash k=3 index made before the load)")
	if b.loadIdx, b.filesIdx, err = harness.LoadDataFiles(b.ctx, db, "idx", files, b.rows, logFile); err != nil {
		return fmt.Errorf("loading idx: %w", err)
	}
	du2, _, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	b.duPlain, b.duIdx = du1-du0, du2-du1

	// Point queries.
	logf("%d point queries on idx (index)", b.queries)
	b.idx = b.pointQueries(db, "SELECT id FROM idx WHERE hamming(fp, %d) <= 3", "simhash index fp_k3", true)
	logf("  median %.3f ms, p99 %.3f ms", harness.Ms(b.idx.median), harness.Ms(b.idx.p99))
	logf("%d point queries on plain (full scan)", b.queries)
	b.scan = b.pointQueries(db, "SELECT id FROM plain WHERE hamming(fp, %d) <= 3", "simhash index", false)
	logf("  median %.3f ms, p99 %.3f ms", harness.Ms(b.scan.median), harness.Ms(b.scan.p99))

	// near_duplicates over the whole table, and exactness on the sample.
	// Through the index (idx) and by a table scan (plain, no index yet),
	// alternating.
	logf("near_duplicates('idx', 'fp', 3) and near_duplicates('plain', 'fp', 3) x %d", b.ndRuns)
	b.ndWant = harness.PairsWithin3(b.fps)
	for range b.ndRuns {
		for _, table := range []string{"idx", "plain"} {
			var n int64
			t0 := time.Now()
			if err := db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM near_duplicates('"+table+"', 'fp', 3)").Scan(&n); err != nil {
				return fmt.Errorf("near_duplicates on %s: %w", table, err)
			}
			d := time.Since(t0)
			if table == "idx" {
				b.ndTimes, b.ndCount = append(b.ndTimes, d), n
			} else {
				b.ndScanTimes, b.ndScanCount = append(b.ndScanTimes, d), n
			}
			logf("  %s: %d pairs in %.2f s", table, n, d.Seconds())
		}
	}
	if err := b.checkSample(db, sampleFiles); err != nil {
		return err
	}

	// The index built in bulk on the filled plain table.
	du3, _, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	logf("CREATE INDEX on the filled plain table")
	t0 = time.Now()
	if err := b.exec(db, "CREATE INDEX fp_k3 ON plain (fp) COMMENT 'simhash k=3'"); err != nil {
		return err
	}
	b.createIdx = time.Since(t0)
	du4, _, err := harness.DirSize(dataDir)
	if err != nil {
		return err
	}
	b.duCreate = du4 - du3

	db.Close()
	srv.Stop()
	stopped = true
	if err := b.bucketSizes(filepath.Join(dataDir, "simsql.db")); err != nil {
		logf("bbolt bucket sizes not measured: %v", err)
	}

	if withMaria {
		b.mariaDB(files)
	} else {
		b.maria.notMeasured = "not measured (-no-mariadb)"
	}
	return nil
}

func (b *bench) exec(db *sql.DB, q string) error {
	if _, err := db.ExecContext(b.ctx, q); err != nil {
		return fmt.Errorf("%s: %w", q, err)
	}
	return nil
}

type pair struct {
	left, right int64
	dist        int
}

// brutePairs returns every pair within k of fps (ids i+1), by comparing all
// pairs, in (left, right) order.
func brutePairs(fps []uint64) []pair {
	var out []pair
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if d := bits.OnesCount64(fps[i] ^ fps[j]); d <= k {
				out = append(out, pair{int64(i + 1), int64(j + 1), d})
			}
		}
	}
	return out
}

// pointQueries runs one query per query fingerprint (format has one %d),
// after warmup unmeasured ones, checks every answer against brute force and
// checks EXPLAIN PLAN of the first for planWord (want: whether it must
// appear).
func (b *bench) pointQueries(db *sql.DB, format, planWord string, want bool) series {
	var s series
	plan, err := harness.Explain(b.ctx, db, fmt.Sprintf(format, b.qfps[0]))
	if err != nil {
		s.notMeasured = "EXPLAIN PLAN: " + err.Error()
		return s
	}
	s.plan = plan
	s.planOK = strings.Contains(plan, planWord) == want
	logf("  EXPLAIN PLAN:\n%s", plan)
	times, wrong, first, err := timeQueries(b.ctx, db, format, b.qfps, b.truth)
	if err != nil {
		s.notMeasured = err.Error()
		return s
	}
	s.n, s.wrong, s.firstWrong = len(times), wrong, first
	s.median, s.p99 = harness.Quantiles(times)
	return s
}

func timeQueries(ctx context.Context, db *sql.DB, format string, qfps []uint64, truth [][]int64) ([]time.Duration, int, string, error) {
	times := make([]time.Duration, 0, len(qfps))
	wrong := 0
	first := ""
	for i := -min(warmup, len(qfps)); i < len(qfps); i++ {
		qi := i
		if qi < 0 {
			qi += min(warmup, len(qfps))
		}
		q := fmt.Sprintf(format, qfps[qi])
		t0 := time.Now()
		got, err := harness.QueryIDs(ctx, db, q)
		elapsed := time.Since(t0)
		if err != nil {
			return nil, 0, "", fmt.Errorf("%s: %w", q, err)
		}
		if i < 0 {
			continue
		}
		times = append(times, elapsed)
		slices.Sort(got)
		if !slices.Equal(got, truth[qi]) {
			wrong++
			if first == "" {
				first = fmt.Sprintf("%s: got %v, want %v", q, got, truth[qi])
			}
		}
	}
	return times, wrong, first, nil
}

// checkSample loads the first b.sample rows into `sample` (with the index)
// and compares near_duplicates' full pair list with brute force.
func (b *bench) checkSample(db *sql.DB, files []string) error {
	logf("near_duplicates on the %d-row sample against brute force", b.sample)
	for _, q := range []string{
		"CREATE TABLE sample (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)",
		"CREATE INDEX fp_k3 ON sample (fp) COMMENT 'simhash k=3'",
	} {
		if err := b.exec(db, q); err != nil {
			return err
		}
	}
	if _, _, err := harness.LoadDataFiles(b.ctx, db, "sample", files, b.sample, logFile); err != nil {
		return fmt.Errorf("loading sample: %w", err)
	}
	want := brutePairs(b.fps[:b.sample])
	rows, err := db.QueryContext(b.ctx, "SELECT left_id, right_id, distance FROM near_duplicates('sample', 'fp', 3) ORDER BY left_id, right_id")
	if err != nil {
		return fmt.Errorf("near_duplicates on sample: %w", err)
	}
	defer rows.Close()
	var got []pair
	for rows.Next() {
		var p pair
		if err := rows.Scan(&p.left, &p.right, &p.dist); err != nil {
			return err
		}
		got = append(got, p)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	b.sampleGot, b.sampleWant = len(got), len(want)
	b.sampleOK = slices.Equal(got, want)
	if !b.sampleOK {
		for i := range max(len(got), len(want)) {
			if i >= len(got) || i >= len(want) || got[i] != want[i] {
				var g, w any = "none", "none"
				if i < len(got) {
					g = got[i]
				}
				if i < len(want) {
					w = want[i]
				}
				b.sampleDiff = fmt.Sprintf("first difference at pair %d: got %v, want %v", i, g, w)
				break
			}
		}
	}
	return nil
}

// bucketSizes opens the stopped server's bbolt file and records
// the pages of the index buckets ('x' + id) and row buckets ('r' + id):
// the index bucket with 4·rows keys is idx's (made by LOAD DATA), the
// other is plain's (made by CREATE INDEX); the rows bucket of plain is
// taken as the one with rows keys made first.
func (b *bench) bucketSizes(path string) error {
	var idxBuckets []bucketSize
	file, err := harness.WalkBolt(path, func(name []byte, bk *bbolt.Bucket, st bbolt.BucketStats) error {
		ks, err := harness.Keyspace(name, bk, st)
		if err != nil {
			return err
		}
		name = ks.Name
		sz := bucketSize{keys: ks.Entries, bytes: ks.Alloc}
		switch {
		case len(name) > 0 && name[0] == 'x' && ks.Entries == (k+1)*b.rows:
			idxBuckets = append(idxBuckets, sz)
			if len(idxBuckets) == 1 {
				b.bucketIdx = sz // lower id: made first, on idx
			} else {
				b.bucketPlain = sz
			}
		case len(name) > 0 && name[0] == 'r' && ks.Entries == b.rows && b.bucketRows.keys == 0:
			b.bucketRows = sz
		}
		return nil
	})
	b.fileBytes, b.freePages, b.pageSize = file.Bytes, file.FreePages, file.PageSize
	return err
}

// mariaDB loads files into a fresh MariaDB and runs the BIT_COUNT query
// series. Any failure is recorded in b.maria.notMeasured.
func (b *bench) mariaDB(files []string) {
	db, srv, err := harness.StartMariaDB(b.ctx, filepath.Join(b.tmp, "mariadb"))
	if err != nil {
		b.maria.notMeasured = "not measured: " + err.Error()
		return
	}
	defer srv.Stop()
	defer db.Close()
	db.QueryRowContext(b.ctx, "SELECT VERSION()").Scan(&b.mariaVersion)
	var engine string
	for _, q := range []string{
		"CREATE DATABASE bench", "USE bench",
		"CREATE TABLE t (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)",
	} {
		if err := b.exec(db, q); err != nil {
			b.maria.notMeasured = "not measured: " + err.Error()
			return
		}
	}
	db.QueryRowContext(b.ctx, "SELECT ENGINE FROM information_schema.TABLES WHERE TABLE_SCHEMA='bench' AND TABLE_NAME='t'").Scan(&engine)
	b.mariaVersion += ", " + engine
	logf("LOAD DATA into MariaDB")
	if b.mariaLoad, _, err = harness.LoadDataFiles(b.ctx, db, "t", files, b.rows, logFile); err != nil {
		b.maria.notMeasured = "not measured: " + err.Error()
		return
	}
	logf("%d point queries on MariaDB (BIT_COUNT)", b.queries)
	format := "SELECT id FROM t WHERE BIT_COUNT(fp ^ %d) <= 3"
	times, wrong, first, err := timeQueries(b.ctx, db, format, b.qfps, b.truth)
	if err != nil {
		b.maria.notMeasured = "not measured: " + err.Error()
		return
	}
	b.maria.n, b.maria.wrong, b.maria.firstWrong = len(times), wrong, first
	b.maria.median, b.maria.p99 = harness.Quantiles(times)
	logf("  median %.3f ms, p99 %.3f ms", harness.Ms(b.maria.median), harness.Ms(b.maria.p99))
}

func tail(s string, n int) string {
	if len(s) > n {
		return s[len(s)-n:]
	}
	return s
}

func ratio(a, b time.Duration) string {
	if a == 0 || b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.1f×", float64(a)/float64(b))
}

// barNote qualifies a bar of the issue, which is set at 1,000,000 rows.
func (b *bench) barNote() string {
	if b.rows == 1_000_000 {
		return ""
	}
	return fmt.Sprintf("(bar set at 1,000,000 rows; this run has %d) ", b.rows)
}

func verdict(ok bool) string {
	if ok {
		return "met"
	}
	return "**MISSED**"
}

// print writes the results measured so far as markdown.
func (b *bench) print() {
	fmt.Printf("\nsimsql %s; %d rows (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED): random fingerprints, every %dth with 3 planted neighbours at distances 1, 2, 3; k = %d\n",
		b.commit, b.rows, harness.PlantEvery, k)
	fmt.Printf("%s, %s/%s, %d CPUs (%s); %s\n\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), harness.CPUModel(),
		time.Now().UTC().Format("2006-01-02"))
	n := float64(b.rows)
	fmt.Println("| measure | value | ratio / bar |")
	fmt.Println("|---|---|---|")
	if b.loadPlain > 0 {
		fmt.Printf("| LOAD DATA LOCAL INFILE into `plain` (no index) | %.2f s (%.0f rows/s) | |\n", b.loadPlain.Seconds(), n/b.loadPlain.Seconds())
	}
	if b.loadIdx > 0 {
		fmt.Printf("| LOAD DATA LOCAL INFILE into `idx` (simhash k=3 index made before the load) | %.2f s (%.0f rows/s) | insert cost of the index: %s the plain load |\n",
			b.loadIdx.Seconds(), n/b.loadIdx.Seconds(), ratio(b.loadIdx, b.loadPlain))
		if len(b.filesIdx) > 1 && len(b.filesPlain) == len(b.filesIdx) {
			rest := func(ds []time.Duration) (t time.Duration) {
				for _, d := range ds[1:] {
					t += d
				}
				return t
			}
			fmt.Printf("| same, first %dk-row file only: `plain` / `idx` | %.2f s / %.2f s | %s |\n",
				fileRows/1000, b.filesPlain[0].Seconds(), b.filesIdx[0].Seconds(), ratio(b.filesIdx[0], b.filesPlain[0]))
			fmt.Printf("| same, files 2..%d (index bucket no longer empty): `plain` / `idx` | %.2f s / %.2f s | %s |\n",
				len(b.filesIdx), rest(b.filesPlain).Seconds(), rest(b.filesIdx).Seconds(), ratio(rest(b.filesIdx), rest(b.filesPlain)))
		}
		fmt.Printf("| data directory growth per row (du): `plain` / `idx` (bbolt reuses freed pages, so du growth is not the index's size; see the bucket pages below) | %.1f B / %.1f B | difference: %.1f B/row |\n",
			float64(b.duPlain)/n, float64(b.duIdx)/n, float64(b.duIdx-b.duPlain)/n)
	}
	if b.createIdx > 0 {
		fmt.Printf("| CREATE INDEX … COMMENT 'simhash k=3' on the filled `plain` (bulk build) | %.2f s | du growth %.1f B/row |\n",
			b.createIdx.Seconds(), float64(b.duCreate)/n)
	}
	if b.bucketIdx.keys > 0 {
		extra := ""
		if b.bucketPlain.keys > 0 {
			extra = fmt.Sprintf("; bulk-built on `plain`: %.1f B/row", float64(b.bucketPlain.bytes)/n)
		}
		fmt.Printf("| index bucket pages in the bbolt file (%d entries, %d per row) | %.1f B/row (rows bucket: %.1f B/row) | made by LOAD DATA%s |\n",
			b.bucketIdx.keys, b.bucketIdx.keys/b.rows, float64(b.bucketIdx.bytes)/n, float64(b.bucketRows.bytes)/n, extra)
	}
	if b.fileBytes > 0 {
		fmt.Printf("| bbolt file at the end: size / free pages | %.1f MB / %d pages of %d B | |\n", float64(b.fileBytes)/1e6, b.freePages, b.pageSize)
	}
	if b.ans > 0 {
		fmt.Printf("| point query answers (brute force): rows per query min / mean / max | %d / %.2f / %d | |\n",
			b.answerMin, float64(b.ans)/float64(len(b.truth)), b.answerMax)
	}
	pq := func(name string, s series) {
		if s.notMeasured != "" {
			fmt.Printf("| %s | %s | |\n", name, s.notMeasured)
			return
		}
		if s.n == 0 {
			return
		}
		fmt.Printf("| %s: median of %d | %.3f ms | |\n", name, s.n, harness.Ms(s.median))
		fmt.Printf("| %s: p99 | %.3f ms | |\n", name, harness.Ms(s.p99))
		exact := fmt.Sprintf("all %d equal brute force", s.n)
		if s.wrong > 0 {
			exact = fmt.Sprintf("**%d of %d differ from brute force**: %s", s.wrong, s.n, s.firstWrong)
		}
		fmt.Printf("| %s: answers | %s | |\n", name, exact)
	}
	pq("point query `idx`, `hamming(fp, X) <= 3`, simhash index", b.idx)
	if b.idx.plan != "" {
		fmt.Printf("| EXPLAIN PLAN on `idx` names simhash index fp_k3 | %v | |\n", b.idx.planOK)
	}
	pq("point query `plain`, same query, full scan", b.scan)
	if b.scan.plan != "" {
		fmt.Printf("| EXPLAIN PLAN on `plain` names no simhash index | %v | |\n", b.scan.planOK)
	}
	if b.idx.n > 0 && b.scan.n > 0 {
		med, p99 := float64(b.scan.median)/float64(b.idx.median), float64(b.scan.p99)/float64(b.idx.p99)
		fmt.Printf("| scan / index | median %.0f×, p99 %.0f× | %s≥ 100× (median): %s |\n", med, p99, b.barNote(), verdict(med >= 100))
		same := b.idx.wrong == 0 && b.scan.wrong == 0
		fmt.Printf("| index and scan answers identical for every query | %v | |\n", same)
	}
	if b.mariaLoad > 0 {
		fmt.Printf("| MariaDB (%s, default settings) LOAD DATA LOCAL INFILE | %.2f s | |\n", b.mariaVersion, b.mariaLoad.Seconds())
	}
	pq("MariaDB `BIT_COUNT(fp ^ X) <= 3` (full scan)", b.maria)
	if b.idx.n > 0 && b.maria.n > 0 {
		med, p99 := float64(b.maria.median)/float64(b.idx.median), float64(b.maria.p99)/float64(b.idx.p99)
		fmt.Printf("| MariaDB / simsql index | median %.0f×, p99 %.0f× | %s≥ 50× (median): %s |\n", med, p99, b.barNote(), verdict(med >= 50))
	}
	if len(b.ndTimes) > 0 {
		s := slices.Clone(b.ndTimes)
		slices.Sort(s)
		med := s[len(s)/2]
		bar := fmt.Sprintf("< 3 s: %s", verdict(med < 3*time.Second))
		if b.rows != 1_000_000 {
			bar = fmt.Sprintf("(bar is < 3 s at 1,000,000 rows; this run has %d)", b.rows)
		}
		fmt.Printf("| `SELECT COUNT(*) FROM near_duplicates('idx', 'fp', 3)`: median of %d | %.2f s (runs: %s) | %s |\n",
			len(s), med.Seconds(), secs(b.ndTimes), bar)
		scan := slices.Clone(b.ndScanTimes)
		slices.Sort(scan)
		fmt.Printf("| `SELECT COUNT(*) FROM near_duplicates('plain', 'fp', 3)` (no index: table scan, grouped in memory): median of %d | %.2f s (runs: %s) | the scan takes %s the index path's time |\n",
			len(scan), scan[len(scan)/2].Seconds(), secs(b.ndScanTimes), ratio(scan[len(scan)/2], med))
		check := "equals"
		if b.ndCount != b.ndWant || b.ndScanCount != b.ndWant {
			check = "**differs from**"
		}
		fmt.Printf("| near_duplicates pairs over all rows (index; scan) | %d; %d | %s a pigeonhole count in Go (%d) |\n", b.ndCount, b.ndScanCount, check, b.ndWant)
	}
	if b.sampleWant > 0 || b.sampleGot > 0 {
		res := fmt.Sprintf("identical to brute force (all %d·%d/2 pairs compared in Go)", b.sample, b.sample-1)
		if !b.sampleOK {
			res = "**differs from brute force**: " + b.sampleDiff
		}
		fmt.Printf("| near_duplicates on the first %d rows: pairs (left_id, right_id, distance) | %d (brute force %d) | %s |\n",
			b.sample, b.sampleGot, b.sampleWant, res)
	}
	if len(b.filesIdx) > 0 {
		fmt.Printf("\nLOAD DATA seconds per %dk-row file, `plain`: %s; `idx`: %s\n", fileRows/1000, secs(b.filesPlain), secs(b.filesIdx))
	}
	fmt.Printf("\nwhole run %.1f s", time.Since(b.start).Seconds())
	if b.buildTime > 0 {
		fmt.Printf(" (of which go build %.1f s)", b.buildTime.Seconds())
	}
	fmt.Println()
}

func secs(ds []time.Duration) string {
	s := make([]string, len(ds))
	for i, d := range ds {
		s[i] = fmt.Sprintf("%.2f", d.Seconds())
	}
	return strings.Join(s, ", ")
}
