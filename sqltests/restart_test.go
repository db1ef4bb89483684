package sqltests

import (
	"bufio"
	"context"
	dbsql "database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/simsqltest"
	"github.com/simsql/simsql/storage"
	"github.com/simsql/simsql/textsim"
)

// restartSetup creates, fills and changes the tables that TestRestart reads
// back after a restart: a composite primary key, a table without a primary
// key (with two identical rows, of which one is deleted), AUTO_INCREMENT,
// a UNIQUE and a secondary index, DEFAULTs, a generated simhash() column, a
// renamed and a dropped table, and a second database.
var restartSetup = []string{
	"CREATE TABLE pairs (a INT NOT NULL, b VARCHAR(20) NOT NULL, v DOUBLE, note TEXT, PRIMARY KEY (a, b))",
	"INSERT INTO pairs VALUES (1, 'x', 1.5, 'one x'), (1, 'y', NULL, 'one y'), (2, 'x', -0.25, NULL), (10, 'a', 3, 'ten'), (2, '', 0, 'empty b')",
	"UPDATE pairs SET v = v * 2 WHERE a = 1",
	"UPDATE pairs SET b = 'z' WHERE a = 10 AND b = 'a'", // moves the row to a new primary key
	"DELETE FROM pairs WHERE a = 2 AND b = 'x'",

	"CREATE TABLE nopk (x INT, y VARCHAR(10))",
	"INSERT INTO nopk VALUES (1, 'a'), (1, 'a'), (1, 'a'), (2, 'b'), (NULL, 'n'), (3, NULL), (4, 'd')",
	"DELETE FROM nopk WHERE x = 4",
	"DELETE FROM nopk WHERE x = 1 LIMIT 1", // one of three identical rows
	"UPDATE nopk SET y = 'B' WHERE x = 2",

	`CREATE TABLE docs (
		id BIGINT NOT NULL AUTO_INCREMENT,
		email VARCHAR(100) NOT NULL,
		tag VARCHAR(20) NOT NULL DEFAULT 'none',
		score INT DEFAULT 7,
		body TEXT,
		fp BIGINT UNSIGNED AS (simhash(body)) STORED,
		PRIMARY KEY (id),
		UNIQUE KEY uk_email (email),
		KEY ix_tag (tag)
	)`,
	"INSERT INTO docs (email, tag, body) VALUES ('a@x', 'red', 'the quick brown fox'), ('b@x', 'blue', 'jumps over the lazy dog'), " +
		"('c@x', 'red', 'lorem ipsum dolor'), ('d@x', 'green', '数据库里的文本'), ('e@x', 'red', NULL)",
	"INSERT INTO docs (email, body) VALUES ('f@x', 'default tag and score')",
	"INSERT INTO docs (id, email, tag, score, body) VALUES (20, 'g@x', 'blue', 1, 'explicit id twenty')",
	"UPDATE docs SET tag = 'blue', body = 'the quick brown fox jumps' WHERE id = 1",
	"DELETE FROM docs WHERE id = 3",
	"DELETE FROM docs WHERE id = 20", // the next id stays 21, as in MySQL 8

	"CREATE TABLE empty_t (id INT PRIMARY KEY, s VARCHAR(5))",
	"CREATE TABLE gone (id INT PRIMARY KEY)",
	"INSERT INTO gone VALUES (1)",
	"DROP TABLE gone",
	"CREATE TABLE before_rename (id INT PRIMARY KEY, s VARCHAR(10))",
	"INSERT INTO before_rename VALUES (1, 'kept')",
	"RENAME TABLE before_rename TO renamed",

	"CREATE DATABASE other",
	"CREATE TABLE other.items (id INT PRIMARY KEY, name VARCHAR(50) NOT NULL, price DECIMAL(10,2) DEFAULT 9.99, made DATETIME, KEY ix_name (name))",
	"INSERT INTO other.items (id, name, made) VALUES (1, 'bolt', '2024-01-02 03:04:05'), (2, 'nut', '2025-06-07 08:09:10'), (3, 'bolt', NULL)",
	"UPDATE other.items SET price = 1.25 WHERE id = 2",
	"CREATE TABLE other.pairs (k VARCHAR(10) PRIMARY KEY)", // same name as simsql.pairs, other columns
	"INSERT INTO other.pairs VALUES ('only')",
}

// restartTables are the tables whose SHOW CREATE TABLE must survive a restart.
var restartTables = []string{"simsql.pairs", "simsql.nopk", "simsql.docs", "simsql.empty_t", "simsql.renamed", "other.items", "other.pairs"}

