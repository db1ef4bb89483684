package compat_test

import "testing"

// TestCastDecimal pins CAST and CONVERT to DECIMAL as MySQL 8 answers them
// (MariaDB 10.11 agrees on the values; it numbers a cast's rows from 0 in
// some of its 1264 warnings and adds 1916 for a DOUBLE beyond DECIMAL).
// Regression: go-mysql-server 0.20 answered 0.00 without a warning for a
// value that does not fit, and kept every digit for DECIMAL and DECIMAL(M).
func TestCastDecimal(t *testing.T) {
	const range1264 = "1264 Out of range value for column "
	checkKnown(t, nil, []known{
		// The examples: rounding to the scale carries into a
		// sixth digit (999.995 → 1000.00), or the value has too many.
		{query: "SELECT CAST(999.995 AS DECIMAL(5,2))", want: "999.99", typ: "DECIMAL",
			warns: []string{range1264 + "'CAST(999.995 AS DECIMAL(5,2))' at row 1"}},
		{query: "SELECT CAST(12345.6 AS DECIMAL(5,2))", want: "999.99",
			warns: []string{range1264 + "'CAST(12345.6 AS DECIMAL(5,2))' at row 1"}},
		{query: "SELECT CAST(-12345.6 AS DECIMAL(5,2)) AS x", want: "-999.99", warns: []string{range1264 + "'x' at row 1"}},
		{query: "SELECT CONVERT(1000, DECIMAL(5,2))", want: "999.99", warns: []string{range1264 + "'CONVERT(1000, DECIMAL(5,2))' at row 1"}},
		// Not a select expression: MySQL names no column.
		{query: "SELECT CAST(99.995 AS DECIMAL(4,2)) + 0", want: "99.99", warns: []string{range1264 + "'(null)' at row 1"}},
		{query: "SELECT CAST(1e300 AS DECIMAL(5,2))", want: "999.99", warns: []string{range1264 + "'CAST(1e300 AS DECIMAL(5,2))' at row 1"}},
		// In range: rounded half away from zero, no warning.
		{query: "SELECT CAST(999.994 AS DECIMAL(5,2))", want: "999.99", warns: []string{}},
		{query: "SELECT CAST(1.005 AS DECIMAL(5,2))", want: "1.01", warns: []string{}},
		{query: "SELECT CAST(-0.125 AS DECIMAL(5,2))", want: "-0.13"},
		{query: "SELECT CAST(0.125e0 AS DECIMAL(5,2))", want: "0.13"},
		{query: "SELECT CAST(-0.5 AS DECIMAL(5,2))", want: "-0.50"},
		{query: "SELECT CAST(0.99 AS DECIMAL(2,2))", want: "0.99"},
		{query: "SELECT CAST(18446744073709551615 AS DECIMAL(25,2))", want: "18446744073709551615.00"},
		{query: "SELECT CAST(fp AS DECIMAL(20,0)) FROM f WHERE id = 1", want: "18446744073709551615"},
		{query: "SELECT CAST(fp AS DECIMAL(19,0)) FROM f WHERE id = 1", want: "9999999999999999999"},
		// DECIMAL is DECIMAL(10,0), DECIMAL(M) DECIMAL(M,0): go-mysql-server
		// kept 1.5 and 123456.
		{query: "SELECT CAST(1.5 AS DECIMAL)", want: "2", typ: "DECIMAL"},
		{query: "SELECT CAST(123456 AS DECIMAL(5))", want: "99999", warns: []string{range1264 + "'CAST(123456 AS DECIMAL(5))' at row 1"}},
		{query: "SELECT CAST(12345678901 AS DECIMAL)", want: "9999999999"},
		// Strings: the leading number, warning 1292 for the rest.
		{query: "SELECT CAST('1.995' AS DECIMAL(5,2))", want: "2.00", warns: []string{}},
		{query: "SELECT CAST('abc' AS DECIMAL(5,2))", want: "0.00", warns: []string{"1292 Truncated incorrect DECIMAL value: 'abc'"}},
		{query: "SELECT CAST(0x41 AS DECIMAL(5,1))", want: "65.0"},
		{query: "SELECT CAST(NULL AS DECIMAL(5,2))", want: "NULL"},
		{query: "SELECT CAST(? AS DECIMAL(5,2))", params: []any{"1234.5"}, want: "999.99"},
		// Shapes MySQL refuses (go-mysql-server used DECIMAL(65,30)).
		{query: "SELECT CAST(1 AS DECIMAL(66,2))", err: 1426},
		{query: "SELECT CAST(1 AS DECIMAL(40,31))", err: 1425},
		{query: "SELECT CAST(1 AS DECIMAL(5,6))", err: 1427},
	})
}
