package compat

// Fault (go-mysql-server v0.20.0, types.Float64.SQL and Float32.SQL): a
// DOUBLE or FLOAT result was sent in Go's strconv 'g' form, SELECT 1e20,
// POW(2, 64) as 1e+20 and 1.8446744073709552e+19, 1.5e-7 as 1.5e-07, and a
// string function read a DOUBLE in Go's 'f' form (CONCAT(1e20) was
// '100000000000000000000', CAST(1e-20 AS CHAR) '0.00000000000000000001').
// MySQL 8 writes both with my_gcvt (strings/dtoa.cc; the text protocol's
// store_float and store_double in sql/protocol_classic.cc, String::set_real
// for val_str, Field_double::val_str and Field_float::val_str for columns),
// with a field width of FLOATING_POINT_BUFFER, wide enough that only this
// rule decides:
//
//   - the digits are a DOUBLE's shortest that read back as it (dtoa mode
//     4 with more digits than a double has), a FLOAT's rounded to FLT_DIG =
//     6 significant digits, trailing zeros dropped (123456789 stored in a
//     FLOAT is 123457000; FLOAT x + 0 is the DOUBLE 123456792);
//   - with decpt the position of the decimal point (the number is
//     0.DIGITS × 10^decpt), the positional form is used when decpt ≥ −14
//     and either decpt ≤ 15 or there are more digits than decpt
//     (MAX_DECPT_FOR_F_FORMAT = DBL_DIG = 15: 1e-15 is 0.000000000000001,
//     1e15 is 1e15, 123456789012345680 is 1.2345678901234568e17 but
//     1234567890123456.8 stays positional); otherwise d.ddde-N, without a
//     '+' or leading zeros in the exponent (1e20, 1.5e-16, 1e-320);
//   - a negative zero keeps its sign (-0).
//
// formatDouble and formatFloat are that rule; every DOUBLE and FLOAT this
// package prints goes through them. doubleResults gives the columns of a
// statement's result those formatters (doubleResult); the string
// functions and CAST(x AS CHAR) read a DOUBLE or FLOAT argument as
// doubleText (temporal_text.go, cast_char.go). The prepared-statement
// protocol sends the value's 8 (or 4) bytes, which vitess reads from the
// text go-mysql-server wrote: cmd/simsql marks those executions
// (BinaryResults) and they keep go-mysql-server's exact text. A JSON
// result column's DOUBLEs go out as formatDouble writes them too
// (jsonResult: JSON_ARRAY(1e20) was [100000000000000000000]; pinned by
// TestDoubleValuesText), where go-mysql-server's text differs. Pinned by
// TestDoubleText (known answers), TestDifferentialDoubles (against
// MariaDB) and CompatFaultScripts "DOUBLE and FLOAT as MySQL writes them".

import (
	"context"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// ruleDoubleResults is the id of doubleResults, a post-analysis rule.
const ruleDoubleResults analyzer.RuleId = 10_233

// maxDecptForF is MySQL's MAX_DECPT_FOR_F_FORMAT (DBL_DIG).
const maxDecptForF = 15

// formatDouble returns f as MySQL 8 writes a DOUBLE (my_gcvt,
// MY_GCVT_ARG_DOUBLE): the shortest digits that read back as f, placed by
// the rule of this file's comment.
func formatDouble(f float64) string {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return strconv.FormatFloat(f, 'g', -1, 64)
	}
	return gcvt(strconv.FormatFloat(f, 'e', -1, 64))
}

// formatFloat returns f as MySQL 8 writes a FLOAT (my_gcvt,
// MY_GCVT_ARG_FLOAT): f rounded to 6 significant digits, placed by the
// rule of this file's comment.
func formatFloat(f float32) string {
	if math.IsInf(float64(f), 0) || math.IsNaN(float64(f)) {
		return strconv.FormatFloat(float64(f), 'g', -1, 32)
	}
	return gcvt(strconv.FormatFloat(float64(f), 'e', 5, 64))
}

// gcvt rewrites e, a number in Go's 'e' form (-d.ddde±XX), as my_gcvt
// places its digits.
func gcvt(e string) string {
	mant, exp, _ := strings.Cut(e, "e")
	x, _ := strconv.Atoi(exp)
	neg := strings.HasPrefix(mant, "-")
	digits := strings.TrimRight(strings.Replace(strings.TrimPrefix(mant, "-"), ".", "", 1), "0")
	if digits == "" {
		digits, x = "0", 0
	}
	n, decpt := len(digits), x+1
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	if decpt >= 1-maxDecptForF && (decpt <= maxDecptForF || n > decpt) {
		switch {
		case decpt <= 0:
			b.WriteString("0.")
			b.WriteString(strings.Repeat("0", -decpt))
			b.WriteString(digits)
		case decpt >= n:
			b.WriteString(digits)
			b.WriteString(strings.Repeat("0", decpt-n))
		default:
			b.WriteString(digits[:decpt])
			b.WriteByte('.')
			b.WriteString(digits[decpt:])
		}
		return b.String()
	}
	b.WriteByte(digits[0])
	if n > 1 {
		b.WriteByte('.')
		b.WriteString(digits[1:])
	}
	b.WriteByte('e')
	b.WriteString(strconv.Itoa(x))
	return b.String()
}

