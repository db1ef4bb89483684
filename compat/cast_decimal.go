package compat

// Fault (go-mysql-server v0.20.0): CAST(x AS DECIMAL(M,D)) of a value
// that does not fit DECIMAL(M,D) is 0 without a warning
// (expression.convertValue returns the type's zero when Convert fails):
// CAST(999.995 AS DECIMAL(5,2)) and CAST(12345.6 AS DECIMAL(5,2)) were
// 0.00, where MySQL 8 (Item_typecast_decimal::val_decimal) rounds half
// away from zero to D digits, clamps a value with more than M-D integer
// digits to the largest of DECIMAL(M,D), 999.99 or -999.99, and warns
// 1264 "Out of range value for column 'CAST(999.995 AS DECIMAL(5,2))' at
// row 1" (the select list's name of the cast, '(null)' elsewhere). Also,
// CAST(x AS DECIMAL) and CAST(x AS DECIMAL(M)) kept every digit of x
// (go-mysql-server uses DECIMAL(65,30) unless both M and D are given);
// MySQL makes them DECIMAL(10,0) and DECIMAL(M,0): CAST(1.5 AS DECIMAL)
// is 2. Pinned by TestCastDecimal and NumericExactScripts (sqltests).

import (
	"fmt"
	"strconv"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/shopspring/decimal"
)

// erWarnDataOutOfRange is ER_WARN_DATA_OUT_OF_RANGE, MySQL's warning for a
// value clamped to its type: "Out of range value for column '%s' at row
// %ld".
const erWarnDataOutOfRange = 1264

// MySQL's errors for a DECIMAL(M,D) it refuses (SQLSTATE 42000):
// ER_TOO_BIG_SCALE, ER_TOO_BIG_PRECISION and ER_M_BIGGER_THAN_D.
const (
	erTooBigScale     = 1425
	erTooBigPrecision = 1426
	erMBiggerThanD    = 1427
)

// castDecimal is CAST(a AS DECIMAL(prec, scale)).
type castDecimal struct {
	args
	prec, scale int32
	k           kind
	// name is the select list's name of the cast (its alias or its text),
	// which warning 1264 names; "" for a cast elsewhere.
	name string
	max  decimal.Decimal // the largest DECIMAL(prec, scale)
}

var _ sql.Expression = (*castDecimal)(nil)
var _ sql.CollationCoercible = (*castDecimal)(nil)

// castDecimalShape returns the precision and scale of CAST(… AS
// DECIMAL(length, scale)), where "" is a part not written: DECIMAL is
// DECIMAL(10,0), DECIMAL(M) DECIMAL(M,0). A shape MySQL refuses is its
// error, naming arg, the argument's text: 1426 for M above 65, 1425 for D
// above 30, 1427 for M below D.
func castDecimalShape(length, scale, arg string) (prec, sc int32, err error) {
	p, s := int64(10), int64(0)
	if length != "" {
		p, _ = strconv.ParseInt(length, 10, 32)
	}
	if scale != "" {
		s, _ = strconv.ParseInt(scale, 10, 32)
	}
	switch {
	case p > maxPrecision:
		return 0, 0, mysql.NewSQLError(erTooBigPrecision, mysql.SSClientError,
			"Too big precision %d specified for '%s'. Maximum is %d.", p, arg, maxPrecision)
	case s > maxScale:
		return 0, 0, mysql.NewSQLError(erTooBigScale, mysql.SSClientError,
			"Too big scale %d specified for '%s'. Maximum is %d.", s, arg, maxScale)
	case s > p:
		return 0, 0, mysql.NewSQLError(erMBiggerThanD, mysql.SSClientError,
			"For float(M,D), double(M,D) or decimal(M,D), M must be >= D (column '%s').", arg)
	}
	return int32(max(p, 1)), int32(s), nil
}

// newCastDecimal returns CAST(a AS DECIMAL(prec, scale)): ours for a
// number or string, go-mysql-server's own for other arguments (dates and
// times cast by their own rules). name is as castDecimal's.
func newCastDecimal(a sql.Expression, prec, scale int32, name string) sql.Expression {
	e := &castDecimal{args: args{a}, prec: prec, scale: scale, k: kindOf(a), name: name}
	if !e.k.numeric() && e.k != kDeferred {
		return expression.NewConvertWithLengthAndScale(unwrap(a), expression.ConvertToDecimal, int(prec), int(scale))
	}
	// 10^(prec-scale) - 10^-scale: 999.99 for DECIMAL(5,2).
	e.max = decimal.New(1, prec-scale).Sub(decimal.New(1, -scale))
	return e
}

// String implements sql.Expression.
func (e *castDecimal) String() string {
	return fmt.Sprintf("cast(%s as decimal(%d,%d))", e.args[0], e.prec, e.scale)
}

// Type implements sql.Expression: DECIMAL(prec, scale).
func (e *castDecimal) Type() sql.Type {
	return types.MustCreateDecimalType(uint8(e.prec), uint8(e.scale))
}

// WithChildren implements sql.Expression.
func (e *castDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	return newCastDecimal(children[0], e.prec, e.scale, e.name), nil
}

// Eval implements sql.Expression: the argument read as a DECIMAL (a
// string for its leading number, warning 1292 when it is not wholly one),
// rounded half away from zero to scale digits and clamped to ±max with
// warning 1264.
func (e *castDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.evalExact(ctx, row, 0, e.k)
	if err != nil || v.k == kNull {
		return nil, err
	}
	if v.k == kString {
		if _, exact := strtod(v.s); !exact {
			warn(ctx, erTruncatedWrongValue, "Truncated incorrect DECIMAL value: '%s'", v.quoted())
		}
	}
	d := v.toDecimal().Round(e.scale)
	if d.Abs().GreaterThan(e.max) {
		d = e.max
		if v.toDecimal().Sign() < 0 {
			d = d.Neg()
		}
		name := e.name
		if name == "" {
			name = "(null)" // MySQL prints the item's null name so
		}
		warn(ctx, erWarnDataOutOfRange, "Out of range value for column '%s' at row 1", name)
	}
	return d, nil
}
