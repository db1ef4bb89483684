package compat_test

import "testing"

// TestCompareRangeBound pins an integer column compared with a DECIMAL
// that is not an integer of its range, through the index on fp and
// without one on s, and checks that the index is still read where an
// integer bound admits the same rows.
func TestCompareRangeBound(t *testing.T) {
	checkKnown(t, nil, []known{
		// go-mysql-server 0.20's ranges clamped 2^64 to 2^63: 2 and 1 of 5.
		{query: "SELECT COUNT(*) FROM f WHERE fp < 18446744073709551616", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE fp <= 18446744073709551616", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE fp != 18446744073709551616", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE 18446744073709551616 > fp", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE fp = 18446744073709551616", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE fp >= 18446744073709551616", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE fp > 9223372036854775808.5", want: "3"},
		{query: "SELECT COUNT(*) FROM f WHERE fp >= -0.5", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE fp < -0.5", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE fp BETWEEN -0.5 AND 0.5", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE s > -9223372036854775809", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE s < 9223372036854775807.5", want: "5"},
		{query: "SELECT COUNT(*) FROM f WHERE s > 9223372036854775806.5", want: "1"},
		{query: "SELECT COUNT(*) FROM f WHERE s = 1.5", want: "0"},
		{query: "SELECT COUNT(*) FROM f WHERE s <> 1.5", want: "5"},
	})
	checkIndexLookups(t, []string{
		"SELECT * FROM f WHERE fp > 9223372036854775808.5",
		"SELECT * FROM f WHERE 9223372036854775808.5 > fp",
		"SELECT * FROM f WHERE fp <= 18446744073709551614.5",
	})
}

// TestCompareRangeBoundNarrow pins the bounds a TINYINT's and a
// DECIMAL(5,2)'s index ranges clamped or refused (issue 11), given as
// literals, negated literals, user variables and hexadecimal literals,
// and checks that the index is still read.
func TestCompareRangeBoundNarrow(t *testing.T) {
	setUp := []string{
		"CREATE TABLE n (id INT PRIMARY KEY, v TINYINT, KEY (v))",
		"INSERT INTO n VALUES (1, 127), (2, -128), (3, 0), (4, NULL)",
		"CREATE TABLE d (id INT PRIMARY KEY, p DECIMAL(5,2), KEY (p))",
		"INSERT INTO d VALUES (1, 999.99), (2, -999.99), (3, 1.5), (4, 1.51)",
		"SET @big = 1000, @neg = -1000",
	}
	checkKnown(t, setUp, []known{
		// go-mysql-server 0.20's ranges clamped 1000 to 127: 2 of 3.
		{query: "SELECT COUNT(*) FROM n WHERE v < 1000", want: "3"},
		{query: "SELECT COUNT(*) FROM n WHERE v < @big", want: "3"},
		{query: "SELECT COUNT(*) FROM n WHERE v > @neg", want: "3"},
		{query: "SELECT COUNT(*) FROM n WHERE v < 0x3E8", want: "3"},
		{query: "SELECT COUNT(*) FROM n WHERE v > -128.5", want: "3"},
		{query: "SELECT COUNT(*) FROM n WHERE v >= -127.5", want: "2"},
		{query: "SELECT COUNT(*) FROM n WHERE v IN (1000, 127)", want: "1"},
		{query: "SELECT COUNT(*) FROM n WHERE v IN (1000, -1000)", want: "0"},
		{query: "SELECT COUNT(*) FROM n WHERE v NOT IN (1000, -1000)", want: "3"},
		{query: "SELECT COUNT(*) FROM n WHERE v NOT BETWEEN -1000 AND 126", want: "1"},
		{query: "SELECT COUNT(*) FROM n WHERE NOT (v <=> 1000)", want: "4"},
		{query: "SELECT v = 1000 FROM n WHERE id = 4", want: "NULL"},
		{query: "SELECT v <> 1000 FROM n WHERE id = 1", want: "1"},
		// go-mysql-server 0.20: error 1105.
		{query: "SELECT COUNT(*) FROM d WHERE p < 1000", want: "4"},
		{query: "SELECT COUNT(*) FROM d WHERE p > -1000.5", want: "4"},
		{query: "SELECT COUNT(*) FROM d WHERE p > 1.505", want: "2"},
		{query: "SELECT COUNT(*) FROM d WHERE p <= -999.995", want: "0"},
		{query: "SELECT COUNT(*) FROM d WHERE p = 1.50000", want: "1"},
		{query: "SELECT COUNT(*) FROM d WHERE p IN (1.505, 1.51, 5000)", want: "1"},
		{query: "SELECT COUNT(*) FROM d WHERE p BETWEEN 1.505 AND 1000", want: "2"},
	})
	checkIndexLookupsAfter(t, setUp, []string{
		"SELECT * FROM n WHERE v < 1000",
		"SELECT * FROM n WHERE v < @big",
		"SELECT * FROM n WHERE v = 1.5",
		"SELECT * FROM n WHERE v IN (1000, 127)",
		"SELECT * FROM n WHERE v BETWEEN -1000 AND 1000.5",
		"SELECT * FROM d WHERE p < 1000",
		"SELECT * FROM d WHERE p > 1.505",
		"SELECT * FROM d WHERE p BETWEEN 1.505 AND 1000",
	})
}
