// Package mysqlerr gives the errors simsql's server sends MySQL's error
// numbers, SQLSTATEs and wording, through one table of error kinds
// (go-mysql-server v0.20.0's and simsql's own). Drivers turn the number and
// SQLSTATE into exception classes (PyMySQL's IntegrityError for 23000,
// ProgrammingError for 42000), so a generic 1105 is not good enough.
//
// go-mysql-server casts every error to a *mysql.SQLError before its handler
// returns (sql.CastSQLError), keeping only the text and, for a few kinds, a
// number; so the table recognises a kind by its message, with a pattern
// derived from the kind's own format string (TestTable checks each kind's
// messages map as listed). Errors simsql creates as *mysql.SQLError with
// their MySQL number (catalog.ErrReadOnlyTransaction, …) pass unchanged.
package mysqlerr

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
	kinds "gopkg.in/src-d/go-errors.v1"

	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/statement"
)

// MySQL error numbers vitess does not name.
const (
	erNonDefaultValueForGeneratedColumn = 3105 // ER_NON_DEFAULT_VALUE_FOR_GENERATED_COLUMN
	erWrongValueForType                 = 1411 // ER_WRONG_VALUE_FOR_TYPE
	erNotSupportedYet                   = 1235 // ER_NOT_SUPPORTED_YET
	erWrongParamCountToNativeFct        = 1582 // ER_WRONG_PARAMCOUNT_TO_NATIVE_FCT
	erTableAccessDenied                 = 1142 // ER_TABLEACCESS_DENIED_ERROR
	erCantExecuteInReadOnlyTransaction  = 1792 // ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION
	erTrgDoesNotExist                   = 1360 // ER_TRG_DOES_NOT_EXIST
	stateReadOnlyTransaction            = "25006"
	erWarnDataOutOfRange                = 1264 // ER_WARN_DATA_OUT_OF_RANGE
	stateNumericOutOfRange              = "22003"
	erFKDepthExceeded                   = 3008 // ER_FK_DEPTH_EXCEEDED
	erDropIndexFK                       = 1553 // ER_DROP_INDEX_FK
	erFKColumnCannotDrop                = 1828 // ER_FK_COLUMN_CANNOT_DROP
	erFKCannotDropParent                = 3730 // ER_FK_CANNOT_DROP_PARENT
	erTruncateIllegalFK                 = 1701 // ER_TRUNCATE_ILLEGAL_FK
	erFKDupName                         = 1826 // ER_FK_DUP_NAME
	erFKNoIndexParent                   = 1822 // ER_FK_NO_INDEX_PARENT
	erFKIncompatibleColumns             = 3780 // ER_FK_INCOMPATIBLE_COLUMNS
	erFKColumnNotNull                   = 1830 // ER_FK_COLUMN_NOT_NULL
	erBlobKeyWithoutLength              = 1170 // ER_BLOB_KEY_WITHOUT_LENGTH
	erDataTooLong                       = 1406 // ER_DATA_TOO_LONG
	stateStringDataRightTruncation      = "22001"
	erOperandColumns                    = 1241 // ER_OPERAND_COLUMNS
	erCheckConstraintViolated           = 3819 // ER_CHECK_CONSTRAINT_VIOLATED
	erCheckConstraintNotFound           = 3821 // ER_CHECK_CONSTRAINT_NOT_FOUND
	erCheckConstraintDupName            = 3822 // ER_CHECK_CONSTRAINT_DUP_NAME
	erConstraintNotFound                = 3940 // ER_CONSTRAINT_NOT_FOUND
	erDependentByCheckConstraint        = 3959 // ER_DEPENDENT_BY_CHECK_CONSTRAINT
	stateWrongNumberOfColumns           = "21000"
	erWrongValueForVar                  = 1231 // ER_WRONG_VALUE_FOR_VAR
	erUnknownStmtHandler                = 1243 // ER_UNKNOWN_STMT_HANDLER
	erOptionPreventsStatement           = 1290 // ER_OPTION_PREVENTS_STATEMENT
	erNonUniqTable                      = 1066 // ER_NONUNIQ_TABLE
	erSubqueryNo1Row                    = 1242 // ER_SUBQUERY_NO_1_ROW
	erMixOfGroupFuncAndFields           = 1140 // ER_MIX_OF_GROUP_FUNC_AND_FIELDS
	erInvalidJSONTextInParam            = 3141 // ER_INVALID_JSON_TEXT_IN_PARAM
	erInvalidJSONText                   = 3140 // ER_INVALID_JSON_TEXT
	erUnknownCharacterSet               = 1115 // ER_UNKNOWN_CHARACTER_SET
	erUnknownCollation                  = 1273 // ER_UNKNOWN_COLLATION
	erCantCreateUserWithGrant           = 1410 // ER_CANT_CREATE_USER_WITH_GRANT
	erUnknownTable                      = 1109 // ER_UNKNOWN_TABLE
	stateInvalidJSONText                = "22032"
)

// ErrIndexValue is the error of a row whose value an index refuses (a
// minhash index given bytes that are not a minhash() signature, or one of
// other permutations): the index's reason and the row ("with id = 3").
// MySQL's ER_TRUNCATED_WRONG_VALUE_FOR_FIELD, 1366 / HY000, the error of a
// value its column cannot take; INSERT IGNORE skips the row with it as a
// warning (catalog/index_errors.go).
var ErrIndexValue = kinds.NewKind("%s, in the row %s")

// ErrCheckDuplicateName is the error of a CHECK constraint added under a
// name the table's constraints already use (catalog's CreateCheck; names
// compare case-insensitively): MySQL's ER_CHECK_CONSTRAINT_DUP_NAME, 3822.
var ErrCheckDuplicateName = kinds.NewKind("check constraint %s already exists")

// dropCheck matches a statement that drops a CHECK constraint by that
// name (ALTER TABLE … DROP CHECK c), not DROP CONSTRAINT.
var dropCheck = regexp.MustCompile(`(?i)\bDROP\s+CHECK\b`)

// mapping is one row of the table: the messages of an error kind, and the
// number, SQLSTATE and message MySQL gives for the same fault.
type mapping struct {
	kind  *kinds.Kind
	num   int
	state string
	// pattern matches the kind's messages; "" derives it from the kind's
	// format. Its submatches go to message.
	pattern string
	// message returns MySQL's message from the submatches (m[0] is the
	// whole message) and the statement; nil keeps the message.
	message func(m []string, query string) string
	// convert, when set, returns MySQL's error from the submatches, the
	// statement and its current database, in place of num, state and
	// message.
	convert func(m []string, query, db string) *mysql.SQLError

	re *regexp.Regexp
}

