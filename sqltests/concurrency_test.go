package sqltests

import (
	"context"
	dbsql "database/sql"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// conns opens n connections of db, closed when t ends.
func conns(t *testing.T, db *dbsql.DB, n int) []*dbsql.Conn {
	t.Helper()
	out := make([]*dbsql.Conn, n)
	for i := range out {
		c, err := db.Conn(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.Close() })
		out[i] = c
	}
	return out
}

// waitRunning waits until connection id runs statement q (as the process
// list shows it) and returns nil, or returns done's error if the statement
// ends first; it fails t after a minute. Read id (connID) before the
// goroutine that runs q starts: a *sql.Conn takes one command at a time,
// and a query on it while q is in flight breaks the protocol's sequence
// ("commands out of sync").
func waitRunning(t *testing.T, watcher *dbsql.Conn, id int64, q string, done <-chan error) error {
	t.Helper()
	deadline := time.Now().Add(time.Minute)
	tick := time.NewTicker(5 * time.Millisecond) // polling the process list
	defer tick.Stop()
	for {
		var n int
		err := watcher.QueryRowContext(context.Background(),
			"SELECT COUNT(*) FROM information_schema.processlist WHERE id = ? AND info = ?", id, q).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		if n > 0 {
			return nil
		}
		select {
		case err := <-done:
			return fmt.Errorf("the statement ended (error %v) before it was seen waiting", err)
		case <-tick.C:
		}
		if time.Now().After(deadline) {
			t.Fatalf("connection %d never ran %q", id, q)
		}
	}
}

// reference runs f on simsql over the wire and, when mariadbd is
// installed, on MariaDB.
func reference(t *testing.T, f func(t *testing.T, db *dbsql.DB)) {
	t.Run("simsql", func(t *testing.T) { f(t, StartServer(t).DB(t)) })
	t.Run("mariadb", func(t *testing.T) { f(t, sharedMariaDB(t).scratchDB(t)) })
}

// TestSelectForUpdate increments a counter from two connections with
// SELECT … FOR UPDATE and an UPDATE of the value read, in transactions:
// the locking read must wait for the other transaction and read the
// latest value, so no increment is lost. (simsql read its snapshot without
// waiting, and increments were lost.)
func TestSelectForUpdate(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		for _, q := range []string{"DROP TABLE IF EXISTS c", "CREATE TABLE c (id INT PRIMARY KEY, v INT)", "INSERT INTO c VALUES (1, 0)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		const workers, rounds = 2, 25
		var wg sync.WaitGroup
		errs := make(chan error, workers)
		for _, c := range conns(t, db, workers) {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx := context.Background()
				for range rounds {
					tx, err := c.BeginTx(ctx, nil)
					if err != nil {
						errs <- err
						return
					}
					var v int
					if err := tx.QueryRow("SELECT v FROM c WHERE id = 1 FOR UPDATE").Scan(&v); err != nil {
						tx.Rollback()
						errs <- err
						return
					}
					if _, err := tx.Exec("UPDATE c SET v = ? WHERE id = 1", v+1); err != nil {
						tx.Rollback()
						errs <- err
						return
					}
					if err := tx.Commit(); err != nil {
						errs <- err
						return
					}
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Error(err)
		}
		var v int
		if err := db.QueryRow("SELECT v FROM c WHERE id = 1").Scan(&v); err != nil {
			t.Fatal(err)
		}
		if v != workers*rounds {
			t.Errorf("counter is %d after %d increments", v, workers*rounds)
		}
	})
}

