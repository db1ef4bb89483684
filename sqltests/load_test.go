package sqltests

import (
	"context"
	dbsql "database/sql"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/textsim"
)

// loadClients is how many clients TestLoad runs at once.
const loadClients = 64

// loadSeconds is how long TestLoad runs its clients: SIMSQL_LOAD_SECONDS,
// else 15 (the CI setting; README gives the full setting, 120).
func loadSeconds(t *testing.T) time.Duration {
	s := os.Getenv("SIMSQL_LOAD_SECONDS")
	if s == "" {
		return 15 * time.Second
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 3600 {
		t.Fatalf("SIMSQL_LOAD_SECONDS=%q: want whole seconds from 1 to 3600", s)
	}
	return time.Duration(n) * time.Second
}

const loadTable = `CREATE TABLE docs (
	id BIGINT PRIMARY KEY,
	client INT NOT NULL,
	ver INT NOT NULL,
	body VARCHAR(400) NOT NULL,
	fp BIGINT UNSIGNED AS (simhash(body)) STORED,
	KEY ix_client (client),
	KEY fp_k3 (fp) COMMENT 'simhash k=3'
)`

// loadWords and loadFamilies make near-duplicate texts: a body is one of
// the families' 24 words with up to two of them replaced, so bodies of one
// family often lie within a few bits of each other.
var loadWords = strings.Fields(`alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike
november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu apple banana cherry
date elder fig grape hazel iris jasmine kiwi lemon mango nectar olive peach quince raisin sage thyme umber
violet walnut yarrow zest river mountain valley ocean forest desert island canyon meadow glacier harbor
prairie summit tundra volcano lagoon marsh delta reef ridge plateau 北京 上海 广州 深圳 杭州 南京 苹果 香蕉`)

type loadFamily []string

func newLoadFamilies(r *rand.Rand, n int) []loadFamily {
	fams := make([]loadFamily, n)
	for i := range fams {
		f := make(loadFamily, 24)
		for j := range f {
			f[j] = loadWords[r.IntN(len(loadWords))]
		}
		fams[i] = f
	}
	return fams
}

func (f loadFamily) variant(r *rand.Rand) string {
	w := slices.Clone(f)
	for range r.IntN(3) {
		w[r.IntN(len(w))] = loadWords[r.IntN(len(loadWords))]
	}
	return strings.Join(w, " ")
}

// loadRow is a row as the ledger knows it.
type loadRow struct {
	client int
	ver    int
	body   string
	fp     uint64 // textsim's simhash of body
}

// loadStats are one client's latencies per operation kind.
type loadStats struct {
	lat  [3][]time.Duration // by loadInsert, loadQuery, loadUpdate
	errs []string
}

const (
	loadInsert = iota
	loadQuery
	loadUpdate
)

var loadKinds = [3]string{"insert", "query", "update"}

// TestLoad runs loadClients clients over the wire for loadSeconds, each
// mixing INSERTs (with a generated simhash fingerprint under a simhash
// index), near-duplicate point queries through that index and UPDATEs of
// its own rows, keeping a ledger of what was acknowledged. Every query's
// rows must be within 3 bits and must include exactly the client's own
// ledger rows within 3 bits (only that client changes them). Afterwards
// the table must equal the union of the ledgers row for row, the
// fingerprints must equal textsim's, and point queries through the index
// and through ix_client must equal brute force over the ledger. It logs
// throughput and latency percentiles per kind.
func TestLoad(t *testing.T) {
	if testing.Short() {
		t.Skip("runs 64 clients for SIMSQL_LOAD_SECONDS (15 s)")
	}
	dur := loadSeconds(t)
	srv := StartServer(t)
	db := srv.DB(t)
	mustExec(t, db, loadTable)
	an := textsim.Default()
	fams := newLoadFamilies(rand.New(rand.NewPCG(7, 7)), 40)

	cfg, err := mysql.ParseDSN(srv.DSN("simsql"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ReadTimeout = 60 * time.Second // above the 50 s lock wait: a wait shows as error 1205
	pool, err := dbsql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer pool.Close()
	pool.SetMaxOpenConns(loadClients)
	pool.SetMaxIdleConns(loadClients)

	// The first simhash() of Chinese text loads the segmenter's dictionary
	// (about 2 s, ten times that in a -race server on a busy machine): do it
	// before the clock starts, so that the window measures the load rather
	// than 64 clients waiting for the dictionary; the same for the test's
	// own analyzer, which checks the fingerprints.
	mustExec(t, db, "DO simhash('北京 alpha 上海 bravo')")
	an.SimHash("北京 alpha 上海 bravo")

	ledgers := make([]map[int64]loadRow, loadClients)
	stats := make([]loadStats, loadClients)
	start := time.Now()
	stop := start.Add(dur)
	var wg sync.WaitGroup
	for c := range loadClients {
		ledgers[c] = map[int64]loadRow{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			runLoadClient(pool, an, fams, c, stop, ledgers[c], &stats[c])
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)

	var all [3][]time.Duration
	nerr := 0
	for c := range stats {
		for k := range all {
			all[k] = append(all[k], stats[c].lat[k]...)
		}
		for _, e := range stats[c].errs {
			if nerr < 20 {
				t.Errorf("client %d: %s", c, e)
			}
			nerr++
		}
	}
	if nerr > 0 {
		t.Errorf("%d errors in all", nerr)
	}
	for k, lat := range all {
		t.Logf("%-6s %7d ops  %7.1f ops/s  p50 %v  p99 %v  max %v", loadKinds[k], len(lat),
			float64(len(lat))/elapsed.Seconds(), pct(lat, 50), pct(lat, 99), pct(lat, 100))
	}
	if len(all[loadInsert]) == 0 || len(all[loadQuery]) == 0 || len(all[loadUpdate]) == 0 {
		t.Fatalf("an operation kind never completed: %d inserts, %d queries, %d updates",
			len(all[loadInsert]), len(all[loadQuery]), len(all[loadUpdate]))
	}
	want := map[int64]loadRow{}
	for _, l := range ledgers {
		for id, r := range l {
			want[id] = r
		}
	}
	checkLoadTable(t, db, want)
	checkLoadIndexes(t, db, an, fams, want)
}

// runLoadClient is one client of TestLoad: 50% inserts, 30% queries and
// 20% updates (an update needs a row of its own first) until stop; past
// stop, on a machine too slow to have done each kind by then, it does the
// kinds it has not done yet (an insert first), so that every client checks
// all three however loaded the machine is. Its ids are c·10^9 + 1, 2, ...
func runLoadClient(pool *dbsql.DB, an *textsim.Analyzer, fams []loadFamily, c int, stop time.Time, ledger map[int64]loadRow, st *loadStats) {
	ctx := context.Background()
	conn, err := pool.Conn(ctx)
	if err != nil {
		st.errs = append(st.errs, err.Error())
		return
	}
	defer conn.Close()
	prep := func(q string) *dbsql.Stmt {
		s, err := conn.PrepareContext(ctx, q)
		if err != nil {
			st.errs = append(st.errs, fmt.Sprintf("prepare %s: %v", q, err))
		}
		return s
	}
	ins := prep("INSERT INTO docs (id, client, ver, body) VALUES (?, ?, 0, ?)")
	sel := prep("SELECT id, fp FROM docs WHERE hamming(fp, ?) <= 3")
	upd := prep("UPDATE docs SET ver = ver + 1, body = ? WHERE id = ?")
	if len(st.errs) > 0 {
		return
	}
	r := rand.New(rand.NewPCG(uint64(c), 99))
	var own []int64
	next := int64(c)*1_000_000_000 + 1
	for len(st.errs) < 5 {
		kind := loadInsert
		if time.Now().Before(stop) {
			switch p := r.IntN(10); {
			case p >= 5 && p < 8:
				kind = loadQuery
			case p >= 8 && len(own) > 0:
				kind = loadUpdate
			}
		} else {
			missing := false
			for k := range st.lat {
				if len(st.lat[k]) == 0 && (k != loadUpdate || len(own) > 0) {
					kind, missing = k, true
					break
				}
			}
			if !missing {
				break
			}
		}
		body := fams[r.IntN(len(fams))].variant(r)
		t0 := time.Now()
		switch kind {
		case loadInsert:
			if _, err := ins.Exec(next, c, body); err != nil {
				st.errs = append(st.errs, fmt.Sprintf("insert %d: %v", next, err))
				continue
			}
			fp, _ := an.SimHash(body)
			ledger[next] = loadRow{client: c, body: body, fp: fp}
			own = append(own, next)
			next++
		case loadUpdate:
			id := own[r.IntN(len(own))]
			res, err := upd.Exec(body, id)
			if err != nil {
				st.errs = append(st.errs, fmt.Sprintf("update %d: %v", id, err))
				continue
			}
			if n, _ := res.RowsAffected(); n != 1 {
				st.errs = append(st.errs, fmt.Sprintf("update %d: %d rows affected, want 1", id, n))
			}
			row := ledger[id]
			row.ver++
			row.body = body
			row.fp, _ = an.SimHash(body)
			ledger[id] = row
		case loadQuery:
			q, _ := an.SimHash(body)
			got, err := queryFingerprints(sel, q)
			if err != nil {
				st.errs = append(st.errs, fmt.Sprintf("query %d: %v", q, err))
				continue
			}
			for id, fp := range got {
				if d := bits.OnesCount64(fp ^ q); d > 3 {
					st.errs = append(st.errs, fmt.Sprintf("query %d: row %d at distance %d", q, id, d))
				}
			}
			// The client's own rows are stable: exactly those within 3.
			for id, row := range ledger {
				_, found := got[id]
				if near := bits.OnesCount64(row.fp^q) <= 3; near != found {
					st.errs = append(st.errs, fmt.Sprintf("query %d: own row %d (fp %d) found %v, within 3 bits %v", q, id, row.fp, found, near))
				}
			}
		}
		st.lat[kind] = append(st.lat[kind], time.Since(t0))
	}
}

// queryFingerprints runs a (id, fp) query and returns fp by id.
func queryFingerprints(s *dbsql.Stmt, args ...any) (map[int64]uint64, error) {
	rows, err := s.Query(args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	got := map[int64]uint64{}
	for rows.Next() {
		var id int64
		var fp uint64
		if err := rows.Scan(&id, &fp); err != nil {
			return nil, err
		}
		if _, dup := got[id]; dup {
			return nil, fmt.Errorf("row %d returned twice", id)
		}
		got[id] = fp
	}
	return got, rows.Err()
}

// checkLoadTable checks that the table holds exactly the ledger's rows.
func checkLoadTable(t *testing.T, db *dbsql.DB, want map[int64]loadRow) {
	t.Helper()
	rows, err := db.Query("SELECT id, client, ver, body, fp FROM docs")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	seen := map[int64]bool{}
	bad := 0
	for rows.Next() {
		var id int64
		var r loadRow
		if err := rows.Scan(&id, &r.client, &r.ver, &r.body, &r.fp); err != nil {
			t.Fatal(err)
		}
		w, ok := want[id]
		switch {
		case seen[id]:
			t.Errorf("row %d twice", id)
		case !ok:
			t.Errorf("row %d is in the table but was never acknowledged", id)
		case r != w:
			if bad++; bad <= 10 {
				t.Errorf("row %d = %+v, ledger %+v (fp from textsim)", id, r, w)
			}
		}
		seen[id] = true
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	lost := 0
	for id := range want {
		if !seen[id] {
			if lost++; lost <= 10 {
				t.Errorf("acknowledged row %d is missing", id)
			}
		}
	}
	t.Logf("table: %d rows, ledger %d rows, %d lost, %d differ", len(seen), len(want), lost, bad)
}

// checkLoadIndexes compares point queries through the simhash index (and
// per client through ix_client) with brute force over the ledger.
func checkLoadIndexes(t *testing.T, db *dbsql.DB, an *textsim.Analyzer, fams []loadFamily, want map[int64]loadRow) {
	t.Helper()
	checkIndexes(t, dbConn{db}, "SELECT id, fp FROM docs WHERE hamming(fp, 0) <= 3", []string{"simhash index fp_k3"})
	perClient := map[int]int{}
	for _, r := range want {
		perClient[r.client]++
	}
	sel, err := db.Prepare("SELECT id, fp FROM docs WHERE hamming(fp, ?) <= 3")
	if err != nil {
		t.Fatal(err)
	}
	defer sel.Close()
	r := rand.New(rand.NewPCG(3, 4))
	probes := 0
	for range 300 {
		q, _ := an.SimHash(fams[r.IntN(len(fams))].variant(r))
		q ^= uint64(r.IntN(2)) << r.IntN(64) // sometimes one bit off
		got, err := queryFingerprints(sel, q)
		if err != nil {
			t.Fatal(err)
		}
		var wantIDs, gotIDs []int64
		for id, row := range want {
			if bits.OnesCount64(row.fp^q) <= 3 {
				wantIDs = append(wantIDs, id)
			}
		}
		for id := range got {
			gotIDs = append(gotIDs, id)
		}
		slices.Sort(wantIDs)
		slices.Sort(gotIDs)
		if !slices.Equal(gotIDs, wantIDs) {
			t.Errorf("hamming(fp, %d) <= 3 through the index: %d rows, brute force %d", q, len(gotIDs), len(wantIDs))
		}
		probes += len(wantIDs)
	}
	t.Logf("300 index probes returned %d rows in all, equal to brute force", probes)
	for c := range loadClients {
		checkRows(t, db, "after the load", map[string][]string{
			fmt.Sprintf("SELECT COUNT(*) FROM docs WHERE client = %d", c): {strconv.Itoa(perClient[c])},
		})
	}
}

// pct returns the p-th percentile (nearest rank) of d; it sorts d.
func pct(d []time.Duration, p float64) time.Duration {
	if len(d) == 0 {
		return 0
	}
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	i := int(float64(len(d))*p/100+0.5) - 1
	return d[max(0, min(i, len(d)-1))].Round(10 * time.Microsecond)
}
