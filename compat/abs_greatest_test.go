package compat_test

import "testing"

// TestAbsGreatest pins ABS, GREATEST and LEAST (abs_greatest.go) and
// unary minus of -2^63 as MySQL 8 answers them.
func TestAbsGreatest(t *testing.T) {
	checkKnown(t, nil, []known{
		// go-mysql-server 0.20 returned -9223372036854775808.
		{query: "SELECT ABS(-9223372036854775808)", err: 1690},
		{query: "SELECT ABS(-9223372036854775807)", want: "9223372036854775807"},
		{query: "SELECT ABS(18446744073709551615)", want: "18446744073709551615"},
		{query: "SELECT ABS(-2.5)", want: "2.5"},
		{query: "SELECT ABS(NULL)", want: "NULL"},
		// vitess folds -9223372036854775808 into one literal: its negation
		// was error 1690; MySQL 8 makes it DECIMAL.
		{query: "SELECT -9223372036854775808", want: "-9223372036854775808", typ: "BIGINT"},
		{query: "SELECT -(-9223372036854775808)", want: "9223372036854775808", typ: "DECIMAL"},
		{query: "SELECT -(9223372036854775807)", want: "-9223372036854775807", typ: "BIGINT"},
		// go-mysql-server 0.20: "unsupported type for greatest/least
		// argument: decimal.Decimal".
		{query: "SELECT GREATEST(FLOOR(2.5), 1)", want: "2", typ: "BIGINT"},
		{query: "SELECT LEAST(FLOOR(2.5), 3)", want: "2", typ: "BIGINT"},
		{query: "SELECT GREATEST(CEIL(1.2), 0)", want: "2", typ: "BIGINT"},
		{query: "SELECT GREATEST(1, 2.5)", want: "2.5", typ: "DECIMAL"},
		{query: "SELECT LEAST(1.25, 3, -0.5)", want: "-0.50", typ: "DECIMAL"},
		{query: "SELECT GREATEST(1, 2.5e0)", want: "2.5", typ: "DOUBLE"},
		// BIGINT UNSIGNED above 2^63: go-mysql-server refused it.
		{query: "SELECT GREATEST(18446744073709551615, 18446744073709551614)", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT LEAST(-1, 18446744073709551615)", want: "-1", typ: "DECIMAL"},
		{query: "SELECT GREATEST(1, NULL)", want: "NULL"},
		// A binary string and a number compare as binary strings in MySQL 8
		// (the number as its text); go-mysql-server 0.20 failed with 1105
		// "unsupported type for greatest/least argument: []uint8".
		// MariaDB 10.11 compares them as numbers: 65, 3, 0x3130.
		{query: "SELECT GREATEST(0x41, 1)", want: "A", typ: "longblob"},
		{query: "SELECT HEX(LEAST(b'101', 3))", want: "05"},
		{query: "SELECT HEX(GREATEST(b'101', 3))", want: "33"},
		{query: "SELECT LEAST(0x41, 1, 2.5)", want: "1"},
		{query: "SELECT GREATEST(x'3130', 9)", want: "9"},
		{query: "SELECT GREATEST(0x41, 'B')", want: "B"},
		{query: "SELECT LEAST(0x41, NULL)", want: "NULL"},
		// Strings stay go-mysql-server's.
		{query: "SELECT GREATEST('a', 'b')", want: "b"},
	})
}
