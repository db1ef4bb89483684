package compat

// Fault (go-mysql-server v0.20.0): a DATE, DATETIME, TIMESTAMP, TIME or
// YEAR value where a string function reads text is converted by
// go-mysql-server's string types, which know only Go's time.Time: a DATE
// becomes '2024-01-02 00:00:00' (CONCAT, LENGTH 19, LPAD, REPLACE, MD5,
// HEX, GROUP_CONCAT, COALESCE with a string), a DATETIME(2) loses its
// trailing zeros ('…05.5'), a TIME is error 1105 "incompatible conversion
// to SQL type: '12:34:56'->longtext" (CONCAT, LIKE, REGEXP, …) or a
// nil-pointer panic (TRIM), and SUBSTRING, LEFT, RIGHT, MID, INSTR,
// LOCATE, CRC32 and REVERSE refuse the value ("invalid type: time.Time").
// MySQL 8 reads a temporal value in a string context as its text in the
// column's type: '2024-01-02', '2024-01-02 03:04:05.50', '12:34:56',
// '2024'. The rule temporalArgsText gives each such argument that text
// (cast_char.go's temporalText) before the function sees it. Pinned by
// TestTemporalText (against MariaDB) and CompatFaultScripts "temporal
// values read as text by string functions".

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// ruleTemporalText is the id of temporalArgsText, a pre-analysis rule.
const ruleTemporalText analyzer.RuleId = 10_232

// textArgs names the functions that read some of their arguments as
// text, and which: every argument unless listed otherwise.
var textArgs = func() map[string]func(i int) bool {
	m := map[string]func(i int) bool{}
	for _, f := range byteFuncs {
		m[f.name] = f.strs
	}
	for _, name := range []string{
		"length", "octet_length", "bit_length", "hex", "md5", "sha", "sha1",
		"crc32", "to_base64", "strcmp", "quote", "field", "soundex",
		"regexp_replace", "regexp_substr", "regexp_instr", "regexp_like",
		"make_set", "export_set", "aes_encrypt", "compress",
	} {
		m[name] = allStr
	}
	m["sha2"] = first
	m["elt"] = func(i int) bool { return i > 0 }
	m["format"] = func(int) bool { return false }
	return m
}()

// valueFunctions return one of their arguments' values: their temporal
// arguments are text when the result is a string.
var valueFunctions = map[string]bool{"coalesce": true, "ifnull": true, "if": true, "nullif": true}

// temporalArgsText returns n with every temporal argument of a function
// that reads it as text (textArgs, LIKE, GROUP_CONCAT, QUOTE, TRIM, and
// COALESCE, IFNULL, IF and CASE of a string) made the argument's text. The
// functions of textArgs and valueFunctions do it themselves when they are
// built (withTemporalText), also in generated columns, defaults and
// checks; the rule covers the expressions the planner builds without the
// function registry, and arguments whose types were known only later.
func temporalArgsText(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		var text func(i int) bool
		switch x := e.(type) {
		case *expression.Like, *likeExpr, *aggregation.GroupConcat, *function.Quote, *function.Trim:
			text = allStr
		case *expression.Case:
			if types.IsText(x.Type()) {
				text = allStr
			}
		case sql.FunctionExpression:
			text = textPositions(x.FunctionName(), types.IsText(x.Type()), x.Children())
		}
		if text == nil {
			return e, transform.SameTree, nil
		}
		name := ""
		if f, ok := e.(sql.FunctionExpression); ok {
			name = f.FunctionName()
		} else if _, ok := e.(*expression.Case); ok {
			name = "case"
		}
		// A BIT's bytes only where the function is built (a call with a
		// binary argument is chosen then: go-mysql-server's TRIM of
		// bytes that are not UTF-8 panics).
		nc, changed := temporalArgs(name, text, e.Children(), false)
		return withChildren(e, nc, changed)
	})
}

