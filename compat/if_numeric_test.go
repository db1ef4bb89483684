package compat_test

import "testing"

// TestIfText pins IF and IFNULL of a number and a string, a string in
// MySQL 8 (Item::aggregate_type gives VARCHAR); found by TestDifferentialMixed.
// Regression: go-mysql-server 0.20 gave IFNULL the type of its first
// argument, so IFNULL(9, 'x') was a BIGINT, and compared it as one:
// IF(IFNULL(4294967295, '12abc') > '18446744073709551613', …) took the
// wrong branch.
func TestIfText(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT IFNULL(9, '')", want: "9", typ: "longtext"},
		{query: "SELECT IFNULL(NULL + 0, '-3')", want: "-3", typ: "longtext"},
		{query: "SELECT IFNULL('x', 1)", want: "x", typ: "longtext"},
		{query: "SELECT IFNULL(-2.50, ' 7')", want: "-2.50", typ: "longtext"},
		{query: "SELECT IFNULL(2.5e0, 'x')", want: "2.5", typ: "longtext"},
		{query: "SELECT IFNULL(fp, '-3') FROM f WHERE id = 1", want: "18446744073709551615", typ: "longtext"},
		{query: "SELECT IFNULL(4294967295, '12abc') > '18446744073709551613'", want: "1"},
		{query: "SELECT CASE WHEN 1 THEN IFNULL(2, ' -2.5 ') ELSE 2.00 END", want: "2"},
		// IF answered the number's Go value under its string type.
		{query: "SELECT IF(1, 1.5, '-3')", want: "1.5", typ: "longtext"},
		{query: "SELECT CAST(IF(1, 1.5, '-3') AS UNSIGNED)", want: "1", warns: []string{"1292 Truncated incorrect INTEGER value: '1.5'"}},
		{query: "SELECT CAST(IF(0, ' 7', 9223372036854775806 - 123.456) AS UNSIGNED)", want: "9223372036854775682",
			warns: []string{"1292 Truncated incorrect INTEGER value: '9223372036854775682.544'"}},
		{query: "SELECT CEIL(IF(NULL, 'x', 1.000))", want: "1", typ: "DOUBLE"},
		{query: "SELECT IF(0, 'x', 2.5e0)", want: "2.5", typ: "longtext"},
		{query: "SELECT IF(1, NULL + 0, 'x')", want: "NULL"},
	})
}
