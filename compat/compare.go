package compat

// Fault (go-mysql-server v0.20.0): =, <, <=, >, >=, <> and <=> compare a
// signed with an unsigned integer, and an integer with a string, as
// DOUBLE, so values above 2^53 that differ compare equal
// (9223372036854775807 = 9223372036854775808 is true, and so is
// fp = 9007199254740993 for fp = 9007199254740992); they compare a DECIMAL
// with a DOUBLE as DECIMAL (MySQL: as DOUBLE). MySQL (Arg_comparator,
// sql/item_cmpfunc.cc) compares two integers exactly whatever their signs,
// an integer or DECIMAL with a DECIMAL as DECIMAL, anything else numeric
// as DOUBLE, and first converts a constant compared with an integer
// column to the column's type when that loses nothing
// (convert_constant_item). The replacement keeps go-mysql-server's own
// comparison, which the planner turns into index lookups and hash joins,
// wherever it already answers as MySQL does, or can once a constant is
// converted so; only the other comparisons are this package's. Pinned by
// TestCompare.

import (
	"fmt"
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// cmpOp is one comparison operator.
type cmpOp uint8

const (
	opEq cmpOp = iota
	opLt
	opLe
	opGt
	opGe
	opNe
	opNullSafeEq
)

var cmpSymbols = [...]string{opEq: "=", opLt: "<", opLe: "<=", opGt: ">", opGe: ">=", opNe: "<>", opNullSafeEq: "<=>"}

// compare is a comparison that go-mysql-server would answer differently
// from MySQL.
type compare struct {
	args
	op cmpOp
	ks []kind
	// as is the type the values are compared as: kInt (two integers,
	// exactly), kDecimal or kDouble.
	as  kind
	env env
	// truncated warns of strings that are not numbers compared as DOUBLE
	// (compare_truncated.go).
	truncated *truncatedStrings
}

var _ sql.Expression = (*compare)(nil)
var _ sql.CollationCoercible = (*compare)(nil)

// newCompare returns a op b.
func newCompare(op cmpOp, a, b sql.Expression, env env) sql.Expression {
	if x, y, ok := rowTuples(a, b); ok { // row_compare.go
		return newRowCompare(op, x, y, env)
	}
	// A constant that is not a value of an integer, DECIMAL or YEAR
	// column's type, compared with the column (compare_range_bound.go).
	if e, ok := env.columnBound(op, a, b, false); ok {
		return e
	}
	if e, ok := env.columnBound(op, b, a, true); ok {
		return e
	}
	ka, kb := kindOf(a), kindOf(b)
	if (ka == kNull || kb == kNull) && (ours(a) || ours(b)) && ka.numeric() && kb.numeric() {
		// go-mysql-server evaluates both sides; MySQL not the right one
		// after a NULL left one, which matters when it would fail.
		return &compare{args: args{a, b}, op: op, ks: []kind{ka, kb}, as: kDouble, env: env}
	}
	if !ka.numeric() || !kb.numeric() || ka == kNull || kb == kNull || ka == kString && kb == kString {
		return gmsCompare(op, a, b)
	}
	// A constant compared with an integer column, converted to the
	// column's type when exact (MySQL's convert_constant_item): then
	// go-mysql-server's comparison is MySQL's, and can use an index.
	if cb, ok := env.convertConstant(a, b); ok { // a column, b a constant
		return gmsCompare(op, a, cb)
	}
	if ca, ok := env.convertConstant(b, a); ok { // a constant, b a column
		return gmsCompare(op, ca, b)
	}
	// A hexadecimal literal is a binary string unless compared with a
	// number, when it is a BIGINT UNSIGNED.
	if isHex(a) && (kb == kString || isHex(b)) || isHex(b) && ka == kString {
		return gmsCompare(op, a, b)
	}
	// go-mysql-server evaluates both sides; MySQL stops at a NULL left
	// side (Arg_comparator), which matters when the right side would fail.
	gms := !ours(a) && !ours(b)
	var as kind
	switch {
	case isHex(a) || isHex(b):
		// A hexadecimal literal compared with a number is compared with
		// it as DECIMAL, exactly (MariaDB's rule, which reads an unsigned
		// user variable as signed here too).
		as = kDecimal
		if ka == kDouble || kb == kDouble {
			as = kDouble
		}
		gms = false
	case ka.integer() && kb.integer():
		as = kInt
		gms = gms && ka == kb
	case (ka.integer() || ka == kDecimal) && (kb.integer() || kb == kDecimal):
		// go-mysql-server compares exactly as DECIMAL too, unless it would
		// round one side to the other's scale (compare_decimal_scale.go).
		as = kDecimal
		gms = gms && !isUnsignedVar(a) && !isUnsignedVar(b) && !decimalRounds(a, b, ka, kb)
	default:
		as = kDouble
		gms = false
	}
	if gms {
		return gmsCompare(op, a, b)
	}
	c := &compare{args: args{a, b}, op: op, ks: []kind{ka, kb}, as: as, env: env}
	if as == kDouble {
		c.truncated = newTruncatedStrings(a, b, c.ks)
	}
	return c
}

// isUnsignedVar reports whether e is a user variable holding an unsigned
// integer, which MySQL reads as signed in DECIMAL and DOUBLE contexts.
func isUnsignedVar(e sql.Expression) bool {
	_, ok := e.(*expression.UserVar)
	return ok && kindOf(e) == kUint
}

// convertConstant returns c as a literal of col's integer type, if col is
// an integer column, c a constant and the conversion exact.
func (env env) convertConstant(col, c sql.Expression) (sql.Expression, bool) {
	gf, ok := col.(*expression.GetField)
	if !ok || !kindOf(gf).integer() || !isConstant(c) {
		return nil, false
	}
	if _, isLit := c.(*expression.Literal); !isLit && !isHex(c) {
		if _, isVar := c.(*expression.UserVar); !isVar {
			return nil, false // an expression: MySQL compares it as it is
		}
	}
	kc := kindOf(c)
	if kc == kDouble || kc == kNull {
		return nil, false
	}
	x, err := args{c}.eval(env.context(), nil, 0, kc)
	if err != nil || x.k == kNull {
		return nil, false
	}
	var i int64
	exact := true
	unsigned := x.k == kUint
	switch x.k {
	case kInt, kUint:
		i = x.i
	case kDecimal:
		if !x.d.Equal(x.d.Truncate(0)) {
			return nil, false
		}
		switch {
		case x.d.Sign() >= 0 && !x.d.GreaterThan(decMaxUint64):
			i, exact = decimalToInt(x.d, true)
			unsigned = true
		default:
			i, exact = decimalToInt(x.d, false)
		}
	case kString:
		i, exact = strtoll10(x.s)
		unsigned = i < 0 && !leadingMinus(x.s)
	}
	if !exact {
		return nil, false
	}
	if types.IsBit(gf.Type()) { // bit_compare.go
		return bitConstant(gf, i, unsigned)
	}
	var lit *expression.Literal
	if kindOf(gf) == kUint {
		if !unsigned && i < 0 {
			return nil, false
		}
		lit = expression.NewLiteral(uint64(i), types.Uint64)
	} else {
		if unsigned && i < 0 {
			return nil, false
		}
		lit = expression.NewLiteral(i, types.Int64)
	}
	// In the column's own type when the value fits it, as go-mysql-server's
	// planner would have converted it.
	if fitsType(gf.Type(), i, unsigned) {
		if v, _, err := gf.Type().Convert(typeContext, lit.Value()); err == nil {
			return expression.NewLiteral(v, gf.Type()), true
		}
	}
	return lit, true
}

// fitsType reports whether the integer i (its 64 bits read as unsigned
// when unsigned) is in the range of the integer type t. go-mysql-server's
// own conversion cannot tell: it wraps a uint64 into INT UNSIGNED without
// reporting it out of range.
func fitsType(t sql.Type, i int64, unsigned bool) bool {
	lo, hi, ok := integerRange(t)
	if !ok {
		return false
	}
	if unsigned || i >= 0 {
		return uint64(i) <= hi
	}
	return i >= lo
}

// gmsCompare is go-mysql-server's own node for a op b, built as its
// planner builds it (with expandLiteral).
func gmsCompare(op cmpOp, a, b sql.Expression) sql.Expression {
	a, b = expandLiteral(unwrap(a), unwrap(b))
	switch op {
	case opEq:
		return expression.NewEquals(a, b)
	case opLt:
		return expression.NewLessThan(a, b)
	case opLe:
		return expression.NewLessThanOrEqual(a, b)
	case opGt:
		return expression.NewGreaterThan(a, b)
	case opGe:
		return expression.NewGreaterThanOrEqual(a, b)
	case opNe:
		return expression.NewNot(expression.NewEquals(a, b))
	}
	if e, ok := nullSafeCollated(a, b); ok { // null_safe_collation.go
		return e
	}
	return expression.NewNullSafeEquals(a, b)
}

// expandLiteral is go-mysql-server's planner step for a comparison of a
// column with a literal (planbuilder's typeExpandComparisonLiteral): a
// literal of a type of the same family as the column's, no wider, is
// converted to the column's type.
func expandLiteral(a, b sql.Expression) (sql.Expression, sql.Expression) {
	gf, lit, swap := asColumnAndLiteral(a, b)
	if gf == nil {
		return a, b
	}
	ctx := typeContext
	lt, rt := gf.Type(), lit.Type()
	congruent := types.IsSigned(lt) && types.IsSigned(rt) || types.IsUnsigned(lt) && types.IsUnsigned(rt) ||
		types.IsFloat(lt) && types.IsFloat(rt) || types.IsDecimal(lt) && types.IsDecimal(rt) || types.IsText(lt) && types.IsText(rt)
	if !congruent || lt.MaxTextResponseByteLength(ctx) < rt.MaxTextResponseByteLength(ctx) {
		return a, b
	}
	v, _, err := lt.Convert(ctx, lit.Value())
	if err != nil {
		return a, b
	}
	conv := expression.NewLiteral(v, lt)
	if swap {
		return conv, b
	}
	return a, conv
}

// asColumnAndLiteral returns the column and the literal of a comparison
// of the two, and whether the literal is on the left.
func asColumnAndLiteral(a, b sql.Expression) (*expression.GetField, *expression.Literal, bool) {
	if gf, ok := a.(*expression.GetField); ok {
		if lit, ok := b.(*expression.Literal); ok {
			return gf, lit, false
		}
	}
	if gf, ok := b.(*expression.GetField); ok {
		if lit, ok := a.(*expression.Literal); ok {
			return gf, lit, true
		}
	}
	return nil, nil, false
}

// String implements sql.Expression.
func (e *compare) String() string {
	return fmt.Sprintf("(%s %s %s)", e.args[0], cmpSymbols[e.op], e.args[1])
}

// Type implements sql.Expression: a boolean, as in go-mysql-server.
func (e *compare) Type() sql.Type { return types.Boolean }

// WithChildren implements sql.Expression.
func (e *compare) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 2)
	}
	return newCompare(e.op, children[0], children[1], e.env), nil
}

