package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// Fault (go-mysql-server v0.20.0, and compat_load_data.go before this
// file): LOAD DATA stored an empty field for a DATE, TIME, DATETIME,
// TIMESTAMP, ENUM or SET column as NULL (the column's default) without a
// warning, and a field the column's type cannot read ('abc' for a DATE)
// was error 1105 "Incorrect datetime value: 'abc'", or under IGNORE or
// LOCAL the type's zero with note 1105. MySQL 8 (and MariaDB 10.11, which
// the tests check) stores the type's zero ('0000-00-00', '00:00:00',
// '0000-00-00 00:00:00', '' for ENUM and SET) with warning 1265 "Data
// truncated for column 'd' at row 1" outside strict mode and with IGNORE
// or LOCAL; in strict mode it refuses the statement with 1292 "Incorrect
// date value: '' for column 'd' at row 1" ("time", "datetime") for a
// temporal column and 1265 for an ENUM or SET one. The field's value is
// wrapped in a loadTemporal (loadDataIter.inRange) that does so. Pinned
// by loadDataCases "an empty or bad temporal or ENUM field …"
// (sqltests/load_data_test.go, also on MariaDB).

// loadTemporalKind returns MySQL's word for col's values in error 1292
// ("date", "time", "datetime"), "enum" or "set" for an ENUM or SET
// column, or "" for another column.
func loadTemporalKind(col *sql.Column) string {
	if col == nil || col.Type == nil {
		return ""
	}
	switch col.Type.Type() {
	case querypb.Type_DATE:
		return "date"
	case querypb.Type_TIME:
		return "time"
	case querypb.Type_DATETIME, querypb.Type_TIMESTAMP:
		return "datetime"
	case querypb.Type_ENUM:
		return "enum"
	case querypb.Type_SET:
		return "set"
	}
	return ""
}

// loadTemporal is a LOAD DATA field for a DATE, TIME, DATETIME,
// TIMESTAMP, ENUM or SET column; ignore: the statement's strict-mode
// errors are warnings.
type loadTemporal struct{ columnValue }

var _ sql.Expression = (*loadTemporal)(nil)

// Eval implements sql.Expression: the field's value in the column's type;
// if the type cannot read it, in strict mode error 1292 (1265 for ENUM
// and SET), else the type's zero with warning 1265.
func (f *loadTemporal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	n := f.rowNumber()
	kind := loadTemporalKind(f.col)
	if s != "" || kind == "set" { // '' is a SET's empty set
		if c, _, err := f.col.Type.Convert(ctx, s); err == nil {
			return c, nil
		}
	}
	switch {
	case f.ignore:
		ctx.Warn(mysql.ERWarnDataTruncated, "Data truncated for column '%s' at row %d", f.col.Name, n)
	case kind == "enum" || kind == "set":
		return nil, mysql.NewSQLError(mysql.ERWarnDataTruncated, "01000", "Data truncated for column '%s' at row %d", f.col.Name, n)
	default:
		return nil, mysql.NewSQLError(erTruncatedWrongValue, stateInvalidDatetimeFormat,
			"Incorrect %s value: '%s' for column '%s' at row %d", kind, s, f.col.Name, n)
	}
	return f.col.Type.Zero(), nil // an ENUM's and a SET's: '', index 0
}

// Type implements sql.Expression: the column's type, whose value Eval
// returns.
func (f *loadTemporal) Type() sql.Type { return f.col.Type }

// WithChildren implements sql.Expression.
func (f *loadTemporal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return &loadTemporal{columnValue{Expression: children[0], col: f.col, ignore: f.ignore, row: f.row}}, nil
}

// Children implements sql.Expression.
func (f *loadTemporal) Children() []sql.Expression { return []sql.Expression{f.Expression} }

// String implements sql.Expression: the field's own text.
func (f *loadTemporal) String() string { return f.Expression.String() }

// loadEmptyNumber is an empty LOAD DATA field for a numeric column:
// MySQL's error 1366 "Incorrect integer value: ” for column 'n' at row
// 1" in strict mode, else 0 with the same as a warning. It is checked
// when the record's values are (not when the record is read), so that
// the warnings and the error come in the order of the fields, a DATE's
// beside a number's.
type loadEmptyNumber struct {
	col    *sql.Column
	strict bool
	row    int
}

var _ sql.Expression = (*loadEmptyNumber)(nil)

// emptyNumber returns the value of an empty field for the numeric column
// col of the record being read.
func (it *loadDataIter) emptyNumber(col *sql.Column) sql.Expression {
	return &loadEmptyNumber{col: col, strict: it.strict, row: it.row}
}

// Eval implements sql.Expression.
func (e *loadEmptyNumber) Eval(ctx *sql.Context, _ sql.Row) (any, error) {
	kind := "integer"
	switch {
	case types.IsDecimal(e.col.Type):
		kind = "decimal"
	case types.IsFloat(e.col.Type):
		kind = "double"
	}
	msg := fmt.Sprintf("Incorrect %s value: '' for column '%s' at row %d", kind, e.col.Name, e.row)
	if e.strict {
		return nil, mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, "HY000", "%s", msg)
	}
	ctx.Warn(mysql.ERTruncatedWrongValueForField, "%s", msg)
	return e.col.Type.Zero(), nil
}

// Type implements sql.Expression.
func (e *loadEmptyNumber) Type() sql.Type { return e.col.Type }

// IsNullable implements sql.Expression.
func (e *loadEmptyNumber) IsNullable() bool { return false }

// Resolved implements sql.Expression.
func (e *loadEmptyNumber) Resolved() bool { return true }

// Children implements sql.Expression.
func (e *loadEmptyNumber) Children() []sql.Expression { return nil }

// WithChildren implements sql.Expression.
func (e *loadEmptyNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 0)
	}
	return e, nil
}

// String implements sql.Expression.
func (e *loadEmptyNumber) String() string { return "''" }
