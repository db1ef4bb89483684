package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// A duplicate key of a binary column (BINARY, VARBINARY, BLOB) was put
// into error 1062 as its raw bytes: a NUL ends the message in C clients
// ("Duplicate entry '" and nothing more) and other bytes are not UTF-8.
// MySQL 8 (sql/key.cc field_unpack, then sql_error.cc err_conv for the
// binary character set) writes the bytes 0x20 to 0x7E as they are and
// every other byte as \xHH, after dropping a BINARY(N)'s trailing zero
// bytes: 'ab\x00c', '\x00\x01\xFF', and 'ab' for a BINARY(4) 'ab'. MariaDB
// 10.11 words them the same. Pinned by KeysScripts "a duplicate binary
// key is written as MySQL escapes it" (sqltests/scripts_keys.go, also on
// MariaDB).

// binaryKeyText returns the text of key value v of a column of type typ
// as MySQL's 1062 shows it, and whether typ is a binary string (else the
// caller words the value itself).
func binaryKeyText(typ sql.Type, v any) (string, bool) {
	if !types.IsBinaryType(typ) {
		return "", false
	}
	var b []byte
	switch x := v.(type) {
	case []byte:
		b = x
	case string:
		b = []byte(x)
	default:
		return "", false
	}
	if typ.Type() == sqltypes.Binary {
		b = []byte(strings.TrimRight(string(b), "\x00"))
	}
	var sb strings.Builder
	for _, c := range b {
		if c >= 0x20 && c <= 0x7E {
			sb.WriteByte(c)
		} else {
			fmt.Fprintf(&sb, "\\x%02X", c)
		}
	}
	return sb.String(), true
}
