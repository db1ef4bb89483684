package compat

// Fault (go-mysql-server v0.20.0): IN (…) and BETWEEN compare a signed
// with an unsigned integer as DOUBLE, as the comparison operators do
// (compare.go): 9223372036854775807 IN (9223372036854775808) and
// 9223372036854775807 BETWEEN 9223372036854775808 AND 9223372036854775810
// are true. MySQL (Item_func_in, Item_func_between) compares them
// exactly. IN is replaced as the comparisons are: go-mysql-server's own
// node, which the planner turns into index lookups, wherever it answers
// as MySQL does or can once the constants are converted to an integer
// column's type; this package's otherwise; and so is BETWEEN, which
// compares its three arguments as one type, as IN does (a hexadecimal
// bound makes it DECIMAL). Pinned by TestInBetween.

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// inList is x IN (a, b, …): args[0] is x.
type inList struct {
	args
	ks []kind
	// as is the type x is compared with each item as (as[i-1] for
	// args[i]): kInt, kDecimal or kDouble, by the pair's types, as MySQL's
	// Item_func_in compares with items of mixed types.
	as  []kind
	env env
	// constList is set when every item is a constant: MySQL then
	// evaluates the list when it prepares the statement, so an item that
	// fails fails the statement even when x is NULL.
	constList bool
}

var _ sql.Expression = (*inList)(nil)
var _ sql.CollationCoercible = (*inList)(nil)

// newIn returns x IN (list), or NOT IN when not is set. With one item it
// is x = item (x <> item), as MySQL rewrites it.
func newIn(x sql.Expression, list []sql.Expression, not bool, env env) sql.Expression {
	if len(list) == 1 {
		if not {
			return newCompare(opNe, x, list[0], env)
		}
		return newCompare(opEq, x, list[0], env)
	}
	if r, ok := rangeOfColumn(x); ok && env.neverIn(x, list) {
		// No item is a value of the column (compare_range_bound.go).
		if not {
			return r.all()
		}
		return r.none()
	}
	e := buildIn(x, list, env)
	if not {
		return expression.NewNot(e)
	}
	return e
}

func buildIn(x sql.Expression, list []sql.Expression, env env) sql.Expression {
	gms := func(items []sql.Expression) sql.Expression {
		return expression.NewInTuple(unwrap(x), expression.NewTuple(unwrapAll(items...)...))
	}
	kx := kindOf(x)
	ks := []kind{kx}
	allNum, allInt, sameSign, anyDouble, anyHex := kx.numeric() && kx != kString, kx.integer(), kx.integer(), kx == kDouble, isHex(x)
	for _, it := range list {
		k := kindOf(it)
		ks = append(ks, k)
		if k == kNull {
			continue
		}
		allNum = allNum && k.numeric() && k != kString
		allInt = allInt && k.integer()
		sameSign = sameSign && k == kx
		anyDouble = anyDouble || k == kDouble
		anyHex = anyHex || isHex(it)
	}
	// An integer, DECIMAL or YEAR column with constants: convert each to the
	// column's type (MySQL's convert_constant_item); a constant that
	// cannot be a value of the column never matches and is left out
	// (compare_range_bound.go), and with none left nothing matches.
	if _, ok := rangeOfColumn(x); ok {
		var kept []sql.Expression
		converted := true
		for _, it := range list {
			if kindOf(it) == kNull {
				kept = append(kept, unwrap(it))
				continue
			}
			c, never, ok := env.inItem(x, it)
			if !ok && kx.integer() {
				c, ok = env.convertConstant(x, it)
			}
			if never {
				continue
			}
			if !ok {
				converted = false
				break
			}
			kept = append(kept, c)
		}
		if converted {
			return gms(kept)
		}
	}
	if mixedNumberAndString(ks) {
		// A number with strings (2 IN ('1', '2x')): MySQL compares each
		// pair as its own comparison does, the string as a DOUBLE (1, warning
		// 1292); go-mysql-server's IN converted '2x' to the left side's type,
		// answering 0 (error 1366 over an index).
		var or sql.Expression
		for _, it := range list {
			eq := newCompare(opEq, x, it, env)
			if or == nil {
				or = eq
			} else {
				or = expression.NewOr(or, eq)
			}
		}
		return or
	}
	if !allNum || ours(x) {
		return buildInOurs(x, list, ks, allNum, env)
	}
	for _, it := range list {
		if ours(it) {
			return buildInOurs(x, list, ks, allNum, env)
		}
	}
	if allInt && sameSign && !anyHex {
		return gms(list)
	}
	return buildInOurs(x, list, ks, allNum, env)
}