// TestSerializableReadWaits: at SERIALIZABLE, a transaction's reads keep
// others from changing what it read until it ends (InnoDB takes shared
// locks; simsql takes the writer slot at the first read), so a concurrent
// UPDATE waits for its COMMIT, and KILL QUERY ends the wait. (simsql ran
// SERIALIZABLE as REPEATABLE READ: the UPDATE went through at once, and the
// reader's later decisions could rest on a stale row: write skew.)
func TestSerializableReadWaits(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		for _, q := range []string{"DROP TABLE IF EXISTS t", "CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (1, 10), (2, 20)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		cs := conns(t, db, 3)
		a, b, watcher := cs[0], cs[1], cs[2]
		ctx := context.Background()
		var bID int64
		if err := b.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&bID); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE", "BEGIN"} {
			if _, err := a.ExecContext(ctx, q); err != nil {
				t.Fatal(err)
			}
		}
		var n int
		if err := a.QueryRowContext(ctx, "SELECT COUNT(*) FROM t WHERE v >= 10").Scan(&n); err != nil || n != 2 {
			t.Fatalf("SELECT COUNT(*): %d, %v", n, err)
		}
		const update = "UPDATE t SET v = v + 1 WHERE id = 1"
		done := make(chan error, 1)
		go func() {
			_, err := b.ExecContext(ctx, update)
			done <- err
		}()
		if err := waitRunning(t, watcher, bID, update, done); err != nil {
			t.Fatalf("%s did not wait for a SERIALIZABLE reader: %v", update, err)
		}
		// Still waiting: KILL QUERY ends the wait (error 1317). An UPDATE
		// that had not waited would have succeeded.
		if _, err := watcher.ExecContext(ctx, fmt.Sprintf("KILL QUERY %d", bID)); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err == nil || !strings.Contains(err.Error(), "1317") {
			t.Fatalf("%s, killed while it waited: %v, want error 1317", update, err)
		}
		go func() {
			_, err := b.ExecContext(ctx, update)
			done <- err
		}()
		if err := waitRunning(t, watcher, bID, update, done); err != nil {
			t.Fatalf("%s did not wait for a SERIALIZABLE reader: %v", update, err)
		}
		var v int
		if err := a.QueryRowContext(ctx, "SELECT v FROM t WHERE id = 1").Scan(&v); err != nil || v != 10 {
			t.Errorf("the SERIALIZABLE reader sees v = %d (%v), want 10", v, err)
		}
		if _, err := a.ExecContext(ctx, "UPDATE t SET v = 100 WHERE id = 2"); err != nil {
			t.Fatal(err)
		}
		if _, err := a.ExecContext(ctx, "COMMIT"); err != nil {
			t.Fatal(err)
		}
		if err := <-done; err != nil {
			t.Fatalf("%s: %v", update, err)
		}
		rows := [2]int{}
		for i := range rows {
			if err := watcher.QueryRowContext(ctx, "SELECT v FROM t WHERE id = ?", i+1).Scan(&rows[i]); err != nil {
				t.Fatal(err)
			}
		}
		if rows != [2]int{11, 100} {
			t.Errorf("rows are %v, want [11 100]", rows)
		}
	})
}

// TestDDLDuringWritesAndTransactions has the shape of a fresh-user trial
// (try11d): eight clients make 1,200 writes, two of three autocommitted
// INSERTs and every third a transaction of an INSERT and an UPDATE, into a
// table with a STORED generated column and an index, while another client
// loops ALTER TABLE … ADD UNIQUE KEY, DROP KEY and RENAME INDEX there and
// back until the writers are done; then the same with three such tables,
// each with its DDL client and a third of the writers. Every write must
// succeed, no statement may take 20 s, and a write may wait for the DDL
// statements ahead of it, not for the ones that came after it (overtakes):
// MySQL's metadata lock grants the waiting writers when the DDL ends.
// (simsql woke the waiting writers to try again, and the loop's next ALTER
// TABLE, a round trip later, took the lock first: with one table 76 to 110
// writes each waited while 6 to 23 DDL statements ended, in the trial,
// under load, some for 50 s, failing with error 1205; with three tables,
// whose DDL clients almost always had a request waiting, 1,040 writes
// waited while up to 741 DDL statements ended, one for 4.8 s.) Afterwards
// every acknowledged write is there, the generated column is current and
// the index finds every row.
func TestDDLDuringWritesAndTransactions(t *testing.T) {
	for _, tables := range []int{1, 3} {
		t.Run(map[int]string{1: "one table", 3: "three tables"}[tables], func(t *testing.T) {
			reference(t, func(t *testing.T, db *dbsql.DB) { ddlDuringWritesAndTransactions(t, db, tables) })
		})
	}
}

