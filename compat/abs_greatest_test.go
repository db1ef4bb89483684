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

// TestAbsInt pins ABS of the narrower integer types at their ends, a
// BIGINT as MySQL 8 types it (Item_func_num1); found by
// TestDifferentialNumericKinds. Regression: go-mysql-server 0.20 computed and
// typed ABS of an INT in 32 bits, so ABS of -2147483648 was -2147483648.
func TestAbsInt(t *testing.T) {
	checkKnown(t, []string{"CREATE TABLE n (id INT PRIMARY KEY, s INT, t TINYINT, u INT UNSIGNED)",
		"INSERT INTO n VALUES (1, -2147483648, -128, 4294967295), (2, 2147483647, 127, 0)"}, []known{
		{query: "SELECT ABS(s) FROM n WHERE id = 1", want: "2147483648", typ: "BIGINT"},
		{query: "SELECT ABS(s) FROM n WHERE id = 2", want: "2147483647", typ: "BIGINT"},
		{query: "SELECT ABS(t) FROM n WHERE id = 1", want: "128", typ: "BIGINT"},
		{query: "SELECT ABS(u) FROM n WHERE id = 1", want: "4294967295", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ABS(s) + 0 FROM n WHERE id = 1", want: "2147483648", typ: "BIGINT"},
		{query: "SELECT ABS(fp) FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ABS(-9223372036854775808)", err: 1690},
		// ABS of NULL is a DOUBLE (Item_func_num1 of a string result).
		{query: "SELECT ABS(NULL)", want: "NULL", typ: "DOUBLE"},
		{query: "SELECT CASE WHEN NULL THEN ABS(NULL) ELSE CAST(-2 AS UNSIGNED) END", want: "1.8446744073709552e19", typ: "DOUBLE"},
	})
}

// TestMinMaxNull pins GREATEST and LEAST with a NULL literal argument,
// typed by the others as MySQL 8's Item::aggregate_type skips NULL;
// found by TestDifferentialNumericKinds. Regression: go-mysql-server 0.20 typed
// LEAST(1.5e0, NULL) an INT, so IF(0, LEAST(1.5e0, NULL), 7) was one.
func TestMinMaxNull(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT LEAST(1.5e0, NULL)", want: "NULL", typ: "DOUBLE"},
		{query: "SELECT IF(0, LEAST(1.5e0, NULL), 7)", want: "7", typ: "DOUBLE"},
		{query: "SELECT GREATEST(NULL, s) FROM f WHERE id = 1", want: "NULL", typ: "BIGINT"},
	})
}
