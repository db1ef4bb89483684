package compat_test

import "testing"

// TestLiterals pins the literals of literals.go.
func TestLiterals(t *testing.T) {
	checkKnown(t, nil, []known{
		// go-mysql-server 0.20: error 1105 from strconv.
		{query: "SELECT 1e400", err: 1367},
		{query: "SELECT -1e400", err: 1367},
		{query: "SELECT 1.5e308", want: "1.5e+308", typ: "DOUBLE"}, // MySQL prints 1.5e308 (go-mysql-server's, left)
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
