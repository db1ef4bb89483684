package compat_test

import "testing"

// TestTextRewritesMatchMariaDB runs statements whose text simsql rewrites
// before or after parsing (minus_minus.go, syntax_fallback.go) on MariaDB
// and simsql: the same values (MariaDB agrees with MySQL 8 on each).
func TestTextRewritesMatchMariaDB(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	setUp := []string{"CREATE DATABASE d", "USE d", "CREATE TABLE t (id INT PRIMARY KEY, s VARCHAR(20), b VARBINARY(20))",
		"INSERT INTO t VALUES (1, 'abcdef', X'00616263'), (2, '--1', NULL)"}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	for _, q := range []string{
		// vitess took the dashes for a comment: a syntax error, 5, and a
		// row where the WHERE is false.
		"SELECT --1",
		"SELECT 5--1",
		"SELECT 2---1",
		"SELECT id FROM t WHERE id=1--1",
		"SELECT id FROM t WHERE s = '--1'",
		"SELECT id FROM t WHERE id = 2 -- 1\n ORDER BY id",
		"SELECT 1 /* --1 */ + 1",
		// Syntax errors in go-mysql-server 0.20.
		"SELECT SUBSTRING('abcdef' FROM 2)",
		"SELECT SUBSTR(s FROM -3) FROM t WHERE id = 1",
		"SELECT MID(CONCAT(s, 'gh') FROM 2 FOR 3) FROM t WHERE id = 1",
		"SELECT HEX(SUBSTRING(b FROM 2)) FROM t WHERE id = 1",
		"SELECT SUBSTRING((SELECT s FROM t WHERE id = 1) FROM 5)",
		"SELECT SUBSTRING(s FROM 2 FOR 2) FROM t WHERE id = 1",
	} {
		want, got := mariaAnswer(maria, q), sim.answer(q)
		if want.err != got.err || want.null != got.null || want.text != got.text {
			t.Errorf("%q\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
		}
	}
}
