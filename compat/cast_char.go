package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Fault (go-mysql-server v0.20.0, expression.Convert to CHAR): CAST(x AS
// CHAR) of a DATE x (a column, DATE '2020-01-01', d + INTERVAL 1 DAY)
// printed the value as a DATETIME ('2020-01-02 00:00:00'), and of a TIME
// (TIME '10:00:00', CAST('10:00' AS TIME), a column) was NULL or error
// 1105 "incompatible conversion to SQL type"; MySQL 8 (and MariaDB) give
// the value's own text, '2020-01-02' and '10:00:00'. newCastChar gives
// go-mysql-server's CAST the argument's text by its type (temporalText)
// for a DATE, DATETIME, TIMESTAMP, TIME or YEAR argument (a DATETIME(2)
// with both fraction digits; the YEAR 0 as 0000, its 4 digits, where
// go-mysql-server wrote 0: TemporalValueScripts), and is go-mysql-server's
// CAST otherwise.
// Pinned by CompatFaultScripts "CAST of a DATE or a TIME AS CHAR".
// CAST(x AS CHAR CHARACTER SET binary) was NULL for bytes that are not
// UTF-8 (go-mysql-server casts to LONGTEXT); the parser makes it CAST(x AS
// BINARY), as MySQL does (TestBinaryDifferential). The
// string functions read such arguments through temporalText too
// (temporal_text.go).

// newCastChar returns CAST(arg AS typ(length)) for typ char or nchar, as
// go-mysql-server's planner builds it (planbuilder.factory.buildConvert),
// with a DATE or TIME arg read as its text.
func newCastChar(arg sql.Expression, typ string, length, scale int) sql.Expression {
	if isTemporal(arg.Type()) {
		return expression.NewConvertWithLengthAndScale(&temporalText{temporalArg{arg}}, typ, length, scale)
	}
	if types.IsBit(arg.Type()) {
		// A BIT value as a string is its bytes (CAST(b'101' AS CHAR) is
		// '\x05'; go-mysql-server wrote '5').
		return expression.NewConvertWithLengthAndScale(&bitBytes{temporalArg{arg}}, typ, length, scale)
	}
	if types.IsFloat(arg.Type()) { // double_text.go
		return expression.NewConvertWithLengthAndScale(&doubleText{temporalArg{arg}}, typ, length, scale)
	}
	n := expression.NewConvertWithLengthAndScale(arg, typ, length, scale)
	if arg.Type().Equals(n.Type()) {
		return arg
	}
	if types.IsEnum(arg.Type()) || types.IsSet(arg.Type()) { // cast_text.go
		return expression.NewConvertWithLengthAndScale(&enumSetText{temporalArg{arg}}, typ, length, scale)
	}
	return n
}

// temporalArg is the one argument of temporalText and temporalDigits.
type temporalArg struct{ arg sql.Expression }

// Resolved implements sql.Expression.
func (e temporalArg) Resolved() bool { return e.arg.Resolved() }

// String implements sql.Expression: the argument's.
func (e temporalArg) String() string { return e.arg.String() }

// IsNullable implements sql.Expression.
func (e temporalArg) IsNullable() bool { return e.arg.IsNullable() }

// Children implements sql.Expression.
func (e temporalArg) Children() []sql.Expression { return []sql.Expression{e.arg} }

// child returns the one child of WithChildren(children...) of e.
func (e temporalArg) child(self sql.Expression, children []sql.Expression) (temporalArg, error) {
	if len(children) != 1 {
		return e, sql.ErrInvalidChildrenNumber.New(self, len(children), 1)
	}
	return temporalArg{children[0]}, nil
}

// eval returns the argument's value (nil for NULL) and, when it is a
// TIME (isTime), the value as a Timespan.
func (e temporalArg) eval(ctx *sql.Context, row sql.Row) (v any, ts types.Timespan, isTime bool, err error) {
	v, err = e.arg.Eval(ctx, row)
	if err != nil || v == nil || e.arg.Type().Type() != sqltypes.Time {
		return v, 0, false, err
	}
	ts, err = types.Time.ConvertToTimespan(v)
	return v, ts, true, err
}

// temporalText is a DATE, DATETIME, TIMESTAMP, TIME or YEAR argument as
// MySQL prints it: '2020-01-02', '2020-01-02 03:04:05.50' (as many
// fraction digits as the type has), '10:00:00', '-838:59:59.5', '2024'.
type temporalText struct{ temporalArg }

var _ sql.Expression = (*temporalText)(nil)

// Type implements sql.Expression.
func (e *temporalText) Type() sql.Type { return types.LongText }

// WithChildren implements sql.Expression.
func (e *temporalText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &temporalText{a}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *temporalText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, ts, isTime, err := e.eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if isTime {
		if scale, ok := timeScale(e.arg); ok { // cast_text.go
			return timeText(ts, scale), nil
		}
		return ts.String(), nil
	}
	if types.IsDatetimeType(e.arg.Type()) || types.IsTimestampType(e.arg.Type()) {
		return unionConvert(ctx, e.arg.Type(), types.LongText, v)
	}
	sv, err := e.arg.Type().SQL(ctx, nil, v)
	if err != nil {
		return nil, err
	}
	if types.IsYear(e.arg.Type()) && sv.ToString() == "0" {
		return "0000", nil // YEAR is 4 digits, ZEROFILL (go-mysql-server: '0')
	}
	return sv.ToString(), nil
}
