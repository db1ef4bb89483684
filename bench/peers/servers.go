package peers

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math/rand/v2"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/go-ego/gse"
	"github.com/jackc/pgx/v5"

	"github.com/simsql/simsql/bench/internal/harness"
)

const (
	k      = 3 // Hamming distance of workloads 1 and 2
	warmup = 5 // unmeasured point queries before each measured series
	simsql = "simsql"
	maria  = "MariaDB"
	pg     = "PostgreSQL"
)

var systems = []string{simsql, maria, pg}

// bench holds what the server workloads share.
type bench struct {
	ctx   context.Context
	cfg   config
	tmp   string
	r     *report
	bin   string
	sizes []*sizeData
	seg   *gse.Segmenter // gse with the analyzer's dictionary
}

// sizeData is the data of one size: fingerprints, LOAD DATA files, point
// query fingerprints and brute-force answers.
type sizeData struct {
	n     int
	fps   []uint64
	files []string
	qs    []uint64
	truth [][]int64
	pairs int64
	res   *sizeResult
}

// servers runs workloads 1, 2 and 4 on simsql and the peers, one system at
// a time, and the CPU profile of simsql's bulk load.
func (b *bench) servers() error {
	for _, n := range b.cfg.sizes {
		logf("%d rows: fingerprints, files, brute-force answers", n)
		d := &sizeData{n: n, fps: harness.PlantedFingerprints(n)}
		var err error
		if d.files, err = harness.WriteFingerprintFiles(filepath.Join(b.tmp, fmt.Sprint("files-", n)), d.fps, (n+b.cfg.chunks-1)/b.cfg.chunks); err != nil {
			return err
		}
		rng := rand.New(rand.NewPCG(uint64(n), 5))
		d.qs = make([]uint64, b.cfg.queries)
		for i := range d.qs {
			d.qs[i] = d.fps[rng.IntN(n)]
		}
		d.truth = harness.BruteQueries(d.fps, d.qs, k)
		d.pairs = harness.PairsWithin3(d.fps)
		d.res = &sizeResult{rows: n, pairsWant: d.pairs, systems: map[string]*sysResult{}}
		for _, s := range systems {
			d.res.systems[s] = &sysResult{}
		}
		d.res.answers = answerStats(d.truth)
		b.sizes = append(b.sizes, d)
		b.r.sizes = append(b.r.sizes, d.res)
	}
	if err := b.simsql(); err != nil {
		return fmt.Errorf("simsql: %w", err)
	}
	if err := b.peer(maria, b.mariaDB); err != nil {
		return err
	}
	if err := b.peer(pg, b.postgres); err != nil {
		return err
	}
	return b.profileLoad()
}

// peer runs one peer's workloads; a peer that is not installed or does not
// start is noted in the report, or is an error when peers are required.
func (b *bench) peer(name string, fn func() error) error {
	err := fn()
	if err == nil {
		return nil
	}
	if b.cfg.requirePeers || !errors.Is(err, errNotStarted) {
		return fmt.Errorf("%s: %w", name, err)
	}
	logf("%s not measured: %v", name, err)
	for _, d := range b.sizes {
		d.res.systems[name].missing = err.Error()
	}
	return nil
}

// errNotStarted marks a peer that could not be started.
var errNotStarted = errors.New("not started")

func (b *bench) simsql() error {
	logf("simsql: starting %s", b.bin)
	srv, err := harness.StartSimsql(b.ctx, b.bin, filepath.Join(b.tmp, "simsql-data"))
	if err != nil {
		return err
	}
	defer srv.Stop()
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, d := range b.sizes {
		res := d.res.systems[simsql]
		t := fmt.Sprint("t_", d.n)
		if err := execAll(b.ctx, db, "CREATE TABLE "+t+" (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"); err != nil {
			return err
		}
		logf("simsql %d: LOAD DATA", d.n)
		if _, res.loadChunks, err = harness.LoadDataFiles(b.ctx, db, t, d.files, d.n, nil); err != nil {
			return err
		}
		logf("simsql %d: CREATE INDEX (bulk build)", d.n)
		t0 := time.Now()
		if err := execAll(b.ctx, db, "CREATE INDEX fp_k3 ON "+t+" (fp) COMMENT 'simhash k=3'"); err != nil {
			return err
		}
		d.res.indexBuild = time.Since(t0)
		q := "SELECT id FROM " + t + " WHERE hamming(fp, %d) <= 3"
		plan, err := harness.Explain(b.ctx, db, fmt.Sprintf(q, d.qs[0]))
		if err != nil {
			return err
		}
		if !strings.Contains(plan, "simhash index fp_k3") {
			return fmt.Errorf("EXPLAIN PLAN of %s does not use the simhash index:\n%s", fmt.Sprintf(q, d.qs[0]), plan)
		}
		logf("simsql %d: %d point queries", d.n, len(d.qs))
		if res.point, err = timeQueries(d, func(x uint64) ([]int64, error) { return harness.QueryIDs(b.ctx, db, fmt.Sprintf(q, x)) }); err != nil {
			return err
		}
		for range b.cfg.ndRuns {
			logf("simsql %d: near_duplicates", d.n)
			var n int64
			t0 := time.Now()
			if err := db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM near_duplicates('"+t+"', 'fp', 3)").Scan(&n); err != nil {
				return err
			}
			res.pairs.add(time.Since(t0), n == d.pairs)
			res.pairCount = n
		}
	}
	return nil
}