// table is the one table from error kinds to MySQL's errors. Order
// matters only where two patterns match one message.
var table = []*mapping{
	// Statements.
	// An error of simsql's parser (compat's typed literals: 1525), which
	// go-mysql-server v0.20.0's planner wraps as a syntax error in its
	// text ("… (errno 1525) (sqlstate HY000)"): the error it was.
	{kind: sql.ErrSyntaxError, num: mysql.ERParseError, pattern: `(?s)^(.*) \(errno (\d+)\) \(sqlstate (\w{5})\)$`,
		convert: func(m []string, _, _ string) *mysql.SQLError {
			num, _ := strconv.Atoi(m[2])
			return &mysql.SQLError{Num: num, State: m[3], Message: m[1]}
		}},
	{kind: sql.ErrSyntaxError, num: mysql.ERParseError, state: mysql.SSClientError,
		pattern: `(?s)^syntax error at position (\d+)(?: near '(.*)')?$`, message: syntaxError},
	// A value a system variable cannot take: MySQL's 1231 (SQLSTATE 42000;
	// go-mysql-server 0.20: 1105). For a SET-typed variable (sql_mode)
	// go-mysql-server says "value X was not found in the set", which is
	// also its error of a SET column's value: 1231 only in a SET statement.
	{kind: sql.ErrInvalidSystemVariableValue, num: erWrongValueForVar, state: mysql.SSClientError},
	{kind: sql.ErrInvalidSetValue, num: mysql.ERUnknownError, convert: invalidSetValue},
	// A placeholder outside a prepared statement (placeholders.go).
	{kind: sql.ErrUnboundPreparedStatementVariable, num: mysql.ERParseError, state: mysql.SSClientError, message: placeholderSyntaxError},
	{kind: errBindVariableNotProvided, num: mysql.ERWrongArguments, state: mysql.SSUnknownSQLState,
		message: func([]string, string) string { return "Incorrect arguments to EXECUTE" }},
	// EXECUTE of a name no PREPARE gave (go-mysql-server 0.20: 1105), or
	// DEALLOCATE PREPARE of one, which MySQL's message names
	// (go-mysql-server 0.20: "given to EXECUTE").
	{kind: sql.ErrUnknownPreparedStatement, num: erUnknownStmtHandler, state: mysql.SSUnknownSQLState,
		pattern: `^Unknown prepared statement handler \((.*)\) given to EXECUTE$`, message: func(m []string, query string) string {
			stmt := "EXECUTE"
			if w := strings.Fields(strings.ToLower(query)); len(w) > 0 && (w[0] == "deallocate" || w[0] == "drop") {
				stmt = "DEALLOCATE PREPARE"
			}
			return fmt.Sprintf("Unknown prepared statement handler (%s) given to %s", m[1], stmt)
		}},
	// CONVERT(… USING x), CHARACTER SET x, COLLATE x of a name MySQL does
	// not know: its 1115 and 1273, the name quoted (go-mysql-server 0.20:
	// 1105, unquoted).
	{kind: sql.ErrCharSetUnknown, num: erUnknownCharacterSet, state: mysql.SSClientError,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Unknown character set: '%s'", strings.Trim(m[1], "'"))
		}},
	{kind: sql.ErrCollationUnknown, num: erUnknownCollation, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Unknown collation: '%s'", strings.Trim(m[1], "'"))
		}},
	// GRANT to an account that does not exist: MySQL 8's 1410
	// ER_CANT_CREATE_USER_WITH_GRANT (MariaDB: 1133; go-mysql-server 0.20:
	// 1105).
	{kind: sql.ErrGrantUserDoesNotExist, num: erCantCreateUserWithGrant, state: mysql.SSClientError},
	// A JSON column given text that is not JSON: MySQL 8's 3140
	// ER_INVALID_JSON_TEXT, SQLSTATE 22032 (go-mysql-server 0.20: 1105;
	// MariaDB: 4025, its CHECK constraint). The reason stays Go's.
	{kind: sql.ErrInvalidJson, num: erInvalidJSONText, state: stateInvalidJSONText},
	// An INSERT's column list naming no column of the table: MySQL's 1054
	// "Unknown column 'c' in 'field list'", SQLSTATE 42S22 (go-mysql-server
	// 0.20: HY000, "in 't'").
	{kind: sql.ErrUnknownColumn, num: mysql.ERBadFieldError, state: "42S22", message: func(m []string, query string) string {
		switch statement.LeadingKeyword(query) {
		case "insert", "replace":
			return fmt.Sprintf("Unknown column '%s' in 'field list'", m[1])
		}
		return m[0]
	}},
	// CALL of a procedure no database has: like a function, MySQL names
	// it with its database (go-mysql-server 0.20: 1105 `stored procedure
	// "nosuch" does not exist`).
	{kind: sql.ErrStoredProcedureDoesNotExist, num: mysql.ERSPDoesNotExist, convert: procedureNotFound},
	// A file outside secure_file_priv (LOAD DATA, SELECT … INTO OUTFILE):
	// MySQL's 1290 (go-mysql-server 0.20: 1105, LOAD DATA's prefixed).
	{kind: sql.ErrLoadDataCannotOpen, num: erOptionPreventsStatement, state: mysql.SSUnknownSQLState,
		pattern: `^LOAD DATA is unable to open file: (The MySQL server is running with the --secure-file-priv option so it cannot execute this statement)$`,
		message: func(m []string, _ string) string { return m[1] }},
	{kind: sql.ErrSecureFilePriv, num: erOptionPreventsStatement, state: mysql.SSUnknownSQLState},
	{kind: sql.ErrUnknownSystemVariable, num: mysql.ERUnknownSystemVariable, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Unknown system variable '%s'", variableName(m[1]))
		}},
	// A JSON function's argument that is not JSON text: MySQL's 3141
	// with SQLSTATE 22032 and its parser's reason and offset
	// (go-mysql-server 0.20: 3141 HY000, quoting the whole text).
	// The text may hold quotes and ": ", so the pattern is greedy.
	{kind: sql.ErrInvalidJSONText, num: erInvalidJSONTextInParam, state: stateInvalidJSONText,
		pattern: `(?s)^Invalid JSON text in argument (\d+) to function (\w+): "(.*)"$`, message: invalidJSONText},
	// Columns. CHAR(256), BINARY(1038), VARBINARY(70000): MySQL 8 names the
	// column, which go-mysql-server v0.20.0's message does not.
	{kind: types.ErrLengthTooLarge, num: mysql.ERTooBigFieldLength, state: mysql.SSClientError,
		message: func(m []string, query string) string {
			return fmt.Sprintf("Column length too big for column '%s' (max = %s); use BLOB or TEXT instead", columnOfLength(query, m[1]), m[2])
		}},
	// Rows.
	// NULL into a NOT NULL column: MySQL's SQLSTATE and wording
	// (go-mysql-server 0.20: 1048 HY000 "column name 'b' is non-nullable
	// but attempted to set a value of null").
	{kind: sql.ErrInsertIntoNonNullableProvidedNull, num: mysql.ERBadNullError, state: mysql.SSConstraintViolation,
		message: func(m []string, _ string) string { return fmt.Sprintf("Column '%s' cannot be null", m[1]) }},
	// A scalar subquery of several rows (go-mysql-server 0.20: 1242 HY000
	// "the subquery returned more than 1 row").
	{kind: sql.ErrExpectedSingleRow, num: erSubqueryNo1Row, state: stateWrongNumberOfColumns,
		message: func([]string, string) string { return "Subquery returns more than 1 row" }},
	{kind: sql.ErrPrimaryKeyViolation, num: mysql.ERDupEntry, state: mysql.SSDupKey, message: duplicateEntry},
	{kind: sql.ErrUniqueKeyViolation, num: mysql.ERDupEntry, state: mysql.SSDupKey, message: duplicateEntry},
	{kind: sql.ErrValueOutOfRange, num: erWarnDataOutOfRange, state: stateNumericOutOfRange,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Out of range value %s for %s", m[1], m[2])
		}},
	// A text too long for its column: MySQL's ER_DATA_TOO_LONG, SQLSTATE
	// 22001 (MySQL adds "at row n", which go-mysql-server does not know).
	{kind: types.ErrLengthBeyondLimit, num: erDataTooLong, state: stateStringDataRightTruncation,
		message: func(m []string, _ string) string { return fmt.Sprintf("Data too long for column '%s'", m[2]) }},
	// Bytes that are not UTF-8 for a utf8mb4 column: MySQL's
	// ER_TRUNCATED_WRONG_VALUE_FOR_FIELD ("Incorrect string value"), with
	// go-mysql-server's wording.
	{kind: types.ErrBadCharsetString, num: mysql.ERTruncatedWrongValueForField, state: mysql.SSUnknownSQLState},
	// A NOT NULL column without a default that INSERT leaves out, in
	// strict mode: MySQL's 1364, same wording (go-mysql-server 0.20: 1105).
	{kind: sql.ErrInsertIntoNonNullableDefaultNullColumn, num: mysql.ERNoDefaultForField, state: mysql.SSUnknownSQLState},
	// A VALUES row of the wrong size: MySQL's 1136 naming the row
	// (go-mysql-server 0.20: 1105 "number of values does not match number
	// of columns provided").
	{kind: sql.ErrInsertIntoMismatchValueCount, num: mysql.ERWrongValueCountOnRow, state: mysql.SSWrongValueCountOnRow,
		message: func(_ []string, query string) string {
			return fmt.Sprintf("Column count doesn't match value count at row %d", mismatchedRow(query))
		}},
	{kind: sql.ErrGeneratedColumnValue, num: erNonDefaultValueForGeneratedColumn, state: mysql.SSUnknownSQLState,
		message: func(m []string, query string) string {
			return fmt.Sprintf("The value specified for generated column '%s' in table '%s' is not allowed.",
				unquote(m[1]), tableOfAlias(query, unquote(m[2])))
		}},
	// CHECK constraints (MySQL 8.0.16+; checked on MariaDB 10.11, which
	// words 4025 "CONSTRAINT `c` failed for `db`.`t`": MySQL is the spec).
	{kind: sql.ErrCheckConstraintViolated, num: erCheckConstraintViolated, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Check constraint '%s' is violated.", unquote(m[1]))
		}},
	// go-mysql-server gives one kind for DROP CHECK and DROP CONSTRAINT of a
	// name the table does not have; MySQL two.
	{kind: sql.ErrUnknownConstraint, num: erCheckConstraintNotFound, state: mysql.SSUnknownSQLState,
		convert: func(m []string, query, _ string) *mysql.SQLError {
			if dropCheck.MatchString(query) {
				return mysql.NewSQLError(erCheckConstraintNotFound, mysql.SSUnknownSQLState, "Check constraint '%s' is not found in the table.", unquote(m[1]))
			}
			return mysql.NewSQLError(erConstraintNotFound, mysql.SSUnknownSQLState, "Constraint '%s' does not exist.", unquote(m[1]))
		}},
	// RENAME or DROP COLUMN of a column a check uses (go-mysql-server 0.20:
	// 1105 "can't alter column …").
	{kind: sql.ErrCheckConstraintInvalidatedByColumnAlter, num: erDependentByCheckConstraint, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Check constraint '%s' uses column '%s', hence column cannot be dropped or renamed.", unquote(m[2]), unquote(m[1]))
		}},
	{kind: ErrCheckDuplicateName, num: erCheckConstraintDupName, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Duplicate check constraint name '%s'.", m[1])
		}},
	// Foreign keys (catalog/foreign_keys.go gives 1451 and 1452 MySQL's
	// arguments: the child as `db`.`t` and the constraint's clause).
	{kind: sql.ErrForeignKeyChildViolation, num: mysql.ErNoReferencedRow2, state: mysql.SSConstraintViolation,
		message: func(m []string, _ string) string { return foreignKeyFails("Cannot add or update a child row", m) }},
	{kind: sql.ErrForeignKeyParentViolation, num: mysql.ERRowIsReferenced2, state: mysql.SSConstraintViolation,
		message: func(m []string, _ string) string { return foreignKeyFails("Cannot delete or update a parent row", m) }},
	{kind: sql.ErrForeignKeyNotResolved, num: mysql.ErNoReferencedRow2, state: mysql.SSConstraintViolation,
		message: func(m []string, _ string) string { return "C" + m[0][1:] }},
	{kind: sql.ErrForeignKeyDepthLimit, num: erFKDepthExceeded, state: mysql.SSUnknownSQLState},
	{kind: sql.ErrForeignKeyDropIndex, num: erDropIndexFK, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Cannot drop index '%s': needed in a foreign key constraint", m[1])
		}},
	{kind: sql.ErrForeignKeyDropColumn, num: erFKColumnCannotDrop, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Cannot drop column '%s': needed in a foreign key constraint '%s'", m[1], m[2])
		}},
	{kind: sql.ErrForeignKeyDropTable, num: erFKCannotDropParent, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Cannot drop table '%s' referenced by a foreign key constraint '%s'.", m[1], m[2])
		}},
	{kind: sql.ErrTruncateReferencedFromForeignKey, num: erTruncateIllegalFK, state: mysql.SSClientError,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Cannot truncate a table referenced in a foreign key constraint (`%s`, CONSTRAINT `%s`)", m[3], m[2])
		}},
	{kind: sql.ErrForeignKeyDuplicateName, num: erFKDupName, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Duplicate foreign key constraint name '%s'", m[1])
		}},
	{kind: sql.ErrForeignKeyNotFound, num: mysql.ERCantDropFieldOrKey, state: mysql.SSClientError,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Can't DROP '%s'; check that column/key exists", m[1])
		}},
	{kind: sql.ErrForeignKeyMissingReferenceIndex, num: erFKNoIndexParent, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Failed to add the foreign key constraint. Missing index for constraint '%s' in the referenced table '%s'", m[1], m[2])
		}},
	{kind: sql.ErrForeignKeyColumnTypeMismatch, num: erFKIncompatibleColumns, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Referencing column '%s' and referenced column '%s' in foreign key constraint are incompatible.", m[1], m[2])
		}},
	{kind: sql.ErrForeignKeyTypeChange, num: erFKIncompatibleColumns, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Referencing column '%s' and referenced column in foreign key constraint are incompatible.", m[1])
		}},
	{kind: sql.ErrForeignKeySetNullNonNullable, num: erFKColumnNotNull, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Column '%s' cannot be NOT NULL: needed in a foreign key constraint SET NULL", m[1])
		}},
	{kind: sql.ErrForeignKeyTypeChangeSetNull, num: erFKColumnNotNull, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Column '%s' cannot be NOT NULL: needed in a foreign key constraint '%s' SET NULL", m[1], m[2])
		}},
	{kind: sql.ErrForeignKeyTextBlob, num: erBlobKeyWithoutLength, state: mysql.SSClientError,
		message: func([]string, string) string {
			return "BLOB/TEXT column used in key specification without a key length"
		}},
	// An index on a BLOB or TEXT column without a prefix length: MySQL's
	// wording (go-mysql-server 0.20: 1105 and lower case).
	{kind: sql.ErrInvalidBlobTextKey, num: erBlobKeyWithoutLength, state: mysql.SSClientError,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("BLOB/TEXT column '%s' used in key specification without a key length", m[1])
		}},
	// Names. A missing table is MySQL's 1146 (SQLSTATE 42S02, which drivers
	// map to their "no such table" exceptions) naming it db.t, or 1051 for
	// DROP; a missing database 1049, or 1146 for a table in it.
	{kind: sql.ErrTableNotFound, num: mysql.ERNoSuchTable, convert: tableNotFound},
	{kind: sql.ErrDatabaseNotFound, num: mysql.ERBadDb, convert: databaseNotFound},
	// A column that no table in scope has: MySQL's 1054 "Unknown column
	// 't.c' in 'field list'" (go-mysql-server 0.20: 1105, and 1146 for a
	// qualifier naming no table of the statement).
	// In ALTER TABLE, MySQL's 1091 for DROP COLUMN and 1054 "Unknown column
	// 'c' in 't'" for CHANGE, MODIFY, RENAME, ALTER COLUMN and AFTER
	// (go-mysql-server 0.20 named the table's plan node for CHANGE and
	// MODIFY: "Unknown column 'Table\n └─ name: t\n.c'").
	{kind: sql.ErrTableColumnNotFound, num: mysql.ERBadFieldError, convert: func(m []string, query, _ string) *mysql.SQLError {
		if err := alterColumnNotFound(query, unquote(m[2])); err != nil {
			return err
		}
		return unknownColumn(unquote(m[1])+"."+unquote(m[2]), query)
	}},
	{kind: sql.ErrColumnNotFound, num: mysql.ERBadFieldError, convert: func(m []string, query, _ string) *mysql.SQLError {
		return unknownColumn(unquote(m[1]), query)
	}},
	// A column two tables of the statement have: MySQL's 1052 naming the
	// clause, as written (go-mysql-server 0.20: 1105, lower case, and the
	// tables).
	// go-mysql-server 0.20 resolves columns before it checks table names,
	// so SELECT a FROM t, t was 1052: MySQL's 1066 comes first.
	{kind: sql.ErrAmbiguousColumnName, num: mysql.ERNonUniq, convert: func(m []string, query, _ string) *mysql.SQLError {
		if dup := duplicateAlias(query); dup != "" {
			return nonUniqueTable(dup)
		}
		name := writtenColumn(query, unquote(m[1]))
		return &mysql.SQLError{Num: mysql.ERNonUniq, State: mysql.SSConstraintViolation,
			Message: fmt.Sprintf("Column '%s' in %s is ambiguous", name, columnClause(query, name))}
	}},
	// A table name or alias twice in one FROM (go-mysql-server 0.20: 1105,
	// the name unquoted).
	{kind: sql.ErrDuplicateAliasOrTable, num: erNonUniqTable, convert: func(m []string, _, _ string) *mysql.SQLError {
		return nonUniqueTable(m[1])
	}},
	// DROP INDEX of a name the table lacks (go-mysql-server 0.20: 1091
	// with SQLSTATE HY000, "error: can't drop").
	{kind: sql.ErrCantDropFieldOrKey, num: mysql.ERCantDropFieldOrKey, state: mysql.SSClientError,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Can't DROP '%s'; check that column/key exists", m[1])
		}},
	// A function no catalog has: MySQL takes it for a stored function of
	// the current database (go-mysql-server 0.20: 1105 "function: 'f' not
	// found", lower case).
	{kind: sql.ErrFunctionNotFound, num: mysql.ERSPDoesNotExist, convert: functionNotFound},
	// A table function no catalog has, FROM nosuch_tf(1): MySQL 8's
	// grammar has no such table function, so it is MySQL's (and MariaDB's)
	// syntax error 1064 near the parenthesis (go-mysql-server 0.20: 1105
	// "table function: 'nosuch_tf' not found").
	{kind: sql.ErrTableFunctionNotFound, num: mysql.ERParseError, state: mysql.SSClientError, message: tableFunctionNotFound},
	// A column name twice in CREATE TABLE, or one the table has in ALTER
	// TABLE … ADD or RENAME COLUMN: MySQL's 1060 (go-mysql-server 0.20:
	// 1105).
	{kind: sql.ErrDuplicateColumn, num: mysql.ERDupFieldName, state: mysql.SSDupFieldName,
		message: func(m []string, _ string) string { return fmt.Sprintf("Duplicate column name '%s'", m[1]) }},
	{kind: sql.ErrColumnExists, num: mysql.ERDupFieldName, state: mysql.SSDupFieldName,
		message: func(m []string, _ string) string { return fmt.Sprintf("Duplicate column name '%s'", unquote(m[1])) }},
	// An index on a column the table lacks: MySQL's SQLSTATE and capital
	// (go-mysql-server 0.20: HY000, "key column").
	{kind: sql.ErrKeyColumnDoesNotExist, num: mysql.ERKeyColumnDoesNotExist, state: mysql.SSClientError,
		message: func(m []string, _ string) string { return fmt.Sprintf("Key column '%s' doesn't exist in table", m[1]) }},
	{kind: sql.ErrInvalidOperandColumns, num: erOperandColumns, state: stateWrongNumberOfColumns,
		message: func(m []string, _ string) string { return fmt.Sprintf("Operand should contain %s column(s)", m[1]) }},
	// Transactions.
	{kind: sql.ErrUnknownTable, num: mysql.ERBadTable, state: mysql.SSUnknownTable},
	{kind: sql.ErrDatabaseExists, num: mysql.ERDbCreateExists, state: mysql.SSUnknownSQLState,
		message: func(m []string, _ string) string {
			return fmt.Sprintf("Can't create database '%s'; database exists", m[1])
		}},
	// An index name the table already has: MySQL's ER_DUP_KEYNAME, same
	// wording (go-mysql-server 0.20: 1105).
	{kind: sql.ErrDuplicateKey, num: mysql.ERDupKeyName, state: mysql.SSClientError},
	{kind: sql.ErrTableAlreadyExists, num: mysql.ERTableExists, state: "42S01",
		message: func(m []string, _ string) string { return fmt.Sprintf("Table '%s' already exists", m[1]) }},
	{kind: sql.ErrReadOnlyTransaction, num: erCantExecuteInReadOnlyTransaction, state: stateReadOnlyTransaction,
		message: func([]string, string) string { return "Cannot execute statement in a READ ONLY transaction." }},
	// DROP TRIGGER (or SHOW CREATE TRIGGER) of a trigger that is not
	// there: MySQL's ER_TRG_DOES_NOT_EXIST (go-mysql-server 0.20: 1105).
	{kind: sql.ErrTriggerDoesNotExist, num: erTrgDoesNotExist, state: mysql.SSUnknownSQLState,
		message: func([]string, string) string { return "Trigger does not exist" }},
	// ROLLBACK TO or RELEASE of an unknown savepoint: MySQL's
	// ER_SP_DOES_NOT_EXIST, with the same wording.
	{kind: sql.ErrSavepointDoesNotExist, num: mysql.ERSPDoesNotExist, state: mysql.SSClientError},
	// Variables set in the wrong scope, or read-only ones, with MySQL's
	// wording (go-mysql-server's already is).
	{kind: sql.ErrSystemVariableGlobalOnly, num: mysql.ERGlobalVariable, state: mysql.SSUnknownSQLState},
	{kind: sql.ErrSystemVariableSessionOnly, num: mysql.ERLocalVariable, state: mysql.SSUnknownSQLState},
	{kind: sql.ErrSystemVariableReadOnly, num: mysql.ERIncorrectGlobalLocalVar, state: mysql.SSUnknownSQLState},
	// Privileges, as go-mysql-server words them.
	{kind: sql.ErrPrivilegeCheckFailed, num: erTableAccessDenied, state: mysql.SSClientError},
	{kind: sql.ErrTableAccessDeniedForUser, num: erTableAccessDenied, state: mysql.SSClientError},
	{kind: sql.ErrDatabaseAccessDeniedForUser, num: mysql.ERDBAccessDenied, state: mysql.SSClientError},
	// simsql's functions (functions/errors.go), as MySQL's own functions
	// report the same faults.
	{kind: functions.ErrIncorrectArguments, num: mysql.ERWrongArguments, state: mysql.SSUnknownSQLState,
		pattern: `^Incorrect arguments to `}, // every "Incorrect arguments to %s: …" kind
	{kind: ErrIndexValue, num: mysql.ERTruncatedWrongValueForField, state: mysql.SSUnknownSQLState},
	{kind: functions.ErrNotFingerprint, num: erWrongValueForType, state: mysql.SSUnknownSQLState},
	{kind: functions.ErrNotSupported, num: erNotSupportedYet, state: mysql.SSClientError},
	{kind: sql.ErrInvalidArgumentNumber, num: erWrongParamCountToNativeFct, state: mysql.SSClientError},
	// A column beside an aggregate without GROUP BY: MySQL's 1140, SQLSTATE
	// 42000 (go-mysql-server 0.20: HY000, lower case). go-mysql-server
	// v0.20.0's planner also gives this kind without its arguments
	// (planbuilder/aggregates.go, a window function beside an aggregate,
	// which MySQL 8 runs): "expression #%!d(MISSING)"; then MySQL's
	// wording of 1140 that names no column.
	{kind: sql.ErrNonAggregatedColumnWithoutGroupBy, num: erMixOfGroupFuncAndFields, state: mysql.SSClientError, message: mixOfGroupFuncAndFields},
}