// floatText returns v, a value of the FLOAT or DOUBLE type t, as MySQL
// writes it, and false when v is not a number.
func floatText(ctx *sql.Context, t sql.Type, v any) (string, bool) {
	switch x := v.(type) {
	case float64:
		if t.Type() == sqltypes.Float32 {
			return formatFloat(float32(x)), true
		}
		return formatDouble(x), true
	case float32:
		return formatFloat(x), true
	}
	f, _, err := types.Float64.Convert(ctx, v)
	if err != nil {
		return "", false
	}
	d, ok := f.(float64)
	if !ok {
		return "", false
	}
	if t.Type() == sqltypes.Float32 {
		return formatFloat(float32(d)), true
	}
	return formatDouble(d), true
}

// binaryResultsKey marks a context whose results go out in the
// prepared-statement protocol.
type binaryResultsKey struct{}

// BinaryResults returns ctx marked as an execution whose rows are sent in
// the binary protocol (COM_STMT_EXECUTE): vitess reads a DOUBLE's or
// FLOAT's bytes back from the value's text, which must then be
// go-mysql-server's exact one, not MySQL's 6-digit FLOAT text.
func BinaryResults(ctx context.Context) context.Context {
	return context.WithValue(ctx, binaryResultsKey{}, true)
}

// doubleResult is a FLOAT or DOUBLE result column: its values are sent
// as MySQL writes them; everything else is the type's own.
type doubleResult struct{ sql.NumberType }

// SQL implements sql.Type.
func (t doubleResult) SQL(ctx *sql.Context, dest []byte, v any) (sqltypes.Value, error) {
	w, err := t.NumberType.SQL(ctx, dest, v)
	if err != nil || w.IsNull() || ctx != nil && ctx.Value(binaryResultsKey{}) != nil {
		return w, err
	}
	bits := 64
	if t.Type() == sqltypes.Float32 {
		bits = 32
	}
	f, err := strconv.ParseFloat(w.ToString(), bits)
	if err != nil {
		return w, nil
	}
	s := formatDouble(f)
	if bits == 32 {
		s = formatFloat(float32(f))
	}
	return sqltypes.MakeTrusted(t.Type(), append(dest[:0:0], s...)), nil
}

// jsonResult is a JSON result column: the DOUBLEs of a document built
// by the statement (JSON_ARRAY(1e20)) are sent as MySQL writes them,
// where go-mysql-server's 'f' form differs (jsonDoubles); a document read
// from a table is sent as stored.
type jsonResult struct{ types.JsonType }

// SQL implements sql.Type.
func (t jsonResult) SQL(ctx *sql.Context, dest []byte, v any) (sqltypes.Value, error) {
	w, ok := v.(sql.JSONWrapper)
	if _, stored := v.(types.JSONBytes); !ok || stored {
		return t.JsonType.SQL(ctx, dest, v)
	}
	doc, err := w.ToInterface()
	if err != nil {
		return t.JsonType.SQL(ctx, dest, v)
	}
	doc2, changed := jsonDoubles(doc)
	if !changed {
		return t.JsonType.SQL(ctx, dest, v)
	}
	s, err := types.JsonToMySqlString(types.JSONDocument{Val: doc2})
	if err != nil {
		return sqltypes.NULL, err
	}
	return sqltypes.MakeTrusted(sqltypes.TypeJSON, append(dest[:0:0], s...)), nil
}

// jsonDouble is a DOUBLE of a JSON document as MySQL writes it.
type jsonDouble float64

// MarshalJSON implements json.Marshaler.
func (d jsonDouble) MarshalJSON() ([]byte, error) {
	return []byte(formatDouble(float64(d))), nil
}

// jsonFloat is a FLOAT of a JSON document as MySQL writes it.
type jsonFloat float32

// MarshalJSON implements json.Marshaler.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	return []byte(formatFloat(float32(f))), nil
}

// jsonDoubles returns v, a JSON document's value, with each DOUBLE that
// go-mysql-server writes otherwise than MySQL a jsonDouble, and whether
// one was: a whole number of 2^63 or more (1e20, which it spells out) or
// one whose shortest form has an exponent (1.5e-16), and a FLOAT whose
// text has one (1e20, which it spells out too; a FLOAT's 6 digits, as
// MariaDB writes it). A smaller whole number stays go-mysql-server's
// integer: a document parsed from text holds its integers as DOUBLEs too.
func jsonDoubles(v any) (any, bool) {
	switch x := v.(type) {
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) || x == math.Trunc(x) && math.Abs(x) < 1<<63 {
			return v, false
		}
		if s := formatDouble(x); strings.ContainsRune(s, 'e') || x == math.Trunc(x) {
			return jsonDouble(x), true
		}
	case float32:
		if math.IsInf(float64(x), 0) || math.IsNaN(float64(x)) || x == float32(int32(x)) {
			return v, false
		}
		if s := formatFloat(x); strings.ContainsRune(s, 'e') {
			return jsonFloat(x), true
		}
	case []any:
		var out []any
		for i, e := range x {
			if e2, ok := jsonDoubles(e); ok {
				if out == nil {
					out = append([]any{}, x...)
				}
				out[i] = e2
			}
		}
		if out != nil {
			return out, true
		}
	case map[string]any:
		var out map[string]any
		for k, e := range x {
			if e2, ok := jsonDoubles(e); ok {
				if out == nil {
					out = make(map[string]any, len(x))
					for k2, e3 := range x {
						out[k2] = e3
					}
				}
				out[k] = e2
			}
		}
		if out != nil {
			return out, true
		}
	}
	return v, false
}

