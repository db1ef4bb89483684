package compat_test

import "testing"

// TestBitLength pins BIT_LENGTH as MySQL 8 and MariaDB 10.11 answer it
// (bit_length.go). Regression: go-mysql-server 0.20 failed with 1105 for
// a binary string or a DECIMAL and gave the Go type's size for a number.
func TestBitLength(t *testing.T) {
	checkKnown(t, []string{"CREATE TABLE b (id INT PRIMARY KEY, v VARBINARY(10), d DATE)",
		"INSERT INTO b VALUES (1, 0x000102, '2020-01-02')"}, []known{
		{query: "SELECT BIT_LENGTH(0x0102)", want: "16", typ: "BIGINT"},
		{query: "SELECT BIT_LENGTH(x'')", want: "0"},
		{query: "SELECT BIT_LENGTH(v) FROM b", want: "24"},
		{query: "SELECT BIT_LENGTH('abc')", want: "24"},
		{query: "SELECT BIT_LENGTH(123)", want: "24"},
		{query: "SELECT BIT_LENGTH(-1.50)", want: "40"},
		{query: "SELECT BIT_LENGTH(fp) FROM f WHERE id = 1", want: "160"},
		{query: "SELECT BIT_LENGTH(d) FROM b", want: "80"},
		{query: "SELECT BIT_LENGTH(NULL)", want: "NULL"},
	})
}
