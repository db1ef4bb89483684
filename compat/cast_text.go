package compat

// Fault (go-mysql-server v0.20.0): a value that is not a string where a
// conversion wants its text is not made text. CONVERT(x USING cs) of a
// number kept the number's type and was its zero (of a BIGINT UNSIGNED, an
// empty integer PyMySQL cannot read), of a DATE, DATETIME, TIMESTAMP,
// YEAR or ENUM error 1105 ("Incorrect datetime value: ''"), of a TIME
// '00:00:00', of a SET ''; CAST(x AS BINARY) of a TIME was NULL and of a
// DATE '2024-01-02 00:00:00'; ENUM and SET values were their index and
// bit numbers in the string functions (HEX of ENUM('a','b') value 'b' was
// 2, LENGTH of SET 'x,z' 1, SUBSTRING and INSTR error 1105 "invalid type:
// uint16", LIKE matched the number); JSON_ARRAY and JSON_OBJECT of a DATE
// or DATETIME wrote Go's time ("2024-01-02T00:00:00Z"), of a TIME failed
// (1105 "unsupported type: types.Timespan"), of an ENUM or SET wrote the
// number; the text of a DATE or TIME (CONCAT(dt)) was of charset binary.
// MySQL 8 reads each such value as its val_str text, in the connection's
// character set: a number's digits, a temporal value's text in its type,
// an ENUM or SET its members; JSON holds a DATETIME, TIMESTAMP or TIME with
// six fraction digits (json_dom.cc writes them with my_TIME_to_str(…, 6)).
// stringOf gives such an argument that text; the parser builds CONVERT …
// USING and CAST … AS BINARY over it (parser.go), and the string
// functions read ENUM and SET values through it (temporal_text.go's
// temporalArgs). Pinned by TestCastText (against MariaDB).

import (
	"fmt"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	"github.com/shopspring/decimal"
)

// stringOf returns e as MySQL's val_str reads it where a string is
// wanted: a DATE, DATETIME, TIMESTAMP, TIME or YEAR its text
// (temporalText), an ENUM or SET its members (enumSetText), a BIT its
// bytes, a FLOAT or DOUBLE its shortest text, another number its digits;
// a string (or an expression not yet resolved) is e.
func stringOf(e sql.Expression) sql.Expression {
	if !e.Resolved() {
		return e
	}
	switch t := e.Type(); {
	case isTemporal(t):
		return &temporalText{temporalArg{e}}
	case types.IsEnum(t) || types.IsSet(t):
		return &enumSetText{temporalArg{e}}
	case types.IsBit(t):
		return &bitBytes{temporalArg{e}}
	case types.IsFloat(t):
		return &doubleText{temporalArg{e}}
	case types.IsInteger(t) || types.IsDecimal(t):
		return newNumberText(e)
	}
	return e
}

// TextOfDouble returns e, a FLOAT or DOUBLE, as MySQL's text of it
// (doubleText: 1.8446744073709552e19, 1e15), as MySQL stores a DOUBLE
// written to a character column (Field_str::store(double) prints it with
// my_gcvt, as CONCAT does); another e is e.
func TextOfDouble(e sql.Expression) sql.Expression {
	e, _ = asDoubleText(e, false) // double_values.go
	return e
}

// newConvertUsing returns CONVERT(arg USING cs) of arg's text (stringOf).
func newConvertUsing(arg sql.Expression, cs sql.CharacterSetID) sql.Expression {
	if arg.Resolved() && arg.Type() == types.Null {
		arg = expression.NewLiteral(nil, types.LongText) // a string NULL
	}
	return &convertUsing{expression.NewConvertUsing(stringOf(arg), cs)}
}

// convertUsing is go-mysql-server's CONVERT … USING of a string, built
// again over the text of a new child.
type convertUsing struct{ *expression.ConvertUsing }

var _ sql.Expression = (*convertUsing)(nil)

// WithChildren implements sql.Expression.
func (c *convertUsing) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return newConvertUsing(children[0], c.TargetCharSet), nil
}

