package minhash

import (
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"go.etcd.io/bbolt"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/pigeonhole"
)

const (
	warmup     = 10 // unmeasured queries before the indexed series
	scanWarmup = 2  // and before the forced scans
	loadClause = "(id, @h) SET sig = UNHEX(@h)"
	indexDDL   = "CREATE INDEX sig_j80 ON %s (sig) COMMENT 'minhash t=0.8'"
	// entriesPerRow is what the index writes per row: one entry per band of
	// ExactBands(128, 0.8) and the signature entry.
	bandsPerRow = 26
)

// series is one set of timed point queries.
type series struct {
	n           int
	median, p99 time.Duration
	load        float64       // 1-minute load average at the end
	cpu         time.Duration // server CPU time of the measured queries
	wrong       int           // answers that differ from brute force
	firstWrong  string
	plan        string // EXPLAIN PLAN of the first query
	planOK      bool
	times       []time.Duration
}

// bucketStat is one bbolt bucket's size.
type bucketStat struct {
	keys         int   // bbolt keys
	entries      int   // index entries: keys, or in a packed bucket the blocks' entries
	packed       bool  // a packed keyspace (storage.PackedKeyspace: index layout 2)
	alloc, inuse int64 // page bytes allocated, and used by elements
}

// speedResult is what the speed runs measured.
type speedResult struct {
	rows, files          int
	genTime, truthTime   time.Duration
	pairsTime            time.Duration
	ansMin, ansMax, ans  int
	bandRows, lowRows    int // sums over the point queries (Go)
	loadPlain, loadIdx   timed
	filesPlain, filesIdx []time.Duration
	cpuPlain, cpuIdx     []time.Duration // server CPU time per file
	duPlain, duIdx       int64
	stopped              string // the indexed load was stopped: why, and the projection
	profPlain, profIdx   *harness.Profile
	profErr              string
	idx, scan            series
	idxSame              time.Duration // median of the index times of the scan's X's
	ndIdx, ndPlain       []timed
	ndCountIdx, ndPlainN int64
	ndWant               int
	listOK               bool
	listDiff             string
	listN                int
	listTime             timed
	join, lookup         selfJoin // the self-join at 0.8, and its lookup-join plan over the first rows
	createIdx            timed
	duCreate             int64
	bIdx, bBulk, bRows   bucketStat
	fileBytes            int64
	freePages, pageSize  int
	bucketErr            string
}

// speedSteps are the functions of the load whose cumulative share of the
// profile says where the time goes.
var speedSteps = []harness.Step{
	{Fn: "github.com/simsql/simsql/catalog.(*loadDataIter).Next", Name: "reading and parsing the file's lines into rows"},
	{Fn: "github.com/dolthub/go-mysql-server/sql/rowexec.(*insertIter).Next", Name: "go-mysql-server's insert of each row (conversion, checks, simsql's editor)"},
	{Fn: "github.com/dolthub/go-mysql-server/sql/expression/function.(*Unhex).Eval", Name: "UNHEX of the signature"},
	{Fn: "github.com/simsql/simsql/catalog.(*editor).Insert", Name: "simsql's per-row insert (encoding, buffering)"},
	{Fn: "github.com/simsql/simsql/catalog.(*editor).write", Name: "simsql writing the statement: rows and index entries"},
	{Fn: "github.com/simsql/simsql/catalog.(*editor).indexEntries", Name: "index entries of each row"},
	{Fn: "github.com/simsql/simsql/indexes.(*minhashIndex).Entries", Name: "the minhash index's entries (band hashes)"},
	{Fn: "github.com/simsql/simsql/catalog.applySorted", Name: "sorting the rows' writes, deferring the index entries"},
	{Fn: "github.com/simsql/simsql/storage.(*Txn).Commit", Name: "commit: the deferred entries sorted and applied, bbolt's commit"},
	{Fn: "github.com/simsql/simsql/storage.lastWrites", Name: "sorting the deferred index entries by key"},
	{Fn: "github.com/simsql/simsql/storage.(*commitReq).apply", Name: "applying the writes in key order"},
	{Fn: "github.com/simsql/simsql/storage.(*boltTx).packedWrite", Name: "gathering index entries for their packed blocks (layout 2)"},
	{Fn: "github.com/simsql/simsql/storage.(*boltTx).writeBack", Name: "merging them into the blocks and cutting full blocks"},
	{Fn: "go.etcd.io/bbolt.(*Bucket).Put", Name: "bbolt puts"},
	{Fn: "go.etcd.io/bbolt.(*Bucket).Get", Name: "bbolt key lookups"},
	{Fn: "go.etcd.io/bbolt.(*Tx).Commit", Name: "bbolt commit (rebalance, spill: page splits and writes, fsync)"},
	{Fn: "go.etcd.io/bbolt.(*node).spill", Name: "bbolt spill (splitting and writing dirty nodes)"},
	{Fn: "runtime.mallocgc", Name: "memory allocation"},
	{Fn: "runtime.gcBgMarkWorker", Name: "background garbage collection"},
}

