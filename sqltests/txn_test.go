package sqltests

import (
	"context"
	"fmt"
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
	// anyRows takes whatever rows the statement returns (not an error).
	anyRows bool
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
		case st.err == "" && !st.anyRows:
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

// pairIn returns the sessions a and b of a two-session script, b moved to
// a's database name.
func pairIn(t *testing.T, name string, a, b conn) [2]conn {
	t.Helper()
	if _, err := b.query("USE " + name); err != nil {
		t.Fatal(err)
	}
	return [2]conn{a, b}
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
				run(t, pairIn(t, name, newScriptConn(t, srv, name), newWireConn(t, srv)), level)
			})
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		for _, level := range isolationLevels {
			t.Run(level, func(t *testing.T) {
				name := mariaDBName("iso " + level)
				run(t, pairIn(t, name, newMariaDBConn(t, m, name), newMariaDBConn(t, m, name+"_b")), level)
			})
		}
	})
}

// lockWaitScript returns a two-session script of locking reads with SKIP
// LOCKED and NOWAIT: session 0 holds rows 1 and 2 of q locked, and session
// 1's locking reads leave them out (SKIP LOCKED, FOR UPDATE and FOR
// SHARE, also with LIMIT and through a join) or fail at once (NOWAIT:
// MySQL 8's error 3572, where MariaDB answers 1205), while reads of rows
// nobody holds, and plain reads, answer as usual. (simsql took SKIP
// LOCKED for a plain FOR UPDATE: it waited 50 s and failed with 1205.)
// shareClause is FOR SHARE for MySQL, LOCK IN SHARE MODE for MariaDB,
// which has no FOR SHARE.
func lockWaitScript(nowaitErr, shareClause string) []step {
	return []step{
		{s: 0, q: "BEGIN"},
		// Rows locked by a unique key's equality (InnoDB's record locks,
		// with no gap lock after the last row, as a range would take).
		{s: 0, q: "SELECT id FROM q WHERE id IN (1, 2) ORDER BY id FOR UPDATE", want: []Row{{1}, {2}}},
		{s: 1, q: "SELECT id FROM q ORDER BY id LIMIT 2 FOR UPDATE SKIP LOCKED", want: []Row{{3}, {4}}},
		{s: 1, q: "SELECT id FROM q ORDER BY id " + shareClause + " SKIP LOCKED", want: []Row{{3}, {4}, {5}}},
		{s: 1, q: "SELECT q.id FROM q JOIN r ON r.id = q.id ORDER BY q.id FOR UPDATE SKIP LOCKED", want: []Row{{3}}},
		{s: 1, q: "SELECT id FROM q WHERE id = 1 FOR UPDATE NOWAIT", err: nowaitErr},
		{s: 1, q: "SELECT id FROM q WHERE id = 4 FOR UPDATE NOWAIT", want: []Row{{4}}},
		{s: 1, q: "SELECT COUNT(*) FROM q", want: []Row{{5}}},
		// A job queue's claim: each session takes the first free row.
		{s: 1, q: "BEGIN"},
		{s: 1, q: "SELECT id FROM q ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", want: []Row{{3}}},
		{s: 1, q: "UPDATE q SET taken = 1 WHERE id = 3"},
		{s: 0, q: "SELECT id FROM q WHERE id > 2 ORDER BY id LIMIT 1 FOR UPDATE SKIP LOCKED", want: []Row{{4}}},
		{s: 1, q: "COMMIT"},
		{s: 0, q: "COMMIT"},
		{s: 1, q: "SELECT id FROM q ORDER BY id FOR UPDATE SKIP LOCKED", want: []Row{{1}, {2}, {3}, {4}, {5}}},
	}
}

// runTwoSessions runs script (given whether it runs on MariaDB) after
// setUp (on session 1) in-process, over the wire and on MariaDB, each in
// a fresh database named after name.
func runTwoSessions(t *testing.T, name string, setUp []string, script func(mariadb bool) []step) {
	run := func(t *testing.T, sessions [2]conn, mariadb bool) {
		for _, q := range setUp {
			if _, err := sessions[1].query(q); err != nil {
				t.Fatal(err)
			}
		}
		runSteps(t, sessions, script(mariadb))
	}
	db := mariaDBName(name)
	t.Run("engine", func(t *testing.T) {
		sessions := newEngineSessions(t)
		useNewDatabase(t, sessions[0], db)
		if _, err := sessions[1].query("USE " + db); err != nil {
			t.Fatal(err)
		}
		run(t, sessions, false)
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		a := newScriptConn(t, srv, db)
		b := newWireConn(t, srv)
		if _, err := b.query("USE " + db); err != nil {
			t.Fatal(err)
		}
		run(t, [2]conn{a, b}, false)
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		a := newMariaDBConn(t, m, db)
		b := newMariaDBConn(t, m, db+"_b")
		if _, err := b.query("USE " + db); err != nil {
			t.Fatal(err)
		}
		run(t, [2]conn{a, b}, true)
	})
}

