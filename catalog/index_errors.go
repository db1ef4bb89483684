package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/mysqlerr"
)

// MySQL's numbers for the faults of an index definition nearest to those a
// custom index kind refuses (MySQL has no such kinds; its FULLTEXT and
// SPATIAL indexes refuse the same shapes of definition with these).
const (
	erWrongArguments  = 1210 // ER_WRONG_ARGUMENTS
	erWrongKeyColumn  = 1167 // ER_WRONG_KEY_COLUMN, SQLSTATE 42000
	erTooManyKeyParts = 1070 // ER_TOO_MANY_KEY_PARTS, SQLSTATE 42000
	erWrongSubKey     = 1089 // ER_WRONG_SUB_KEY
)

// IndexParameterError returns the error of an index COMMENT its kind
// refuses (a parameter unknown, out of range, given twice or missing), with
// the message fmt.Sprintf(format, args...): MySQL's ER_WRONG_ARGUMENTS,
// 1210 / HY000 (go-mysql-server would send 1105, which drivers cannot tell
// from an internal fault).
func IndexParameterError(format string, args ...any) error {
	return mysql.NewSQLError(erWrongArguments, mysql.SSUnknownSQLState, "%s", fmt.Sprintf(format, args...))
}

// IndexColumnError returns the error of an index column of a type its kind
// cannot index, with the message fmt.Sprintf(format, args...): MySQL's
// ER_WRONG_KEY_COLUMN, 1167 / 42000, as for a FULLTEXT index on an
// integer column.
func IndexColumnError(format string, args ...any) error {
	return mysql.NewSQLError(erWrongKeyColumn, mysql.SSClientError, "%s", fmt.Sprintf(format, args...))
}

// IndexColumnCountError returns the error of an index with more columns
// than its kind takes, with the message fmt.Sprintf(format, args...):
// MySQL's ER_TOO_MANY_KEY_PARTS, 1070 / 42000.
func IndexColumnCountError(format string, args ...any) error {
	return mysql.NewSQLError(erTooManyKeyParts, mysql.SSClientError, "%s", fmt.Sprintf(format, args...))
}

// prefixError is the error of a prefix length on a column of a custom
// index, which reads whole values: MySQL's ER_WRONG_SUB_KEY, 1089 / HY000,
// as MySQL refuses FULLTEXT (body(10)). Regression: the length was
// accepted and ignored.
func prefixError(index, kind, column string, length int64) error {
	return mysql.NewSQLError(erWrongSubKey, mysql.SSUnknownSQLState,
		"Incorrect prefix key; a %s index reads whole values: write (%s), not (%s(%d)), in index %s", kind, column, column, length, index)
}

// ValueChecker is a CompiledIndex that checks the values of a row's
// indexed columns (vals, as for Entries) without computing entries, so
// that a value the index refuses fails that row's INSERT or UPDATE, where
// INSERT IGNORE skips the row with a warning, rather than the statement's
// end, where the entries are computed. CheckValues returns the error
// Entries would return, nil for values Entries takes.
type ValueChecker interface {
	CheckValues(vals []any) error
}

// Fault (go-mysql-server v0.20.0): INSERT IGNORE skips a row with a
// warning only for the error kinds in plan.IgnorableErrors; a value a
// custom index refuses (mysqlerr.ErrIndexValue: 1366) stopped the
// statement. MySQL's IGNORE skips a row whose write would fail, as it does
// for a foreign key (warning 1452). Pinned by the script "INSERT IGNORE
// skips a value the index refuses" (MinHashScripts).
func init() {
	plan.IgnorableErrors = append(plan.IgnorableErrors, mysqlerr.ErrIndexValue)
}

// checkIndexValues returns, for the first custom index of t whose kind
// checks values (ValueChecker) and refuses row's, the error naming the
// row.
func (t *Table) checkIndexValues(row sql.Row) error {
	for i := range t.meta.Indexes {
		ix := &t.meta.Indexes[i]
		if !ix.isCustom() {
			continue
		}
		ci, err := t.customIndex(ix)
		if err != nil {
			return err
		}
		vc, ok := ci.Compiled.(ValueChecker)
		if !ok {
			continue
		}
		vals := make([]any, len(ix.Columns))
		for j, o := range t.indexOrdinals(ix) {
			vals[j] = row[o]
		}
		if err := vc.CheckValues(vals); err != nil {
			return mysqlerr.ErrIndexValue.New(err.Error(), t.describeRow(row))
		}
	}
	return nil
}
