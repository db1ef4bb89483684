package compat

// Fault (go-mysql-server v0.20.0): a comparison of a DECIMAL with a
// DECIMAL of a larger scale (a DECIMAL(10,0) column with the literal
// 99.5, a DECIMAL(10,2) column with 1.005) converts both to the type of
// one side, a column's when there is one, which rounds the other to that
// scale: a > 99.5 was false for a = 100 (99.5 became 100), a = 100.4 true,
// b > 1.005 false for b = 1.01. MySQL (Arg_comparator::compare_decimal)
// compares the two values exactly. newCompare leaves such a comparison to
// this package's exact one (which no index range reads: the planner's
// ranges would round the bound the same way). Pinned by TestCompare and
// NumericExactScripts "a DECIMAL column compared with a literal of more
// decimals".

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// decimalRounds reports whether go-mysql-server's comparison of a and b,
// of kinds ka and kb, integers or DECIMALs, would round one of them: one
// is typed DECIMAL with a smaller scale than the other's.
func decimalRounds(a, b sql.Expression, ka, kb kind) bool {
	_, sa := decimalShape(a, ka)
	_, sb := decimalShape(b, kb)
	return types.IsDecimal(a.Type()) && sa < sb || types.IsDecimal(b.Type()) && sb < sa
}
