package sqltests

import (
	dbsql "database/sql"
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// crashRuns is how many times TestCrashRecovery kills the server; each run
// kills it at another point of the insert stream.
const crashRuns = 5

const crashTable = `CREATE TABLE crash (
	id BIGINT PRIMARY KEY,
	payload_key VARCHAR(20) NOT NULL,
	payload VARCHAR(400) NOT NULL,
	KEY ix_payload_key (payload_key)
)`

// crashKey and crashPayload are the columns of row id: the payload's length
// varies with id (so rows are not all the same size) and both columns can be
// recomputed from the id, which makes a half-written row visible.
func crashKey(id int64) string { return fmt.Sprintf("k%010d", id) }

func crashPayload(id int64) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	n := int(id*7919%300) + 10
	var b strings.Builder
	fmt.Fprintf(&b, "row %d:", id)
	for i := range n {
		b.WriteByte(alphabet[(int(id)+i*i)%len(alphabet)])
	}
	return b.String()
}

// TestCrashRecovery runs a simsql server on a data directory while one
// client inserts single rows with autocommit, noting which inserts were
// acknowledged; it kills the server with SIGKILL mid-stream, restarts it on
// the same directory and checks that every acknowledged row is there, that
// at most the one insert in flight is there besides, that every row is
// whole, and that the secondary index agrees with the table. It does this
// crashRuns times, with kill delays drawn from a fixed seed, on one data
// directory that accumulates the rows of every run.
func TestCrashRecovery(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server crashRuns+1 times")
	}
	deadline := time.Now().Add(55 * time.Second)
	rng := rand.New(rand.NewPCG(20261130, 3))
	dir := t.TempDir()
	srv := StartServer(t, "--data-dir", dir)
	mustExec(t, srv.DB(t), crashTable)

	committed := map[int64]bool{} // acknowledged, or found after a crash
	next := int64(1)
	for run := range crashRuns {
		if time.Now().After(deadline) {
			t.Fatalf("run %d: out of time (the whole test is bounded to 55 s)", run)
		}
		delay := time.Duration(50+rng.IntN(351)) * time.Millisecond
		w := startCrashWriter(t, srv, next)
		select {
		case <-w.firstAck:
		case <-w.done:
			t.Fatalf("run %d: the first insert (id %d) failed: %v", run, next, w.err)
		case <-time.After(10 * time.Second):
			t.Fatalf("run %d: the first insert (id %d) was not acknowledged in 10 s", run, next)
		}
		time.Sleep(delay)
		select {
		case <-w.done:
			t.Fatalf("run %d: the writer stopped before the kill, after %d rows: %v", run, len(w.acked), w.err)
		default:
		}
		srv.Kill(t)
		select {
		case <-w.done:
		case <-time.After(10 * time.Second):
			t.Fatalf("run %d: an insert still had no answer 10 s after the kill", run)
		}
		for _, id := range w.acked {
			committed[id] = true
		}

		srv = StartServer(t, "--data-dir", dir)
		present := checkCrashTable(t, srv.DB(t), committed, w.inFlight)
		t.Logf("run %d: killed %v after the first ack: %d acknowledged, in-flight id %d present: %v; %d rows in all",
			run, delay, len(w.acked), w.inFlight, present, len(committed)+btoi(present))
		if present {
			committed[w.inFlight] = true
		}
		if t.Failed() {
			return
		}
		next = w.inFlight + 1
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// crashWriter inserts rows next, next+1, ... with autocommit on one
// connection until an insert fails.
type crashWriter struct {
	firstAck chan struct{} // closed when the first insert is acknowledged
	done     chan struct{} // closed when the writer has stopped
	// Set before done is closed:
	acked    []int64 // ids whose INSERT returned no error
	inFlight int64   // the id whose INSERT failed
	err      error   // its error
}

func startCrashWriter(t *testing.T, srv *Server, next int64) *crashWriter {
	t.Helper()
	cfg, err := mysql.ParseDSN(srv.DSN("simsql"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.ReadTimeout = 5 * time.Second
	cfg.WriteTimeout = 5 * time.Second
	db, err := dbsql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	w := &crashWriter{firstAck: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(w.done)
		defer db.Close()
		stop := time.Now().Add(20 * time.Second) // bound the loop should the kill never come
		for id := next; time.Now().Before(stop); id++ {
			w.inFlight = id
			// Text protocol: one round trip per insert; the values need no
			// escaping.
			q := fmt.Sprintf("INSERT INTO crash VALUES (%d, '%s', '%s')", id, crashKey(id), crashPayload(id))
			if _, w.err = db.Exec(q); w.err != nil {
				return
			}
			w.acked = append(w.acked, id)
			if len(w.acked) == 1 {
				close(w.firstAck)
			}
		}
		w.inFlight, w.err = 0, fmt.Errorf("still inserting after 20 s")
	}()
	return w
}

// checkCrashTable checks the table after a restart: every committed id is
// present, no other id is present except inFlight, every row's columns
// match its id, and lookups through ix_payload_key agree with the table. It
// returns whether inFlight is present.
func checkCrashTable(t *testing.T, db *dbsql.DB, committed map[int64]bool, inFlight int64) bool {
	t.Helper()
	rows, err := db.Query("SELECT id, payload_key, payload FROM crash ORDER BY id")
	if err != nil {
		t.Fatalf("reading the table after the crash: %v", err)
	}
	var ids []int64
	inFlightPresent := false
	for rows.Next() {
		var id int64
		var key, payload string
		if err := rows.Scan(&id, &key, &payload); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
		if key != crashKey(id) || payload != crashPayload(id) {
			t.Errorf("row %d is not whole: payload_key %q, payload %q; want %q, %q",
				id, key, payload, crashKey(id), crashPayload(id))
		}
		switch {
		case committed[id]:
		case id == inFlight:
			inFlightPresent = true
		default:
			t.Errorf("row %d is present but was never acknowledged nor in flight", id)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	rows.Close()
	var lost []int64
	for id := range committed {
		if _, found := slices.BinarySearch(ids, id); !found {
			lost = append(lost, id)
		}
	}
	slices.Sort(lost)
	if len(lost) > 0 {
		t.Errorf("%d acknowledged rows lost, ids %v", len(lost), lost[:min(len(lost), 20)])
	}

	// The same rows through the secondary index: counts, an ordered range,
	// and a point lookup per row (plus absent keys around the end).
	total := strconv.Itoa(len(ids))
	checkRows(t, db, "after the crash", map[string][]string{
		"SELECT COUNT(*) FROM crash":                          {total},
		"SELECT COUNT(*) FROM crash WHERE payload_key >= 'k'": {total},
		"SELECT COUNT(*) FROM crash WHERE payload_key < 'k'":  {"0"},
	})
	var viaIndex []int64
	r2, err := db.Query("SELECT id FROM crash WHERE payload_key >= 'k' ORDER BY payload_key")
	if err != nil {
		t.Fatal(err)
	}
	for r2.Next() {
		var id int64
		if err := r2.Scan(&id); err != nil {
			t.Fatal(err)
		}
		viaIndex = append(viaIndex, id)
	}
	if err := r2.Err(); err != nil {
		t.Fatal(err)
	}
	r2.Close()
	if !slices.Equal(viaIndex, ids) { // keys are zero-padded ids: same order
		t.Errorf("index range scan returns %d ids, table %d (first difference at %d)",
			len(viaIndex), len(ids), firstDiff(viaIndex, ids))
	}
	stmt, err := db.Prepare("SELECT id, payload FROM crash WHERE payload_key = ?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	probe := slices.Clone(ids)
	last := inFlight
	if len(ids) > 0 {
		last = max(last, ids[len(ids)-1])
	}
	for id := last + 1; id <= last+3; id++ {
		probe = append(probe, id) // absent: must find nothing
	}
	if !inFlightPresent && inFlight > 0 {
		probe = append(probe, inFlight)
	}
	for _, id := range probe {
		got := lookupPayload(t, stmt, crashKey(id))
		var want []string
		if committed[id] || (id == inFlight && inFlightPresent) {
			want = []string{strconv.FormatInt(id, 10) + "|" + crashPayload(id)}
		}
		if !slices.Equal(got, want) {
			t.Errorf("payload_key = %q through the index: %q, want %q", crashKey(id), got, want)
		}
	}
	return inFlightPresent
}

// lookupPayload returns the rows (id, payload) of stmt as "id|payload".
func lookupPayload(t *testing.T, stmt *dbsql.Stmt, args ...any) []string {
	t.Helper()
	rows, err := stmt.Query(args...)
	if err != nil {
		t.Fatalf("%v: %v", args, err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var id int64
		var payload string
		if err := rows.Scan(&id, &payload); err != nil {
			t.Fatal(err)
		}
		out = append(out, strconv.FormatInt(id, 10)+"|"+payload)
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

func firstDiff(a, b []int64) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