// compileTable compiles the table's patterns, once, on the first error
// converted: some 200 regexps (1.2 MB, a few ms) that a start-up, `simsql
// version` or a session without errors need not pay for.
var compileTable = sync.OnceValue(func() []*mapping {
	for _, m := range table {
		p := m.pattern
		if p == "" {
			p = formatPattern(m.kind.Message)
		}
		m.re = regexp.MustCompile(p)
	}
	return table
})

// verb matches the printf verbs of a kind's format.
var verb = regexp.MustCompile(`%[-+# 0-9.]*[svdqxXfg]`)

// formatPattern returns a pattern matching the messages of format (which
// may span lines): each verb a submatch, and the ": cause" an error of the
// kind made with Wrap adds.
func formatPattern(format string) string {
	parts := verb.Split(format, -1)
	for i := range parts {
		parts[i] = regexp.QuoteMeta(parts[i])
	}
	return "(?s)^" + strings.Join(parts, "(.*?)") + "(?:: (.*))?$"
}

// Convert returns err, an error of statement query, as MySQL would give
// it: a *mysql.SQLError. An error whose message is of a kind in the table
// (go-mysql-server's generic 1105, or the kind's number without MySQL's
// SQLSTATE and wording) gets that kind's number, SQLSTATE and message; an
// error that is not a *mysql.SQLError yet (go-mysql-server casts only the
// errors of statements it runs, not of COM_STMT_PREPARE) is cast as
// go-mysql-server casts them first, instead of going out as vitess's
// "unknown error". Any other *mysql.SQLError is returned as it is.
func Convert(err error, query string) error {
	return ConvertIn(err, query, "")
}

