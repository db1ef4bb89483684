package compat

// Fault (go-mysql-server v0.20.0): +, -, *, DIV, % and unary minus compute
// in int64 or float64 whatever their arguments. BIGINT UNSIGNED values
// above 2^63-1 are clamped to 9223372036854775807 before they are added
// (fp + 0 is 9223372036854775807 for fp = 18446744073709551615), an
// overflow wraps around or goes to DOUBLE instead of failing
// (18446744073709551615 + 1 is -9223372036854775808; MySQL: error 1690),
// unsigned - unsigned never fails, -fp wraps, % of integers is DECIMAL,
// and a DOUBLE overflow is +Inf. The replacement follows MySQL 8's
// Item_func_plus/minus/mul/int_div/mod/neg (sql/item_func.cc): the type of
// the answer from the arguments' types (INT, DECIMAL or DOUBLE, unsigned
// when an argument is), then integer arithmetic on 64 bits with MySQL's
// overflow checks. Pinned by TestUint64Arith.

import (
	"fmt"
	"math"
	"math/bits"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// arithOp is one binary arithmetic operator.
type arithOp uint8

const (
	opPlus arithOp = iota
	opMinus
	opMult
	opIntDiv
	opMod
)

var arithSymbols = [...]string{opPlus: "+", opMinus: "-", opMult: "*", opIntDiv: "div", opMod: "%"}

// arith is a + b, a - b, a * b, a DIV b or a % b.
type arith struct {
	args
	op  arithOp
	ks  []kind // the arguments' kinds
	res result
	env env
	// uflag is MySQL's unsigned_flag of the expression, whatever its type
	// (see unsignedFlag).
	uflag bool
	// truncated warns of strings that are not numbers computed as DOUBLE
	// (compare_truncated.go).
	truncated *truncatedStrings
	// decimalDiv is set for a DIV that divides as DECIMAL: an argument is
	// not an integer (a hexadecimal literal counts as a string here, as
	// its result_type is STRING_RESULT).
	decimalDiv bool
}

var _ sql.Expression = (*arith)(nil)
var _ sql.CollationCoercible = (*arith)(nil)

// newArith returns a op b: ours when both arguments are numbers or
// strings, go-mysql-server's own for temporal, JSON and other arguments
// and for INTERVAL arithmetic.
func newArith(op arithOp, a, b sql.Expression, env env) sql.Expression {
	if op == opPlus && isInterval(unwrap(a)) {
		b = newNoZeroDate(b) // zero_dates.go
	} else if (op == opPlus || op == opMinus) && isInterval(unwrap(b)) {
		a = newNoZeroDate(a)
	}
	e := &arith{args: args{a, b}, op: op, env: env}
	e.ks = e.args.kinds()
	if d, ok := dateInterval(op, a, b); ok { // date_interval.go
		return d
	}
	if !isInterval(a) && !isInterval(b) { // temporal_number.go
		if ta, tb := temporalNumber(a), temporalNumber(b); !Same(ta, a) || !Same(tb, b) {
			return newArith(op, ta, tb, env)
		}
	}
	if !allNumeric(e.ks) && !anyKind(e.ks, kDeferred) || isInterval(a) || isInterval(b) {
		return gmsArith(op, a, b)
	}
	e.res = e.resultType()
	e.truncated = newTruncatedStrings(a, b, e.ks)
	e.decimalDiv = op == opIntDiv && !(e.ks[0].integer() && e.ks[1].integer() && !isHex(a) && !isHex(b))
	return e
}

func isInterval(e sql.Expression) bool {
	_, ok := e.(*expression.Interval)
	return ok
}

// gmsArith is go-mysql-server's own node for a op b.
func gmsArith(op arithOp, a, b sql.Expression) sql.Expression {
	a, b = unwrap(a), unwrap(b)
	switch op {
	case opPlus:
		return expression.NewPlus(a, b)
	case opMinus:
		return expression.NewMinus(a, b)
	case opMult:
		return expression.NewMult(a, b)
	case opIntDiv:
		return expression.NewIntDiv(a, b)
	}
	return expression.NewMod(a, b)
}

// resultType is MySQL's Item_num_op::resolve_type: DOUBLE if an argument
// is a DOUBLE or a string (or NULL), else DECIMAL if one is a DECIMAL,
// else an integer, unsigned if an argument is (for %: if the dividend is;
// for -: not under NO_UNSIGNED_SUBTRACTION). DIV is always an integer.
func (e *arith) resultType() result {
	k0, k1 := e.ks[0], e.ks[1]
	f0, f1 := unsignedFlag(e.args[0]), unsignedFlag(e.args[1])
	// MySQL's unsigned_flag: an integer + - * is unsigned if an argument
	// is (- not under NO_UNSIGNED_SUBTRACTION), a DECIMAL one if both are,
	// a DOUBLE one never; % has its dividend's flag, DIV either's.
	switch {
	case e.op == opIntDiv:
		e.uflag = f0 || f1
	case e.op == opMod:
		e.uflag = f0
	case anyKind(e.ks, kDouble), anyKind(e.ks, kString), anyKind(e.ks, kNull):
		e.uflag = false
	case anyKind(e.ks, kDecimal):
		e.uflag = f0 && f1
	default:
		e.uflag = f0 || f1
	}
	if e.op == opMinus && e.env.noUnsignedSub {
		e.uflag = false
	}
	unsigned := e.uflag
	if e.op == opIntDiv {
		return result{k: intKind(unsigned)}
	}
	switch {
	case anyKind(e.ks, kDouble), anyKind(e.ks, kString), anyKind(e.ks, kNull):
		return result{k: kDouble}
	case anyKind(e.ks, kDecimal):
		p0, s0 := decimalShape(e.args[0], k0)
		p1, s1 := decimalShape(e.args[1], k1)
		switch e.op {
		case opMult:
			return result{k: kDecimal, prec: p0 + p1, scale: min(s0+s1, maxScale)}
		case opMod:
			s := max(s0, s1)
			return result{k: kDecimal, prec: max(p0-s0, p1-s1) + s, scale: s}
		}
		s := max(s0, s1)
		return result{k: kDecimal, prec: max(p0-s0, p1-s1) + s + 1, scale: s}
	}
	return result{k: intKind(unsigned)}
}

func intKind(unsigned bool) kind {
	if unsigned {
		return kUint
	}
	return kInt
}

// String implements sql.Expression.
func (e *arith) String() string {
	return fmt.Sprintf("(%s %s %s)", e.args[0], arithSymbols[e.op], e.args[1])
}

// Type implements sql.Expression.
func (e *arith) Type() sql.Type {
	for _, a := range e.args {
		if k := kindOf(a); k == kDeferred {
			return deferredType(a)
		}
	}
	return e.res.sqlType()
}

// WithChildren implements sql.Expression.
func (e *arith) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	return newArith(e.op, children[0], children[1], e.env), nil
}

