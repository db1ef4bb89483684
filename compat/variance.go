package compat

// Fault (go-mysql-server v0.20.0): VarPop, VarSamp, StdDevPop and
// StdDevSamp (VARIANCE, VAR_POP, VAR_SAMP, STD, STDDEV, STDDEV_POP,
// STDDEV_SAMP) give their argument's type as their own, so the DOUBLE the
// buffer computes is sent as that type: VARIANCE of a TINYINT column is
// clamped to 127, of an INT to 2147483647, and STD rounded to an integer.
// MySQL 8 (Item_sum_variance::resolve_type, sql/item_sum.cc) types them
// all DOUBLE, NULL when no row has a value. The replacement keeps
// go-mysql-server's aggregate, its buffers (Welford's recurrence, as
// MySQL's) and its window form, with MySQL's type. Pinned by TestVariance.

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// varianceFunctions are the statistical aggregates, by SQL name.
func varianceFunctions() []sql.Function {
	pop := func(e sql.Expression) sql.Expression { return &doubleAggregate{aggregation.NewVarPop(e)} }
	samp := func(e sql.Expression) sql.Expression { return &doubleAggregate{aggregation.NewVarSamp(e)} }
	stdPop := func(e sql.Expression) sql.Expression { return &doubleAggregate{aggregation.NewStdDevPop(e)} }
	stdSamp := func(e sql.Expression) sql.Expression { return &doubleAggregate{aggregation.NewStdDevSamp(e)} }
	return []sql.Function{
		sql.Function1{Name: "std", Fn: stdPop},
		sql.Function1{Name: "stddev", Fn: stdPop},
		sql.Function1{Name: "stddev_pop", Fn: stdPop},
		sql.Function1{Name: "stddev_samp", Fn: stdSamp},
		sql.Function1{Name: "var_pop", Fn: pop},
		sql.Function1{Name: "var_samp", Fn: samp},
		sql.Function1{Name: "variance", Fn: pop},
	}
}

// doubleAggregate is a go-mysql-server aggregate (bit_aggregates.go's
// gmsAggregate) typed DOUBLE, nullable.
type doubleAggregate struct {
	gmsAggregate
}

var _ sql.Aggregation = (*doubleAggregate)(nil)
var _ sql.CollationCoercible = (*doubleAggregate)(nil)

// Type implements sql.Expression.
func (a *doubleAggregate) Type() sql.Type { return types.Float64 }

// IsNullable implements sql.Expression: NULL when no row has a value.
func (a *doubleAggregate) IsNullable() bool { return true }

// CollationCoercibility implements sql.CollationCoercible: a number's.
func (a *doubleAggregate) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// WithChildren implements sql.Expression.
func (a *doubleAggregate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := a.gmsAggregate.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &doubleAggregate{n.(gmsAggregate)}, nil
}

// WithWindow implements sql.WindowAdaptableExpression.
func (a *doubleAggregate) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &doubleAggregate{a.gmsAggregate.WithWindow(w).(gmsAggregate)}
}

// WithId implements sql.IdExpression.
func (a *doubleAggregate) WithId(id sql.ColumnId) sql.IdExpression {
	return &doubleAggregate{a.gmsAggregate.WithId(id).(gmsAggregate)}
}
