package compat

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// TestSame compares expressions held by value that == cannot compare
// (JSON_OBJECT's struct with a slice, ROW's slice, LEFT's struct holding
// one of them) without panicking.
func TestSame(t *testing.T) {
	one := expression.NewLiteral(int64(1), types.Int64)
	obj, _ := json.NewJSONObject(expression.NewLiteral("a", types.Text), one)
	obj2, _ := json.NewJSONObject(expression.NewLiteral("b", types.Text), one)
	row := expression.NewTuple(one, obj)
	left := function.NewLeft(obj, one)
	for _, c := range []struct {
		name string
		a, b sql.Expression
		want bool
	}{
		{"a pointer and itself", one, one, true},
		{"two pointers to equal literals", one, expression.NewLiteral(int64(1), types.Int64), false},
		{"JSON_OBJECT and itself", obj, obj, true},
		{"two JSON_OBJECTs", obj, obj2, false},
		{"ROW and itself", row, row, true},
		{"LEFT of a JSON_OBJECT and itself", left, left, true},
		{"different types", obj, one, false},
		{"nil and nil", nil, nil, true},
		{"nil and a value", nil, obj, false},
	} {
		if got := Same(c.a, c.b); got != c.want {
			t.Errorf("%s: Same = %v, want %v", c.name, got, c.want)
		}
	}
}