// ConvertIn is Convert for a statement run with current database db (""
// for none), which some of MySQL's messages name.
func ConvertIn(err error, query, db string) error {
	var se *mysql.SQLError
	if !errors.As(err, &se) {
		se = sql.CastSQLError(err)
	}
	msg := strings.TrimPrefix(se.Message, vitessInvalidArgument)
	for _, m := range compileTable() {
		if se.Num != mysql.ERUnknownError && se.Num != m.num {
			continue
		}
		sub := m.re.FindStringSubmatch(msg)
		if sub == nil {
			continue
		}
		if m.convert != nil {
			out := m.convert(sub, query, db)
			out.Query = se.Query
			return out
		}
		if m.message != nil {
			msg = m.message(sub, query)
		}
		return &mysql.SQLError{Num: m.num, State: m.state, Message: withoutFormatFaults(msg), Query: se.Query}
	}
	if strings.Contains(se.Message, "%!") {
		return &mysql.SQLError{Num: se.Num, State: se.State, Message: withoutFormatFaults(se.Message), Query: se.Query}
	}
	return se
}

// vitessInvalidArgument begins the text of a vitess error of code
// INVALID_ARGUMENT, such as its parser's.
const vitessInvalidArgument = "Code: INVALID_ARGUMENT\n"

// syntaxError words vitess's "syntax error at position N near 'token'"
// as MySQL's 1064: the statement from the token on (at most 80
// characters), and its line.
func syntaxError(m []string, query string) string {
	pos, _ := strconv.Atoi(m[1])
	token := m[2]
	// The position is one past the end of the token.
	end := min(max(pos-1, 0), len(query))
	start := strings.LastIndex(strings.ToLower(query[:end]), strings.ToLower(token))
	if token == "" || start < 0 {
		start = max(end-len(token), 0)
	}
	near := []rune(query[start:])
	if len(near) > 80 {
		near = near[:80]
	}
	line := 1 + strings.Count(query[:start], "\n")
	return fmt.Sprintf("You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '%s' at line %d",
		string(near), line)
}

