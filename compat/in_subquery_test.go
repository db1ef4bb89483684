package compat_test

import (
	"strings"
	"testing"
)

// TestInSubquery pins x IN (SELECT …) over 64-bit integers and NULLs as
// MySQL 8 answers it (go-mysql-server 0.20: a hash of its own values, and
// an anti join for NOT IN; in_subquery.go). The row-level and planner
// cases are in sqltests (InSubqueryScripts, TestInSubqueryMatchesMariaDB).
func TestInSubquery(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT 18446744073709551615 IN (SELECT s FROM f)", want: "0"},
		{query: "SELECT -1 IN (SELECT fp FROM f)", want: "0"},
		{query: "SELECT 9007199254740993 IN (SELECT fp FROM f)", want: "0"},
		{query: "SELECT 9007199254740992 IN (SELECT fp FROM f)", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE s IN (SELECT fp FROM f)", want: "1"}, // 0 only
		{query: "SELECT COUNT(*) FROM f WHERE fp NOT IN (SELECT s FROM f)", want: "4"},
		{query: "SELECT COUNT(*) FROM f WHERE fp NOT IN (SELECT s FROM f UNION ALL SELECT NULL)", want: "0"},
		{query: "SELECT NULL IN (SELECT fp FROM f WHERE id > 9), NULL NOT IN (SELECT fp FROM f WHERE id > 9)", want: "0"},
		{query: "SELECT NULL NOT IN (SELECT fp FROM f)", want: "NULL"},
		{query: "SELECT (1, NULL) IN (SELECT id, fp FROM f)", want: "NULL"},
		{query: "SELECT (1, NULL) IN (SELECT id + 10, fp FROM f)", want: "0"},
		{query: "SELECT (1, 18446744073709551615) IN (SELECT id, fp FROM f)", want: "1"},
		{query: "SELECT 2.0 IN (SELECT id FROM f), 2.5 IN (SELECT id FROM f)", want: "1"},
		{query: "SELECT ? IN (SELECT fp FROM f)", params: []any{uint64(18446744073709551614)}, want: "1"},
	})
}

// TestInSubqueryPlans checks which IN subqueries go-mysql-server's planner
// may still make joins of (in_subquery.go's inSubqueryJoins): an integer
// compared with the subquery's primary key; and that the others are this
// package's, evaluated over the subquery's rows.
func TestInSubqueryPlans(t *testing.T) {
	e := newEngine(t)
	for _, q := range append(fixture, "CREATE TABLE g (id INT PRIMARY KEY, c INT, KEY (c))", "INSERT INTO g VALUES (1, 1), (2, NULL)") {
		e.run(t, q)
	}
	for _, tc := range []struct {
		q    string
		join bool
	}{
		{"SELECT * FROM f WHERE id IN (SELECT id FROM g WHERE c > 0)", true},
		{"SELECT * FROM f WHERE id IN (SELECT id FROM g) AND s > 0", true},
		{"SELECT * FROM f WHERE id IN (SELECT c FROM g)", false},              // c repeats
		{"SELECT * FROM f WHERE id NOT IN (SELECT id FROM g)", false},         // NOT IN
		{"SELECT * FROM f WHERE fp IN (SELECT id FROM g)", false},             // unsigned with signed
		{"SELECT * FROM f WHERE id IN (SELECT id FROM g WHERE 1 = 0)", false}, // the planner panicked
		{"SELECT * FROM f WHERE (id, s) IN (SELECT id, c FROM g)", false},
		{"SELECT * FROM f WHERE id IN (SELECT id FROM g WHERE g.c = f.s)", false}, // correlated
	} {
		plan := e.plan(t, tc.q)
		if ours := strings.Contains(plan, "InSubquery"); ours == tc.join {
			t.Errorf("%s: join %v, want %v:\n%s", tc.q, !ours, tc.join, plan)
		}
	}
}
