package compat

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// TestQuoteValue holds err_conv's quoting of a value in a message, and
// checks that warningBytes makes every warning SHOW WARNINGS lists UTF-8
// (whoever raised it) and leaves UTF-8 ones as they are.
func TestQuoteValue(t *testing.T) {
	for _, c := range []struct {
		s      string
		binary bool
		want   string
	}{
		{"\xff\xfe", true, `\xFF\xFE`},
		{"A\u00e9\n", true, `A\xC3\xA9\x0A`}, // UTF-8 and a control byte, of a binary string
		{" ~", true, " ~"},                   // 0x20 and 0x7E are themselves
		{"A\u00e9\n", false, "A\u00e9\n"},    // a character string keeps its characters
		{"a\xffb\u00e9", false, `a\xFFb` + "\u00e9"},
		{"", true, ""},
	} {
		if got := quoteValue(c.s, c.binary); got != c.want {
			t.Errorf("quoteValue(%q, %v) = %q, want %q", c.s, c.binary, got, c.want)
		}
	}
	ok := &sql.Warning{Level: "Warning", Code: 1292, Message: "fine: 'é'"}
	bad := &sql.Warning{Level: "Warning", Code: 1292, Message: "Incorrect value: '\xff'"}
	n, _, err := warningBytes(sql.NewEmptyContext(), nil, plan.ShowWarnings{ok, bad}, nil, nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	w := n.(plan.ShowWarnings)
	if w[0] != ok || w[1].Message != `Incorrect value: '\xFF'` || w[1].Code != 1292 || bad.Message != "Incorrect value: '\xff'" {
		t.Errorf("warningBytes: got %q, %q (the session's: %q)", w[0].Message, w[1].Message, bad.Message)
	}
}
