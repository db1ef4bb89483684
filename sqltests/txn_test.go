package sqltests

import (
	"context"
	"strings"
	"testing"

	gsql "github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/catalog"
)

// TestTxnScripts runs TxnScripts in-process, over the wire and, when
// mariadbd is installed, on MariaDB, whose answers they hold.
func TestTxnScripts(t *testing.T) {
	runScriptsAndMariaDB(t, TxnScripts)
}

// TestTxnMySQLScripts runs TxnMySQLScripts in-process and over the wire:
// MariaDB has no transaction_isolation.
func TestTxnMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, TxnMySQLScripts)
}

// noEmptyRows drops the rows without columns that SET gives in-process
// (over the wire it is an OK packet).
type noEmptyRows struct{ conn }

func (c noEmptyRows) query(q string) ([][]Cell, error) {
	rows, err := c.conn.query(q)
	out := rows[:0]
	for _, r := range rows {
		if len(r) > 0 {
			out = append(out, r)
		}
	}
	return out, err
}

// newScriptConn opens one connection to srv in a fresh database name.
func newScriptConn(t *testing.T, srv *Server, name string) *wireConn {
	t.Helper()
	wc := newWireConn(t, srv)
	useNewDatabase(t, wc, name)
	return wc
}

// useNewDatabase (re)creates database name, empty, and makes it c's.
func useNewDatabase(t testing.TB, c conn, name string) {
	t.Helper()
	for _, q := range []string{"DROP DATABASE IF EXISTS " + name, "CREATE DATABASE " + name, "USE " + name} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
}

// step is one statement of a session of a two-session script and what it
// must return: rows, or an error containing err.
type step struct {
	s    int // session 0 or 1
	q    string
	want []Row
	err  string
}

// isolationScript returns a script in which session 0 runs transactions at
// isolation level level ("READ COMMITTED", …) while session 1 commits
// changes between its statements, and what each statement must see in
// InnoDB: at READ COMMITTED (and READ UNCOMMITTED, which the script gives
// no uncommitted row to read) every statement sees what was committed
// before it began; at REPEATABLE READ a transaction sees what was
// committed before its first read (before START TRANSACTION WITH
// CONSISTENT SNAPSHOT, if it began so).
func isolationScript(level string) []step {
	fresh := level == "READ COMMITTED" || level == "READ UNCOMMITTED"
	pick := func(rc, rr []Row) []Row {
		if fresh {
			return rc
		}
		return rr
	}
	return []step{
		{s: 0, q: "SET SESSION TRANSACTION ISOLATION LEVEL " + level},
		{s: 0, q: "BEGIN"},
		{s: 0, q: "SELECT COUNT(*) FROM t", want: []Row{{1}}},
		{s: 1, q: "INSERT INTO t VALUES (2, 20)"},
		{s: 0, q: "SELECT COUNT(*) FROM t", want: pick([]Row{{2}}, []Row{{1}})},
		{s: 1, q: "UPDATE t SET v = 11 WHERE id = 1"},
		{s: 0, q: "SELECT id, v FROM t ORDER BY id", want: pick([]Row{{1, 11}, {2, 20}}, []Row{{1, 10}})},
		{s: 1, q: "DELETE FROM t WHERE id = 2"},
		{s: 0, q: "SELECT id, v FROM t ORDER BY id", want: pick([]Row{{1, 11}}, []Row{{1, 10}})},
		{s: 0, q: "COMMIT"},
		{s: 0, q: "SELECT id, v FROM t ORDER BY id", want: []Row{{1, 11}}},
		// Without autocommit, the transaction begins at the first read.
		{s: 0, q: "SET autocommit = 0"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: []Row{{11}}},
		{s: 1, q: "UPDATE t SET v = 12 WHERE id = 1"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: pick([]Row{{12}}, []Row{{11}})},
		{s: 0, q: "COMMIT"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: []Row{{12}}},
		{s: 0, q: "SET autocommit = 1"},
		// START TRANSACTION takes its snapshot at the first read, WITH
		// CONSISTENT SNAPSHOT at once (at REPEATABLE READ).
		{s: 0, q: "START TRANSACTION"},
		{s: 1, q: "UPDATE t SET v = 13 WHERE id = 1"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: []Row{{13}}},
		{s: 0, q: "COMMIT"},
		{s: 0, q: "START TRANSACTION WITH CONSISTENT SNAPSHOT"},
		{s: 1, q: "UPDATE t SET v = 14 WHERE id = 1"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: pick([]Row{{14}}, []Row{{13}})},
		{s: 0, q: "COMMIT"},
		// A transaction that writes sees the latest committed rows in
		// what it changes.
		{s: 0, q: "BEGIN"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: []Row{{14}}},
		{s: 1, q: "UPDATE t SET v = 15 WHERE id = 1"},
		{s: 0, q: "UPDATE t SET v = v + 1 WHERE id = 1"},
		{s: 0, q: "COMMIT"},
		{s: 0, q: "SELECT v FROM t WHERE id = 1", want: []Row{{16}}},
	}
}

