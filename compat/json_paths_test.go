package compat

import (
	"errors"
	"reflect"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// TestJSONPath pins what MySQL 8's paths select (json_path.cc,
// Json_dom::seek) and where (the locations JSON_SEARCH gives).
func TestJSONPath(t *testing.T) {
	doc := types.JsonObject{"a": float64(1), "b": types.JsonArray{float64(10), types.JsonObject{"a": "x"}}, "d e": true, "cc": types.JsonObject{"a": types.JsonArray{float64(3)}}}
	arr := types.JsonArray{float64(1), float64(2), float64(3), float64(4), float64(5)}
	for _, tc := range []struct {
		path string
		doc  any
		want []any    // the values selected, in order
		locs []string // their locations, when the test pins them
	}{
		{"$", doc, []any{doc}, []string{"$"}},
		{"$.a", doc, []any{float64(1)}, nil},
		{`$."d e"`, doc, []any{true}, []string{`$."d e"`}},
		{"$.b[1].a", doc, []any{"x"}, []string{"$.b[1].a"}},
		{"$ . b [ last ] . a", doc, []any{"x"}, nil},
		{"$.b[last-1]", doc, []any{float64(10)}, nil},
		{"$.b[last-2]", doc, nil, nil}, // before the first: nothing, as MariaDB
		{"$.b[2]", doc, nil, nil},
		{"$[0]", doc, []any{doc}, nil},    // auto-wrapping: an object is its own [0]
		{"$[last]", doc, []any{doc}, nil}, // and [last] (MariaDB 10.11: nothing)
		{"$[last-1]", doc, nil, nil},
		{"$[1]", doc, nil, nil}, // was "object is not Slice"
		{"$[0 to 1]", doc, []any{doc}, nil},
		{"$[1 to 2]", doc, nil, nil},
		{"$[*]", doc, nil, nil}, // a wildcard does not auto-wrap
		{"$.a[0]", doc, []any{float64(1)}, nil},
		{"$.b.a", doc, nil, nil}, // a member of an array: nothing (was [x])
		{"$.a.z", doc, nil, nil}, // a member of a number
		{"$.z", doc, nil, nil},
		{"$.b[0][0]", doc, []any{float64(10)}, nil},
		// Members in MySQL's key order: shorter first, then by bytes.
		{"$.*", doc, []any{float64(1), doc["b"], doc["cc"], true}, []string{"$.a", "$.b", "$.cc", `$."d e"`}},
		{"$.b[*]", doc, []any{float64(10), doc["b"].(types.JsonArray)[1]}, nil},
		{"$**.a", doc, []any{float64(1), "x", types.JsonArray{float64(3)}}, []string{"$.a", "$.b[1].a", "$.cc.a"}},
		{"$**[0]", types.JsonArray{types.JsonArray{float64(1)}}, []any{types.JsonArray{float64(1)}, float64(1)}, []string{"$[0]", "$[0][0]"}},
		{"$**.a", types.JsonArray{types.JsonObject{"a": float64(1)}, types.JsonObject{"a": float64(1)}}, []any{float64(1), float64(1)}, []string{"$[0].a", "$[1].a"}},
		{"$[1 to 3]", arr, []any{float64(2), float64(3), float64(4)}, nil},
		{"$[last-3 to last-1]", arr, []any{float64(2), float64(3), float64(4)}, nil}, // MySQL 8's manual
		{"$[3 to 10]", arr, []any{float64(4), float64(5)}, nil},
		{"$[last-10 to 1]", arr, []any{float64(1), float64(2)}, nil},
		{"$[5 to 7]", arr, nil, nil},
		{"$[0 to last-5]", arr, nil, nil},
	} {
		p, err := parseJSONPath(tc.path)
		if err != nil {
			t.Errorf("parseJSONPath(%q): %v", tc.path, err)
			continue
		}
		var got []any
		var locs []string
		for _, h := range p.seek(tc.doc, true) {
			got = append(got, h.v)
			locs = append(locs, h.loc)
		}
		if !reflect.DeepEqual(got, tc.want) || tc.locs != nil && !reflect.DeepEqual(locs, tc.locs) {
			t.Errorf("%s selects %v at %v; want %v at %v", tc.path, got, locs, tc.want, tc.locs)
		}
	}
}

// TestParseJSONPath pins which paths MySQL 8 reads, which may select more
// than one value (3149 where one location is needed), and the position
// of its error 3143 in the others.
func TestParseJSONPath(t *testing.T) {
	for _, tc := range []struct {
		path string
		wild bool
		pos  int // of 3143; 0: the path is read
	}{
		{"$", false, 0},
		{" $ .a [ 1 ] ", false, 0},
		{`$."a b".c`, false, 0},
		{`$."a\"b"`, false, 0},
		{"$.b[last]", false, 0},
		{"$.b[last - 2]", false, 0},
		{"$.*", true, 0},
		{"$[*]", true, 0},
		{"$**.a", true, 0},
		{"$[0 to 1]", true, 0},
		{"$[last-1 to last]", true, 0},
		{"$[0 to last]", true, 0},
		{"$..a", false, 2},      // MySQL 8's error (was [[2], [3]])
		{"a", false, 1},         // a path must begin with $
		{"", false, 1},          //
		{"$.", false, 2},        // a member name is missing
		{"$.1a", false, 2},      // not an identifier: must be quoted
		{`$."a`, false, 2},      // unterminated quotes
		{"$[-1]", false, 2},     // no negative index
		{"$[1", false, 3},       // unclosed
		{"$[1 to 0]", false, 8}, // a range no array selects from
		{"$[last to last-1]", false, 16},
		{"$**", false, 3},  // ** must be followed by a leg
		{"$*.a", false, 2}, // a single *
		{"$.a b", false, 4},
	} {
		p, err := parseJSONPath(tc.path)
		var se *mysql.SQLError
		switch {
		case tc.pos == 0 && err != nil:
			t.Errorf("parseJSONPath(%q): %v", tc.path, err)
		case tc.pos == 0 && p.wild() != tc.wild:
			t.Errorf("parseJSONPath(%q).wild() = %v", tc.path, p.wild())
		case tc.pos != 0 && !errors.As(err, &se):
			t.Errorf("parseJSONPath(%q) = %v, %v; want error 3143", tc.path, p, err)
		case tc.pos != 0:
			want := mysql.NewSQLError(3143, "42000", "Invalid JSON path expression. The error is around character position %d.", tc.pos)
			if se.Num != want.Num || se.State != want.State || se.Message != want.Message {
				t.Errorf("parseJSONPath(%q): %d %s %q; want %d %s %q", tc.path, se.Num, se.State, se.Message, want.Num, want.State, want.Message)
			}
		}
	}
}