// docsBodies are the bodies of simsql.docs after restartSetup, by id; the
// expected fp of each is textsim's SimHash of it.
var docsBodies = map[int]*string{
	1: textPtr("the quick brown fox jumps"),
	2: textPtr("jumps over the lazy dog"),
	4: textPtr("数据库里的文本"),
	5: nil,
	6: textPtr("default tag and score"),
}

func textPtr(s string) *string { return &s }

// restartWant is every row of every table after restartSetup, one query per
// table with a total order; NULL is written NULL.
func restartWant(t *testing.T) map[string][]string {
	t.Helper()
	a := textsim.Default()
	fp := func(id int) string {
		body := docsBodies[id]
		if body == nil {
			return "NULL"
		}
		h, ok := a.SimHash(*body)
		if !ok {
			t.Fatalf("textsim.SimHash(%q) has no tokens", *body)
		}
		return strconv.FormatUint(h, 10)
	}
	return map[string][]string{
		"SELECT a, b, v, note FROM simsql.pairs ORDER BY a, b": {
			"1|x|3|one x", "1|y|NULL|one y", "2||0|empty b", "10|z|3|ten",
		},
		"SELECT x, y FROM simsql.nopk ORDER BY x, y": {
			"NULL|n", "1|a", "1|a", "2|B", "3|NULL",
		},
		"SELECT id, email, tag, score, body, fp FROM simsql.docs ORDER BY id": {
			"1|a@x|blue|7|the quick brown fox jumps|" + fp(1),
			"2|b@x|blue|7|jumps over the lazy dog|" + fp(2),
			"4|d@x|green|7|数据库里的文本|" + fp(4),
			"5|e@x|red|7|NULL|" + fp(5),
			"6|f@x|none|7|default tag and score|" + fp(6),
		},
		"SELECT id, s FROM simsql.empty_t ORDER BY id": nil,
		"SELECT id, s FROM simsql.renamed ORDER BY id": {"1|kept"},
		"SELECT id, name, price, CAST(made AS CHAR) FROM other.items ORDER BY id": {
			"1|bolt|9.99|2024-01-02 03:04:05", "2|nut|1.25|2025-06-07 08:09:10", "3|bolt|9.99|NULL",
		},
		"SELECT k FROM other.pairs ORDER BY k": {"only"},
		"SHOW TABLES FROM simsql":              {"docs", "empty_t", "nopk", "pairs", "renamed"},
		"SELECT auto_increment FROM information_schema.tables WHERE table_schema = 'simsql' AND table_name = 'docs'": {"21"},
		"SHOW TABLES FROM other": {"items", "pairs"},
	}
}

// restartLookups are queries the UNIQUE and secondary indexes can answer,
// with their rows.
var restartLookups = map[string][]string{
	"SELECT id FROM simsql.docs WHERE tag = 'blue' ORDER BY id":            {"1", "2"},
	"SELECT id FROM simsql.docs WHERE tag = 'red' ORDER BY id":             {"5"},
	"SELECT id FROM simsql.docs WHERE tag = 'none' ORDER BY id":            {"6"},
	"SELECT id FROM simsql.docs WHERE tag = 'purple' ORDER BY id":          nil,
	"SELECT id FROM simsql.docs WHERE tag >= 'g' ORDER BY id":              {"4", "5", "6"},
	"SELECT id, tag FROM simsql.docs WHERE email = 'd@x'":                  {"4|green"},
	"SELECT id FROM simsql.docs WHERE email = 'c@x'":                       nil, // deleted
	"SELECT id FROM other.items WHERE name = 'bolt' ORDER BY id":           {"1", "3"},
	"SELECT id FROM other.items WHERE name = 'nut' ORDER BY id":            {"2"},
	"SELECT a, b FROM simsql.pairs WHERE a = 1 ORDER BY b":                 {"1|x", "1|y"},
	"SELECT note FROM simsql.pairs WHERE a = 2 AND b = ''":                 {"empty b"},
	"SELECT COUNT(*) FROM simsql.docs WHERE tag IN ('blue', 'red', 'nil')": {"3"},
}

