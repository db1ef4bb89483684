package sqltests

import (
	dbsql "database/sql"
	"strings"
	"testing"
)

// TestProcScripts runs ProcScripts in-process, over the wire and on
// MariaDB.
func TestProcScripts(t *testing.T) {
	runScriptsAndMariaDB(t, ProcScripts)
}

// TestProcColumnNames checks the column names of a procedure's SELECT
// over the wire against MariaDB's: as written, as MySQL names them
// (go-mysql-server 0.20 named them after the values, "(5 + 1)" and "5",
// and COUNT(*) "count(1)").
func TestProcColumnNames(t *testing.T) {
	const create = "CREATE PROCEDURE pn(IN x INT) BEGIN SELECT x, x + 1, CONCAT('a', x), COUNT(*), x AS named FROM dual; END"
	names := func(db *dbsql.DB) []string {
		t.Helper()
		for _, q := range []string{"DROP PROCEDURE IF EXISTS pn", create} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		rows, err := db.Query("CALL pn(5)")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, err := rows.Columns()
		if err != nil {
			t.Fatal(err)
		}
		return cols
	}
	got := names(sharedServer(t).DB(t))
	want := []string{"x", "x + 1", "CONCAT('a', x)", "COUNT(*)", "named"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("simsql: %q, want %q", got, want)
	}
	if maria := names(sharedMariaDB(t).DB(t)); strings.Join(maria, "|") != strings.Join(want, "|") {
		t.Errorf("MariaDB: %q, want %q", maria, want)
	}
}
