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
