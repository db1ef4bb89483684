package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): a JSON column's generated value or
// expression default that is SQL NULL was stored and read as the JSON
// literal null. sql.ColumnDefaultValue.Eval converts its expression's
// value with the column's type even when it is NULL, and
// types.JSON.Convert(nil) is a JSONDocument of nil: so `j JSON AS
// (JSON_EXTRACT(body, '$.a')) STORED` over a NULL body, or a key the
// document lacks, gave j IS NULL false and JSON_TYPE(j) 'NULL'; a VIRTUAL
// `k JSON AS (IF(body IS NULL, NULL, '[1]'))` read the same, a `toks JSON
// AS (tokenize(body))` column could not be filtered with IS NULL, and `k
// JSON DEFAULT (NULL)` stored null too. MySQL 8 and MariaDB keep SQL NULL
// (a plain JSON column given NULL is SQL NULL in go-mysql-server as
// well). Here jsonNullKept gives such a value an expression that keeps
// NULL and converts anything else as before: in the plans of INSERT and
// UPDATE (fingerprintBitsIn, compat_generated_columns.go) and in the
// reads of VIRTUAL columns (readConversions,
// compat_virtual_column_values.go); the table's own computation of stored
// columns (generatedColumns.compute) keeps NULL already. Pinned by
// GeneratedColumnScripts "a JSON generated column keeps SQL NULL"
// (sqltests, also on MariaDB). Delete this file when upstream's
// ColumnDefaultValue passes NULL through.

// jsonNullKept returns cd, a JSON column's generated value or default,
// with its conversion made by jsonOrNull, and whether it was one to
// change.
func jsonNullKept(cd *sql.ColumnDefaultValue) (*sql.ColumnDefaultValue, bool) {
	if cd == nil || cd.Expr == nil || cd.OutType == nil || !types.IsJSON(cd.OutType) {
		return cd, false
	}
	c := *cd
	c.Expr = jsonOrNull{cd.Expr}
	c.OutType = nil // jsonOrNull converts; ColumnDefaultValue.Type is its type, JSON
	return &c, true
}

// jsonOrNull is a JSON column's value: NULL for NULL, anything else as
// types.JSON converts it (as sql.ColumnDefaultValue.Eval did).
type jsonOrNull struct {
	sql.Expression
}

var _ sql.Expression = jsonOrNull{}

// Type implements sql.Expression: JSON.
func (jsonOrNull) Type() sql.Type { return types.JSON }

// Eval implements sql.Expression.
func (j jsonOrNull) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	out, inRange, err := types.JSON.Convert(ctx, v)
	switch {
	case err != nil:
		return nil, sql.ErrIncompatibleDefaultType.New()
	case inRange != sql.InRange:
		return nil, sql.ErrValueOutOfRange.New(out, types.JSON)
	}
	return out, nil
}

// Children implements sql.Expression.
func (j jsonOrNull) Children() []sql.Expression { return []sql.Expression{j.Expression} }

// WithChildren implements sql.Expression.
func (j jsonOrNull) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return jsonOrNull{children[0]}, nil
}

// String implements sql.Expression: the expression's own text, so that
// SHOW CREATE TABLE and plans print as before.
func (j jsonOrNull) String() string { return j.Expression.String() }
