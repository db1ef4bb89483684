package compat

import (
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
)

// Fault (go-mysql-server v0.20.0): a number compared with a string that
// is not wholly a number (x = '2x', x IN ('2x', 3) for an integer x) gave
// no warning; MySQL compares the two as DOUBLE and warns 1292 "Truncated
// incorrect DOUBLE value: '2x'" (a string that is a number followed by
// spaces is no truncation). A constant string is converted once (MySQL's
// Arg_comparator caches a converted constant, and IN fills its vector of
// constants once), so it warns once per statement; a column's string
// once a row. MariaDB 10.11 words it "DECIMAL value" for an integer x,
// warns IN's constants once a row, and gives a note for ' 2 ': the test,
// CompatMySQLScripts' "a number compared with a string that is not one:
// warning 1292", is MySQL 8's. The same holds of + - * / % computed as
// DOUBLE (uint64_arith.go, div.go): SELECT 1 + 'a' is 1 with that warning
// (CompatFaultScripts "arithmetic on a string that is not a number:
// warning 1292"), and of DIV, which divides a string as DECIMAL: 'a' DIV
// 2 is 0 with "Truncated incorrect DECIMAL value: 'a'" in MySQL 8 and
// MariaDB (it gave no warning; the same test).

// truncatedStrings warns, for a comparison as DOUBLE, of the string
// sides that are not wholly numbers.
type truncatedStrings struct {
	side     [2]bool // the side is a string
	constant [2]bool // … a constant one, warned of once
	warned   [2]atomic.Bool
}

// newTruncatedStrings returns the warnings of the comparison of a and b
// of kinds ks as DOUBLE; nil when neither is a string.
func newTruncatedStrings(a, b sql.Expression, ks []kind) *truncatedStrings {
	if ks[0] != kString && ks[1] != kString {
		return nil
	}
	t := &truncatedStrings{}
	for i, e := range []sql.Expression{a, b} {
		t.side[i] = ks[i] == kString
		t.constant[i] = t.side[i] && isConstant(e)
	}
	return t
}

// check warns of v, side i's value, if it is a string with more than a
// number in it.
func (t *truncatedStrings) check(ctx *sql.Context, i int, v value) { t.checkAs(ctx, i, v, "DOUBLE") }

// checkAs is check for a string read as typ: "DECIMAL" for DIV, which
// divides strings as DECIMAL (Item_func_int_div::val_int; MySQL and
// MariaDB word it "Truncated incorrect DECIMAL value").
func (t *truncatedStrings) checkAs(ctx *sql.Context, i int, v value, typ string) {
	if t == nil || !t.side[i] || v.k != kString {
		return
	}
	if _, exact := strtod(v.s); exact || t.constant[i] && t.warned[i].Swap(true) {
		return
	}
	ctx.Warn(1292, "Truncated incorrect %s value: '%s'", typ, v.quoted())
}
