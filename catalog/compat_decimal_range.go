package catalog

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/shopspring/decimal"
)

// Fault (go-mysql-server v0.20.0): a value beyond a DECIMAL column's range
// was error 1105 "Out of range value for column of Decimal type" (MySQL:
// 1264, SQLSTATE 22003, "Out of range value for column 'd' at row 1"), and
// under INSERT IGNORE, UPDATE IGNORE or outside strict mode stored 0 with
// that note where MySQL stores the nearest end of the range (999.99 for
// DECIMAL(5,2)) with warning 1264; '12abc' stored 0 with note 1105
// ("expected end of string") where MySQL stores 12 with warning 1265, and
// 'x' 0 with note 1105 ("number has no digits") where MySQL warns 1366
// "Incorrect decimal value: 'x' for column 'd' at row 1"; extra scale was
// rounded without MySQL's note 1265 "Data truncated" (rounded half away
// from zero, as MySQL's decimal_round does). INSERT … SELECT and UPDATE
// without IGNORE stored an out-of-range product silently.
//
// checkedValue (compat_non_strict_values.go) wraps each value written to
// a DECIMAL column by INSERT … VALUES, INSERT … SELECT, UPDATE, ON
// DUPLICATE KEY UPDATE and LOAD DATA in an inDecimal. In strict mode
// without IGNORE a string with more than its number is error 1265 and one
// with none 1366, as MariaDB 10.11 answers and as simsql does for integer
// columns. go-mysql-server has no DECIMAL UNSIGNED (it takes a negative
// value), so neither does this check. Pinned by DecimalRangeScripts
// (sqltests/scripts_decimal_range.go), also run on MariaDB.

// inDecimal is a value written to a DECIMAL column, rounded to the
// column's scale and checked against its range.
type inDecimal struct {
	columnValue
	scale int32
	max   decimal.Decimal // the largest value the column holds
}

var _ sql.Expression = (*inDecimal)(nil)

// isDecimalColumn reports whether c is a DECIMAL column.
func isDecimalColumn(c *sql.Column) bool {
	if c == nil || c.Type == nil {
		return false
	}
	_, ok := c.Type.(sql.DecimalType)
	return ok
}

// newInDecimal returns e checked against DECIMAL column col.
func newInDecimal(e sql.Expression, col *sql.Column, ignore bool, row int64) *inDecimal {
	t := col.Type.(sql.DecimalType)
	scale := int32(t.Scale())
	max := decimal.New(1, int32(t.Precision())-scale).Sub(decimal.New(1, -scale))
	return &inDecimal{columnValue: columnValue{Expression: e, col: col, ignore: ignore, row: row}, scale: scale, max: max}
}

// Eval implements sql.Expression: the value as a decimal at the column's
// scale; beyond the range error 1264 in strict mode, else the nearest end
// of the range with warning 1264; extra scale rounded with note 1265.
func (r *inDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n := r.rowNumber() // a NULL is a row too
	if v == nil {
		return nil, nil
	}
	strict := strictMode(ctx) && !r.ignore
	var d decimal.Decimal
	switch x := v.(type) {
	case decimal.Decimal:
		d = x
	case int8, int16, int32, int64, int, uint8, uint16, uint32, uint64:
		if d, err = types.InternalDecimalType.ConvertNoBoundsCheck(x); err != nil { // exact for every integer
			return nil, err
		}
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return v, nil
		}
		d = decimal.NewFromFloat(x)
	case float32:
		d = decimal.NewFromFloat32(x)
	case string:
		if d, err = numberOfString(ctx, x, "decimal", r.col, strict, n); err != nil {
			return nil, err
		}
	case []byte:
		if d, err = numberOfString(ctx, string(x), "decimal", r.col, strict, n); err != nil {
			return nil, err
		}
	default:
		return v, nil
	}
	rounded := d.Round(r.scale) // half away from zero
	if rounded.Abs().GreaterThan(r.max) {
		if strict {
			return nil, mysql.NewSQLError(erWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", r.col.Name, n)
		}
		ctx.Warn(erWarnDataOutOfRange, "Out of range value for column '%s' at row %d", r.col.Name, n)
		if rounded.IsNegative() {
			return r.max.Neg(), nil
		}
		return r.max, nil
	}
	if !rounded.Equal(d) {
		ctx.Session.Warn(&sql.Warning{Level: "Note", Code: erWarnDataTruncated, Message: truncated(r.col.Name, n)})
	}
	return rounded, nil
}

// WithChildren implements sql.Expression.
func (r *inDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	return newInDecimal(children[0], r.col, r.ignore, r.row), nil
}

// Children implements sql.Expression.
func (r *inDecimal) Children() []sql.Expression { return []sql.Expression{r.Expression} }

// String implements sql.Expression: the value's own text.
func (r *inDecimal) String() string { return r.Expression.String() }

// Type implements sql.Expression: the column's type, the type of the
// value Eval returns.
func (r *inDecimal) Type() sql.Type { return r.col.Type }
