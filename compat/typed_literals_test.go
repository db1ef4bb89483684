package compat

import "testing"

// TestTypedLiterals pins the text typedLiterals gives the parser: each
// DATE, TIME and TIMESTAMP literal as a CAST, nothing else touched.
func TestTypedLiterals(t *testing.T) {
	for _, tc := range []struct {
		q, want string // want "" for no rewrite
	}{
		{q: "SELECT DATE '2020-01-01'", want: "SELECT CAST('2020-01-01' AS DATE)"},
		{q: "SELECT date\t\"2020-01-01\" = x", want: "SELECT CAST(\"2020-01-01\" AS DATE) = x"},
		{q: "SELECT TIME '10:00:00' < TIME'9:00:00.50'", want: "SELECT CAST('10:00:00' AS TIME) < CAST('9:00:00.50' AS TIME(2))"},
		{q: "SELECT TIMESTAMP '2020-01-01 00:00:00.1234567'", want: "SELECT CAST('2020-01-01 00:00:00.1234567' AS DATETIME(6))"},
		// Adjacent literals are one string.
		{q: "SELECT DATE '2020-01' '-05' AS d", want: "SELECT CAST('2020-01' '-05' AS DATE) AS d"},
		// Not a typed literal: a column named date, a string, a comment.
		{q: "SELECT date, 'DATE ''x''' FROM t WHERE date = '2020-01-01'", want: ""},
		{q: "SELECT t.date 'd' FROM t", want: ""},
		{q: "SELECT 1 /* DATE '2020-01-01' */", want: ""},
		{q: "SELECT `date` 'x'", want: ""},
		{q: "SELECT CAST(x AS DATE)", want: ""},
		{q: "SELECT 1", want: ""},
	} {
		got := ""
		if e, _ := typedLiterals(tc.q, false); e != nil {
			got = e.text
		}
		if got != tc.want {
			t.Errorf("typedLiterals(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestValidTemporal pins which typed literals are valid, as MySQL 8 and
// MariaDB decide (checked on MariaDB 10.11; MySQL's create_temporal_literal).
func TestValidTemporal(t *testing.T) {
	for _, tc := range []struct {
		typ, s string
		want   bool
	}{
		{"DATE", "2020-01-01", true},
		{"DATE", "2020-1-5", true},
		{"DATE", "20200105", true},
		{"DATE", "2020-13-01", false},          // no month 13
		{"DATE", "2020-02-30", false},          // no 30 February
		{"DATE", "2020-01-01 10:00:00", false}, // a time of day
		{"DATE", "", false},
		{"DATE", "x", false},
		{"TIME", "10:00:00", true},
		{"TIME", "838:59:59", true},
		{"TIME", "-01:00:00", true},
		{"TIME", "10", true}, // 00:00:10
		{"TIME", "25:99", false},
		{"TIME", "839:00:00", false}, // beyond TIME's range
		{"TIME", "2020-01-01 10:00:00", false},
		{"DATETIME", "2020-01-01 10:00:00", true},
		{"DATETIME(1)", "2020-01-01 10:00:00.5", true},
		{"DATETIME", "2020-01-01", false}, // no time of day
		{"DATETIME", "2020-01-01 25:00:00", false},
		{"DATETIME", "x", false},
	} {
		if got := validTemporal(tc.typ, tc.s); got != tc.want {
			t.Errorf("validTemporal(%q, %q) = %v, want %v", tc.typ, tc.s, got, tc.want)
		}
	}
}