// Eval implements sql.Expression: exactEval, a DECIMAL rounded to the
// type's scale.
func (e *arith) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.exactEval(ctx, row)
	return roundExact(v, e.res), err
}

// exactEval implements exactEvaler: a DECIMAL answer with every digit of
// the arguments' (a product of quotients has more than its scale, div.go).
func (e *arith) exactEval(ctx *sql.Context, row sql.Row) (any, error) {
	k := e.res.k
	if e.decimalDiv {
		k = kDecimal // DIV of non-integers divides as DECIMAL
	}
	a, err := e.evalExact(ctx, row, 0, e.ks[0])
	if err != nil {
		return nil, err
	}
	if a.k == kNull && k == kDecimal {
		return nil, nil // MySQL's DECIMAL operators stop at a NULL left argument
	}
	b, err := e.evalExact(ctx, row, 1, e.ks[1])
	if err != nil || a.k == kNull || b.k == kNull {
		return nil, err
	}
	var v value
	switch k {
	case kInt, kUint:
		v, err = e.intOp(ctx, a, b)
	case kDecimal:
		if e.decimalDiv { // 'a' DIV 2 (div.go words + - * / % as DOUBLE)
			e.truncated.checkAs(ctx, 0, a, "DECIMAL")
			e.truncated.checkAs(ctx, 1, b, "DECIMAL")
		}
		v, err = e.decimalOp(ctx, a, b)
	default:
		e.truncated.check(ctx, 0, a)
		e.truncated.check(ctx, 1, b)
		v, err = e.doubleOp(ctx, a, b)
	}
	if err != nil {
		return nil, err
	}
	return v.goValue(), nil
}

// overflow is MySQL's raise_integer_overflow: error 1690 naming e's type.
func (e *arith) overflow() error {
	return errOutOfRange(intTypeName(e.res.k == kUint), e.String())
}

// check is MySQL's check_integer_overflow: the 64 bits r, unsigned when
// rUnsigned, must be a value of e's type.
func (e *arith) check(r int64, rUnsigned bool) (value, error) {
	unsigned := e.res.k == kUint
	if unsigned && !rUnsigned && r < 0 || !unsigned && rUnsigned && r < 0 {
		return null, e.overflow()
	}
	return value{k: e.res.k, i: r}, nil
}

