package sqltests

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestStatementBufferScripts runs StatementBufferScripts in-process, over
// the wire and on MariaDB.
func TestStatementBufferScripts(t *testing.T) {
	runScriptsAndMariaDB(t, StatementBufferScripts)
}

// TestLoadDataStatementBuffer loads a file of n rows whose last line
// repeats the first line's key: in strict mode the statement fails with
// 1062 and leaves no row, with IGNORE the first row stays, with REPLACE
// the last one wins; a table with a unique secondary key meets the same on
// it. In-process (unless -short) a million-row load that fails at its last
// line leaves nothing too.
func TestLoadDataStatementBuffer(t *testing.T) {
	fp := func(i int) uint64 { return uint64(i) * 0x9e3779b97f4a7c15 }
	write := func(dir string, n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "%d\t%d\n", i, fp(i))
		}
		b.WriteString("1\t0\n")
		file := filepath.Join(dir, "dup.tsv")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return file
	}
	script := func(dir string, n int) ScriptTest {
		file := write(dir, n)
		first := fmt.Sprint(fp(1))
		last := fmt.Sprint(fp(n))
		load := "LOAD DATA INFILE '" + file + "' "
		return ScriptTest{
			Name: fmt.Sprintf("%d rows", n),
			SetUpScript: []string{
				"CREATE TABLE big (id BIGINT UNSIGNED PRIMARY KEY, fp BIGINT UNSIGNED)",
				"CREATE TABLE ubig (id BIGINT UNSIGNED PRIMARY KEY, fp BIGINT UNSIGNED, UNIQUE KEY fp_u (fp))",
			},
			Assertions: []Assertion{
				{Query: load + "INTO TABLE big", ExpectedErrCode: 1062},
				{Query: "SELECT COUNT(*) FROM big", Expected: []Row{{0}}},
				{Query: load + "IGNORE INTO TABLE big"},
				{Query: "SELECT COUNT(*), MIN(id), MAX(id) FROM big", Expected: []Row{{n, 1, n}}},
				{Query: "SELECT fp FROM big WHERE id = 1", Expected: []Row{{first}}},
				{Query: "SELECT fp FROM big WHERE id = " + fmt.Sprint(n), Expected: []Row{{last}}},
				{Query: "DELETE FROM big"},
				{Query: load + "REPLACE INTO TABLE big"},
				{Query: "SELECT COUNT(*) FROM big", Expected: []Row{{n}}},
				{Query: "SELECT fp FROM big WHERE id = 1", Expected: []Row{{"0"}}},
				// Unique fp: the last line (1, 0) replaces row 1 by its key;
				// a line (n+1, fp of row 2) then meets row 2 on fp_u.
				{Query: "INSERT INTO ubig VALUES (0, 7)"},
				{Query: load + "REPLACE INTO TABLE ubig"},
				{Query: "SELECT COUNT(*) FROM ubig", Expected: []Row{{n + 1}}},
				{Query: "SELECT id FROM ubig WHERE fp = 0", Expected: []Row{{1}}, ExpectedIndexes: []string{"ubig.fp"}},
				{Query: fmt.Sprintf("INSERT INTO ubig VALUES (%d, %d), (%d, 5)", n+1, fp(2), n+2), ExpectedErrCode: 1062},
				{Query: "SELECT COUNT(*) FROM ubig", Expected: []Row{{n + 1}}},
			},
		}
	}
	t.Run("engine", func(t *testing.T) { runScript(t, noEmptyRows{newEngineConn(t)}, script(t.TempDir(), 20_000)) })
	t.Run("engine million", func(t *testing.T) {
		if testing.Short() {
			t.Skip("a million rows")
		}
		n := 1_000_000
		file := write(t.TempDir(), n)
		runScript(t, noEmptyRows{newEngineConn(t)}, ScriptTest{
			Name:        "a million rows and a duplicate",
			SetUpScript: []string{"CREATE TABLE big (id BIGINT UNSIGNED PRIMARY KEY, fp BIGINT UNSIGNED)", "INSERT INTO big VALUES (0, 0)"},
			Assertions: []Assertion{
				{Query: "LOAD DATA INFILE '" + file + "' INTO TABLE big", ExpectedErrCode: 1062},
				{Query: "SELECT COUNT(*), MAX(id) FROM big", Expected: []Row{{1, 0}}},
			},
		})
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		wc := newWireConn(t, srv)
		useNewDatabase(t, wc, "stmtbuf_load")
		runScript(t, wc, script(filepath.Join(srv.DataDir(), "files"), 20_000))
	})
}

// TestLoadDataMeetsConcurrentInsert: while a LOAD DATA of keys 1..n runs,
// another session commits key n. The load, which found the table's last
// key once to skip its lookups (catalog's editor.above), must find the
// new row when it reaches key n and fail with 1062, and the other
// session's row must stay; had the other session come second, it would
// have waited for the load's lock and failed instead. Either way key n is
// written once.
func TestLoadDataMeetsConcurrentInsert(t *testing.T) {
	srv := StartServer(t)
	db := srv.DB(t)
	const n = 200_000
	dir := filepath.Join(srv.DataDir(), "files")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "%d\t%d\n", i, i)
	}
	file := filepath.Join(dir, "keys.tsv")
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE c (id BIGINT UNSIGNED PRIMARY KEY, v BIGINT)"); err != nil {
		t.Fatal(err)
	}
	loaded := make(chan error, 1)
	go func() {
		_, err := db.Exec("LOAD DATA INFILE '" + file + "' INTO TABLE c")
		loaded <- err
	}()
	// Wait (bounded) until the load runs, then commit key n from another
	// session.
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		var running int
		if err := db.QueryRow("SELECT COUNT(*) FROM information_schema.processlist WHERE info LIKE 'LOAD DATA%'").Scan(&running); err != nil {
			t.Fatal(err)
		}
		if running > 0 {
			break
		}
		runtime.Gosched()
	}
	_, insErr := db.Exec(fmt.Sprintf("INSERT INTO c VALUES (%d, -1)", n))
	loadErr := <-loaded
	var count, v int64
	if err := db.QueryRow(fmt.Sprintf("SELECT (SELECT COUNT(*) FROM c), v FROM c WHERE id = %d", n)).Scan(&count, &v); err != nil {
		t.Fatal(err)
	}
	switch {
	case insErr == nil && loadErr == nil:
		t.Fatalf("both the load and the insert of key %d succeeded (count %d, v %d)", n, count, v)
	case insErr == nil:
		if errorNumber(loadErr, "LOAD DATA") != 1062 || count != 1 || v != -1 {
			t.Errorf("insert first: load error %v, count %d, v %d; want 1062, 1 row, v -1", loadErr, count, v)
		}
	case loadErr == nil:
		if errorNumber(insErr, "INSERT") != 1062 || count != n || v != n {
			t.Errorf("load first: insert error %v, count %d, v %d; want 1062, %d rows, v %d", insErr, count, v, n, n)
		}
	default:
		t.Fatalf("both failed: load %v, insert %v", loadErr, insErr)
	}
	t.Logf("load error %v, insert error %v", loadErr, insErr)
}