// runSteps runs a two-session script on sessions, failing t at each
// answer that differs from the script's.
func runSteps(t *testing.T, sessions [2]conn, steps []step) {
	t.Helper()
	for i, st := range steps {
		rows, err := sessions[st.s].query(st.q)
		switch {
		case st.err != "" && err == nil:
			t.Errorf("step %d, session %d, %s: got rows %s, want an error containing %q", i, st.s, st.q, formatCells(rows), st.err)
		case st.err != "" && !strings.Contains(err.Error(), st.err):
			t.Errorf("step %d, session %d, %s: got error %q, want one containing %q", i, st.s, st.q, err, st.err)
		case st.err == "" && err != nil:
			t.Errorf("step %d, session %d, %s: %v", i, st.s, st.q, err)
		case st.err == "":
			if msg := compareRows(st.want, rows); msg != "" {
				t.Errorf("step %d, session %d, %s: %s", i, st.s, st.q, msg)
			}
		}
	}
}

// newEngineSessions returns two in-process sessions of one fresh engine.
func newEngineSessions(t *testing.T) [2]conn {
	t.Helper()
	p := openStore(t)
	engine := catalog.NewEngine(p)
	var out [2]conn
	var ctxs []*gsql.Context
	for i := range out {
		ctx := p.NewContext(context.Background())
		ctxs = append(ctxs, ctx)
		out[i] = noEmptyRows{&engineConn{engine: engine, ctx: ctx}}
	}
	t.Cleanup(func() {
		for _, ctx := range ctxs {
			gsql.SessionEnd(ctx.Session)
		}
	})
	return out
}

// isolationLevels are the levels TestIsolationLevels runs isolationScript at.
var isolationLevels = []string{"READ UNCOMMITTED", "READ COMMITTED", "REPEATABLE READ"}

// TestIsolationLevels runs isolationScript at each isolation level
// in-process, over the wire and on MariaDB, whose answers it holds.
// (simsql gave READ COMMITTED transactions REPEATABLE READ's snapshot.)
func TestIsolationLevels(t *testing.T) {
	setUp := []string{"CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (1, 10)"}
	run := func(t *testing.T, sessions [2]conn, level string) {
		for _, q := range setUp {
			if _, err := sessions[1].query(q); err != nil {
				t.Fatal(err)
			}
		}
		runSteps(t, sessions, isolationScript(level))
	}
	t.Run("engine", func(t *testing.T) {
		for _, level := range isolationLevels {
			t.Run(level, func(t *testing.T) { run(t, newEngineSessions(t), level) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for _, level := range isolationLevels {
			t.Run(level, func(t *testing.T) {
				name := mariaDBName("iso " + level)
				a := newScriptConn(t, srv, name)
				b := newWireConn(t, srv)
				if _, err := b.query("USE " + name); err != nil {
					t.Fatal(err)
				}
				run(t, [2]conn{a, b}, level)
			})
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		for _, level := range isolationLevels {
			t.Run(level, func(t *testing.T) {
				name := mariaDBName("iso " + level)
				a := newMariaDBConn(t, m, name)
				b := newMariaDBConn(t, m, name+"_b")
				if _, err := b.query("USE " + name); err != nil {
					t.Fatal(err)
				}
				run(t, [2]conn{a, b}, level)
			})
		}
	})
}