// Eval implements sql.Expression (charsets.go): go-mysql-server's
// CONVERT … USING gave the target set's bytes as the string, where
// go-mysql-server holds text as UTF-8, so CONVERT(0xE9 USING latin1) read
// 0xE9 as UTF-8 ('?') and CONVERT('é' USING latin1) was the byte 0xE9,
// which HEX and LENGTH then could not read. MySQL 8
// (Item_func_conv_charset::val_str) reads a binary argument's bytes as
// the target set's: bytes the set does not map give warning 1300
// "Invalid gbk character string: 'FF'" (the first three bad bytes) and
// NULL in strict mode, the valid prefix otherwise; a text argument is
// converted with '?' for each character the set lacks. Converting to
// binary gives the argument's bytes, as go-mysql-server does.
func (c *convertUsing) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	cs := c.TargetCharSet
	if cs == sql.CharacterSet_binary || cs.Encoder() == nil {
		return c.ConvertUsing.Eval(ctx, row)
	}
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	v, err = sql.UnwrapAny(ctx, v)
	if err != nil {
		return nil, err
	}
	switch v := v.(type) {
	case []byte:
		return decodeInCharset(ctx, cs, v)
	case string:
		if types.IsBinaryType(c.Child.Type()) {
			return decodeInCharset(ctx, cs, []byte(v))
		}
		return textInCharset(cs, v), nil
	}
	return c.ConvertUsing.Eval(ctx, row)
}

// Type implements sql.Expression: text of the target set's default
// collation (go-mysql-server kept a binary argument's type).
func (c *convertUsing) Type() sql.Type {
	cs := c.TargetCharSet
	if cs == sql.CharacterSet_binary || cs.Encoder() == nil || types.IsTextOnly(c.Child.Type()) {
		return c.ConvertUsing.Type()
	}
	return types.CreateLongText(cs.DefaultCollation())
}

// textInCharset returns the UTF-8 text s as the character set cs holds
// it: '?' for each character cs lacks.
func textInCharset(cs sql.CharacterSetID, s string) string {
	enc := cs.Encoder()
	if b, ok := enc.Encode([]byte(s)); ok {
		if d, ok := enc.Decode(b); ok {
			return string(d)
		}
	}
	d, _ := enc.Decode(enc.EncodeReplaceUnknown([]byte(s)))
	return string(d)
}

// decodeInCharset returns the bytes b of the character set cs as UTF-8
// text; bytes cs does not map are warning 1300 and NULL in strict mode,
// the text before them otherwise (Item::check_well_formed_result).
func decodeInCharset(ctx *sql.Context, cs sql.CharacterSetID, b []byte) (any, error) {
	text, valid := WellFormed(cs, b)
	if valid == len(b) {
		return text, nil
	}
	bad := b[valid:]
	if len(bad) > 3 {
		bad = bad[:3]
	}
	ctx.Warn(erInvalidCharacterString, "Invalid %s character string: '%X'", cs.Name(), bad)
	if mode := sql.LoadSqlMode(ctx); mode.ModeEnabled("STRICT_TRANS_TABLES") || mode.ModeEnabled("STRICT_ALL_TABLES") {
		return nil, nil
	}
	return text, nil
}

// erInvalidCharacterString is MySQL's ER_INVALID_CHARACTER_STRING.
const erInvalidCharacterString = 1300

// enumSetText is an ENUM or SET value as its text: the ENUM's member, the
// SET's members joined by ','. NULL is NULL.
type enumSetText struct{ temporalArg }

var _ sql.Expression = (*enumSetText)(nil)
var _ sql.CollationCoercible = (*enumSetText)(nil)

// Type implements sql.Expression.
func (e *enumSetText) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible: the column's
// collation, implicit (2).
func (e *enumSetText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	if t, ok := e.arg.Type().(sql.TypeWithCollation); ok {
		return t.Collation(), 2
	}
	return ctx.GetCollation(), 2
}

// WithChildren implements sql.Expression.
func (e *enumSetText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &enumSetText{a}, err
}

// Eval implements sql.Expression: a string value (information_schema's)
// is itself.
func (e *enumSetText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch t := e.arg.Type().(type) {
	case sql.EnumType:
		if i, ok := v.(uint16); ok {
			s, _ := t.At(int(i))
			return s, nil
		}
	case sql.SetType:
		if bits, ok := v.(uint64); ok {
			return t.BitsToString(bits)
		}
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	}
	return nil, fmt.Errorf("%s value %v of type %T", e.arg.Type(), v, v)
}

