package sqltests

import (
	dbsql "database/sql"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"testing"

	"github.com/dolthub/vitess/go/mysql"
	driver "github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/mysqlerr"
)

// TestForeignKeyScripts runs ForeignKeyScripts in-process, over the wire
// and on MariaDB, the same statements with the same rows and the same
// errors (number, SQLSTATE and message); ForeignKeyMySQLScripts, where
// MariaDB 10.11 answers unlike MySQL 8, only on simsql.
func TestForeignKeyScripts(t *testing.T) {
	t.Run("engine", func(t *testing.T) {
		for _, s := range append(ForeignKeyScripts, ForeignKeyMySQLScripts...) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newErrConn(t, noEmptyRows{newEngineConn(t)}), s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for _, s := range append(ForeignKeyScripts, ForeignKeyMySQLScripts...) {
			t.Run(s.Name, func(t *testing.T) {
				runScript(t, newErrConn(t, newScriptConn(t, srv, mariaDBName(s.Name))), s)
			})
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		for _, s := range ForeignKeyScripts {
			t.Run(s.Name, func(t *testing.T) {
				runScript(t, newErrConn(t, newMariaDBConn(t, m, mariaDBName(s.Name))), s)
			})
		}
	})
}

// errConn words every error of its connection the same way in-process,
// over the wire and on MariaDB: "1452 (23000): message", the message as
// the server sends it (in-process: as package mysqlerr converts it for the
// wire), with the connection's database named `db`, so that scripts can
// compare numbers and exact messages.
type errConn struct {
	conn
	db string
}

func newErrConn(t *testing.T, c conn) errConn {
	t.Helper()
	rows, err := c.query("SELECT DATABASE()")
	if err != nil || len(rows) != 1 || rows[0][0] == nil {
		t.Fatalf("SELECT DATABASE(): %v %v", rows, err)
	}
	return errConn{conn: c, db: *rows[0][0]}
}

func (c errConn) query(q string) ([][]Cell, error) {
	rows, err := c.conn.query(q)
	if err == nil {
		return rows, nil
	}
	var num int
	var state, msg string
	var me *driver.MySQLError
	if errors.As(err, &me) {
		num, state, msg = int(me.Number), string(me.SQLState[:]), me.Message
	} else {
		var se *mysql.SQLError
		if !errors.As(mysqlerr.Convert(err, q), &se) {
			return nil, err
		}
		num, state, msg = se.Num, se.State, se.Message
	}
	msg = strings.ReplaceAll(msg, "`"+c.db+"`.", "`db`.")
	return nil, &wordedError{num: num, text: fmt.Sprintf("%d (%s): %s", num, state, msg)}
}

// wordedError is an error as errConn words it, with its MySQL number.
type wordedError struct {
	num  int
	text string
}

func (e *wordedError) Error() string { return e.text }

// TestForeignKeyRestart checks that constraints survive a restart: SHOW
// CREATE TABLE is unchanged, and they are still checked and cascade, with
// the child's simhash index following its rows.
func TestForeignKeyRestart(t *testing.T) {
	dir := t.TempDir()
	srv := StartServer(t, "--data-dir", dir)
	db := srv.DB(t)
	for _, q := range []string{
		"CREATE TABLE p (id INT PRIMARY KEY, name VARCHAR(20))",
		"CREATE TABLE c (id INT PRIMARY KEY, pid INT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, INDEX fp_k3 (fp) COMMENT 'simhash k=3', " +
			"CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE)",
		"CREATE TABLE e (id INT PRIMARY KEY, boss INT, FOREIGN KEY (boss) REFERENCES e (id) ON DELETE SET NULL)",
		"INSERT INTO p VALUES (1, 'one'), (2, 'two')",
		"INSERT INTO c (id, pid, body) VALUES (10, 1, 'the quick brown fox jumps over the lazy dog'), (11, 2, 'the quick brown fox jumps over the lazy dog')",
		"INSERT INTO e VALUES (1, NULL), (2, 1)",
	} {
		mustExec(t, db, q)
	}
	showCreate := func(db *dbsql.DB) map[string]string {
		out := map[string]string{}
		for _, table := range []string{"c", "e", "p"} {
			var name, create string
			if err := db.QueryRow("SHOW CREATE TABLE "+table).Scan(&name, &create); err != nil {
				t.Fatal(err)
			}
			out[table] = create
		}
		return out
	}
	before := showCreate(db)
	srv.Stop(t)

	srv = StartServer(t, "--data-dir", dir)
	db = srv.DB(t)
	after := showCreate(db)
	for _, table := range []string{"c", "e", "p"} {
		if before[table] == "" || after[table] != before[table] {
			t.Errorf("SHOW CREATE TABLE %s across the restart:\nbefore: %s\nafter:  %s", table, before[table], after[table])
		}
	}
	if _, err := db.Exec("INSERT INTO c (id, pid, body) VALUES (12, 3, 'x')"); err == nil || !strings.Contains(err.Error(), "Error 1452 (23000)") {
		t.Errorf("orphan after the restart: %v, want error 1452", err)
	}
	mustExec(t, db, "DELETE FROM p WHERE id = 1")
	mustExec(t, db, "DELETE FROM e WHERE id = 1")
	checkRows(t, db, "after the restart", map[string][]string{
		"SELECT id FROM c ORDER BY id": {"11"},
		"SELECT id FROM c WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3": {"11"},
		"SELECT id, COALESCE(boss, 0) FROM e": {"2|0"},
	})
}

// TestClientMariaDBDumpForeignKeys dumps a database with foreign keys
// (children named before their parents, a self-reference, a child with a
// simhash index) with mariadb-dump and restores the dump into a fresh
// server with mariadb: the dump turns FOREIGN_KEY_CHECKS off, creates the
// tables in name order and loads their rows; afterwards the constraints
// are there, identical, and enforced.
func TestClientMariaDBDumpForeignKeys(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	client := needClient(t, "mariadb")
	dump := needClient(t, "mariadb-dump")
	src := StartServer(t)
	runClient(t, exec.Command(client, mariadbArgs(src, "--batch", "simsql")...), `
CREATE TABLE zparent (id INT PRIMARY KEY, name VARCHAR(20));
CREATE TABLE achild (id INT PRIMARY KEY, pid INT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, INDEX fp_k3 (fp) COMMENT 'simhash k=3',
  CONSTRAINT achild_p FOREIGN KEY (pid) REFERENCES zparent (id) ON DELETE CASCADE ON UPDATE CASCADE);
CREATE TABLE emp (id INT PRIMARY KEY, boss INT, FOREIGN KEY (boss) REFERENCES emp (id) ON DELETE SET NULL);
INSERT INTO zparent VALUES (1, 'one'), (2, 'two');
INSERT INTO achild (id, pid, body) VALUES (10, 1, 'the quick brown fox jumps over the lazy dog'), (11, 2, 'another text entirely');
INSERT INTO emp VALUES (1, NULL), (2, 1), (3, 2);
`)
	check := "SHOW CREATE TABLE achild; SHOW CREATE TABLE emp; SHOW CREATE TABLE zparent; SELECT id, pid, fp FROM achild ORDER BY id; SELECT * FROM emp ORDER BY id"
	want := runClient(t, exec.Command(client, mariadbArgs(src, "--batch", "--raw", "simsql", "-e", check)...), "")
	dumped := runClient(t, exec.Command(dump, mariadbArgs(src, "simsql")...), "")
	if !strings.Contains(dumped, "FOREIGN_KEY_CHECKS=0") || !strings.Contains(dumped, "CONSTRAINT `achild_p` FOREIGN KEY (`pid`) REFERENCES `zparent` (`id`)") {
		t.Fatalf("mariadb-dump output lacks FOREIGN_KEY_CHECKS=0 or the constraint:\n%s", dumped)
	}
	dst := StartServer(t)
	runClient(t, exec.Command(client, mariadbArgs(dst, "--batch", "simsql")...), dumped)
	got := runClient(t, exec.Command(client, mariadbArgs(dst, "--batch", "--raw", "simsql", "-e", check)...), "")
	checkOut(t, "the restored database", got, want)
	db := dst.DB(t)
	if _, err := db.Exec("INSERT INTO achild (id, pid, body) VALUES (12, 9, 'x')"); err == nil || !strings.Contains(err.Error(), "Error 1452 (23000)") {
		t.Errorf("orphan into the restored child: %v, want error 1452", err)
	}
	mustExec(t, db, "UPDATE zparent SET id = 5 WHERE id = 1")
	mustExec(t, db, "DELETE FROM emp WHERE id = 1")
	checkRows(t, db, "the restored constraints", map[string][]string{
		"SELECT id, pid FROM achild ORDER BY id": {"10|5", "11|2"},
		"SELECT id FROM achild WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3": {"10"},
		"SELECT id, COALESCE(boss, 0) FROM emp ORDER BY id":                                                    {"2|0", "3|2"},
	})
}
