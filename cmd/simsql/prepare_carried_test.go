package main

import (
	"testing"

	"github.com/dolthub/vitess/go/mysql"
)

// TestCarry checks which prepared statements travel through vitess
// carried (prepare_carried.go), with which stand-in, and that each comes
// back unchanged.
func TestCarry(t *testing.T) {
	for _, c := range []struct {
		query   string
		carried bool
		standIn string
	}{
		{"DO 1", true, "SELECT 1"},
		{" /* c */ do ?, ?", true, "SELECT ?, ?"},
		{"DO(1)", true, "SELECT(1)"},
		{"CHECK TABLE t", true, "SELECT 1"},
		{"HELP 'x'", true, "SELECT 1"},
		{"EXPLAIN FORMAT=JSON SELECT * FROM t WHERE a = ?", true, "SELECT * FROM t WHERE a = ?"},
		{"SELECT @a := ? + 1 AS a", true, "SELECT simsql_assign_user_var('a', ? + 1) AS a"},
		{"SET @a := ?", false, ""},             // vitess parses it
		{"SHOW OPEN TABLES LIKE ?", false, ""}, // its placeholders are not counted
		{"SHOW TABLES", false, ""},             // vitess parses it
		{"EXPLAIN SELECT 1", false, ""},
		{"SELECT 1 AS do1", false, ""},
		{"double", false, ""},
	} {
		q, ok := carry(c.query)
		if ok != c.carried {
			t.Errorf("carry(%q): carried %v, want %v", c.query, ok, c.carried)
			continue
		}
		if !ok {
			continue
		}
		if _, standIn, _ := cutMarker(q); standIn != c.standIn {
			t.Errorf("carry(%q): stand-in %q, want %q", c.query, standIn, c.standIn)
		}
		prepare := &mysql.PrepareData{PrepareStmt: q}
		if back := restoreCarried(q, prepare); back != c.query || prepare.PrepareStmt != c.query {
			t.Errorf("restoreCarried(carry(%q)) = %q, PrepareStmt %q", c.query, back, prepare.PrepareStmt)
		}
	}
	if q := restoreCarried("SELECT 1", nil); q != "SELECT 1" {
		t.Errorf("restoreCarried of a plain statement: %q", q)
	}
}
