package sqltests

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// statusSteps is a session's statements with the server_status flags
// MariaDB 10.11 sends for each, masked to the flags simsql decides
// (statusChecked): "OK 0x…" for an OK packet, "rows col 0x… end 0x…" for a
// result set (the EOF after the column definitions, the packet after the
// rows), "ERR" for an error, " | " between the results of a multi-statement
// string; "PING" sends COM_PING. Not compared, as MariaDB's answers there
// come from how it implements them: SHOW and information_schema queries and
// EXPLAIN (MariaDB: NO_INDEX_USED, its internal temporary tables are
// scanned), and COM_PING after a statement that scanned a table (simsql
// repeats that statement's NO_INDEX_USED: vitess answers COM_PING with the
// connection's last flags, without asking the handler).
var statusSteps = []struct{ q, want string }{
	{"PING", "OK 0x0002"},
	{"DROP TABLE IF EXISTS p", "OK 0x0002"},
	{"CREATE TABLE p (id INT PRIMARY KEY, v INT, w INT, KEY kv (v))", "OK 0x0002"},
	{"INSERT INTO p VALUES (1,1,1),(2,2,2)", "OK 0x0002"},
	{"SELECT 1", "rows col 0x0002 end 0x0002"},
	// NO_INDEX_USED: a table scan or a whole-index scan, in a SELECT,
	// UPDATE, DELETE, INSERT … SELECT, join or subquery; not a point or
	// range lookup, nor a query that reads nothing.
	{"SELECT * FROM p", "rows col 0x0022 end 0x0022"},
	{"SELECT * FROM p WHERE id = 1", "rows col 0x0002 end 0x0002"},
	{"SELECT * FROM p WHERE v = 1", "rows col 0x0002 end 0x0002"},
	{"SELECT * FROM p WHERE id IN (1, 2)", "rows col 0x0002 end 0x0002"},
	{"SELECT * FROM p WHERE v+0 = 1", "rows col 0x0022 end 0x0022"},
	{"SELECT * FROM p WHERE 1 = 0", "rows col 0x0002 end 0x0002"},
	{"SELECT COUNT(*) FROM p", "rows col 0x0022 end 0x0022"},
	{"SELECT id FROM p ORDER BY id LIMIT 1", "rows col 0x0022 end 0x0022"},
	{"SELECT a.id FROM p a JOIN p b ON a.id = b.id", "rows col 0x0022 end 0x0022"},
	{"SELECT (SELECT COUNT(*) FROM p)", "rows col 0x0022 end 0x0022"},
	{"UPDATE p SET w = w + 1", "OK 0x0022"},
	{"UPDATE p SET w = w + 1 WHERE w = 100", "OK 0x0022"},
	{"DELETE FROM p WHERE w = 100", "OK 0x0022"},
	{"INSERT INTO p SELECT id + 10, v, w FROM p", "OK 0x0022"},
	{"UPDATE p SET v = 2 WHERE v = 1", "OK 0x0002"},
	{"DELETE FROM p WHERE id > 10", "OK 0x0002"},
	// MORE_RESULTS_EXISTS on every packet but the last result's.
	{"SELECT 1; SELECT 2", "rows col 0x000a end 0x000a | rows col 0x0002 end 0x0002"},
	{"INSERT INTO p VALUES (3,3,3); SELECT 2", "OK 0x000a | rows col 0x0002 end 0x0002"},
	// IN_TRANS in an explicit transaction, from BEGIN on.
	{"BEGIN", "OK 0x0003"},
	{"PING", "OK 0x0003"},
	{"SELECT 1", "rows col 0x0003 end 0x0003"},
	{"SELECT * FROM p", "rows col 0x0023 end 0x0023"},
	{"INSERT INTO p VALUES (4,4,4)", "OK 0x0003"},
	{"SELECT nosuchcol FROM p", "ERR"},
	{"INSERT INTO p VALUES (4,4,4)", "ERR"},
	{"SELECT 1", "rows col 0x0003 end 0x0003"},
	{"COMMIT", "OK 0x0002"},
	{"SELECT nosuchcol FROM p", "ERR"},
	{"SELECT 1", "rows col 0x0002 end 0x0002"},
	// Without autocommit: IN_TRANS once a table is read or written.
	{"SET autocommit = 0", "OK 0x0000"},
	{"SELECT 1", "rows col 0x0000 end 0x0000"},
	{"SELECT * FROM p WHERE id = 1", "rows col 0x0001 end 0x0001"},
	{"ROLLBACK", "OK 0x0000"},
	{"SELECT nosuchcol", "ERR"},
	{"INSERT INTO p VALUES (5,5,5)", "OK 0x0001"},
	{"ROLLBACK", "OK 0x0000"},
	{"INSERT INTO p VALUES (5,5,5)", "OK 0x0001"},
	{"SET autocommit = 1", "OK 0x0002"}, // commits
	{"SET autocommit = 0", "OK 0x0000"},
	{"BEGIN", "OK 0x0001"},
	{"COMMIT", "OK 0x0000"},
	{"INSERT INTO p VALUES (7,7,7)", "OK 0x0001"},
	{"CREATE INDEX kw2 ON p (w)", "OK 0x0000"}, // commits before and after
	{"SELECT 1", "rows col 0x0000 end 0x0000"},
	// A procedure's INSERT opens the transaction, ROLLBACK ends it; DDL
	// commits, a DROP of nothing too (simsql kept IN_TRANS after both).
	{"DROP PROCEDURE IF EXISTS pw", "OK 0x0000"},
	{"CREATE PROCEDURE pw() INSERT INTO p VALUES (9,9,9)", "OK 0x0000"},
	{"CALL pw()", "OK 0x0001"},
	{"ROLLBACK", "OK 0x0000"},
	{"SELECT COUNT(*) FROM p WHERE id = 9", "rows col 0x0001 end 0x0001"},
	{"ROLLBACK", "OK 0x0000"},
	{"DROP TABLE IF EXISTS missing", "OK 0x0000"},
	{"SELECT 1", "rows col 0x0000 end 0x0000"},
	{"INSERT INTO p VALUES (9,9,9)", "OK 0x0001"},
	{"DROP TABLE IF EXISTS missing", "OK 0x0000"},
	{"DROP PROCEDURE pw", "OK 0x0000"},
	{"SET autocommit = 1", "OK 0x0002"},
	// IN_TRANS_READONLY in a READ ONLY transaction.
	{"START TRANSACTION READ ONLY", "OK 0x2003"},
	{"SELECT * FROM p WHERE id = 1", "rows col 0x2003 end 0x2003"},
	{"INSERT INTO p VALUES (6,6,6)", "ERR"},
	{"COMMIT", "OK 0x0002"},
	{"SET SESSION TRANSACTION READ ONLY", "OK 0x0002"},
	{"SELECT * FROM p WHERE id = 1", "rows col 0x0002 end 0x0002"},
	{"SET autocommit = 0", "OK 0x0000"},
	{"SELECT * FROM p WHERE id = 1", "rows col 0x2001 end 0x2001"},
	{"COMMIT", "OK 0x0000"},
	{"SET autocommit = 1", "OK 0x0002"},
	{"SET SESSION TRANSACTION READ WRITE", "OK 0x0002"},
	// DDL ends an explicit transaction.
	{"BEGIN", "OK 0x0003"},
	{"INSERT INTO p VALUES (8,8,8)", "OK 0x0003"},
	{"CREATE INDEX kw ON p (w)", "OK 0x0002"},
	{"SELECT 1", "rows col 0x0002 end 0x0002"},
	{"PING", "OK 0x0002"},
}

