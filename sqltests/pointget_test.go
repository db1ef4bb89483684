package sqltests

import (
	"context"
	dbsql "database/sql"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// pgResult is what a client sees of one statement: column names and
// types, rows as strings (NULL as "NULL"), or the error.
type pgResult struct {
	cols []string
	rows [][]string
	err  string
}

func pgQuery(ctx context.Context, q pgQueryer, query string, args ...any) pgResult {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return pgResult{err: err.Error()}
	}
	defer rows.Close()
	var r pgResult
	cts, _ := rows.ColumnTypes()
	for _, ct := range cts {
		r.cols = append(r.cols, ct.Name()+" "+ct.DatabaseTypeName())
	}
	for rows.Next() {
		vals := make([]dbsql.NullString, len(cts))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return pgResult{err: err.Error()}
		}
		row := make([]string, len(vals))
		for i, v := range vals {
			row[i] = "NULL"
			if v.Valid {
				row[i] = v.String
			}
		}
		r.rows = append(r.rows, row)
	}
	if err := rows.Err(); err != nil {
		r.err = err.Error()
	}
	return r
}

type pgQueryer interface {
	QueryContext(ctx context.Context, query string, args ...any) (*dbsql.Rows, error)
}

// pgConn starts a server with the test hooks and returns a connection to
// it, closed at the end of the test.
func pgConn(t *testing.T) *dbsql.Conn {
	t.Helper()
	conn, err := StartTestHookServer(t).DB(t).Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { conn.Close() })
	return conn
}

// pgCounter reads a counter of the point-get fast path (test hook).
func pgCounter(t *testing.T, q pgQueryer, name string) int64 {
	t.Helper()
	// LIMIT 1: not cut to nothing by sql_select_limit = 0.
	r := pgQuery(context.Background(), q, "SELECT simsql_test_point_gets('"+name+"') LIMIT 1")
	if r.err != "" || len(r.rows) != 1 {
		t.Fatalf("simsql_test_point_gets(%s): %+v", name, r)
	}
	var n int64
	fmt.Sscan(r.rows[0][0], &n)
	return n
}

// pgFast runs query with args and reports its result and whether it ran
// on the fast path.
func pgFast(t *testing.T, q pgQueryer, query string, args ...any) (pgResult, bool) {
	t.Helper()
	return pgFastCounted(t, q, q, query, args...)
}

// pgFastCounted is pgFast reading the counter through counter.
func pgFastCounted(t *testing.T, counter, q pgQueryer, query string, args ...any) (pgResult, bool) {
	t.Helper()
	before := pgCounter(t, counter, "hits")
	r := pgQuery(context.Background(), q, query, args...)
	return r, pgCounter(t, counter, "hits") == before+1
}

