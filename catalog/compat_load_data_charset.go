package catalog

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"golang.org/x/text/encoding/charmap"
)

// Fault (go-mysql-server v0.20.0): LOAD DATA … CHARACTER SET was ignored
// (planbuilder's "TODO: deal with charset; ignore for now"): every file
// was read as UTF-8, so a latin1 file's 'caf\xE9' stored 'caf' with
// warning 1366, and an unknown character set was no error. MySQL 8 reads
// the file in the named character set and converts each field to its
// column's (MySQL 8 reference manual, LOAD DATA, "Input File Character
// Set"): latin1 is cp1252 (0x80 the euro sign), its five bytes cp1252
// leaves undefined (0x81, 0x8D, 0x8F, 0x90, 0x9D) the C1 controls of the
// same numbers; ascii takes bytes below 0x80, any other byte being '?'
// with warning 1366 (error 1366 in strict mode); binary, utf8mb4, utf8mb3
// and utf8 take the bytes as they are (compat_load_data_utf8.go checks
// them for a UTF-8 column); cp1250, cp1251, latin2, koi8r and the other
// single-byte sets go-mysql-server has no encoder for convert with x/text's
// tables, another character set go-mysql-server knows with its encoder,
// if it has one (gbk, big5, ujis, sjis and euckr get theirs from
// compat/charsets.go; cp932, gb2312 and the others left take the bytes as
// they are, so far); an unknown one is error 1115 "Unknown
// character set: 'xyz'". A binary column (BINARY, VARBINARY, BLOB) takes
// the field's bytes unconverted. Pinned by the cases "CHARACTER SET …" of
// TestLoadDataMatchesMariaDB (sqltests/load_data_test.go). Delete this
// file when upstream reads the file in its character set.

// fileCharset returns the character set of LOAD DATA's CHARACTER SET name
// (quotes allowed): CharacterSet_Unspecified for none, error 1115 for a
// name MySQL does not know.
func fileCharset(name string) (sql.CharacterSetID, error) {
	name = strings.Trim(name, "'\"`")
	if name == "" {
		return sql.CharacterSet_Unspecified, nil
	}
	cs, err := sql.ParseCharacterSet(name)
	if err != nil {
		return 0, mysql.NewSQLError(mysql.ERUnknownCharacterSet, mysql.SSClientError, "Unknown character set: '%s'", name)
	}
	return cs, nil
}

// decode returns field v, read in the file's character set it.charset,
// as the UTF-8 text column col (nil for a user variable) takes it: v
// itself for a binary column or a file of bytes or UTF-8; else converted
// (see the fault above), an ASCII file's other bytes '?' with warning
// 1366 (error 1366 in strict mode).
func (it *loadDataIter) decode(ctx *sql.Context, col *sql.Column, v string) (string, error) {
	switch it.charset {
	case sql.CharacterSet_Unspecified, sql.CharacterSet_binary, sql.CharacterSet_utf8mb4, sql.CharacterSet_utf8mb3:
		return v, nil
	}
	if col != nil {
		if st, ok := col.Type.(sql.StringType); ok && st.CharacterSet() == sql.CharacterSet_binary {
			return v, nil
		}
	}
	switch it.charset {
	case sql.CharacterSet_latin1:
		return latin1Text(v), nil
	case sql.CharacterSet_ascii:
		return it.asciiText(ctx, col, v)
	}
	if cm := singleByteCharsets[it.charset]; cm != nil {
		if it.decoder == nil {
			it.decoder = cm.NewDecoder()
		}
		if out, err := it.decoder.String(v); err == nil {
			return out, nil
		}
	}
	if enc := it.charset.Encoder(); enc != nil { // none for gbk, sjis, …
		if out, ok := enc.Decode([]byte(v)); ok {
			return string(out), nil
		}
	}
	return v, nil
}

