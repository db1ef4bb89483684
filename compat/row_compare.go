package compat

// Fault (go-mysql-server v0.20.0): a comparison of row constructors
// compared NULL components as values: (fp, b) > (1, 0) was 1 for
// (NULL, NULL) and (NULL, 3), (fp, b) <> (5, 5) and NOT IN ((5, 5)) were
// 1 for (NULL, NULL), (fp, b) IN ((5, 5), (NULL, NULL)) matched
// (NULL, NULL), and (NULL, NULL) > (1, 0) failed with 1105 "value not
// nil". So keyset pagination, WHERE (fp, id) > (@fp, @id), returned the
// rows of NULL fingerprints on every page. MySQL (Arg_comparator::
// compare_row, sql/item_cmpfunc.cc) compares the components in order:
// <, <=, > and >= are NULL at the first component that is NULL, else
// decided by the first that differs; = and <> are decided by any that
// differs, else NULL if one was NULL; <=> is 1 if every component is
// NULL-safe equal; x IN (r1, …) is 1 if x = ri for some ri, else NULL if
// one of them is NULL, else 0. rowCompare and rowIn are those, each
// component compared by this package's comparison (compare.go). Pinned by
// RowCompareScripts (sqltests, also on MariaDB).

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// rowCompare is a op b of two row constructors of n components each. Its
// children are the components' comparisons, not the components, so that
// go-mysql-server's check that an operand is one column holds.
type rowCompare struct {
	// args are eq, then ord: eq[i] is component i's a = b (<=> for op
	// <=>), ord[i] its a op b, for the ordering operators only.
	args
	n    int
	op   cmpOp
	text string // a op b, as written
}

var _ sql.Expression = (*rowCompare)(nil)

// rowTuples returns a and b as row constructors of the same number of
// components, if both are.
func rowTuples(a, b sql.Expression) (expression.Tuple, expression.Tuple, bool) {
	x, ok1 := a.(expression.Tuple)
	y, ok2 := b.(expression.Tuple)
	return x, y, ok1 && ok2 && len(x) == len(y) && len(x) > 1
}

// newRowCompare returns a op b of the row constructors a and b.
func newRowCompare(op cmpOp, a, b expression.Tuple, env env) *rowCompare {
	e := &rowCompare{n: len(a), op: op, text: fmt.Sprintf("(%s %s %s)", a, cmpSymbols[op], b)}
	eqOp := opEq
	if op == opNullSafeEq {
		eqOp = opNullSafeEq
	}
	for i := range a {
		e.args = append(e.args, newComponentCompare(eqOp, a[i], b[i], env))
	}
	if e.ordered() {
		for i := range a {
			e.args = append(e.args, newComponentCompare(op, a[i], b[i], env))
		}
	}
	return e
}

// ordered reports whether e's operator is <, <=, > or >=.
func (e *rowCompare) ordered() bool { return e.op != opEq && e.op != opNe && e.op != opNullSafeEq }

// newComponentCompare is a op b of two components: row constructors
// compared as rows, anything else by newCompare.
func newComponentCompare(op cmpOp, a, b sql.Expression, env env) sql.Expression {
	if x, y, ok := rowTuples(a, b); ok {
		return newRowCompare(op, x, y, env)
	}
	return newCompare(op, a, b, env)
}

// String implements sql.Expression.
func (e *rowCompare) String() string { return e.text }

// Type implements sql.Expression: a boolean.
func (e *rowCompare) Type() sql.Type { return types.Boolean }

// WithChildren implements sql.Expression.
func (e *rowCompare) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	c := *e
	c.args = children
	return &c, nil
}

// Eval implements sql.Expression (Arg_comparator::compare_row).
func (e *rowCompare) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	sawNull := false
	for i, eq := range e.args[:e.n] {
		same, err := truth(ctx, eq, row)
		if err != nil {
			return nil, err
		}
		switch {
		case same == nil:
			if e.ordered() {
				return nil, nil // <, <=, > and >= are NULL at a NULL
			}
			sawNull = true // = and <> go on: a later difference decides
		case *same:
		case e.op == opEq || e.op == opNullSafeEq:
			return boolValue(false), nil
		case e.op == opNe:
			return boolValue(true), nil
		default:
			return e.args[e.n+i].Eval(ctx, row)
		}
	}
	if sawNull {
		return nil, nil
	}
	return boolValue(e.op == opEq || e.op == opNullSafeEq || e.op == opLe || e.op == opGe), nil
}

// truth evaluates the condition c: nil for NULL.
func truth(ctx *sql.Context, c sql.Expression, row sql.Row) (*bool, error) {
	v, err := c.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	b, err := sql.ConvertToBool(ctx, v)
	return &b, err
}

// rowIn is x [NOT] IN (r1, …, rn) of row constructors of the same number
// of components. Its children are the comparisons x = ri.
type rowIn struct {
	args
	not  bool
	text string // as written
}

var _ sql.Expression = (*rowIn)(nil)

// newRowIn returns x [NOT] IN (list…), or false if x and the items are
// not all row constructors of one number of components (go-mysql-server
// then answers, or gives error 1241).
func newRowIn(x sql.Expression, list []sql.Expression, not bool, env env) (sql.Expression, bool) {
	items := make([]string, len(list))
	for i, a := range list {
		items[i] = a.String()
	}
	e := &rowIn{not: not, text: fmt.Sprintf("(%s%s IN (%s))", x, map[bool]string{true: " NOT"}[not], strings.Join(items, ", "))}
	for _, item := range list {
		a, b, ok := rowTuples(x, item)
		if !ok {
			return nil, false
		}
		e.args = append(e.args, newRowCompare(opEq, a, b, env))
	}
	return e, true
}

// buildRowIn returns newRowIn's x [NOT] IN (list…), or go-mysql-server's
// when that is not one of row constructors.
func buildRowIn(x sql.Expression, list []sql.Expression, not bool, env env) sql.Expression {
	if e, ok := newRowIn(x, list, not, env); ok {
		return e
	}
	if not {
		return expression.NewNotInTuple(x, expression.NewTuple(list...))
	}
	return expression.NewInTuple(x, expression.NewTuple(list...))
}

// String implements sql.Expression.
func (e *rowIn) String() string { return e.text }

// Type implements sql.Expression: a boolean.
func (e *rowIn) Type() sql.Type { return types.Boolean }

// WithChildren implements sql.Expression.
func (e *rowIn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	c := *e
	c.args = children
	return &c, nil
}

// Eval implements sql.Expression: 1 if x equals an item, else NULL if one
// comparison was NULL, else 0; NOT IN the negation.
func (e *rowIn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	sawNull := false
	for _, eq := range e.args {
		same, err := truth(ctx, eq, row)
		if err != nil {
			return nil, err
		}
		if same == nil {
			sawNull = true
		} else if *same {
			return boolValue(!e.not), nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return boolValue(e.not), nil
}
