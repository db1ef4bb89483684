package functions

import (
	"math"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// TestSimHashOptions: simhash(text, options) is textsim's SimHashWith;
// without options, or with an empty string or 'v1', it is version 1 bit for bit; bad
// options are ErrIncorrectArguments naming the option.
func TestSimHashOptions(t *testing.T) {
	a := textsim.Default()
	const text = "Simhash detects near duplicates and not exact duplicates"
	const v1 = uint64(0x1dd3766812c10018) // textsim's golden value
	for _, opts := range []any{nil, "", "v1", "V1 bits=64"} {
		e := must(NewSimHash(lit(text)))
		if opts != nil {
			e = must(NewSimHash(lit(text), lit(opts)))
		}
		if got := eval(t, e); got != v1 {
			t.Errorf("%s = %v, want the version 1 golden %d", e, got, v1)
		}
	}
	for _, opts := range []string{"bits=32 top=20 features=char2 weight=binary", "v2", "v2 bits=32", "weight=logtf stopwords=drop", "features=char3"} {
		o, err := textsim.ParseSimHashOptions(opts)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := a.SimHashWith(text, o)
		if got := eval(t, must(NewSimHash(lit(text), lit(opts)))); got != want {
			t.Errorf("simhash(text, %q) = %v, textsim %d", opts, got, want)
		}
	}
	// The worked example, and its 32-bit form, whose hamming is at most 32.
	if got := eval(t, must(NewSimHash(lit("the cat sat on the mat"), lit("features=char2 weight=binary")))); got != uint64(0x4a630817e2b207aa) {
		t.Errorf("worked example = %#x", got)
	}
	fp32 := eval(t, must(NewSimHash(lit("the cat sat on the mat"), lit("bits=32 features=char2 weight=binary"))))
	if fp32 != uint64(0xe2b207aa) {
		t.Errorf("32-bit worked example = %#x", fp32)
	}
	if d := eval(t, NewHamming(lit(fp32), lit(uint64(0)))); d != int32(15) {
		t.Errorf("hamming(32-bit fp, 0) = %v, want its 15 set bits", d)
	}
	if d := eval(t, NewHamming(lit(uint64(0xFFFFFFFF)), lit(uint64(0)))); d != int32(32) {
		t.Errorf("hamming(2^32−1, 0) = %v, want 32", d)
	}
	null := expression.NewLiteral(nil, types.Null)
	if v := eval(t, must(NewSimHash(lit(text), null))); v != nil {
		t.Errorf("simhash(text, NULL) = %v, want NULL", v)
	}
	if v := eval(t, must(NewSimHash(lit("..."), lit("bits=32")))); v != nil {
		t.Errorf("simhash('...', 'bits=32') = %v, want NULL (no tokens)", v)
	}
	for _, c := range []struct {
		opts any
		msg  string
	}{
		{"bits=16", `Incorrect arguments to simhash: bad simhash options: option "bits" must be 32 or 64, got "16"`},
		{"colour=red", `unknown option "colour"`},
		{"features=char2 weight=tfidf", `option "weight" tfidf needs features=words`},
		{int64(32), "options must be a string such as 'bits=32 top=20 features=char2 weight=binary', got 32"},
	} {
		_, err := must(NewSimHash(lit(text), lit(c.opts))).Eval(sql.NewEmptyContext(), nil)
		if err == nil || !ErrIncorrectArguments.Is(err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("simhash(text, %v): error %v, want %q", c.opts, err, c.msg)
		}
	}
	if _, err := NewSimHash(); err == nil || !strings.Contains(err.Error(), "expected 1 to 2 arguments, 0 received") {
		t.Errorf("simhash(): %v", err)
	}
}

// TestHammingEval is hamming()'s Eval table: the number of differing bits
// of two 64-bit fingerprints, as INT; a signed BIGINT is read as its 64
// bits; an integral DOUBLE or a decimal string is the integer; anything
// else that is not a fingerprint is error 1411 (ErrNotFingerprint); NULL
// on either side is NULL.
func TestHammingEval(t *testing.T) {
	for _, c := range []struct {
		a, b any
		want any // int32, nil for NULL, or "error"
	}{
		{uint64(0xFF), uint64(0), int32(8)},
		{uint64(0), uint64(0), int32(0)},
		{uint64(math.MaxUint64), uint64(0), int32(64)},
		{int64(-1), uint64(0), int32(64)},
		{int64(math.MinInt64), uint64(1) << 63, int32(0)},
		{"18446744073709551615", int64(0), int32(64)},
		{3.0, int64(0), int32(2)},
		{nil, int64(1), nil},
		{int64(1), nil, nil},
		{"abc", int64(0), "error"},
		{3.5, int64(0), "error"},
		{[]byte{1, 2, 3, 4, 5, 6, 7, 8}, uint64(0), "error"},
	} {
		got, err := NewHamming(lit(c.a), lit(c.b)).Eval(sql.NewEmptyContext(), nil)
		switch {
		case c.want == "error":
			if !ErrNotFingerprint.Is(err) {
				t.Errorf("hamming(%v, %v) = %v, %v; want ErrNotFingerprint", c.a, c.b, got, err)
			}
		case err != nil || got != c.want:
			t.Errorf("hamming(%v, %v) = %v (%T), %v; want %v", c.a, c.b, got, got, err, c.want)
		}
	}
}
