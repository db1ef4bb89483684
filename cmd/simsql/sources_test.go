package main

import (
	"encoding/csv"
	"reflect"
	"strings"
	"testing"
)

// TestReadJSONL holds readJSONL's records and its errors, each naming the
// file, the line and what is wrong (issue 13 item 9: a truncated line said
// only "f.jsonl:2: EOF"; a UTF-8 byte-order mark failed the first line).
func TestReadJSONL(t *testing.T) {
	for _, c := range []struct {
		why, in string
		want    []record // cols, vals and line of each record
		err     string
	}{
		{"a UTF-8 byte-order mark before the first object is skipped",
			"\uFEFF" + `{"a":1}` + "\n" + `{"a":"x"}`,
			[]record{{cols: []string{"a"}, vals: []any{int64(1)}, line: 1}, {cols: []string{"a"}, vals: []any{"x"}, line: 2}}, ""},
		{"CRLF line ends and blank lines",
			`{"a":1}` + "\r\n\r\n" + `{"a":2}` + "\r\n",
			[]record{{cols: []string{"a"}, vals: []any{int64(1)}, line: 1}, {cols: []string{"a"}, vals: []any{int64(2)}, line: 3}}, ""},
		{"a byte-order mark later in the file is not skipped",
			`{"a":1}` + "\n\uFEFF" + `{"a":2}`, nil,
			"f.jsonl:2: invalid JSON (byte offset 1 in the line): invalid character 'ï' looking for beginning of value"},
		{"truncated in a value, last line without a newline",
			`{"a":1}` + "\n" + `{"a":`, nil,
			`f.jsonl:2: truncated line: the JSON object is not closed, the line ends in the value of key "a" (5 bytes, ending "{\"a\":"); it is the last line and has no newline: was the file cut short?`},
		{"truncated inside a string, with a newline",
			`{"id":"x","body":"a long text that was cut` + "\n" + `{"a":1}` + "\n", nil,
			`f.jsonl:1: truncated line: the JSON object is not closed, the line ends in the value of key "body" (42 bytes, ending …"ody\":\"a long text that was cut")`},
		{"truncated after a value",
			`{"a":1,"b":2`, nil,
			`f.jsonl:1: truncated line: the JSON object is not closed, the line ends after the value of key "b" (12 bytes, ending "{\"a\":1,\"b\":2"); it is the last line and has no newline: was the file cut short?`},
		{"truncated after a comma",
			`{"a":1,` + "\n", nil,
			`f.jsonl:1: truncated line: the JSON object is not closed, the line ends after the value of key "a", in or before the next key (7 bytes, ending "{\"a\":1,")`},
		{"only the opening brace",
			"{\n", nil,
			`f.jsonl:1: truncated line: the JSON object is not closed, the line ends in or before its first key (1 byte, ending "{")`},
		{"a key without a value",
			`{"a"` + "\n", nil,
			`f.jsonl:1: truncated line: the JSON object is not closed, the line ends in the value of key "a" (4 bytes, ending "{\"a\"")`},
		{"a syntax error names its byte",
			`{"a":1,,"b":2}`, nil,
			"f.jsonl:1: invalid JSON (byte offset 7 in the line): invalid character ',' looking for beginning of object key string"},
		{"not an object", `[1,2]`, nil, "f.jsonl:1: want a JSON object, got ["},
		{"two objects on a line", `{"a":1}{"a":2}`, nil, "f.jsonl:1: text after the JSON object"},
	} {
		var got []record
		err := readJSONL("f.jsonl", skipBOM(strings.NewReader(c.in)), func(r record) error {
			got = append(got, record{cols: r.cols, vals: r.vals, line: r.line})
			return nil
		})
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: error\n got %v\nwant %s", c.why, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, %v; want %v", c.why, got, err, c.want)
		}
	}
}

// TestReadCSV holds readCSV's records and errors: a byte-order mark before a
// quoted header is skipped (it used to make the header a bare-quote error).
func TestReadCSV(t *testing.T) {
	for _, c := range []struct {
		why, in string
		want    []record
		err     string
	}{
		{"byte-order mark before a quoted header",
			"\uFEFF\"id\",body\n1,\"a, b\"\n",
			[]record{{cols: []string{"id", "body"}, vals: []any{"1", "a, b"}, line: 2}}, ""},
		{"byte-order mark before a plain header",
			"\uFEFFid,body\n1,x\n",
			[]record{{cols: []string{"id", "body"}, vals: []any{"1", "x"}, line: 2}}, ""},
		{"a quoted field cut short at the end of the file",
			"id,body\n1,\"never closed\n", nil,
			"f.csv:2: a quoted field is not closed, or has text after its closing quote (line 2, column 17); one still open at the end of the file means the file was cut short"},
		{"a row with too few fields",
			"a,b\n1,2\n3\n", nil, "f.csv:3: 1 field, the header has 2"},
		{"a bare quote",
			"id,body\nq2,bad \"quote\n", nil, `f.csv:2: bare " in non-quoted-field (line 2, column 8)`},
	} {
		var got []record
		err := readCSV("f.csv", skipBOM(strings.NewReader(c.in)), func(r record) error {
			got = append(got, record{cols: r.cols, vals: r.vals, line: r.line})
			return nil
		})
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("%s: error\n got %v\nwant %s", c.why, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: got %v, %v; want %v", c.why, got, err, c.want)
		}
	}
	if _, err := readCSVHeader("f.csv", csv.NewReader(skipBOM(strings.NewReader("\uFEFF\"a\",b\n")))); err != nil {
		t.Errorf("readCSVHeader with a byte-order mark: %v", err)
	}
}

// FuzzReadJSONL checks that readJSONL never panics on any bytes, that every
// error names the file and a line, and that a record has a value per column.
func FuzzReadJSONL(f *testing.F) {
	for _, s := range []string{`{"a":1}`, "\uFEFF{\"a\":\"x\"}\n{\"b\":[1,{\"c\":null}]}", `{"a":`, `{"a"`, "{", `{"a":1,`, `{"":1}`, `{"a":1,"A":2}`, "{\"a\":\"\xff\"}", `[1]`, `{"a":1}{}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		err := readJSONL("f.jsonl", skipBOM(strings.NewReader(in)), func(r record) error {
			if len(r.cols) != len(r.vals) || r.line < 1 {
				t.Fatalf("record %v: %d columns, %d values", r, len(r.cols), len(r.vals))
			}
			return nil
		})
		if err != nil && !strings.HasPrefix(err.Error(), "f.jsonl:") {
			t.Fatalf("error %q does not name the file and line", err)
		}
	})
}