// intOp is Item_func_plus/minus/mul/int_div/mod::int_op: a and b are
// integers of the arguments' kinds.
func (e *arith) intOp(ctx *sql.Context, a, b value) (value, error) {
	x, y := a.i, b.i
	xu, yu := a.k == kUint, b.k == kUint
	switch e.op {
	case opPlus:
		r := x + y
		rUnsigned := false
		switch {
		case xu && (yu || y >= 0), yu && x >= 0:
			if _, carry := bits.Add64(uint64(x), uint64(y), 0); carry != 0 {
				return null, e.overflow()
			}
			rUnsigned = true
		case xu: // y < 0
			rUnsigned = uint64(x) > math.MaxInt64
		case yu: // x < 0
			rUnsigned = uint64(y) > math.MaxInt64
		case x >= 0 && y >= 0:
			rUnsigned = true
		case x < 0 && y < 0 && r >= 0:
			return null, e.overflow()
		}
		return e.check(r, rUnsigned)
	case opMinus:
		r := x - y
		rUnsigned := false
		switch {
		case xu && yu:
			if uint64(x) < uint64(y) {
				if r >= 0 {
					return null, e.overflow()
				}
			} else {
				rUnsigned = true
			}
		case xu: // y signed
			if y >= 0 {
				rUnsigned = uint64(x) > uint64(y)
			} else {
				if _, carry := bits.Add64(uint64(x), uint64(-y), 0); carry != 0 {
					return null, e.overflow()
				}
				rUnsigned = true
			}
		case yu: // x signed
			if uint64(x)+1<<63 < uint64(y) { // x - LLONG_MIN, as unsigned
				return null, e.overflow()
			}
		default:
			if x > 0 && y < 0 {
				rUnsigned = true
			} else if x < 0 && y > 0 && r >= 0 {
				return null, e.overflow()
			}
		}
		return e.check(r, rUnsigned)
	case opMult:
		xNeg, yNeg := !xu && x < 0, !yu && y < 0
		ux, uy := uint64(x), uint64(y)
		if xNeg {
			ux = -ux
		}
		if yNeg {
			uy = -uy
		}
		hi, lo := bits.Mul64(ux, uy)
		if hi != 0 {
			return null, e.overflow()
		}
		if xNeg != yNeg { // a negative product
			if lo > 1<<63 {
				return null, e.overflow()
			}
			return e.check(int64(-lo), false)
		}
		return e.check(int64(lo), true)
	case opIntDiv, opMod:
		if y == 0 {
			warn(ctx, erDivisionByZero, "Division by 0")
			return null, nil
		}
		xNeg, yNeg := !xu && x < 0, !yu && y < 0
		ux, uy := uint64(x), uint64(y)
		if xNeg {
			ux = -ux
		}
		if yNeg {
			uy = -uy
		}
		if e.op == opMod {
			r := ux % uy
			if xNeg {
				return e.check(int64(-r), false)
			}
			return e.check(int64(r), true)
		}
		q := ux / uy
		if xNeg != yNeg {
			return e.negQuotient(q)
		}
		return e.check(int64(q), true)
	}
	return null, nil
}

// negQuotient is the negative quotient -q of a DIV whose arguments' signs
// differ, q their magnitudes' quotient: q up to 2^63, as MySQL's
// Item_func_int_div::val_int allows, so -9223372036854775808 DIV 1 is
// -9223372036854775808 (it was error 1690); beyond, error 1690.
func (e *arith) negQuotient(q uint64) (value, error) {
	if q > 1<<63 {
		return null, e.overflow()
	}
	return e.check(int64(-q), false)
}

// decimalOp is the DECIMAL arithmetic of MySQL's decimal_op, and DIV of
// non-integers (Item_func_int_div::val_int): divide as DECIMAL, truncate,
// then the quotient must fit e's integer type.
func (e *arith) decimalOp(ctx *sql.Context, a, b value) (value, error) {
	x, y := a.toDecimal(), b.toDecimal()
	switch e.op {
	case opPlus:
		return value{k: kDecimal, d: x.Add(y)}, nil
	case opMinus:
		return value{k: kDecimal, d: x.Sub(y)}, nil
	case opMult:
		return value{k: kDecimal, d: x.Mul(y).Truncate(maxScale + 1)}, nil // decimal_mul keeps NOT_FIXED_DEC digits
	case opMod:
		if y.IsZero() {
			warn(ctx, erDivisionByZero, "Division by 0")
			return null, nil
		}
		_, r := x.QuoRem(y, 0)
		return value{k: kDecimal, d: r}, nil
	}
	if y.IsZero() { // opIntDiv
		warn(ctx, erDivisionByZero, "Division by 0")
		return null, nil
	}
	q, _ := x.QuoRem(y, 0)
	unsigned := e.res.k == kUint
	if unsigned && q.Sign() < 0 || !unsigned && (q.LessThan(decMinInt64) || q.GreaterThan(decMaxInt64)) || q.GreaterThan(decMaxUint64) {
		return null, e.overflow()
	}
	i, _ := decimalToInt(q, unsigned)
	return value{k: e.res.k, i: i}, nil
}

