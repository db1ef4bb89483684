package sqltests

import (
	dbsql "database/sql"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// bulkFP is the fingerprint of row id in the kill tests: rows come in
// groups of four whose fingerprints are a random base with 0 to 3 bits
// flipped, so near-duplicate queries have answers.
func bulkFP(id int64) uint64 {
	fp := splitMix(uint64(id / 4))
	for i := range id % 4 {
		fp ^= 1 << (splitMix(uint64(id)+uint64(i)<<40) % 64)
	}
	return fp
}

func splitMix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}

// bulkGroup is row id's value of the B-tree indexed column grp.
func bulkGroup(id int64) int64 { return id % 97 }

const bulkTable = `CREATE TABLE bulk (
	id BIGINT PRIMARY KEY,
	grp INT NOT NULL,
	fp BIGINT UNSIGNED NOT NULL,
	note VARCHAR(40) NOT NULL
	%s
)`

// writeBulkFile writes rows first..first+n-1 as a tab-separated file for
// LOAD DATA LOCAL INFILE and registers it with the driver.
func writeBulkFile(t *testing.T, dir string, first, n int64) string {
	t.Helper()
	var b strings.Builder
	for id := first; id < first+n; id++ {
		fmt.Fprintf(&b, "%d\t%d\t%d\tnote %d\n", id, bulkGroup(id), bulkFP(id), id)
	}
	path := filepath.Join(dir, fmt.Sprintf("bulk-%d.tsv", first))
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	mysql.RegisterLocalFile(path)
	t.Cleanup(func() { mysql.DeregisterLocalFile(path) })
	return path
}

func loadBulk(db *dbsql.DB, path string) error {
	_, err := db.Exec("LOAD DATA LOCAL INFILE '" + path + "' INTO TABLE bulk (id, grp, fp, note)")
	return err
}

