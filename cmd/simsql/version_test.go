package main

import (
	"strings"
	"testing"
)

// TestReleaseName pins the simsql part of the server version
// (8.0.33-simsql-<release>): a release tag's version, else "devel".
func TestReleaseName(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"v1.2.0", "1.2.0"},
		{"v0.3.1", "0.3.1"},
		{"(devel)", "devel"},
		{"", "devel"},
		{"v0.0.0-20261201222356-249da13abcde", "devel"}, // a pseudo-version: no release
		{"v1.2.0+dirty", "devel"},                       // local changes
		{"v1.3.0-rc.1", "devel"},
	} {
		if got := releaseName(c.in); got != c.want {
			t.Errorf("releaseName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	// Drivers read the digits before the first '-' as MySQL's version.
	if v := serverVersion(); !strings.HasPrefix(v, "8.0.33-simsql-") {
		t.Errorf("serverVersion() = %q, want 8.0.33-simsql-…", v)
	}
}
