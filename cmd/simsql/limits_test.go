package main

import (
	"context"
	"crypto/tls"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/tlstest"
	"github.com/simsql/simsql/sqltests"
)

// bigRows is the size of table big: a three-way cross join of it (27
// billion triples) never ends on its own. Table nd has ndRows random
// fingerprints: near_duplicates over it with k = 16, and
// near_duplicate_groups with k = 20, compare all 45 billion pairs
// (brute force is the cheapest way at such k, and what NearPairs does),
// tens of seconds on two cores.
//
// Every signature of table mh agrees with every other on the first band
// of its minhash index (slots 0–3) and on almost nothing else, so the
// index's all-pairs search compares all 1.8 billion pairs of that band's
// one run and finds none (a search that emits nothing must stop too):
// tens of seconds on one core.
const (
	bigRows = 3000
	ndRows  = 300000
	mhRows  = 60000
)

// longQueries are statements that run for tens of seconds or far longer
// unless stopped.
var longQueries = []string{
	"SELECT COUNT(*) FROM big a, big b, big c WHERE hamming(a.fp, b.fp) + hamming(b.fp, c.fp) < 0",
	"SELECT COUNT(*) FROM big a JOIN big b ON a.id < b.id WHERE hamming(simhash(a.body), simhash(b.body)) < 0",
	"SELECT COUNT(*) FROM big a, big b, big c WHERE a.id = b.id + c.id + 100000",
	"SELECT COUNT(*) FROM near_duplicates('nd', 'fp', 16)",
	"SELECT COUNT(*) FROM near_duplicate_groups('nd', 'fp', 20)",
	"SELECT COUNT(*) FROM nd a JOIN nd b ON hamming(a.fp, b.fp) <= 16 WHERE a.id < b.id",                 // SelfJoinPairs
	"SELECT COUNT(*) FROM mh a JOIN mh b ON minhash_jaccard(a.sig, b.sig) >= 0.8 WHERE a.id < b.id",      // SelfJoinPairs, minhash
	"SELECT COUNT(*) FROM ndg a JOIN ndg b ON a.g = b.g AND hamming(a.fp, b.fp) <= 16 WHERE a.id < b.id", // within primary key groups
}

