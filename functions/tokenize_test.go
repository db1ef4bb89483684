package functions

import "testing"

// TestTokenizeEval is tokenize()'s Eval table: the analyzer's tokens as
// a JSON array, in order, repeats kept, in go-mysql-server's JSON form.
func TestTokenizeEval(t *testing.T) {
	for _, c := range []struct {
		in   any
		want string // "" for NULL
	}{
		{"The Cats SAT on the mat.", `["the", "cats", "sat", "on", "the", "mat"]`},
		{"ｆｕｌｌ　ｗｉｄｔｈ", `["full", "width"]`},
		{"看著軟體 hello世界", `["看著", "软体", "hello", "世界"]`},
		{"", `[]`},
		{"a\"b\\c\td", `["a", "b", "c", "d"]`},
		{int64(42), `["42"]`},
		{3.5, `["3.5"]`},
		{[]byte{0xff, 'a'}, `["a"]`}, // an invalid UTF-8 byte is no token
		{nil, ""},
	} {
		v := eval(t, NewTokenize(lit(c.in)))
		if c.want == "" {
			if v != nil {
				t.Errorf("tokenize(%v) = %v, want NULL", c.in, v)
			}
			continue
		}
		if got := jsonText(t, v); got != c.want {
			t.Errorf("tokenize(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}
