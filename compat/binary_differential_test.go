package compat_test

import (
	"strings"
	"testing"
)

// binaryValue is the binary string every input of TestBinaryDifferential
// holds: bytes of 0x80 and more that are not UTF-8 (F1 78 is no sequence,
// nor D1 E3, nor E3 36; FF never is), and a NUL.
var binaryValue = []byte{0x00, 0xF1, 0x78, 0x90, 0x60, 0xD1, 0xE3, 0x36, 0xFF}

// binaryFunctions are the built-ins that read a string argument, each
// with %s where the binary string goes (binary_strings.go,
// binary_params.go). Left out: the REGEXP family (MySQL 8.0.22 refuses a
// binary string there, error 3995, MariaDB matches bytes), SOUNDEX
// (go-mysql-server reads no bytes of 0x80 and more), MAKE_SET (which
// go-mysql-server lacks) and CAST(… AS CHAR) (MariaDB makes each byte that
// is not UTF-8 a '?').
var binaryFunctions = []string{
	"HEX(%s)", "HEX(SUBSTRING(%s, 2, 3))", "HEX(SUBSTRING(%s FROM 2 FOR 3))", "HEX(SUBSTR(%s, -3))", "HEX(MID(%s, 2, 3))",
	"HEX(LEFT(%s, 3))", "HEX(RIGHT(%s, 3))", "HEX(UPPER(%s))", "HEX(LOWER(%s))", "HEX(UCASE(%s))", "HEX(LCASE(%s))",
	"HEX(CONCAT(%s, 'a'))", "HEX(CONCAT('a', %s))", "HEX(CONCAT_WS(',', %s, 'a'))", "HEX(REVERSE(%s))",
	"HEX(LPAD(%s, 12, 'a'))", "HEX(RPAD(%s, 12, 'a'))", "HEX(LPAD(%s, 4, 'a'))", "HEX(REPEAT(%s, 2))",
	"HEX(REPLACE(%s, X'F1', 'b'))", "HEX(INSERT(%s, 2, 1, 'z'))", "HEX(TRIM(%s))", "HEX(LTRIM(%s))", "HEX(RTRIM(%s))",
	"HEX(TRIM(LEADING X'00' FROM %s))", "HEX(SUBSTRING_INDEX(%s, X'90', 1))", "LENGTH(%s)", "OCTET_LENGTH(%s)",
	"CHAR_LENGTH(%s)", "CHARACTER_LENGTH(%s)", "BIT_LENGTH(%s)", "ASCII(SUBSTRING(%s, 2))", "ORD(SUBSTRING(%s, 2))",
	"INSTR(%s, X'90')", "LOCATE(X'90', %s)", "LOCATE(X'90', %s, 5)", "POSITION(X'90' IN %s)",
	"MD5(%s)", "SHA(%s)", "SHA1(%s)", "SHA2(%s, 0)", "SHA2(%s, 224)", "SHA2(%s, 256)", "SHA2(%s, 384)", "SHA2(%s, 512)",
	"SHA2(%s, 1)", "CRC32(%s)", "TO_BASE64(%s)", "HEX(FROM_BASE64(TO_BASE64(%s)))", "HEX(UNHEX(HEX(%s)))",
	"%s LIKE '%%'", "%s LIKE 'x%%'", "%s = X'00F1789060D1E336FF'", "%s IN (X'00F1789060D1E336FF', 'a')",
	"HEX(ELT(1, %s))", "HEX(ELT(2, 'a', %s, NULL))", "ELT(3, 'a', %s)", "FIELD(%s, 'a', X'00F1789060D1E336FF')",
	"FIELD('a', %s, 'a')", "FIELD(NULL, %s)", "FIND_IN_SET(%s, 'a')", "FIND_IN_SET('a', %s)", "STRCMP(%s, 'a')",
	"STRCMP(%s, X'00F1789060D1E336FF')", "HEX(COALESCE(NULL, %s))", "HEX(COALESCE(%s, 'a'))", "HEX(IFNULL(NULL, %s))",
	"HEX(IF(1, %s, 'a'))", "HEX(NULLIF(%s, 'a'))", "HEX(CASE WHEN 1 THEN %s ELSE 'a' END)",
	"HEX(GREATEST(%s, X'01'))", "HEX(LEAST(%s, X'01'))", "HEX(QUOTE(%s))", "HEX(WEIGHT_STRING(%s))",
	"HEX(CAST(%s AS CHAR CHARACTER SET binary))", "HEX(CAST(%s AS BINARY))", "HEX(CONVERT(%s USING binary))",
	"HEX(GROUP_CONCAT(%s))", "HEX(GROUP_CONCAT(%s ORDER BY id))", "HEX(GROUP_CONCAT(DISTINCT %s))",
	"HEX(MAX(%s))", "HEX(MIN(%s))",
}

// TestBinaryDifferential runs every function of binaryFunctions over a
// binary string held four ways, on simsql and on MariaDB, and wants the
// same answer: a VARBINARY and a BLOB column, a hexadecimal literal, a
// user variable and a prepared-statement parameter (bound as the server
// binds COM_STMT_EXECUTE's, engine.answer). MariaDB types a parameter
// go-sql-driver sends (MYSQL_TYPE_STRING) as text of the connection's
// character set, so there it is CAST(? AS BINARY), the binary parameter
// MySQL makes of a BLOB one.
func TestBinaryDifferential(t *testing.T) {
	maria := startMariaDB(t)
	sim := newEngine(t)
	for _, q := range []string{
		"CREATE DATABASE d", "USE d",
		"CREATE TABLE b (id INT PRIMARY KEY, sig VARBINARY(32), bl BLOB)",
		"INSERT INTO b VALUES (1, X'00F1789060D1E336FF', X'00F1789060D1E336FF')",
		"SET @x = X'00F1789060D1E336FF'",
	} {
		if _, err := maria.ExecContext(t.Context(), q); err != nil {
			t.Fatalf("MariaDB: %s: %v", q, err)
		}
		sim.run(t, q)
	}
	var n, failed int
	for _, f := range binaryFunctions {
		for _, in := range []string{"sig", "bl", "X'00F1789060D1E336FF'", "@x", "?"} {
			q := "SELECT " + strings.ReplaceAll(f, "%s", in) + " FROM b"
			mq := q
			var args []any
			if in == "?" {
				mq = "SELECT " + strings.ReplaceAll(f, "%s", "CAST(? AS BINARY)") + " FROM b"
				for range strings.Count(f, "%s") {
					args = append(args, binaryValue)
				}
			}
			n++
			want, got := mariaAnswer(maria, mq, args...), sim.answer(q, args...)
			if want.err != 0 {
				t.Fatalf("MariaDB: %s: %s", mq, want)
			}
			if want.err != got.err || want.null != got.null || want.text != got.text {
				failed++
				t.Errorf("%s\n\tMariaDB: %s\n\tsimsql:  %s", q, want, got)
			}
		}
	}
	t.Logf("%d queries, %d disagree", n, failed)
}