// TestPointGetSameAsNormalPath runs each prepared statement on the
// point-get fast path (cmd/simsql/pointget.go) and then, with the fast
// path turned off, on go-mysql-server's own path, and wants the same
// columns, rows and errors from both; fast says whether the statement must
// take the fast path (a parameter of another kind than the key, NULL or out
// of range, and every other shape, must not).
func TestPointGetSameAsNormalPath(t *testing.T) {
	ctx := context.Background()
	conn := pgConn(t)
	for _, q := range []string{
		"CREATE TABLE ti (id INT PRIMARY KEY, c VARCHAR(20), k INT, UNIQUE KEY uk (k), KEY kc (c))",
		"INSERT INTO ti VALUES (-2147483648, 'min', 1), (-1, 'minus one', 2), (0, 'zero', NULL), (1, 'one', 4), (2147483647, 'max', 5)",
		"CREATE TABLE tu (id BIGINT UNSIGNED PRIMARY KEY, c VARCHAR(20))",
		"INSERT INTO tu VALUES (0, 'zero'), (1, 'one'), (9223372036854775807, '2^63-1'), (9223372036854775808, '2^63'), (18446744073709551615, '2^64-1')",
		"CREATE TABLE ts (s VARCHAR(8) PRIMARY KEY, c INT)",
		"INSERT INTO ts VALUES ('abc', 1), ('Ä', 2), ('x y', 3), ('12', 4)",
		"CREATE TABLE tg (s VARCHAR(8) COLLATE utf8mb4_general_ci PRIMARY KEY, c INT)",
		"INSERT INTO tg VALUES ('abc', 1), ('Ä', 2)",
		"CREATE TABLE tb (s VARCHAR(8) COLLATE utf8mb4_bin PRIMARY KEY, c INT)",
		"INSERT INTO tb VALUES ('abc', 1), ('ABC', 2)",
		"CREATE TABLE tc (a INT, b TINYINT, c VARCHAR(10), PRIMARY KEY (a, b))",
		"INSERT INTO tc VALUES (1, 1, 'a1b1'), (1, 2, 'a1b2'), (2, -128, 'a2bmin')",
		"CREATE TABLE tsm (id SMALLINT UNSIGNED PRIMARY KEY, c INT)",
		"INSERT INTO tsm VALUES (0, 0), (65535, 1)",
	} {
		if _, err := conn.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	for _, tc := range []struct {
		query string
		args  []any
		fast  bool
	}{
		{"SELECT c FROM ti WHERE id=?", []any{1}, true},
		{"SELECT c FROM ti WHERE id=?", []any{-2147483648}, true},
		{"SELECT c FROM ti WHERE id=?", []any{2147483647}, true},
		{"SELECT c FROM ti WHERE id=?", []any{99}, true},                  // no such row
		{"SELECT c FROM ti WHERE id=?", []any{2147483648}, false},         // above INT
		{"SELECT c FROM ti WHERE id=?", []any{int64(-2147483649)}, false}, // below INT
		{"SELECT c FROM ti WHERE id=?", []any{"1"}, false},                // a string for an INT key
		{"SELECT c FROM ti WHERE id=?", []any{"1abc"}, false},
		{"SELECT c FROM ti WHERE id=?", []any{1.5}, false},
		{"SELECT c FROM ti WHERE id=?", []any{1.0}, false},
		{"SELECT c FROM ti WHERE id=?", []any{nil}, false},
		{"SELECT c FROM ti WHERE ? = id", []any{-1}, true},
		{"select C from TI where ID = ?", []any{0}, true},
		{"SELECT * FROM ti WHERE id=?", []any{1}, true},
		{"SELECT id, c, id FROM ti WHERE id=?", []any{1}, true},
		{"SELECT ti.c FROM simsql.ti WHERE ti.id=?", []any{1}, true},
		{"SELECT t.c FROM ti t WHERE t.id=?", []any{1}, false}, // a table alias: not taken
		{"SELECT c FROM ti WHERE k=?", []any{4}, true},         // a unique key
		{"SELECT c FROM ti WHERE k=?", []any{nil}, false},
		{"SELECT c FROM ti WHERE k=?", []any{3}, true},
		{"SELECT c AS x FROM ti WHERE id=?", []any{1}, false},
		{"SELECT c, ? FROM ti WHERE id=?", []any{7, 1}, false},
		{"SELECT c FROM ti WHERE id=? FOR UPDATE", []any{1}, false},
		{"SELECT c FROM ti WHERE id=? LOCK IN SHARE MODE", []any{1}, false},
		{"SELECT c FROM ti WHERE id=? LIMIT 1", []any{1}, false},
		{"SELECT DISTINCT c FROM ti WHERE id=?", []any{1}, false},
		{"SELECT c FROM ti WHERE id=? AND c=?", []any{1, "one"}, false},
		{"SELECT c FROM ti WHERE id=? OR id=?", []any{1, 2}, false},
		{"SELECT c FROM ti WHERE id IN (?)", []any{1}, false},
		{"SELECT c FROM ti WHERE c=?", []any{"one"}, false}, // not a unique key
		{"SELECT COUNT(*) FROM ti WHERE id=?", []any{1}, false},
		{"SELECT c FROM ti FORCE INDEX (uk) WHERE id=?", []any{1}, false},
		{"SELECT c FROM tu WHERE id=?", []any{uint64(18446744073709551615)}, true},
		{"SELECT c FROM tu WHERE id=?", []any{uint64(9223372036854775808)}, true},
		{"SELECT c FROM tu WHERE id=?", []any{int64(9223372036854775807)}, true},
		{"SELECT c FROM tu WHERE id=?", []any{0}, true},
		{"SELECT c FROM tu WHERE id=?", []any{-1}, false}, // negative for an unsigned key
		{"SELECT c FROM tu WHERE id=?", []any{"18446744073709551615"}, false},
		{"SELECT c FROM tsm WHERE id=?", []any{65535}, true},
		{"SELECT c FROM tsm WHERE id=?", []any{65536}, false},
		{"SELECT c FROM tsm WHERE id=?", []any{-1}, false},
		{"SELECT c FROM ts WHERE s=?", []any{"abc"}, true},
		{"SELECT c, s FROM ts WHERE s=?", []any{"ABC"}, true}, // utf8mb4_0900_ai_ci
		{"SELECT c, s FROM ts WHERE s=?", []any{"a"}, true},
		{"SELECT c, s FROM ts WHERE s=?", []any{"ä"}, true},
		{"SELECT c, s FROM ts WHERE s=?", []any{"abc "}, true}, // NO PAD
		{"SELECT c, s FROM ts WHERE s=?", []any{"x y"}, true},
		{"SELECT c, s FROM ts WHERE s=?", []any{""}, true},
		{"SELECT c, s FROM ts WHERE s=?", []any{"abcdefghijk"}, false}, // longer than VARCHAR(8)
		{"SELECT c FROM ts WHERE s=?", []any{12}, false},               // a number for a string key
		{"SELECT c FROM ts WHERE s=?", []any{nil}, false},
		{"SELECT c, s FROM tg WHERE s=?", []any{"abc  "}, true}, // PAD SPACE
		{"SELECT c, s FROM tg WHERE s=?", []any{"a"}, true},
		{"SELECT c, s FROM tb WHERE s=?", []any{"ABC"}, true},
		{"SELECT c, s FROM tb WHERE s=?", []any{"abc"}, true},
		{"SELECT c FROM tc WHERE a=? AND b=?", []any{1, 2}, true},
		{"SELECT c FROM tc WHERE b=? AND a=?", []any{-128, 2}, true},
		{"SELECT c FROM tc WHERE a=? AND b=?", []any{1, 300}, false}, // above TINYINT
		{"SELECT c FROM tc WHERE a=?", []any{1}, false},              // a prefix of the key
		{"SELECT c FROM tc WHERE a=? AND b=?", []any{1, nil}, false},
	} {
		name := fmt.Sprintf("%s %v", tc.query, tc.args)
		// Twice on the fast path: the first run makes the template.
		pgQuery(ctx, conn, tc.query, tc.args...)
		got, fast := pgFast(t, conn, tc.query, tc.args...)
		if fast != tc.fast {
			t.Errorf("%s: fast path %v, want %v", name, fast, tc.fast)
		}
		pgCounter(t, conn, "off")
		want := pgQuery(ctx, conn, tc.query, tc.args...)
		pgCounter(t, conn, "on")
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s:\n fast   %+v\n normal %+v", name, got, want)
		}
	}
}