func (b *bench) runSpeed() error {
	r := &speedResult{rows: b.cfg.rows}
	b.speed = r
	logf("generating %d signatures", r.rows)
	t0 := time.Now()
	sigs := plantedSignatures(r.rows)
	files, err := writeSigFiles(filepath.Join(b.tmp, "files"), sigs, b.cfg.fileRows)
	if err != nil {
		return err
	}
	r.files = len(files)
	qs := pointQueries(sigs, b.cfg.queries)
	r.genTime = time.Since(t0)

	m := minAgreeAt(threshold)
	bands, err := pigeonhole.ExactBands(numPerm, threshold, 2) // the index's layout
	if err != nil {
		return err
	}
	t0 = time.Now()
	truth := pointTruths(sigs, qs, m, bands)
	r.truthTime = time.Since(t0)
	r.ansMin = math.MaxInt
	for _, t := range truth {
		r.ans += len(t.ids)
		r.ansMin, r.ansMax = min(r.ansMin, len(t.ids)), max(r.ansMax, len(t.ids))
		r.bandRows += t.bandRows
		r.lowRows += t.lowRows
	}
	logf("brute-force answers of %d queries in %.1f s: %d rows in all", len(qs), r.truthTime.Seconds(), r.ans)
	t0 = time.Now()
	pairs := pairsAtLeast(sigs, m)
	r.pairsTime = time.Since(t0)
	r.ndWant = len(pairs)
	logf("pairs agreeing in >= %d slots (Go, banded): %d in %.1f s", m, len(pairs), r.pairsTime.Seconds())

	dataDir := filepath.Join(b.tmp, "data")
	du := func() int64 {
		a, _, _ := harness.DirSize(dataDir)
		return a
	}
	// The plain load, then the indexed load, each in a server of its own
	// under --cpu-profile.
	profPlain, profIdx := filepath.Join(b.tmp, "plain.pprof"), filepath.Join(b.tmp, "idx.pprof")
	pl, err := b.loadTable(dataDir, profPlain, "plain", false, files, nil)
	if err != nil {
		return fmt.Errorf("loading plain: %w", err)
	}
	r.loadPlain, r.filesPlain, r.cpuPlain, r.duPlain = pl.total, pl.files, pl.cpu, pl.du
	ix, err := b.loadTable(dataDir, profIdx, "idx", true, files, func(done int, elapsed time.Duration) string {
		if projected := elapsed * time.Duration(len(files)) / time.Duration(done); done < len(files) && projected > b.cfg.maxLoad {
			return fmt.Sprintf("stopped after %d of %d files (%d rows) in %.1f s: at that pace the whole load would take %.0f s, over -max-load %s",
				done, len(files), done*b.cfg.fileRows, elapsed.Seconds(), projected.Seconds(), b.cfg.maxLoad)
		}
		return ""
	})
	if err != nil {
		return fmt.Errorf("loading idx: %w", err)
	}
	r.loadIdx, r.filesIdx, r.cpuIdx, r.duIdx, r.stopped = ix.total, ix.files, ix.cpu, ix.du, ix.stopped
	if r.profPlain, err = harness.SummarizeProfile(b.ctx, b.bin, profPlain, speedSteps); err == nil {
		r.profIdx, err = harness.SummarizeProfile(b.ctx, b.bin, profIdx, speedSteps)
	}
	if err != nil {
		r.profErr = err.Error()
	}
	if r.stopped != "" {
		return nil
	}

	err = b.withServer(dataDir, nil, func(db *sql.DB) error {
		hexes := make([]string, len(qs))
		for i, q := range qs {
			hexes[i] = hex.EncodeToString(marshal(q))
		}
		logf("%d point queries on idx through the index", len(qs))
		r.idx = b.pointSeries(db, "SELECT id FROM idx WHERE minhash_jaccard(sig, X'%s') >= 0.8", hexes, truth, "(minhash index sig_j80)", true, warmup)
		logf("  median %.3f ms, p99 %.3f ms", harness.Ms(r.idx.median), harness.Ms(r.idx.p99))
		logf("%d of them as a forced full scan", b.cfg.scanQueries)
		r.scan = b.pointSeries(db, "SELECT id FROM idx WHERE IF(minhash_jaccard(sig, X'%s') >= 0.8, 1, 0) = 1", hexes[:b.cfg.scanQueries], truth, "minhash index", false, scanWarmup)
		logf("  median %.1f ms, p99 %.1f ms", harness.Ms(r.scan.median), harness.Ms(r.scan.p99))
		if len(r.idx.times) >= b.cfg.scanQueries {
			r.idxSame, _ = harness.Quantiles(r.idx.times[:b.cfg.scanQueries])
		}

		logf("near_duplicates('idx', 'sig', 0.8) and near_duplicates('plain', 'sig', 0.8) x %d", b.cfg.ndRuns)
		for range b.cfg.ndRuns {
			for _, table := range []string{"idx", "plain"} {
				var n int64
				t, err := b.measure(func() error {
					return db.QueryRowContext(b.ctx, "SELECT COUNT(*) FROM near_duplicates('"+table+"', 'sig', 0.8)").Scan(&n)
				})
				if err != nil {
					return fmt.Errorf("near_duplicates on %s: %w", table, err)
				}
				if table == "idx" {
					r.ndIdx, r.ndCountIdx = append(r.ndIdx, t), n
				} else {
					r.ndPlain, r.ndPlainN = append(r.ndPlain, t), n
				}
				logf("  %s: %d pairs in %.2f s", table, n, t.d.Seconds())
			}
		}
		var got []pairOf
		var err error
		r.listTime, err = b.measure(func() error {
			got, err = ndPairs(b, db, "idx")
			return err
		})
		if err != nil {
			return err
		}
		r.listN = len(got)
		r.listOK, r.listDiff = comparePairs(got, pairs)
		if r.join, err = b.timeSelfJoin(db, selfJoinQuery, "SelfJoinPairs", b.cfg.ndRuns); err != nil {
			return err
		}
		if r.lookup, err = b.timeSelfJoin(db, fmt.Sprintf(lookupJoinQuery, lookupRows(r.rows)), "LookupJoin", 1); err != nil {
			return err
		}

		logf("CREATE INDEX on the filled plain table")
		du0 := du()
		r.createIdx, err = b.measure(func() error { return exec(b, db, fmt.Sprintf(indexDDL, "plain")) })
		r.duCreate = du() - du0
		return err
	})
	if err != nil {
		return err
	}
	if err := r.bucketSizes(filepath.Join(dataDir, "simsql.db")); err != nil {
		r.bucketErr = err.Error()
	}
	return nil
}