// checkBulk checks table bulk against the set of ids it must hold
// (ranges [lo, hi)): every row whole, nothing else present, the row count
// per grp through ix_grp (when it exists), and point queries through the
// simhash index (when it exists) equal to brute force, with probes at
// present and at absent rows.
func checkBulk(t *testing.T, db *dbsql.DB, when string, ranges [][2]int64, absent [][2]int64) {
	t.Helper()
	var want []int64
	for _, r := range ranges {
		for id := r[0]; id < r[1]; id++ {
			want = append(want, id)
		}
	}
	slices.Sort(want)
	rows, err := db.Query("SELECT id, grp, fp, note FROM bulk ORDER BY id")
	if err != nil {
		t.Fatalf("%s: %v", when, err)
	}
	var got []int64
	bad := 0
	for rows.Next() {
		var id, grp int64
		var fp uint64
		var note string
		if err := rows.Scan(&id, &grp, &fp, &note); err != nil {
			t.Fatal(err)
		}
		if grp != bulkGroup(id) || fp != bulkFP(id) || note != "note "+strconv.FormatInt(id, 10) {
			if bad++; bad <= 5 {
				t.Errorf("%s: row %d is not whole: %d %d %q", when, id, grp, fp, note)
			}
		}
		got = append(got, id)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	if !slices.Equal(got, want) {
		t.Fatalf("%s: table has %d rows, want %d (first difference at position %d)", when, len(got), len(want), firstDiff(got, want))
	}

	idx := map[string]bool{}
	for _, l := range dump(t, db, "SHOW INDEX FROM bulk") {
		idx[strings.Split(l, "|")[2]] = true
	}
	if idx["ix_grp"] {
		perGroup := map[int64]int{}
		for _, id := range want {
			perGroup[bulkGroup(id)]++
		}
		for _, g := range []int64{0, 1, 50, 96} {
			checkRows(t, db, when, map[string][]string{
				fmt.Sprintf("SELECT COUNT(*) FROM bulk WHERE grp = %d", g): {strconv.Itoa(perGroup[g])},
			})
		}
	}
	if idx["fp_k3"] {
		checkIndexes(t, dbConn{db}, "SELECT id FROM bulk WHERE hamming(fp, 0) <= 3", []string{"simhash index fp_k3"})
		r := rand.New(rand.NewPCG(5, uint64(len(want))))
		var probes []int64
		for range 60 {
			probes = append(probes, want[r.IntN(len(want))])
		}
		for _, a := range absent {
			for range 20 {
				probes = append(probes, a[0]+r.Int64N(a[1]-a[0]))
			}
		}
		stmt, err := db.Prepare("SELECT id FROM bulk WHERE hamming(fp, ?) <= 3 ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		defer stmt.Close()
		for _, p := range probes {
			q := bulkFP(p)
			var brute []string
			for _, id := range want {
				if bits.OnesCount64(bulkFP(id)^q) <= 3 {
					brute = append(brute, strconv.FormatInt(id, 10))
				}
			}
			var viaIndex []string
			rs, err := stmt.Query(q)
			if err != nil {
				t.Fatal(err)
			}
			for rs.Next() {
				var id string
				rs.Scan(&id)
				viaIndex = append(viaIndex, id)
			}
			rs.Close()
			if !slices.Equal(viaIndex, brute) {
				t.Errorf("%s: hamming(fp, fp of %d) <= 3 through fp_k3: %v, brute force %v", when, p, viaIndex, brute)
			}
		}
	}
}

// TestKillDuringLoadData loads 40,000-row LOAD DATA LOCAL INFILE batches
// into a table with a B-tree and a simhash index and SIGKILLs the server
// during a batch, killRuns times at different points; after each restart
// every acknowledged batch is there, the killed batch is there in full or
// not at all, and both indexes agree with the rows.
func TestKillDuringLoadData(t *testing.T) {
	if testing.Short() {
		t.Skip("kills and restarts the server")
	}
	const batch, killRuns = 40_000, 3
	deadline := time.Now().Add(150 * time.Second)
	dir, files := t.TempDir(), t.TempDir()
	srv := StartServer(t, "--data-dir", dir)
	mustExec(t, srv.DB(t), fmt.Sprintf(bulkTable, ", KEY ix_grp (grp), KEY fp_k3 (fp) COMMENT 'simhash k=3'"))
	r := rand.New(rand.NewPCG(20261130, 6))
	var committed [][2]int64
	next := int64(0)
	for run := range killRuns {
		if time.Now().After(deadline) {
			t.Fatalf("run %d: out of time", run)
		}
		db := srv.DB(t)
		// One acknowledged batch, then a batch killed after a random delay.
		path := writeBulkFile(t, files, next, batch)
		if err := loadBulk(db, path); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
		committed = append(committed, [2]int64{next, next + batch})
		next += batch
		killed := [2]int64{next, next + batch}
		path = writeBulkFile(t, files, next, batch)
		delay := time.Duration(100+r.IntN(600)) * time.Millisecond
		done := make(chan error, 1)
		start := time.Now()
		go func() { done <- loadBulk(db, path) }()
		time.Sleep(delay)
		srv.Kill(t)
		err := <-done
		if err == nil {
			t.Logf("run %d: the batch was acknowledged before the kill at %v; killing later", run, delay)
		}
		srv = StartServer(t, "--data-dir", dir)
		db = srv.DB(t)
		var n int64
		if err := db.QueryRow("SELECT COUNT(*) FROM bulk WHERE id >= ?", killed[0]).Scan(&n); err != nil {
			t.Fatal(err)
		}
		switch {
		case n == batch:
			committed = append(committed, killed)
			t.Logf("run %d: killed %v into the batch (%v): the batch committed before the kill", run, delay, time.Since(start).Round(time.Millisecond))
		case n == 0:
			t.Logf("run %d: killed %v into the batch: its %d rows are absent, as they must be (load error %v)", run, delay, batch, err)
		default:
			t.Fatalf("run %d: %d of the killed batch's %d rows are present", run, n, batch)
		}
		var absent [][2]int64
		if n == 0 {
			absent = append(absent, killed)
		}
		checkBulk(t, db, fmt.Sprintf("run %d", run), committed, absent)
		next += batch
		if t.Failed() {
			return
		}
	}
	t.Logf("%d kills; %d rows committed in the end", killRuns, committedRows(committed))
}

func committedRows(rs [][2]int64) int64 {
	var n int64
	for _, r := range rs {
		n += r[1] - r[0]
	}
	return n
}

// TestKillDuringCreateIndex fills a table with bulkRows rows, then runs
// CREATE INDEX (simhash k=3, and a B-tree on grp) and SIGKILLs the server
// during the build, at different points; after the restart the index is
// either absent (and CREATE INDEX then works and is exact) or present and
// exact, and the rows are untouched.
func TestKillDuringCreateIndex(t *testing.T) {
	if testing.Short() {
		t.Skip("kills and restarts the server")
	}
	bulkRows := int64(200_000)
	if s := os.Getenv("SIMSQL_KILL_INDEX_ROWS"); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 1000 {
			t.Fatalf("SIMSQL_KILL_INDEX_ROWS=%q: want a whole number of at least 1000", s)
		}
		bulkRows = n
	}
	dir := t.TempDir()
	srv := StartServer(t, "--data-dir", dir)
	db := srv.DB(t)
	mustExec(t, db, fmt.Sprintf(bulkTable, ""))
	if err := loadBulk(db, writeBulkFile(t, t.TempDir(), 0, bulkRows)); err != nil {
		t.Fatal(err)
	}
	rows := [][2]int64{{0, bulkRows}}
	// Time each build once on a freshly started server (as the kills find
	// it), then kill at 20%, 50% and 80% of that time and once the build
	// has logged its progress line at 100,000 rows (the end of its scan).
	type kill struct {
		ddl, index string
		after      string        // kill once the server's stderr has one more such line, or
		delay      time.Duration // after this delay
	}
	var kills []kill
	for _, ix := range [][2]string{
		{"fp_k3", "CREATE INDEX fp_k3 ON bulk (fp) COMMENT 'simhash k=3'"},
		{"ix_grp", "CREATE INDEX ix_grp ON bulk (grp)"},
	} {
		srv.Stop(t)
		srv = StartServer(t, "--data-dir", dir)
		db := srv.DB(t)
		start := time.Now()
		mustExec(t, db, ix[1])
		took := time.Since(start)
		checkBulk(t, db, ix[0]+" built without a kill", rows, nil)
		mustExec(t, db, "DROP INDEX "+ix[0]+" ON bulk")
		t.Logf("%s: built in %v without a kill", ix[0], took.Round(time.Millisecond))
		for _, f := range []float64{0.2, 0.5, 0.8} {
			kills = append(kills, kill{ix[1], ix[0], "", time.Duration(f * float64(took))})
		}
		if bulkRows > 100_000 {
			kills = append(kills, kill{ix[1], ix[0], "100000 of " + strconv.FormatInt(bulkRows, 10) + " rows", 0})
		}
	}
	for i, k := range kills {
		db := srv.DB(t)
		done := make(chan error, 1)
		start := time.Now()
		progress := strings.Count(srv.Stderr(), k.after)
		go func() {
			_, err := db.Exec(k.ddl)
			done <- err
		}()
		if k.after == "" {
			time.Sleep(k.delay)
		} else {
			for strings.Count(srv.Stderr(), k.after) == progress && time.Since(start) < 60*time.Second {
				time.Sleep(5 * time.Millisecond)
			}
		}
		at := time.Since(start).Round(time.Millisecond)
		srv.Kill(t)
		err := <-done
		srv = StartServer(t, "--data-dir", dir)
		db = srv.DB(t)
		present := false
		for _, l := range dump(t, db, "SHOW INDEX FROM bulk") {
			present = present || strings.Split(l, "|")[2] == k.index
		}
		t.Logf("kill %d: %s killed after %v (statement error: %v); index present after restart: %v", i, k.index, at, err != nil, present)
		if err == nil && !present {
			t.Errorf("kill %d: CREATE INDEX was acknowledged but %s is gone", i, k.index)
		}
		checkBulk(t, db, fmt.Sprintf("kill %d, after restart", i), rows, nil)
		if present {
			mustExec(t, db, "DROP INDEX "+k.index+" ON bulk")
		}
		mustExec(t, db, k.ddl)
		checkBulk(t, db, fmt.Sprintf("kill %d, CREATE INDEX run again", i), rows, nil)
		mustExec(t, db, "DROP INDEX "+k.index+" ON bulk")
		if t.Failed() {
			return
		}
	}
}
