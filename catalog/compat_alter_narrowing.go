package catalog

import (
	"errors"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/mysql"
)

// Fault (go-mysql-server v0.20.0): ALTER TABLE … MODIFY (or CHANGE) of a
// column to a narrower type converted each row with the new type's
// Convert and kept going: 4294967296 in a BIGINT UNSIGNED column became 0
// in INT UNSIGNED, 2^64−1 became 255 in TINYINT UNSIGNED, a DECIMAL too
// wide for the new precision was error 1105 and a string too long for a
// shorter VARCHAR error 1406 naming the type, not the column. MySQL 8's
// strict mode refuses the ALTER, table unchanged, with 1264 "Out of range
// value for column 'a' at row 1" or, for a string, 1265 "Data truncated
// for column 'v' at row 1".
//
// In strict mode RewriteInserter (alter.go), before anything is written,
// checks every value of the modified column against the new column as
// INSERT does (checkedValue: inRange, inDecimal, fitString) and refuses
// the first that does not fit with MySQL's error. Outside strict mode
// go-mysql-server's conversion stays (MySQL stores the nearest value with
// a warning: not done). Pinned by CompatFaultScripts "ALTER TABLE MODIFY
// to a narrower type refuses values out of range" (also on MariaDB).
// Delete this file when go-mysql-server range-checks rewritten rows.

// checkNarrowing returns MySQL's error for the first row of t whose
// column oldCol does not fit newCol in strict mode; nil outside strict
// mode or when every value fits.
func checkNarrowing(ctx *sql.Context, t *Table, oldCol, newCol *sql.Column) error {
	if !strictMode(ctx) || newCol.Generated != nil || oldCol.Type.Equals(newCol.Type) {
		return nil
	}
	i := t.sch.Schema.IndexOfColName(oldCol.Name)
	if i < 0 {
		return nil
	}
	parts, err := t.Partitions(ctx)
	if err != nil {
		return err
	}
	iter := sql.NewTableRowIter(ctx, t, parts)
	defer iter.Close(ctx)
	for n := int64(1); ; n++ {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if row[i] == nil {
			continue
		}
		check := checkedValue(expression.NewLiteral(row[i], oldCol.Type), newCol, false, n)
		if _, err := check.Eval(ctx, nil); err != nil {
			var se *mysql.SQLError
			if errors.As(err, &se) && se.Num == erDataTooLong {
				return mysql.NewSQLError(erWarnDataTruncated, "01000", "%s", truncated(newCol.Name, n))
			}
			return err
		}
	}
}
