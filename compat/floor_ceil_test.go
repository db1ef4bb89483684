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

// TestFloorCeilTypes pins the type and value of FLOOR and CEIL of every
// kind of argument, as MySQL 8's Item_func_int_val::resolve_type gives
// them (checked on MariaDB 10.11, found by TestDifferentialNumericKinds).
// Regression: go-mysql-server 0.20 typed them INT whatever the argument,
// and sent the answer clamped to 32 bits.
func TestFloorCeilTypes(t *testing.T) {
	checkKnown(t, []string{"CREATE TABLE n (id INT PRIMARY KEY, s INT)", "INSERT INTO n VALUES (1, -2147483648)"}, []known{
		{query: "SELECT FLOOR(1e0)", want: "1", typ: "DOUBLE"},
		{query: "SELECT FLOOR(-3e0)", want: "-3", typ: "DOUBLE"},
		{query: "SELECT CEIL(2.5e0)", want: "3", typ: "DOUBLE"},
		{query: "SELECT FLOOR(4e9)", want: "4000000000", typ: "DOUBLE"},
		{query: "SELECT CEIL('18446744073709551615')", want: "1.8446744073709552e19", typ: "DOUBLE"},
		{query: "SELECT FLOOR('1.5')", want: "1", typ: "DOUBLE"},
		{query: "SELECT CEIL(' -2.5 ')", want: "-2", typ: "DOUBLE"},
		{query: "SELECT FLOOR('12abc')", want: "12", typ: "DOUBLE", warns: []string{"1292 Truncated incorrect DOUBLE value: '12abc'"}},
		{query: "SELECT FLOOR(NULL)", want: "NULL", typ: "DOUBLE"},
		{query: "SELECT CEILING(NULL)", want: "NULL", typ: "DOUBLE"},
		// A DECIMAL of up to 18 integer digits is a BIGINT, longer a DECIMAL.
		{query: "SELECT FLOOR(-2.5)", want: "-3", typ: "BIGINT"},
		{query: "SELECT FLOOR(12345678901234567.5)", want: "12345678901234567", typ: "BIGINT"},
		{query: "SELECT FLOOR(123456789012345678.5)", want: "123456789012345678", typ: "DECIMAL"},
		{query: "SELECT FLOOR(18446744073709551615.0)", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT CEIL(18446744073709551615.5)", want: "18446744073709551616", typ: "DECIMAL"},
		{query: "SELECT CEIL(CAST(4294967296 AS DECIMAL(25,2)))", want: "4294967296", typ: "DECIMAL"},
		{query: "SELECT FLOOR(99999999999999999999)", want: "99999999999999999999", typ: "DECIMAL"},
		{query: "SELECT CEIL(2 * -9223372036854775809)", want: "-18446744073709551618", typ: "DECIMAL"},
		// The digits of a DECIMAL expression are MySQL's, an integer's those
		// of its type or literal.
		{query: "SELECT CEIL(s + 123.456) FROM n WHERE id = 1", want: "-2147483524", typ: "BIGINT"},
		{query: "SELECT FLOOR(GREATEST(-2.50, 2147483648))", want: "2147483648", typ: "BIGINT"},
		{query: "SELECT FLOOR(3 * s + 0.5) FROM n WHERE id = 1", want: "-6442450944", typ: "BIGINT"},
		{query: "SELECT CEIL(COALESCE(n.s, -2147483648 DIV fp)) FROM n, f WHERE n.id = 1 AND f.id = 1", want: "-2147483648", typ: "BIGINT"},
		{query: "SELECT CEIL(-(s < 2) - 0.5) FROM n WHERE id = 1", want: "-1", typ: "BIGINT"},
		{query: "SELECT FLOOR(9 * CAST(NULL AS SIGNED) * ABS(2.5))", want: "NULL", typ: "DECIMAL"},
		{query: "SELECT FLOOR(2.5 + CAST(1 AS UNSIGNED))", want: "3", typ: "DECIMAL"},
		{query: "SELECT CEIL(IFNULL(CAST(1.000 AS UNSIGNED), 5))", want: "1", typ: "DECIMAL"},
		{query: "SELECT FLOOR(fp + 0.5) FROM f WHERE id = 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT FLOOR(s + 0.5) FROM f WHERE id = 3", want: "-9223372036854775808", typ: "DECIMAL"},
		// Integers keep their signedness.
		{query: "SELECT FLOOR(-2147483649)", want: "-2147483649", typ: "BIGINT"},
		{query: "SELECT CEIL(fp) FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT FLOOR(CAST(4294967296 AS UNSIGNED))", want: "4294967296", typ: "UNSIGNED BIGINT"},
	})
}
