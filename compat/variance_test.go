package compat_test

import "testing"

// TestVariance pins VARIANCE, VAR_POP, VAR_SAMP, STD, STDDEV, STDDEV_POP
// and STDDEV_SAMP: DOUBLE whatever the argument's type, NULL over no rows
// (go-mysql-server 0.20 typed them as their argument: 127 for a TINYINT).
func TestVariance(t *testing.T) {
	setUp := []string{
		"CREATE TABLE vs (id INT PRIMARY KEY, i INT, ti TINYINT, d DECIMAL(5,1))",
		"INSERT INTO vs VALUES (1, 0, 0, 1.5), (2, 100000, 100, 2.5)",
	}
	checkKnown(t, setUp, []known{
		{query: "SELECT VARIANCE(ti) FROM vs", want: "2500", typ: "DOUBLE"},
		{query: "SELECT VAR_POP(ti) FROM vs", want: "2500", typ: "DOUBLE"},
		{query: "SELECT VAR_SAMP(ti) FROM vs", want: "5000", typ: "DOUBLE"},
		{query: "SELECT STD(ti) FROM vs", want: "50", typ: "DOUBLE"},
		{query: "SELECT STDDEV(ti) FROM vs", want: "50", typ: "DOUBLE"},
		{query: "SELECT STDDEV_POP(i) FROM vs", want: "50000", typ: "DOUBLE"},
		{query: "SELECT STDDEV_SAMP(i) FROM vs", want: "70710.67811865476", typ: "DOUBLE"}, // sqrt(5e9)
		{query: "SELECT VAR_POP(i) = 2500000000 FROM vs", want: "1"},                       // was 2147483647
		{query: "SELECT VARIANCE(d) FROM vs", want: "0.25", typ: "DOUBLE"},
		{query: "SELECT STD(fp) FROM f WHERE id = 1", want: "0", typ: "DOUBLE"},
		{query: "SELECT VARIANCE(ti) FROM vs WHERE id > 5", want: "NULL", typ: "DOUBLE"},
		{query: "SELECT VAR_SAMP(ti) FROM vs WHERE id = 1", want: "NULL", typ: "DOUBLE"},
		// Through a reference the planner makes, and over a window.
		{query: "SELECT VARIANCE(ti) + 1 FROM vs", want: "2501", typ: "DOUBLE"},
		{query: "SELECT VARIANCE(ti) FROM vs HAVING VARIANCE(ti) > 200", want: "2500", typ: "DOUBLE"},
		{query: "SELECT VARIANCE(ti) OVER () FROM vs WHERE id = 1", want: "0", typ: "DOUBLE"},
		{query: "SELECT MAX(v) FROM (SELECT VARIANCE(ti) OVER (ORDER BY id) AS v FROM vs) w", want: "2500", typ: "DOUBLE"},
	})
}