// tableFunctionNotFound words an unknown table function m[1] of query as
// MySQL's syntax error: near the text from the parenthesis after its name.
func tableFunctionNotFound(m []string, query string) string {
	near, line := query, 1
	name := "`?" + regexp.QuoteMeta(m[1]) + "`?\\s*(\\()"
	loc := regexp.MustCompile("(?i)(?:\\bfrom|\\bjoin|,)\\s*" + name).FindStringSubmatchIndex(query) // where a table goes
	if loc == nil {
		loc = regexp.MustCompile("(?i)(?:^|[^\\w$`])" + name).FindStringSubmatchIndex(query)
	}
	if loc != nil {
		near, line = query[loc[2]:], 1+strings.Count(query[:loc[2]], "\n")
	}
	if r := []rune(near); len(r) > 80 {
		near = string(r[:80])
	}
	return fmt.Sprintf("You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '%s' at line %d", near, line)
}

// variableName returns the name of a system variable as MySQL names it in
// errors: without @@ and scope.
func variableName(s string) string {
	s = strings.TrimPrefix(s, "@@")
	if scope, name, ok := strings.Cut(s, "."); ok {
		switch strings.ToLower(scope) {
		case "session", "global", "local", "persist", "persist_only":
			return name
		}
	}
	return s
}

