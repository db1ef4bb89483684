package compat_test

import (
	"strings"
	"testing"
)

// TestCompare pins =, <, <=, >, >=, <> and <=> between integers of either
// sign and with DECIMALs, DOUBLEs and strings, as MySQL 8 answers them.
func TestCompare(t *testing.T) {
	checkKnown(t, nil, []known{
		// go-mysql-server 0.20 compared signed with unsigned as DOUBLE.
		{query: "SELECT 9223372036854775807 = 9223372036854775808", want: "0"},
		{query: "SELECT 9223372036854775807 < 9223372036854775808", want: "1"},
		{query: "SELECT s = fp FROM f WHERE id = 2", want: "0"},
		{query: "SELECT s < fp FROM f WHERE id = 2", want: "1"},
		{query: "SELECT -1 < fp FROM f WHERE id = 4", want: "1"},
		{query: "SELECT fp = -1 FROM f WHERE id = 1", want: "0"},
		{query: "SELECT CAST(fp AS SIGNED) < 0 FROM f WHERE id = 1", want: "1"},
		{query: "SELECT fp > 9223372036854775807 FROM f WHERE id = 2", want: "1"},
		{query: "SELECT fp <=> 18446744073709551615 FROM f WHERE id = 1", want: "1"},
		{query: "SELECT fp <> 18446744073709551614 FROM f WHERE id = 1", want: "1"},
		// A constant compared with an integer column is converted to the
		// column's type when exact, so 2^53 + 1 is not 2^53.
		{query: "SELECT COUNT(*) FROM f WHERE fp = 9007199254740993", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE fp = 9007199254740992", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE fp = '18446744073709551614'", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE fp = 18446744073709551614.0", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE fp > -1", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE fp < 9223372036854775808", want: "2"},
		{query: "SELECT COUNT(*) FROM f WHERE s >= 9223372036854775808", want: "0"},
		// DECIMAL against an integer compares exactly, DOUBLE as DOUBLE.
		{query: "SELECT 18446744073709551615 < 18446744073709551615.5", want: "1"},
		{query: "SELECT 9223372036854775807.0 = 9.223372036854775807e18", want: "1"},
		{query: "SELECT NULL = 1, NULL <=> NULL", want: "NULL"},
		{query: "SELECT NULL <=> NULL", want: "1"},
		{query: "SELECT ? = fp FROM f WHERE id = 1", params: []any{uint64(18446744073709551615)}, want: "1"},
		{query: "SELECT ? < fp FROM f WHERE id = 2", params: []any{int64(-1)}, want: "1"},
	})
}

// TestComparePlans checks that the comparisons go-mysql-server's planner
// turns into index lookups still are: a column compared with a constant
// keeps go-mysql-server's own comparison node.
func TestComparePlans(t *testing.T) {
	checkIndexLookups(t, []string{
		"SELECT * FROM f WHERE id = 2",
		"SELECT * FROM f WHERE 2 = id",
		"SELECT * FROM f WHERE id < 3",
		"SELECT * FROM f WHERE fp = 18446744073709551615",
		"SELECT * FROM f WHERE fp = 5",
		"SELECT * FROM f WHERE fp = '9223372036854775809'",
		"SELECT * FROM f WHERE fp >= 9223372036854775808 AND fp <= 18446744073709551614",
	})
}

// checkIndexLookups checks that each query's plan over the fixture reads
// an index.
func checkIndexLookups(t *testing.T, queries []string) {
	t.Helper()
	checkIndexLookupsAfter(t, nil, queries)
}

// checkIndexLookupsAfter is checkIndexLookups on the fixture and setUp.
func checkIndexLookupsAfter(t *testing.T, setUp, queries []string) {
	t.Helper()
	e := newEngine(t)
	for _, q := range append(append([]string{}, fixture...), setUp...) {
		e.run(t, q)
	}
	for _, q := range queries {
		if plan := e.plan(t, q); !strings.Contains(plan, "IndexedTableAccess") {
			t.Errorf("%s: no index lookup:\n%s", q, plan)
		}
	}
}
