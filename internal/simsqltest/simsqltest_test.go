package simsqltest

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestParseReady checks the ready line as cmd/simsql/serve.go prints it,
// and that no other line passes for it.
func TestParseReady(t *testing.T) {
	for _, tc := range []struct {
		line string
		addr string
		port int
		ok   bool
	}{
		{"simsql: serving MySQL protocol on 127.0.0.1:40123 (data dir /tmp/x y)", "127.0.0.1:40123", 40123, true},
		{"simsql: serving MySQL protocol on 127.0.0.1:3306 (data dir /d)", "127.0.0.1:3306", 3306, true},
		{"simsql: serving MySQL protocol on 0.0.0.0:3306 (data dir /d)", "", 0, false}, // the tests listen on loopback only
		{"simsql: opening /d", "", 0, false},
		{"", "", 0, false},
	} {
		addr, port, ok := ParseReady(tc.line)
		if addr != tc.addr || port != tc.port || ok != tc.ok {
			t.Errorf("ParseReady(%q) = %q, %d, %v; want %q, %d, %v", tc.line, addr, port, ok, tc.addr, tc.port, tc.ok)
		}
	}
}

// TestFirstLine checks that the first line arrives and the rest is read.
func TestFirstLine(t *testing.T) {
	if got := <-FirstLine(strings.NewReader("one\ntwo\nthree\n")); got != "one" {
		t.Errorf("FirstLine = %q, want \"one\"", got)
	}
}

func cell(s string) Cell { return &s }

// TestTexts checks NULLs, empty strings and no rows.
func TestTexts(t *testing.T) {
	rows := [][]Cell{{cell("1"), nil, cell("")}, {cell("a|b"), cell("NULL"), nil}}
	if got, want := Strings(rows, "|"), []string{"1|NULL|", "a|b|NULL|NULL"}; !slices.Equal(got, want) {
		t.Errorf("Strings = %q, want %q", got, want)
	}
	if got := Texts(rows); len(got) != 2 || !slices.Equal(got[1], []string{"a|b", "NULL", "NULL"}) {
		t.Errorf("Texts = %q", got)
	}
	if Strings(nil, ",") != nil || Texts(nil) != nil {
		t.Error("no rows gave a non-nil result")
	}
}

// fakeTB records how Require ended it.
type fakeTB struct{ fatal, skip string }

func (*fakeTB) Helper()                             {}
func (f *fakeTB) Fatalf(format string, args ...any) { f.fatal = fmt.Sprintf(format, args...) }
func (f *fakeTB) Skipf(format string, args ...any)  { f.skip = fmt.Sprintf(format, args...) }

// TestRequire checks the skip, and the failure under SIMSQL_REQUIRE_X=1.
func TestRequire(t *testing.T) {
	t.Setenv("SIMSQL_REQUIRE_TESTONLY", "")
	var f fakeTB
	Require(&f, "TESTONLY", "thing missing")
	if f.fatal != "" || f.skip != "thing missing (SIMSQL_REQUIRE_TESTONLY=1 makes this a failure)" {
		t.Errorf("without the variable: fatal %q, skip %q", f.fatal, f.skip)
	}
	t.Setenv("SIMSQL_REQUIRE_TESTONLY", "1")
	f = fakeTB{}
	Require(&f, "TESTONLY", "thing missing")
	if f.fatal != "thing missing and SIMSQL_REQUIRE_TESTONLY=1" || f.skip != "" {
		t.Errorf("with the variable: fatal %q, skip %q", f.fatal, f.skip)
	}
}