// singleByteCharsets are the tables of the single-byte character sets
// go-mysql-server has no encoder for, x/text's (which may differ from
// MySQL's for a byte a code page leaves undefined: U+FFFD here).
var singleByteCharsets = map[sql.CharacterSetID]*charmap.Charmap{
	sql.CharacterSet_cp1250: charmap.Windows1250, sql.CharacterSet_cp1251: charmap.Windows1251,
	sql.CharacterSet_cp850: charmap.CodePage850, sql.CharacterSet_cp852: charmap.CodePage852,
	sql.CharacterSet_cp866: charmap.CodePage866, sql.CharacterSet_latin2: charmap.ISO8859_2,
	sql.CharacterSet_greek: charmap.ISO8859_7, sql.CharacterSet_hebrew: charmap.ISO8859_8,
	sql.CharacterSet_latin5: charmap.ISO8859_9, sql.CharacterSet_koi8r: charmap.KOI8R,
	sql.CharacterSet_koi8u: charmap.KOI8U, sql.CharacterSet_macroman: charmap.Macintosh,
}

// latin1Text is latin1 (MySQL's: cp1252, its undefined bytes the C1
// controls) bytes v as UTF-8.
func latin1Text(v string) string {
	ascii := true
	for i := 0; i < len(v) && ascii; i++ {
		ascii = v[i] < utf8.RuneSelf
	}
	if ascii {
		return v
	}
	var b strings.Builder
	b.Grow(len(v) + len(v)/2)
	for i := 0; i < len(v); i++ {
		r := charmap.Windows1252.DecodeByte(v[i])
		if r == utf8.RuneError {
			r = rune(v[i])
		}
		b.WriteRune(r)
	}
	return b.String()
}

// asciiText is ASCII field v for column col (nil for a user variable):
// each byte from 0x80 '?', with warning 1366 naming the bytes from the
// first, or in strict mode that error.
func (it *loadDataIter) asciiText(ctx *sql.Context, col *sql.Column, v string) (string, error) {
	bad := strings.IndexFunc(v, func(r rune) bool { return r >= utf8.RuneSelf })
	if bad < 0 {
		return v, nil
	}
	if col != nil {
		msg := fmt.Sprintf("Incorrect string value: '%s' for column '%s' at row %d", printableBytes(v[bad:]), col.Name, it.row)
		if it.strict {
			return "", mysql.NewSQLError(mysql.ERTruncatedWrongValueForField, mysql.SSUnknownSQLState, "%s", msg)
		}
		ctx.Warn(mysql.ERTruncatedWrongValueForField, "%s", msg)
	}
	b := []byte(v)
	for i := bad; i < len(b); i++ {
		if b[i] >= utf8.RuneSelf {
			b[i] = '?'
		}
	}
	return string(b), nil
}

// binaryVariables returns ld, a LOAD DATA of a file in character set cs,
// with the user variables that its SET expressions read typed as the
// file's bytes (LONGBLOB) when cs is binary, as MySQL types a variable
// read from a CHARACTER SET binary file; ld itself (the plan's) is not
// changed. Regression: the variables were utf8mb4 texts, so
// `CHARACTER SET binary (id, @v) SET n = LENGTH(@v)` of bytes that are
// not UTF-8 was error 1366 "invalid string for charset utf8mb4: '[99 97
// 102 233 255]'".
func binaryVariables(ld *plan.LoadData, cs sql.CharacterSetID) *plan.LoadData {
	if cs != sql.CharacterSet_binary || len(ld.SetExprs) == 0 {
		return ld
	}
	c := *ld
	c.SetExprs = make([]sql.Expression, len(ld.SetExprs))
	for i, e := range ld.SetExprs {
		if e == nil {
			continue
		}
		out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
			if uv, ok := e.(*expression.UserVar); ok {
				return expression.NewUserVarWithType(uv.Name, types.LongBlob), transform.NewTree, nil
			}
			return e, transform.SameTree, nil
		})
		if err != nil {
			out = e
		}
		c.SetExprs[i] = out
	}
	return &c
}
