package compat_test

import "testing"

// TestDiv pins a / b as MySQL 8 and MariaDB 10.11 answer it (div.go).
// Regression: go-mysql-server 0.20 rounded a quotient to its scale before
// the next operator read it: 1/3*3 was 0.9999, 1/3 + 1/3 0.6666.
func TestDiv(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT 1/3", want: "0.3333", typ: "DECIMAL"},
		{query: "SELECT 1/3*3", want: "1.0000", typ: "DECIMAL"},
		{query: "SELECT 2/3", want: "0.6667"},
		{query: "SELECT 10/4", want: "2.5000"},
		{query: "SELECT 1/3 + 1/3", want: "0.6667"},
		{query: "SELECT (1/3)*(1/3)", want: "0.11111111"},
		{query: "SELECT 1.5/3", want: "0.50000"},
		{query: "SELECT 24/3/2/1", want: "4.000000000000"},
		{query: "SELECT -(1/3)", want: "-0.3333"},
		// A comparison reads the quotient with its type's scale, 0.3333
		// (MariaDB 10.11; MySQL 8 not checked).
		{query: "SELECT 1/3 = 0.3333", want: "1"},
		{query: "SELECT 1/3 = 0.333333333", want: "0"},
		{query: "SELECT ROUND(2/3*3, 2)", want: "2.00"}, // 1.999999998 rounds up
		{query: "SELECT CAST(1/3 AS DECIMAL(12,10))", want: "0.3333333330"},
		{query: "SELECT 18446744073709551615/1", want: "18446744073709551615.0000"},
		{query: "SELECT fp/2 FROM f WHERE id = 1", want: "9223372036854775807.5000"},
		{query: "SELECT s/-3 FROM f WHERE id = 3", want: "3074457345618258602.6667"},
		// DOUBLE when an argument is one or a string.
		{query: "SELECT 1e0/3", want: "0.3333333333333333", typ: "DOUBLE"},
		{query: "SELECT '6'/4", want: "1.5", typ: "DOUBLE"},
		{query: "SELECT 1e308/1e-308", err: 1690},
		// A zero divisor: NULL, warning 1365.
		{query: "SELECT 1/0", want: "NULL", warns: []string{"1365 Division by 0"}},
		{query: "SELECT 1.5/0.0", want: "NULL"},
		{query: "SELECT NULL/2", want: "NULL"},
		{query: "SELECT 1/?", params: []any{int64(8)}, want: "0.1250"},
	})
}

// TestDivPrecisionIncrement pins div_precision_increment's digits.
func TestDivPrecisionIncrement(t *testing.T) {
	checkKnown(t, []string{"SET div_precision_increment = 8"}, []known{
		{query: "SELECT 1/3", want: "0.33333333"},
		{query: "SELECT 1/7*7", want: "0.99999999"}, // 0.142857142 * 7
	})
}
