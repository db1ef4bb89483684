package sqltests

import (
	"context"
	dbsql "database/sql"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// TestPanicBecomesError runs statements that panic inside the engine (the
// test-only simsql_test_panic function, in a binary built with -tags
// simsql_testhooks) in every place a statement runs: a constant SELECT,
// the middle of a result stream, an INSERT, an INSERT … SELECT that has
// written rows, a prepared statement, a table rewrite (ALTER TABLE with a
// generated column) and an explicit transaction. Each must give the client
// MySQL error 1105 naming the panic; the same connection and others keep
// working, nothing of the statement is left behind and no writer slot is
// held (another connection's write succeeds at once).
func TestPanicBecomesError(t *testing.T) {
	srv := StartTestHookServer(t)
	db := srv.DB(t)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	other := srv.DB(t)
	mustExec(t, db, "CREATE TABLE p (id BIGINT PRIMARY KEY, v BIGINT, fp BIGINT UNSIGNED, KEY fp_k3 (fp) COMMENT 'simhash k=3')")
	mustExec(t, db, "INSERT INTO p VALUES (1, 1, 1), (2, 2, 2), (3, 3, 3)")
	state := []string{"1|1|1", "2|2|2", "3|3|3"}
	next := int64(100)
	for _, tc := range []struct {
		name, query string
		args        []any
	}{
		{"constant select", "SELECT simsql_test_panic('x')", nil},
		{"mid-stream select", "SELECT id, IF(id = 2, simsql_test_panic(id), id) FROM p ORDER BY id", nil},
		{"indexed select", "SELECT id, simsql_test_panic(fp) FROM p WHERE hamming(fp, 0) <= 3", nil},
		{"insert", "INSERT INTO p VALUES (10, simsql_test_panic(1), 0)", nil},
		{"insert select after rows", "INSERT INTO p SELECT id + 20, IF(id = 3, simsql_test_panic(id), id), fp FROM p ORDER BY id", nil},
		{"update", "UPDATE p SET v = IF(id = 3, simsql_test_panic(id), 9)", nil},
		{"prepared", "SELECT simsql_test_panic(?)", []any{7}},
		{"alter rewrite", "ALTER TABLE p ADD COLUMN g BIGINT AS (IF(id = 3, simsql_test_panic(id), id)) STORED", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var err error
			if strings.HasPrefix(tc.query, "SELECT") {
				var rows *dbsql.Rows
				if rows, err = conn.QueryContext(ctx, tc.query, tc.args...); err == nil {
					for rows.Next() {
					}
					err = rows.Err()
					rows.Close()
				}
			} else {
				_, err = conn.ExecContext(ctx, tc.query, tc.args...)
			}
			var me *mysql.MySQLError
			if !errors.As(err, &me) || me.Number != 1105 || !strings.Contains(me.Message, "simsql_test_panic(") {
				t.Fatalf("got %v; want MySQL error 1105 naming the panic", err)
			}
			// The same connection still works and sees the table unchanged.
			var n int
			if err := conn.QueryRowContext(ctx, "SELECT COUNT(*) FROM p").Scan(&n); err != nil || n != len(state) {
				t.Fatalf("after the panic: COUNT(*) = %d, %v; want %d", n, err, len(state))
			}
			if got := dump(t, db, "SELECT id, v, fp FROM p ORDER BY id"); strings.Join(got, " ") != strings.Join(state, " ") {
				t.Fatalf("after the panic the table is %q, want %q", got, state)
			}
			// Another connection can write at once: no writer slot is held.
			start := time.Now()
			mustExec(t, other, "INSERT INTO p VALUES (?, 0, 0)", next)
			mustExec(t, other, "DELETE FROM p WHERE id = ?", next)
			next++
			if d := time.Since(start); d > 5*time.Second {
				t.Errorf("a write on another connection took %v", d)
			}
		})
	}
	// An explicit transaction: the panicking statement fails, the rest of
	// the transaction is the client's to commit or roll back.
	mustConn := func(q string) {
		t.Helper()
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	mustConn("BEGIN")
	mustConn("INSERT INTO p VALUES (50, 50, 50)")
	if _, err := conn.ExecContext(ctx, "INSERT INTO p VALUES (51, simsql_test_panic(51), 51)"); err == nil {
		t.Fatal("the panicking insert succeeded")
	}
	mustConn("ROLLBACK")
	mustExec(t, other, "INSERT INTO p VALUES (52, 52, 52)")
	checkRows(t, db, "after the transaction", map[string][]string{
		"SELECT id FROM p WHERE id >= 50 ORDER BY id": {"52"},
		"SELECT id FROM p WHERE hamming(fp, 52) <= 0": {"52"},
	})
	if !strings.Contains(srv.Stderr(), "panic while running a statement") {
		t.Errorf("the server logged no panic:\n%s", srv.Stderr())
	}
}