// textPositions returns which arguments of the function name, of the
// arguments args, are read as text (nil: none): textArgs's, or for a
// function of valueFunctions, its values when its result is a string
// (resultText) or one of them is, as MySQL types it (IFNULL(ts, 'x') is
// a VARCHAR).
func textPositions(name string, resultText bool, args []sql.Expression) func(i int) bool {
	name = strings.ToLower(name)
	if !valueFunctions[name] {
		return textArgs[name]
	}
	value := func(i int) bool { return name != "if" || i > 0 }
	str := resultText
	for i, c := range args {
		str = str || value(i) && types.IsText(c.Type())
	}
	if !str {
		return nil
	}
	return value
}

// temporalArgs returns args with each argument that text says the
// function name reads as text made its text, and whether one was: a
// temporal value its text (temporalText), an ENUM or SET value its
// members (enumSetText, cast_text.go); for a function outside
// valueFunctions, a FLOAT or DOUBLE its text (doubleText, double_text.go),
// another number its text (numberText) and a BIT value its bytes
// (bitBytes, where bits), as MySQL's val_str reads them, unless a binary
// string argument makes the call one on bytes. Numbers stay numbers where
// the function reads them so (floatTextArg: HEX(255) is FF, FIELD
// compares numbers as numbers, MAKE_SET's bits).
func temporalArgs(name string, text func(i int) bool, args []sql.Expression, bits bool) ([]sql.Expression, bool) {
	name = strings.ToLower(name)
	numeric := !valueFunctions[name]
	for i, c := range args {
		// A call with a binary string is on bytes (binary_strings.go),
		// which reads numbers itself.
		numeric = numeric && !(text(i) && c.Resolved() && isBinary(c))
	}
	var nc []sql.Expression
	for i, c := range args {
		if !text(i) || !c.Resolved() {
			continue
		}
		var x sql.Expression
		t := c.Type()
		switch {
		case types.IsYear(t) && name == "hex":
		case isTemporal(t):
			x = &temporalText{temporalArg{c}}
		case types.IsEnum(t) || types.IsSet(t): // cast_text.go
			x = &enumSetText{temporalArg{c}}
		case !numeric || !floatTextArg(name, i):
		case types.IsBit(t):
			if bits {
				x = &bitBytes{temporalArg{c}}
			}
		case types.IsFloat(t):
			x = &doubleText{temporalArg{c}}
		case types.IsInteger(t) || types.IsDecimal(t):
			x = newNumberText(c)
		}
		if x == nil {
			continue
		}
		if nc == nil {
			nc = append([]sql.Expression{}, args...)
		}
		nc[i] = x
	}
	if nc == nil {
		return args, false
	}
	return nc, true
}

// textFunction is a function of textArgs or valueFunctions whose
// temporal arguments it reads as text are that text when it is built.
type textFunction struct{ sql.Function }

// NewInstance implements sql.Function.
func (f textFunction) NewInstance(args []sql.Expression) (sql.Expression, error) {
	args, _ = binaryLiterals(args) // binary_params.go
	if strings.EqualFold(f.FunctionName(), "find_in_set") {
		if e, ok := newSetMember(args); ok { // cast_text.go
			return e, nil
		}
	}
	if text := textPositions(f.FunctionName(), false, args); text != nil {
		args, _ = temporalArgs(f.FunctionName(), text, args, true)
	}
	return f.Function.NewInstance(args)
}