// Eval implements sql.Expression.
func (e *compare) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	a, err := e.eval(ctx, row, 0, e.ks[0])
	if err != nil || a.k == kNull && e.op != opNullSafeEq {
		return nil, err
	}
	b, err := e.eval(ctx, row, 1, e.ks[1])
	if err != nil {
		return nil, err
	}
	if a.k == kNull || b.k == kNull {
		if e.op != opNullSafeEq {
			return nil, nil
		}
		return boolValue(a.k == b.k), nil
	}
	var c int
	switch e.as {
	case kInt:
		c = compareInts(a, b)
	case kDecimal:
		c = a.toDecimal().Cmp(b.toDecimal())
	default:
		e.truncated.check(ctx, 0, a)
		e.truncated.check(ctx, 1, b)
		x, y := a.toDouble(), b.toDouble()
		switch {
		case x < y:
			c = -1
		case x > y:
			c = 1
		}
	}
	switch e.op {
	case opEq, opNullSafeEq:
		return boolValue(c == 0), nil
	case opLt:
		return boolValue(c < 0), nil
	case opLe:
		return boolValue(c <= 0), nil
	case opGt:
		return boolValue(c > 0), nil
	case opGe:
		return boolValue(c >= 0), nil
	}
	return boolValue(c != 0), nil
}

// compareInts compares two integers exactly, each signed or unsigned.
func compareInts(a, b value) int {
	au, bu := a.k == kUint, b.k == kUint
	switch {
	case au == bu && au:
		return cmpUint(uint64(a.i), uint64(b.i))
	case au == bu:
		return cmpInt(a.i, b.i)
	case au: // a unsigned, b signed
		if b.i < 0 || uint64(a.i) > math.MaxInt64 {
			return 1
		}
		return cmpInt(a.i, b.i)
	}
	if a.i < 0 || uint64(b.i) > math.MaxInt64 {
		return -1
	}
	return cmpInt(a.i, b.i)
}

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func cmpUint(x, y uint64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

func boolValue(b bool) int8 {
	if b {
		return 1
	}
	return 0
}