// doubleOp is MySQL's real_op: IEEE arithmetic, error 1690 when the answer
// is not finite, % as C's fmod.
func (e *arith) doubleOp(ctx *sql.Context, a, b value) (value, error) {
	x, y := a.toDouble(), b.toDouble()
	var r float64
	switch e.op {
	case opPlus:
		r = x + y
	case opMinus:
		r = x - y
	case opMult:
		r = x * y
	case opMod:
		if y == 0 {
			warn(ctx, erDivisionByZero, "Division by 0")
			return null, nil
		}
		r = math.Mod(x, y)
	}
	if math.IsInf(r, 0) || math.IsNaN(r) {
		return null, errOutOfRange("DOUBLE", e.String())
	}
	return value{k: kDouble, f: r}, nil
}

// neg is unary minus, -a.
type neg struct {
	args
	k   kind
	res result
	env env
	// negLiteral: the argument is a negative integer literal of the
	// statement's text, which vitess folds from -9223372036854775808
	// (MySQL: Item_func_neg of 9223372036854775808, not an INT_ITEM).
	negLiteral bool
}

var _ sql.Expression = (*neg)(nil)
var _ sql.CollationCoercible = (*neg)(nil)

// newNeg returns -a: ours for a number or string, go-mysql-server's own
// for other arguments. As in MySQL (Item_func_neg::resolve_type), -a of
// an integer constant whose value, read as unsigned, is 2^63 or more is
// DECIMAL, since its negation may not fit a BIGINT: -(0 - 5) is DECIMAL 5,
// -9223372036854775808 (a literal) stays BIGINT.
func newNeg(a sql.Expression, env env, negLiteral bool) sql.Expression {
	if a.Resolved() && types.IsYear(a.Type()) {
		a = &yearNumber{temporalArg{a}} // temporal_number.go: -y is a BIGINT
	}
	e := &neg{args: args{a}, k: kindOf(a), env: env, negLiteral: negLiteral}
	switch e.k {
	case kInt, kUint:
		e.res = result{k: kInt}
		if isConstant(a) {
			if x, err := e.args.eval(env.context(), nil, 0, e.k); err == nil && x.k != kNull {
				// -(-9223372036854775808) is DECIMAL 9223372036854775808
				// (it was error 1690; abs_greatest_test.go); -(?) bound to
				// -2^63 stays BIGINT, error 1690, as in MariaDB.
				_, literal := a.(*expression.Literal)
				literal = literal && !e.negLiteral
				if uint64(x.i) >= 1<<63 && (uint64(x.i) != 1<<63 || !literal) {
					e.res = result{k: kDecimal, prec: 20, scale: 0}
				}
			}
		}
	case kDecimal:
		p, s := decimalShape(a, e.k)
		e.res = result{k: kDecimal, prec: p, scale: s}
	case kDouble, kString, kNull:
		e.res = result{k: kDouble}
	case kDeferred:
	default:
		return expression.NewUnaryMinus(unwrap(a))
	}
	return e
}

// String implements sql.Expression.
func (e *neg) String() string { return fmt.Sprintf("-(%s)", e.args[0]) }

// Type implements sql.Expression.
func (e *neg) Type() sql.Type {
	if e.k == kDeferred {
		return deferredType(e.args[0])
	}
	return e.res.sqlType()
}

// WithChildren implements sql.Expression.
func (e *neg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newNeg(children[0], e.env, e.negLiteral), nil
}

// Eval implements sql.Expression. It is Item_func_neg::int_op for an
// integer answer: -a of an unsigned a above 2^63, or of -2^63, is error
// 1690.
func (e *neg) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	a, err := e.evalExact(ctx, row, 0, e.k)
	if err != nil || a.k == kNull {
		return nil, err
	}
	switch e.res.k {
	case kInt:
		x := a.i
		if a.k == kUint && uint64(x) > 1<<63 || a.k != kUint && x == math.MinInt64 {
			return nil, errOutOfRange("BIGINT", e.String())
		}
		return -x, nil
	case kDecimal:
		d := a.toDecimal().Neg()
		if -d.Exponent() > e.res.scale {
			d = d.Round(e.res.scale) // a quotient's extra digits (div.go)
		}
		return d, nil
	}
	r := -a.toDouble()
	return r, nil
}
