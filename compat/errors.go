package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// MySQL error and warning numbers this package gives, with MySQL's wording.
const (
	// erDataOutOfRange is ER_DATA_OUT_OF_RANGE (SQLSTATE 22003): "BIGINT
	// UNSIGNED value is out of range in '(a + b)'".
	erDataOutOfRange = 1690
	// erDivisionByZero is ER_DIVISION_BY_ZERO, the warning of x DIV 0 and
	// x % 0 (which are NULL).
	erDivisionByZero = 1365
	// erTruncatedWrongValue is ER_TRUNCATED_WRONG_VALUE, the warning of a
	// value read with loss ("Truncated incorrect INTEGER value: '1.5x'").
	erTruncatedWrongValue = 1292
	// erUnknownError is ER_UNKNOWN_ERROR, under which MySQL warns that a
	// cast reinterpreted a value's sign.
	erUnknownError = 1105
	// erWarnDataTruncated is WARN_DATA_TRUNCATED, the warning of a date of
	// a zero month or day stored as '0000-00-00' under NO_ZERO_IN_DATE.
	erWarnDataTruncated = 1265
	// erInvalidJSONPath is ER_INVALID_JSON_PATH (SQLSTATE 42000), a JSON
	// path of bad syntax.
	erInvalidJSONPath = 3143
	// erInvalidJSONPathWildcard is ER_INVALID_JSON_PATH_WILDCARD (SQLSTATE
	// 42000), a path with a wildcard or range where one location is needed.
	erInvalidJSONPathWildcard = 3149
)

// errOutOfRange returns MySQL's error 1690 for an answer of type typeName
// ("BIGINT", "BIGINT UNSIGNED", "DOUBLE", "DECIMAL") that does not fit it,
// in the expression written expr. It is a *mysql.SQLError, which the
// server sends with its number and SQLSTATE as they are.
func errOutOfRange(typeName, expr string) error {
	return mysql.NewSQLError(erDataOutOfRange, mysql.SSDataOutOfRange, "%s value is out of range in '%s'", typeName, expr)
}

// intTypeName is the name MySQL gives an integer answer in error 1690.
func intTypeName(unsigned bool) string {
	if unsigned {
		return "BIGINT UNSIGNED"
	}
	return "BIGINT"
}

// warn adds a warning to ctx's session, if there is one.
func warn(ctx *sql.Context, code int, format string, args ...any) {
	if ctx != nil && ctx.Session != nil {
		ctx.Warn(code, format, args...)
	}
}