// TestRestart writes to a data directory, stops the server cleanly, starts a
// new one on the same directory and reads everything back: rows, SHOW CREATE
// TABLE, AUTO_INCREMENT positions, UNIQUE enforcement, index lookups and
// generated columns.
func TestRestart(t *testing.T) {
	dir := t.TempDir()
	srv := StartServer(t, "--data-dir", dir)
	db := srv.DB(t)
	for _, q := range restartSetup {
		mustExec(t, db, q)
	}
	want := restartWant(t)
	checkRows(t, db, "before restart", want)
	checkRows(t, db, "before restart", restartLookups)
	expectDuplicate(t, db, "INSERT INTO docs (email) VALUES ('b@x')")
	createBefore := showCreate(t, db)
	databasesBefore := dump(t, db, "SHOW DATABASES")
	srv.Stop(t)

	srv = StartServer(t, "--data-dir", dir)
	db = srv.DB(t)
	checkRows(t, db, "after restart", want)
	checkRows(t, db, "after restart", restartLookups)
	createAfter := showCreate(t, db)
	for table, before := range createBefore {
		if after := createAfter[table]; after != before {
			t.Errorf("SHOW CREATE TABLE %s changed across the restart:\nbefore: %s\nafter:  %s", table, before, after)
		}
	}
	if after := dump(t, db, "SHOW DATABASES"); !slices.Equal(after, databasesBefore) {
		t.Errorf("SHOW DATABASES: %q before the restart, %q after", databasesBefore, after)
	}

	// UNIQUE still enforced, on INSERT and on UPDATE, and a failed statement
	// changes nothing.
	expectDuplicate(t, db, "INSERT INTO docs (email) VALUES ('b@x')")
	expectDuplicate(t, db, "UPDATE docs SET email = 'a@x' WHERE id = 2")
	expectDuplicate(t, db, "INSERT INTO pairs (a, b) VALUES (1, 'x')")
	expectDuplicate(t, db, "INSERT INTO other.items (id, name) VALUES (2, 'dup')")
	checkRows(t, db, "after refused duplicates", want)

	// AUTO_INCREMENT continues after the highest id ever given (20, deleted).
	res := mustExec(t, db, "INSERT INTO docs (email, body) VALUES ('h@x', 'after the restart')")
	if id, err := res.LastInsertId(); err != nil || id != 21 {
		t.Errorf("first AUTO_INCREMENT id after the restart = %d (%v), want 21", id, err)
	}
	checkRows(t, db, "new row", map[string][]string{
		"SELECT id, tag, score, fp = simhash(body) FROM docs WHERE email = 'h@x'": {"21|none|7|1"},
	})

	// The generated column is recomputed when its source changes after the
	// restart.
	mustExec(t, db, "UPDATE docs SET body = 'a completely different text about databases' WHERE id = 2")
	h, _ := textsim.Default().SimHash("a completely different text about databases")
	checkRows(t, db, "generated column after UPDATE", map[string][]string{
		"SELECT fp FROM docs WHERE id = 2":                                  {strconv.FormatUint(h, 10)},
		"SELECT COUNT(*) FROM docs WHERE fp <> simhash(body) OR fp IS NULL": {"1"}, // id 5, body NULL
	})

	// Index lookups see the changes made after the restart.
	mustExec(t, db, "UPDATE docs SET tag = 'red' WHERE id = 1")
	mustExec(t, db, "DELETE FROM other.items WHERE id = 1")
	checkRows(t, db, "index after changes", map[string][]string{
		"SELECT id FROM docs WHERE tag = 'blue' ORDER BY id":         {"2"},
		"SELECT id FROM docs WHERE tag = 'red' ORDER BY id":          {"1", "5"},
		"SELECT id FROM other.items WHERE name = 'bolt' ORDER BY id": {"3"},
	})
}

// TestDataDirLock checks that a second server on a data directory in use
// exits at once with a clear message while the first keeps serving.
func TestDataDirLock(t *testing.T) {
	dir := t.TempDir()
	first := StartServer(t, "--data-dir", dir)
	db := first.DB(t)
	mustExec(t, db, "CREATE TABLE t (id INT PRIMARY KEY)")
	mustExec(t, db, "INSERT INTO t VALUES (1)")

	r := runServe(t, 20*time.Second, "--data-dir", dir)
	if r.served {
		t.Fatalf("a second server on %s started serving while the first runs\nstderr: %s", dir, r.stderr)
	}
	if r.code == 0 {
		t.Errorf("second server exited with code 0, want non-zero\nstderr: %s", r.stderr)
	}
	if !strings.Contains(r.stderr, "in use by another simsql process") {
		t.Errorf("second server's stderr does not say the directory is in use:\n%s", r.stderr)
	}
	if pid := strconv.Itoa(first.Pid()); !strings.Contains(r.stderr, pid) {
		t.Errorf("second server's stderr does not name the first server's pid %s:\n%s", pid, r.stderr)
	}
	// "At once": the lock is tried without waiting (flock LOCK_NB in
	// storage/store.go), so the second server exits by itself, which
	// runServe checks against its 20 s limit. A shorter wall-clock bound
	// failed on a busy machine (5.5 s at load 20) without any wait.
	t.Logf("second server gave up after %v", r.elapsed)

	mustExec(t, db, "INSERT INTO t VALUES (2)")
	checkRows(t, db, "first server", map[string][]string{"SELECT id FROM t ORDER BY id": {"1", "2"}})
	first.Stop(t)
	db = StartServer(t, "--data-dir", dir).DB(t)
	checkRows(t, db, "after restart", map[string][]string{"SELECT id FROM t ORDER BY id": {"1", "2"}})
}

