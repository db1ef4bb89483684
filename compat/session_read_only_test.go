package compat_test

import (
	"testing"
)

// TestSessionReadOnly pins MySQL 8's max_allowed_packet: its session
// value is read-only (1621, as MariaDB 10.11), SET GLOBAL sets the
// global one, and a session that starts after it reads that.
func TestSessionReadOnly(t *testing.T) {
	const msg = "SESSION variable 'max_allowed_packet' is read-only. Use SET GLOBAL to assign the value"
	sim := newEngine(t)
	t.Cleanup(func() { sim.run(t, "SET GLOBAL max_allowed_packet = 67108864") })
	// Regression: each was accepted, and changed the session's limit.
	for _, q := range []string{
		"SET SESSION max_allowed_packet = 1048576", "SET @@max_allowed_packet = 1048576",
		"SET @@session.max_allowed_packet = 1048576", "SET LOCAL max_allowed_packet = 1048576",
		"SET max_allowed_packet = 1048576",
	} {
		if got := sim.answer(q); got.err != 1621 || got.msg != msg {
			t.Errorf("%s: %s, want ERROR 1621: %s", q, got, msg)
		}
	}
	sim.run(t, "SET GLOBAL max_allowed_packet = 1048576")
	fresh := newEngine(t)
	for _, tc := range []struct {
		g    *engine
		q    string
		want string
	}{
		{sim, "SELECT @@max_allowed_packet", "67108864"}, // read when the session began
		{sim, "SELECT @@global.max_allowed_packet", "1048576"},
		{fresh, "SELECT @@max_allowed_packet", "1048576"},
		{fresh, "SELECT @@session.max_allowed_packet", "1048576"},
	} {
		if got := tc.g.answer(tc.q); got.err != 0 || got.text != tc.want {
			t.Errorf("%s: %s, want %s", tc.q, got, tc.want)
		}
	}
}