// fillBig creates table big with bigRows random fingerprints and short
// texts, table nd with ndRows random fingerprints (by LOAD DATA) and
// a simhash index, table ndg with nd's rows keyed (0, id), and table mh with mhRows minhash signatures of 16 slots
// (by LOAD DATA) and a minhash index.
func fillBig(t *testing.T, db *sql.DB) {
	t.Helper()
	execAll(t, db, "CREATE TABLE big (id INT PRIMARY KEY, fp BIGINT UNSIGNED, body TEXT)",
		"CREATE TABLE nd (id INT PRIMARY KEY, fp BIGINT UNSIGNED)")
	r := rand.New(rand.NewPCG(1, 2))
	insert := func(table string, rows int, row func(i int) string) {
		for start := 0; start < rows; start += 1000 {
			var b strings.Builder
			b.WriteString("INSERT INTO " + table + " VALUES ")
			for i := start; i < start+1000; i++ {
				if i > start {
					b.WriteByte(',')
				}
				b.WriteString(row(i))
			}
			execAll(t, db, b.String())
		}
	}
	insert("big", bigRows, func(i int) string {
		return fmt.Sprintf("(%d, %d, 'document %d about topic %d')", i, r.Uint64(), i, r.IntN(50))
	})
	var nd strings.Builder
	for i := range ndRows {
		fmt.Fprintf(&nd, "%d\t%d\n", i, r.Uint64())
	}
	file := filepath.Join(t.TempDir(), "nd.tsv")
	if err := os.WriteFile(file, []byte(nd.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	execAll(t, db, "LOAD DATA LOCAL INFILE '"+file+"' INTO TABLE nd",
		"CREATE INDEX nd_k3 ON nd (fp) COMMENT 'simhash k=3'", // for the self-join's all-pairs search
		// nd's rows in one run of the primary key's first column, which
		// the self-join on it searches whole.
		"CREATE TABLE ndg (g INT, id INT, fp BIGINT UNSIGNED, PRIMARY KEY (g, id))",
		"INSERT INTO ndg SELECT 0, id, fp FROM nd")
	// Signatures (textsim's format: magic, version 1, num_perm 16, seed 1,
	// the slots), in hexadecimal.
	var mh strings.Builder
	for i := range mhRows {
		fmt.Fprintf(&mh, "%d\tFF4D4801%04X%016X", i, 16, 1)
		for s := range 16 {
			v := uint64(s + 1)
			if s >= 4 {
				v = r.Uint64() >> 3 // below 2^61 − 1, as every slot is
			}
			fmt.Fprintf(&mh, "%016X", v)
		}
		mh.WriteByte('\n')
	}
	file = filepath.Join(t.TempDir(), "mh.tsv")
	if err := os.WriteFile(file, []byte(mh.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	execAll(t, db, "CREATE TABLE mh (id INT PRIMARY KEY, sig VARBINARY(142), KEY sig_j80 (sig) COMMENT 'minhash t=0.8 perm=16')",
		"LOAD DATA LOCAL INFILE '"+file+"' INTO TABLE mh (id, @s) SET sig = UNHEX(@s)")
}

// connID returns the server's connection id of conn.
func connID(t *testing.T, conn *sql.Conn) int64 {
	t.Helper()
	var id int64
	if err := conn.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// waitRunning waits up to 10 s until connection id runs a statement that
// starts with prefix.
func waitRunning(t *testing.T, db *sql.DB, id int64, prefix string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		var n int
		err := db.QueryRow("SELECT COUNT(*) FROM information_schema.processlist WHERE id = ? AND info LIKE ?",
			id, prefix+"%").Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			time.Sleep(200 * time.Millisecond) // let it get going
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatalf("connection %d never ran %q", id, prefix)
}

// waitIdle waits up to 10 s until no connection but the caller's runs a
// statement, and returns how long that took.
func waitIdle(t *testing.T, db *sql.DB) time.Duration {
	t.Helper()
	start := time.Now()
	for time.Since(start) < 10*time.Second {
		var n int
		err := db.QueryRow("SELECT COUNT(*) FROM information_schema.processlist WHERE command = 'Query' AND id <> CONNECTION_ID()").Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n == 0 {
			return time.Since(start)
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("statements still running 10 s after their client went away or was killed")
	return 0
}

// startLong starts query on a new connection of pool and returns, once
// db sees it running, the connection, its id and where the statement's
// error will come.
func startLong(t *testing.T, pool, db *sql.DB, query string) (*sql.Conn, int64, <-chan error) {
	t.Helper()
	conn, err := pool.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	id := connID(t, conn)
	done := runAsync(conn, query)
	waitRunning(t, db, id, query[:20])
	return conn, id, done
}

// runAsync runs query on conn with a 60 s bound and sends its error.
func runAsync(conn *sql.Conn, query string) <-chan error {
	done := make(chan error, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
		defer cancel()
		var n int64
		done <- conn.QueryRowContext(ctx, query).Scan(&n)
	}()
	return done
}

// wantMySQLError fails unless err, received within limit, is MySQL error
// number.
func wantMySQLError(t *testing.T, what string, done <-chan error, limit time.Duration, number uint16) time.Duration {
	t.Helper()
	start := time.Now()
	select {
	case err := <-done:
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != number {
			t.Errorf("%s: error %v, want MySQL error %d", what, err, number)
		}
	case <-time.After(limit):
		t.Fatalf("%s: still running %v later", what, limit)
	}
	return time.Since(start)
}

// TestKillQuery: KILL QUERY stops each long statement from another
// connection with error 1317, the killed connection stays usable, and
// KILL CONNECTION ends both statement and connection; the server keeps
// serving.
func TestKillQuery(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	fillBig(t, db)
	for i, q := range longQueries {
		conn, id, done := startLong(t, db, db, q)
		execAll(t, db, fmt.Sprintf("KILL QUERY %d", id))
		took := wantMySQLError(t, fmt.Sprintf("query %d after KILL QUERY", i), done, 10*time.Second, 1317)
		t.Logf("query %d stopped %v after KILL QUERY", i, took.Round(time.Millisecond))
		var one int
		if err := conn.QueryRowContext(context.Background(), "SELECT 1").Scan(&one); err != nil || one != 1 {
			t.Errorf("the connection after KILL QUERY: %d, %v", one, err)
		}
		conn.Close()
	}

	conn, id, done := startLong(t, db, db, longQueries[0])
	execAll(t, db, fmt.Sprintf("KILL %d", id))
	select {
	case err := <-done:
		if err == nil {
			t.Error("the statement of a killed connection succeeded")
		}
	case <-time.After(10 * time.Second):
		t.Fatal("statement still running 10 s after KILL CONNECTION")
	}
	conn.Close()
	waitIdle(t, db)
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM big").Scan(&n); err != nil || n != bigRows {
		t.Errorf("after the kills: %d rows, %v", n, err)
	}
}

// TestMaxExecutionTime: a SELECT running longer than max_execution_time
// (session variable, or the --max-execution-time default) fails with
// error 3024, near the limit; other statements and quick SELECTs are not
// affected; the connection stays usable.
func TestMaxExecutionTime(t *testing.T) {
	s := sqltests.StartServer(t, "--max-execution-time", "800")
	db := s.DB(t)
	fillBig(t, db) // INSERTs: not limited
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var limit int64
	if err := conn.QueryRowContext(context.Background(), "SELECT @@max_execution_time").Scan(&limit); err != nil || limit != 800 {
		t.Fatalf("@@max_execution_time = %d, %v; want 800 from --max-execution-time", limit, err)
	}
	for _, setting := range []string{"", "SET max_execution_time = 300"} {
		if setting != "" {
			if _, err := conn.ExecContext(context.Background(), setting); err != nil {
				t.Fatal(err)
			}
		}
		for i, q := range longQueries {
			start := time.Now()
			took := wantMySQLError(t, fmt.Sprintf("%q: query %d", setting, i), runAsync(conn, q), 15*time.Second, 3024)
			t.Logf("%q: query %d stopped after %v", setting, i, took.Round(time.Millisecond))
			if want := time.Duration(limit) * time.Millisecond; time.Since(start) < want {
				t.Errorf("%q: query %d stopped after %v, before the limit %v", setting, i, time.Since(start), want)
			}
		}
		limit = 300
	}
	var n int
	if err := conn.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM big").Scan(&n); err != nil || n != bigRows {
		t.Errorf("a quick SELECT: %d, %v", n, err)
	}
	if _, err := conn.ExecContext(context.Background(), "SET max_execution_time = 0"); err != nil {
		t.Fatal(err)
	}
	if err := conn.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM big a, big b WHERE a.id < 300 AND b.id < 300").Scan(&n); err != nil || n != 90000 {
		t.Errorf("with max_execution_time = 0: %d, %v", n, err)
	}
	// MySQL's optimizer hint sets the statement's limit. Regression: it
	// was not read, and the SELECT ran unbounded.
	hinted := strings.Replace(longQueries[0], "SELECT ", "SELECT /*+ MAX_EXECUTION_TIME(300) */ ", 1)
	start := time.Now()
	took := wantMySQLError(t, "MAX_EXECUTION_TIME(300) hint", runAsync(conn, hinted), 15*time.Second, 3024)
	t.Logf("the hinted query stopped after %v", took.Round(time.Millisecond))
	if time.Since(start) < 300*time.Millisecond {
		t.Errorf("the hinted query stopped after %v, before its 300 ms", time.Since(start))
	}
}

// TestHintMaxExecutionTime pins which statements carry the hint.
func TestHintMaxExecutionTime(t *testing.T) {
	for _, tc := range []struct {
		query string
		ms    int64
		ok    bool
	}{
		{"SELECT /*+ MAX_EXECUTION_TIME(500) */ 1", 500, true},
		{"  select/*+ BKA(t) max_execution_time( 20 ) */ * FROM t", 20, true},
		{"(SELECT /*+ MAX_EXECUTION_TIME(0) */ 1)", 0, true},
		{"SELECT 1 /*+ MAX_EXECUTION_TIME(5) */", 0, false},               // not the leading SELECT's hint
		{"SELECT /* MAX_EXECUTION_TIME(5) */ 1", 0, false},                // a comment, not a hint
		{"INSERT INTO t SELECT /*+ MAX_EXECUTION_TIME(5) */ 1", 0, false}, // MySQL reads it on SELECT only
	} {
		if ms, ok := hintMaxExecutionTime(tc.query); ms != tc.ms || ok != tc.ok {
			t.Errorf("%q: %d, %v; want %d, %v", tc.query, ms, ok, tc.ms, tc.ok)
		}
	}
}

// cutDialer dials TCP and keeps the connections, so that a test can drop
// them as a client that dies (or loses its network) would.
type cutDialer struct {
	mu    sync.Mutex
	conns []net.Conn
}

func (d *cutDialer) dial(ctx context.Context, addr string) (net.Conn, error) {
	c, err := (&net.Dialer{}).DialContext(ctx, "tcp", addr)
	if err == nil {
		d.mu.Lock()
		d.conns = append(d.conns, c)
		d.mu.Unlock()
	}
	return c, err
}

// cutAll closes every connection dialed so far.
func (d *cutDialer) cutAll() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, c := range d.conns {
		c.Close()
	}
	d.conns = nil
}

var (
	cutNetOnce sync.Once
	cutNet     = &cutDialer{}
)

// openCuttable opens a one-connection pool to s whose connections
// cutNet.cutAll drops.
// tlsConfig names a go-sql-driver TLS configuration ("" for none).
func openCuttable(t *testing.T, s *sqltests.Server, tlsConfig string) *sql.DB {
	t.Helper()
	cutNetOnce.Do(func() { mysql.RegisterDialContext("simsqlcut", cutNet.dial) })
	db := openAs(t, s, "root", "", func(c *mysql.Config) { c.Net, c.TLSConfig = "simsqlcut", tlsConfig })
	db.SetMaxOpenConns(1)
	return db
}

// stallingReader yields head, then blocks until release is closed, then
// fails: a LOAD DATA LOCAL INFILE client that dies part way through.
type stallingReader struct {
	head    io.Reader
	sent    chan struct{} // closed once head is consumed
	release chan struct{}
	once    sync.Once
}

func (r *stallingReader) Read(p []byte) (int, error) {
	n, err := r.head.Read(p)
	if n > 0 {
		return n, nil
	}
	if err != io.EOF {
		return 0, err
	}
	r.once.Do(func() { close(r.sent) })
	<-r.release
	return 0, errors.New("client died")
}

// TestClientDisconnects: clients that vanish mid-statement do not hurt the
// server. A long SELECT (over TLS too) or INSERT … SELECT is stopped
// within about a second of its connection going; a transaction holding
// the writer slot is rolled back and the slot freed at once; a LOAD DATA
// LOCAL INFILE cut after part of the file loads nothing and frees the
// slot. After each, another connection writes promptly, and the server
// keeps serving.
func TestClientDisconnects(t *testing.T) {
	certFile, keyFile, pool := tlstest.WriteSelfSigned(t, t.TempDir())
	if err := mysql.RegisterTLSConfig("simsql-cut", &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	s := sqltests.StartServer(t, "--tls-cert", certFile, "--tls-key", keyFile)
	db := s.DB(t)
	fillBig(t, db)
	execAll(t, db, "CREATE TABLE docs (id BIGINT PRIMARY KEY, body LONGTEXT)")
	survived := 0

	// writeSoon checks that another connection can write within 5 s (the
	// writer slot's wait would be 50 s) and that docs holds want rows.
	writeSoon := func(what string, id, want int) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if _, err := db.ExecContext(ctx, "INSERT INTO big VALUES (?, 0, 'after')", bigRows+id); err != nil {
			t.Errorf("%s: a write from another connection: %v", what, err)
		}
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM docs").Scan(&n); err != nil || n != want {
			t.Errorf("%s: docs has %d rows (%v), want %d", what, n, err, want)
		}
		survived++
	}

	// 1. Long statements, their clients gone.
	type longCase struct{ query, tls string }
	cases := []longCase{
		{longQueries[0], "simsql-cut"},
		{"INSERT INTO docs SELECT a.id * 10000 + b.id, a.body FROM big a, big b WHERE hamming(simhash(a.body), simhash(b.body)) >= 0", ""},
	}
	for _, q := range longQueries {
		cases = append(cases, longCase{q, ""})
	}
	for i, c := range cases {
		cut := openCuttable(t, s, c.tls)
		conn, _, done := startLong(t, cut, db, c.query)
		cutNet.cutAll()
		<-done
		took := waitIdle(t, db)
		t.Logf("statement %d (TLS %v) stopped %v after its client went away", i, c.tls != "", took.Round(time.Millisecond))
		if took > 3*time.Second {
			t.Errorf("statement %d (TLS %v) stopped only %v after its client went away", i, c.tls != "", took)
		}
		writeSoon(fmt.Sprintf("statement %d cut", i), i, 0)
		conn.Close()
		cut.Close()
	}

	// 2. An open transaction holding the writer slot, its client gone.
	cut := openCuttable(t, s, "")
	conn, err := cut.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"BEGIN", "INSERT INTO docs VALUES (1, 'uncommitted')"} {
		if _, err := conn.ExecContext(context.Background(), q); err != nil {
			t.Fatal(err)
		}
	}
	cutNet.cutAll()
	writeSoon("open transaction cut", 10, 0)
	conn.Close()
	cut.Close()

	// 3. LOAD DATA LOCAL INFILE cut after part of the file.
	for i, lines := range []int{1, 1000, 50000} {
		var head strings.Builder
		for j := range lines {
			fmt.Fprintf(&head, "%d\tline %d of a file that never arrives in full\n", j, j)
		}
		head.WriteString("999999999\tpartial li") // a line cut in the middle
		r := &stallingReader{head: strings.NewReader(head.String()), sent: make(chan struct{}), release: make(chan struct{})}
		name := fmt.Sprintf("cut%d", i)
		mysql.RegisterReaderHandler(name, func() io.Reader { return r })
		cut := openCuttable(t, s, "")
		conn, err := cut.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() {
			_, err := conn.ExecContext(context.Background(), "LOAD DATA LOCAL INFILE 'Reader::"+name+"' INTO TABLE docs")
			done <- err
		}()
		select {
		case <-r.sent:
		case <-time.After(10 * time.Second):
			t.Fatalf("LOAD DATA %d: the driver never read the file", i)
		}
		time.Sleep(300 * time.Millisecond) // let the server take in what was sent
		cutNet.cutAll()
		close(r.release)
		<-done
		waitIdle(t, db)
		writeSoon(fmt.Sprintf("LOAD DATA cut after %d lines", lines), 20+i, 0)
		mysql.DeregisterReaderHandler(name)
		conn.Close()
		cut.Close()
	}

	// The server still serves, and the writes above are all there.
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM big").Scan(&n); err != nil || n != bigRows+survived {
		t.Errorf("big has %d rows (%v), want %d", n, err, bigRows+survived)
	}
	t.Logf("survived %d client disconnects", survived)

	// No goroutine is left from the dropped clients: the Go runtime's dump
	// at SIGQUIT (which ends the server) shows no statement still running
	// and about as many goroutines as an idle server has (14, plus a few
	// for each open connection of db).
	db.Close()
	dump := goroutineDump(t, s)
	total := strings.Count(dump, "\ngoroutine ")
	running := 0
	for _, g := range strings.Split(dump, "\ngoroutine ")[1:] {
		if strings.Contains(g, "server.(*Handler).doQuery") || strings.Contains(g, "LoadInfile") {
			running++
		}
	}
	t.Logf("goroutines after the disconnects: %d, %d of them in a statement", total, running)
	if running > 0 || total > 30 {
		t.Errorf("after the disconnects: %d goroutines, %d in a statement; want at most 30 and none\n%s", total, running, dump)
	}
}