// preparedSteps are statements of statusSteps' form sent as prepared
// statements ("EXEC …": COM_STMT_PREPARE and COM_STMT_EXECUTE, binary
// rows) between text ones, from a table p with rows 1 and 2.
var preparedSteps = []struct{ q, want string }{
	{"EXEC SELECT * FROM p WHERE id = 1", "rows col 0x0002 end 0x0002"},
	{"EXEC SELECT * FROM p", "rows col 0x0022 end 0x0022"},
	{"EXEC INSERT INTO p VALUES (10, 10, 10)", "OK 0x0002"},
	{"BEGIN", "OK 0x0003"},
	{"EXEC INSERT INTO p VALUES (11, 11, 11)", "OK 0x0003"},
	{"EXEC SELECT * FROM p WHERE id = 11", "rows col 0x0003 end 0x0003"},
	{"EXEC UPDATE p SET w = 0", "OK 0x0023"},
	{"ROLLBACK", "OK 0x0002"},
	{"SET autocommit = 0", "OK 0x0000"},
	{"EXEC SELECT * FROM p WHERE id = 1", "rows col 0x0001 end 0x0001"},
	{"COMMIT", "OK 0x0000"},
	{"SET autocommit = 1", "OK 0x0002"},
}

// statusChecked is the flags compared: IN_TRANS, AUTOCOMMIT,
// MORE_RESULTS_EXISTS, QUERY_NO_INDEX_USED and IN_TRANS_READONLY.
const statusChecked = statusInTrans | statusAutocommit | statusMoreResults | statusNoIndexUsed | statusInTransReadOnly

