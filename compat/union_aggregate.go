package compat

// The type of a set operation's column, as MySQL 8 aggregates the types of
// its sides (Item_aggregate_type::join_types over Field::field_type_merge):
// unionType, the pure part of union_types.go, and unionValue, which
// converts a side's value to it.

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"
)

// unionKind is a class of column types MySQL 8 aggregates alike.
type unionKind int

const (
	uNull unionKind = iota
	uInt
	uDecimal
	uFloat
	uDouble
	uString
	uDate
	uDatetime
	uTimestamp
	uTime
	uYear
	uOther // a type this file does not aggregate (BIT, JSON, ENUM, SET, geometry)
)

// unionDesc is what MySQL 8 aggregates of a side's column type.
type unionDesc struct {
	k        unionKind
	width    int  // an integer's bytes: 1, 2, 3, 4 or 8
	unsigned bool // an integer's or DECIMAL's sign
	intDig   int  // digits before the point of an integer or DECIMAL
	scale    int  // a DECIMAL's scale; a DATETIME's, TIMESTAMP's or TIME's fraction digits
	chars    int64
	binary   bool // a string of bytes (BINARY, VARBINARY, BLOB)
	text     bool // a TEXT or BLOB, not a VARCHAR
	coll     sql.CollationID
}

// describe returns the descriptor of the type of x, a side's value: an
// integer literal is BIGINT as MySQL types it (BIGINT UNSIGNED above
// 2^63-1), with its digits.
func describe(x sql.Expression) unionDesc {
	t := x.Type()
	if l, ok := x.(*expression.Literal); ok && types.IsInteger(t) {
		s := strings.TrimPrefix(l.String(), "-")
		return unionDesc{k: uInt, width: 8, unsigned: t.Type() == sqltypes.Uint64, intDig: len(s), chars: int64(len(l.String()))}
	}
	d := describeType(t)
	if l, ok := x.(*expression.Literal); ok && d.k == uString {
		// A string literal is VARCHAR of its length, not go-mysql-server's
		// LONGTEXT.
		switch v := l.Value().(type) {
		case string:
			d.chars, d.text = int64(utf8.RuneCountInString(v)), false
		case []byte:
			d.chars, d.text = int64(len(v)), false
		}
	}
	return d
}

func describeType(t sql.Type) unionDesc {
	switch {
	case t == types.Null:
		return unionDesc{k: uNull}
	case types.IsYear(t):
		return unionDesc{k: uYear}
	case types.IsInteger(t):
		w := map[querypb.Type]int{sqltypes.Int8: 1, sqltypes.Uint8: 1, sqltypes.Int16: 2, sqltypes.Uint16: 2,
			sqltypes.Int24: 3, sqltypes.Uint24: 3, sqltypes.Int32: 4, sqltypes.Uint32: 4}[t.Type()]
		if w == 0 {
			w = 8
		}
		u := types.IsUnsigned(t)
		return unionDesc{k: uInt, width: w, unsigned: u, intDig: intDigits(w, u)}
	case types.IsDecimal(t):
		d := t.(sql.DecimalType)
		return unionDesc{k: uDecimal, intDig: int(d.Precision()) - int(d.Scale()), scale: int(d.Scale())}
	case t.Type() == sqltypes.Float32:
		return unionDesc{k: uFloat}
	case t.Type() == sqltypes.Float64:
		return unionDesc{k: uDouble}
	case types.IsDateType(t):
		return unionDesc{k: uDate}
	case types.IsTimestampType(t):
		return unionDesc{k: uTimestamp, scale: t.(sql.DatetimeType).Precision()}
	case types.IsDatetimeType(t):
		return unionDesc{k: uDatetime, scale: t.(sql.DatetimeType).Precision()}
	case types.IsTimespan(t):
		return unionDesc{k: uTime, scale: timeFsp(t)}
	case types.IsText(t) || types.IsBinaryType(t) && !types.IsBit(t):
		st, ok := t.(sql.StringType)
		if !ok {
			return unionDesc{k: uOther}
		}
		return unionDesc{k: uString, chars: st.MaxCharacterLength(), binary: types.IsBinaryType(t), text: types.IsTextBlob(t), coll: st.Collation()}
	}
	return unionDesc{k: uOther}
}

// timeFsp returns the fraction digits of a TIME type (go-mysql-server's
// TIME is TIME(6)).
func timeFsp(t sql.Type) int {
	if p, ok := t.(interface{ Precision() int }); ok {
		return p.Precision()
	}
	return 0
}

// intDigits returns the digits of the widest value of an integer of w
// bytes.
func intDigits(w int, unsigned bool) int {
	d := map[int][2]int{1: {3, 3}, 2: {5, 5}, 3: {7, 8}, 4: {10, 10}, 8: {19, 20}}[w]
	if unsigned {
		return d[1]
	}
	return d[0]
}