// TestLockWaitOptions runs lockWaitScript in-process, over the wire and on
// MariaDB (whose NOWAIT error is 1205 and whose FOR SHARE is LOCK IN SHARE
// MODE).
func TestLockWaitOptions(t *testing.T) {
	setUp := []string{
		"CREATE TABLE q (id INT PRIMARY KEY, taken INT NOT NULL DEFAULT 0)",
		"INSERT INTO q (id) VALUES (1), (2), (3), (4), (5)",
		"CREATE TABLE r (id INT PRIMARY KEY)",
		"INSERT INTO r VALUES (1), (3)",
	}
	runTwoSessions(t, "lock wait options", setUp, func(mariadb bool) []step {
		if mariadb {
			return lockWaitScript("1205", "LOCK IN SHARE MODE")
		}
		return lockWaitScript("3572", "FOR SHARE")
	})
}

// snapshotStartScript returns a script in which session 0's transactions
// run statements that read no table (SELECT 1, SELECT @@version, SELECT
// NOW(), USE, SHOW TABLES) before their first read of a table, while
// session 1 commits rows: at REPEATABLE READ the snapshot is taken by the
// first read of a table (InnoDB's read view, at the first consistent
// read), so that read sees those rows, and the reads after it keep its
// snapshot; START TRANSACTION WITH CONSISTENT SNAPSHOT takes it at once.
// (simsql took it at the first statement: the first read missed the rows
// committed after a pool's ping.)
func snapshotStartScript(db string) []step {
	var steps []step
	n := 1
	for _, begin := range []string{"SET autocommit = 0", "BEGIN", "START TRANSACTION READ ONLY"} {
		for _, first := range []string{"SELECT 1", "SELECT @@version", "SELECT NOW() IS NOT NULL", "USE " + db, "SHOW TABLES"} {
			n++
			steps = append(steps,
				step{s: 0, q: begin},
				step{s: 0, q: first, anyRows: true},
				step{s: 1, q: fmt.Sprintf("INSERT INTO t VALUES (%d)", n)},
				step{s: 0, q: "SELECT COUNT(*) FROM t", want: []Row{{n}}},
				step{s: 1, q: fmt.Sprintf("INSERT INTO t VALUES (%d)", n+100)},
				step{s: 0, q: "SELECT COUNT(*) FROM t", want: []Row{{n}}},
				step{s: 0, q: "COMMIT"},
				step{s: 1, q: fmt.Sprintf("DELETE FROM t WHERE id = %d", n+100)},
			)
		}
	}
	return append(steps,
		step{s: 0, q: "SET autocommit = 1"},
		step{s: 0, q: "START TRANSACTION WITH CONSISTENT SNAPSHOT"},
		step{s: 0, q: "SELECT 1", want: []Row{{1}}},
		step{s: 1, q: "INSERT INTO t VALUES (1000)"},
		step{s: 0, q: "SELECT COUNT(*) FROM t", want: []Row{{n}}},
		step{s: 0, q: "COMMIT"},
		step{s: 0, q: "SELECT COUNT(*) FROM t", want: []Row{{n + 1}}},
	)
}

// TestSnapshotAtFirstRead runs snapshotStartScript in-process, over the
// wire and on MariaDB.
func TestSnapshotAtFirstRead(t *testing.T) {
	const name = "snapshot at first read"
	runTwoSessions(t, name, []string{"CREATE TABLE t (id INT PRIMARY KEY)", "INSERT INTO t VALUES (1)"},
		func(bool) []step { return snapshotStartScript(mariaDBName(name)) })
}

