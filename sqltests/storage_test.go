package sqltests

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestConcurrentWriters checks that rows written by many clients at once
// are all there: writers are serialised, none is lost (the memory database
// once kept 464 of 800).
func TestConcurrentWriters(t *testing.T) {
	db := StartServer(t).DB(t)
	db.SetMaxOpenConns(16)
	if _, err := db.Exec("CREATE TABLE cw (w INT, i INT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, PRIMARY KEY (w, i), KEY fp_i (fp))"); err != nil {
		t.Fatal(err)
	}
	const writers, rows = 8, 100
	var wg sync.WaitGroup
	errs := make(chan error, writers)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range rows {
				body := fmt.Sprintf("writer %d row %d of the concurrent test", w, i)
				if _, err := db.Exec("INSERT INTO cw (w, i, body) VALUES (?, ?, ?)", w, i, body); err != nil {
					errs <- fmt.Errorf("writer %d row %d: %w", w, i, err)
					return
				}
				if i%10 == 0 { // readers in the mix
					var n int
					if err := db.QueryRow("SELECT COUNT(*) FROM cw WHERE w = ?", w).Scan(&n); err != nil || n != i+1 {
						errs <- fmt.Errorf("writer %d after row %d sees %d rows (%v)", w, i, n, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	var n, viaIndex int
	if err := db.QueryRow("SELECT COUNT(*) FROM cw").Scan(&n); err != nil {
		t.Fatal(err)
	}
	if err := db.QueryRow("SELECT COUNT(*) FROM cw a JOIN cw b ON a.fp = b.fp AND a.w = b.w AND a.i = b.i").Scan(&viaIndex); err != nil {
		t.Fatal(err)
	}
	if n != writers*rows || viaIndex != n {
		t.Errorf("%d rows, %d found through the index; want %d", n, viaIndex, writers*rows)
	}
}

// TestDuplicateKeyErrorCode checks MySQL's error 1062 for key violations.
func TestDuplicateKeyErrorCode(t *testing.T) {
	db := StartServer(t).DB(t)
	for _, q := range []string{"CREATE TABLE d (id INT PRIMARY KEY, u INT, UNIQUE KEY u_u (u))", "INSERT INTO d VALUES (1, 1)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, q := range []string{"INSERT INTO d VALUES (1, 2)", "INSERT INTO d VALUES (2, 1)"} {
		_, err := db.Exec(q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1062 {
			t.Errorf("%s: got %v, want MySQL error 1062", q, err)
		}
	}
}

// TestIndexPlans checks that equality and range predicates and joins on
// indexed columns read through the index (EXPLAIN shows
// IndexedTableAccess), and that an unindexed column does not.
func TestIndexPlans(t *testing.T) {
	t.Run("engine", func(t *testing.T) { testIndexPlans(t, newEngineConn(t)) })
	t.Run("wire", func(t *testing.T) { testIndexPlans(t, newWireConn(t, StartServer(t))) })
}

func testIndexPlans(t *testing.T, c conn) {
	for _, q := range []string{
		"CREATE TABLE p (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED, title VARCHAR(100), KEY fp_i (fp))",
		"CREATE TABLE q (id BIGINT PRIMARY KEY, p_id BIGINT)",
		"INSERT INTO p VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c')",
		"INSERT INTO q VALUES (1, 1), (2, 3)",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		query string
		want  []string // the indexes read; none for a scan
	}{
		{"SELECT * FROM p WHERE id = 2", []string{"p.id"}},
		{"SELECT * FROM p WHERE id BETWEEN 2 AND 3", []string{"p.id"}},
		{"SELECT * FROM p WHERE fp = 20", []string{"p.fp"}},
		{"SELECT * FROM p WHERE fp > 15", []string{"p.fp"}},
		{"SELECT q.id, p.title FROM q JOIN p ON p.id = q.p_id", []string{"p.id"}},
		{"SELECT * FROM p WHERE title = 'b'", []string{}},
	} {
		checkIndexes(t, c, tc.query, tc.want)
	}
}

// TestShowCreateRoundTrip checks that SHOW CREATE TABLE output, run again,
// recreates the same table, as mysqldump relies on.
func TestShowCreateRoundTrip(t *testing.T) {
	db := StartServer(t).DB(t)
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	tables := map[string]string{
		"r1": "CREATE TABLE r1 (id BIGINT AUTO_INCREMENT PRIMARY KEY, body LONGTEXT NOT NULL, fp BIGINT UNSIGNED AS (simhash(body)) STORED, n INT DEFAULT 7 COMMENT 'seven', tag VARCHAR(10) DEFAULT 'none', UNIQUE KEY tag_u (tag), KEY fp_i (fp)) COMMENT 'round trip'",
		"r2": "CREATE TABLE r2 (a VARCHAR(20) NOT NULL, b INT NOT NULL, c DOUBLE, d DECIMAL(10,2) DEFAULT '1.50', e DATETIME, j JSON, PRIMARY KEY (a, b), KEY c_i (c, d))",
		"r3": "CREATE TABLE r3 (x INT, y TEXT, CHECK (x > 0))",
		"r4": "CREATE TABLE r4 (v VARCHAR(10), w INT, n INT, PRIMARY KEY (v(3), w), KEY n_i (n), UNIQUE KEY w_u (w))",
	}
	for name, ddl := range tables {
		if _, err := conn.ExecContext(ctx, ddl); err != nil {
			t.Fatalf("%s: %v", ddl, err)
		}
		first := showCreateTable(t, conn, name)
		if _, err := conn.ExecContext(ctx, "DROP TABLE "+name); err != nil {
			t.Fatal(err)
		}
		if _, err := conn.ExecContext(ctx, first); err != nil {
			t.Fatalf("re-running SHOW CREATE TABLE output: %v\n%s", err, first)
		}
		if again := showCreateTable(t, conn, name); again != first {
			t.Errorf("%s changed on round trip:\n%s\nthen\n%s", name, first, again)
		}
	}
}

func showCreateTable(t *testing.T, conn *sql.Conn, table string) string {
	t.Helper()
	var name, ddl string
	if err := conn.QueryRowContext(context.Background(), "SHOW CREATE TABLE "+table).Scan(&name, &ddl); err != nil {
		t.Fatal(err)
	}
	return ddl
}

// TestNoLostUpdates is a regression test: a transaction that read a
// snapshot, then updated rows another client had since changed or deleted,
// wrote the old versions back (a deleted row came back, an update was lost).
func TestNoLostUpdates(t *testing.T) {
	srv := StartServer(t)
	db := srv.DB(t)
	for _, q := range []string{
		"CREATE TABLE rr (id INT PRIMARY KEY, v INT, w VARCHAR(10), UNIQUE KEY w_u (w), KEY v_i (v))",
		"INSERT INTO rr VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 3, 'c')",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	c2, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer c2.Close()
	var n int
	if _, err := c2.ExecContext(ctx, "BEGIN"); err != nil {
		t.Fatal(err)
	}
	if err := c2.QueryRowContext(ctx, "SELECT COUNT(*) FROM rr").Scan(&n); err != nil || n != 3 {
		t.Fatalf("snapshot: %d, %v", n, err)
	}
	for _, q := range []string{"DELETE FROM rr WHERE id = 2", "UPDATE rr SET v = 10 WHERE id = 1", "UPDATE rr SET w = 'z' WHERE id = 3"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	res, err := c2.ExecContext(ctx, "UPDATE rr SET v = v + 100 WHERE id IN (1, 2, 3)")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c2.ExecContext(ctx, "COMMIT"); err != nil {
		t.Fatal(err)
	}
	if got, _ := res.RowsAffected(); got != 2 {
		t.Errorf("UPDATE changed %d rows, want 2 (row 2 was deleted)", got)
	}
	rows, err := db.Query("SELECT id, v, w FROM rr ORDER BY id")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var id, v int
		var w string
		if err := rows.Scan(&id, &v, &w); err != nil {
			t.Fatal(err)
		}
		got = append(got, fmt.Sprintf("%d:%d:%s", id, v, w))
	}
	if want := "1:110:a 3:103:z"; strings.Join(got, " ") != want {
		t.Errorf("rows %v, want %s", got, want)
	}
}
