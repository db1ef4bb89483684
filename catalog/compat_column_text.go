package catalog

import (
	"fmt"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/simsql/simsql/compat"
)

// Fault (go-mysql-server v0.20.0, types.StringType.Convert): a value of
// bytes written to a character column was stored as those bytes, where
// go-mysql-server holds text as UTF-8: 0xE9 into a latin1 column decoded
// to 'é' for the check and then stored the byte 0xE9, a row whose HEX()
// and LENGTH() panicked ("slice bounds out of range"); bytes that are not
// UTF-8 for a utf8mb4 column were error 1366 "invalid string for charset
// utf8mb4: '[97 98 128]'", and under INSERT IGNORE stored ''. MySQL 8
// (Field_string::store, well_formed_copy_nchars) reads a binary value's
// bytes, or those of a string that is not UTF-8, in the column's
// character set: 0xE9 is 'é' in latin1; bytes the set does not map are,
// in strict mode without IGNORE, error 1366 "Incorrect string value:
// '\x80' for column 'body' at row 1" (the bytes from the first bad one,
// as convert_to_printable shows them), otherwise the well-formed prefix
// with that warning ('a' of 0x6180FF62; MariaDB 10.11 stores 'a??b', so
// the IGNORE case is MySQL-only). checkedValue puts such a value in a
// valueCheck of columnText. Pinned by CharsetScripts "binary into a
// latin1 column" and CharsetMySQLScripts "bytes that are not UTF-8 into
// utf8mb4". Delete
// this file when upstream converts as MySQL does.

// isCharacterColumn reports whether col is a CHAR, VARCHAR or TEXT column
// of a character set other than binary.
func isCharacterColumn(col *sql.Column) bool {
	if col == nil || !types.IsTextOnly(col.Type) {
		return false
	}
	st, ok := col.Type.(sql.StringType)
	return ok && st.CharacterSet() != sql.CharacterSet_binary
}

// valueCheck is a value written to column col, checked or converted
// by its check as MySQL stores such a value: columnText, enumSetValue,
// clampUnsigned.
type valueCheck struct {
	columnValue
	check func(c *valueCheck, ctx *sql.Context, v any, n int64) (any, error)
}

var _ sql.Expression = (*valueCheck)(nil)

// newValueCheck returns e written to col, checked by check.
func newValueCheck(e sql.Expression, col *sql.Column, ignore bool, row int64, check func(*valueCheck, *sql.Context, any, int64) (any, error)) *valueCheck {
	return &valueCheck{columnValue: columnValue{Expression: e, col: col, ignore: ignore, row: row}, check: check}
}

// Eval implements sql.Expression: the value, checked with its row
// number (every row counts, a NULL too).
func (c *valueCheck) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n := c.rowNumber()
	if v == nil {
		return nil, nil
	}
	return c.check(c, ctx, v, n)
}

// WithChildren implements sql.Expression.
func (c *valueCheck) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return newValueCheck(children[0], c.col, c.ignore, c.row, c.check), nil
}

// Children implements sql.Expression.
func (c *valueCheck) Children() []sql.Expression { return []sql.Expression{c.Expression} }

// String implements sql.Expression: the value's own text.
func (c *valueCheck) String() string { return c.Expression.String() }

// Type implements sql.Expression: for a character column, text of the
// column's collation unless the value is text already; else the value's.
func (c *valueCheck) Type() sql.Type {
	if !isCharacterColumn(c.col) || types.IsTextOnly(c.Expression.Type()) {
		return c.Expression.Type()
	}
	return types.CreateLongText(c.col.Type.(sql.StringType).Collation())
}

// columnText checks a value written to a character column: bytes (a
// binary value, or a string that is not UTF-8) decoded in the column's
// character set, as textForColumn says; text as it is.
func columnText(c *valueCheck, ctx *sql.Context, v any, n int64) (any, error) {
	var b []byte
	switch s := v.(type) {
	case []byte:
		b = s
	case string:
		if !types.IsBinaryType(c.Expression.Type()) && utf8.ValidString(s) {
			return v, nil
		}
		b = []byte(s)
	default:
		return v, nil
	}
	return textForColumn(ctx, c.col, b, strictMode(ctx) && !c.ignore, n)
}

// textForColumn returns b, bytes of column col's character set, as the
// column's UTF-8 text: in strict mode, bytes the set does not map are
// error 1366; otherwise the well-formed prefix is kept, with warning 1366.
func textForColumn(ctx *sql.Context, col *sql.Column, b []byte, strict bool, row int64) (string, error) {
	cs := col.Type.(sql.StringType).CharacterSet()
	text, valid := compat.WellFormed(cs, b)
	if valid == len(b) {
		return text, nil
	}
	msg := fmt.Sprintf("Incorrect string value: '%s' for column '%s' at row %d", printableBytes(string(b[valid:])), col.Name, row)
	if strict {
		return "", mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, mysql.SSUnknownSQLState, "%s", msg)
	}
	ctx.Warn(mysql.ERTruncatedWrongValueForField, "%s", msg)
	return text, nil
}
