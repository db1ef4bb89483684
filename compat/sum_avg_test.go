package compat_test

import "testing"

// TestSumAvg pins SUM and AVG as MySQL 8 answers them: exact DECIMAL for
// integer arguments, DOUBLE for strings.
func TestSumAvg(t *testing.T) {
	setUp := []string{
		"CREATE TABLE n (id INT PRIMARY KEY, x BIGINT, v VARCHAR(20), d DECIMAL(10,2))",
		"INSERT INTO n VALUES (1, 9007199254740993, '1', 1.25), (2, 1, '2', 2.50), (3, 123456789, '2', NULL)",
	}
	checkKnown(t, setUp, []known{
		// The item 9: go-mysql-server 0.20 answered 9.00719937819778e+15.
		{query: "SELECT SUM(x) FROM n", want: "9007199378197783", typ: "DECIMAL"},
		{query: "SELECT AVG(x) FROM n", want: "3002399792732594.3333", typ: "DECIMAL"},
		{query: "SELECT SUM(fp) FROM f", want: "46125867383528620030", typ: "DECIMAL"},
		{query: "SELECT SUM(fp) FROM f WHERE id = 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT AVG(fp) FROM f WHERE id IN (1, 5)", want: "18446744073709551614.5000", typ: "DECIMAL"},
		{query: "SELECT SUM(s) FROM f", want: "-1", typ: "DECIMAL"},
		{query: "SELECT SUM(fp) + 1 FROM f WHERE id = 1", want: "18446744073709551616", typ: "DECIMAL"},
		{query: "SELECT SUM(DISTINCT fp) FROM f WHERE id IN (1, 1, 5)", want: "36893488147419103229", typ: "DECIMAL"},
		{query: "SELECT SUM(fp) FROM f WHERE id > 100", want: "NULL", typ: "DECIMAL"},
		{query: "SELECT SUM(d), AVG(d) FROM n", want: "3.75", typ: "DECIMAL"},
		{query: "SELECT AVG(d) FROM n", want: "1.875000", typ: "DECIMAL"},
		{query: "SELECT SUM(v) FROM n", want: "5", typ: "DOUBLE"},
		{query: "SELECT SUM(DISTINCT v) FROM n", want: "3", typ: "DOUBLE"},
		{query: "SELECT SUM(x * 2) FROM n", want: "18014398756395566", typ: "DECIMAL"},
		{query: "SELECT SUM(0xFF)", want: "255", typ: "DECIMAL"},
		{query: "SELECT (SELECT SUM(fp) FROM f WHERE id = 1) + 0", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT id FROM f GROUP BY id HAVING SUM(fp) > 18446744073709551614 ORDER BY id", want: "1"},
		{query: "SELECT SUM(fp) FROM f GROUP BY id ORDER BY SUM(fp) DESC", want: "18446744073709551615"},
	})
}
