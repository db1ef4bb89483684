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
// numbers, or one is and the other the NULL literal (which MySQL's
// Item::aggregate_type skips: IF(0, NULL, -9223372036854775809) is a
// DECIMAL(19,0), go-mysql-server's DECIMAL(65,30)), else go-mysql-server's
// own. Pinned by IfTypeScripts (sqltests,
// also on MariaDB). IF and IFNULL of a number and a string are strings in
// MySQL (IFNULL(s, '-3') was an INT, IFNULL(9, 'x') a BIGINT, and IF
// answered the number's Go value under a string type): newIf and
// newIfNull build textIf, pinned by TestIfText.
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
	ks := args{a, b}.kinds()
	if res, ok := minMaxResultOf([]sql.Expression{a, b}, ks); ok {
		return &numericIf{args: args{c, a, b}, res: res}
	}
	if numberAndString([]sql.Expression{a, b}, ks) {
		return &textIf{args: args{c, a, b}}
	}
	return function.NewIf(c, a, b)
}

func newIfNull(a, b sql.Expression) sql.Expression {
	ks := args{a, b}.kinds()
	if res, ok := minMaxResultOf([]sql.Expression{a, b}, ks); ok {
		return &numericIf{args: args{a, b}, ifnull: true, res: res}
	}
	if numberAndString([]sql.Expression{a, b}, ks) {
		return &textIf{args: args{a, b}, ifnull: true}
	}
	return function.NewIfNull(a, b)
}

// numberAndString reports whether one of the two expressions a, of kinds
// ks, is a character string and the other a number (not NULL). A binary
// string stays go-mysql-server's (the answer is then binary).
func numberAndString(a []sql.Expression, ks []kind) bool {
	number := func(k kind) bool { return k.numeric() && k != kNull && k != kString }
	text := func(i int) bool { return ks[i] == kString && !isBinaryString(a[i].Type()) }
	return text(0) && number(ks[1]) || text(1) && number(ks[0])
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
	_, x, err := e.chosenArg(ctx, row)
	return x, err
}

// chosenArg returns the index of the argument IF or IFNULL answers and its
// value, in its own type.
func (e *numericIf) chosenArg(ctx *sql.Context, row sql.Row) (int, value, error) {
	i := 1
	if e.ifnull {
		x, err := e.args.eval(ctx, row, 0, kindOf(e.args[0]))
		if err != nil || x.k != kNull {
			return 0, x, err
		}
	} else {
		c, err := e.args[0].Eval(ctx, row)
		if err != nil {
			return 0, null, err
		}
		t := false
		if c != nil {
			if t, err = sql.ConvertToBool(ctx, c); err != nil {
				return 0, null, err
			}
		}
		i = 2
		if t {
			i = 1
		}
	}
	x, err := e.args.eval(ctx, row, i, kindOf(e.args[i]))
	return i, x, err
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

// textIf is IF(c, a, b) (args c, a, b) or IFNULL(a, b) (args a, b) of a
// number and a string: a string, as MySQL's Item::aggregate_type makes it
// (a VARCHAR), the number answered as its text. go-mysql-server typed
// IFNULL(s, '-3') as s, an INT, and IFNULL(9, 'x') as a BIGINT; its IF
// was a string but answered the number's Go value, which
// CAST(IF(1, 1.5, '-3') AS UNSIGNED) read as the DECIMAL 1.5, 2 (MySQL
// reads the string '1.5': 1).
type textIf struct {
	args
	ifnull bool
}

var _ sql.FunctionExpression = (*textIf)(nil)

// Eval implements sql.Expression: the chosen argument as text.
func (e *textIf) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	i, x, err := (&numericIf{args: e.args, ifnull: e.ifnull}).chosenArg(ctx, row)
	switch {
	case err != nil || x.k == kNull:
		return nil, err
	case x.k == kDouble: // a FLOAT with its own digits (double_text.go)
		s, _ := floatText(ctx, e.args[i].Type(), x.f)
		return s, nil
	}
	_, scale := decimalShape(e.args[i], kindOf(e.args[i]))
	return x.toText(scale), nil
}

// Type implements sql.Expression: LONGTEXT.
func (e *textIf) Type() sql.Type { return result{k: kString}.sqlType() }

// FunctionName implements sql.FunctionExpression.
func (e *textIf) FunctionName() string { return (&numericIf{ifnull: e.ifnull}).FunctionName() }

// Description implements sql.FunctionExpression.
func (e *textIf) Description() string { return (&numericIf{ifnull: e.ifnull}).Description() }

// String implements sql.Expression.
func (e *textIf) String() string { return (&numericIf{args: e.args, ifnull: e.ifnull}).String() }

// WithChildren implements sql.Expression.
func (e *textIf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return (&numericIf{args: e.args, ifnull: e.ifnull}).WithChildren(children...)
}
