package catalog

import (
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/simsql/simsql/compat"
)

// Fault (go-mysql-server v0.20.0, rowexec's ALTER TABLE copy): MODIFY or
// CHANGE of a FLOAT or DOUBLE column to a character type wrote each value
// in Go's 'f' text ('18446744073709552000', '1000000000000000'); MySQL 8
// stores the text CONCAT gives ('1.8446744073709552e19', '1e15'), as for
// an INSERT or UPDATE (compat.TextOfDouble, checkedValue). The rewriter
// reads the copied text back as the number (the 'f' text is exact) and
// writes MySQL's. Pinned by CompatFaultScripts "a DOUBLE into a character
// column". Delete this file when upstream converts as MySQL does.

// doubleColumn is the ordinal of a FLOAT or DOUBLE column ALTER TABLE
// makes text, and whether it was a FLOAT.
type doubleColumn struct {
	ok      bool
	ordinal int
	float32 bool
}

// doubleColumnOf returns the doubleColumn of a MODIFY or CHANGE of oldCol
// to newCol in sch; not ok when oldCol is no FLOAT or DOUBLE or newCol no
// character column.
func doubleColumnOf(oldCol, newCol *sql.Column, sch sql.Schema) doubleColumn {
	if !types.IsFloat(oldCol.Type) || !isCharacterColumn(newCol) {
		return doubleColumn{}
	}
	i := sch.IndexOfColName(newCol.Name)
	return doubleColumn{ok: i >= 0, ordinal: i, float32: types.Float32.Equals(oldCol.Type)}
}

// rewrite gives row's column MySQL's text of its number.
func (d doubleColumn) rewrite(row sql.Row) {
	if !d.ok || d.ordinal >= len(row) {
		return
	}
	s, isString := row[d.ordinal].(string)
	if !isString {
		return
	}
	if d.float32 {
		if f, err := strconv.ParseFloat(s, 32); err == nil {
			row[d.ordinal] = compat.FloatText(float32(f))
		}
		return
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		row[d.ordinal] = compat.DoubleText(f)
	}
}
