package catalog

import (
	"fmt"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
	"github.com/simsql/simsql/compat"
)

// Fault (go-mysql-server v0.20.0): outside strict mode (sql_mode = '')
// and in INSERT IGNORE and UPDATE IGNORE, a string too long for a CHAR or
// VARCHAR column was error 1406 (IGNORE: warning 1406 naming the type,
// not the column), and 'x' or '12abc' for an integer column error 1366
// ("'x' is not a valid value for 'int'"; IGNORE: a note). MySQL 8 (and
// MariaDB 10.11) store the value cut to the column's length with warning
// 1265 "Data truncated for column 's' at row 1", and for an integer
// column the string's leading number ('12abc' → 12, warning 1265) or 0
// (warning 1366 "Incorrect integer value: 'x' for column 'i' at row 1");
// '' is 0 with warning 1366, where go-mysql-server stored 0 silently. In
// strict mode those are the errors 1406, 1265 and 1366, with MySQL's
// words. Trailing spaces beyond a VARCHAR's length are cut in every mode
// with note 1265, beyond a CHAR's silently (MySQL 8 reference manual, "The
// CHAR and VARCHAR Types"). MariaDB names the column of 1366 `db`.`t`.`i`
// and notes ' 7 ' for an integer (1265); MySQL 8 and simsql do not.
// integerRanges (compat_integer_range.go) puts the values in a fitString
// or, for integer columns, an inRange, which calls numberOfString.
// Pinned by the script "non-strict INSERT and UPDATE truncate and warn"
// (IntegerRangeScripts, sqltests/scripts_integer_range.go, also run on
// MariaDB) and CompatMySQLScripts' wording of 1366. Delete this file when
// upstream converts as MySQL does.

// MySQL's ER_WARN_DATA_TRUNCATED and ER_DATA_TOO_LONG.
const (
	erWarnDataTruncated = 1265
	erDataTooLong       = 1406
)

// checkedValue returns value e written to column col wrapped in the
// check MySQL makes of it: inRange for an integer column, inDecimal for a
// DECIMAL column, fitString for a
// CHAR, VARCHAR, BINARY or VARBINARY column given a string, fitTemporal
// for a DATE, DATETIME, TIMESTAMP, TIME, YEAR, ENUM or SET column given a
// string; else e. A
// hexadecimal literal is first its number for a numeric column
// (hexNumber).
func checkedValue(e sql.Expression, col *sql.Column, ignore bool, row int64) sql.Expression {
	e = hexNumber(e, col) // compat_hex_values.go
	if isCharacterColumn(col) {
		// Fault (go-mysql-server v0.20.0): a DOUBLE written to a
		// character column was its 'f' text ('18446744073709552000',
		// '1000000000000000'); MySQL 8 stores the text CONCAT gives
		// ('1.8446744073709552e19', '1e15'), by INSERT, UPDATE and ALTER
		// TABLE's copy (compat_alter_narrowing.go). Pinned by CompatFaultScripts
		// "a DOUBLE into a character column".
		e = compat.TextOfDouble(e)
	}
	if isCharacterColumn(col) && e.Type() != nil && types.IsText(e.Type()) { // compat_column_text.go
		e = newValueCheck(e, col, ignore, row, columnText)
	}
	switch {
	case isEnumSetColumn(col): // compat_enum_set_values.go
		return newValueCheck(e, col, ignore, row, enumSetValue)
	case isIntegerColumn(col) && mayLeaveRange(e):
		return newInRange(e, col, ignore, row)
	case isDecimalColumn(col): // compat_decimal_range.go
		return newInDecimal(e, col, ignore, row)
	case fitsStrings(col) && (e.Type() == nil || types.IsText(e.Type())):
		return &fitString{columnValue{Expression: e, col: col, ignore: ignore, row: row}}
	case fitsTemporal(col) && e.Type() != nil && types.IsText(e.Type()): // compat_temporal_values.go
		return &fitTemporal{columnValue{Expression: e, col: col, ignore: ignore, row: row}}
	case col != nil && col.Type != nil && types.IsJSON(col.Type):
		return compat.JSONNumbers(e) // its integers exact (compat/json_numbers.go)
	}
	return e
}

