package compat_test

import (
	"fmt"
	"strings"
	"testing"
)

// TestTemporalText runs every string function over DATE, TIME,
// DATETIME(2), YEAR and TIMESTAMP columns and over NULL on simsql and on
// MariaDB, and wants the same text (compat/temporal_text.go). Left out:
// SOUNDEX (go-mysql-server gives '0000' for a text without
// letters, MySQL the empty string), JSON_QUOTE (MySQL 8 refuses a non-string) and
// arithmetic on temporal values (ts + 0 of a DATETIME(2) is a DECIMAL in
// MySQL).
func TestTemporalText(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	for _, q := range []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE dd (id INT PRIMARY KEY, dt DATE, tm TIME, ts DATETIME(2), y YEAR, tsp TIMESTAMP NULL)",
		"INSERT INTO dd VALUES (1, '2024-01-02', '12:34:56', '2024-01-02 03:04:05.50', 2024, '2024-01-02 03:04:05'), " +
			"(2, '1999-12-31', '-838:59:59', '1999-12-31 23:59:59.05', 1901, '1999-12-31 23:59:59'), (3, NULL, NULL, NULL, NULL, NULL)",
	} {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	fns := []string{
		"CONCAT(%s)", "CONCAT('a', %s, 'b')", "CONCAT_WS(',', %s, 'x')", "LENGTH(%s)", "CHAR_LENGTH(%s)", "OCTET_LENGTH(%s)", "BIT_LENGTH(%s)",
		"UPPER(%s)", "LOWER(%s)", "LCASE(%s)", "REPLACE(%s, '0', 'o')", "SUBSTRING(%s, 1, 7)", "SUBSTR(%s, 3)", "LEFT(%s, 7)",
		"RIGHT(%s, 4)", "MID(%s, 2, 3)", "LPAD(%s, 24, '*')", "RPAD(%s, 24, '*')", "INSTR(%s, '9')", "LOCATE('9', %s)",
		"REVERSE(%s)", "REPEAT(%s, 2)", "TRIM(%s)", "LTRIM(%s)", "RTRIM(%s)", "TRIM(LEADING '1' FROM %s)", "HEX(%s)", "MD5(%s)",
		"SHA1(%s)", "SHA2(%s, 256)", "CRC32(%s)", "TO_BASE64(%s)", "ASCII(%s)", "ORD(%s)", "STRCMP(%s, '2000')",
		"SUBSTRING_INDEX(%s, '-', 1)", "QUOTE(%s)", "ELT(1, %s)", "FIELD(%s, 'x')", "GROUP_CONCAT(%s)", "%s LIKE '%%9%%'",
		"%s LIKE '1%%'", "%s REGEXP '^-'", "REGEXP_REPLACE(%s, '0', 'o')", "CAST(%s AS CHAR)", "CONVERT(%s, CHAR)",
		"COALESCE(%s, 'x')", "IFNULL(%s, 'x')", "IF(id > 0, %s, 'x')", "CASE WHEN id > 0 THEN %s ELSE 'x' END",
		"CONCAT(IFNULL(%s, 'x'))", "CONCAT(MAX(%s))", "CONCAT(0x41, %s)", "LENGTH(CONCAT(%s))", "INSERT(%s, 1, 2, 'XX')",
	}
	cols := []string{"dt", "tm", "ts", "y", "tsp"}
	var n, failed int
	for _, f := range fns {
		for _, c := range cols {
			for id := 1; id <= 3; id++ {
				q := fmt.Sprintf("SELECT "+f+" FROM dd WHERE id = %d", c, id)
				if strings.Contains(f, "MAX(") || strings.Contains(f, "GROUP_CONCAT(") {
					q = fmt.Sprintf("SELECT "+f+" FROM dd WHERE id IN (%d)", c, id)
				}
				n++
				want, got := mariaAnswer(maria, q), sim.answer(q)
				if want.err != got.err || want.null != got.null || want.text != got.text {
					failed++
					if failed <= 30 {
						t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
					}
				}
			}
		}
	}
	t.Logf("%d queries, %d disagree", n, failed)
}

