package compat

// Fault (go-mysql-server v0.20.0): IF(c, a, b) has the type of a (of b
// when a is NULL) and IFNULL(a, b) the type of a, whatever the other
// branch is, so the other branch's value is sent and compared in the
// wrong type: IF(0, 1, 2.5) was 3, IF(id > 2, u, s) of a BIGINT UNSIGNED u
// and a BIGINT s holding -1 was 18446744073709551615 (and WHERE … < 0
// missed the row; CREATE TABLE … AS SELECT of it failed with 1264), and
// IFNULL(NULL, -1) of an unsigned first branch the same. MySQL gives
// both functions the type their two value arguments aggregate to
// (Item_func::aggregate_type): the one GREATEST and LEAST have
// (abs_greatest.go's minMaxResult), DECIMAL when signs mix.
//
// newIf and newIfNull build numericIf when both value arguments are
// numbers, else go-mysql-server's own. Pinned by IfTypeScripts (sqltests,
// also on MariaDB).
//
// A bit operator reads IF with val_int, which in MySQL 8 is the chosen
// argument's own val_int (Item_func_if::val_int), not the aggregate
// DECIMAL's: ~IF(s, -1, ~0) with s false was 9223372036854775808 (the
// DECIMAL 18446744073709551615 clamped to 2^63-1) where MySQL gives 0,
// and IF(c, fp, 0) ^ 1 lost the top bit of a BIGINT UNSIGNED fp (intValue,
// read by bitops.go's uintArg). IFNULL and COALESCE do clamp in MySQL 8:
// Item_func_ifnull is an Item_func_coalesce, an Item_func_numhybrid, whose
// val_int of a DECIMAL is my_decimal2int(…, unsigned_flag, …) with the
// unsigned_flag of the aggregate, false when a signed argument is mixed
// in, so COALESCE(fp, 0) ^ 1 is 9223372036854775806 with warning 1292
// (MariaDB 10.11: 18446744073709551614). Pinned by
// TestNumericLiteralsDifferential.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
)

// numericIf is IF(c, a, b) (args c, a, b) or IFNULL(a, b) (args a, b) of
// numbers a and b, answered in their aggregate type res.
type numericIf struct {
	args
	ifnull bool
	res    result
}

var _ sql.FunctionExpression = (*numericIf)(nil)

func newIf(c, a, b sql.Expression) sql.Expression {
	if res, ok := minMaxResult([]sql.Expression{a, b}, args{a, b}.kinds()); ok {
		return &numericIf{args: args{c, a, b}, res: res}
	}
	return function.NewIf(c, a, b)
}

func newIfNull(a, b sql.Expression) sql.Expression {
	if res, ok := minMaxResult([]sql.Expression{a, b}, args{a, b}.kinds()); ok {
		return &numericIf{args: args{a, b}, ifnull: true, res: res}
	}
	return function.NewIfNull(a, b)
}

// Eval implements sql.Expression: the chosen argument in the result's
// type.
func (e *numericIf) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	x, err := e.chosen(ctx, row)
	if err != nil {
		return nil, err
	}
	return e.out(x), nil
}

// intValue is the value MySQL's val_int of the expression reads: for IF
// (Item_func_if::val_int, sql/item_cmpfunc.cc) the chosen argument's own
// val_int, not the aggregate type's (~IF(c, -1, ~0) is 0 when c is false,
// IF(c, fp, 0) ^ 1 keeps all 64 bits of a BIGINT UNSIGNED fp); for IFNULL,
// which is an Item_func_coalesce in MySQL 8, the value in the result's
// type.
func (e *numericIf) intValue(ctx *sql.Context, row sql.Row) (value, error) {
	x, err := e.chosen(ctx, row)
	if err != nil || !e.ifnull {
		return x, err
	}
	return toValue(e.res.k, e.out(x)), nil
}

// chosen returns the value of the argument IF or IFNULL answers, in its
// own type.
func (e *numericIf) chosen(ctx *sql.Context, row sql.Row) (value, error) {
	i := 1
	if e.ifnull {
		x, err := e.args.eval(ctx, row, 0, kindOf(e.args[0]))
		if err != nil || x.k != kNull {
			return x, err
		}
	} else {
		c, err := e.args[0].Eval(ctx, row)
		if err != nil {
			return null, err
		}
		t := false
		if c != nil {
			if t, err = sql.ConvertToBool(ctx, c); err != nil {
				return null, err
			}
		}
		i = 2
		if t {
			i = 1
		}
	}
	return e.args.eval(ctx, row, i, kindOf(e.args[i]))
}

// out returns x as a Go value of the result's type; nil for NULL.
func (e *numericIf) out(x value) any {
	if x.k == kNull {
		return nil
	}
	switch e.res.k {
	case kDouble:
		return e.res.double(x.toDouble())
	case kDecimal:
		return x.toDecimal().Round(e.res.scale)
	}
	return x.goValue()
}

// Type implements sql.Expression.
func (e *numericIf) Type() sql.Type { return e.res.sqlType() }

// FunctionName implements sql.FunctionExpression.
func (e *numericIf) FunctionName() string {
	if e.ifnull {
		return "ifnull"
	}
	return "if"
}

// Description implements sql.FunctionExpression.
func (e *numericIf) Description() string {
	if e.ifnull {
		return "if expr1 is not NULL, it returns expr1; otherwise it returns expr2."
	}
	return "if expr1 evaluates to true, retuns expr2. Otherwise returns expr3."
}

// String implements sql.Expression.
func (e *numericIf) String() string {
	if e.ifnull {
		return fmt.Sprintf("ifnull(%s, %s)", e.args[0], e.args[1])
	}
	return fmt.Sprintf("if(%s, %s, %s)", e.args[0], e.args[1], e.args[2])
}

// WithChildren implements sql.Expression.
func (e *numericIf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	if e.ifnull {
		return newIfNull(children[0], children[1]), nil
	}
	return newIf(children[0], children[1], children[2]), nil
}