// jsonValueArgs names the JSON functions that take SQL values into a
// document, and which of their arguments are values.
var jsonValueArgs = map[string]func(i int) bool{
	"json_array":        allStr,
	"json_object":       func(i int) bool { return i%2 == 1 },
	"json_array_append": func(i int) bool { return i > 0 && i%2 == 0 },
	"json_array_insert": func(i int) bool { return i > 0 && i%2 == 0 },
	"json_insert":       func(i int) bool { return i > 0 && i%2 == 0 },
	"json_replace":      func(i int) bool { return i > 0 && i%2 == 0 },
	"json_set":          func(i int) bool { return i > 0 && i%2 == 0 },
}

// jsonFunction is a function of jsonValueArgs whose DATE, DATETIME,
// TIMESTAMP, TIME, ENUM and SET values are MySQL's JSON text of them
// (jsonTemporalText, enumSetText) when it is built.
type jsonFunction struct{ sql.Function }

// NewInstance implements sql.Function.
func (f jsonFunction) NewInstance(args []sql.Expression) (sql.Expression, error) {
	if value := jsonValueArgs[strings.ToLower(f.FunctionName())]; value != nil {
		var nc []sql.Expression
		for i, a := range args {
			if !value(i) || !a.Resolved() {
				continue
			}
			var x sql.Expression
			switch t := a.Type(); {
			case types.IsTime(t) || types.IsTimespan(t):
				x = &jsonTemporalText{temporalArg{a}}
			case types.IsEnum(t) || types.IsSet(t):
				x = &enumSetText{temporalArg{a}}
			}
			if x == nil {
				continue
			}
			if nc == nil {
				nc = append([]sql.Expression{}, args...)
			}
			nc[i] = x
		}
		if nc != nil {
			args = nc
		}
	}
	return f.Function.NewInstance(args)
}

// jsonTemporalText is a DATE, DATETIME, TIMESTAMP or TIME value as a JSON
// document of MySQL 8 holds it: '2024-01-02', '2024-01-02 03:04:05.000000',
// '12:34:56.000000' (six fraction digits, json_dom.cc's my_TIME_to_str).
type jsonTemporalText struct{ temporalArg }

var _ sql.Expression = (*jsonTemporalText)(nil)
var _ sql.CollationCoercible = (*jsonTemporalText)(nil)

// Type implements sql.Expression.
func (e *jsonTemporalText) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible.
func (e *jsonTemporalText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// WithChildren implements sql.Expression.
func (e *jsonTemporalText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &jsonTemporalText{a}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *jsonTemporalText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, ts, isTime, err := e.eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if isTime {
		return timeText(ts, 6), nil
	}
	c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	tm, ok := c.(time.Time)
	if err != nil || !ok {
		return nil, err
	}
	if e.arg.Type().Type() == sqltypes.Date {
		return tm.Format("2006-01-02"), nil
	}
	return tm.Format("2006-01-02 15:04:05.000000"), nil
}

// timeText is the TIME ts as MySQL prints a TIME(scale):
// '[-]hh:mm:ss[.f…]', with scale fraction digits.
func timeText(ts types.Timespan, scale int) string {
	s := ts.String()
	frac := ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		s, frac = s[:i], s[i+1:]
	}
	if scale <= 0 {
		return s
	}
	frac = (frac + "000000")[:scale]
	return s + "." + frac
}

