package compat_test

import "testing"

// TestUnionTypes pins a set operation's column of a BIGINT UNSIGNED and a
// signed integer: DECIMAL(20,0), holding both ranges, for the references
// above it too (go-mysql-server 0.20 clamped 18446744073709551615 to
// 9223372036854775807).
func TestUnionTypes(t *testing.T) {
	checkKnown(t, []string{
		"CREATE TABLE ins (x DECIMAL(20,0))",
		"INSERT INTO ins SELECT fp FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 1",
		"CREATE TABLE ct AS SELECT fp FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 1",
	}, []known{
		{query: "SELECT fp FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT s FROM f WHERE id = 1 UNION ALL SELECT fp FROM f WHERE id = 1 ORDER BY 1 DESC", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT fp FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 3 ORDER BY 1 DESC LIMIT 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT -1 UNION ALL SELECT fp FROM f WHERE id = 1 LIMIT 1 OFFSET 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT -1 AS x UNION ALL SELECT fp FROM f WHERE id = 1 ORDER BY x DESC LIMIT 1", want: "18446744073709551615"},
		{query: "SELECT MAX(x) FROM (SELECT fp AS x FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 3) d", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT MIN(x) FROM (SELECT fp AS x FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 3) d", want: "-9223372036854775808"},
		{query: "SELECT MAX(x) FROM (SELECT -1 AS x UNION ALL SELECT fp FROM f WHERE id = 1) d", want: "18446744073709551615"},
		{query: "SELECT * FROM (SELECT fp FROM f WHERE id = 1 UNION SELECT s FROM f WHERE id = 1) d ORDER BY 1 DESC LIMIT 1", want: "18446744073709551615"},
		{query: "WITH x AS (SELECT fp FROM f WHERE id = 1 UNION ALL SELECT -1) SELECT MAX(fp) FROM x", want: "18446744073709551615"},
		{query: "WITH x AS (SELECT fp FROM f WHERE id = 1 UNION ALL SELECT -1) SELECT MIN(fp) FROM x", want: "-1"},
		{query: "WITH x AS (SELECT fp FROM f WHERE id = 1 UNION ALL SELECT -1) SELECT fp FROM x ORDER BY fp DESC", want: "18446744073709551615"},
		{query: "SELECT x FROM ins ORDER BY x DESC", want: "18446744073709551615"},
		{query: "SELECT fp FROM ct ORDER BY fp DESC", want: "18446744073709551615"},
		{query: "SELECT COLUMN_TYPE FROM information_schema.columns WHERE table_name = 'ct'", want: "decimal(20,0)"},
		{query: "SELECT id FROM f WHERE id = 1 UNION ALL SELECT fp FROM f WHERE id = 1 ORDER BY 1 DESC", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT MAX(x) FROM (SELECT s AS x FROM f WHERE id = 3 UNION ALL SELECT fp FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 2) d", want: "18446744073709551615"},
		{query: "SELECT MIN(x) FROM (SELECT fp AS x FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 2 UNION ALL SELECT s FROM f WHERE id = 3) d", want: "-9223372036854775808"},
		{query: "SELECT fp FROM f WHERE id = 1 UNION ALL SELECT s FROM f WHERE id = 2 UNION ALL SELECT s FROM f WHERE id = 3 ORDER BY 1", want: "-9223372036854775808"},
		{query: "SELECT (SELECT MAX(x) FROM (SELECT fp AS x FROM f UNION ALL SELECT s FROM f) d)", want: "18446744073709551615"},
		{query: "SELECT x + 1 FROM (SELECT fp AS x FROM f WHERE id = 5 UNION ALL SELECT s FROM f WHERE id = 3) d ORDER BY 1 DESC", want: "18446744073709551615"},
		// Not this fault's: two BIGINT UNSIGNED stay BIGINT UNSIGNED.
		{query: "SELECT fp FROM f WHERE id = 1 UNION ALL SELECT fp FROM f WHERE id = 4", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
	})
}
