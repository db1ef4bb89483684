package catalog

import (
	"math/big"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"

	"github.com/simsql/simsql/compat"
)

// Fault (go-mysql-server v0.20.0): a hexadecimal literal written to a
// numeric column, INSERT INTO t (u) VALUES (0x35) or UPDATE t SET u =
// X'35', is read as the text of its bytes, so BIGINT UNSIGNED, INT,
// SMALLINT, TINYINT and DECIMAL columns stored 5 where MySQL 8 stores 53
// (the literal's number: Item_hex_string::save_in_field); X'3535' stored
// 55 (13621). The parser (compat/bit_literals.go) keeps such a value a
// hexadecimal literal, and checkedValue (compat_non_strict_values.go)
// writes hexNumber of it: its bytes as a big-endian unsigned number,
// which the integer range check (compat_integer_range.go) refuses beyond
// the column's range (more than eight bytes, or eight with the high bit
// into a signed BIGINT) as MySQL 8 does. A string column stores the bytes.
// MariaDB stores 5 for X'35' (it reads that form as text), 53 for 0x35;
// simsql follows MySQL 8. Pinned by HexValueScripts
// (sqltests/scripts_integer_range.go).

// hexNumber returns the number of e, a hexadecimal literal, as a DECIMAL
// literal when col is numeric (integer, DECIMAL or floating point); else
// e.
func hexNumber(e sql.Expression, col *sql.Column) sql.Expression {
	b, ok := compat.HexLiteral(e)
	if !ok || col == nil || col.Type == nil {
		return e
	}
	t := col.Type
	if !types.IsInteger(t) && !types.IsDecimal(t) && !types.IsFloat(t) {
		return e
	}
	d := decimal.NewFromBigInt(new(big.Int).SetBytes(b), 0)
	digits := max(len(d.String()), 1)
	if digits > 65 {
		digits = 65 // beyond every numeric column's range anyway
	}
	return expression.NewLiteral(d, types.MustCreateDecimalType(uint8(digits), 0))
}
