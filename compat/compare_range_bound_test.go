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
