package compat_test

import "testing"

// TestBitLiterals pins bit-value literals as the binary strings MySQL 8
// reads them as, numbers in numeric context (bit_literals.go), and
// hexadecimal literals written to numeric columns as numbers.
func TestBitLiterals(t *testing.T) {
	checkKnown(t, []string{"CREATE TABLE bl (id INT PRIMARY KEY, u BIGINT UNSIGNED, i INT, d DECIMAL(20,0))",
		"INSERT INTO bl VALUES (1, 0x35, X'3535', 0xFFFFFFFFFFFFFFFF)"}, []known{
		// go-mysql-server 0.20: '65', 2, 'F', 0.
		{query: "SELECT b'1000001'", want: "A"},
		{query: "SELECT LENGTH(b'1111')", want: "1"},
		{query: "SELECT HEX(b'1111')", want: "0F"},
		{query: "SELECT b'1000001' = 'A'", want: "1"},
		{query: "SELECT b'11111111' | 0", want: "255", typ: "UNSIGNED BIGINT"},
		{query: "SELECT b'1111111111111111111111111111111111111111111111111111111111111111' = 18446744073709551615", want: "1"},
		{query: "SELECT HEX(b'')", want: ""},
		// Hexadecimal literals written to numeric columns (was 5, 5, 55).
		{query: "SELECT u FROM bl WHERE id = 1", want: "53"},
		{query: "SELECT i FROM bl WHERE id = 1", want: "13621"},
		{query: "SELECT d FROM bl WHERE id = 1", want: "18446744073709551615"},
		{query: "INSERT INTO bl VALUES (2, 0x010000000000000000, 0, 0)", err: 1264},
	})
}
