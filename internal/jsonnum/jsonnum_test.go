package jsonnum

import (
	"encoding/json"
	"math"
	"reflect"
	"testing"
)

func TestParse(t *testing.T) {
	for _, c := range []struct {
		text string
		want any
		why  string
	}{
		{`18446744073709551614`, uint64(math.MaxUint64 - 1), "above 2^63: a uint64"},
		{`18446744073709551615`, uint64(math.MaxUint64), "the largest uint64"},
		{`18446744073709551616`, 18446744073709551616.0, "beyond uint64: a DOUBLE"},
		{`9007199254740993`, int64(9007199254740993), "2^53 + 1, which a float64 cannot hold"},
		{`-9223372036854775808`, int64(math.MinInt64), "the smallest int64"},
		{`-9223372036854775809`, -9223372036854775809.0, "below int64: a DOUBLE"},
		{`1.5`, 1.5, "a fraction"},
		{`1e2`, 100.0, "an exponent is a DOUBLE, as in MySQL"},
		{`-0`, int64(0), "an integer zero"},
		{`{"fp": 12345678901234567891, "a": [1, 2.5, "x", null, true]}`,
			map[string]any{"fp": uint64(12345678901234567891), "a": []any{int64(1), 2.5, "x", nil, true}}, "nested"},
	} {
		got, err := Parse([]byte(c.text))
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s (%s): Parse = %#v, %v; want %#v", c.text, c.why, got, err, c.want)
		}
	}
}

// TestParseErrors checks that Parse fails where encoding/json does, with
// its error.
func TestParseErrors(t *testing.T) {
	for _, text := range []string{``, ` `, `{`, `[1] 2`, `{"a": 1}x`, `nul`, `01`} {
		var v any
		want := json.Unmarshal([]byte(text), &v)
		_, err := Parse([]byte(text))
		if err == nil || want == nil || err.Error() != want.Error() {
			t.Errorf("%q: Parse error %v, encoding/json %v", text, err, want)
		}
	}
}
