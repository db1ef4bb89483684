package compat

// Fault (go-mysql-server v0.20.0): its MIN and MAX aggregates say they
// are never NULL (IsNullable false), though of no rows they are: CREATE
// TABLE … AS SELECT MAX(a) made the column NOT NULL, so over no rows it
// failed with 1048 "Column 'mx' cannot be null", and so did every later
// INSERT … SELECT MAX(…) of no rows. MySQL 8 (Item_sum_hybrid, maybe_null
// always) and MariaDB create the column nullable. newMin and newMax wrap
// them to say so; go-mysql-server's rewrite of MIN or MAX of a primary
// key's first column into a sorted read of one row (replaceAgg) no longer
// applies, which also answered no row, not NULL, for an empty table.
// Pinned by CreateSelectScripts (sqltests/scripts_ctas.go), which also
// run on MariaDB.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
)

// nullableMax is MAX(x), nullable.
type nullableMax struct{ *aggregation.Max }

// nullableMin is MIN(x), nullable.
type nullableMin struct{ *aggregation.Min }

var (
	_ sql.Aggregation = (*nullableMax)(nil)
	_ sql.Aggregation = (*nullableMin)(nil)
)

func newMax(e sql.Expression) sql.Expression { return &nullableMax{aggregation.NewMax(e)} }

func newMin(e sql.Expression) sql.Expression { return &nullableMin{aggregation.NewMin(e)} }

// IsNullable implements sql.Expression: MAX of no rows is NULL.
func (m *nullableMax) IsNullable() bool { return true }

// IsNullable implements sql.Expression: MIN of no rows is NULL.
func (m *nullableMin) IsNullable() bool { return true }

// WithChildren implements sql.Expression.
func (m *nullableMax) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := m.Max.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &nullableMax{n.(*aggregation.Max)}, nil
}

// WithChildren implements sql.Expression.
func (m *nullableMin) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := m.Min.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &nullableMin{n.(*aggregation.Min)}, nil
}

// WithWindow implements sql.WindowAdaptableExpression.
func (m *nullableMax) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &nullableMax{m.Max.WithWindow(w).(*aggregation.Max)}
}

// WithWindow implements sql.WindowAdaptableExpression.
func (m *nullableMin) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &nullableMin{m.Min.WithWindow(w).(*aggregation.Min)}
}

// WithId implements sql.IdExpression.
func (m *nullableMax) WithId(id sql.ColumnId) sql.IdExpression {
	return &nullableMax{m.Max.WithId(id).(*aggregation.Max)}
}

// WithId implements sql.IdExpression.
func (m *nullableMin) WithId(id sql.ColumnId) sql.IdExpression {
	return &nullableMin{m.Min.WithId(id).(*aggregation.Min)}
}
