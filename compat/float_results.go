package compat

// Fault (go-mysql-server v0.20.0, and this package's numericIf,
// numericCase, numericCoalesce and minMax before this file): IF, IFNULL,
// CASE, COALESCE, GREATEST and LEAST of FLOAT arguments were typed DOUBLE,
// so IF(c, f1, f2) of two FLOAT columns holding 1.1 was sent as
// 1.100000023841858. MySQL 8 gives them the type their arguments
// aggregate to (Item_func::aggregate_type, field_types_merge_rules in
// sql/field.cc), which is FLOAT when every argument is a FLOAT or a
// TINYINT, SMALLINT or MEDIUMINT (and DOUBLE with an INT, BIGINT, DECIMAL,
// DOUBLE or an integer literal, which is a BIGINT), and writes the value
// with a FLOAT's 6 digits (1.1; double_text.go's formatFloat). MariaDB
// 10.11 types them alike. Pinned by IfTypeScripts "IF, IFNULL, CASE,
// COALESCE, GREATEST and LEAST of FLOATs are FLOAT" (sqltests, also on
// MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/sqltypes"
)

// floatResult reports whether arguments a, numbers one of which at least
// is a DOUBLE kind, aggregate to FLOAT: every one is a FLOAT, or an
// integer of at most 24 bits that is not a literal, and one is a FLOAT.
func floatResult(a []sql.Expression) bool {
	float := false
	for _, e := range a {
		switch e.Type().Type() {
		case sqltypes.Float32:
			float = true
		case sqltypes.Int8, sqltypes.Uint8, sqltypes.Int16, sqltypes.Uint16, sqltypes.Int24, sqltypes.Uint24:
			if _, lit := e.(*expression.Literal); lit {
				return false
			}
		default:
			return false
		}
	}
	return float
}

// double returns f as a Go value of r, a DOUBLE kind: a float32 when r is
// a FLOAT.
func (r result) double(f float64) any {
	if r.float {
		return float32(f)
	}
	return f
}
