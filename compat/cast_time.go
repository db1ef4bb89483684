package compat

import (
	"fmt"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): CAST(s AS TIME) of a string holding a
// date and a time ('2011-11-20 21:27:37') is NULL; MySQL takes the time
// of day (21:27:37). go-sql-driver/mysql sends a time.Time parameter as
// such a string ('0001-01-01 03:25:45'), so CAST(? AS TIME) with a Go
// time was always NULL. The replacement answers as go-mysql-server where
// it gives a value, and from the string read as a DATETIME where it gives
// NULL. Pinned by StatementScripts "CAST(… AS TIME) and derived table columns"
// and TestProtocolDriverScans.
type castTime struct {
	arg           sql.Expression
	gms           sql.Expression // go-mysql-server's CAST(arg AS TIME(scale))
	length, scale int
}

var _ sql.Expression = (*castTime)(nil)

func newCastTime(arg sql.Expression, length, scale int) sql.Expression {
	return &castTime{arg: arg, gms: expression.NewConvertWithLengthAndScale(arg, expression.ConvertToTime, length, scale),
		length: length, scale: scale}
}

// Resolved implements sql.Expression.
func (c *castTime) Resolved() bool { return c.gms.Resolved() }

// String implements sql.Expression.
func (c *castTime) String() string { return c.gms.String() }

// Type implements sql.Expression: go-mysql-server's TIME type of the cast.
func (c *castTime) Type() sql.Type { return c.gms.Type() }

// IsNullable implements sql.Expression.
func (c *castTime) IsNullable() bool { return true }

// Children implements sql.Expression.
func (c *castTime) Children() []sql.Expression { return []sql.Expression{c.arg} }

// WithChildren implements sql.Expression.
func (c *castTime) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return newCastTime(children[0], c.length, c.scale), nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (c *castTime) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// Eval implements sql.Expression.
func (c *castTime) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := c.gms.Eval(ctx, row)
	if err != nil || v != nil {
		return roundTime(v, max(c.length, c.scale)), err // cast_text.go
	}
	a, err := c.arg.Eval(ctx, row)
	if err != nil || a == nil {
		return nil, err
	}
	var s string
	switch x := a.(type) {
	case string:
		s = x
	case []byte:
		s = string(x)
	default:
		return nil, nil
	}
	dt, _, err := types.DatetimeMaxPrecision.Convert(ctx, s)
	if err != nil {
		return nil, nil // MySQL: NULL with a warning; go-mysql-server's answer
	}
	t, ok := dt.(time.Time)
	if !ok {
		return nil, nil
	}
	clock := fmt.Sprintf("%02d:%02d:%02d.%06d", t.Hour(), t.Minute(), t.Second(), t.Nanosecond()/1000)
	v, err = expression.NewConvertWithLengthAndScale(expression.NewLiteral(clock, types.LongText),
		expression.ConvertToTime, c.length, c.scale).Eval(ctx, nil)
	return roundTime(v, max(c.length, c.scale)), err
}
