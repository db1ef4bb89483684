package compat_test

import (
	"strings"
	"testing"
)

// TestStoredExpressions checks that the rewrite reaches the expressions
// go-mysql-server keeps as text and parses again: generated columns,
// defaults, CHECK constraints, views, triggers and prepared statements
// (and that SHOW CREATE TABLE, which rebuilds them over unresolved
// columns to print them, still works).
func TestStoredExpressions(t *testing.T) {
	setUp := []string{
		"CREATE TABLE t (id INT PRIMARY KEY, a BIGINT UNSIGNED, b BIGINT UNSIGNED AS (a ^ 18446744073709551615) STORED, " +
			"c BIGINT UNSIGNED DEFAULT (~0 >> 1), CHECK (a | 0 >= 0))",
		"INSERT INTO t (id, a) VALUES (1, 18446744073709551614)",
		"CREATE VIEW v AS SELECT id, a | 0 AS x, BIT_COUNT(a ^ 1) AS y FROM t",
		"CREATE TABLE log (n BIGINT UNSIGNED)",
		"CREATE TRIGGER tr AFTER INSERT ON t FOR EACH ROW INSERT INTO log VALUES (NEW.a + 1)",
		"INSERT INTO t (id, a) VALUES (2, 18446744073709551610)",
		"PREPARE s FROM 'SELECT ? + 0'",
		"SET @p = 18446744073709551615",
	}
	checkKnown(t, setUp, []known{
		{query: "SELECT b FROM t WHERE id = 1", want: "1"},
		{query: "SELECT c FROM t WHERE id = 1", want: "9223372036854775807"},
		{query: "SELECT x FROM v WHERE id = 1", want: "18446744073709551614"},
		{query: "SELECT y FROM v WHERE id = 1", want: "64"},
		{query: "SELECT n FROM log", want: "18446744073709551611"},
		{query: "EXECUTE s USING @p", want: "18446744073709551615"},
		{query: "INSERT INTO t (id, a) VALUES (3, 18446744073709551615)", err: 1690}, // NEW.a + 1 in the trigger
	})
	e := newEngine(t)
	for _, q := range append(append([]string{}, fixture...), setUp[:1]...) {
		e.run(t, q)
	}
	rows := e.rows(t, "SHOW CREATE TABLE t")
	if len(rows) != 1 || len(rows[0]) != 2 || !strings.Contains(rows[0][1], "(`a` ^ 18446744073709551615)") {
		t.Errorf("SHOW CREATE TABLE t: %q", rows)
	}
}