// pointQueries returns n query signatures, the same every run: a third
// are a group's base row (answered by it and its close neighbours), a
// third rows outside the groups' neighbours (answered by themselves), a
// third new neighbours at Jaccard 0.85 of a group's base (in no row).
func pointQueries(s *sigSet, n int) [][]uint64 {
	r := rand.New(rand.NewPCG(synthSeed, 2))
	groups := s.n / groupSize
	out := make([][]uint64, n)
	for i := range out {
		g := r.IntN(groups) * groupSize
		switch i % 3 {
		case 0:
			out[i] = slices.Clone(s.row(g))
		case 1:
			out[i] = slices.Clone(s.row(g + len(plantLevels) + 1 + r.IntN(groupSize-len(plantLevels)-1)))
		default:
			out[i] = make([]uint64, numPerm)
			plantNeighbour(r, s.row(g), 0.85, out[i])
		}
	}
	return out
}

// withServer starts simsql on dataDir with extra flags, runs f with a
// one-connection pool and stops the server (which writes its profile).
func (b *bench) withServer(dataDir string, extra []string, f func(db *sql.DB) error) error {
	srv, err := harness.StartSimsql(b.ctx, b.bin, dataDir, extra...)
	if err != nil {
		return err
	}
	b.srv = srv
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		srv.Stop()
		return err
	}
	db.SetMaxOpenConns(1)
	err = f(db)
	db.Close()
	srv.Stop()
	if err == nil {
		b.srv = nil
	}
	return err
}

