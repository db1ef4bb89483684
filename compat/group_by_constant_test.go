package compat_test

import (
	"slices"
	"strings"
	"testing"
)

// TestConstantGroupBy pins GROUP BY of a literal that is not an integer: a
// constant grouping key, as in MySQL (go-mysql-server 0.20 refused it,
// "expected integer order by literal"), including the statement Vitess's
// vtgate sends each shard for a COUNT(*) over a cross-shard join.
func TestConstantGroupBy(t *testing.T) {
	e := newEngine(t)
	for _, q := range fixture {
		e.run(t, q)
	}
	cases := []struct {
		query string
		want  [][]string // nil: no row
	}{
		{"SELECT COUNT(*) FROM f GROUP BY .0", [][]string{{"5"}}},
		{"SELECT COUNT(*) FROM f GROUP BY 'x'", [][]string{{"5"}}},
		{"SELECT COUNT(*) FROM f GROUP BY 1.5", [][]string{{"5"}}},
		// No rows, no group (without GROUP BY: one row, 0).
		{"SELECT COUNT(*) FROM f WHERE id > 100 GROUP BY .0", nil},
		{"SELECT COUNT(*) FROM f WHERE id > 100", [][]string{{"0"}}},
		// An integer literal is still a position.
		{"SELECT s > 0, COUNT(*) FROM f GROUP BY .0, 1 ORDER BY 1", [][]string{{"0", "3"}, {"1", "2"}}},
		// vtgate's shape for the right side of a join it cannot push down
		// (the bind variables substituted by vttablet).
		{"select count(*) from f as b where 3 < b.id and hamming(CAST(18446744073709551615 AS UNSIGNED), b.fp) <= 1 group by .0", [][]string{{"1"}}},
		{"select count(*) from f as b where 5 < b.id group by .0", nil},
	}
	for _, c := range cases {
		got := e.rows(t, c.query)
		if !slices.EqualFunc(got, c.want, slices.Equal[[]string]) {
			t.Errorf("%s: got %v, want %v", c.query, got, c.want)
		}
	}
	if p := e.plan(t, "SELECT COUNT(*) FROM f GROUP BY .0"); !strings.Contains(p, "GroupBy") {
		t.Errorf("GROUP BY .0 is not a grouping:\n%s", p)
	}
}

// TestConstantGroupByMariaDB checks the answers above against MariaDB on the
// same rows (skipped without mariadbd, a failure with SIMSQL_REQUIRE_MARIADB=1).
func TestConstantGroupByMariaDB(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	for _, q := range append([]string{"CREATE DATABASE d", "USE d"}, fixture[:2]...) {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	for _, q := range []string{
		"SELECT COUNT(*) FROM f GROUP BY .0",
		"SELECT COUNT(*) FROM f GROUP BY 'x'",
		"SELECT COUNT(*) FROM f GROUP BY 1.5",
		"SELECT COUNT(*) FROM f WHERE id > 100 GROUP BY .0",
		"SELECT COUNT(*) FROM f WHERE id > 100",
		"SELECT COUNT(*) FROM f GROUP BY .0, s > 0 ORDER BY 1",
		"select count(*) from f as b where 3 < b.id and b.fp > 0 group by .0",
		"select count(*) from f as b where 5 < b.id group by .0",
	} {
		var want []string
		for _, a := range mariaAnswerRows(maria, q) {
			if a.err != 0 {
				t.Fatalf("MariaDB: %s: %s", q, a)
			}
			want = append(want, a.text)
		}
		if got := sim.column(t, q); !slices.Equal(got, want) {
			t.Errorf("%s: simsql %v, MariaDB %v", q, got, want)
		}
	}
}
