package compat_test

import "testing"

// TestFloorCeilArith pins arithmetic on FLOOR and CEIL of non-integers, as
// MySQL 8 answers it (checked on MariaDB 10.11). Regression: go-mysql-server
// 0.20 types FLOOR(2.5) INT but returns a DECIMAL 2, whose bits the integer
// operators read as 0: FLOOR(2.5) * 4 was 0, FLOOR(2.5) + 1 was 1.
func TestFloorCeilArith(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT FLOOR(2.5) * 4", want: "8"},
		{query: "SELECT FLOOR(2.5) + 1", want: "3"},
		{query: "SELECT FLOOR(2.5) - 1", want: "1"},
		{query: "SELECT FLOOR(-2.5) * 2", want: "-6"},
		{query: "SELECT CEIL(2.5) * 2", want: "6"},
		{query: "SELECT CEILING(-2.5) + 0", want: "-2"},
		{query: "SELECT FLOOR(2.5) * FLOOR(2.5)", want: "4"},
		{query: "SELECT FLOOR(7.9) DIV 2", want: "3"},
		{query: "SELECT FLOOR(7.9) % 4", want: "3"},
		// FLOOR of a DOUBLE is a DOUBLE: no BIGINT overflow.
		{query: "SELECT FLOOR(1e10) * FLOOR(1e10)", want: "1e20", typ: "DOUBLE"},
		{query: "SELECT CEIL(2.5e0) * 2", want: "6", typ: "DOUBLE"},
		// Integer arguments stay integers.
		{query: "SELECT FLOOR(7) * 3", want: "21", typ: "BIGINT"},
		{query: "SELECT FLOOR(fp) + 0 FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
	})
}
