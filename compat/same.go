package compat

import "reflect"

// Fault (go-mysql-server v0.20.0): some of its expressions are structs or
// slices held by value in the sql.Expression interface (JSON_OBJECT's
// json.JSONObject, JSON_REMOVE's json.JSONRemove, ROW(…)'s
// expression.Tuple), so == of two of them panics: "comparing uncomparable
// type json.JSONObject". Every INSERT … VALUES, UPDATE … SET and ON
// DUPLICATE KEY UPDATE that wrote JSON_OBJECT(…) failed with 1105 where a
// rule asked whether it had changed a value with ==. Pinned by
// JSONValueScripts (sqltests/scripts_json_values.go).

// Same reports whether a and b, two expressions or plan nodes, are the
// same one: == of pointers, else reflect.DeepEqual (a struct held by
// value may hold such a struct in an interface field, so even a
// comparable type's == may panic; DeepEqual is cheap on the same value:
// it compares the slices' and pointers' addresses first).
func Same[T any](a, b T) bool {
	x, y := any(a), any(b)
	if x == nil || y == nil {
		return x == nil && y == nil
	}
	t := reflect.TypeOf(x)
	if t != reflect.TypeOf(y) {
		return false
	}
	if t.Kind() == reflect.Pointer {
		return x == y
	}
	return reflect.DeepEqual(x, y)
}