// TestDataDirFormat checks that a data directory stamped with a newer or an
// unknown format is refused, and left as it was.
func TestDataDirFormat(t *testing.T) {
	for _, tc := range []struct {
		name, stamp, want string
	}{
		{"newer", fmt.Sprintf("%s %d\n", storage.FormatMagic, storage.FormatVersion+1), "newer"},
		{"unknown", "some-other-database 1\n", "format"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			stamp := filepath.Join(dir, storage.FormatFile)
			if err := os.WriteFile(stamp, []byte(tc.stamp), 0o644); err != nil {
				t.Fatal(err)
			}
			r := runServe(t, 20*time.Second, "--data-dir", dir)
			if r.served || r.code == 0 {
				t.Fatalf("server on a directory stamped %q: served %v, exit code %d; want refusal\nstderr: %s",
					tc.stamp, r.served, r.code, r.stderr)
			}
			if !strings.Contains(r.stderr, tc.want) {
				t.Errorf("stderr does not contain %q:\n%s", tc.want, r.stderr)
			}
			if b, err := os.ReadFile(stamp); err != nil || string(b) != tc.stamp {
				t.Errorf("FORMAT is now %q (%v), want it left as %q", b, err, tc.stamp)
			}
			if _, err := os.Stat(filepath.Join(dir, storage.DBFile)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("%s was created in a refused directory (stat: %v)", storage.DBFile, err)
			}
		})
	}
}

// serveResult is how a `simsql serve` run by runServe ended.
type serveResult struct {
	code    int  // exit code; -1 if killed
	served  bool // printed its ready line (and was then killed)
	stderr  string
	elapsed time.Duration
}

// runServe runs `simsql serve --port 0` with args, expecting it to fail: it
// kills the server as soon as it prints its ready line, or after timeout.
func runServe(t *testing.T, timeout time.Duration, args ...string) serveResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, Binary(t), append([]string{"serve", "--port", "0"}, args...)...)
	var stderr simsqltest.Buffer
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var r serveResult
	sc := bufio.NewScanner(stdout)
	for sc.Scan() {
		if _, _, ok := simsqltest.ParseReady(sc.Text()); ok {
			r.served = true
			cmd.Process.Kill()
		}
	}
	err = cmd.Wait()
	r.elapsed = time.Since(start)
	r.stderr = stderr.String()
	var exit *exec.ExitError
	switch {
	case err == nil:
	case errors.As(err, &exit):
		r.code = exit.ExitCode()
	default:
		t.Fatal(err)
	}
	if ctx.Err() != nil && !r.served {
		t.Fatalf("simsql serve %q neither served nor exited in %v\nstderr: %s", args, timeout, r.stderr)
	}
	return r
}

func mustExec(t *testing.T, db *dbsql.DB, q string, args ...any) dbsql.Result {
	t.Helper()
	res, err := db.Exec(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return res
}

// expectDuplicate checks that q fails with MySQL error 1062 (duplicate key).
func expectDuplicate(t *testing.T, db *dbsql.DB, q string) {
	t.Helper()
	_, err := db.Exec(q)
	var me *mysql.MySQLError
	if !errors.As(err, &me) || me.Number != 1062 {
		t.Errorf("%s: error %v, want MySQL error 1062 (duplicate entry)", q, err)
	}
}

// dump returns the rows of q, each as its columns joined by "|", NULL as
// "NULL".
func dump(t *testing.T, db *dbsql.DB, q string, args ...any) []string {
	t.Helper()
	rs, err := db.Query(q, args...)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	rows, err := simsqltest.ScanCells(rs)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return simsqltest.Strings(rows, "|")
}

// checkRows runs each query and compares its rows with the expected ones.
func checkRows(t *testing.T, db *dbsql.DB, when string, want map[string][]string) {
	t.Helper()
	queries := make([]string, 0, len(want))
	for q := range want {
		queries = append(queries, q)
	}
	slices.Sort(queries)
	for _, q := range queries {
		if got := dump(t, db, q); !slices.Equal(got, want[q]) {
			t.Errorf("%s: %s\n got: %q\nwant: %q", when, q, got, want[q])
		}
	}
}

// showCreate returns SHOW CREATE TABLE of every table in restartTables.
func showCreate(t *testing.T, db *dbsql.DB) map[string]string {
	t.Helper()
	out := make(map[string]string)
	for _, table := range restartTables {
		var name, ddl string
		if err := db.QueryRow("SHOW CREATE TABLE "+table).Scan(&name, &ddl); err != nil {
			t.Fatalf("SHOW CREATE TABLE %s: %v", table, err)
		}
		out[table] = ddl
	}
	return out
}
