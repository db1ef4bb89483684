package compat

// Fault (go-mysql-server v0.20.0): a / b rounds its DECIMAL quotient to
// its type's scale (div_precision_increment = 4 digits more than a's)
// before another operator reads it, so 1/3*3 was 0.9999 and 1/3 + 1/3
// 0.6666; MySQL 8 (Item_func_div::decimal_op, decimal_div) keeps the
// quotient truncated to whole 9-digit words, 0.333333333, for the
// operators that read it, and rounds half away from zero only when the
// value is sent or stored (Item_func_numhybrid::val_str): 1/3*3 is
// 1.0000, 1/3 + 1/3 0.6667, 1/3 = 0.3333 false. The replacement follows
// MySQL 8: the type of the answer from the arguments' (DOUBLE if one is a
// DOUBLE or a string, else DECIMAL with min(a's scale + increment, 30)
// digits), the quotient of DECIMALs to 9 × (⌈a's digits/9⌉ + ⌈b's/9⌉ +
// ⌈increment/9⌉) digits, NULL with warning 1365 for a zero divisor.
// exactEval is how this package's operators read one another's DECIMAL
// answers unrounded; Eval rounds. Pinned by TestDiv.

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/shopspring/decimal"
)

// exactEvaler is an expression of this package whose DECIMAL answer has
// more digits than its type's scale (a quotient, or a product of one):
// exactEval is that answer as MySQL's val_decimal passes it to another
// operator; Eval rounds it to the scale, as val_str sends it.
type exactEvaler interface {
	exactEval(ctx *sql.Context, row sql.Row) (any, error)
}

// defaultDivIncrement is div_precision_increment's default.
const defaultDivIncrement = 4

// div is a / b.
type div struct {
	args
	ks  []kind
	res result
	// truncated warns of strings that are not numbers divided as DOUBLE
	// (compare_truncated.go).
	truncated *truncatedStrings
	inc       int32 // div_precision_increment when the statement was parsed
	env       env
}

var _ sql.Expression = (*div)(nil)
var _ sql.CollationCoercible = (*div)(nil)

// newDiv returns a / b: ours when both arguments are numbers or strings,
// go-mysql-server's own for temporal, JSON and other arguments.
func newDiv(a, b sql.Expression, env env) sql.Expression {
	e := &div{args: args{a, b}, env: env, inc: divIncrement(env)}
	e.ks = e.args.kinds()
	if !allNumeric(e.ks) && !anyKind(e.ks, kDeferred) || isInterval(a) || isInterval(b) {
		return expression.NewDiv(unwrap(a), unwrap(b))
	}
	if anyKind(e.ks, kDouble) || anyKind(e.ks, kString) || anyKind(e.ks, kNull) {
		e.res = result{k: kDouble}
		e.truncated = newTruncatedStrings(a, b, e.ks)
		return e
	}
	p0, s0 := decimalShape(a, e.ks[0])
	_, s1 := decimalShape(b, e.ks[1])
	e.res = result{k: kDecimal, prec: min(p0+s1+e.inc, maxPrecision), scale: min(s0+e.inc, maxScale)}
	return e
}

// divIncrement returns the session's div_precision_increment.
func divIncrement(env env) int32 {
	if env.session == nil {
		return defaultDivIncrement
	}
	v, err := env.session.GetSessionVariable(env.context(), "div_precision_increment")
	if err != nil {
		return defaultDivIncrement
	}
	if n, ok := goInt(v); ok && n >= 0 && n <= maxScale {
		return int32(n)
	}
	return defaultDivIncrement
}

// String implements sql.Expression.
func (e *div) String() string { return fmt.Sprintf("(%s / %s)", e.args[0], e.args[1]) }

// Type implements sql.Expression.
func (e *div) Type() sql.Type {
	for _, a := range e.args {
		if kindOf(a) == kDeferred {
			return deferredType(a)
		}
	}
	return e.res.sqlType()
}

// WithChildren implements sql.Expression.
func (e *div) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	return newDiv(children[0], children[1], e.env), nil
}

// Eval implements sql.Expression: the quotient, a DECIMAL rounded to the
// type's scale.
func (e *div) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.exactEval(ctx, row)
	return roundExact(v, e.res), err
}

// exactEval implements exactEvaler.
func (e *div) exactEval(ctx *sql.Context, row sql.Row) (any, error) {
	a, err := e.evalExact(ctx, row, 0, e.ks[0])
	if err != nil || a.k == kNull && e.res.k == kDecimal {
		return nil, err // MySQL's DECIMAL operators stop at a NULL left argument
	}
	b, err := e.evalExact(ctx, row, 1, e.ks[1])
	if err != nil || a.k == kNull || b.k == kNull {
		return nil, err
	}
	if e.res.k == kDouble {
		e.truncated.check(ctx, 0, a)
		e.truncated.check(ctx, 1, b)
		x, y := a.toDouble(), b.toDouble()
		if y == 0 {
			warn(ctx, erDivisionByZero, "Division by 0")
			return nil, nil
		}
		r := x / y
		if math.IsInf(r, 0) || math.IsNaN(r) {
			return nil, errOutOfRange("DOUBLE", e.String())
		}
		return r, nil
	}
	x, y := a.toDecimal(), b.toDecimal()
	if y.IsZero() {
		warn(ctx, erDivisionByZero, "Division by 0")
		return nil, nil
	}
	return decimalDiv(x, y, e.inc), nil
}

// decimalDiv is MySQL's decimal_div of x by y: the quotient truncated to
// 9 × (⌈x's digits/9⌉ + ⌈y's/9⌉ + ⌈inc/9⌉) digits after the point (whole
// 9-digit words, as MySQL's decimal_t holds them).
func decimalDiv(x, y decimal.Decimal, inc int32) decimal.Decimal {
	words := func(digits int32) int32 { return (max(digits, 0) + 8) / 9 }
	digits := 9 * (words(-x.Exponent()) + words(-y.Exponent()) + words(inc))
	digits = min(digits, 2*maxScale+9)
	q, _ := x.QuoRem(y, digits)
	return q
}

// roundExact returns v, an exactEval answer of type r, as Eval answers
// it: a DECIMAL rounded half away from zero to r's scale.
func roundExact(v any, r result) any {
	if d, ok := v.(decimal.Decimal); ok && r.k == kDecimal && -d.Exponent() > r.scale {
		return d.Round(r.scale)
	}
	return v
}