// mixedNumberAndString reports whether ks, the kinds of x IN (list), are
// all this package's, with a string and a number among them.
func mixedNumberAndString(ks []kind) bool {
	str, num := false, false
	for _, k := range ks {
		switch {
		case !k.numeric():
			return false
		case k == kString:
			str = true
		case k != kNull:
			num = true
		}
	}
	return str && num
}

func buildInOurs(x sql.Expression, list []sql.Expression, ks []kind, allNum bool, env env) sql.Expression {
	if !allNum {
		return expression.NewInTuple(unwrap(x), expression.NewTuple(unwrapAll(list...)...))
	}
	as := make([]kind, len(list))
	for i, it := range list {
		as[i] = pairKind(x, it, ks[0], ks[i+1])
	}
	constList := true
	for _, it := range list {
		constList = constList && isConstant(it)
	}
	return &inList{args: append(args{x}, list...), ks: ks, as: as, env: env, constList: constList}
}

// pairKind is the type MySQL compares a with b as (item_cmp_type): two
// integers as integers, integers and DECIMALs as DECIMAL, anything else
// as DOUBLE; a hexadecimal literal with a number as DECIMAL (compare.go).
func pairKind(a, b sql.Expression, ka, kb kind) kind {
	switch {
	case isHex(a) || isHex(b):
		if ka == kDouble || kb == kDouble {
			return kDouble
		}
		return kDecimal
	case ka.integer() && kb.integer():
		return kInt
	case (ka.integer() || ka == kDecimal) && (kb.integer() || kb == kDecimal):
		return kDecimal
	}
	return kDouble
}

// String implements sql.Expression.
func (e *inList) String() string {
	items := make([]string, len(e.args)-1)
	for i, a := range e.args[1:] {
		items[i] = a.String()
	}
	return fmt.Sprintf("(%s IN (%s))", e.args[0], strings.Join(items, ", "))
}

// Type implements sql.Expression: a boolean.
func (e *inList) Type() sql.Type { return types.Boolean }

// WithChildren implements sql.Expression.
func (e *inList) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	return buildIn(children[0], children[1:], e.env), nil
}

// Eval implements sql.Expression: 1 if x equals an item, else NULL if x
// or an item is NULL, else 0.
func (e *inList) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var items []value
	if e.constList {
		items = make([]value, 0, len(e.args)-1)
		for i := 1; i < len(e.args); i++ {
			y, err := e.eval(ctx, row, i, e.ks[i])
			if err != nil {
				return nil, err
			}
			items = append(items, y)
		}
	}
	x, err := e.eval(ctx, row, 0, e.ks[0])
	if err != nil || x.k == kNull {
		return nil, err
	}
	sawNull := false
	for i := 1; i < len(e.args); i++ {
		var y value
		if items != nil {
			y = items[i-1]
		} else if y, err = e.eval(ctx, row, i, e.ks[i]); err != nil {
			return nil, err
		}
		if y.k == kNull {
			sawNull = true
			continue
		}
		if compareAs(e.as[i-1], x, y) == 0 {
			return int8(1), nil
		}
	}
	if sawNull {
		return nil, nil
	}
	return int8(0), nil
}

