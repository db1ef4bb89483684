package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
)

// Fault (go-mysql-server v0.20.0): INSERT INTO t (b, a) SELECT … checks
// and stores the values in the table's column order (the analyzer widens
// the SELECT's rows to every column of t), so its warnings came as a's,
// then b's, where MySQL gives them in the order it stores the values, the
// statement's column list. checkedSource puts the row's checked values in
// one orderedRow, which evaluates them all, in the list's order, when the
// projection asks for the first. Pinned by the script "INSERT … SELECT
// warns in the column list's order" (IntegerRangeScripts, also on MariaDB).

// orderedRow evaluates the values of one row in order: the projection
// over a row evaluates its expressions first to last, and the first,
// orderedValue 0, evaluates every value, the others reading theirs.
type orderedRow struct {
	exprs  []sql.Expression // the values in the table's column order
	order  []int            // the indexes of exprs in evaluation order
	values []any
}

// orderedValue is value i of an orderedRow.
type orderedValue struct {
	sql.Expression // exprs[i], for its type and text
	row            *orderedRow
	i              int
}

var _ sql.Expression = (*orderedValue)(nil)

// inOrder returns exprs, evaluated in the order order gives.
func inOrder(exprs []sql.Expression, order []int) []sql.Expression {
	r := &orderedRow{exprs: exprs, order: order, values: make([]any, len(exprs))}
	out := make([]sql.Expression, len(exprs))
	for i, e := range exprs {
		out[i] = &orderedValue{Expression: e, row: r, i: i}
	}
	return out
}

// Eval implements sql.Expression.
func (v *orderedValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	r := v.row
	if v.i == 0 {
		for _, j := range r.order {
			x, err := r.exprs[j].Eval(ctx, row)
			if err != nil {
				return nil, err
			}
			r.values[j] = x
		}
	}
	return r.values[v.i], nil
}

// WithChildren implements sql.Expression: the row's values are shared, so
// a copy with new children is a new orderedRow's.
func (v *orderedValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return v.Expression.WithChildren(children...)
}
