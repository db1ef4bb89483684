package compat_test

import "testing"

// TestRound pins ROUND as MySQL 8 answers it (round.go). MariaDB 10.11
// agrees except where a row says otherwise.
func TestRound(t *testing.T) {
	checkKnown(t, nil, []known{
		// Integers stay exact 64-bit integers: go-mysql-server 0.20 went
		// through DECIMAL and clamped to 9223372036854775808.
		{query: "SELECT ROUND(18446744073709551614, 0)", want: "18446744073709551614", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ROUND(18446744073709551614)", want: "18446744073709551614", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ROUND(fp, 2) FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ROUND(18446744073709551604, -1)", want: "18446744073709551600"},
		{query: "SELECT TRUE AND ROUND(18446744073709551605, -1) = 18446744073709551610", want: "1"},
		// Rounding up past 2^64-1 is error 1690 in MySQL 8 (MariaDB answers
		// the DECIMAL 18446744073709551620).
		{query: "SELECT ROUND(18446744073709551615, -1)", err: 1690,
			msg: "BIGINT UNSIGNED value is out of range in 'round(18446744073709551615,-(1))'"},
		{query: "SELECT ROUND(fp, -19) FROM f WHERE id = 1", err: 1690},
		{query: "SELECT ROUND(9223372036854775807, -1)", err: 1690, msg: "BIGINT value is out of range in 'round(9223372036854775807,-(1))'"},
		{query: "SELECT ROUND(s, -1) FROM f WHERE id = 3", err: 1690},
		{query: "SELECT ROUND(s, -1) FROM f WHERE id = 2", err: 1690},
		{query: "SELECT ROUND(15, -1)", want: "20", typ: "BIGINT"},
		{query: "SELECT ROUND(-15, -1)", want: "-20", typ: "BIGINT"},
		{query: "SELECT ROUND(14, -1)", want: "10"},
		{query: "SELECT ROUND(5, -25)", want: "0"},
		{query: "SELECT ROUND(123, 1.6)", want: "123"},
		// DOUBLE: rint, half to even, on the binary value; go-mysql-server
		// rounded the decimal text half away from zero (3, -3, 1.01).
		{query: "SELECT ROUND(2.5e0)", want: "2", typ: "DOUBLE"},
		{query: "SELECT ROUND(3.5e0)", want: "4"},
		{query: "SELECT ROUND(-2.5e0)", want: "-2"},
		{query: "SELECT ROUND(0.5e0)", want: "0"},
		{query: "SELECT ROUND(25e0, -1)", want: "20"},
		{query: "SELECT ROUND(35e0, -1)", want: "40"},
		// 1.005 is 1.00499999999999989… in binary. MySQL sends it as 1.00
		// (the DOUBLE with 2 decimals); simsql's DOUBLE column prints 1.
		{query: "SELECT ROUND(1.005e0, 2)", want: "1"},
		{query: "SELECT ROUND(2.675e0, 2)", want: "2.68"}, // 2.675 * 100 is 267.5 in binary
		{query: "SELECT ROUND(1e300, 2)", want: "1e300"},
		{query: "SELECT ROUND('2.5')", want: "2", typ: "DOUBLE"},
		// DECIMAL: half away from zero, with min(d, 30) digits.
		{query: "SELECT ROUND(2.5)", want: "3", typ: "DECIMAL"},
		{query: "SELECT ROUND(-2.5)", want: "-3"},
		{query: "SELECT ROUND(2.567, 2)", want: "2.57"},
		{query: "SELECT ROUND(2.5, 3)", want: "2.500"},
		{query: "SELECT ROUND(1234.5678, -2)", want: "1200"},
		{query: "SELECT ROUND(9.95, 1)", want: "10.0"},
		{query: "SELECT ROUND(NULL)", want: "NULL"},
		{query: "SELECT ROUND(2.5, NULL)", want: "NULL"},
	})
}

// TestTruncate pins TRUNCATE(X, D) as MySQL 8 and MariaDB 10.11 answer it:
// go-mysql-server 0.20 has no TRUNCATE (error 1105 "function: 'truncate'
// not found").
func TestTruncate(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT TRUNCATE(1.999, 1)", want: "1.9", typ: "DECIMAL"},
		{query: "SELECT TRUNCATE(-1.999, 1)", want: "-1.9"},
		{query: "SELECT TRUNCATE(1.999, 5)", want: "1.99900"},
		{query: "SELECT TRUNCATE(1234.5678, -2)", want: "1200"},
		{query: "SELECT TRUNCATE(-1299.99, -2)", want: "-1200"},
		{query: "SELECT TRUNCATE(122, -2)", want: "100", typ: "BIGINT"},
		{query: "SELECT TRUNCATE(-122, -2)", want: "-100"},
		{query: "SELECT TRUNCATE(122, 3)", want: "122"},
		{query: "SELECT TRUNCATE(18446744073709551615, -1)", want: "18446744073709551610", typ: "UNSIGNED BIGINT"},
		{query: "SELECT TRUNCATE(fp, -19) FROM f WHERE id = 1", want: "10000000000000000000"},
		{query: "SELECT TRUNCATE(s, -18) FROM f WHERE id = 3", want: "-9000000000000000000"},
		{query: "SELECT TRUNCATE(1.5e0, 0)", want: "1", typ: "DOUBLE"},
		{query: "SELECT TRUNCATE(-1.5e0, 0)", want: "-1"},
		{query: "SELECT TRUNCATE(1.999e0, 1)", want: "1.9"},
		{query: "SELECT TRUNCATE(1999e0, -2)", want: "1900"},
		{query: "SELECT TRUNCATE('1.99', 1)", want: "1.9", typ: "DOUBLE"},
		{query: "SELECT TRUNCATE(NULL, 1)", want: "NULL"},
		{query: "SELECT TRUNCATE(1.5, NULL)", want: "NULL"},
	})
}