// autocommitOffScript returns a script in which session 0, with autocommit
// off, sets its isolation level to level with the statement set(level)
// (SET SESSION TRANSACTION ISOLATION LEVEL …, SET SESSION tx_isolation =
// …) after SET autocommit = 0, as a driver that turns autocommit off at
// connect time (PyMySQL, JDBC) has it, while session 1 commits rows
// between its statements. The transaction begins at its first read of a
// table, at the level of that moment: each statement sees what was
// committed before it at READ COMMITTED and READ UNCOMMITTED, the first
// read's snapshot at REPEATABLE READ. Once it has begun, SET SESSION is
// for the next transaction (MySQL 8's
// Sys_var_transaction_isolation::session_update, MariaDB's alike), and
// SET TRANSACTION ISOLATION LEVEL, with no scope, for the next one only,
// unless a SET SESSION comes after it.
func autocommitOffScript(level string, set func(level string) string) []step {
	other := "REPEATABLE READ"
	if level == other {
		other = "READ COMMITTED"
	}
	fresh := func(level string) bool { return level == "READ COMMITTED" || level == "READ UNCOMMITTED" }
	// seen is what the second of two reads, around session 1's insert of
	// the row that makes n, sees at level.
	seen := func(level string, n int) []Row {
		if fresh(level) {
			return []Row{{n}}
		}
		return []Row{{n - 1}}
	}
	count := "SELECT COUNT(*) FROM t"
	return []step{
		{s: 0, q: set(other)},
		{s: 0, q: "SET autocommit = 0"},
		{s: 0, q: set(level)},
		{s: 0, q: count, want: []Row{{1}}},
		{s: 1, q: "INSERT INTO t VALUES (2, 20)"},
		{s: 0, q: count, want: seen(level, 2)},
		{s: 0, q: "COMMIT"},
		// Under way, the transaction keeps its level; the next has the new.
		{s: 0, q: count, want: []Row{{2}}},
		{s: 0, q: set(other)},
		{s: 1, q: "INSERT INTO t VALUES (3, 30)"},
		{s: 0, q: count, want: seen(level, 3)},
		{s: 0, q: "COMMIT"},
		{s: 0, q: count, want: []Row{{3}}},
		{s: 1, q: "INSERT INTO t VALUES (4, 40)"},
		{s: 0, q: count, want: seen(other, 4)},
		{s: 0, q: "ROLLBACK"},
		// SET TRANSACTION: the next transaction only, the one open since
		// the SET included.
		{s: 0, q: "SET TRANSACTION ISOLATION LEVEL " + level},
		{s: 0, q: count, want: []Row{{4}}},
		{s: 1, q: "INSERT INTO t VALUES (5, 50)"},
		{s: 0, q: count, want: seen(level, 5)},
		{s: 0, q: "COMMIT"},
		{s: 0, q: count, want: []Row{{5}}},
		{s: 1, q: "INSERT INTO t VALUES (6, 60)"},
		{s: 0, q: count, want: seen(other, 6)},
		{s: 0, q: "COMMIT"},
		{s: 0, q: "SET autocommit = 1"},
		// SET SESSION after SET TRANSACTION replaces the latter's level
		// for the next transaction (MySQL's commit.test, Bug#20837).
		{s: 0, q: "SET TRANSACTION ISOLATION LEVEL " + level},
		{s: 0, q: set(other)},
		{s: 0, q: "START TRANSACTION"},
		{s: 0, q: count, want: []Row{{6}}},
		{s: 1, q: "INSERT INTO t VALUES (7, 70)"},
		{s: 0, q: count, want: seen(other, 7)},
		{s: 0, q: "COMMIT"},
	}
}

// setIsolation are the statements that set the session's isolation level
// that autocommitOffScript runs with: by name and on MariaDB too
// (mariadb), or MySQL 8's transaction_isolation, which MariaDB 10.11 does
// not have.
var setIsolation = []struct {
	name    string
	mariadb bool
	set     func(level string) string
}{
	{"SET SESSION TRANSACTION", true, func(level string) string { return "SET SESSION TRANSACTION ISOLATION LEVEL " + level }},
	{"tx_isolation", true, func(level string) string {
		return "SET SESSION tx_isolation = '" + strings.ReplaceAll(level, " ", "-") + "'"
	}},
	{"transaction_isolation", false, func(level string) string {
		return "SET SESSION transaction_isolation = '" + strings.ReplaceAll(level, " ", "-") + "'"
	}},
}

// TestIsolationAutocommitOff runs autocommitOffScript at each isolation
// level with each of setIsolation in-process, over the wire (a
// go-sql-driver *sql.Conn a session) and on MariaDB, whose answers it
// holds. (With autocommit off go-mysql-server opens the transaction at
// the SET statement, and simsql gave it the level of that moment: READ
// COMMITTED set after SET autocommit = 0 read REPEATABLE READ's snapshot,
// catalog/gms_autocommit_characteristics.go.)
func TestIsolationAutocommitOff(t *testing.T) {
	setUp := []string{"CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (1, 10)"}
	run := func(t *testing.T, sessions [2]conn, level string, set func(string) string) {
		for _, q := range setUp {
			if _, err := sessions[1].query(q); err != nil {
				t.Fatal(err)
			}
		}
		runSteps(t, sessions, autocommitOffScript(level, set))
	}
	// each runs autocommitOffScript at every level with every statement
	// of setIsolation that mariadb allows.
	each := func(t *testing.T, mariadb bool, sessions func(t *testing.T, name string) [2]conn) {
		for _, si := range setIsolation {
			if mariadb && !si.mariadb {
				continue
			}
			for _, level := range isolationLevels {
				t.Run(si.name+"/"+level, func(t *testing.T) {
					run(t, sessions(t, mariaDBName("isoac "+si.name+" "+level)), level, si.set)
				})
			}
		}
	}
	t.Run("engine", func(t *testing.T) {
		each(t, false, func(t *testing.T, _ string) [2]conn { return newEngineSessions(t) })
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		each(t, false, func(t *testing.T, name string) [2]conn {
			return pairIn(t, name, newScriptConn(t, srv, name), newWireConn(t, srv))
		})
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		each(t, true, func(t *testing.T, name string) [2]conn {
			return pairIn(t, name, newMariaDBConn(t, m, name), newMariaDBConn(t, m, name+"_b"))
		})
	})
}