// displayChars returns the characters a value of d takes as text, as
// MySQL 8 sizes a string column it aggregates with a string.
func (d unionDesc) displayChars() int64 {
	switch d.k {
	case uInt:
		if d.chars > 0 { // a literal: its text
			return d.chars
		}
		if d.unsigned {
			return int64(d.intDig)
		}
		return int64(d.intDig) + 1
	case uDecimal:
		n := int64(d.intDig+d.scale) + 1
		if d.scale > 0 {
			n++
		}
		return n
	case uFloat:
		return 12
	case uDouble:
		return 22
	case uDate:
		return 10
	case uDatetime, uTimestamp:
		return 19 + fsp(d.scale)
	case uTime:
		return 10 + fsp(d.scale)
	case uYear:
		return 4
	case uString:
		return d.chars
	}
	return 0
}

func fsp(scale int) int64 {
	if scale == 0 {
		return 0
	}
	return int64(scale) + 1
}

// joinUnion returns the descriptor of the column of sides a and b, as
// MySQL 8's field_types_merge_rules and join_types make it; ok is false
// for a pair this file leaves to go-mysql-server (a BIT, JSON, ENUM, SET
// or geometry side).
func joinUnion(a, b unionDesc) (unionDesc, bool) {
	if a.k == uOther || b.k == uOther {
		return unionDesc{}, false
	}
	if a.k == uNull {
		return b, true
	}
	if b.k == uNull {
		return a, true
	}
	if a.k > b.k {
		a, b = b, a
	}
	if b.k == uYear && (a.k == uDecimal || a.k == uFloat || a.k == uDouble) {
		// YEAR with a DECIMAL or floating-point number is that number.
		b = unionDesc{k: uInt, width: 2, intDig: 4}
		a, b = b, a
		if a.k > b.k {
			a, b = b, a
		}
	}
	// Now a.k <= b.k.
	switch {
	case a.k == uInt && b.k == uInt:
		if a.width < b.width || a.width == b.width && b.unsigned {
			a, b = b, a
		}
		// a is the wider (or, as wide, the unsigned). Mixed signs widen
		// the unsigned side's type by one step when it is the wider:
		// TINYINT UNSIGNED and TINYINT are SMALLINT, BIGINT UNSIGNED and
		// BIGINT DECIMAL(20,0).
		r := unionDesc{k: uInt, width: a.width, unsigned: a.unsigned && b.unsigned, intDig: max(a.intDig, b.intDig)}
		if a.unsigned && !b.unsigned {
			next := map[int]int{1: 2, 2: 3, 3: 4, 4: 8}[a.width]
			if next == 0 {
				return unionDesc{k: uDecimal, intDig: 20}, true
			}
			r.width = next
		}
		return r, true
	case (a.k == uInt || a.k == uDecimal) && b.k == uDecimal:
		r := unionDesc{k: uDecimal, intDig: max(a.intDig, b.intDig), scale: max(a.scale, b.scale)}
		if r.scale > 30 {
			r.scale = 30
		}
		if r.intDig+r.scale > 65 {
			r.intDig = 65 - r.scale
		}
		return r, true
	case a.k == uInt && b.k == uFloat:
		if a.width <= 2 {
			return b, true
		}
		return unionDesc{k: uDouble}, true
	case a.k == uFloat && b.k == uFloat:
		return a, true
	case a.k <= uDouble && b.k <= uDouble:
		return unionDesc{k: uDouble}, true
	case a.k == uYear && b.k == uYear, a.k == uInt && b.k == uYear:
		// YEAR with an integer is the integer (as MariaDB clamps 2024 to
		// 255 in a TINYINT UNSIGNED), as long as text as YEAR's four
		// digits (a literal -5 with a YEAR, then 'x', is VARCHAR(4)).
		a.intDig = max(a.intDig, 4)
		if a.chars > 0 {
			a.chars = max(a.chars, 4)
		}
		return a, true
	case a.k == b.k && a.k != uString:
		a.scale = max(a.scale, b.scale)
		return a, true
	case a.k == uDate && (b.k == uDatetime || b.k == uTimestamp):
		return unionDesc{k: uDatetime, scale: b.scale}, true
	case a.k == uDatetime && b.k == uTimestamp:
		return unionDesc{k: uDatetime, scale: max(a.scale, b.scale)}, true
	case a.k >= uDate && a.k <= uTimestamp && b.k == uTime:
		// TIME with a date is DATETIME, the TIME on the current date.
		return unionDesc{k: uDatetime, scale: max(a.scale, b.scale)}, true
	}
	// Any other pair is a string: VARCHAR of the longer text, binary if
	// either side is.
	r := unionDesc{k: uString, chars: max(a.displayChars(), b.displayChars()), coll: sql.Collation_Default}
	for _, d := range []unionDesc{a, b} {
		if d.k == uString {
			r.binary = r.binary || d.binary
			r.text = r.text || d.text
			r.coll = d.coll
		}
	}
	return r, true
}

