package compat_test

import "testing"

// TestBitAggregates pins BIT_AND, BIT_OR and BIT_XOR over 64 bits, as
// MySQL 8 answers them.
func TestBitAggregates(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT BIT_OR(fp) FROM f", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_AND(fp) FROM f WHERE id IN (1, 2)", want: "9223372036854775809", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_XOR(fp) FROM f WHERE id IN (1, 5)", want: "1", typ: "UNSIGNED BIGINT"},
		// A negative BIGINT is its two's complement (go-mysql-server 0.20: 0).
		{query: "SELECT BIT_AND(s) FROM f WHERE id = 1", want: "18446744073709551615"},
		{query: "SELECT BIT_OR(s) FROM f WHERE id = 3", want: "9223372036854775808"},
		{query: "SELECT BIT_AND('-2')", want: "18446744073709551614"},
		{query: "SELECT BIT_OR(0xFF)", want: "255"},
		// Over no rows: all ones, zero, zero.
		{query: "SELECT BIT_AND(fp) FROM f WHERE id > 100", want: "18446744073709551615"},
		{query: "SELECT BIT_OR(fp) FROM f WHERE id > 100", want: "0"},
		{query: "SELECT BIT_XOR(fp) FROM f WHERE id > 100", want: "0"},
		{query: "SELECT BIT_COUNT(BIT_XOR(fp)) FROM f WHERE id IN (1, 2)", want: "62"},
	})
}
