package compat

// Fault (go-mysql-server v0.20.0): COALESCE of numbers has the type of
// its first DECIMAL argument, or DECIMAL(20,0) for a signed and an
// unsigned integer, whatever the other arguments hold, so a value that
// type cannot hold failed with 1105 "Out of range value for column of
// Decimal type": COALESCE(fp, 0.5) of a BIGINT UNSIGNED fp at or above
// 2^63 (typed DECIMAL(2,1)) and COALESCE(18446744073709551614, 1.5); and
// the answer lost the scale of the other arguments, COALESCE(SIGN(s),
// -2.5) was -1 (MySQL -1.0). MySQL 8 (Item_func_coalesce::resolve_type,
// aggregate_type) gives COALESCE the type its arguments aggregate to, as
// IF and IFNULL (if_numeric.go): a DECIMAL holds the most integer digits
// and the largest scale of any argument, DECIMAL(21,1) for fp and 0.5.
// newNumericCoalesce builds numericCoalesce when all arguments but NULLs
// are numbers, at least two of them or one and a NULL; the rest stays the
// function it wraps (binary_strings.go, go-mysql-server's). Pinned by
// TestNumericLiteralsDifferential and TestIfNullArgument.

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// numericCoalesce is COALESCE of numbers (and NULLs), answered in their
// aggregate type res.
type numericCoalesce struct {
	args
	res result
}

var _ sql.FunctionExpression = (*numericCoalesce)(nil)

// coalesceFunction is the COALESCE of the function registry: numericCoalesce
// for numbers, the wrapped function otherwise.
type coalesceFunction struct{ sql.Function }

// NewInstance implements sql.Function.
func (f coalesceFunction) NewInstance(a []sql.Expression) (sql.Expression, error) {
	if e, ok := newNumericCoalesce(a); ok {
		return e, nil
	}
	return f.Function.NewInstance(a)
}

// withNumericCoalesce returns fns with their COALESCE a coalesceFunction.
func withNumericCoalesce(fns []sql.Function) []sql.Function {
	for i, f := range fns {
		if strings.EqualFold(f.FunctionName(), "coalesce") {
			fns[i] = coalesceFunction{f}
		}
	}
	return fns
}

// newNumericCoalesce returns numericCoalesce of a, if all of a but NULLs
// are numbers, at least two, or one and a NULL.
func newNumericCoalesce(a []sql.Expression) (*numericCoalesce, bool) {
	res, ok := minMaxResultOf(a, args(a).kinds())
	if !ok {
		return nil, false
	}
	return &numericCoalesce{args: a, res: res}, true
}

// Eval implements sql.Expression: the first argument that is not NULL,
// in the result's type.
func (e *numericCoalesce) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	for i := range e.args {
		x, err := e.args.eval(ctx, row, i, kindOf(e.args[i]))
		if err != nil {
			return nil, err
		}
		if x.k != kNull {
			return (&numericIf{res: e.res}).out(x), nil
		}
	}
	return nil, nil
}

// Type implements sql.Expression.
func (e *numericCoalesce) Type() sql.Type { return e.res.sqlType() }

// IsNullable implements sql.Expression.
func (e *numericCoalesce) IsNullable() bool {
	for _, a := range e.args {
		if !a.IsNullable() {
			return false
		}
	}
	return true
}

// FunctionName implements sql.FunctionExpression.
func (*numericCoalesce) FunctionName() string { return "coalesce" }

// Description implements sql.FunctionExpression.
func (*numericCoalesce) Description() string {
	return "returns the first non-null value in a list."
}

// String implements sql.Expression.
func (e *numericCoalesce) String() string {
	s := make([]string, len(e.args))
	for i, a := range e.args {
		s[i] = a.String()
	}
	return fmt.Sprintf("coalesce(%s)", strings.Join(s, ","))
}

// WithChildren implements sql.Expression.
func (e *numericCoalesce) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	if c, ok := newNumericCoalesce(children); ok {
		return c, nil
	}
	return builtin("coalesce", unwrapAll(children...))
}
