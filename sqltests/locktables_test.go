package sqltests

import (
	"context"
	dbsql "database/sql"
	"database/sql/driver"
	"fmt"
	"strings"
	"testing"
)

// TestLockTablesSessions checks that LOCK TABLES keeps other sessions
// from a session's tables (catalog/compat_lock_tables.go, table_locks.go):
// with a READ lock others read but their writes wait until UNLOCK TABLES;
// with a WRITE lock their reads wait too, until lock_wait_timeout (1205)
// or KILL QUERY (1317) ends the wait; a disconnect releases the locks.
// (simsql took no lock: the INSERT went through at once.)
func TestLockTablesSessions(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		for _, q := range []string{"DROP TABLE IF EXISTS lw", "CREATE TABLE lw (a INT)", "INSERT INTO lw VALUES (1)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		cs := conns(t, db, 3)
		a, b, watcher := cs[0], cs[1], cs[2]
		ctx := context.Background()
		exec := func(c *dbsql.Conn, q string) {
			t.Helper()
			if _, err := c.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		count := func(c *dbsql.Conn) (n int, err error) {
			err = c.QueryRowContext(ctx, "SELECT COUNT(*) FROM lw").Scan(&n)
			return n, err
		}
		var bID int64
		if err := b.QueryRowContext(ctx, "SELECT CONNECTION_ID()").Scan(&bID); err != nil {
			t.Fatal(err)
		}
		exec(a, "LOCK TABLES lw READ")
		if n, err := count(b); err != nil || n != 1 {
			t.Fatalf("a read of a READ-locked table: %d, %v", n, err)
		}
		const insert = "INSERT INTO lw VALUES (2)"
		done := make(chan error, 1)
		go func() {
			_, err := b.ExecContext(ctx, insert)
			done <- err
		}()
		if err := waitRunning(t, watcher, bID, insert, done); err != nil {
			t.Fatalf("%s did not wait for a READ lock: %v", insert, err)
		}
		exec(a, "UNLOCK TABLES")
		if err := <-done; err != nil {
			t.Fatalf("%s: %v", insert, err)
		}
		exec(a, "LOCK TABLES lw WRITE")
		exec(b, "SET SESSION lock_wait_timeout = 1")
		if _, err := count(b); err == nil || !strings.Contains(err.Error(), "1205") {
			t.Fatalf("a read of a WRITE-locked table: %v, want error 1205", err)
		}
		const read = "SELECT COUNT(*) FROM lw"
		exec(b, "SET SESSION lock_wait_timeout = 60")
		go func() {
			_, err := count(b)
			done <- err
		}()
		if err := waitRunning(t, watcher, bID, read, done); err != nil {
			t.Fatalf("%s did not wait for a WRITE lock: %v", read, err)
		}
		exec(watcher, fmt.Sprintf("KILL QUERY %d", bID))
		if err := <-done; err == nil || !strings.Contains(err.Error(), "1317") {
			t.Fatalf("%s, killed while it waited: %v, want error 1317", read, err)
		}
		// The lock holder's connection goes away: its locks with it.
		// (driver.ErrBadConn makes database/sql close it.)
		_ = a.Raw(func(any) error { return driver.ErrBadConn })
		a.Close()
		if n, err := count(b); err != nil || n != 2 {
			t.Fatalf("after the lock holder disconnected: %d, %v", n, err)
		}
	})
}