// runStatusSteps runs steps on a new connection to addr and returns what
// it got for each, in the form of statusSteps' want (without the column
// definitions' EOF when deprecateEOF).
func runStatusSteps(t *testing.T, addr string, deprecateEOF bool, steps []struct{ q, want string }) (handshake, connected uint16, got []string) {
	t.Helper()
	c, err := dialRaw(addr, "root", "", "simsql", deprecateEOF)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for _, s := range steps {
		if q, ok := strings.CutPrefix(s.q, "EXEC "); ok {
			r, err := c.execute(q)
			if err != nil {
				t.Fatalf("%s: %v", s.q, err)
			}
			got = append(got, formatRaw(c, []rawResult{r}))
			continue
		}
		if s.q == "PING" {
			st, err := c.ping()
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, fmt.Sprintf("OK %#04x", st&statusChecked))
			continue
		}
		res, err := c.query(s.q)
		if err != nil {
			t.Fatalf("%s: %v", s.q, err)
		}
		got = append(got, formatRaw(c, res))
	}
	return c.Handshake & statusChecked, c.Connected & statusChecked, got
}

// formatRaw writes the results of one statement in statusSteps' form.
func formatRaw(c *rawConn, res []rawResult) string {
	var parts []string
	for _, r := range res {
		switch {
		case r.Err != nil:
			parts = append(parts, "ERR")
		case r.Columns > 0 && c.deprecateEOF:
			parts = append(parts, fmt.Sprintf("rows end %#04x", r.Status&statusChecked))
		case r.Columns > 0:
			parts = append(parts, fmt.Sprintf("rows col %#04x end %#04x", r.ColStatus&statusChecked, r.Status&statusChecked))
		default:
			parts = append(parts, fmt.Sprintf("OK %#04x", r.Status&statusChecked))
		}
	}
	return strings.Join(parts, " | ")
}

// colStatus is the column definitions' EOF in statusSteps' want.
var colStatus = regexp.MustCompile(`rows col 0x[0-9a-f]{4} end`)

// checkStatusSteps fails t where got differs from steps' want.
func checkStatusSteps(t *testing.T, server string, deprecateEOF bool, steps []struct{ q, want string }, handshake, connected uint16, got []string) {
	t.Helper()
	if handshake != statusAutocommit || connected != statusAutocommit {
		t.Errorf("%s: handshake flags %#04x, after authentication %#04x; want 0x0002 (autocommit) for both", server, handshake, connected)
	}
	for i, s := range steps {
		want := s.want
		if deprecateEOF {
			want = colStatus.ReplaceAllString(want, "rows end")
		}
		if got[i] != want {
			t.Errorf("%s: step %d %q: flags %s, want %s", server, i, s.q, got[i], want)
		}
	}
}

// TestServerStatusFlags reads the server_status flags of the handshake and
// of every OK and EOF packet over the raw protocol, where drivers hide
// them, for the statements of statusSteps and preparedSteps, with and
// without CLIENT_DEPRECATE_EOF; the flags must be MariaDB's, which are checked
// against the same table when mariadbd is installed. (go-mysql-server
// 0.20 sent 0x0000 at the handshake, so PyMySQL and mysqlclient thought
// autocommit was off and their rollback() undid nothing.)
func TestServerStatusFlags(t *testing.T) {
	srv := StartServer(t)
	for _, deprecateEOF := range []bool{false, true} {
		t.Run(fmt.Sprintf("simsql/deprecateEOF=%v", deprecateEOF), func(t *testing.T) {
			db := srv.DB(t)
			if _, err := db.Exec("DROP TABLE IF EXISTS p"); err != nil {
				t.Fatal(err)
			}
			steps := append(statusSteps[:len(statusSteps):len(statusSteps)], preparedSteps...)
			hs, conn, got := runStatusSteps(t, srv.Addr, deprecateEOF, steps)
			checkStatusSteps(t, "simsql", deprecateEOF, steps, hs, conn, got)
		})
	}
	t.Run("mariadb", func(t *testing.T) {
		m := startMariaDB(t)
		steps := append(statusSteps[:len(statusSteps):len(statusSteps)], preparedSteps...)
		for _, deprecateEOF := range []bool{false, true} {
			hs, conn, got := runStatusSteps(t, m.Socket, deprecateEOF, steps)
			checkStatusSteps(t, "mariadb", deprecateEOF, steps, hs, conn, got)
		}
	})
}