// goroutineDump ends s with SIGQUIT and returns its stderr, where the Go
// runtime has listed every goroutine.
func goroutineDump(t *testing.T, s *sqltests.Server) string {
	t.Helper()
	if err := syscall.Kill(s.Pid(), syscall.SIGQUIT); err != nil {
		t.Fatal(err)
	}
	for start := time.Now(); time.Since(start) < 10*time.Second; time.Sleep(50 * time.Millisecond) {
		if strings.Contains(s.Stderr(), "\ngoroutine ") && syscall.Kill(s.Pid(), 0) != nil {
			return s.Stderr()
		}
	}
	t.Fatal("no goroutine dump 10 s after SIGQUIT")
	return ""
}

// TestStalledLoadData: a LOAD DATA LOCAL INFILE client that stops sending
// part way through the file holds the writer slot (the protocol makes the
// server wait for the rest of the file, so KILL QUERY cannot end it);
// KILL ends it at once: another connection writes within 5 s, and none of
// the stalled load's rows are there.
func TestStalledLoadData(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	execAll(t, db, "CREATE TABLE docs (id BIGINT PRIMARY KEY, body LONGTEXT)")
	r := &stallingReader{head: strings.NewReader("1\ta\n2\tb\n"), sent: make(chan struct{}), release: make(chan struct{})}
	mysql.RegisterReaderHandler("stall", func() io.Reader { return r })
	defer mysql.DeregisterReaderHandler("stall")
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	id := connID(t, conn)
	done := make(chan error, 1)
	go func() {
		_, err := conn.ExecContext(context.Background(), "LOAD DATA LOCAL INFILE 'Reader::stall' INTO TABLE docs")
		done <- err
	}()
	defer func() { close(r.release); <-done }()
	select {
	case <-r.sent:
	case <-time.After(10 * time.Second):
		t.Fatal("the driver never read the file")
	}
	time.Sleep(300 * time.Millisecond) // let the server take in what was sent
	start := time.Now()
	execAll(t, db, fmt.Sprintf("KILL %d", id))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, "INSERT INTO docs VALUES (100, 'after')"); err != nil {
		t.Fatalf("a write after KILL of the stalled load: %v", err)
	}
	t.Logf("a write went through %v after KILL of the stalled load", time.Since(start).Round(time.Millisecond))
	if got := queryStrings(t, db, "SELECT id FROM docs"); len(got) != 1 || got[0][0] != "100" {
		t.Errorf("docs after the killed load: %q, want only id 100", got)
	}
}