// withTemporalText returns fns with each function of textArgs and
// valueFunctions a textFunction and each of jsonValueArgs a jsonFunction
// (cast_text.go), and go-mysql-server's built-ins of those names that fns
// lacks added so, in name order.
func withTemporalText(fns []sql.Function) []sql.Function {
	have := map[string]bool{}
	for i, f := range fns {
		name := strings.ToLower(f.FunctionName())
		have[name] = true
		if textArgs[name] != nil || valueFunctions[name] {
			fns[i] = textFunction{f}
		}
		if jsonValueArgs[name] != nil { // cast_text.go
			fns[i] = jsonFunction{f}
		}
	}
	var names []string
	for name := range textArgs {
		names = append(names, name)
	}
	for name := range valueFunctions {
		names = append(names, name)
	}
	fns = appendBuiltins(fns, have, names, func(b sql.Function) sql.Function { return textFunction{b} })
	names = names[:0]
	for name := range jsonValueArgs {
		names = append(names, name)
	}
	return appendBuiltins(fns, have, names, func(b sql.Function) sql.Function { return jsonFunction{b} })
}

// isTemporal reports whether t is DATE, DATETIME, TIMESTAMP, TIME or YEAR.
func isTemporal(t sql.Type) bool {
	return types.IsTime(t) || types.IsTimespan(t) || types.IsYear(t)
}

// numberText is an integer or DECIMAL argument as MySQL's val_str writes
// it: an integer in decimal (unsigned as unsigned), a DECIMAL with its
// scale (a FLOAT or DOUBLE is double_text.go's doubleText). NULL is NULL.
type numberText struct {
	args
	k kind
}

var _ sql.Expression = (*numberText)(nil)
var _ sql.CollationCoercible = (*numberText)(nil)

func newNumberText(e sql.Expression) *numberText {
	return &numberText{args: args{e}, k: kindOf(e)}
}

// Type implements sql.Expression.
func (e *numberText) Type() sql.Type { return types.LongText }

// CollationCoercibility implements sql.CollationCoercible: the
// connection's collation, coercible (4), as MySQL's text of a number.
func (e *numberText) CollationCoercibility(ctx *sql.Context) (sql.CollationID, byte) {
	return ctx.GetCollation(), 4
}

// IsNullable implements sql.Expression.
func (e *numberText) IsNullable() bool { return e.args[0].IsNullable() }

// String implements sql.Expression: the argument's.
func (e *numberText) String() string { return e.args[0].String() }

// WithChildren implements sql.Expression.
func (e *numberText) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(c), 1)
	}
	if c[0].Resolved() && types.IsFloat(c[0].Type()) {
		return &doubleText{temporalArg{c[0]}}, nil // retyped a DOUBLE
	}
	return newNumberText(c[0]), nil
}

// Eval implements sql.Expression.
func (e *numberText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.eval(ctx, row, 0, e.k)
	if err != nil || v.k == kNull {
		return nil, err
	}
	var scale int32
	if dt, ok := e.args[0].Type().(sql.DecimalType); ok {
		scale = int32(dt.Scale())
	}
	return v.toText(scale), nil
}

// bitBytes is a BIT argument as MySQL reads it as a string: its value's
// bytes, big-endian, as many as BIT(M) takes (⌈M/8⌉), a binary string.
type bitBytes struct{ temporalArg }

var _ sql.Expression = (*bitBytes)(nil)

// Type implements sql.Expression: VARBINARY.
func (e *bitBytes) Type() sql.Type { return types.LongBlob }

// WithChildren implements sql.Expression.
func (e *bitBytes) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &bitBytes{a}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *bitBytes) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	u, _, err := types.Uint64.Convert(ctx, v)
	if err != nil {
		return nil, err
	}
	return bitValueBytes(e.arg.Type(), u.(uint64)), nil
}

// bitValueBytes is the value x of the BIT(M) type t as MySQL's string of
// it: ⌈M/8⌉ bytes, big-endian (8 for a type that is not a BIT).
func bitValueBytes(t sql.Type, x uint64) []byte {
	n := 8
	if bt, ok := t.(types.BitType); ok {
		n = max((int(bt.NumberOfBits())+7)/8, 1)
	}
	b := make([]byte, n)
	for i := n - 1; i >= 0; i-- {
		b[i] = byte(x)
		x >>= 8
	}
	return b
}