// TestNumberText runs the string functions over integer, DECIMAL, DOUBLE,
// FLOAT, BIT and BOOL columns on simsql and on MariaDB, and wants the same
// text (compat/temporal_text.go's numberText and bitBytes): SUBSTRING,
// LEFT, INSTR, LOCATE of a number were error 1105 "invalid type: uint64",
// REVERSE(120) was 21 (typed as its argument), a BIT was its decimal
// digits instead of its bytes, SOUNDEX of a number '0000'.
func TestNumberText(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	for _, q := range []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE n (id INT PRIMARY KEY, ti TINYINT, i INT, u BIGINT UNSIGNED, s BIGINT, d DECIMAL(10,2), db DOUBLE, f FLOAT, b BIT(8), bo BOOL)",
		"INSERT INTO n VALUES (1, -5, 120, 12345678901234567890, -9223372036854775808, 1.50, 2.5, 1.25, b'101', TRUE), " +
			"(2, 127, -2147483648, 18446744073709551615, 9223372036854775807, -0.05, -1e-3, 0.1, b'11111111', FALSE), (3, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL)",
	} {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	fns := []string{
		"CONCAT(%s)", "CONCAT('a', %s)", "CONCAT_WS(',', %s, 'x')", "LENGTH(%s)", "CHAR_LENGTH(%s)", "UPPER(%s)",
		"REPLACE(%s, '1', 'o')", "SUBSTRING(%s, 1, 3)", "SUBSTR(%s, 2)", "LEFT(%s, 3)", "RIGHT(%s, 3)", "MID(%s, 2, 2)",
		"LPAD(%s, 22, '0')", "RPAD(%s, 22, '0')", "INSTR(%s, '2')", "LOCATE('2', %s)", "REVERSE(%s)", "REPEAT(%s, 2)",
		"TRIM(%s)", "TRIM(LEADING '1' FROM %s)", "INSERT(%s, 1, 1, 'X')", "HEX(%s)", "MD5(%s)", "SHA1(%s)",
		"TO_BASE64(%s)", "BIT_LENGTH(%s)", "ASCII(%s)", "STRCMP(%s, '2')", "SUBSTRING_INDEX(%s, '.', 1)",
		"QUOTE(%s)", "ELT(1, %s)", "FIELD(%s, 120, 1.5)", "%s LIKE '%%5%%'", "CAST(%s AS CHAR)", "SOUNDEX(%s)",
		"CONCAT(0x41, %s)", "BIN(%s)", "OCT(%s)", "LENGTH(CONCAT(%s))",
	}
	// Left, simsql's own: QUOTE of a BIT that is not UTF-8 (go-mysql-server's
	// QUOTE of bytes); FIELD of a DECIMAL among numbers compares text
	// ('1.50' against '1.5'; MySQL compares numbers); a BIT in LIKE is its
	// digits. Not a fault: CAST of the BIT 0xFF AS CHAR is NULL (MySQL 8:
	// NULL with warning 1300 for bytes that are not utf8mb4; MariaDB '?').
	left := map[string]bool{
		"SELECT QUOTE(b) FROM n WHERE id = 2": true, "SELECT FIELD(d, 120, 1.5) FROM n WHERE id = 1": true,
		"SELECT b LIKE '%5%' FROM n WHERE id = 1": true, "SELECT b LIKE '%5%' FROM n WHERE id = 2": true,
		"SELECT CAST(b AS CHAR) FROM n WHERE id = 2": true,
	}
	var n, failed int
	for _, f := range fns {
		for _, c := range []string{"ti", "i", "u", "s", "d", "db", "f", "b", "bo"} {
			for id := 1; id <= 3; id++ {
				q := fmt.Sprintf("SELECT "+f+" FROM n WHERE id = %d", c, id)
				n++
				want, got := mariaAnswer(maria, q), sim.answer(q)
				if (want.err != got.err || want.null != got.null || want.text != got.text) && !left[q] {
					failed++
					if failed <= 30 {
						t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
					}
				}
			}
		}
	}
	t.Logf("%d queries, %d disagree", n, failed)
}
