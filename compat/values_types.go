package compat

// Fault (go-mysql-server v0.20.0): the VALUES statement and a VALUES
// derived table type each column from its first row, widened only by
// "uint < int < decimal < string" (plan.getMostPermissiveType): VALUES
// ROW(3), ROW(18446744073709551615) answered 3, 127 (TINYINT, clamped),
// ROW(18446744073709551615), ROW(-1) 9223372036854775807, -1, and
// ROW(1.5), ROW(18446744073709551615) failed with 1105 "Out of range value
// for column of Decimal type". MySQL 8 types a table value constructor's
// column as UNION does, aggregating every row's type
// (https://dev.mysql.com/doc/refman/8.0/en/values.html: "the column
// types are determined in the same way as for UNION"; PT_values /
// Item_aggregate_type): 3, 18446744073709551615; DECIMAL(20,0)
// 18446744073709551615, -1; DECIMAL 1.5, 18446744073709551615.0.
// unionRetyper.values folds joinUnion (union_aggregate.go) over the rows
// of each column and converts each row's value to that type, as a set
// operation's sides are, and the references above read the column as of
// it. Pinned by NumericExactScripts "VALUES columns are typed as UNION
// types them" (sqltests; MariaDB 10.11 has no VALUES statement, so the
// script compares with UNION ALL of the same rows).
//
// A second fault: go-mysql-server's iterator of a VALUES table panicked on
// a NULL in a DECIMAL column (VALUES ROW(1.5), ROW(NULL): interface
// conversion: interface {} is nil, not decimal.Decimal, rowexec
// buildValueDerivedTable); valuesRows builds it, NULL kept. Pinned by
// TestValuesTypes and TestValuesAsUnion (compat).

import (
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/shopspring/decimal"
)

// values returns v with each column's values converted to the type MySQL
// 8 aggregates from all its rows, recording the column ids' types; ok is
// false when no column changed.
func (r *unionRetyper) values(v *plan.ValueDerivedTable) (sql.Node, bool) {
	rows := v.ExpressionTuples
	if len(rows) < 2 || !v.Resolved() {
		return v, false
	}
	width := len(rows[0])
	final := make([]sql.Type, width)
	changed := false
	for i := range width {
		d, ok := describe(rows[0][i]), true
		for _, row := range rows[1:] {
			if len(row) != width {
				return v, false
			}
			if d, ok = joinUnion(d, describe(row[i])); !ok {
				break
			}
		}
		if !ok {
			continue
		}
		t := d.sqlType()
		for _, row := range rows {
			if !reflect.DeepEqual(row[i].Type(), t) {
				final[i], changed = t, true
				break
			}
		}
	}
	if !changed {
		return v, false
	}
	exprs := make([]sql.Expression, 0, width*len(rows))
	for _, row := range rows {
		for i, x := range row {
			if final[i] != nil && !reflect.DeepEqual(x.Type(), final[i]) {
				x = unionConverted(x, final[i])
			}
			exprs = append(exprs, x)
		}
	}
	out, err := v.WithExpressions(exprs...)
	if err != nil {
		return v, false
	}
	sch := out.Schema()
	i := 0
	v.Columns().ForEach(func(id sql.ColumnId) {
		if i < len(sch) {
			r.typed[id] = sch[i].Type
		}
		i++
	})
	r.changed = true
	return out, true
}

// valuesRows builds the rows of n, when it is a VALUES table, as
// go-mysql-server's buildValueDerivedTable does (each value converted to
// its column's type, a DECIMAL rounded to the column's scale) but with a
// NULL left NULL.
func valuesRows(ctx *sql.Context, n sql.Node, row sql.Row) (sql.RowIter, bool, error) {
	v, ok := n.(*plan.ValueDerivedTable)
	if !ok {
		return nil, false, nil
	}
	sch := v.Schema()
	rows := make([]sql.Row, len(v.ExpressionTuples))
	for i, et := range v.ExpressionTuples {
		vals := make(sql.Row, len(et))
		for j, e := range et {
			x, err := e.Eval(ctx, row)
			if err != nil {
				return nil, true, err
			}
			if x == nil {
				continue
			}
			if x, _, err = sch[j].Type.Convert(ctx, x); err != nil {
				return nil, true, err
			}
			if t, ok := sch[j].Type.(sql.DecimalType); ok {
				if d, ok := x.(decimal.Decimal); ok {
					x = d.Round(int32(t.Scale()))
				}
			}
			vals[j] = x
		}
		rows[i] = vals
	}
	return sql.RowsToRowIter(rows...), true, nil
}