// compareAs compares two non-NULL values as MySQL's comparison of type as
// does.
func compareAs(as kind, a, b value) int {
	switch as {
	case kInt:
		return compareInts(a, b)
	case kDecimal:
		return a.toDecimal().Cmp(b.toDecimal())
	}
	x, y := a.toDouble(), b.toDouble()
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// between is x BETWEEN lo AND hi, or NOT BETWEEN.
type between struct {
	args
	ks  []kind
	as  kind
	not bool
	env env
}

var _ sql.Expression = (*between)(nil)
var _ sql.CollationCoercible = (*between)(nil)

// newBetween returns x BETWEEN lo AND hi (NOT BETWEEN when not is set):
// go-mysql-server's own where it answers as MySQL does, as newIn decides.
func newBetween(x, lo, hi sql.Expression, not bool, env env) sql.Expression {
	gms := func(lo, hi sql.Expression) sql.Expression {
		if not {
			// x < lo OR x > hi, NOT BETWEEN by De Morgan (the same under
			// NULLs), in the form go-mysql-server turns into index ranges.
			return expression.NewOr(expression.NewLessThan(unwrap(x), unwrap(lo)), expression.NewGreaterThan(unwrap(x), unwrap(hi)))
		}
		return expression.NewBetween(unwrap(x), unwrap(lo), unwrap(hi))
	}
	// Bounds that are not values of the column's type, or of a DECIMAL
	// column's (which this package's between would read by a scan): the
	// two comparisons (compare_range_bound.go).
	if _, col := x.(*expression.GetField); col && types.IsDecimal(x.Type()) || env.boundNeeded(x, lo) || env.boundNeeded(x, hi) {
		opLo, opHi := opGe, opLe
		if not {
			opLo, opHi = opLt, opGt
		}
		elo, okLo := env.rangeCompare(opLo, x, lo)
		ehi, okHi := env.rangeCompare(opHi, x, hi)
		switch {
		case okLo && okHi && not:
			return expression.NewOr(elo, ehi)
		case okLo && okHi:
			return expression.NewAnd(elo, ehi)
		}
	}
	ks := []kind{kindOf(x), kindOf(lo), kindOf(hi)}
	allNum, allInt, anyDouble := true, true, false
	for i, k := range ks {
		if k == kNull {
			continue
		}
		allNum = allNum && k.numeric() && k != kString
		allInt = allInt && k.integer() && !isHex(args{x, lo, hi}[i])
		anyDouble = anyDouble || k == kDouble
	}
	if !allNum {
		return gms(lo, hi)
	}
	if !ours(x) && !ours(lo) && !ours(hi) {
		if gf, ok := x.(*expression.GetField); ok && ks[0].integer() {
			clo, okLo := env.convertConstant(gf, lo)
			chi, okHi := env.convertConstant(gf, hi)
			if okLo && okHi {
				return gms(clo, chi)
			}
		}
		if allInt && ks[0] == ks[1] && ks[1] == ks[2] {
			return gms(lo, hi)
		}
	}
	as := kDouble
	switch {
	case allInt:
		as = kInt
	case !anyDouble:
		as = kDecimal
	}
	return &between{args: args{x, lo, hi}, ks: ks, as: as, not: not, env: env}
}

// String implements sql.Expression.
func (e *between) String() string {
	op := "BETWEEN"
	if e.not {
		op = "NOT BETWEEN"
	}
	return fmt.Sprintf("(%s %s %s AND %s)", e.args[0], op, e.args[1], e.args[2])
}

// Type implements sql.Expression: a boolean.
func (e *between) Type() sql.Type { return types.Boolean }

// WithChildren implements sql.Expression.
func (e *between) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 3 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 3)
	}
	return newBetween(children[0], children[1], children[2], e.not, e.env), nil
}

// Eval implements sql.Expression, as MySQL's Item_func_between::val_int:
// NULL when x is; with one bound NULL, NULL unless the other bound
// already puts x outside.
func (e *between) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var vs [3]value
	for i := range vs {
		v, err := e.eval(ctx, row, i, e.ks[i])
		if err != nil {
			return nil, err
		}
		if i == 0 && v.k == kNull {
			return nil, nil
		}
		vs[i] = v
	}
	x, a, b := vs[0], vs[1], vs[2]
	switch {
	case a.k != kNull && b.k != kNull:
		return boolValue((compareAs(e.as, x, a) >= 0 && compareAs(e.as, x, b) <= 0) != e.not), nil
	case a.k == kNull && b.k == kNull:
		return nil, nil
	case a.k == kNull && compareAs(e.as, x, b) <= 0, b.k == kNull && compareAs(e.as, x, a) >= 0:
		return nil, nil
	}
	return boolValue(e.not), nil
}
