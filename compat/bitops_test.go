package compat_test

import (
	"strings"
	"testing"
)

// TestBitOps pins |, &, ^, ~, <<, >> and BIT_COUNT over BIGINT UNSIGNED,
// as MySQL 8 answers them: 64 bits in, BIGINT UNSIGNED out.
func TestBitOps(t *testing.T) {
	checkKnown(t, nil, []known{
		// The examples: go-mysql-server 0.20 answered DOUBLE
		// 9.223372036854776e+18, 32768 and 63, and refused ~.
		{query: "SELECT fp | 0 FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp ^ 0 FROM f WHERE id = 1", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp | 0 FROM f WHERE id = 2", want: "9223372036854775809", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp >> 48 FROM f WHERE id = 1", want: "65535", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_COUNT(fp) FROM f WHERE id = 1", want: "64", typ: "BIGINT"},
		{query: "SELECT BIT_COUNT(fp) FROM f WHERE id = 2", want: "2", typ: "BIGINT"},
		{query: "SELECT ~0", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT ~fp FROM f WHERE id = 2", want: "9223372036854775806", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp & 9223372036854775808 FROM f WHERE id = 2", want: "9223372036854775808", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp ^ 18446744073709551614 FROM f WHERE id = 1", want: "1", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_COUNT(fp ^ 18446744073709551608) FROM f WHERE id = 1", want: "3", typ: "BIGINT"},
		// Negative numbers are their two's complement bits.
		{query: "SELECT -1 | 0", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT s & fp FROM f WHERE id = 3", want: "0", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_COUNT(-1)", want: "64", typ: "BIGINT"},
		{query: "SELECT BIT_COUNT(s) FROM f WHERE id = 3", want: "1", typ: "BIGINT"},
		// Shifts by 64 or more are 0, including by a negative count.
		{query: "SELECT 1 << 63", want: "9223372036854775808", typ: "UNSIGNED BIGINT"},
		{query: "SELECT 1 << 64", want: "0", typ: "UNSIGNED BIGINT"},
		{query: "SELECT fp >> 64 FROM f WHERE id = 1", want: "0"},
		{query: "SELECT 1 << -1", want: "0"},
		{query: "SELECT 1 << 4294967296", want: "0"}, // MariaDB: 1 (a 32-bit count)
		// Strings of digits are read as integers, clamped to 64 bits.
		{query: "SELECT '18446744073709551615' | 0", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT '-1' | 0", want: "18446744073709551615"},
		{query: "SELECT '99999999999999999999' | 0", want: "18446744073709551615"},
		{query: "SELECT '-9223372036854775809' | 0", want: "9223372036854775808"},
		{query: "SELECT BIT_COUNT('18446744073709551615')", want: "64"},
		// A DECIMAL is rounded, a DOUBLE rounded half to even; both are
		// clamped to the signed range (MySQL 8's val_int).
		{query: "SELECT 1.5 | 0", want: "2"},
		{query: "SELECT -1.5 | 0", want: "18446744073709551614"},
		{query: "SELECT 2.5e0 | 0", want: "2"},
		{query: "SELECT 18446744073709551616 | 0", want: "9223372036854775807"},
		// NULL in, NULL out.
		{query: "SELECT NULL | 1", want: "NULL", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_COUNT(NULL)", want: "NULL"},
		// Parameters and user variables.
		{query: "SELECT ? ^ 0", params: []any{uint64(18446744073709551615)}, want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT BIT_COUNT(? ^ fp) FROM f WHERE id = 1", params: []any{uint64(0)}, want: "64"},
		{query: "SELECT @fp >> 60", want: "15"},
	})
}

// TestBitCountHammingQuery pins the query a MySQL user writes for
// near-duplicate fingerprints, BIT_COUNT(fp ^ X) <= k: it returns the rows
// within Hamming distance k, whatever the high bit (go-mysql-server 0.20
// returned wrong rows).
func TestBitCountHammingQuery(t *testing.T) {
	e := newEngine(t)
	for _, q := range fixture {
		e.run(t, q)
	}
	got := e.column(t, "SELECT id FROM f WHERE BIT_COUNT(fp ^ 18446744073709551615) <= 3 ORDER BY id")
	if strings.Join(got, ",") != "1,5" {
		t.Errorf("BIT_COUNT(fp ^ 18446744073709551615) <= 3: ids %v, want 1,5", got)
	}
	got = e.column(t, "SELECT id FROM f WHERE BIT_COUNT(fp ^ 9223372036854775808) <= 1 ORDER BY id")
	if strings.Join(got, ",") != "2,4" {
		t.Errorf("BIT_COUNT(fp ^ 9223372036854775808) <= 1: ids %v, want 2,4", got)
	}
}
