package compat_test

import "testing"

// TestConv pins CONV(N, from_base, to_base) over 64 bits, as MySQL 8
// answers it.
func TestConv(t *testing.T) {
	checkKnown(t, nil, []known{
		{query: "SELECT CONV(fp, 10, 16) FROM f WHERE id = 1", want: "FFFFFFFFFFFFFFFF"},
		{query: "SELECT CONV(fp, 10, 2) FROM f WHERE id = 2", want: "1000000000000000000000000000000000000000000000000000000000000001"},
		{query: "SELECT CONV('FFFFFFFFFFFFFFFF', 16, 10)", want: "18446744073709551615"},
		{query: "SELECT CONV('ffffffffffffffff', 16, -10)", want: "-1"},
		{query: "SELECT CONV(-1, 10, 16)", want: "FFFFFFFFFFFFFFFF"},
		{query: "SELECT CONV(s, 10, 16) FROM f WHERE id = 3", want: "8000000000000000"},
		{query: "SELECT CONV(s, 10, -16) FROM f WHERE id = 3", want: "-8000000000000000"},
		{query: "SELECT CONV(18446744073709551616, 10, 16)", want: "FFFFFFFFFFFFFFFF"}, // overflow clamps
		{query: "SELECT CONV('-18446744073709551616', 10, -10)", want: "-1"},
		{query: "SELECT CONV(-9223372036854775809, -10, -10)", want: "-9223372036854775808"},
		{query: "SELECT CONV('z', 36, 10), CONV('12xyz', 10, 10)", want: "35"},
		{query: "SELECT CONV(-1.5, 10, 10)", want: "18446744073709551615"}, // the text "-1.5" is read up to the point
		{query: "SELECT CONV(1e19, 10, 10)", want: "1"},                    // the text "1e19"
		{query: "SELECT CONV(10, 1, 10)", want: "NULL"},
		{query: "SELECT CONV(10, 10, 37)", want: "NULL"},
		{query: "SELECT CONV(NULL, 10, 16)", want: "NULL"},
		{query: "SELECT CONV(?, 10, 16)", params: []any{uint64(18446744073709551615)}, want: "FFFFFFFFFFFFFFFF"},
	})
}