// duplicateEntry words a duplicate key as MySQL's 1062. catalog gives the
// key as MySQL does ("'a-b' for key 't.k'"); a key of another table is
// go-mysql-server's [a,b].
func duplicateEntry(m []string, _ string) string {
	key := m[len(m)-1]
	if strings.HasPrefix(key, "[") && strings.HasSuffix(key, "]") {
		key = "'" + strings.ReplaceAll(key[1:len(key)-1], ",", "-") + "'"
	}
	return "Duplicate entry " + key
}

// unquote removes the double quotes of a %q argument.
func unquote(s string) string {
	if u, err := strconv.Unquote(s); err == nil {
		return u
	}
	return s
}

// tableOfAlias returns the table that alias names in statement query
// (go-mysql-server names the alias of UPDATE t AS a in its errors, MySQL
// the table), or alias if it names none.
func tableOfAlias(query, alias string) string {
	stmt, _, err := ast.ParseOne(context.Background(), query)
	if err != nil {
		return alias
	}
	table := alias
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if t, ok := n.(*ast.AliasedTableExpr); ok && strings.EqualFold(t.As.String(), alias) {
			if name, ok := t.Expr.(ast.TableName); ok {
				table = name.Name.String()
				return false, nil
			}
		}
		return true, nil
	}, stmt)
	return table
}

// foreignKeyFails words a foreign-key violation as InnoDB's 1451 and 1452:
// "what: a foreign key constraint fails (`db`.`child`, CONSTRAINT `fk`
// FOREIGN KEY (…) REFERENCES …)". catalog gives the child as `db`.`t` and
// the constraint's clause as the key (m[4]); go-mysql-server's own errors
// (ALTER TABLE … ADD FOREIGN KEY over rows that break it) give the bare
// child and the key's values, so the clause names only the parent.
func foreignKeyFails(what string, m []string) string {
	child, clause := m[2], m[4]
	if !strings.HasPrefix(clause, "FOREIGN KEY") {
		child, clause = "`"+child+"`", "FOREIGN KEY REFERENCES `"+m[3]+"`"
	}
	return fmt.Sprintf("%s: a foreign key constraint fails (%s, CONSTRAINT `%s` %s)", what, child, m[1], clause)
}

// tableNotFound words go-mysql-server's "table not found: t" as MySQL's
// 1146 "Table 'db.t' doesn't exist", or for DROP TABLE and DROP VIEW 1051
// "Unknown table 'db.t'": db is the table's qualifier in the statement,
// else the current database.
func tableNotFound(m []string, query, db string) *mysql.SQLError {
	table := m[1]
	if col := qualifiedColumn(query, table); col != "" {
		return unknownColumn(col, query) // SELECT nosuch.a FROM t
	}
	if q := qualifierOf(query, table); q != "" {
		db = q
	}
	name := table
	if db != "" {
		name = db + "." + table
	}
	if w := strings.Fields(strings.ToLower(query)); len(w) > 1 && w[0] == "drop" && (w[1] == "table" || w[1] == "view") {
		return &mysql.SQLError{Num: mysql.ERBadTable, State: mysql.SSUnknownTable, Message: fmt.Sprintf("Unknown table '%s'", name)}
	}
	if strings.EqualFold(db, "information_schema") {
		// MySQL 8's words, its system views' names upper case (MariaDB
		// keeps the case as written).
		return &mysql.SQLError{Num: erUnknownTable, State: mysql.SSUnknownTable, Message: fmt.Sprintf("Unknown table '%s' in information_schema", strings.ToUpper(table))}
	}
	return &mysql.SQLError{Num: mysql.ERNoSuchTable, State: mysql.SSUnknownTable, Message: fmt.Sprintf("Table '%s' doesn't exist", name)}
}

