package sqltests

import (
	dbsql "database/sql"
	"strings"
	"testing"
)

// TestBinaryPrepared sends a binary string, bytes of 0x80 and more that
// are not UTF-8, as a parameter of server-side prepared statements
// (go-sql-driver without interpolateParams, a []byte argument) to the
// string functions, over the wire, and wants MariaDB's answer for the same
// bytes as a binary parameter, CAST(? AS BINARY) (MariaDB reads
// go-sql-driver's MYSQL_TYPE_STRING as text). go-mysql-server 0.20 made
// the parameter LONGTEXT: HEX(SUBSTRING(?, 2, 3)) was EFBFBD78EFBFBD and
// CONCAT(?, 'a') error 1366 (compat/binary_params.go).
func TestBinaryPrepared(t *testing.T) {
	srv := sharedServer(t)
	wc := newWireConn(t, srv)
	useScratchDatabase(t, srv, wc, "binary_prepared")
	sim := openDB(t, srv.DSN("binary_prepared"))
	maria := sharedMariaDB(t).scratchDB(t)
	for _, db := range []*dbsql.DB{sim, maria} {
		for _, q := range []string{
			"CREATE TABLE b (id INT PRIMARY KEY, sig VARBINARY(32))",
			"INSERT INTO b VALUES (1, X'00F1789060D1E336FF')",
		} {
			if _, err := db.Exec(q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
	}
	param := []byte{0x00, 0xF1, 0x78, 0x90, 0x60, 0xD1, 0xE3, 0x36, 0xFF}
	for _, f := range []string{
		"HEX(SUBSTRING(%s, 2, 3))", "HEX(UPPER(%s))", "HEX(LOWER(%s))", "HEX(CONCAT(%s, 'a'))", "HEX(REVERSE(%s))",
		"HEX(LEFT(%s, 3))", "HEX(LPAD(%s, 12, 'a'))", "HEX(REPEAT(%s, 2))", "HEX(TRIM(%s))", "HEX(INSERT(%s, 2, 1, 'z'))",
		"CHAR_LENGTH(%s)", "ORD(SUBSTRING(%s, 2))", "LOCATE(X'90', %s)", "MD5(%s)", "SHA1(%s)", "SHA2(%s, 256)",
		"CRC32(%s)", "TO_BASE64(%s)", "HEX(ELT(1, %s))", "FIELD(%s, 'a', X'00F1789060D1E336FF')", "HEX(COALESCE(NULL, %s))",
		"HEX(GROUP_CONCAT(%s))", "HEX(CAST(%s AS CHAR CHARACTER SET binary))", "%s LIKE CONCAT(X'00F1', '%%')",
		"HEX(QUOTE(%s))", "(SELECT COUNT(*) FROM b WHERE sig = %s)", "HEX(GREATEST(%s, X'01'))",
	} {
		q := "SELECT " + strings.ReplaceAll(f, "%s", "?") + " FROM b"
		mq := "SELECT " + strings.ReplaceAll(f, "%s", "CAST(? AS BINARY)") + " FROM b"
		var want, got dbsql.NullString
		if err := maria.QueryRow(mq, param).Scan(&want); err != nil {
			t.Fatalf("MariaDB: %s: %v", mq, err)
		}
		if err := sim.QueryRow(q, param).Scan(&got); err != nil {
			t.Errorf("%s: %v, want %v", q, err, want)
			continue
		}
		if got != want {
			t.Errorf("%s: got %v, want %v", q, got, want)
		}
	}
}