// doubleResults wraps a statement's plan whose result has a FLOAT,
// DOUBLE or JSON column in doubleTextNode, whose schema sends them as
// MySQL writes them (doubleResult, jsonResult). Only the statement's own result (an empty scope): a
// subquery or derived table keeps go-mysql-server's types, which the
// operators of this package read.
func doubleResults(_ *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if !scope.IsEmpty() || !n.Resolved() {
		return n, transform.SameTree, nil
	}
	if _, ok := n.(*doubleTextNode); ok {
		return n, transform.SameTree, nil
	}
	sch := n.Schema()
	var out sql.Schema
	for i, c := range sch {
		var t sql.Type
		switch {
		case c == nil:
		case types.IsFloat(c.Type):
			if nt, ok := c.Type.(sql.NumberType); ok {
				t = doubleResult{nt}
			}
		case types.IsJSON(c.Type):
			if jt, ok := c.Type.(types.JsonType); ok {
				t = jsonResult{jt}
			}
		}
		if t == nil {
			continue
		}
		if out == nil {
			out = sch.Copy()
		}
		out[i].Type = t
	}
	if out == nil {
		return n, transform.SameTree, nil
	}
	return &doubleTextNode{child: n, schema: out, b: a.ExecBuilder}, transform.NewTree, nil
}

// doubleTextNode is its child with the FLOAT and DOUBLE columns of its
// schema doubleResults.
type doubleTextNode struct {
	child  sql.Node
	schema sql.Schema
	b      sql.NodeExecBuilder
}

var _ sql.ExecSourceRel = (*doubleTextNode)(nil)

// Resolved implements sql.Node.
func (d *doubleTextNode) Resolved() bool { return d.child.Resolved() }

// String implements sql.Node: the child's.
func (d *doubleTextNode) String() string { return d.child.String() }

// Schema implements sql.Node.
func (d *doubleTextNode) Schema() sql.Schema { return d.schema }

// Children implements sql.Node.
func (d *doubleTextNode) Children() []sql.Node { return []sql.Node{d.child} }

// IsReadOnly implements sql.Node.
func (d *doubleTextNode) IsReadOnly() bool { return d.child.IsReadOnly() }

// WithChildren implements sql.Node.
func (d *doubleTextNode) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	c := *d
	c.child = children[0]
	return &c, nil
}

// RowIter implements sql.ExecSourceRel: the child's rows.
func (d *doubleTextNode) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	return d.b.Build(ctx, d.child, r)
}

// doubleText is a FLOAT or DOUBLE argument read as text, as MySQL's
// val_str writes it (formatDouble, formatFloat).
type doubleText struct{ temporalArg }

var _ sql.Expression = (*doubleText)(nil)

// Type implements sql.Expression.
func (e *doubleText) Type() sql.Type { return types.LongText }

// WithChildren implements sql.Expression.
func (e *doubleText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	if err == nil && a.arg.Resolved() && (types.IsInteger(a.arg.Type()) || types.IsDecimal(a.arg.Type())) {
		// The argument was retyped after the call was built (SUM and AVG
		// of a DECIMAL are DOUBLE in go-mysql-server until sum_avg.go
		// makes them DECIMAL): its text is a number's, not a double's.
		return newNumberText(a.arg), nil
	}
	return &doubleText{a}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *doubleText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if s, ok := floatText(ctx, e.arg.Type(), v); ok {
		return s, nil
	}
	s, _, err := types.LongText.Convert(ctx, v)
	return s, err
}

// floatTextArg reports whether argument i of the function name, read as
// text by textArgs, is read so when it is a FLOAT or DOUBLE: not the
// numbers among them (HEX and FIELD of a number are of the number; the
// bits of MAKE_SET and EXPORT_SET, EXPORT_SET's count and the positions
// of the REGEXP functions are numbers; GROUP_CONCAT and CASE are left
// to go-mysql-server).
func floatTextArg(name string, i int) bool {
	switch strings.ToLower(name) {
	case "hex", "field", "group_concat", "case":
		// GROUP_CONCAT's and CASE's children mix its ORDER BY, WHEN and
		// compared values with the text ones.
		return false
	case "make_set":
		return i > 0
	case "export_set":
		return i > 0 && i < 4
	case "regexp_instr", "regexp_substr", "regexp_like":
		return i < 2
	case "regexp_replace":
		return i < 3
	}
	return true
}
