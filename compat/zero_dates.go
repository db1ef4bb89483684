package compat

// Fault (go-mysql-server v0.20.0): go-mysql-server reads the zero date
// '0000-00-00' as 0000-01-01, so date arithmetic on it computed from
// January: '0000-00-00' + INTERVAL 1 DAY, DATE_ADD(d, INTERVAL 1 DAY) of
// a stored zero DATE, ADDDATE and the rest were '0000-01-02', and a zero
// DATETIME + INTERVAL 1 SECOND '0000-01-01 00:00:01'. MySQL 8 reads the
// date argument of DATE_ADD, DATE_SUB, ADDDATE, SUBDATE and ± INTERVAL
// with TIME_NO_ZERO_DATE (Item_date_add_interval::get_date_internal,
// sql/item_timefunc.cc): the zero date, or one with a zero month or day,
// makes them NULL, a string with warning 1292 "Incorrect datetime value:
// '0000-00-00'" (str_to_datetime_with_warn), whatever sql_mode says.
// CAST(s AS DATE) and CAST(s AS DATETIME) of a string read it with the
// session's NO_ZERO_DATE (str_to_datetime_with_warn, sql/sql_time.cc,
// adds TIME_NO_ZERO_DATE when sql_mode has it, and not NO_ZERO_IN_DATE):
// under MySQL 8's default mode CAST('0000-00-00' AS DATE) is NULL with
// warning 1292 "Incorrect datetime value: '0000-00-00'", where
// go-mysql-server gave '0000-00-00'; with sql_mode = '' it is
// '0000-00-00'. MariaDB 10.11 agrees on the arithmetic but casts the zero
// date in every mode. noZeroDate wraps the date argument of the
// arithmetic (newArith, the functions by name) and newCastZeroDate builds
// the casts. Pinned by TemporalValueScripts "date arithmetic on a zero
// date is NULL" (also on MariaDB) and TemporalValueMySQLScripts "CAST of a
// zero date string is NULL under NO_ZERO_DATE"
// (sqltests/scripts_temporal_values.go).

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// dateArithFunctions are DATE_ADD, ADDDATE, DATE_SUB and SUBDATE with
// their date argument read as MySQL reads it (noZeroDate).
func dateArithFunctions() []sql.Function {
	wrap := func(name string, build func(...sql.Expression) (sql.Expression, error)) sql.Function {
		return sql.FunctionN{Name: name, Fn: func(a ...sql.Expression) (sql.Expression, error) {
			if len(a) > 0 {
				a = append([]sql.Expression{newNoZeroDate(a[0])}, a[1:]...)
			}
			return build(a...)
		}}
	}
	return []sql.Function{
		wrap("adddate", function.NewAddDate),
		wrap("date_add", function.NewDateAdd),
		wrap("date_sub", function.NewDateSub),
		wrap("subdate", function.NewSubDate),
	}
}

// noZeroDate is the date argument of date arithmetic: NULL where it is
// the zero date or has a zero month or day (a string also warns 1292).
type noZeroDate struct{ temporalArg }

var _ sql.Expression = (*noZeroDate)(nil)

// newNoZeroDate returns e read as the date of date arithmetic.
func newNoZeroDate(e sql.Expression) sql.Expression {
	if _, ok := e.(*noZeroDate); ok || isInterval(e) {
		return e
	}
	return &noZeroDate{temporalArg{e}}
}

// Type implements sql.Expression: the argument's.
func (e *noZeroDate) Type() sql.Type { return e.arg.Type() }

// WithChildren implements sql.Expression.
func (e *noZeroDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &noZeroDate{a}, err
}

// Eval implements sql.Expression.
func (e *noZeroDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	switch x := v.(type) {
	case string:
		if zero, zeroIn := zeroDate(x); zero || zeroIn { // strict_modes.go
			warn(ctx, erTruncatedWrongValue, "Incorrect datetime value: '%s'", x)
			return nil, nil
		}
	case []byte:
		if zero, zeroIn := zeroDate(string(x)); zero || zeroIn {
			warn(ctx, erTruncatedWrongValue, "Incorrect datetime value: '%s'", x)
			return nil, nil
		}
	case time.Time:
		if isZeroDatetime(x) { // union_aggregate.go
			return nil, nil
		}
	}
	return v, nil
}

// newCastZeroDate returns CAST(arg AS typ(scale)) for typ date or
// datetime: go-mysql-server's, but for a string arg that is the zero date
// NULL with warning 1292 when the session's sql_mode has NO_ZERO_DATE.
func newCastZeroDate(arg sql.Expression, typ string, length, scale int) sql.Expression {
	c := expression.NewConvertWithLengthAndScale(arg, typ, length, scale)
	if t := arg.Type(); t.Equals(c.Type()) {
		return arg // as go-mysql-server's planner drops it (factory.buildConvert)
	} else if !types.IsText(t) && !types.IsBinaryType(t) {
		return c
	}
	return &castZeroDate{Convert: c, arg: arg, typ: typ, length: length, scale: scale}
}

// castZeroDate is CAST(arg AS DATE|DATETIME) of a string.
type castZeroDate struct {
	*expression.Convert
	arg           sql.Expression
	typ           string
	length, scale int
}

var _ sql.Expression = (*castZeroDate)(nil)

// Eval implements sql.Expression.
func (c *castZeroDate) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	s, ok := v.(string)
	if b, isBytes := v.([]byte); isBytes {
		s, ok = string(b), true
	}
	if ok && ctx.Session != nil {
		if zero, _ := zeroDate(s); zero && sql.LoadSqlMode(ctx).ModeEnabled("NO_ZERO_DATE") {
			warn(ctx, erTruncatedWrongValue, "Incorrect datetime value: '%s'", s)
			return nil, nil
		}
	}
	return c.Convert.Eval(ctx, row)
}

// WithChildren implements sql.Expression.
func (c *castZeroDate) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return newCastZeroDate(children[0], c.typ, c.length, c.scale), nil
}
