package compat_test

import "testing"

// TestFormatNumber holds FORMAT, INET_NTOA and OCT to MariaDB's answers
// (compat/format_number.go, inet_ntoa.go, conv.go) over the BIGINT and
// BIGINT UNSIGNED extremes, DECIMAL and DOUBLE rounding, strings and
// NULL, and FORMAT's decimals past 30 to MySQL 8's (MariaDB allows 38).
func TestFormatNumber(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	setUp := []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE u (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT, d DECIMAL(20,3), f DOUBLE)",
		"INSERT INTO u VALUES (1, 18446744073709551615, -9223372036854775808, -12345.6785, 2.5), " +
			"(2, 12345678901234567890, 9223372036854775807, 0.0005, -0.5), (3, NULL, NULL, NULL, NULL)",
	}
	for _, q := range setUp {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	cases := []string{
		"SELECT FORMAT(18446744073709551615, 0)", "SELECT FORMAT(-9223372036854775808, 2)",
		"SELECT FORMAT(9223372036854775807, 0)", "SELECT FORMAT(9007199254740993, 0)",
		"SELECT FORMAT(12345.678, 2)", "SELECT FORMAT(1e20, 2)", "SELECT FORMAT(1e300, 2)", "SELECT FORMAT(123.456e0, 1)",
		"SELECT FORMAT(1.005, 2)", "SELECT FORMAT(-1.005, 2)", "SELECT FORMAT(2.5, 0)", "SELECT FORMAT(-2.5, 0)",
		"SELECT FORMAT(1.005e0, 2)", "SELECT FORMAT(2.5e0, 0)", "SELECT FORMAT(0.5e0, 0)", "SELECT FORMAT(-0.0001, 2)",
		"SELECT FORMAT(999.999, 2)", "SELECT FORMAT(-999.995, 2)", "SELECT FORMAT(1234567.891, -2)",
		"SELECT FORMAT('1234.5', 1)", "SELECT FORMAT(NULL, 2)", "SELECT FORMAT(12, NULL)", "SELECT FORMAT(0, 3)", "SELECT FORMAT(123, 1.6)",
		"SELECT FORMAT(1234567.891, 2, 'de_DE')", "SELECT FORMAT(1234567.891, 2, 'en_US')", "SELECT FORMAT(12345678901234567890, 1, 'de_DE')",
		"SELECT FORMAT(fp, 2) FROM u WHERE id = 1", "SELECT FORMAT(fp, 0) FROM u WHERE id = 2", "SELECT FORMAT(s, 3) FROM u WHERE id = 1",
		"SELECT FORMAT(s, 0) FROM u WHERE id = 2", "SELECT FORMAT(d, 2) FROM u WHERE id = 1", "SELECT FORMAT(d, 3) FROM u WHERE id = 2",
		"SELECT FORMAT(f, 0) FROM u WHERE id = 1", "SELECT FORMAT(f, 0) FROM u WHERE id = 2", "SELECT FORMAT(fp, 2) FROM u WHERE id = 3",
		"SELECT INET_NTOA(4294967295)", "SELECT INET_NTOA(3944680146)", "SELECT INET_NTOA(4294967296)", "SELECT INET_NTOA(-1)",
		"SELECT INET_NTOA(18446744073709551615)", "SELECT INET_NTOA(2.5)", "SELECT INET_NTOA(2.5e0)", "SELECT INET_NTOA('3944680146')",
		"SELECT INET_NTOA('abc')", "SELECT INET_NTOA(NULL)", "SELECT INET_NTOA(0)", "SELECT INET_NTOA(16909060)",
		"SELECT INET_NTOA(fp % 4294967296) FROM u WHERE id = 1", "SELECT INET_NTOA(fp % 4294967296) FROM u WHERE id = 2",
		"SELECT INET_NTOA(fp) FROM u WHERE id = 1", "SELECT INET_NTOA(s) FROM u WHERE id = 1",
		"SELECT LENGTH(QUOTE(REPEAT('a', 70000)))", "SELECT QUOTE('a''b\\\\c')", "SELECT HEX(QUOTE(UNHEX('78001A79')))", "SELECT HEX(QUOTE(X'F1275C'))",
		"SELECT QUOTE('中文')", "SELECT QUOTE('')", "SELECT QUOTE(NULL)", "SELECT QUOTE(12.50)",
		"SELECT OCT(8)", "SELECT OCT(-8)", "SELECT OCT('12')", "SELECT OCT(1.9)", "SELECT OCT(NULL)", "SELECT OCT('abc')",
		"SELECT OCT(18446744073709551615)", "SELECT OCT(1e19)", "SELECT OCT(fp) FROM u WHERE id = 2", "SELECT OCT(s) FROM u WHERE id = 1",
	}
	for _, q := range cases {
		want, got := mariaAnswer(maria, q), sim.answer(q)
		if want.err != got.err || want.null != got.null || want.text != got.text {
			t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
		}
	}
	// MySQL 8 caps FORMAT's decimals at 30 (FORMAT_MAX_DECIMALS); MariaDB
	// at 38.
	if got := sim.answer("SELECT FORMAT(1234567.891, 40)"); got.text != "1,234,567.891000000000000000000000000000" {
		t.Errorf("FORMAT(1234567.891, 40) = %s, want 1,234,567.891 with 30 decimals", got)
	}
}