func exec(b *bench, db *sql.DB, q string) error {
	if _, err := db.ExecContext(b.ctx, q); err != nil {
		return fmt.Errorf("%s: %w", q, err)
	}
	return nil
}

func logFile(name string, d time.Duration) error {
	logf("  %s: %.2f s", name, d.Seconds())
	return nil
}

// pointSeries runs format (one %s, the query's signature in hexadecimal)
// for each of hexes after warm unmeasured runs, checks every answer
// against truth and EXPLAIN PLAN of the first for planWord (want: whether
// it must appear).
func (b *bench) pointSeries(db *sql.DB, format string, hexes []string, truth []pointTruth, planWord string, want bool, warm int) series {
	var s series
	plan, err := harness.Explain(b.ctx, db, fmt.Sprintf(format, hexes[0]))
	if err != nil {
		s.firstWrong = "EXPLAIN PLAN: " + err.Error()
		s.wrong = 1
		return s
	}
	s.plan, s.planOK = shortPlan(plan), strings.Contains(plan, planWord) == want
	var c0 time.Duration
	for i := -min(warm, len(hexes)); i < len(hexes); i++ {
		qi := i
		if qi < 0 {
			qi += min(warm, len(hexes))
		}
		if i == 0 {
			c0 = b.serverCPU()
		}
		q := fmt.Sprintf(format, hexes[qi])
		t0 := time.Now()
		got, err := harness.QueryIDs(b.ctx, db, q)
		el := time.Since(t0)
		if err != nil {
			s.wrong++
			s.firstWrong = err.Error()
			return s
		}
		if i < 0 {
			continue
		}
		s.times = append(s.times, el)
		slices.Sort(got)
		if !slices.Equal(got, truth[qi].ids) {
			s.wrong++
			if s.firstWrong == "" {
				s.firstWrong = fmt.Sprintf("query %d: got %v, want %v", qi, got, truth[qi].ids)
			}
		}
	}
	s.n = len(s.times)
	s.cpu = b.serverCPU() - c0
	s.median, s.p99 = harness.Quantiles(s.times)
	s.load = harness.LoadAverage()[0]
	return s
}

