package compat_test

import "testing"

// TestCast pins CAST and CONVERT to SIGNED and UNSIGNED, as MySQL 8
// answers them.
func TestCast(t *testing.T) {
	setUp := []string{
		// A signed fingerprint column, generated with CAST: the same 64 bits.
		"CREATE TABLE g (id INT PRIMARY KEY, body TEXT, sfp BIGINT AS (CAST(simhash(body) AS SIGNED)) STORED)",
		"INSERT INTO g (id, body) VALUES (1, '后脚龙族幻想恰烂钱')",
	}
	checkKnown(t, setUp, []known{
		{query: "SELECT sfp, hamming(sfp, simhash(body)) FROM g", want: "-4899132938440951220"},
		{query: "SELECT hamming(sfp, simhash(body)) FROM g", want: "0"},
		{query: "SELECT CAST(sfp AS UNSIGNED) = simhash(body) FROM g", want: "1"},
		// The example: go-mysql-server 0.20 clamped to 9223372036854775807.
		{query: "SELECT CAST(fp AS SIGNED) FROM f WHERE id = 1", want: "-1", typ: "BIGINT"},
		{query: "SELECT CAST(fp AS SIGNED) FROM f WHERE id = 2", want: "-9223372036854775807", typ: "BIGINT"},
		{query: "SELECT CONVERT(fp, SIGNED) FROM f WHERE id = 1", want: "-1", typ: "BIGINT"},
		{query: "SELECT CAST(fp AS SIGNED INTEGER) FROM f WHERE id = 5", want: "-2", typ: "BIGINT"},
		{query: "SELECT CAST(18446744073709551615 AS SIGNED)", want: "-1", typ: "BIGINT"},
		{query: "SELECT CAST(-1 AS UNSIGNED)", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "SELECT CAST(s AS UNSIGNED) FROM f WHERE id = 3", want: "9223372036854775808", typ: "UNSIGNED BIGINT"},
		{query: "SELECT CAST(CAST(1 - 2 AS UNSIGNED) AS SIGNED)", want: "-1"},
		{query: "SELECT CAST(~5 AS SIGNED)", want: "-6"},
		// Strings are read by my_strtoll10: unsigned up to 2^64-1, clamped beyond.
		{query: "SELECT CAST('18446744073709551615' AS UNSIGNED)", want: "18446744073709551615"},
		{query: "SELECT CAST('18446744073709551616' AS UNSIGNED)", want: "18446744073709551615",
			warns: []string{"1292 Truncated incorrect INTEGER value: '18446744073709551616'"}},
		{query: "SELECT CAST('18446744073709551615' AS SIGNED)", want: "-1"},
		{query: "SELECT CAST('9223372036854775809' AS SIGNED)", want: "-9223372036854775807"},
		{query: "SELECT CAST('-1' AS UNSIGNED)", want: "18446744073709551615"},
		{query: "SELECT CAST('-9223372036854775809' AS SIGNED)", want: "-9223372036854775808"},
		// DECIMAL: rounded half away from zero, clamped to the target's
		// range; a negative one to the signed range, its bits kept.
		{query: "SELECT CAST(18446744073709551616 AS UNSIGNED)", want: "18446744073709551615"},
		{query: "SELECT CAST(18446744073709551616 AS SIGNED)", want: "9223372036854775807"},
		{query: "SELECT CAST(2.5 AS SIGNED)", want: "3"},
		{query: "SELECT CAST(-1.5 AS UNSIGNED)", want: "18446744073709551614"}, // MariaDB: 0
		// DOUBLE: rounded half to even, clamped to the signed range.
		{query: "SELECT CAST(2.5e0 AS SIGNED)", want: "2"},
		{query: "SELECT CAST(1e30 AS SIGNED)", want: "9223372036854775807"},
		// To UNSIGNED too: Item_typecast_unsigned reads a DOUBLE with
		// val_int, clamped to 2^63-1 (MySQL 8.0.15 answers
		// CAST(1e308 AS UNSIGNED) so; MariaDB 10.11: 15000000000000000000).
		{query: "SELECT CAST(1.5e19 AS UNSIGNED)", want: "9223372036854775807", typ: "UNSIGNED BIGINT"},
		{query: "SELECT CAST(-1.5e0 AS UNSIGNED)", want: "18446744073709551614"},
		{query: "SELECT CAST(-1e30 AS SIGNED)", want: "-9223372036854775808"},
		{query: "SELECT CAST(NULL AS UNSIGNED)", want: "NULL"},
		{query: "SELECT CAST(? AS SIGNED)", params: []any{uint64(18446744073709551615)}, want: "-1"},
		{query: "SELECT CAST(@fp AS SIGNED)", want: "-1"},
	})
}