// sqlType returns the go-mysql-server type of d.
func (d unionDesc) sqlType() sql.Type {
	switch d.k {
	case uNull:
		return types.Null
	case uInt:
		t := map[int][2]sql.Type{1: {types.Int8, types.Uint8}, 2: {types.Int16, types.Uint16}, 3: {types.Int24, types.Uint24},
			4: {types.Int32, types.Uint32}, 8: {types.Int64, types.Uint64}}[d.width]
		if d.unsigned {
			return t[1]
		}
		return t[0]
	case uDecimal:
		return types.MustCreateDecimalType(uint8(d.intDig+d.scale), uint8(d.scale))
	case uFloat:
		return types.Float32
	case uDouble:
		return types.Float64
	case uDate:
		return types.Date
	case uDatetime:
		return types.MustCreateDatetimeType(sqltypes.Datetime, d.scale)
	case uTimestamp:
		return types.MustCreateDatetimeType(sqltypes.Timestamp, d.scale)
	case uTime:
		return types.Time
	case uYear:
		return types.Year
	}
	switch {
	case d.binary && (d.text || d.chars > 65535):
		return types.LongBlob
	case d.binary:
		return types.MustCreateBinary(sqltypes.VarBinary, d.chars)
	case d.text || d.chars > 16383:
		return types.CreateLongText(d.coll)
	}
	return types.MustCreateString(sqltypes.VarChar, d.chars, d.coll)
}

// unionValue converts its child's value to the type of a set operation's
// column: a number or temporal value to a string as MySQL prints it
// (DATE '2024-01-02', not with a time), anything else by the type's
// Convert.
type unionValue struct {
	args
	to sql.Type
}

var _ sql.Expression = (*unionValue)(nil)

func newUnionValue(x sql.Expression, to sql.Type) *unionValue {
	return &unionValue{args: args{x}, to: to}
}

// Type implements sql.Expression.
func (e *unionValue) Type() sql.Type { return e.to }

// IsNullable implements sql.Expression.
func (e *unionValue) IsNullable() bool { return e.args[0].IsNullable() }

// CollationCoercibility implements sql.CollationCoercible: the column's
// collation, implicit (coercibility 2), as a column's.
func (e *unionValue) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	if st, ok := e.to.(sql.StringType); ok {
		return st.Collation(), 2
	}
	return sql.Collation_binary, 5
}

// String implements sql.Expression.
func (e *unionValue) String() string { return e.args[0].String() }

// WithChildren implements sql.Expression.
func (e *unionValue) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(c), 1)
	}
	return newUnionValue(c[0], e.to), nil
}

// Eval implements sql.Expression.
func (e *unionValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.args[0].Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	return unionConvert(ctx, e.args[0].Type(), e.to, v)
}

// unionConvert converts v, of type from, to type to.
func unionConvert(ctx *sql.Context, from, to sql.Type, v any) (any, error) {
	if types.IsText(to) || types.IsBinaryType(to) {
		if tm, ok := v.(time.Time); ok && (types.IsDatetimeType(from) || types.IsTimestampType(from)) {
			// DATETIME(n) with all n digits of the fraction, as MySQL
			// prints it (go-mysql-server drops trailing zeros).
			n := 19
			if p := from.(sql.DatetimeType).Precision(); p > 0 {
				n += 1 + p
			}
			v = tm.Format("2006-01-02 15:04:05.000000")[:n]
			if isZeroDatetime(tm) {
				v = "0000-00-00 00:00:00.000000"[:n]
			}
		} else if f, ok := v.(float64); ok && types.IsFloat(from) {
			v = formatDouble(f) // 1e15, not go-mysql-server's 1e+15
		} else if !types.IsText(from) && !types.IsBinaryType(from) {
			w, err := from.SQL(ctx, nil, v)
			if err != nil {
				return nil, err
			}
			v = w.ToString()
		}
	}
	if ts, ok := v.(types.Timespan); ok && types.IsDatetimeType(to) {
		y, m, d := ctx.QueryTime().Date()
		v = time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Add(ts.AsTimeDuration())
	}
	out, _, err := to.Convert(context.Context(ctx), v)
	if dt, ok := to.(sql.DecimalType); ok && err == nil {
		if dec, ok := out.(decimal.Decimal); ok {
			out = dec.Round(int32(dt.Scale()))
		}
	}
	return out, err
}

// isZeroDatetime reports whether tm is go-mysql-server's zero DATETIME,
// its time.Time for '0000-00-00 00:00:00' (0000-01-01 00:00:00 UTC; it
// prints that value as the zero date, datetimeType.SQL).
func isZeroDatetime(tm time.Time) bool {
	return tm.Equal(types.Datetime.Zero().(time.Time))
}
