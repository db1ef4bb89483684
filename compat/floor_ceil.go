package compat

// Fault (go-mysql-server v0.20.0): FLOOR and CEIL report the type INT
// (Int32) for every argument that is not an integer, but return the
// argument's own Go value floored: a decimal.Decimal for FLOOR(2.5), a
// float64 for FLOOR(1e10). The integer operators of this package read an
// INT argument's 64 bits, so FLOOR(2.5) * 4 was 0 and FLOOR(2.5) + 1 was 1
// (MySQL: 8 and 3). MySQL 8's Item_func_int_val::resolve_type makes FLOOR
// and CEIL of a DOUBLE (or a string) a DOUBLE, and of an exact DECIMAL an
// integer (a DECIMAL only past 18 digits). floorCeilKind gives the first;
// args.eval reads a DECIMAL value of an INT argument as its integer, which
// gives the second. Pinned by TestFloorCeilArith.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
)

// floorCeilKind returns the MySQL result type of e when e is FLOOR or CEIL
// (ok true): its argument's kind for an integer argument, kDouble for a
// DOUBLE or string argument, kInt for a DECIMAL one.
func floorCeilKind(e sql.Expression) (kind, bool) {
	var child sql.Expression
	switch f := e.(type) {
	case *function.Floor:
		child = f.Child
	case *function.Ceil:
		child = f.Child
	default:
		return kOther, false
	}
	switch k := kindOf(child); k {
	case kInt, kUint, kDeferred, kNull, kOther:
		return k, k.integer() || k == kDeferred
	case kDouble, kString:
		return kDouble, true
	}
	return kInt, true
}