func (b *bench) mariaDB() error {
	logf("MariaDB: starting")
	db, srv, err := harness.StartMariaDB(b.ctx, filepath.Join(b.tmp, "mariadb"))
	if err != nil {
		return fmt.Errorf("%w: %v", errNotStarted, err)
	}
	defer srv.Stop()
	defer db.Close()
	if err := db.QueryRowContext(b.ctx, "SELECT VERSION()").Scan(&b.r.mariaVersion); err != nil {
		return err
	}
	if err := execAll(b.ctx, db, "CREATE DATABASE bench", "USE bench"); err != nil {
		return err
	}
	for _, d := range b.sizes {
		res := d.res.systems[maria]
		t := fmt.Sprint("t_", d.n)
		if err := execAll(b.ctx, db, "CREATE TABLE "+t+" (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED) ENGINE=InnoDB"); err != nil {
			return err
		}
		logf("MariaDB %d: LOAD DATA", d.n)
		if _, res.loadChunks, err = harness.LoadDataFiles(b.ctx, db, t, d.files, d.n, nil); err != nil {
			return err
		}
		logf("MariaDB %d: %d point queries", d.n, len(d.qs))
		q := "SELECT id FROM " + t + " WHERE BIT_COUNT(fp ^ %d) <= 3"
		if res.point, err = timeQueries(d, func(x uint64) ([]int64, error) { return harness.QueryIDs(b.ctx, db, fmt.Sprintf(q, x)) }); err != nil {
			return err
		}
		if d.n > b.cfg.selfJoinMax {
			res.pairsSkipped = true
			continue
		}
		logf("MariaDB %d: self-join", d.n)
		var n int64
		t0 := time.Now()
		err := db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM "+t+" a JOIN "+t+" b ON a.id < b.id WHERE BIT_COUNT(a.fp ^ b.fp) <= 3").Scan(&n)
		if err != nil {
			return err
		}
		res.pairs.add(time.Since(t0), n == d.pairs)
		res.pairCount = n
		logf("MariaDB %d: self-join %d pairs in %.1f s", d.n, n, time.Since(t0).Seconds())
	}
	return nil
}

func (b *bench) postgres() error {
	logf("PostgreSQL: starting")
	p, err := startPostgres(b.ctx, filepath.Join(b.tmp, "postgres"))
	if err != nil {
		return fmt.Errorf("%w: %v", errNotStarted, err)
	}
	defer p.stop()
	c := p.conn
	if err := c.QueryRow(b.ctx, "SELECT version()").Scan(&b.r.pgVersion); err != nil {
		return err
	}
	if out, err := exec.Command("dpkg-query", "-W", "-f", "${Version}", "postgresql-15-similarity").Output(); err == nil {
		b.r.pgSimilarity = string(out)
	}
	for _, d := range b.sizes {
		res := d.res.systems[pg]
		t := fmt.Sprint("t_", d.n)
		if _, err := c.Exec(b.ctx, "CREATE TABLE "+t+" (id BIGINT PRIMARY KEY, fp BIGINT)"); err != nil {
			return err
		}
		logf("PostgreSQL %d: COPY", d.n)
		per := (d.n + b.cfg.chunks - 1) / b.cfg.chunks
		for first := 0; first < d.n; first += per {
			last := min(first+per, d.n)
			t0 := time.Now()
			n, err := c.CopyFrom(b.ctx, pgx.Identifier{t}, []string{"id", "fp"}, pgx.CopyFromSlice(last-first, func(i int) ([]any, error) {
				return []any{int64(first + i + 1), int64(d.fps[first+i])}, nil
			}))
			if err != nil {
				return err
			}
			res.loadChunks = append(res.loadChunks, time.Since(t0))
			if n != int64(last-first) {
				return fmt.Errorf("COPY wrote %d rows, want %d", n, last-first)
			}
		}
		if _, err := c.Exec(b.ctx, "VACUUM ANALYZE "+t); err != nil {
			return err
		}
		logf("PostgreSQL %d: %d point queries", d.n, len(d.qs))
		q := "SELECT id FROM " + t + " WHERE bit_count((fp # %d)::bit(64)) <= 3"
		if res.point, err = timeQueries(d, func(x uint64) ([]int64, error) {
			rows, err := c.Query(b.ctx, fmt.Sprintf(q, int64(x)))
			if err != nil {
				return nil, err
			}
			return pgx.CollectRows(rows, pgx.RowTo[int64])
		}); err != nil {
			return err
		}
		if d.n > b.cfg.selfJoinMax {
			res.pairsSkipped = true
			continue
		}
		logf("PostgreSQL %d: self-join", d.n)
		var n int64
		t0 := time.Now()
		err := c.QueryRow(b.ctx, "SELECT COUNT(*) FROM "+t+" a JOIN "+t+" b ON a.id < b.id WHERE bit_count((a.fp # b.fp)::bit(64)) <= 3").Scan(&n)
		if err != nil {
			return err
		}
		res.pairs.add(time.Since(t0), n == d.pairs)
		res.pairCount = n
		logf("PostgreSQL %d: self-join %d pairs in %.1f s", d.n, n, time.Since(t0).Seconds())
	}
	return nil
}

