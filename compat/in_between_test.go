package compat_test

import (
	"strings"
	"testing"
)

// TestInBetween pins IN and BETWEEN over integers of either sign, as
// MySQL 8 answers them.
func TestInBetween(t *testing.T) {
	checkKnown(t, nil, []known{
		// go-mysql-server 0.20 compared as DOUBLE: both were 1.
		{query: "SELECT 9223372036854775807 IN (9223372036854775808, 1)", want: "0"},
		{query: "SELECT 9223372036854775807 BETWEEN 9223372036854775808 AND 9223372036854775810", want: "0"},
		{query: "SELECT s IN (9223372036854775808, 0) FROM f WHERE id = 2", want: "0"},
		{query: "SELECT fp IN (-1, 0) FROM f WHERE id = 1", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE fp IN (9007199254740993, 1)", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE fp IN (9007199254740992, -1)", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE fp IN ('18446744073709551615', 0xFFFFFFFFFFFFFFFE)", want: "2"},
		{query: "SELECT COUNT(*) FROM f WHERE fp BETWEEN 9223372036854775808 AND 18446744073709551614", want: "2"},
		{query: "SELECT COUNT(*) FROM f WHERE fp NOT BETWEEN 1 AND 18446744073709551614", want: "2"},
		{query: "SELECT COUNT(*) FROM f WHERE s BETWEEN -1 AND 9223372036854775808", want: "4"},
		// Items of mixed types are each compared with x by the pair's type.
		{query: "SELECT -9223372036854775808 IN (-9223372036854775807, 1e0)", want: "0"},
		{query: "SELECT 5 IN (1, NULL), 5 NOT IN (1, NULL)", want: "NULL"},
		{query: "SELECT 5 NOT IN (1, 2)", want: "1"},
		// A number with strings: each pair as DOUBLE (go-mysql-server 0.20
		// converted '2x' to the left side's type and answered 0).
		{query: "SELECT 2 IN ('1', '2x')", want: "1"},
		{query: "SELECT '2x' IN (2, 3)", want: "1"},
		{query: "SELECT 2 NOT IN (1, '2x')", want: "0"},
		{query: "SELECT 5 NOT IN ('1', NULL)", want: "NULL"},
		{query: "SELECT COUNT(*) FROM f WHERE id IN ('2x', '3y')", want: "2"},
		{query: "SELECT 5 BETWEEN NULL AND 3", want: "0"},
		{query: "SELECT 5 BETWEEN NULL AND 7", want: "NULL"},
		{query: "SELECT ? IN (18446744073709551615, 1)", params: []any{uint64(18446744073709551615)}, want: "1"},
		{query: "SELECT ? BETWEEN 9223372036854775808 AND ?", params: []any{uint64(18446744073709551615), uint64(18446744073709551615)}, want: "1"},
	})
}

// TestInBetweenPlans checks that IN and BETWEEN on an indexed column with
// constants still become index lookups.
func TestInBetweenPlans(t *testing.T) {
	e := newEngine(t)
	for _, q := range fixture {
		e.run(t, q)
	}
	for _, q := range []string{
		"SELECT * FROM f WHERE id IN (1, 3)",
		"SELECT * FROM f WHERE id BETWEEN 2 AND 4",
		"SELECT * FROM f WHERE fp IN (18446744073709551615, 5)",
		"SELECT * FROM f WHERE fp IN (18446744073709551615, -1)",
		"SELECT * FROM f WHERE fp BETWEEN 9223372036854775808 AND 18446744073709551615",
	} {
		if plan := e.plan(t, q); !strings.Contains(plan, "IndexedTableAccess") {
			t.Errorf("%s: no index lookup:\n%s", q, plan)
		}
	}
}