// databaseNotFound words go-mysql-server's "database not found: d" as
// MySQL's: 1146 "Table 'd.t' doesn't exist" when a statement reads or
// writes d.t, 1051 "Unknown table 'd.t'" when DROP TABLE or DROP VIEW
// names it (go-mysql-server 0.20: 1049), else 1049 "Unknown database 'd'"
// (USE, CREATE TABLE d.t).
func databaseNotFound(m []string, query, _ string) *mysql.SQLError {
	db := m[1]
	if w := strings.Fields(strings.ToLower(query)); len(w) > 0 {
		if len(w) > 1 && w[0] == "drop" && (w[1] == "table" || w[1] == "view") {
			if t := tableIn(query, db); t != "" {
				return &mysql.SQLError{Num: mysql.ERBadTable, State: mysql.SSUnknownTable, Message: fmt.Sprintf("Unknown table '%s.%s'", db, t)}
			}
		}
		switch w[0] {
		case "select", "insert", "replace", "update", "delete", "with", "(":
			if t := tableIn(query, db); t != "" {
				return &mysql.SQLError{Num: mysql.ERNoSuchTable, State: mysql.SSUnknownTable, Message: fmt.Sprintf("Table '%s.%s' doesn't exist", db, t)}
			}
		}
	}
	return &mysql.SQLError{Num: mysql.ERBadDb, State: mysql.SSClientError, Message: fmt.Sprintf("Unknown database '%s'", db)}
}

// unknownColumn is MySQL's 1054 for column name (as the statement
// qualifies it) of query, naming the clause it is in.
func unknownColumn(name, query string) *mysql.SQLError {
	return &mysql.SQLError{Num: mysql.ERBadFieldError, State: "42S22", Message: fmt.Sprintf("Unknown column '%s' in '%s'", name, columnClause(query, name))}
}

// clauseWords are the words that begin the clauses MySQL names in 1054,
// and the names.
var clauseWords = regexp.MustCompile(`(?i)\b(select|where|order\s+by|group\s+by|having|on|set)\b`)

var clauseNames = map[string]string{"select": "field list", "set": "field list", "where": "where clause", "order": "order clause",
	"group": "group statement", "having": "having clause", "on": "on clause"}

// columnClause returns the name of the clause of query in which the
// column name is first written ("field list" when it is not found).
func columnClause(query, name string) string {
	loc := regexp.MustCompile("(?i)(^|[^\\w.`])`?" + regexp.QuoteMeta(name) + "`?($|[^\\w.`])").FindStringIndex(query)
	if loc == nil {
		return "field list"
	}
	words := clauseWords.FindAllString(query[:loc[0]], -1)
	if len(words) == 0 {
		return "field list"
	}
	w, _, _ := strings.Cut(strings.ToLower(words[len(words)-1]), " ")
	return clauseNames[strings.Fields(w)[0]]
}

// qualifiedColumn returns q.c, when table is written in query only as the
// qualifier q of a column c, never as a table; else "".
func qualifiedColumn(query, table string) string {
	col := ""
	for _, m := range qualifiedName.FindAllStringSubmatch(query, -1) {
		if col == "" && strings.EqualFold(strings.ReplaceAll(m[1], "``", "`")+m[2], table) {
			col = strings.ReplaceAll(m[1], "``", "`") + m[2] + "." + strings.ReplaceAll(m[3], "``", "`") + m[4]
		}
	}
	if col == "" {
		return ""
	}
	// The name written other than before a dot (FROM nosuch) is a table.
	bare := regexp.MustCompile("(?i)(^|[^.`\\w])`?" + regexp.QuoteMeta(table) + "`?(\\s*[^.\\s\\w`]|\\s+[^.\\s]|$)")
	if bare.MatchString(query) {
		return ""
	}
	return col
}

// qualifiedName matches db.t in a statement, either name in backquotes.
var qualifiedName = regexp.MustCompile("(?:`((?:[^`]|``)+)`|([A-Za-z0-9_$]+))\\s*\\.\\s*(?:`((?:[^`]|``)+)`|([A-Za-z0-9_$]+))")

// qualifierOf returns the database that qualifies table in query, "" if
// none does.
func qualifierOf(query, table string) string {
	for _, m := range qualifiedName.FindAllStringSubmatch(query, -1) {
		if strings.EqualFold(m[3]+m[4], table) {
			return strings.ReplaceAll(m[1], "``", "`") + m[2]
		}
	}
	return ""
}

// tableIn returns the first table that db qualifies in query, "" if none.
func tableIn(query, db string) string {
	for _, m := range qualifiedName.FindAllStringSubmatch(query, -1) {
		if strings.EqualFold(strings.ReplaceAll(m[1], "``", "`")+m[2], db) {
			return strings.ReplaceAll(m[3], "``", "`") + m[4]
		}
	}
	return ""
}

// mismatchedRow returns the row MySQL names in 1136 for INSERT statement
// query. MySQL checks the first VALUES row against the columns, then the
// others against the first: so row 1 when it is not of the size of the
// column list, else the first row of another size than row 1. Without a
// column list the table's size is not known here: the size most rows have
// stands for it (row 1's size on a tie). Row 1 for INSERT … SELECT.
func mismatchedRow(query string) int {
	stmt, _, err := ast.ParseOne(context.Background(), query)
	if err != nil {
		return 1
	}
	ins, ok := stmt.(*ast.Insert)
	if !ok {
		return 1
	}
	var values ast.Values
	switch rows := ins.Rows.(type) {
	case ast.Values:
		values = rows
	case *ast.AliasedValues: // VALUES … AS new
		values = rows.Values
	}
	if len(values) == 0 {
		return 1
	}
	want := len(ins.Columns)
	if want == 0 {
		count := map[int]int{}
		for _, row := range values {
			count[len(row)]++
		}
		want = len(values[0])
		for n, c := range count {
			if c > count[want] {
				want = n // the result is row 1 whichever of several wins
			}
		}
	}
	if len(values[0]) != want {
		return 1
	}
	for i, row := range values {
		if len(row) != want {
			return i + 1
		}
	}
	return 1
}

// writtenColumn returns column name (which go-mysql-server gives in lower
// case) as query writes it, unqualified; name itself when it is not found.
func writtenColumn(query, name string) string {
	loc := regexp.MustCompile("(?i)(?:^|[^\\w.`])`?(" + regexp.QuoteMeta(name) + ")`?(?:$|[^\\w.`])").FindStringSubmatchIndex(query)
	if loc == nil {
		return name
	}
	return query[loc[2]:loc[3]]
}

// functionCall matches a function call: its qualifier, if any, and its
// name, either in backquotes.
var functionCall = regexp.MustCompile("(?:(?:`((?:[^`]|``)+)`|([A-Za-z0-9_$]+))\\s*\\.\\s*)?(?:`((?:[^`]|``)+)`|([A-Za-z0-9_$]+))\\s*\\(")

