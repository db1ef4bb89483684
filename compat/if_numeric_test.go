package compat_test

import "testing"

// TestIfText pins IF and IFNULL of a number and a string, a string in
// MySQL 8 (Item::aggregate_type gives VARCHAR); found by TestDifferentialNumericKinds.
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

// TestIfNullArgument pins IF, IFNULL, CASE and COALESCE with a NULL
// literal argument,
// typed by the other (MySQL 8's Item::aggregate_type skips NULL), and ABS
// of an integer literal past BIGINT UNSIGNED; found by
// TestDifferentialNumericKinds. Regression: go-mysql-server 0.20 typed them
// DECIMAL(65,30), so GREATEST(IFNULL(NULL, 99999999999999999999), 0)
// answered thirty zero decimals.
func TestIfNullArgument(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT GREATEST(IFNULL(NULL, 99999999999999999999), 0)", want: "99999999999999999999", typ: "DECIMAL"},
		{query: "SELECT IF(0, NULL, -9223372036854775809)", want: "-9223372036854775809", typ: "DECIMAL"},
		{query: "SELECT CASE WHEN 0 THEN 1 ELSE IF(0, NULL, -9223372036854775809) END", want: "-9223372036854775809", typ: "DECIMAL"},
		{query: "SELECT LEAST(ABS(-18446744073709551615), 41 & 7)", want: "1", typ: "DECIMAL"},
		{query: "SELECT IF(1, NULL, 2.5)", want: "NULL", typ: "DECIMAL"},
		{query: "SELECT IFNULL(NULL, fp) FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT IFNULL(NULL, 1.5e0) + 0", want: "1.5", typ: "DOUBLE"},
		// CASE and COALESCE of one number and NULLs: the number's type.
		{query: "SELECT CASE WHEN 1 THEN 2147483648 ELSE NULL END", want: "2147483648", typ: "BIGINT"},
		{query: "SELECT COALESCE(9223372036854775807, CASE WHEN 0 THEN 2147483648 ELSE NULL END)", want: "9223372036854775807", typ: "BIGINT"},
		{query: "SELECT COALESCE(NULL, 99999999999999999999)", want: "99999999999999999999", typ: "DECIMAL"},
		{query: "SELECT COALESCE(NULL, 99999999999999999999) + 0.5", want: "99999999999999999999.5", typ: "DECIMAL"},
		// GREATEST and LEAST of strings and NULL are strings.
		{query: "SELECT CASE WHEN 0 THEN LEAST('0.5e1', NULL) ELSE s END FROM f WHERE id = 4", want: "0", typ: "longtext"},
		{query: "SELECT IFNULL(IF(0, -0.0, 1.000), GREATEST(NULL, '1.5'))", want: "1.000", typ: "longtext"},
	})
}
