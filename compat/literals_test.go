package compat_test

import "testing"

// TestLiterals pins the literals of literals.go.
func TestLiterals(t *testing.T) {
	checkKnown(t, nil, []known{
		// go-mysql-server 0.20: error 1105 from strconv.
		{query: "SELECT 1e400", err: 1367},
		{query: "SELECT -1e400", err: 1367},
		{query: "SELECT 1.5e308", want: "1.5e308", typ: "DOUBLE"}, // MySQL prints 1.5e308 (double_text.go)
		// 0b1111 was a column name.
		{query: "SELECT 0b1111 + 0", want: "15"},
		{query: "SELECT b'1111' + 0", want: "15"},
		{query: "SELECT 0b1111 + 1", want: "16"},
		{query: "SELECT 0b1111 = b'1111'", want: "1"},
	})
	// In backquotes 0b1111 is a name, as in MySQL (the first version of
	// the rewrite read it as the literal).
	checkKnown(t, []string{"CREATE TABLE lb (id INT PRIMARY KEY, `0b1111` INT)", "INSERT INTO lb VALUES (1, 7)"}, []known{
		{query: "SELECT `0b1111` FROM lb", want: "7"},
		{query: "SELECT `0b1111` + 0 FROM lb WHERE `0b1111` = 7", want: "7"},
		{query: "SELECT 0b1111 + 0 FROM lb", want: "15"},
		{query: "SELECT HEX(0b1111) FROM lb", want: "0F"}, // a binary string (bit_literals.go)
	})
}

// TestEmptyBinaryDefault: go-mysql-server writes an empty binary default
// (” on a VARBINARY column) as the text 0x and parses it again through
// this package's parser when the table is planned. A rewrite that read 0x
// as MySQL's name (SELECT 0x: 1054) broke every such table: vttablet's own
// _vt tables and its information_schema.columns query failed with 1054
// "Unknown column '0x'" (TestCluster). So 0x stays go-mysql-server's
// empty string, MySQL's 1054 for SELECT 0x left.
func TestEmptyBinaryDefault(t *testing.T) {
	checkKnown(t, []string{
		"CREATE TABLE vb (id INT PRIMARY KEY, b VARBINARY(10) NOT NULL DEFAULT '', c VARCHAR(5))",
		"INSERT INTO vb (id, c) VALUES (1, 'x')",
	}, []known{
		{query: "SELECT LENGTH(b) FROM vb WHERE id = 1", want: "0"},
		{query: "SELECT COUNT(*) FROM information_schema.columns WHERE table_name = 'vb' AND LOWER(table_name) = LOWER('VB')", want: "3"},
		{query: "SELECT column_name FROM information_schema.columns WHERE table_name = 'vb' ORDER BY ordinal_position LIMIT 1 OFFSET 1", want: "b"},
	})
}
