package catalog

// Fault (go-mysql-server v0.20.0): in strict mode a string that is no
// date, '2024-02-30' or 'abc', written to a DATE, DATETIME or TIMESTAMP
// column was error 1105 "Incorrect datetime value: '2024-02-30'". MySQL 8
// refuses it with error 1292 (ER_TRUNCATED_WRONG_VALUE, SQLSTATE 22007)
// "Incorrect date value: '2024-02-30' for column 'd' at row 1" ("datetime"
// for DATETIME and TIMESTAMP columns); MariaDB 10.11 gives the same number
// and SQLSTATE, naming the column `db`.`t`.`d`. checkedValue wraps such a
// value in a fitTemporal; outside strict mode and with IGNORE it is left
// to go-mysql-server. Pinned by TestMySQLErrorNumbers
// (sqltests/errors_test.go, also on MariaDB). Delete this file
// when upstream words the error as MySQL does.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// MySQL's ER_TRUNCATED_WRONG_VALUE and its SQLSTATE.
const (
	erTruncatedWrongValue      = 1292
	stateInvalidDatetimeFormat = "22007"
)

// temporalKind returns MySQL's word for the values of col in 1292, "date"
// or "datetime"; "" if col is not a DATE, DATETIME or TIMESTAMP column.
func temporalKind(col *sql.Column) string {
	if col == nil || col.Type == nil {
		return ""
	}
	switch col.Type.Type() {
	case querypb.Type_DATE:
		return "date"
	case querypb.Type_DATETIME, querypb.Type_TIMESTAMP:
		return "datetime"
	}
	return ""
}

// fitTemporal is a string written to a DATE, DATETIME or TIMESTAMP column.
type fitTemporal struct{ columnValue }

var _ sql.Expression = (*fitTemporal)(nil)

// Eval implements sql.Expression: the value, unchanged; in strict mode
// without IGNORE, error 1292 if the column's type cannot convert it.
func (f *fitTemporal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n := f.rowNumber() // every row counts, a NULL too
	s, ok := v.(string)
	if !ok || f.ignore || !strictMode(ctx) {
		return v, nil
	}
	if _, _, err := f.col.Type.Convert(ctx, s); err != nil && types.ErrConvertingToTime.Is(err) {
		return nil, mysql.NewSQLError(erTruncatedWrongValue, stateInvalidDatetimeFormat,
			"Incorrect %s value: '%s' for column '%s' at row %d", temporalKind(f.col), s, f.col.Name, n)
	}
	return v, nil
}

// WithChildren implements sql.Expression.
func (f *fitTemporal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return &fitTemporal{columnValue{Expression: children[0], col: f.col, ignore: f.ignore, row: f.row}}, nil
}

// Children implements sql.Expression.
func (f *fitTemporal) Children() []sql.Expression { return []sql.Expression{f.Expression} }

// String implements sql.Expression: the value's own text.
func (f *fitTemporal) String() string { return f.Expression.String() }
