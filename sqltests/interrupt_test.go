package sqltests

import (
	"context"
	dbsql "database/sql"
	"errors"
	"fmt"
	"math/bits"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// bchCodewords returns the 2^18 codewords of the binary BCH code of length
// 63 and designed distance 21 (generator polynomial: the product of the
// minimal polynomials of α^1 … α^20 in GF(64), α a root of x^6 + x + 1; 45
// check bits), as fingerprints: bit i is the coefficient of x^i. The code
// is linear, so its minimum distance is its least nonzero weight.
func bchCodewords(t *testing.T) []uint64 {
	t.Helper()
	var exp [63]int
	log := map[int]int{}
	for i, a := 0, 1; i < 63; i++ {
		exp[i], log[a] = a, i
		if a <<= 1; a&64 != 0 {
			a ^= 0x43
		}
	}
	mul := func(a, b int) int {
		if a == 0 || b == 0 {
			return 0
		}
		return exp[(log[a]+log[b])%63]
	}
	roots := map[int]bool{} // exponents of the roots: cyclotomic cosets of 1..20
	for i := 1; i <= 20; i++ {
		for j := i; !roots[j]; j = j * 2 % 63 {
			roots[j] = true
		}
	}
	g := []int{1} // coefficients in GF(64), constant first
	for r := range roots {
		next := make([]int, len(g)+1)
		for j, c := range g {
			next[j+1] ^= c            // x·c
			next[j] ^= mul(c, exp[r]) // α^r·c
		}
		g = next
	}
	var gen uint64
	for j, c := range g {
		if c > 1 {
			t.Fatalf("BCH generator has a coefficient %d outside GF(2)", c)
		}
		gen |= uint64(c) << j
	}
	if len(g) != 46 {
		t.Fatalf("BCH generator of degree %d, want 45", len(g)-1)
	}
	codes := make([]uint64, 1<<18)
	for m := range codes {
		var c uint64
		for i := range 18 {
			if m>>i&1 != 0 {
				c ^= gen << i
			}
		}
		codes[m] = c
		if m > 0 && bits.OnesCount64(c) < 21 {
			t.Fatalf("BCH codeword %x of weight %d, want at least 21", c, bits.OnesCount64(c))
		}
	}
	return codes
}

// TestNearDuplicatesInterrupted: near_duplicates over 262,144 rows no two
// of which are within 20 bits (the BCH codewords), at k = 20, compares all
// 34 billion pairs and finds none, so that only the search's own checks of
// the statement's context can stop it. KILL QUERY from another connection
// stops it with error 1317, max_execution_time with error 3024, and a
// client that goes away stops it too, each well within the test's
// deadline; the connection stays usable. The waits are for the statement to
// be seen past its table scan (the time a k=0 search of the same table
// takes, measured first).
func TestNearDuplicatesInterrupted(t *testing.T) {
	codes := bchCodewords(t)
	srv := StartServer(t)
	db := srv.DB(t)
	exec := func(c *dbsql.Conn, q string) {
		t.Helper()
		if _, err := c.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	exec(conn, "CREATE TABLE codes (id INT PRIMARY KEY, fp BIGINT UNSIGNED)")
	var tsv strings.Builder
	for i, c := range codes {
		fmt.Fprintf(&tsv, "%d\t%d\n", i, c)
	}
	file := filepath.Join(t.TempDir(), "codes.tsv")
	if err := os.WriteFile(file, []byte(tsv.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	exec(conn, "LOAD DATA LOCAL INFILE '"+file+"' INTO TABLE codes")
	// The scan and a search that only sorts: the part the waits skip.
	start := time.Now()
	var n int
	if err := conn.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM near_duplicates('codes', 'fp', 0)").Scan(&n); err != nil || n != 0 {
		t.Fatalf("near_duplicates at k=0: %d, %v; want 0 pairs", n, err)
	}
	scan := time.Since(start)
	t.Logf("near_duplicates at k=0 (scan and sort of %d rows): %v", len(codes), scan.Round(time.Millisecond))

	assertInterruptible(t, db, conn, "SELECT COUNT(*) FROM near_duplicates('codes', 'fp', 20)", scan, "SELECT COUNT(*) FROM codes", len(codes))
}

// assertInterruptible checks that query, run on conn, is stopped by KILL
// QUERY from another connection (error 1317), by max_execution_time (3024)
// and by its client going away, each within 10 s, once it has run for
// twice scan (the time of its part that the checks skip); and that conn
// still answers check with want afterwards.
func assertInterruptible(t *testing.T, db *dbsql.DB, conn *dbsql.Conn, query string, scan time.Duration, check string, want int) {
	t.Helper()
	exec := func(c *dbsql.Conn, q string) {
		t.Helper()
		if _, err := c.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%.60s: %v", q, err)
		}
	}
	var n int
	// run starts query on c and returns where its error will come.
	run := func(ctx context.Context, c *dbsql.Conn) <-chan error {
		done := make(chan error, 1)
		go func() {
			var n int
			done <- c.QueryRowContext(ctx, query).Scan(&n)
		}()
		return done
	}
	// waitSearching waits until connection id has run query for twice the
	// scan's time, failing if it ends before.
	waitSearching := func(id int64, done <-chan error) {
		t.Helper()
		deadline := time.Now().Add(30 * time.Second)
		for since := time.Now(); time.Since(since) < 2*scan+100*time.Millisecond; {
			var running int
			err := db.QueryRow("SELECT COUNT(*) FROM information_schema.processlist WHERE id = ? AND info = ?", id, query).Scan(&running)
			if err != nil {
				t.Fatal(err)
			}
			if running == 0 {
				since = time.Now() // not started yet
			}
			select {
			case err := <-done:
				t.Fatalf("%s ended before it was interrupted: %v", query, err)
			case <-time.After(20 * time.Millisecond):
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s not seen running for %v within 30 s", query, 2*scan)
			}
		}
	}
	// wantError waits up to 10 s for done and fails unless it is MySQL
	// error number.
	wantError := func(what string, done <-chan error, number uint16) time.Duration {
		t.Helper()
		start := time.Now()
		select {
		case err := <-done:
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != number {
				t.Errorf("%s: error %v, want MySQL error %d", what, err, number)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: still running 10 s later", what)
		}
		return time.Since(start)
	}
	var id int64
	if err := conn.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}

	// KILL QUERY from another connection.
	done := run(context.Background(), conn)
	waitSearching(id, done)
	if _, err := db.Exec(fmt.Sprintf("KILL QUERY %d", id)); err != nil {
		t.Fatal(err)
	}
	took := wantError("after KILL QUERY", done, 1317)
	t.Logf("stopped %v after KILL QUERY", took.Round(time.Millisecond))

	// max_execution_time: the limit is past the scan, so the search is
	// what gets stopped.
	limit := max(500*time.Millisecond, 2*scan+100*time.Millisecond)
	exec(conn, fmt.Sprintf("SET max_execution_time = %d", limit.Milliseconds()))
	took = wantError("with max_execution_time", run(context.Background(), conn), 3024)
	t.Logf("stopped by max_execution_time = %d after %v", limit.Milliseconds(), took.Round(time.Millisecond))
	if took < limit {
		t.Errorf("stopped after %v, before max_execution_time = %v", took, limit)
	}
	exec(conn, "SET max_execution_time = 0")
	if err := conn.QueryRowContext(context.Background(), check).Scan(&n); err != nil || n != want {
		t.Errorf("the connection after the interruptions: %d rows, %v", n, err)
	}

	// A client that goes away: the driver closes the connection when the
	// statement's context is cancelled.
	gone, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var goneID int64
	if err := gone.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&goneID); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done = run(ctx, gone)
	waitSearching(goneID, done)
	cancel()
	<-done
	gone.Close()
	start := time.Now()
	for {
		var running int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.processlist WHERE id = ? AND command = 'Query'", goneID).Scan(&running); err != nil {
			t.Fatal(err)
		}
		if running == 0 {
			break
		}
		if time.Since(start) > 10*time.Second {
			t.Fatalf("the statement of a client that went away still runs 10 s later")
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Logf("the statement of a client that went away ended %v after it closed the connection", time.Since(start).Round(time.Millisecond))
}

// TestMinHashNearDuplicatesInterrupted checks that near_duplicates over
// signatures stops for KILL QUERY, max_execution_time and a client that
// goes away while it compares a crowded band: 15,000 signatures that agree
// on the slots of one band and on nothing else, so the band's group holds
// them all and no pair qualifies (about 10^8 comparisons, nothing found).
func TestMinHashNearDuplicatesInterrupted(t *testing.T) {
	const rows, n = 15000, 128
	srv := StartServer(t)
	db := srv.DB(t)
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(1038))"); err != nil {
		t.Fatal(err)
	}
	var tsv strings.Builder
	state := uint64(7)
	next := func() uint64 { // SplitMix64: values below 2^61 − 1
		state += 0x9E3779B97F4A7C15
		z := state
		z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
		z = (z ^ (z >> 27)) * 0x94D049BB133111EB
		return (z ^ (z >> 31)) % (1<<61 - 1)
	}
	for i := range rows {
		fmt.Fprintf(&tsv, "%d\tFF4D4801%04X%016X", i, n, 1)
		for slot := range n {
			v := next()
			if slot < 5 { // the first band of ExactBands(128, 0.8): shared
				v = uint64(slot) + 1
			}
			fmt.Fprintf(&tsv, "%016X", v)
		}
		tsv.WriteString("\n")
	}
	file := filepath.Join(t.TempDir(), "sigs.tsv")
	if err := os.WriteFile(file, []byte(tsv.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.ExecContext(context.Background(), "LOAD DATA LOCAL INFILE '"+file+"' INTO TABLE s (id, @h) SET sig = UNHEX(@h)"); err != nil {
		t.Fatal(err)
	}
	// The scan and the banding without a crowded band: the part the
	// waits skip (t = 1 makes one band of all 128 slots).
	start := time.Now()
	var pairs int
	if err := conn.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM near_duplicates('s', 'sig', 1)").Scan(&pairs); err != nil || pairs != 0 {
		t.Fatalf("near_duplicates at t=1: %d, %v; want 0 pairs", pairs, err)
	}
	scan := time.Since(start)
	t.Logf("near_duplicates at t=1 (scan and banding of %d rows): %v", rows, scan.Round(time.Millisecond))
	assertInterruptible(t, db, conn, "SELECT COUNT(*) FROM near_duplicates('s', 'sig', 0.8)", scan, "SELECT COUNT(*) FROM s", rows)
}