func ddlDuringWritesAndTransactions(t *testing.T, db *dbsql.DB, tables int) {
	const (
		writers, perWriter = 8, 150
		slow               = 20 * time.Second
		// maxOvertakes is how many DDL statements may end while one write
		// runs: per table, the one it waits for, the one that ended as it
		// began (its client not yet told) and the next, which waits for the
		// write and may end before the writer's client is told; and five
		// for a client descheduled on a loaded machine (-race: up to 4 in
		// all). MariaDB: 1 to 3; simsql before its metadata lock granted
		// its waiters: 12 to 741.
		maxOvertakes = 8
	)
	table := func(i int) string { return fmt.Sprint("cc", i) }
	for i := range tables {
		for _, q := range []string{"DROP TABLE IF EXISTS " + table(i),
			"CREATE TABLE " + table(i) + " (id INT PRIMARY KEY, body VARCHAR(50), up VARCHAR(50) AS (UPPER(body)) STORED, KEY kb (body))"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
	}
	// Connections for every client, opened beforehand and kept: a write
	// that opened one would let DDL statements run meanwhile.
	db.SetMaxOpenConns(writers + tables)
	db.SetMaxIdleConns(writers + tables)
	for _, c := range conns(t, db, writers+tables) {
		c.Close() // back to the pool
	}
	// A bound for the whole workload, so that a starved writer cannot keep
	// the test running: its statements fail instead.
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	ddlDone := make([]atomic.Int64, tables)
	var writing atomic.Int32
	writing.Store(writers)
	type result struct {
		id, table int
		body      string // what the row holds once the write is acknowledged
		err       error
		took      time.Duration
		overtakes int64 // DDL statements of its table ended meanwhile
	}
	results := make(chan result, writers*perWriter)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer writing.Add(-1)
			tb := w % tables
			insert := "INSERT INTO " + table(tb) + " (id, body) VALUES (?, ?)"
			for i := range perWriter {
				id := int(next.Add(1))
				body := fmt.Sprint("b", id)
				d0, t0 := ddlDone[tb].Load(), time.Now()
				var err error
				if i%3 == 0 {
					body += "u"
					err = func() error {
						tx, err := db.BeginTx(ctx, nil)
						if err != nil {
							return err
						}
						if _, err := tx.ExecContext(ctx, insert, id, fmt.Sprint("b", id)); err != nil {
							tx.Rollback()
							return fmt.Errorf("INSERT in a transaction: %w", err)
						}
						if _, err := tx.ExecContext(ctx, "UPDATE "+table(tb)+" SET body = CONCAT(body, 'u') WHERE id = ?", id); err != nil {
							tx.Rollback()
							return fmt.Errorf("UPDATE in a transaction: %w", err)
						}
						return tx.Commit()
					}()
				} else {
					_, err = db.ExecContext(ctx, insert, id, body)
				}
				results <- result{id, tb, body, err, time.Since(t0), ddlDone[tb].Load() - d0}
			}
		}()
	}
	ddlErrs := make(chan error, tables)
	ddlSlowest := make([]time.Duration, tables)
	var ddlWG sync.WaitGroup
	for tb := range tables {
		ddlWG.Add(1)
		go func() {
			defer ddlWG.Done()
			// Whole rounds, so that the table ends as it began: kb, no u%d.
			for r := 0; writing.Load() > 0; r++ {
				for _, q := range []string{
					fmt.Sprintf("ALTER TABLE %s ADD UNIQUE KEY u%d (id, body)", table(tb), r),
					fmt.Sprintf("ALTER TABLE %s DROP KEY u%d", table(tb), r),
					"ALTER TABLE " + table(tb) + " RENAME INDEX kb TO kb2",
					"ALTER TABLE " + table(tb) + " RENAME INDEX kb2 TO kb",
				} {
					t0 := time.Now()
					_, err := db.ExecContext(ctx, q)
					ddlSlowest[tb] = max(ddlSlowest[tb], time.Since(t0))
					if err != nil {
						ddlErrs <- fmt.Errorf("%s: %w", q, err)
						return
					}
					ddlDone[tb].Add(1)
				}
			}
		}()
	}
	wg.Wait()
	close(results)
	ddlWG.Wait()
	close(ddlErrs)
	for err := range ddlErrs {
		t.Error(err)
	}
	var ddls int64
	var ddlSlow time.Duration
	for tb := range tables {
		ddls, ddlSlow = ddls+ddlDone[tb].Load(), max(ddlSlow, ddlSlowest[tb])
		if n := ddlDone[tb].Load(); n < 4 {
			t.Errorf("only %d DDL statements ran on %s during the writes", n, table(tb))
		}
	}
	if ddlSlow > slow {
		t.Errorf("a DDL statement took %v", ddlSlow)
	}
	type row struct {
		table int
		body  string
	}
	want := map[int]row{}
	var failed, slowWrites, overtaken int
	var slowest time.Duration
	var mostOvertakes int64
	for r := range results {
		slowest, mostOvertakes = max(slowest, r.took), max(mostOvertakes, r.overtakes)
		switch {
		case r.err != nil:
			if failed++; failed <= 5 {
				t.Errorf("write %d after %v: %v", r.id, r.took.Round(time.Millisecond), r.err)
			}
			continue
		case r.took > slow:
			slowWrites++
		case r.overtakes > maxOvertakes:
			overtaken++
		}
		want[r.id] = row{r.table, r.body}
	}
	t.Logf("%d writes acknowledged, %d failed; %d DDL statements; slowest write %v, DDL %v; at most %d DDL statements ended during one write",
		len(want), failed, ddls, slowest.Round(time.Millisecond), ddlSlow.Round(time.Millisecond), mostOvertakes)
	if failed > 0 || slowWrites > 0 || overtaken > 0 {
		t.Errorf("of %d writes %d failed, %d took over %v, %d waited while more than %d DDL statements ended (at most %d)",
			writers*perWriter, failed, slowWrites, slow, overtaken, maxOvertakes, mostOvertakes)
	}
	got := map[int]row{}
	for tb := range tables {
		rows, err := db.Query("SELECT id, body, up FROM " + table(tb))
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for rows.Next() {
			var id int
			var body, up string
			if err := rows.Scan(&id, &body, &up); err != nil {
				t.Fatal(err)
			}
			if up != strings.ToUpper(body) {
				t.Errorf("%s row %d: up = %q, body %q: a stale generated column", table(tb), id, up, body)
			}
			got[id] = row{tb, body}
			n++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		rows.Close()
		var viaIndex, viaScan int
		if err := db.QueryRow("SELECT COUNT(*) FROM " + table(tb) + " FORCE INDEX (kb) WHERE body > ''").Scan(&viaIndex); err != nil {
			t.Fatal(err)
		}
		if err := db.QueryRow("SELECT COUNT(*) FROM " + table(tb) + " IGNORE INDEX (kb) WHERE body > ''").Scan(&viaScan); err != nil {
			t.Fatal(err)
		}
		if viaIndex != n || viaScan != n {
			t.Errorf("%s, body > '': %d rows through index kb, %d by a full scan, want %d", table(tb), viaIndex, viaScan, n)
		}
	}
	for id, w := range want {
		if got[id] != w {
			t.Errorf("acknowledged row %d: %s, body %q, want %s, %q", id, table(got[id].table), got[id].body, table(w.table), w.body)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%d rows after %d acknowledged writes", len(got), len(want))
	}
	for _, id := range []int{1, 2, writers * perWriter / 2, writers * perWriter} {
		w, ok := want[id]
		if !ok {
			continue
		}
		var n int
		if err := db.QueryRow("SELECT COUNT(*) FROM "+table(w.table)+" FORCE INDEX (kb) WHERE body = ?", w.body).Scan(&n); err != nil || n != 1 {
			t.Errorf("%s, body = %q through index kb: %d rows (%v), want 1", table(w.table), w.body, n, err)
		}
	}
}

// TestDDLDuringWrites runs ALTER TABLE … ADD COLUMN four times and CREATE
// INDEX / DROP INDEX five times while four clients make 600 autocommit
// INSERTs (one of them through a prepared statement kept across the DDL):
// the INSERTs wait for the DDL and succeed, and every acknowledged row is
// there afterwards. (simsql planned an INSERT against the schema before the
// DDL and wrote it after: a nil-pointer error in editor.lookup, or
// `bucket "x…" is missing`.)
func TestDDLDuringWrites(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		for _, q := range []string{"DROP TABLE IF EXISTS w", "CREATE TABLE w (id INT PRIMARY KEY, v INT)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		db.SetMaxOpenConns(8)
		const writers, perWriter = 4, 150
		var acked atomic.Int64
		started := make(chan struct{})
		var once sync.Once
		var wg sync.WaitGroup
		errs := make(chan error, writers*perWriter+20)
		stmt, err := db.Prepare("INSERT INTO w (id, v) VALUES (?, ?)")
		if err != nil {
			t.Fatal(err)
		}
		defer stmt.Close()
		for w := range writers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range perWriter {
					id := w*1000 + i
					var err error
					if w == 0 {
						_, err = stmt.Exec(id, i)
					} else {
						_, err = db.Exec("INSERT INTO w (id, v) VALUES (?, ?)", id, i)
					}
					if err != nil {
						errs <- fmt.Errorf("INSERT %d: %w", id, err)
						continue
					}
					if acked.Add(1) == 40 {
						once.Do(func() { close(started) })
					}
				}
			}()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-started
			var ddl []string
			for i := range 4 {
				ddl = append(ddl, fmt.Sprintf("ALTER TABLE w ADD COLUMN c%d INT", i))
				ddl = append(ddl, "CREATE INDEX wv ON w (v)", "DROP INDEX wv ON w")
			}
			ddl = append(ddl, "CREATE INDEX wv ON w (v)")
			for _, q := range ddl {
				if _, err := db.Exec(q); err != nil {
					errs <- fmt.Errorf("%s: %w", q, err)
				}
			}
		}()
		wg.Wait()
		close(errs)
		n := 0
		for err := range errs {
			if n++; n <= 5 {
				t.Error(err)
			}
		}
		if n > 0 {
			t.Errorf("%d statements of %d failed", n, writers*perWriter+9)
		}
		var count, sum int64
		if err := db.QueryRow("SELECT COUNT(*), COALESCE(SUM(v), 0) FROM w").Scan(&count, &sum); err != nil {
			t.Fatal(err)
		}
		if count != acked.Load() || count != writers*perWriter || sum != writers*perWriter*(perWriter-1)/2 {
			t.Errorf("%d rows (sum of v %d) after %d acknowledged INSERTs, want %d rows, sum %d", count, sum, acked.Load(),
				writers*perWriter, writers*perWriter*(perWriter-1)/2)
		}
		var cols int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'w'").Scan(&cols); err != nil || cols != 6 {
			t.Errorf("w has %d columns (%v), want 6", cols, err)
		}
		var viaIndex int64
		if err := db.QueryRow("SELECT COUNT(*) FROM w FORCE INDEX (wv) WHERE v >= 0").Scan(&viaIndex); err != nil || viaIndex != count {
			t.Errorf("%d rows through index wv (%v), want %d", viaIndex, err, count)
		}
	})
}