// fitsStrings reports whether col is a CHAR, VARCHAR, BINARY or VARBINARY
// column.
func fitsStrings(col *sql.Column) bool {
	if col == nil || col.Type == nil {
		return false
	}
	switch col.Type.Type() {
	case querypb.Type_CHAR, querypb.Type_VARCHAR, querypb.Type_BINARY, querypb.Type_VARBINARY:
		_, ok := col.Type.(sql.StringType)
		return ok
	}
	return false
}

// fitString is a string written to a CHAR, VARCHAR, BINARY or VARBINARY
// column, cut to the column's length as MySQL cuts it.
type fitString struct{ columnValue }

var _ sql.Expression = (*fitString)(nil)

// Eval implements sql.Expression: the string, cut to the column's length
// (characters, bytes for a binary column) with note 1265 if only spaces
// were cut from a VARCHAR, none for a CHAR; else, beyond the length, error
// 1406 in strict mode, otherwise the cut string with warning 1265.
func (f *fitString) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n := f.rowNumber() // every row counts, a NULL too
	s, ok := v.(string)
	if !ok {
		return v, nil
	}
	st := f.col.Type.(sql.StringType)
	binary := st.CharacterSet() == sql.CharacterSet_binary
	max := int(st.MaxCharacterLength())
	cut := len(s) // the byte offset after max characters
	if binary {
		if len(s) <= max {
			return v, nil
		}
		cut = max
	} else {
		if !utf8.ValidString(s) || len(s) <= max {
			return v, nil // at most max characters; bad bytes: go-mysql-server's error
		}
		for i := range s {
			if max == 0 {
				cut = i
				break
			}
			max--
		}
		if cut == len(s) {
			return v, nil
		}
	}
	if !binary && strings.TrimRight(s[cut:], " ") == "" {
		if f.col.Type.Type() == querypb.Type_CHAR {
			return strings.TrimRight(s[:cut], " "), nil // as MySQL reads a CHAR back
		}
		ctx.Session.Warn(&sql.Warning{Level: "Note", Code: erWarnDataTruncated, Message: truncated(f.col.Name, n)})
		return s[:cut], nil
	}
	if strictMode(ctx) && !f.ignore {
		return nil, mysql.NewSQLError(erDataTooLong, "22001", "Data too long for column '%s' at row %d", f.col.Name, n)
	}
	ctx.Warn(erWarnDataTruncated, "%s", truncated(f.col.Name, n))
	return s[:cut], nil
}

func truncated(col string, row int64) string {
	return fmt.Sprintf("Data truncated for column '%s' at row %d", col, row)
}

// WithChildren implements sql.Expression.
func (f *fitString) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return &fitString{columnValue{Expression: children[0], col: f.col, ignore: f.ignore, row: f.row}}, nil
}

// Children implements sql.Expression.
func (f *fitString) Children() []sql.Expression { return []sql.Expression{f.Expression} }

// String implements sql.Expression: the value's own text.
func (f *fitString) String() string { return f.Expression.String() }

// leadingNumber matches the number a string starts with, as MySQL's
// my_strntoull10rnd reads one (spaces, a sign, digits, a fraction, an
// exponent).
var leadingNumber = regexp.MustCompile(`^[ \t\n\r]*[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?`)

// numberOfString returns the number string s written to column col, of
// kind "integer" or "decimal", stands for, as MySQL reads it: its leading
// number, with warning 1265 if more than spaces follow (error 1265 in
// strict mode), or 0 with warning 1366 (error 1366) if it has none.
func numberOfString(ctx *sql.Context, s, kind string, col *sql.Column, strict bool, row int64) (decimal.Decimal, error) {
	m := leadingNumber.FindString(s)
	if m == "" {
		msg := fmt.Sprintf("Incorrect %s value: '%s' for column '%s' at row %d", kind, s, col.Name, row)
		if strict {
			return decimal.Zero, mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, mysql.SSUnknownSQLState, "%s", msg)
		}
		ctx.Warn(mysql.ERTruncatedWrongValueForField, "%s", msg)
		return decimal.Zero, nil
	}
	d, err := decimal.NewFromString(strings.TrimLeft(m, " \t\n\r"))
	if err != nil {
		return decimal.Zero, err
	}
	if strings.TrimRight(s[len(m):], " \t\n\r") != "" {
		if strict {
			return decimal.Zero, mysql.NewSQLError(erWarnDataTruncated, "01000", "%s", truncated(col.Name, row))
		}
		ctx.Warn(erWarnDataTruncated, "%s", truncated(col.Name, row))
	}
	return d, nil
}
