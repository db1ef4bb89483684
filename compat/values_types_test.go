package compat_test

import (
	"reflect"
	"strings"
	"testing"
)

// TestValuesTypes pins the VALUES statement's and a VALUES derived
// table's column types, aggregated over every row as UNION aggregates its
// sides' (MySQL 8: "the column types are determined in the same way as for
// UNION"): go-mysql-server 0.20 typed each column from its first row, so
// 18446744073709551615 after 3 came back as 127 (TINYINT) and 1.5 before
// it failed with 1105.
func TestValuesTypes(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "VALUES ROW(3), ROW(18446744073709551615) LIMIT 1 OFFSET 1", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "VALUES ROW(18446744073709551615), ROW(3)", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "VALUES ROW(18446744073709551615), ROW(-1) LIMIT 1 OFFSET 1", want: "-1", typ: "DECIMAL"},
		{query: "VALUES ROW(1.5), ROW(18446744073709551615) LIMIT 1 OFFSET 1", want: "18446744073709551615.0", typ: "DECIMAL"},
		{query: "SELECT column_1 FROM (VALUES ROW(1, 18446744073709551615), ROW(2, 3)) AS v ORDER BY column_0", want: "18446744073709551615", typ: "DECIMAL"},
		{query: "SELECT MAX(b) FROM (VALUES ROW(1, -1), ROW(2, 18446744073709551615)) AS v(a, b)", want: "18446744073709551615"},
		{query: "SELECT b FROM (VALUES ROW(1, -1), ROW(2, 18446744073709551615)) AS v(a, b) WHERE b > 0", want: "18446744073709551615"},
		{query: "SELECT b + 1 FROM (VALUES ROW(1, 2), ROW(3, 18446744073709551614)) AS v(a, b) ORDER BY b DESC", want: "18446744073709551615"},
		{query: "VALUES ROW(2.5), ROW('x')", want: "2.5"},
		// go-mysql-server 0.20 panicked on a NULL in a DECIMAL column.
		{query: "VALUES ROW(1.5), ROW(NULL) LIMIT 1 OFFSET 1", want: "NULL", typ: "DECIMAL"},
		{query: "SELECT COUNT(a) FROM (VALUES ROW(NULL), ROW(2.5), ROW(NULL)) AS v(a)", want: "1"},
		// Already right: one row, one type.
		{query: "VALUES ROW(18446744073709551615)", want: "18446744073709551615", typ: "UNSIGNED BIGINT"},
		{query: "VALUES ROW(1), ROW(2) LIMIT 1 OFFSET 1", want: "2", typ: "BIGINT"},
	})
}

// valuesAsUnion are rows TestValuesAsUnion gives VALUES and UNION ALL:
// integers at the edges of BIGINT and BIGINT UNSIGNED, DECIMALs, DOUBLEs,
// strings, temporal values and NULL, in both orders.
var valuesAsUnion = [][]string{
	{"3", "18446744073709551615"},
	{"18446744073709551615", "3"},
	{"18446744073709551615", "-1"},
	{"-9223372036854775808", "18446744073709551615", "0"},
	{"1.5", "18446744073709551615"},
	{"18446744073709551615", "-0.125"},
	{"1e15", "3", "18446744073709551615"},
	{"1", "'x'"},
	{"'abc'", "2.50"},
	{"NULL", "9223372036854775808"},
	{"9223372036854775808", "NULL", "-1"},
	{"DATE '2024-01-02'", "'x'"},
	{"DATE '2024-01-02'", "TIMESTAMP '2024-01-02 03:04:05'"},
	{"TRUE", "2"},
	{"1.5", "NULL"},
}

// TestValuesAsUnion checks that VALUES ROW(a), ROW(b) … answers as SELECT
// a UNION ALL SELECT b …: the same column type and the same values.
func TestValuesAsUnion(t *testing.T) {
	e := newEngine(t)
	for _, rows := range valuesAsUnion {
		vq := "VALUES ROW(" + strings.Join(rows, "), ROW(") + ")"
		uq := "SELECT " + strings.Join(rows, " UNION ALL SELECT ")
		vs, vr := e.typedRows(t, vq)
		us, ur := e.typedRows(t, uq)
		if vs[0].Type.String() != us[0].Type.String() || !reflect.DeepEqual(vr, ur) {
			t.Errorf("%s: %s %q; %s: %s %q", vq, vs[0].Type, vr, uq, us[0].Type, ur)
		}
	}
}