// TestPointGetInvalidation changes what a point-get template was made
// from between executions of one prepared statement: each execution must
// answer as the normal path would for the table as it is now (the next
// one on the fast path again).
func TestPointGetInvalidation(t *testing.T) {
	ctx := context.Background()
	conn := pgConn(t)
	exec := func(qs ...string) {
		t.Helper()
		for _, q := range qs {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	exec("CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10))", "INSERT INTO t VALUES (1, 'a'), (2, 'b')",
		"CREATE DATABASE other", "CREATE TABLE other.t (id INT PRIMARY KEY, c VARCHAR(10))", "INSERT INTO other.t VALUES (1, 'other')")
	stmt, err := conn.PrepareContext(ctx, "SELECT * FROM t WHERE id=?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	run2 := func(step string, id any, want string, wantFast bool) {
		t.Helper()
		r := pgQuery(ctx, stmtQueryer{stmt}, "", id)
		if got := fmt.Sprintf("%v %v %s", r.cols, r.rows, r.err); got != want {
			t.Errorf("%s: got %s, want %s", step, got, want)
		}
		// The next execution is on the fast path (unless the key changed)
		// and answers the same.
		r2, fast := pgFastCounted(t, conn, stmtQueryer{stmt}, "", id)
		if got := fmt.Sprintf("%v %v %s", r2.cols, r2.rows, r2.err); got != want || fast != wantFast {
			t.Errorf("%s, again: got %s (fast path %v), want %s (fast path %v)", step, got, fast, want, wantFast)
		}
	}
	run := func(step string, id any, want string) {
		t.Helper()
		run2(step, id, want, true)
	}
	cols := "[id INT c VARCHAR]"
	run("start", 1, cols+" [[1 a]] ")
	exec("ALTER TABLE t ADD COLUMN z INT DEFAULT 7")
	run("add column", 1, "[id INT c VARCHAR z INT] [[1 a 7]] ")
	exec("ALTER TABLE t DROP COLUMN z")
	run("drop column", 2, cols+" [[2 b]] ")
	exec("ALTER TABLE t MODIFY c VARCHAR(10) COLLATE utf8mb4_bin")
	run("modify column", 2, cols+" [[2 b]] ")
	exec("ALTER TABLE t DROP PRIMARY KEY", "ALTER TABLE t ADD PRIMARY KEY (id, c)")
	run2("primary key changed", 1, cols+" [[1 a]] ", false) // id alone is not the key
	exec("ALTER TABLE t DROP PRIMARY KEY", "ALTER TABLE t ADD PRIMARY KEY (id)")
	run("primary key restored", 1, cols+" [[1 a]] ")
	exec("DROP TABLE t", "CREATE TABLE t (id BIGINT UNSIGNED PRIMARY KEY, c VARCHAR(10))", "INSERT INTO t VALUES (1, 'new')")
	run("drop and create", 1, "[id UNSIGNED BIGINT c VARCHAR] [[1 new]] ")
	exec("RENAME TABLE t TO t_old", "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10))", "INSERT INTO t VALUES (1, 'renamed')")
	run("rename", 1, cols+" [[1 renamed]] ")
	exec("USE other")
	run("use other database", 1, cols+" [[1 other]] ")
	exec("USE simsql")
	run("use back", 1, cols+" [[1 renamed]] ")
	exec("CREATE TEMPORARY TABLE t (id INT PRIMARY KEY, c VARCHAR(10))", "INSERT INTO t VALUES (1, 'temporary')")
	run("temporary table shadows", 1, cols+" [[1 temporary]] ")
	exec("DROP TEMPORARY TABLE t")
	run("temporary table dropped", 1, cols+" [[1 renamed]] ")
	exec("SET sql_mode = 'ANSI_QUOTES'")
	run("sql_mode", 1, cols+" [[1 renamed]] ")
	exec("SET sql_select_limit = 0")
	run2("sql_select_limit 0", 1, cols+" [] ", false)
	exec("SET sql_select_limit = DEFAULT")
	run("sql_select_limit default", 1, cols+" [[1 renamed]] ")
	exec("SET NAMES utf8mb4 COLLATE utf8mb4_general_ci")
	run("collation_connection", 1, cols+" [[1 renamed]] ")
	exec("DROP TABLE t")
	r := pgQuery(ctx, stmtQueryer{stmt}, "", 1)
	if !strings.Contains(r.err, "1146") {
		t.Errorf("dropped table: got %+v, want error 1146", r)
	}
	// A qualified name, its database dropped and created again.
	if stmt, err = conn.PrepareContext(ctx, "SELECT * FROM other.t WHERE id=?"); err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	run("qualified", 1, cols+" [[1 other]] ")
	exec("DROP DATABASE other", "CREATE DATABASE other", "CREATE TABLE other.t (id INT PRIMARY KEY, c VARCHAR(10))",
		"INSERT INTO other.t VALUES (1, 'again')")
	run("database dropped and created", 1, cols+" [[1 again]] ")
}

// stmtQueryer runs a prepared statement, whatever query it is given.
type stmtQueryer struct{ s *dbsql.Stmt }

func (q stmtQueryer) QueryContext(ctx context.Context, _ string, args ...any) (*dbsql.Rows, error) {
	return q.s.QueryContext(ctx, args...)
}

// TestPointGetPrivileges: a REVOKE between two executions of a point
// select on the fast path is honoured at once, with the normal path's
// error, and a GRANT again lets the next one run.
func TestPointGetPrivileges(t *testing.T) {
	srv := StartTestHookServer(t)
	root := srv.DB(t)
	ctx := context.Background()
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10))", "INSERT INTO t VALUES (1, 'a')",
		"CREATE USER 'pg'@'%' IDENTIFIED BY 'pgpw'", "GRANT SELECT ON simsql.t TO 'pg'@'%'",
	} {
		mustExec(t, root, q)
	}
	cfg, err := mysql.ParseDSN(srv.DSN("simsql"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User, cfg.Passwd = "pg", "pgpw"
	udb, err := dbsql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	defer udb.Close()
	conn, err := udb.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	stmt, err := conn.PrepareContext(ctx, "SELECT c FROM t WHERE id=?")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	q := stmtQueryer{stmt}
	pgQuery(ctx, q, "", 1)
	if r, fast := pgFast(t, root, "SELECT c FROM t WHERE id=?", 1); !fast || fmt.Sprint(r.rows) != "[[a]]" {
		t.Fatalf("root: %+v, fast path %v", r, fast)
	}
	before := pgCounter(t, root, "hits")
	if r := pgQuery(ctx, q, "", 1); fmt.Sprintf("%v %s", r.rows, r.err) != "[[a]] " {
		t.Fatalf("granted: %+v", r)
	}
	if pgCounter(t, root, "hits") != before+1 {
		t.Errorf("granted: not on the fast path")
	}
	mustExec(t, root, "REVOKE SELECT ON simsql.t FROM 'pg'@'%'")
	if r := pgQuery(ctx, q, "", 1); !strings.Contains(r.err, "Error 1044 (42000): Access denied for user 'pg'@'%' to database 'simsql'") || r.rows != nil {
		t.Errorf("revoked: got %+v, want the normal path's error 1044", r)
	}
	mustExec(t, root, "GRANT SELECT ON simsql.t TO 'pg'@'%'")
	if r := pgQuery(ctx, q, "", 1); fmt.Sprintf("%v %s", r.rows, r.err) != "[[a]] " {
		t.Errorf("granted again: %+v", r)
	}
}

// TestPointGetTransactions: a point select on the fast path reads what
// the normal path reads in a transaction: its own uncommitted writes, the
// REPEATABLE READ snapshot while another session commits, the new
// committed row after COMMIT, and at READ COMMITTED each statement's
// latest committed row.
func TestPointGetTransactions(t *testing.T) {
	srv := StartTestHookServer(t)
	db := srv.DB(t)
	ctx := context.Background()
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY, c VARCHAR(10))")
	mustExec(t, db, "INSERT INTO t VALUES (1, 'a'), (2, 'b')")
	a, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	b, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	exec := func(c *dbsql.Conn, q string) {
		t.Helper()
		if _, err := c.ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	const q = "SELECT c FROM t WHERE id=?"
	read := func(step string, id int, want string) {
		t.Helper()
		r, fast := pgFast(t, a, q, id)
		if got := fmt.Sprintf("%v %s", r.rows, r.err); got != want || !fast {
			t.Errorf("%s: got %s (fast path %v), want %s on the fast path", step, got, fast, want)
		}
	}
	pgQuery(ctx, a, q, 1) // makes the template
	read("autocommit", 1, "[[a]] ")
	exec(a, "BEGIN")
	exec(a, "UPDATE t SET c = 'own' WHERE id = 2")
	read("own write", 2, "[[own]] ")
	read("snapshot before", 1, "[[a]] ")
	exec(b, "UPDATE t SET c = 'new' WHERE id = 1")
	read("repeatable read", 1, "[[a]] ")
	exec(a, "ROLLBACK")
	read("after rollback", 2, "[[b]] ")
	read("after commit of the other", 1, "[[new]] ")
	exec(a, "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED")
	exec(a, "BEGIN")
	read("read committed", 1, "[[new]] ")
	exec(b, "UPDATE t SET c = 'newer' WHERE id = 1")
	read("read committed, after the other's commit", 1, "[[newer]] ")
	exec(a, "COMMIT")
}
