package functions

import (
	"math"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

func TestToBits64(t *testing.T) {
	for _, tc := range []struct {
		why  string
		in   any
		want uint64
		ok   bool
	}{
		{"zero", int64(0), 0, true},
		{"signed −1 is all ones", int64(-1), math.MaxUint64, true},
		{"int8 −1 is all ones too", int8(-1), math.MaxUint64, true},
		{"unsigned max", uint64(math.MaxUint64), math.MaxUint64, true},
		{"most negative BIGINT is the top bit", int64(math.MinInt64), 1 << 63, true},
		{"uint32", uint32(7), 7, true},
		{"integral decimal", decimal.RequireFromString("18446744073709551615"), math.MaxUint64, true},
		{"negative decimal", decimal.RequireFromString("-2"), math.MaxUint64 - 1, true},
		{"decimal just past 2^64", decimal.RequireFromString("18446744073709551616"), 0, false},
		{"decimal below −2^63", decimal.RequireFromString("-9223372036854775809"), 0, false},
		{"fractional decimal", decimal.RequireFromString("1.5"), 0, false},
		{"integral float", 3.0, 3, true},
		{"fractional float", 2.5, 0, false},
		{"NaN", math.NaN(), 0, false},
		{"infinity", math.Inf(1), 0, false},
		{"digits in a string", "42", 42, true},
		{"spaces around digits", " 42 ", 42, true},
		{"letters", "x", 0, false},
		{"TRUE is 1, as in MySQL", true, 1, true},
		{"FALSE is 0", false, 0, true},
	} {
		got, ok := FingerprintBits(tc.in)
		if got != tc.want || ok != tc.ok {
			t.Errorf("%s: FingerprintBits(%v) = %d, %v; want %d, %v", tc.why, tc.in, got, ok, tc.want, tc.ok)
		}
	}
}

func TestToIntAndUint(t *testing.T) {
	for _, tc := range []struct {
		why string
		in  any
		n   int64
		ok  bool
		u   uint64
		uok bool
	}{
		{"small int", int32(128), 128, true, 128, true},
		{"negative", int64(-1), -1, true, 0, false},
		{"uint64 above int64", uint64(1 << 63), 0, false, 1 << 63, true},
		{"decimal", decimal.RequireFromString("4096"), 4096, true, 4096, true},
		{"fraction", decimal.RequireFromString("0.5"), 0, false, 0, false},
		{"string", "64", 64, true, 64, true},
		{"big string", "18446744073709551615", 0, false, math.MaxUint64, true},
		{"garbage", "sixty", 0, false, 0, false},
	} {
		n, ok := toInt(tc.in)
		if ok != tc.ok || (ok && n != tc.n) {
			t.Errorf("%s: toInt(%v) = %d, %v; want %d, %v", tc.why, tc.in, n, ok, tc.n, tc.ok)
		}
		u, uok := toUint(tc.in)
		if uok != tc.uok || (uok && u != tc.u) {
			t.Errorf("%s: toUint(%v) = %d, %v; want %d, %v", tc.why, tc.in, u, uok, tc.u, tc.uok)
		}
	}
}

// TestTemporalAndEnumAsText is a regression test: a DATE argument was read
// as "2024-01-02 00:00:00" (the Go time's text) and an ENUM as its number;
// MySQL reads them as '2024-01-02' and the label.
func TestTemporalAndEnumAsText(t *testing.T) {
	day := time.Date(2024, 1, 2, 0, 0, 0, 0, time.UTC)
	enum := types.MustCreateEnumType([]string{"red apple", "green pear"}, sql.Collation_Default)
	for _, tc := range []struct {
		arg  sql.Expression
		want string
	}{
		{expression.NewLiteral(day, types.Date), `["2024", "01", "02"]`},
		{expression.NewLiteral(day.Add(3*time.Hour+4*time.Minute+5*time.Second), types.DatetimeMaxPrecision), `["2024", "01", "02", "03", "04", "05"]`},
		{expression.NewLiteral(uint16(2), enum), `["green", "pear"]`},
	} {
		v, err := NewTokenize(tc.arg).Eval(sql.NewEmptyContext(), nil)
		if err != nil {
			t.Fatalf("tokenize(%s): %v", tc.arg, err)
		}
		if got := jsonText(t, v); got != tc.want {
			t.Errorf("tokenize(%s) = %s, want %s", tc.arg, got, tc.want)
		}
	}
}

func jsonText(t *testing.T, v any) string {
	t.Helper()
	s, err := types.JSON.SQL(sql.NewEmptyContext(), nil, v)
	if err != nil {
		t.Fatal(err)
	}
	return s.ToString()
}

// TestAppendJSONString compares tokenize()'s JSON string writer with
// go-mysql-server's own (what a JSON value of the list of tokens printed
// before) on every ASCII byte, quotes, backslashes, non-ASCII and invalid
// UTF-8.
func TestAppendJSONString(t *testing.T) {
	inputs := []string{"", "hello", `say "hi"`, `back\slash`, "tab\tnew\nline\r\f\b", "naïve 中文 😀", "\xff\xfe", "\u2028"}
	for c := 0; c < 128; c++ {
		inputs = append(inputs, "a"+string(rune(c))+"b")
	}
	for _, s := range inputs {
		want, err := types.JsonToMySqlBytes(types.JSONDocument{Val: s})
		if err != nil {
			t.Fatal(err)
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, go-mysql-server writes %s", s, got, want)
		}
	}
}

// FuzzAppendJSONString is TestAppendJSONString on arbitrary strings.
func FuzzAppendJSONString(f *testing.F) {
	f.Add(`a"b\c` + "\n\x00\xff")
	f.Fuzz(func(t *testing.T, s string) {
		want, err := types.JsonToMySqlBytes(types.JSONDocument{Val: s})
		if err != nil {
			t.Skip()
		}
		if got := appendJSONString(nil, s); string(got) != string(want) {
			t.Errorf("appendJSONString(%q) = %s, go-mysql-server writes %s", s, got, want)
		}
	})
}