// profileLoad loads the largest size again into a fresh simsql started with
// --cpu-profile, and summarises the profile.
func (b *bench) profileLoad() error {
	d := b.sizes[len(b.sizes)-1]
	logf("simsql %d: LOAD DATA under --cpu-profile", d.n)
	prof := filepath.Join(b.tmp, "load.pprof")
	srv, err := harness.StartSimsql(b.ctx, b.bin, filepath.Join(b.tmp, "simsql-profile"), "--cpu-profile", prof)
	if err != nil {
		return err
	}
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		srv.Stop()
		return err
	}
	db.SetMaxOpenConns(1)
	err = execAll(b.ctx, db, "CREATE TABLE t (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)")
	if err == nil {
		_, _, err = harness.LoadDataFiles(b.ctx, db, "t", d.files, d.n, nil)
	}
	db.Close()
	srv.Stop()
	if err != nil {
		return err
	}
	b.r.profile, err = harness.SummarizeProfile(b.ctx, b.bin, prof, keySteps)
	b.r.profileRows = d.n
	return err
}

// timeQueries runs warmup unmeasured queries, then one per d.qs, and
// checks each sorted answer against d.truth.
func timeQueries(d *sizeData, query func(uint64) ([]int64, error)) (series, error) {
	var s series
	for i := range warmup {
		if _, err := query(d.qs[i%len(d.qs)]); err != nil {
			return s, err
		}
	}
	for i, x := range d.qs {
		t0 := time.Now()
		ids, err := query(x)
		el := time.Since(t0)
		if err != nil {
			return s, err
		}
		slices.Sort(ids)
		s.add(el, slices.Equal(ids, d.truth[i]))
	}
	return s, nil
}

func execAll(ctx context.Context, db *sql.DB, qs ...string) error {
	for _, q := range qs {
		if _, err := db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("%s: %w", q, err)
		}
	}
	return nil
}

// answerStats describes the brute-force answer sizes.
func answerStats(truth [][]int64) string {
	lo, hi, sum := len(truth[0]), 0, 0
	for _, t := range truth {
		lo, hi, sum = min(lo, len(t)), max(hi, len(t)), sum+len(t)
	}
	return fmt.Sprintf("%d / %.2f / %d", lo, float64(sum)/float64(len(truth)), hi)
}

// keySteps are the functions of simsql's LOAD DATA path whose cumulative
// share of a profile says where the time goes (they nest: the first holds
// most of the others).
var keySteps = []harness.Step{
	{Fn: "github.com/dolthub/go-mysql-server/sql/rowexec.(*accumulatorIter).Next", Name: "the whole LOAD DATA statement in go-mysql-server"},
	{Fn: "github.com/dolthub/go-mysql-server/sql/rowexec.(*loadDataIter).Next", Name: "reading and parsing the file's lines into rows (go-mysql-server)"},
	{Fn: "github.com/dolthub/go-mysql-server/sql/rowexec.(*insertIter).Next", Name: "go-mysql-server's insert of each row (type conversion, checks, then simsql's editor)"},
	{Fn: "github.com/simsql/simsql/catalog.(*editor).Insert", Name: "simsql's per-row insert (encoding, buffering)"},
	{Fn: "github.com/simsql/simsql/catalog.(*editor).write", Name: "simsql writing the statement's rows into bbolt in key order"},
	{Fn: "go.etcd.io/bbolt.(*Bucket).Get", Name: "bbolt key lookups (per row: the duplicate-key check, the old row for index upkeep, the old value for the undo log)"},
	{Fn: "go.etcd.io/bbolt.(*Bucket).Put", Name: "bbolt puts"},
	{Fn: "go.etcd.io/bbolt.(*Tx).Commit", Name: "bbolt commit (page writes and fsync)"},
	{Fn: "runtime.mallocgc", Name: "memory allocation"},
	{Fn: "runtime.gcBgMarkWorker", Name: "background garbage collection"},
}

// series is a set of timed operations.
type series struct {
	times []time.Duration
	wrong int // answers that differ from brute force
}

func (s *series) add(d time.Duration, ok bool) {
	s.times = append(s.times, d)
	if !ok {
		s.wrong++
	}
}

// quantiles returns the median and p99 of s (zero if empty).
func (s series) quantiles() (median, p99 time.Duration) {
	if len(s.times) == 0 {
		return 0, 0
	}
	return harness.Quantiles(s.times)
}