// CollationCoercibility implements sql.CollationCoercible: the
// connection's collation, coercible (4), as MySQL's text of a temporal
// value (go-mysql-server's was the argument's, binary).
func (e *temporalText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// timeScale returns the fraction digits of the TIME e when they are known
// apart from its type (go-mysql-server's TIME has none): a CAST's, and
// TIME(x)'s of a DATETIME(p) or TIMESTAMP(p) x, p.
func timeScale(e sql.Expression) (int, bool) {
	switch x := e.(type) {
	case *castTime:
		return max(x.length, x.scale), true
	case *function.Time:
		if dt, ok := x.Child.Type().(sql.DatetimeType); ok && x.Child.Resolved() {
			return dt.Precision(), true
		}
	}
	return 0, false
}

// roundTime returns the TIME value v rounded to scale fraction digits,
// half away from zero, as MySQL 8 rounds a CAST(… AS TIME(scale)).
func roundTime(v any, scale int) any {
	ts, ok := v.(types.Timespan)
	if !ok || scale >= 6 || scale < 0 {
		return v
	}
	unit := int64(1)
	for range 6 - scale {
		unit *= 10
	}
	us := ts.AsMicroseconds()
	neg := us < 0
	if neg {
		us = -us
	}
	us = (us + unit/2) / unit * unit
	if neg {
		us = -us
	}
	return types.Time.MicrosecondsToTimespan(us)
}

// temporalDecimal is a DATETIME(p) or TIMESTAMP(p) value, p > 0, as the
// DECIMAL(14+p, p) of its digits, as MySQL 8 reads it in arithmetic:
// 20240102030405.123 (go-mysql-server's dropped the fraction).
type temporalDecimal struct {
	temporalArg
	scale int
}

var _ sql.Expression = (*temporalDecimal)(nil)

// Type implements sql.Expression.
func (e *temporalDecimal) Type() sql.Type {
	return types.MustCreateDecimalType(uint8(14+e.scale), uint8(e.scale))
}

// WithChildren implements sql.Expression.
func (e *temporalDecimal) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &temporalDecimal{a, e.scale}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *temporalDecimal) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	c, _, err := types.DatetimeMaxPrecision.Convert(ctx, v)
	tm, ok := c.(time.Time)
	if err != nil || !ok {
		return nil, err
	}
	digits := tm.Format("20060102150405") + "." + fmt.Sprintf("%06d", tm.Nanosecond()/1000)[:e.scale]
	return decimal.RequireFromString(digits), nil
}

// CollationCoercibility implements sql.CollationCoercible: the
// connection's collation, coercible (4), as numberText's (CHARSET of
// CONCAT(a DOUBLE) was binary). Declared here, beside temporalText's, as
// double_text.go is another fault's.
func (e *doubleText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// newSetMember returns FIND_IN_SET(args[0], args[1]) when args[0] is a
// constant string that is a member of the SET column args[1], as MySQL 8
// answers it (Item_func_find_in_set's enum_value): the member's position
// in the column's definition when the row holds it, else 0; NULL for
// NULL. Else false.
func newSetMember(args []sql.Expression) (sql.Expression, bool) {
	if len(args) != 2 || !args[1].Resolved() {
		return nil, false
	}
	lit, ok := args[0].(*expression.Literal)
	_, field := args[1].(*expression.GetField)
	st, isSet := args[1].Type().(sql.SetType)
	if !ok || !field || !isSet {
		return nil, false
	}
	s, ok := lit.Value().(string)
	if !ok {
		return nil, false
	}
	for i, m := range st.Values() {
		if strings.EqualFold(m, s) {
			return &setMember{temporalArg{args[1]}, i + 1, m, args[0]}, true
		}
	}
	return nil, false
}

// setMember is FIND_IN_SET of a constant member of a SET column
// (newSetMember).
type setMember struct {
	temporalArg
	pos    int            // the member's position, from 1
	member string         // the member
	find   sql.Expression // the constant, to print
}

var _ sql.FunctionExpression = (*setMember)(nil)

// FunctionName implements sql.FunctionExpression.
func (e *setMember) FunctionName() string { return "find_in_set" }

// Description implements sql.FunctionExpression.
func (e *setMember) Description() string {
	return "returns the position of a member in a SET column's definition when the row holds it."
}

// String implements sql.Expression.
func (e *setMember) String() string { return fmt.Sprintf("find_in_set(%s, %s)", e.find, e.arg) }

// Type implements sql.Expression.
func (e *setMember) Type() sql.Type { return types.Int64 }

// WithChildren implements sql.Expression.
func (e *setMember) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &setMember{a, e.pos, e.member, e.find}, err
}

// Eval implements sql.Expression.
func (e *setMember) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	held := false
	switch x := v.(type) {
	case uint64:
		held = x&(1<<uint(e.pos-1)) != 0
	case string: // the members, as the table (or enumSetText) gives them
		for _, m := range strings.Split(x, ",") {
			held = held || strings.EqualFold(m, e.member)
		}
	}
	if held {
		return int64(e.pos), nil
	}
	return int64(0), nil
}
