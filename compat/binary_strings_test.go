package compat_test

import (
	"fmt"
	"testing"
)

// TestBinaryStrings pins the string functions on binary strings: they
// work on bytes, as in MySQL (go-mysql-server 0.20 turned bytes of 0x80
// and more into U+FFFD, or failed).
func TestBinaryStrings(t *testing.T) {
	setUp := []string{
		"CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(64), txt VARCHAR(20))",
		"INSERT INTO s VALUES (1, X'0011223300F1789060D1E336FF', 'héllo wörld')",
		"CREATE TABLE m (id INT PRIMARY KEY, body TEXT, sig BLOB)",
		"INSERT INTO m VALUES (1, 'the quick brown fox jumps over the lazy dog', NULL)",
		"UPDATE m SET sig = minhash(body)",
	}
	checkKnown(t, setUp, []known{
		// The example, on the bytes 00F1789060D1E336 at 5..12.
		{query: "SELECT LENGTH(SUBSTRING(sig, 5, 8)) FROM s", want: "8"},
		{query: "SELECT HEX(SUBSTRING(sig, 5, 8)) FROM s", want: "00F1789060D1E336"},
		{query: "SELECT HEX(SUBSTR(sig, -4)), HEX(MID(sig, 6, 2)) FROM s", want: "D1E336FF"},
		{query: "SELECT HEX(SUBSTRING(sig FROM 6 FOR 2)) FROM s", want: "F178"},
		{query: "SELECT HEX(LEFT(sig, 6)), HEX(RIGHT(sig, 2)) FROM s", want: "0011223300F1"},
		{query: "SELECT HEX(RIGHT(sig, 2)) FROM s", want: "36FF"},
		{query: "SELECT HEX(REVERSE(X'F1F2F3'))", want: "F3F2F1"},
		{query: "SELECT HEX(LPAD(X'F1', 3, X'00')), HEX(RPAD(X'F1', 3, X'00'))", want: "0000F1"},
		{query: "SELECT HEX(CONCAT(sig, X'FF')) FROM s", want: "0011223300F1789060D1E336FFFF"},
		{query: "SELECT HEX(CONCAT_WS(X'2C', X'F1', NULL, X'F2'))", want: "F12CF2"},
		{query: "SELECT LOCATE(X'F178', sig), INSTR(sig, X'36'), POSITION(X'FF' IN sig) FROM s", want: "6"},
		{query: "SELECT HEX(SUBSTRING_INDEX(X'F1002CF22CF3', X'2C', -1))", want: "F3"},
		{query: "SELECT HEX(REPLACE(sig, X'00', X'')) FROM s", want: "112233F1789060D1E336FF"},
		{query: "SELECT HEX(INSERT(X'F1F2F3', 2, 1, X'00'))", want: "F100F3"},
		{query: "SELECT HEX(TRIM(X'20F120')), HEX(TRIM(LEADING X'F1' FROM X'F1F1F2'))", want: "F1"},
		{query: "SELECT HEX(TRIM(LEADING X'F1' FROM X'F1F1F2'))", want: "F2"},
		{query: "SELECT HEX(UPPER(X'61F1')), CHAR_LENGTH(sig), ASCII(X'F1'), ORD(X'F1F2') FROM s", want: "61F1"},
		{query: "SELECT CHAR_LENGTH(sig) FROM s", want: "13"},
		{query: "SELECT HEX(REPEAT(X'F1', 3))", want: "F1F1F1"},
		// The hash and encoding functions (values from Python's hashlib and
		// zlib.crc32 of the same bytes), ELT, FIELD, COALESCE and
		// GROUP_CONCAT read the bytes (go-mysql-server 0.20: 1105 "invalid
		// string for charset utf8mb4", TO_BASE64 "invalid type").
		{query: "SELECT MD5(sig) FROM s", want: "811222d0708d9c56e599ddbe8c550e68"},
		{query: "SELECT SHA1(X'F1')", want: "07b7255eacbc81c051445ebe4f8c74fc8892dd3e"},
		{query: "SELECT SHA2(X'F1', 256)", want: "d4f09e5c5af99a24c7e304ca7997d26cb00901697de08a49be0d46ab5839b614"},
		{query: "SELECT CRC32(X'F1')", want: "414723335"},
		{query: "SELECT TO_BASE64(sig) FROM s", want: "ABEiMwDxeJBg0eM2/w=="},
		{query: "SELECT HEX(ELT(2, 'a', sig)) FROM s", want: "0011223300F1789060D1E336FF"},
		{query: "SELECT FIELD(X'F1', 'a', X'F1'), STRCMP(X'F1', X'F2') FROM s", want: "2"},
		{query: "SELECT STRCMP(X'F1', X'F2')", want: "-1"},
		{query: "SELECT FIND_IN_SET(X'F1', X'612CF1')", want: "2"},
		{query: "SELECT HEX(COALESCE(NULL, sig)) FROM s", want: "0011223300F1789060D1E336FF"},
		{query: "SELECT HEX(GROUP_CONCAT(sig)) FROM s", want: "0011223300F1789060D1E336FF"},
		{query: "SELECT HEX(CAST(sig AS CHAR CHARACTER SET binary)) FROM s", want: "0011223300F1789060D1E336FF"},
		// A binary prepared-statement parameter (go-sql-driver's []byte)
		// is a binary string (binary_params.go); go-mysql-server 0.20 made
		// it LONGTEXT: U+FFFD for its bytes, or 1105.
		{query: "SELECT HEX(SUBSTRING(?, 2, 3))", params: []any{[]byte{0x00, 0xF1, 0x78, 0x90, 0x60}}, want: "F17890"},
		{query: "SELECT HEX(UPPER(?))", params: []any{[]byte{0x61, 0xF1}}, want: "61F1"},
		{query: "SELECT HEX(CONCAT(?, 'a'))", params: []any{[]byte{0xF1}}, want: "F161"},
		{query: "SELECT HEX(REVERSE(?))", params: []any{[]byte{0xF1, 0xF2}}, want: "F2F1"},
		{query: "SELECT HEX(TRIM(?))", params: []any{[]byte{0x20, 0xF1, 0x20}}, want: "F1"},
		{query: "SELECT MD5(?)", params: []any{[]byte{0xF1}}, want: "edb907361219fb8d50279eabab0b83b1"},
		{query: "SELECT ? LIKE CONCAT(X'F1', '%')", params: []any{[]byte{0xF1, 0xF2}}, want: "1"},
		{query: "SELECT HEX(GROUP_CONCAT(?)) FROM s", params: []any{[]byte{0xF1}}, want: "F1"},
		{query: "SELECT HEX(GREATEST(?, X'01'))", params: []any{[]byte{0xF1}}, want: "F1"},
		{query: "SELECT COUNT(*) FROM s WHERE sig = ?", params: []any{[]byte{0x00, 0x11, 0x22, 0x33, 0x00, 0xF1, 0x78, 0x90, 0x60, 0xD1, 0xE3, 0x36, 0xFF}}, want: "1"},
		// A parameter that is UTF-8 stays text, of characters.
		{query: "SELECT CHAR_LENGTH(?), UPPER(?)", params: []any{[]byte("hé"), []byte("hé")}, want: "2"},
		{query: "SELECT UPPER(?)", params: []any{[]byte("hé")}, want: "HÉ"},
		// A text column keeps its characters.
		{query: "SELECT SUBSTRING(txt, 2, 4) FROM s", want: "éllo"},
		{query: "SELECT LEFT(txt, 2), CHAR_LENGTH(txt) FROM s", want: "hé"},
		{query: "SELECT CHAR_LENGTH(txt) FROM s", want: "11"},
		{query: "SELECT UPPER(txt) FROM s", want: "HÉLLO WÖRLD"},
		// Bands of a MinHash signature, cut in SQL, are its bytes.
		{query: "SELECT HEX(SUBSTRING(sig, 15, 8)) = SUBSTRING(HEX(sig), 29, 16) FROM m", want: "1"},
		{query: "SELECT LENGTH(SUBSTRING(sig, 15, 8)) FROM m", want: "8"},
	})
}

// TestBinaryStringBands checks every 8-byte band of a MinHash signature
// cut with SUBSTRING against the same band of its HEX.
func TestBinaryStringBands(t *testing.T) {
	e := newEngine(t)
	e.run(t, "CREATE TABLE m (id INT PRIMARY KEY, sig BLOB)")
	e.run(t, "INSERT INTO m VALUES (1, minhash('the quick brown fox jumps over the lazy dog'))")
	n := e.answer("SELECT LENGTH(sig) FROM m")
	var length int
	fmt.Sscan(n.text, &length)
	if length < 64 {
		t.Fatalf("signature of %d bytes", length)
	}
	for pos := 1; pos+7 <= length; pos++ {
		q := fmt.Sprintf("SELECT HEX(SUBSTRING(sig, %d, 8)) = SUBSTRING(HEX(sig), %d, 16), LENGTH(SUBSTRING(sig, %d, 8)) FROM m", pos, 2*pos-1, pos)
		if a := e.answer(q); a.text != "1" {
			t.Fatalf("%s: %s", q, a)
		}
	}
}
