package compat

// Fault (go-mysql-server v0.20.0): GREATEST and LEAST of a DATE, DATETIME,
// TIMESTAMP or TIME value compare Go's time.Time and give it back: of
// DATE values a DATETIME(6) ('2024-01-02 00:00:00'), of a DATE and a
// string 0 (typed DOUBLE), of a TIME error 1105 "unsupported type for
// greatest/least argument: types.TimespanType_". MySQL 8
// (Item_func_min_max, compare_as_dates) compares temporal values and
// strings as temporal values and answers in the arguments' aggregated
// type: a DATE of DATE values, a TIME of TIME values, a DATETIME(p) of
// dates and datetimes, with a string the winner's text (its val_str).
// Pinned by TestCastText (against MariaDB, which types the mix with a
// string as the temporal type: the same text).

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// temporalMinMax is GREATEST (greatest true) or LEAST of temporal values
// and strings (newTemporalMinMax).
type temporalMinMax struct {
	args
	greatest bool
	asTime   bool     // all temporal arguments are TIME: compared as TIME
	typ      sql.Type // the answer's type
}

var _ sql.FunctionExpression = (*temporalMinMax)(nil)

// newTemporalMinMax returns GREATEST or LEAST of a when an argument is a
// DATE, DATETIME, TIMESTAMP or TIME and the others are of those or strings
// or NULL (not TIME with dates); else false.
func newTemporalMinMax(greatest bool, a []sql.Expression) (sql.Expression, bool) {
	if len(a) < 2 {
		return nil, false
	}
	var times, dates, datetimes, strs int
	prec := 0
	for _, x := range a {
		if !x.Resolved() {
			return nil, false
		}
		switch t := x.Type(); {
		case t == types.Null: // NULL, of the others' type
		case types.IsTimespan(t):
			times++
		case t.Type() == sqltypes.Date:
			dates++
		case types.IsTime(t):
			datetimes++
			if dt, ok := t.(sql.DatetimeType); ok {
				prec = max(prec, dt.Precision())
			}
		case types.IsText(t) && !isBinary(x):
			strs++
		default:
			return nil, false
		}
	}
	m := &temporalMinMax{args: a, greatest: greatest, asTime: times > 0}
	switch {
	case times+dates+datetimes == 0, times > 0 && dates+datetimes > 0:
		return nil, false
	case strs > 0:
		m.typ = types.LongText
	case times > 0:
		m.typ = types.Time
	case datetimes == 0:
		m.typ = types.Date
	default:
		m.typ = types.MustCreateDatetimeType(sqltypes.Datetime, prec)
	}
	return m, true
}

// FunctionName implements sql.FunctionExpression.
func (m *temporalMinMax) FunctionName() string {
	if m.greatest {
		return "greatest"
	}
	return "least"
}

// Description implements sql.FunctionExpression.
func (m *temporalMinMax) Description() string {
	return "returns the " + m.FunctionName() + " of its temporal arguments."
}

// String implements sql.Expression.
func (m *temporalMinMax) String() string {
	return fmt.Sprintf("%s(%s)", m.FunctionName(), joinArgs(m.args))
}

// Type implements sql.Expression.
func (m *temporalMinMax) Type() sql.Type { return m.typ }

// CollationCoercibility implements sql.CollationCoercible: the
// connection's collation for a string answer.
func (m *temporalMinMax) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if types.IsText(m.typ) {
		return ctx.GetCollation(), 4
	}
	return sql.Collation_binary, 5
}

// WithChildren implements sql.Expression.
func (m *temporalMinMax) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return newMinMax(m.greatest, children...)
}

// Eval implements sql.Expression: NULL if an argument is NULL; a string
// that is no temporal value compares as the zero value.
func (m *temporalMinMax) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	best := -1
	var bestKey int64
	var bestValue any
	for i, a := range m.args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		key := m.key(ctx, v)
		if best < 0 || m.greatest && key > bestKey || !m.greatest && key < bestKey {
			best, bestKey, bestValue = i, key, v
		}
	}
	a := m.args[best]
	if !types.IsText(m.typ) {
		c, _, err := m.typ.Convert(ctx, bestValue)
		return c, err
	}
	if types.IsText(a.Type()) {
		return bestValue, nil
	}
	return (&temporalText{temporalArg{a}}).Eval(ctx, row)
}

// key is v as the number the arguments compare by: microseconds of the
// TIME, or since the epoch of the DATETIME.
func (m *temporalMinMax) key(ctx *sql.Context, v any) int64 {
	if m.asTime {
		if s, ok := v.(string); ok {
			v = strings.TrimSpace(s)
		}
		ts, err := types.Time.ConvertToTimespan(v)
		if err != nil {
			return 0
		}
		return ts.AsMicroseconds()
	}
	c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	tm, ok := c.(time.Time)
	if err != nil || !ok {
		return time.Time{}.UnixMicro()
	}
	return tm.UnixMicro()
}
