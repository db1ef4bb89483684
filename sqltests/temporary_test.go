package sqltests

import (
	"errors"
	"fmt"
	"testing"

	"github.com/go-sql-driver/mysql"
)

// TestTemporaryScripts runs TemporaryScripts in-process, over the wire and,
// when mariadbd is installed, on MariaDB, whose answers they hold.
func TestTemporaryScripts(t *testing.T) {
	runScriptsAndMariaDB(t, TemporaryScripts)
}

// TestTemporaryIndexScripts runs TemporaryIndexScripts in-process and over
// the wire.
func TestTemporaryIndexScripts(t *testing.T) { runScripts(t, TemporaryIndexScripts) }

// errorNumbers is a conn whose errors are their MySQL numbers ("error
// 1146"), so that one script holds simsql's answers and MariaDB's.
type errorNumbers struct{ conn }

func (c errorNumbers) query(q string) ([][]Cell, error) {
	rows, err := c.conn.query(q)
	var me *mysql.MySQLError
	if errors.As(err, &me) {
		err = fmt.Errorf("error %d", me.Number)
	}
	return rows, err
}

// temporarySessionsScript is two sessions' temporary tables: each sees
// only its own (the same name twice), their open transactions do not wait
// for each other or for a transaction writing a base table, and a
// temporary table shadows a base table for its session only.
var temporarySessionsScript = []step{
	{s: 0, q: "CREATE TEMPORARY TABLE tmp (id INT PRIMARY KEY)"},
	{s: 0, q: "INSERT INTO tmp VALUES (1), (2)"},
	{s: 1, q: "SELECT COUNT(*) FROM tmp", err: "error 1146"},
	{s: 1, q: "SHOW TABLES", want: []Row{{"base"}}},
	{s: 1, q: "CREATE TEMPORARY TABLE tmp (id INT PRIMARY KEY, w INT)"},
	{s: 1, q: "BEGIN"},
	{s: 1, q: "INSERT INTO tmp VALUES (10, 1)"},
	{s: 0, q: "BEGIN"},
	{s: 0, q: "INSERT INTO tmp VALUES (3)"},
	{s: 0, q: "INSERT INTO base VALUES (2)"},
	{s: 1, q: "SELECT id, w FROM tmp", want: []Row{{10, 1}}},
	{s: 0, q: "SELECT id FROM tmp ORDER BY id", want: []Row{{1}, {2}, {3}}},
	{s: 0, q: "COMMIT"},
	{s: 1, q: "ROLLBACK"},
	{s: 1, q: "SELECT COUNT(*) FROM tmp", want: []Row{{0}}},
	{s: 1, q: "SELECT id FROM base ORDER BY id", want: []Row{{1}, {2}}},
	// While session 1 holds a write to a base table, session 0 writes its
	// temporary table without waiting.
	{s: 1, q: "BEGIN"},
	{s: 1, q: "INSERT INTO base VALUES (3)"},
	{s: 0, q: "INSERT INTO tmp VALUES (4)"},
	{s: 0, q: "UPDATE tmp SET id = id + 100 WHERE id = 4"},
	{s: 0, q: "DELETE FROM tmp WHERE id = 1"},
	{s: 0, q: "SELECT id FROM tmp ORDER BY id", want: []Row{{2}, {3}, {104}}},
	{s: 1, q: "COMMIT"},
	{s: 1, q: "CREATE TEMPORARY TABLE base (x INT)"},
	{s: 1, q: "SELECT COUNT(*) FROM base", want: []Row{{0}}},
	{s: 0, q: "SELECT id FROM base ORDER BY id", want: []Row{{1}, {2}, {3}}},
}

// TestTemporarySessions runs temporarySessionsScript over the wire and on
// MariaDB, whose answers it holds; then KILL CONNECTION ends session 0,
// and its temporary table is gone from the connection that replaces it.
// (That the killed session's store is freed is TestTemporaryDroppedAtSessionEnd's.)
func TestTemporarySessions(t *testing.T) {
	run := func(t *testing.T, a, b, again *wireConn) {
		if _, err := b.query("CREATE TABLE base (id INT PRIMARY KEY)"); err != nil {
			t.Fatal(err)
		}
		if _, err := b.query("INSERT INTO base VALUES (1)"); err != nil {
			t.Fatal(err)
		}
		runSteps(t, [2]conn{errorNumbers{a}, errorNumbers{b}}, temporarySessionsScript)
		rows, err := a.query("SELECT CONNECTION_ID()")
		if err != nil || len(rows) != 1 || rows[0][0] == nil {
			t.Fatalf("CONNECTION_ID(): %v %v", rows, err)
		}
		if _, err := b.query("KILL CONNECTION " + *rows[0][0]); err != nil {
			t.Fatal(err)
		}
		if _, err := a.query("SELECT 1"); err == nil {
			t.Error("the killed connection still answers")
		}
		runSteps(t, [2]conn{errorNumbers{again}, errorNumbers{b}}, []step{
			{s: 0, q: "SELECT COUNT(*) FROM tmp", err: "error 1146"},
			{s: 0, q: "CREATE TEMPORARY TABLE tmp (id INT PRIMARY KEY)"},
			{s: 0, q: "SELECT COUNT(*) FROM tmp", want: []Row{{0}}},
			{s: 1, q: "SELECT COUNT(*) FROM tmp", want: []Row{{0}}},
		})
	}
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		name := mariaDBName("temporary sessions")
		b := newScriptConn(t, srv, name)
		a, again := newWireConn(t, srv), newWireConn(t, srv)
		for _, c := range []*wireConn{a, again} {
			if _, err := c.query("USE " + name); err != nil {
				t.Fatal(err)
			}
		}
		run(t, a, b, again)
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		name := mariaDBName("temporary sessions")
		b := newMariaDBConn(t, m, name)
		a, again := newMariaDBConn(t, m, name+"_a"), newMariaDBConn(t, m, name+"_c")
		for _, c := range []*wireConn{a, again} {
			if _, err := c.query("USE " + name); err != nil {
				t.Fatal(err)
			}
		}
		run(t, a, b, again)
	})
}
