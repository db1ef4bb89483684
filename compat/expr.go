package compat

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// result is the MySQL type of an expression this package evaluates: its
// kind and, for a DECIMAL, precision and scale; float marks a DOUBLE kind
// whose type is FLOAT (float_results.go).
type result struct {
	k           kind
	prec, scale int32
	float       bool
}

// sqlType returns the go-mysql-server type that reports r over the wire:
// BIGINT, BIGINT UNSIGNED, DECIMAL(p,s), DOUBLE, FLOAT or LONGTEXT.
func (r result) sqlType() sql.Type {
	if r.float {
		return types.Float32
	}
	switch r.k {
	case kInt:
		return types.Int64
	case kUint:
		return types.Uint64
	case kDecimal:
		return decimalType(r.prec, r.scale)
	case kDouble, kNull:
		return types.Float64
	case kString:
		return types.LongText
	}
	return types.Float64
}

// maxPrecision and maxScale are MySQL's DECIMAL limits.
const (
	maxPrecision = 65
	maxScale     = 30
)

func decimalType(prec, scale int32) sql.Type {
	if scale > maxScale {
		scale = maxScale
	}
	if prec < scale+1 {
		prec = scale + 1
	}
	if prec > maxPrecision {
		prec = maxPrecision
	}
	return types.MustCreateDecimalType(uint8(prec), uint8(scale))
}

// decimalShape returns the precision and scale an argument of kind k and
// type t has when it takes part in DECIMAL arithmetic: an integer counts
// as DECIMAL(20,0).
func decimalShape(e sql.Expression, k kind) (prec, scale int32) {
	if k != kDecimal {
		return 20, 0
	}
	dt, ok := e.Type().(sql.DecimalType)
	if !ok {
		return maxPrecision, 0
	}
	if lit, ok := e.(*expression.Literal); ok && dt.Scale() == types.InternalDecimalType.(sql.DecimalType).Scale() {
		// An integer literal beyond BIGINT UNSIGNED: go-mysql-server types
		// it DECIMAL(65,30), MySQL DECIMAL with its own digits and scale 0.
		if d, ok := lit.Value().(decimal.Decimal); ok {
			s := max(-d.Exponent(), 0)
			return max(int32(len(d.Coefficient().String()))+d.Exponent(), 1) + s, s
		}
	}
	return int32(dt.Precision()), int32(dt.Scale())
}

// env is what an expression of this package keeps from the statement it
// was parsed in.
type env struct {
	// noUnsignedSub is sql_mode NO_UNSIGNED_SUBTRACTION: a - b is then
	// signed whatever its arguments.
	noUnsignedSub bool
	// session is the parsing session, whose user variables constants may
	// read; nil for text parsed outside a session (column defaults).
	session sql.Session
	// query is the statement's text, where the tree does not say how a
	// name was written (literals.go); "" when unknown.
	query string
}

// context returns a context to evaluate constants in, which reads user
// variables from the session.
func (v env) context() *sql.Context {
	if v.session != nil {
		return sql.NewContext(context.Background(), sql.WithSession(v.session))
	}
	return sql.NewEmptyContext()
}

// typeContext is the context of go-mysql-server's type conversions at
// planning time (Type.Convert, MaxTextResponseByteLength), which read no
// session state but character_set_results and write none. It is shared
// because sql.NewEmptyContext builds a whole session with every system and
// status variable: done for each comparison planned, that was 40% of the
// CPU of a sysbench point select.
var typeContext = sql.NewEmptyContext()

// ours reports whether e contains an expression of this package, which
// may fail (error 1690) where go-mysql-server's would not.
func ours(e sql.Expression) bool {
	found := false
	sql.Inspect(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *arith, *neg, *bitBinary, *bitNot, *bitCount, *castInt, *conv, *compare, *inList, *between, *roundFunc, *div:
			found = true
		}
		return !found
	})
	return found
}

// deferredType is the type of an argument not typed yet: an unbound
// parameter's (deferred) type, or, for an expression not resolved yet,
// LONGTEXT, which nothing reads.
func deferredType(e sql.Expression) sql.Type {
	if !e.Resolved() {
		return types.LongText
	}
	return e.Type()
}

