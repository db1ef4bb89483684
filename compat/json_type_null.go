package compat

// Fault (go-mysql-server v0.20.0): JSON_TYPE(NULL) is the string 'NULL',
// the answer for the JSON literal null. MySQL 8 returns SQL NULL for a
// NULL argument ("If the argument is NULL, this function returns NULL",
// MySQL 8.0 Reference Manual, 14.17.5 Functions That Return JSON Value
// Attributes), as MariaDB does; so a JSON column holding SQL NULL was
// reported as holding null. jsonTypeNull is go-mysql-server's JSON_TYPE
// with NULL for NULL. Pinned by GeneratedColumnScripts "a JSON generated
// column keeps SQL NULL" (sqltests, also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/json"
)

// jsonTypeNull is go-mysql-server's JSON_TYPE(j), NULL for NULL.
type jsonTypeNull struct{ *json.JSONType }

var _ sql.FunctionExpression = jsonTypeNull{}

func newJSONType(args ...sql.Expression) (sql.Expression, error) {
	e, err := json.NewJSONType(args...)
	if err != nil {
		return nil, err
	}
	return jsonTypeNull{e.(*json.JSONType)}, nil
}

// Description implements sql.FunctionExpression.
func (jsonTypeNull) Description() string {
	return "returns the type of a JSON value ('OBJECT', 'INTEGER', 'NULL' for the JSON literal null, …); NULL for NULL."
}

// WithChildren implements sql.Expression.
func (j jsonTypeNull) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newJSONType(children...)
}

// Eval implements sql.Expression.
func (j jsonTypeNull) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.JSON.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return j.JSONType.Eval(ctx, row)
}
