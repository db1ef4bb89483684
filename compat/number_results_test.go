package compat_test

import (
	"database/sql"
	"testing"
)

// diffCase is one query of a differential table: its text, and why it is
// there.
type diffCase struct {
	query, why string
}

// compareDifferential sets up both servers with setUp and wants each
// case's first value, its type class (integer, decimal, double, string)
// and its text the same on simsql as on MariaDB.
func compareDifferential(t *testing.T, maria *sql.Conn, sim *engine, setUp []string, cases []diffCase) {
	t.Helper()
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	for _, c := range cases {
		want, got := mariaAnswer(maria, c.query), sim.answer(c.query)
		if want.err != got.err || want.null != got.null || want.text != got.text || want.err == 0 && want.class != got.class {
			t.Errorf("%s (%s)\n\tMariaDB: %s\n\tsimsql:  %s", c.query, c.why, want, got)
		}
	}
}

// TestSumAvgNested holds SUM and AVG over the columns of views, derived
// tables, CTEs and set operations of SUMs, and of YEAR, ENUM, SET and BIT
// columns, to MariaDB's types and digits (compat/sum_avg.go): SUM of a
// view's SUM of a BIGINT was the DOUBLE 9.007199378197784e15 (MySQL 8 and
// MariaDB: the DECIMAL 9007199378197783), SUM(YEAR) a DOUBLE.
func TestSumAvgNested(t *testing.T) {
	setUp := []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE t (id INT PRIMARY KEY, g INT, x BIGINT, u BIGINT UNSIGNED, d DECIMAL(20,3), y YEAR, b BIT(8), " +
			"e ENUM('a','b','c'), st SET('p','q','r'), f DOUBLE)",
		"INSERT INTO t VALUES (1, 1, 9007199254740993, 18446744073709551615, 1.125, 2024, b'101', 'b', 'p,r', 0.1), " +
			"(2, 1, 1, 18446744073709551615, 2.250, 1999, b'11', 'c', 'q', 0.2), " +
			"(3, 2, 123456789, 5, -0.001, 2000, b'1', 'a', '', 2.5), (4, 2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
		"CREATE VIEW vx AS SELECT g, SUM(x) s FROM t GROUP BY g",
		"CREATE VIEW vu AS SELECT g, SUM(u) s FROM t GROUP BY g",
		"CREATE VIEW vd AS SELECT g, SUM(d) s FROM t GROUP BY g",
		"CREATE VIEW va AS SELECT g, AVG(x) s FROM t GROUP BY g",
		"CREATE VIEW vy AS SELECT g, SUM(y) s FROM t GROUP BY g",
	}
	cases := []diffCase{
		{"SELECT SUM(s) FROM vx", "a view's SUM of a BIGINT: the brief's case"},
		{"SELECT SUM(s) FROM vu", "of a BIGINT UNSIGNED, past 2^64"},
		{"SELECT SUM(s) FROM vd", "of a DECIMAL, its scale"},
		{"SELECT AVG(s) FROM vx", "AVG of a view's SUM: scale 4"},
		{"SELECT AVG(s) FROM vu", "AVG past 2^64"},
		{"SELECT AVG(s) FROM vd", "AVG of a DECIMAL(…,3) SUM: scale 7"},
		{"SELECT SUM(s) FROM va", "SUM of a view's AVG: scale 4"},
		{"SELECT AVG(s) FROM va", "AVG of an AVG: scale 8"},
		{"SELECT SUM(s) FROM vy", "SUM of a view's SUM of a YEAR"},
		{"SELECT SUM(DISTINCT s) FROM vx", "DISTINCT"},
		{"SELECT SUM(s) FROM vx WHERE g = 1", "one group"},
		{"SELECT SUM(s + 0) FROM vx", "of an expression of the column"},
		{"SELECT MAX(s) FROM vx", "MAX of a view's SUM keeps its type"},
		{"SELECT MIN(s) FROM vu", "MIN likewise"},
		{"SELECT MAX(s) + 1 FROM vu", "and the expression over it"},
		{"SELECT SUM(s) FROM (SELECT g, SUM(x) s FROM t GROUP BY g) dt", "a derived table's SUM"},
		{"SELECT AVG(s) FROM (SELECT g, SUM(u) s FROM t GROUP BY g) dt", "a derived table's SUM, AVG"},
		{"WITH c AS (SELECT g, SUM(x) s FROM t GROUP BY g) SELECT SUM(s) FROM c", "a CTE's SUM"},
		{"WITH c AS (SELECT g, SUM(d) s FROM t GROUP BY g) SELECT AVG(s) FROM c", "a CTE's SUM of a DECIMAL, AVG"},
		{"SELECT SUM(s) FROM (SELECT SUM(x) s FROM t UNION ALL SELECT SUM(u) FROM t) un", "a UNION of SUMs"},
		{"SELECT SUM(s) FROM (SELECT SUM(x) s FROM t UNION ALL SELECT SUM(d) FROM t) un", "a UNION of SUMs of BIGINT and DECIMAL"},
		{"SELECT SUM(s) FROM (SELECT g, SUM(f) s FROM t GROUP BY g) dt", "of a DOUBLE SUM: DOUBLE"},
		{"SELECT SUM(s) FROM (SELECT g, COUNT(*) s FROM t GROUP BY g) dt", "of a COUNT"},
		{"SELECT SUM(y) FROM t", "a YEAR: DECIMAL (the brief's case)"},
		{"SELECT AVG(y) FROM t", "a YEAR: DECIMAL, scale 4"},
		{"SELECT SUM(DISTINCT y) FROM t", "a YEAR, DISTINCT"},
		{"SELECT SUM(e) FROM t", "an ENUM: its index, DECIMAL"},
		{"SELECT AVG(e) FROM t", "an ENUM, AVG"},
		{"SELECT SUM(st) FROM t", "a SET: its bits, DECIMAL"},
		{"SELECT AVG(st) FROM t", "a SET, AVG"},
		{"SELECT SUM(b) FROM t", "a BIT: DECIMAL"},
		{"SELECT AVG(b) FROM t", "a BIT, AVG"},
		{"SELECT SUM(y) FROM t WHERE id = 4", "a YEAR of no value: NULL"},
	}
	compareDifferential(t, startMariaDB(t), newEngine(t), setUp, cases)
}