// args is the argument list every expression of this package has.
type args []sql.Expression

// Children implements sql.Expression.
func (a args) Children() []sql.Expression { return a }

// Resolved implements sql.Expression.
func (a args) Resolved() bool {
	for _, e := range a {
		if !e.Resolved() {
			return false
		}
	}
	return true
}

// IsNullable implements sql.Expression: every operator of this package can
// be NULL (x DIV 0 is).
func (a args) IsNullable() bool { return true }

// CollationCoercibility implements sql.CollationCoercible: numbers are
// binary and numeric (coercibility 5), as in go-mysql-server's arithmetic.
func (a args) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// kinds returns the MySQL result type of each argument.
func (a args) kinds() []kind {
	ks := make([]kind, len(a))
	for i, e := range a {
		ks[i] = kindOf(e)
	}
	return ks
}

// eval evaluates argument i for row into a value of kind k, a DECIMAL
// rounded to its type's scale, as MySQL's comparisons read one.
func (a args) eval(ctx *sql.Context, row sql.Row, i int, k kind) (value, error) {
	return a.evalArg(ctx, row, i, k, false)
}

// evalExact is eval for an arithmetic operator, ROUND, CAST and SUM: a
// quotient (or an answer computed from one) with all its digits, as
// MySQL's val_decimal passes it on (div.go): 1/3*3 is 1.0000.
func (a args) evalExact(ctx *sql.Context, row sql.Row, i int, k kind) (value, error) {
	return a.evalArg(ctx, row, i, k, true)
}

func (a args) evalArg(ctx *sql.Context, row sql.Row, i int, k kind, exact bool) (value, error) {
	if h, ok := a[i].(*hexLit); ok {
		return uintValue(h.bits), nil
	}
	var v any
	var err error
	if x, ok := a[i].(exactEvaler); ok && exact {
		v, err = x.exactEval(ctx, row)
	} else {
		v, err = a[i].Eval(ctx, row)
	}
	if err != nil {
		return null, err
	}
	x := toValue(k, v)
	if k.integer() && (x.k == kDecimal || x.k == kDouble) {
		// An INT argument whose Go value is not an integer (go-mysql-
		// server's FLOOR and CEIL, floor_ceil.go): its integer, as MySQL's
		// val_int reads it.
		i, _ := x.toInt()
		x = value{k: k, i: i}
	}
	switch a[i].(type) {
	case *expression.UserVar:
		x.signedVar = x.k == kUint
	case *expression.GetField:
		// A table's column, not the planner's reference to an aggregate
		// or other computed value (which has no table).
		x.column = x.k == kString && a[i].(*expression.GetField).Table() != ""
	}
	x.binary = x.k == kString && isBinaryString(a[i].Type())
	return x, nil
}

// anyKind reports whether one of ks is k.
func anyKind(ks []kind, k kind) bool {
	for _, x := range ks {
		if x == k {
			return true
		}
	}
	return false
}

// allNumeric reports whether this package evaluates arguments of kinds ks
// itself (none is a temporal, JSON, … value nor an unbound parameter).
func allNumeric(ks []kind) bool {
	for _, k := range ks {
		if !k.numeric() {
			return false
		}
	}
	return true
}

// isConstant reports whether e is a constant in MySQL's sense
// (Item::const_item): built from literals only, with nothing that depends
// on a row, a parameter, a variable or chance.
func isConstant(e sql.Expression) bool {
	constant := true
	sql.Inspect(e, func(e sql.Expression) bool {
		if e == nil || !constant {
			return false
		}
		if _, ok := e.(sql.NonDeterministicExpression); ok {
			constant = false
			return false
		}
		if len(e.Children()) == 0 {
			switch e.(type) {
			case *expression.Literal, *hexLit:
			case *expression.UserVar:
				// MySQL treats a user variable as a constant for the
				// statement (Item_func_get_user_var::const_item), so
				// SET @m = -5; SELECT -@m is DECIMAL, as -(0-5) is.
			default:
				constant = false
			}
		}
		if _, ok := e.(sql.ExpressionWithNodes); ok { // a subquery
			constant = false
		}
		return constant
	})
	return constant
}