// shortPlan is a plan with the long signature literals cut.
func shortPlan(plan string) string {
	var out []string
	for _, line := range strings.Split(plan, "\n") {
		if len(line) > 160 {
			line = line[:100] + " … " + line[len(line)-50:]
		}
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// ndPairs returns near_duplicates(table, 'sig', 0.8) in full, the
// similarity turned back into agreeing slots.
func ndPairs(b *bench, db *sql.DB, table string) ([]pairOf, error) {
	rows, err := db.QueryContext(b.ctx, "SELECT left_id, right_id, similarity FROM near_duplicates('"+table+"', 'sig', 0.8) ORDER BY left_id, right_id")
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []pairOf
	for rows.Next() {
		var p pairOf
		var sim float64
		if err := rows.Scan(&p.left, &p.right, &sim); err != nil {
			return nil, err
		}
		p.agree = int(math.Round(sim * numPerm))
		if float64(p.agree)/numPerm != sim {
			p.agree = -1 // not a count of slots over 128
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// comparePairs reports whether got equals want and, if not, the first
// difference.
func comparePairs(got, want []pairOf) (bool, string) {
	if slices.Equal(got, want) {
		return true, ""
	}
	for i := range max(len(got), len(want)) {
		if i >= len(got) || i >= len(want) || got[i] != want[i] {
			var g, w any = "none", "none"
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			return false, fmt.Sprintf("%d pairs, Go %d; first difference at pair %d: got %v, want %v", len(got), len(want), i, g, w)
		}
	}
	return false, ""
}

// tableLoad is one LOAD DATA of the speed runs' files into a table.
type tableLoad struct {
	total      timed
	files, cpu []time.Duration // per file: wall and server CPU time
	du         int64           // the data directory's growth
	stopped    string          // why the load was stopped, if it was
}

// loadTable creates table (id, sig) in dataDir, with the index of indexDDL
// if indexed, and loads files into it, in a server of its own writing a
// CPU profile to prof. stop, if not nil, is asked after each file whether
// to stop (a reason) or go on ("").
func (b *bench) loadTable(dataDir, prof, table string, indexed bool, files []string, stop func(done int, elapsed time.Duration) string) (tableLoad, error) {
	var l tableLoad
	du := func() int64 {
		a, _, _ := harness.DirSize(dataDir)
		return a
	}
	err := b.withServer(dataDir, []string{"--cpu-profile", prof}, func(db *sql.DB) error {
		ddl := []string{fmt.Sprintf("CREATE TABLE %s (id BIGINT PRIMARY KEY, sig VARBINARY(1038))", table)}
		if indexed {
			ddl = append(ddl, fmt.Sprintf(indexDDL, table))
		}
		for _, q := range ddl {
			if err := exec(b, db, q); err != nil {
				return err
			}
		}
		du0 := du()
		what := "no index"
		if indexed {
			what = "minhash t=0.8 index made before the load"
		}
		logf("LOAD DATA into %s (%s), %d files", table, what, len(files))
		start := time.Now()
		c0 := b.serverCPU()
		progress := func(file string, d time.Duration) error {
			c := b.serverCPU()
			l.cpu = append(l.cpu, c-c0)
			c0 = c
			logFile(file, d)
			if stop != nil {
				if l.stopped = stop(len(l.cpu), time.Since(start)); l.stopped != "" {
					return errors.New(l.stopped)
				}
			}
			return nil
		}
		var err error
		l.total, err = b.measure(func() error {
			_, l.files, err = harness.LoadDataFilesWith(b.ctx, db, table, loadClause, files, b.cfg.rows, progress)
			return err
		})
		l.du = du() - du0
		if errors.Is(err, harness.ErrLoadStopped) {
			logf("%s", l.stopped)
			return nil
		}
		return err
	})
	return l, err
}

// bucketSizes opens the stopped server's bbolt file and records the index
// buckets (the first made is idx's by LOAD DATA, the second plain's by
// CREATE INDEX) and the first rows bucket ('r' + id) with a key per row
// (plain's).
func (r *speedResult) bucketSizes(path string) error {
	n := 0
	file, err := indexBuckets(path, func(sz bucketStat) {
		if n++; n == 1 {
			r.bIdx = sz
		} else {
			r.bBulk = sz
		}
	}, func(sz bucketStat) {
		if sz.keys == r.rows && r.bRows.keys == 0 {
			r.bRows = sz
		}
	})
	r.fileBytes, r.freePages, r.pageSize = file.Bytes, file.FreePages, file.PageSize
	return err
}

// indexBuckets walks the bbolt file of a stopped server at path, calling
// index with each bucket of index entries, in name order ('x' + id, or
// that name packed: storage.PackedKeyspace), and rows with each bucket of
// rows ('r' + id).
func indexBuckets(path string, index, rows func(bucketStat)) (harness.BoltFile, error) {
	return harness.WalkBolt(path, func(name []byte, bk *bbolt.Bucket, st bbolt.BucketStats) error {
		ks, err := harness.Keyspace(name, bk, st)
		if err != nil {
			return err
		}
		sz := bucketStat{keys: ks.Keys, entries: ks.Entries, packed: ks.Packed, alloc: ks.Alloc, inuse: ks.Inuse}
		switch {
		case len(ks.Name) > 0 && ks.Name[0] == 'x':
			index(sz)
		case len(ks.Name) > 0 && ks.Name[0] == 'r':
			rows(sz)
		}
		return nil
	})
}
