package compat

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): BENCHMARK(count, expr) does not exist
// ("function: 'benchmark' not found"). MySQL evaluates expr count times and
// returns 0 (INT); NULL when count is NULL, and NULL with warning 1411
// ("Incorrect count value: '-1' for function benchmark") when count is
// negative. Tools send it to time the server's expression evaluation. The
// loop stops with the statement (KILL QUERY, max_execution_time), at most
// count evaluations. Pinned by StatementScripts "BENCHMARK".
type benchmark struct {
	count, expr sql.Expression
}

var (
	_ sql.FunctionExpression         = (*benchmark)(nil)
	_ sql.NonDeterministicExpression = (*benchmark)(nil)
)

func newBenchmark(count, expr sql.Expression) sql.Expression {
	return &benchmark{count: count, expr: expr}
}

// erWrongValueForType is ER_WRONG_VALUE_FOR_TYPE, BENCHMARK's warning for a
// negative count.
const erWrongValueForType = 1411

// FunctionName implements sql.FunctionExpression.
func (b *benchmark) FunctionName() string { return "benchmark" }

// Description implements sql.FunctionExpression.
func (b *benchmark) Description() string {
	return "evaluates an expression the given number of times and returns 0."
}

// IsNonDeterministic implements sql.NonDeterministicExpression: it is run
// for its time, never folded.
func (b *benchmark) IsNonDeterministic() bool { return true }

// Resolved implements sql.Expression.
func (b *benchmark) Resolved() bool { return b.count.Resolved() && b.expr.Resolved() }

// String implements sql.Expression.
func (b *benchmark) String() string { return fmt.Sprintf("benchmark(%s, %s)", b.count, b.expr) }

// Type implements sql.Expression: INT.
func (b *benchmark) Type() sql.Type { return types.Int32 }

// IsNullable implements sql.Expression.
func (b *benchmark) IsNullable() bool { return true }

// Children implements sql.Expression.
func (b *benchmark) Children() []sql.Expression { return []sql.Expression{b.count, b.expr} }

// WithChildren implements sql.Expression.
func (b *benchmark) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(b, len(children), 2)
	}
	return newBenchmark(children[0], children[1]), nil
}

// Eval implements sql.Expression.
func (b *benchmark) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	c, err := b.count.Eval(ctx, row)
	if err != nil || c == nil {
		return nil, err
	}
	n, _, err := types.Int64.Convert(ctx, c)
	if err != nil {
		return nil, err
	}
	count := n.(int64)
	if count < 0 {
		warn(ctx, erWrongValueForType, "Incorrect count value: '%d' for function benchmark", count)
		return nil, nil
	}
	for i := int64(0); i < count; i++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if _, err := b.expr.Eval(ctx, row); err != nil {
			return nil, err
		}
	}
	return int32(0), nil
}
