package compat

import (
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Fault (go-mysql-server v0.20.0): + - * DIV % of a DATE, DATETIME or
// TIME and a number computed on a garbled value: DATE '2020-01-01' + 1
// was 20200101000001 and TIME '10:00:00' + 0 was 0 with warning 1292;
// MySQL 8 (and MariaDB) read the value as the number of its digits
// (Item::val_int of a temporal: 20200101, 20200101103000, 100000), so
// those are 20200102 and 100000. temporalNumber gives the arithmetic
// such an argument as that BIGINT, when it has no fraction of a second
// (with one, MySQL reads a DECIMAL: left to go-mysql-server). Pinned by
// CompatFaultScripts "a DATE or a TIME in arithmetic is its digits". A
// YEAR was a DOUBLE in arithmetic (y + 0); MySQL reads it as an unsigned
// integer (yearNumber), pinned by IfTypeScripts "YEAR arithmetic is
// unsigned integer arithmetic".

// temporalNumber returns e read as a number when it is a DATE, or a
// DATETIME or TIME without fractional seconds; else e.
func temporalNumber(e sql.Expression) sql.Expression {
	if isInterval(e) || !e.Resolved() {
		return e
	}
	switch t := e.Type(); t.Type() {
	case sqltypes.Date:
		return &temporalDigits{temporalArg{e}}
	case sqltypes.Datetime, sqltypes.Timestamp:
		if dt, ok := t.(sql.DatetimeType); ok && dt.Precision() == 0 {
			return &temporalDigits{temporalArg{e}}
		} else if ok {
			return &temporalDecimal{temporalArg{e}, dt.Precision()} // cast_text.go
		}
	case sqltypes.Time:
		if tt, ok := t.(interface{ Precision() int }); !ok || tt.Precision() == 0 {
			return &temporalDigits{temporalArg{e}}
		}
	case sqltypes.Year:
		return &yearNumber{temporalArg{e}}
	}
	return e
}

// yearNumber is a YEAR as the unsigned integer it is in MySQL (Field_year
// is an unsigned Field_tiny): y + 0 is a BIGINT UNSIGNED, where
// go-mysql-server computed a DOUBLE, and y - 2030 of 2024 is error 1690.
type yearNumber struct{ temporalArg }

var _ sql.Expression = (*yearNumber)(nil)

// Type implements sql.Expression: SMALLINT UNSIGNED, which holds 0 and
// 1901 to 2155.
func (e *yearNumber) Type() sql.Type { return types.Uint16 }

// WithChildren implements sql.Expression.
func (e *yearNumber) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &yearNumber{a}, err
}

// Eval implements sql.Expression: the year, 0 for 0000; NULL for NULL.
func (e *yearNumber) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	y, _, err := types.Uint16.Convert(ctx, v)
	return y, err
}

// temporalDigits is a DATE, DATETIME or TIME as the BIGINT of its digits.
type temporalDigits struct{ temporalArg }

var _ sql.Expression = (*temporalDigits)(nil)

// Type implements sql.Expression.
func (e *temporalDigits) Type() sql.Type { return types.Int64 }

// WithChildren implements sql.Expression.
func (e *temporalDigits) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &temporalDigits{a}, err
}

// Eval implements sql.Expression: YYYYMMDD, YYYYMMDDhhmmss or ±hhmmss;
// NULL for NULL.
func (e *temporalDigits) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, ts, isTime, err := e.eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	t := e.arg.Type()
	if isTime {
		us := int64(ts)
		sign := int64(1)
		if us < 0 {
			sign, us = -1, -us
		}
		s := us / 1_000_000
		return sign * (s/3600*10000 + s/60%60*100 + s%60), nil
	}
	tm, ok := v.(time.Time)
	if !ok {
		c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
		if err != nil {
			return nil, err
		}
		if tm, ok = c.(time.Time); !ok {
			return nil, nil
		}
	}
	if isZeroDatetime(tm) {
		return int64(0), nil // '0000-00-00': 0, not 101 (union_aggregate.go)
	}
	date := int64(tm.Year())*10000 + int64(tm.Month())*100 + int64(tm.Day())
	if t.Type() == sqltypes.Date {
		return date, nil
	}
	return date*1_000_000 + int64(tm.Hour())*10000 + int64(tm.Minute())*100 + int64(tm.Second()), nil
}
