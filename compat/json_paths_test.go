package compat

import (
	"reflect"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestJSONPath pins what MySQL 8's paths select (json_path.cc,
// Json_dom::seek), and which paths are left to go-mysql-server.
func TestJSONPath(t *testing.T) {
	doc := types.JsonObject{"a": float64(1), "b": types.JsonArray{float64(10), types.JsonObject{"c": "x"}}, "d e": true}
	for _, tc := range []struct {
		path  string
		ok    bool // parsed: no wildcard, range or error
		found bool
		want  any
	}{
		{"$", true, true, doc},
		{"$.a", true, true, float64(1)},
		{`$."d e"`, true, true, true},
		{"$.b[1].c", true, true, "x"},
		{"$ . b [ last ] . c", true, true, "x"},
		{"$.b[last-1]", true, true, float64(10)},
		{"$.b[last-2]", true, false, nil},
		{"$.b[2]", true, false, nil},
		{"$[0]", true, true, doc},  // auto-wrapping: an object is its own [0]
		{"$[1]", true, false, nil}, // was "object is not Slice"
		{"$.a[0]", true, true, float64(1)},
		{"$.a[last]", true, true, float64(1)},
		{"$.b.c", true, false, nil}, // a member of an array: nothing (was [x])
		{"$.a.z", true, false, nil}, // a member of a number
		{"$.z", true, false, nil},
		{"$.b[0][0]", true, true, float64(10)},
		{"$[*]", false, false, nil},
		{"$.*", false, false, nil},
		{"$**.a", false, false, nil},
		{"$.b[0 to 1]", false, false, nil},
		{"a", false, false, nil},
		{"$.1a", false, false, nil},
		{"$[-1]", false, false, nil},
		{"$.b[", false, false, nil},
	} {
		steps, ok := parsePath(tc.path)
		if ok != tc.ok {
			t.Errorf("parsePath(%q): ok %v, want %v", tc.path, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		got, found := seek(doc, steps)
		if found != tc.found || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("seek(%q) = %v, %v; want %v, %v", tc.path, got, found, tc.want, tc.found)
		}
	}
}
