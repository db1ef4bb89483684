package compat

// Fault (go-mysql-server v0.20.0): a BIT column compared with an integer
// of another type is compared as DOUBLE, so values near 2^63 that differ
// compare equal: for b BIT(64), b = 9223372036854775807 matched
// 9223372036854775808 too, and b > 9223372036854775807 missed it. MySQL
// compares a BIT column with an integer as integers (BIT is an integer
// type to Arg_comparator, Field_bit::val_int). bitConstant gives the
// comparison an integer constant in the column's own BIT type when it
// fits the column's width, which go-mysql-server compares exactly
// (BitType.Compare, and an index can use it), and otherwise leaves it to
// this package's exact comparison (compare.go). Pinned by
// BitCompareScripts (sqltests, also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// bitConstant returns the integer i (unsigned: its 64 bits read as
// unsigned) as a constant of col's BIT type, if it is one of its values.
func bitConstant(col *expression.GetField, i int64, unsigned bool) (sql.Expression, bool) {
	bt, ok := col.Type().(types.BitType)
	if !ok || !unsigned && i < 0 {
		return nil, false
	}
	if n := bt.NumberOfBits(); n < 64 && uint64(i)>>n != 0 {
		return nil, false
	}
	return expression.NewLiteral(uint64(i), col.Type()), true
}
