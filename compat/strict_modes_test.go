package compat

import "testing"

// TestZeroDate pins which texts MySQL 8's NO_ZERO_DATE and
// NO_ZERO_IN_DATE refuse in strict mode (strict_modes.go).
func TestZeroDate(t *testing.T) {
	for _, tc := range []struct {
		text         string
		zero, zeroIn bool
	}{
		{"0000-00-00", true, false},
		{"0000-00-00 00:00:00", true, false},
		{"0000-00-00 00:00:00.000000", true, false},
		{" 00000000 ", true, false},
		{"00000000000000", true, false},
		{"0000-00-00 12:00:00", false, true}, // a time on the zero date: a zero month and day
		{"2024-00-10", false, true},
		{"2024-05-00", false, true},
		{"2024/05/00 10:00:00", false, true},
		{"20240010", false, true},
		{"0000-01-01", false, false}, // year 0 is a date
		{"2024-02-10", false, false},
		{"2024-02", false, false}, // not a date: left to go-mysql-server
		{"abc", false, false},
	} {
		zero, zeroIn := zeroDate(tc.text)
		if zero != tc.zero || zeroIn != tc.zeroIn {
			t.Errorf("zeroDate(%q) = %v, %v; want %v, %v", tc.text, zero, zeroIn, tc.zero, tc.zeroIn)
		}
	}
}
