package catalog

// Fault (go-mysql-server v0.20.0): a string that is no value of a DATE,
// DATETIME, TIMESTAMP, TIME, YEAR, ENUM or SET column ('', 'abc',
// '2024-02-30', 'c' for ENUM('a','b')) written by INSERT or UPDATE was
// error 1105 ("Incorrect datetime value: ''", "value c is not valid for
// this Enum") in every mode, a note 1105 under IGNORE, and '' for a TIME
// column was 00:00:00 without a word even in strict mode. MySQL 8 (and
// MariaDB 10.11, which the tests check) stores the type's zero
// ('0000-00-00', '0000-00-00 00:00:00', '00:00:00', '' for ENUM, index
// 0) with warning 1265 "Data truncated for column 'd' at row 1" outside
// strict mode and with IGNORE (Field_temporal::store and Field_enum::store
// call set_warning(WARN_DATA_TRUNCATED) when str_to_datetime or
// str_to_time report MYSQL_TIME_WARN_TRUNCATED or no value), and a SET the
// members the string names (a number names an ENUM's member by its index
// and a SET's by their bits: '2', '3'); in strict mode it refuses the
// statement with error 1292 (ER_TRUNCATED_WRONG_VALUE, SQLSTATE 22007)
// "Incorrect date value: '' for column 'd' at row 1" ("time", "datetime"
// for DATETIME and TIMESTAMP) or, for ENUM and SET, 1265 (SQLSTATE 01000). A YEAR column
// reads a string as an integer (Field_year::store, check_int): '' or 'abc'
// is 0 with 1366 "Incorrect integer value: 'abc' for column 'd' at row 1",
// '12abc' 2012 with 1265, '3000' 0 with 1264 "Out of range value for
// column 'd' at row 1" (the same numbers as errors in strict mode), and
// '0000' is the YEAR 0000 (go-mysql-server stored 2000; '0' and '00' are
// 2000 in both). MariaDB names the column of 1292 and 1366 `db`.`t`.`d`;
// MySQL 8 and simsql do not. checkedValue wraps such a value in a fitTemporal. Pinned by
// TemporalValueScripts (sqltests/scripts_temporal_values.go, also on
// MariaDB) and TestMySQLErrorNumbers (sqltests/errors_test.go). Delete
// this file when upstream converts as MySQL does.

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
)

// MySQL's ER_TRUNCATED_WRONG_VALUE and its SQLSTATE.
const (
	erTruncatedWrongValue      = 1292
	stateInvalidDatetimeFormat = "22007"
)

// fitsTemporal reports whether col is a column whose strings fitTemporal
// checks: DATE, DATETIME, TIMESTAMP, TIME, YEAR, ENUM or SET.
func fitsTemporal(col *sql.Column) bool {
	return loadTemporalKind(col) != "" || (col != nil && col.Type != nil && types.IsYear(col.Type))
}

// fitTemporal is a string written to a DATE, DATETIME, TIMESTAMP, TIME,
// YEAR, ENUM or SET column.
type fitTemporal struct{ columnValue }

var _ sql.Expression = (*fitTemporal)(nil)

// Eval implements sql.Expression: the value, unchanged if the column's
// type reads it; else, in strict mode without IGNORE, MySQL's error, and
// otherwise the value MySQL stores with its warning.
func (f *fitTemporal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n := f.rowNumber() // every row counts, a NULL too
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	strict := !f.ignore && strictMode(ctx)
	if types.IsYear(f.col.Type) {
		return yearOfString(ctx, s, f.col, v, strict, n)
	}
	if readsString(ctx, f.col, s) {
		return v, nil
	}
	kind := loadTemporalKind(f.col) // compat_load_data_empty.go
	if kind == "enum" || kind == "set" {
		if c, ok := enumSetNumber(ctx, f.col, s); ok { // compat_enum_set_values.go
			return c, nil
		}
	}
	switch {
	case !strict && kind == "set":
		ctx.Warn(mysql.ERWarnDataTruncated, "%s", truncated(f.col.Name, n))
		return setMembers(ctx, f.col, s), nil
	case !strict:
		ctx.Warn(mysql.ERWarnDataTruncated, "%s", truncated(f.col.Name, n))
		return f.col.Type.Zero(), nil // an ENUM's: '', index 0
	case kind == "enum" || kind == "set":
		return nil, mysql.NewSQLError(mysql.ERWarnDataTruncated, "01000", "%s", truncated(f.col.Name, n))
	}
	return nil, mysql.NewSQLError(erTruncatedWrongValue, stateInvalidDatetimeFormat,
		"Incorrect %s value: '%s' for column '%s' at row %d", kind, s, f.col.Name, n)
}

// readsString reports whether col's type reads s as one of its values:
// go-mysql-server's conversion takes it, and for a TIME column it is not
// blank (MySQL's str_to_time finds no value in it; go-mysql-server reads
// 00:00:00).
func readsString(ctx *sql.Context, col *sql.Column, s string) bool {
	if col.Type.Type() == querypb.Type_TIME && strings.TrimSpace(s) == "" {
		return false
	}
	_, _, err := col.Type.Convert(ctx, s)
	switch {
	case err == nil:
		return true
	case types.ErrConvertingToTime.Is(err), types.ErrConvertingToTimeType.Is(err),
		types.ErrConvertingToEnum.Is(err), sql.ErrInvalidSetValue.Is(err):
		return false
	}
	return true // another error: go-mysql-server's, as it was
}

// setMembers returns the members of SET column col that s, a list split
// by commas, names, as MySQL's find_set keeps them.
func setMembers(ctx *sql.Context, col *sql.Column, s string) string {
	var kept []string
	for _, m := range strings.Split(s, ",") {
		if m != "" && readsString(ctx, col, m) {
			kept = append(kept, m)
		}
	}
	return strings.Join(kept, ",")
}

// yearOfString returns string s (the value v) written to YEAR column col
// as MySQL's Field_year::store reads it: v itself if go-mysql-server
// reads it; else its leading integer (numberOfString: 0 with 1366 if it
// has none, 1265 if more follows), and 0 with 1264 if that is no year
// (below 0, 100 to 1900, above 2155); the same numbers are errors in
// strict mode.
func yearOfString(ctx *sql.Context, s string, col *sql.Column, v any, strict bool, n int64) (any, error) {
	if y, _, err := col.Type.Convert(ctx, s); err == nil || !types.ErrConvertingToYear.Is(err) {
		if y == int16(2000) && len(s) == 4 && strings.Trim(s, "0") == "" {
			return int64(0), nil // '0000' is 0000 ("nr != 0 || len != 4"); go-mysql-server read 2000
		}
		return v, nil
	}
	d, err := numberOfString(ctx, s, "integer", col, strict, n) // compat_non_strict_values.go
	if err != nil {
		return nil, err
	}
	y := d.Round(0)
	if y.IsNegative() || (y.GreaterThanOrEqual(decimal.NewFromInt(100)) && y.LessThanOrEqual(decimal.NewFromInt(1900))) ||
		y.GreaterThan(decimal.NewFromInt(2155)) {
		if strict {
			return nil, mysql.NewSQLError(erWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", col.Name, n)
		}
		ctx.Warn(erWarnDataOutOfRange, "Out of range value for column '%s' at row %d", col.Name, n)
		return col.Type.Zero(), nil
	}
	return y.IntPart(), nil
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
