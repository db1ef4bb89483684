package sqltests

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestParallelGeneratedColumns checks the bulk path of issue 13
// (catalog/parallel_generated.go): an INSERT … VALUES whose stored
// generated column calls simsql's functions computes them on every core
// (ParallelProject in the plan), and the rows are exactly those of the
// sequential projection: in order, AUTO_INCREMENT ids and LAST_INSERT_ID
// as given, each fingerprint the function's value, a failing row's error
// with no row of the statement kept; a default that is not a pure
// function of the row (CURRENT_TIMESTAMP) keeps the projection sequential.
func TestParallelGeneratedColumns(t *testing.T) {
	if runtime.GOMAXPROCS(0) < 2 {
		t.Skip("one core: the projection stays sequential")
	}
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE p (id INT PRIMARY KEY AUTO_INCREMENT, body TEXT, opts VARCHAR(40) DEFAULT '', fp BIGINT UNSIGNED AS (simhash(body, opts)) STORED, n INT DEFAULT 7, KEY fp_k3 (fp) COMMENT 'simhash k=3')",
		"CREATE TABLE s (id INT PRIMARY KEY AUTO_INCREMENT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, at DATETIME DEFAULT CURRENT_TIMESTAMP)",
		"CREATE TABLE plain (id INT PRIMARY KEY AUTO_INCREMENT, body TEXT, l INT AS (LENGTH(body)) STORED)",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	// 1,000 rows, far more than the workers read ahead; some NULL, some
	// Chinese, some with options.
	const rows = 1000
	var vals []string
	for i := 1; i <= rows; i++ {
		switch {
		case i%97 == 0:
			vals = append(vals, "(NULL, DEFAULT)")
		case i%3 == 0:
			vals = append(vals, fmt.Sprintf("('第%d首 床前明月光 疑是地上霜', 'v2')", i))
		default:
			vals = append(vals, fmt.Sprintf("('document %d of the parallel test, words %d %d', DEFAULT)", i, i*7, i*13))
		}
	}
	insert := "INSERT INTO p (body, opts) VALUES " + strings.Join(vals, ", ")
	if plan, err := explainPlan(c, insert); err != nil || !strings.Contains(plan, "ParallelProject") {
		t.Fatalf("the INSERT's plan has no ParallelProject:\n%s", plan)
	}
	if _, err := c.query(insert); err != nil {
		t.Fatal(err)
	}
	check := func(want []string, q string) {
		t.Helper()
		if got := queryStrings(t, c, q); strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s = %v, want %v", q, got, want)
		}
	}
	check([]string{"1"}, "SELECT LAST_INSERT_ID()")
	check([]string{fmt.Sprintf("%d,%d,%d,%d", rows, rows, rows-rows/97, rows)},
		"SELECT COUNT(*), MAX(id), SUM(fp = simhash(body, opts)), SUM(n = 7) FROM p")
	// Each id is its VALUES row: the text says which.
	check([]string{"0"}, "SELECT COUNT(*) FROM p WHERE body IS NOT NULL AND body NOT LIKE CONCAT('%', id, '%')")
	check([]string{"0"}, "SELECT COUNT(*) FROM p WHERE (id % 97 = 0) <> (body IS NULL)")
	// The index holds the same fingerprints.
	check(queryStrings(t, c, "SELECT id FROM p IGNORE INDEX (fp_k3) WHERE hamming(fp, simhash('document 5 of the parallel test, words 35 65')) <= 3 ORDER BY id"),
		"SELECT id FROM p WHERE hamming(fp, simhash('document 5 of the parallel test, words 35 65')) <= 3 ORDER BY id")

	// Row 600 of 700 fails in its generated column: the statement's error
	// is that row's, and none of its rows stay.
	vals = vals[:0]
	for i := 1; i <= 700; i++ {
		opts := "DEFAULT"
		if i == 600 {
			opts = "'bits=16'"
		}
		vals = append(vals, fmt.Sprintf("('again %d', %s)", i, opts))
	}
	_, err := c.query("INSERT INTO p (body, opts) VALUES " + strings.Join(vals, ", "))
	if err == nil || !strings.Contains(err.Error(), `option "bits" must be 32 or 64, got "16"`) {
		t.Errorf("INSERT with a bad row 600: %v, want the simhash options error", err)
	}
	check([]string{fmt.Sprint(rows)}, "SELECT COUNT(*) FROM p")

	// Not parallel: an impure default, or no simsql function.
	for _, q := range []string{"INSERT INTO s (body) VALUES ('a b c'), ('d e f')", "INSERT INTO plain (body) VALUES ('a b c'), ('d e f')"} {
		if plan, err := explainPlan(c, q); err != nil || strings.Contains(plan, "ParallelProject") {
			t.Errorf("%s: parallel plan\n%s", q, plan)
		}
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	check([]string{"2,2"}, "SELECT COUNT(*), SUM(fp = simhash(body)) FROM s")
}
