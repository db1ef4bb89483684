package compat_test

import "testing"

// TestHexLiterals pins hexadecimal literals in numeric context: BIGINT
// UNSIGNED, the last eight bytes (go-mysql-server 0.20 read them as a
// string, 0).
func TestHexLiterals(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT 0xFF + 1", want: "256", typ: "UNSIGNED BIGINT"},
		{query: "SELECT X'FF' + 1", want: "256", typ: "UNSIGNED BIGINT"}, // MariaDB: DOUBLE 1
		{query: "SELECT 0xFFFFFFFFFFFFFFFF | 0", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT 0x010000000000000001 | 0", want: "1"},
		{query: "SELECT fp ^ 0xFFFFFFFFFFFFFFFF FROM f WHERE id = 5", want: "1"},
		{query: "SELECT BIT_COUNT(fp ^ 0x7FFFFFFFFFFFFFFF) FROM f WHERE id = 2", want: "63"},
		{query: "SELECT COUNT(*) FROM f WHERE fp = 0xFFFFFFFFFFFFFFFF", want: "1"},
		{query: "SELECT CAST(0xFFFFFFFFFFFFFFFF AS SIGNED)", want: "-1"},
		{query: "SELECT -(0x8000000000000000)", want: "-9223372036854775808", typ: "DECIMAL"},
		{query: "SELECT 0xFF + 1.5", want: "256.5", typ: "DECIMAL"},
		{query: "SELECT CONV(0xFF, 10, 16)", want: "0"}, // CONV reads the literal's bytes as text
		// In string context it stays a binary string.
		{query: "SELECT HEX(0xFF)", want: "FF"},
		{query: "SELECT CONCAT(0x41, 'b')", want: "Ab"},
	})
}
