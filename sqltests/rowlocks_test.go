package sqltests

import (
	"context"
	dbsql "database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// execAll runs each statement on c, failing t on an error.
func execAll(t *testing.T, c *dbsql.Conn, qs ...string) {
	t.Helper()
	for _, q := range qs {
		if _, err := c.ExecContext(context.Background(), q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

func connID(t *testing.T, c *dbsql.Conn) int64 {
	t.Helper()
	var id int64
	if err := c.QueryRowContext(context.Background(), "SELECT CONNECTION_ID()").Scan(&id); err != nil {
		t.Fatal(err)
	}
	return id
}

// isErr reports whether err is MySQL error num.
func isErr(err error, num uint16) bool {
	var me *mysql.MySQLError
	return errors.As(err, &me) && me.Number == num
}

// TestTransactionsOnDifferentRows: two open transactions insert, update
// and delete different rows of one table (with a UNIQUE index and
// AUTO_INCREMENT) and both commit. The second runs all of it while the
// first is open: had it waited for the first (simsql's single writer
// slot did), it would have failed after 50 s with error 1205.
func TestTransactionsOnDifferentRows(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		cs := conns(t, db, 2)
		a, b := cs[0], cs[1]
		execAll(t, a, "DROP TABLE IF EXISTS dr",
			"CREATE TABLE dr (id INT PRIMARY KEY AUTO_INCREMENT, u VARCHAR(10), v INT, UNIQUE KEY u_u (u), KEY v_i (v))",
			"INSERT INTO dr VALUES (1, 'one', 1), (2, 'two', 2), (3, 'three', 3), (4, 'four', 4)")
		execAll(t, a, "BEGIN", "INSERT INTO dr VALUES (10, 'a10', 10)", "UPDATE dr SET v = 100 WHERE id = 1",
			"DELETE FROM dr WHERE id = 3", "INSERT INTO dr (u, v) VALUES ('a-auto', 0)")
		execAll(t, b, "BEGIN", "INSERT INTO dr VALUES (20, 'b20', 20)", "UPDATE dr SET v = 200 WHERE id = 2",
			"DELETE FROM dr WHERE id = 4", "INSERT INTO dr (u, v) VALUES ('b-auto', 0)", "COMMIT")
		execAll(t, a, "COMMIT")
		got := queryCells(t, db, "SELECT CONCAT(id, ':', u, ':', v) FROM dr WHERE u NOT LIKE '%-auto' ORDER BY id")
		if want := "1:one:100 2:two:200 10:a10:10 20:b20:20"; got != want {
			t.Errorf("rows %q, want %q", got, want)
		}
		// The AUTO_INCREMENT values are distinct, above the explicit ids inserted before them.
		ids := queryCells(t, db, "SELECT COUNT(DISTINCT id), MIN(id) > 10 FROM dr WHERE u LIKE '%-auto'")
		if ids != "2 1" {
			t.Errorf("AUTO_INCREMENT rows: %q, want 2 distinct ids above 10", ids)
		}
	})
}

// queryStrings returns the first column of q's rows joined by spaces (or,
// for one row, its columns).
func queryCells(t *testing.T, db *dbsql.DB, q string) string {
	t.Helper()
	rows, err := db.Query(q)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	cols, _ := rows.Columns()
	var out []string
	for rows.Next() {
		vals := make([]dbsql.NullString, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			t.Fatal(err)
		}
		for _, v := range vals {
			out = append(out, v.String)
		}
	}
	if err := rows.Err(); err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, " ")
}

// TestLostUpdateCounter: 8 clients add 1 to one counter 25 times each,
// with autocommitted UPDATEs and in explicit transactions: every increment
// is kept (the total is exact) and no client sees an error. The UPDATE
// that waited for another's row lock finds its row changed and runs again
// on a new snapshot.
func TestLostUpdateCounter(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		for _, explicit := range []bool{false, true} {
			t.Run(fmt.Sprintf("explicit=%v", explicit), func(t *testing.T) {
				const clients, rounds = 8, 25
				cs := conns(t, db, clients)
				execAll(t, cs[0], "DROP TABLE IF EXISTS lc", "CREATE TABLE lc (id INT PRIMARY KEY, v INT)",
					"INSERT INTO lc VALUES (1, 0), (2, 0)")
				var wg sync.WaitGroup
				errs := make(chan error, clients)
				for i, c := range cs {
					wg.Add(1)
					go func() {
						defer wg.Done()
						ctx := context.Background()
						for range rounds {
							var err error
							if explicit {
								_, err = c.ExecContext(ctx, "BEGIN")
								if err == nil {
									_, err = c.ExecContext(ctx, "UPDATE lc SET v = v + 1 WHERE id = 1")
								}
								if err == nil && i%2 == 0 {
									_, err = c.ExecContext(ctx, "UPDATE lc SET v = v + 1 WHERE id = 2")
								}
								if err == nil {
									_, err = c.ExecContext(ctx, "COMMIT")
								}
							} else {
								_, err = c.ExecContext(ctx, "UPDATE lc SET v = v + 1 WHERE id = 1")
							}
							if err != nil {
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
				want := fmt.Sprintf("%d", clients*rounds)
				if explicit {
					want += fmt.Sprintf(" %d", clients/2*rounds)
				} else {
					want += " 0"
				}
				if got := queryCells(t, db, "SELECT v FROM lc ORDER BY id"); got != want {
					t.Errorf("counters %q after the increments, want %q", got, want)
				}
			})
		}
	})
}

// TestDeadlockError: two transactions each update a row, then the other's:
// one of them closes the cycle and gets MySQL's error 1213 (SQLSTATE
// 40001) with its transaction rolled back, and the other's UPDATE goes
// through. Which one is the victim depends on which request comes second;
// the final rows are the survivor's.
func TestDeadlockError(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		cs := conns(t, db, 3)
		a, b, watcher := cs[0], cs[1], cs[2]
		execAll(t, a, "DROP TABLE IF EXISTS dl", "CREATE TABLE dl (id INT PRIMARY KEY, v VARCHAR(5))",
			"INSERT INTO dl VALUES (1, ''), (2, '')")
		execAll(t, a, "BEGIN", "UPDATE dl SET v = 'a' WHERE id = 1")
		execAll(t, b, "BEGIN", "UPDATE dl SET v = 'b' WHERE id = 2")
		const qa = "UPDATE dl SET v = 'a' WHERE id = 2"
		aID := connID(t, a) // before the goroutine uses a: one command at a time on a connection
		aDone := make(chan error, 1)
		go func() { _, err := a.ExecContext(context.Background(), qa); aDone <- err }()
		var errA, errB error
		if err := waitRunning(t, watcher, aID, qa, aDone); err != nil {
			t.Fatal(err)
		}
		_, errB = b.ExecContext(context.Background(), "UPDATE dl SET v = 'b' WHERE id = 1")
		if errB == nil {
			// a was the victim (its request came second after all): b goes on.
			errA = <-aDone
			execAll(t, b, "COMMIT")
		} else {
			errA = <-aDone
			execAll(t, a, "COMMIT")
		}
		victim, survivor, want := errB, errA, "1:a 2:a"
		if errB == nil {
			victim, survivor, want = errA, errB, "1:b 2:b"
		}
		if !isErr(victim, 1213) || survivor != nil {
			t.Fatalf("errors a: %v, b: %v; want one 1213 and one success", errA, errB)
		}
		var me *mysql.MySQLError
		if errors.As(victim, &me) && string(me.SQLState[:]) != "40001" {
			t.Errorf("SQLSTATE %s, want 40001", me.SQLState[:])
		}
		if got := queryCells(t, db, "SELECT CONCAT(id, ':', v) FROM dl ORDER BY id"); got != want {
			t.Errorf("rows %q, want %q (the victim's update rolled back)", got, want)
		}
		// The victim's session is out of its transaction: its next
		// statement autocommits.
		execAll(t, a, "ROLLBACK")
		execAll(t, b, "ROLLBACK")
	})
}

// TestSameRowWaits: a second transaction's UPDATE of a row another open
// transaction changed waits for it; after the first commits, the UPDATE
// goes through on the committed value (v = 1 + 10), as InnoDB's does. An
// INSERT of a key another transaction committed after this one's snapshot
// is a duplicate key (1062), as in InnoDB.
func TestSameRowWaits(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		cs := conns(t, db, 3)
		a, b, watcher := cs[0], cs[1], cs[2]
		execAll(t, a, "DROP TABLE IF EXISTS sr", "CREATE TABLE sr (id INT PRIMARY KEY, v INT)", "INSERT INTO sr VALUES (1, 0)")
		execAll(t, b, "BEGIN")
		if got := queryCells(t, db, "SELECT v FROM sr"); got != "0" { // b's snapshot, before a's change
			t.Fatalf("v = %s", got)
		}
		var v int
		if err := b.QueryRowContext(context.Background(), "SELECT v FROM sr WHERE id = 1").Scan(&v); err != nil || v != 0 {
			t.Fatalf("b reads v = %d, %v", v, err)
		}
		execAll(t, a, "BEGIN", "UPDATE sr SET v = v + 1 WHERE id = 1")
		const qb = "UPDATE sr SET v = v + 10 WHERE id = 1"
		bID := connID(t, b) // before the goroutine uses b (CI saw "commands out of sync" when it came after)
		bDone := make(chan error, 1)
		go func() { _, err := b.ExecContext(context.Background(), qb); bDone <- err }()
		if err := waitRunning(t, watcher, bID, qb, bDone); err != nil {
			t.Fatal(err)
		}
		execAll(t, a, "COMMIT")
		if err := <-bDone; err != nil {
			t.Fatalf("b's UPDATE after a committed: %v", err)
		}
		execAll(t, b, "COMMIT")
		if got := queryCells(t, db, "SELECT v FROM sr"); got != "11" {
			t.Errorf("v = %s, want 11", got)
		}

		execAll(t, b, "BEGIN")
		if err := b.QueryRowContext(context.Background(), "SELECT COUNT(*) FROM sr").Scan(&v); err != nil || v != 1 {
			t.Fatalf("b's snapshot: %d rows, %v", v, err)
		}
		execAll(t, a, "INSERT INTO sr VALUES (2, 2)")
		if _, err := b.ExecContext(context.Background(), "INSERT INTO sr VALUES (2, 20)"); !isErr(err, 1062) {
			t.Errorf("INSERT of a key committed after the snapshot: %v, want error 1062", err)
		}
		execAll(t, b, "ROLLBACK")
	})
}