// TestMariaDBKilledMidLoad: the mariadb client, loading a file that it
// reads from a pipe, is killed (SIGKILL) after 10,000 lines: nothing of
// the load is visible and another connection writes at once. CI sets
// SIMSQL_REQUIRE_MARIADB=1 so that a missing client fails.
func TestMariaDBKilledMidLoad(t *testing.T) {
	client := mariadbClient(t)
	s := sqltests.StartServer(t)
	db := s.DB(t)
	execAll(t, db, "CREATE TABLE docs (id BIGINT PRIMARY KEY, body LONGTEXT)")
	fifo := filepath.Join(t.TempDir(), "docs.tsv")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(client, "--no-defaults", "--local-infile=1", "-h127.0.0.1", "-P"+strconv.Itoa(s.Port),
		"-uroot", "simsql", "-e", "LOAD DATA LOCAL INFILE '"+fifo+"' INTO TABLE docs")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	w, err := os.OpenFile(fifo, os.O_WRONLY, 0) // waits for mariadb to open it
	if err != nil {
		t.Fatal(err)
	}
	for i := range 10000 {
		fmt.Fprintf(w, "%d\tline %d of a load that is cut short\n", i, i)
	}
	time.Sleep(500 * time.Millisecond) // let the lines reach the server
	cmd.Process.Kill()
	<-exited
	w.Close()
	waitIdle(t, db)
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := db.ExecContext(ctx, "INSERT INTO docs VALUES (-1, 'after')"); err != nil {
		t.Fatalf("a write after the killed load: %v", err)
	}
	t.Logf("a write went through %v after the client was killed", time.Since(start).Round(time.Millisecond))
	if got := queryStrings(t, db, "SELECT COUNT(*), MIN(id) FROM docs"); got[0][0] != "1" || got[0][1] != "-1" {
		t.Errorf("docs after the killed load: %q, want only id -1", got)
	}
}