// functionNotFound words go-mysql-server's "function: 'f' not found" as
// MySQL's 1305 "FUNCTION db.f does not exist", db the call's qualifier or
// the current database, f as the statement writes it; with neither,
// MySQL's 1046 "No database selected" (MySQL resolves an unknown function
// as a stored function of the current database; MariaDB 10.11 says 1305
// "FUNCTION f does not exist" instead).
func functionNotFound(m []string, query, db string) *mysql.SQLError {
	name := m[1]
	for _, c := range functionCall.FindAllStringSubmatch(query, -1) {
		if written := strings.ReplaceAll(c[3], "``", "`") + c[4]; strings.EqualFold(written, name) {
			name = written
			if q := strings.ReplaceAll(c[1], "``", "`") + c[2]; q != "" {
				db = q
			}
			break
		}
	}
	if db == "" {
		return &mysql.SQLError{Num: mysql.ERNoDb, State: mysql.SSNoDB, Message: "No database selected"}
	}
	return &mysql.SQLError{Num: mysql.ERSPDoesNotExist, State: mysql.SSClientError, Message: fmt.Sprintf("FUNCTION %s.%s does not exist", db, name)}
}

// alterColumnNotFound returns MySQL's error for column col that ALTER
// TABLE statement query names and its table lacks: 1091 "Can't DROP 'c';
// check that column/key exists" when a DROP COLUMN names it, else 1054
// "Unknown column 'c' in 't'"; nil when query is no ALTER TABLE.
func alterColumnNotFound(query, col string) *mysql.SQLError {
	stmt, _, err := ast.ParseOne(context.Background(), query)
	if err != nil {
		return nil
	}
	alter, ok := stmt.(*ast.AlterTable)
	if !ok {
		return nil
	}
	for _, ddl := range alter.Statements {
		if ddl.ColumnAction == ast.DropStr && strings.EqualFold(ddl.Column.String(), col) {
			return &mysql.SQLError{Num: mysql.ERCantDropFieldOrKey, State: mysql.SSClientError,
				Message: fmt.Sprintf("Can't DROP '%s'; check that column/key exists", ddl.Column.String())}
		}
	}
	return &mysql.SQLError{Num: mysql.ERBadFieldError, State: "42S22",
		Message: fmt.Sprintf("Unknown column '%s' in '%s'", col, alter.Table.Name.String())}
}

// lengthColumn matches a column definition of a string type with a
// length: the column's name, its type's length.
var lengthColumn = regexp.MustCompile("(?i)(`(?:[^`]|``)+`|[\\w$]+)\\s+(?:national\\s+)?(?:char|character|varchar|nchar|nvarchar|binary|varbinary)(?:\\s+varying)?\\s*\\(\\s*(\\d+)\\s*\\)")

// columnOfLength returns the name of the column that query defines with
// a string type of length n ("" if none does).
func columnOfLength(query, n string) string {
	for _, m := range lengthColumn.FindAllStringSubmatch(query, -1) {
		if strings.TrimLeft(m[2], "0") == strings.TrimLeft(n, "0") {
			name := m[1]
			if strings.HasPrefix(name, "`") {
				name = strings.ReplaceAll(name[1:len(name)-1], "``", "`")
			}
			return name
		}
	}
	return ""
}

// nonUniqueTable is MySQL's 1066 for table name or alias name.
func nonUniqueTable(name string) *mysql.SQLError {
	return &mysql.SQLError{Num: erNonUniqTable, State: mysql.SSClientError, Message: fmt.Sprintf("Not unique table/alias: '%s'", name)}
}

// duplicateAlias returns a name (alias, else table name) that one FROM
// clause of statement query gives two tables, as written; "" if none
// does or query does not parse.
func duplicateAlias(query string) string {
	stmt, _, err := ast.ParseOne(context.Background(), query)
	if err != nil {
		return ""
	}
	dup := ""
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		if sel, ok := n.(*ast.Select); ok && dup == "" {
			seen := map[string]bool{}
			for _, te := range sel.From {
				if dup = repeatedName(te, seen); dup != "" {
					break
				}
			}
		}
		return dup == "", nil
	}, stmt)
	return dup
}

// repeatedName adds the names of the tables of te to seen (lower case),
// returning the first one already there.
func repeatedName(te ast.TableExpr, seen map[string]bool) string {
	switch te := te.(type) {
	case *ast.AliasedTableExpr:
		name := te.As.String()
		if name == "" {
			tn, ok := te.Expr.(ast.TableName)
			if !ok {
				return ""
			}
			name = tn.Name.String()
		}
		if seen[strings.ToLower(name)] {
			return name
		}
		seen[strings.ToLower(name)] = true
	case *ast.JoinTableExpr:
		if dup := repeatedName(te.LeftExpr, seen); dup != "" {
			return dup
		}
		return repeatedName(te.RightExpr, seen)
	case *ast.ParenTableExpr:
		for _, e := range te.Exprs {
			if dup := repeatedName(e, seen); dup != "" {
				return dup
			}
		}
	}
	return ""
}

// procedureNotFound is MySQL's error for CALL of procedure m[1], which
// no database has: 1305 naming it with the database CALL gives or the
// current one db, 1046 without either.
func procedureNotFound(m []string, query, db string) *mysql.SQLError {
	name := m[1]
	if stmt, _, err := ast.ParseOne(context.Background(), query); err == nil {
		if c, ok := stmt.(*ast.Call); ok {
			name = c.ProcName.Name.String()
			if q := c.ProcName.Qualifier.String(); q != "" {
				db = q
			}
		}
	}
	if db == "" {
		return &mysql.SQLError{Num: mysql.ERNoDb, State: mysql.SSNoDB, Message: "No database selected"}
	}
	return &mysql.SQLError{Num: mysql.ERSPDoesNotExist, State: mysql.SSClientError, Message: fmt.Sprintf("PROCEDURE %s.%s does not exist", db, name)}
}

// invalidSetValue is MySQL's error for element m[1] that no value of a
// SET has: in a SET statement, 1231 naming the variable given it (MySQL,
// as MariaDB, names the element, not the whole value); else
// go-mysql-server's 1105, unchanged.
func invalidSetValue(m []string, query, _ string) *mysql.SQLError {
	if stmt, _, err := ast.ParseOne(context.Background(), query); err == nil {
		if set, ok := stmt.(*ast.Set); ok {
			for _, e := range set.Exprs {
				if e.Name == nil {
					continue
				}
				if strings.Contains(strings.ToLower(ast.String(e.Expr)), strings.ToLower(m[1])) {
					return &mysql.SQLError{Num: erWrongValueForVar, State: mysql.SSClientError,
						Message: fmt.Sprintf("Variable '%s' can't be set to the value of '%s'", variableName(e.Name.Name.String()), m[1])}
				}
			}
		}
	}
	return &mysql.SQLError{Num: mysql.ERUnknownError, State: mysql.SSUnknownSQLState, Message: m[0]}
}
