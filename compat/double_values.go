package compat

// Fault (go-mysql-server v0.20.0): GROUP_CONCAT, and COALESCE, IFNULL, IF
// and CASE of a string, read a DOUBLE or FLOAT value with
// types.LongText.Convert, Go's 'f' form: GROUP_CONCAT(1e20) was
// '100000000000000000000', a FLOAT 1e20 in it
// '100000000000000000000' and 3.4e38 thirty-nine digits, COALESCE(f, 'x')
// '100000000000000000000'; MySQL 8 writes the value's val_str, as
// double_text.go's formatDouble and formatFloat do ('1e20', '3.4e38',
// '1.2345678901234568e17'). And GROUP_CONCAT(a, b, …) concatenated only
// a: go-mysql-server's buffer reads the first of its values (MySQL 8
// concatenates them, a row with a NULL among them left out). A JSON
// document read as text there or by a string function
// (CONCAT(JSON_ARRAY(1e20))) had its DOUBLEs spelled out too. The rule
// doubleValuesText makes each such DOUBLE or FLOAT value its doubleText,
// each such JSON value its jsonText, and GROUP_CONCAT's several values
// one groupConcatValues, before the functions see them; temporal_text.go
// does the same for the string functions' DOUBLE arguments (its
// temporalArgs). Pinned by TestDoubleValuesText (against MariaDB, which
// writes those texts as MySQL 8 does).

import (
	"reflect"
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

// ruleDoubleValuesText is the id of doubleValuesText, a pre-analysis
// rule after temporalArgsText and binaryGroupConcat.
const ruleDoubleValuesText analyzer.RuleId = 10_245

// doubleValuesText returns n with the DOUBLE and FLOAT values of each
// GROUP_CONCAT, and of each COALESCE, IFNULL, IF and CASE whose result is
// a string, read as MySQL's text of them (doubleText), and the several
// values of a GROUP_CONCAT one value.
func doubleValuesText(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *aggregation.GroupConcat:
			return groupConcatText(x)
		case *expression.Case:
			if !resolvedText(x) {
				return e, transform.SameTree, nil
			}
			return caseText(x)
		case *function.Coalesce, *function.IfNull, *function.If:
			nc := append([]sql.Expression{}, x.Children()...)
			first := 0
			if _, ok := x.(*function.If); ok {
				first = 1 // IF's condition is no value
			}
			// A string result, or a string among the values (MySQL types
			// IFNULL(f, s) a VARCHAR; go-mysql-server its first value's
			// type).
			str := resolvedText(x)
			for _, c := range nc[first:] {
				str = str || resolvedText(c)
			}
			if !str {
				return e, transform.SameTree, nil
			}
			changed := false
			for i := first; i < len(nc); i++ {
				nc[i], changed = asDoubleText(nc[i], changed)
			}
			return withChildren(e, nc, changed)
		case sql.FunctionExpression:
			// A string function's JSON argument (CONCAT(JSON_ARRAY(1e20))):
			// its text with MySQL's DOUBLEs (jsonText).
			text := textPositions(x.FunctionName(), types.IsText(x.Type()), x.Children())
			if text == nil {
				return e, transform.SameTree, nil
			}
			nc := append([]sql.Expression{}, x.Children()...)
			changed := false
			for i := range nc {
				if text(i) {
					nc[i], changed = asJSONText(nc[i], changed)
				}
			}
			return withChildren(e, nc, changed)
		}
		return e, transform.SameTree, nil
	})
}

// asJSONText returns e as its text when it is a resolved JSON value
// (jsonText), and changed or whether it was.
func asJSONText(e sql.Expression, changed bool) (sql.Expression, bool) {
	if !e.Resolved() || !types.IsJSON(e.Type()) {
		return e, changed
	}
	return &jsonText{temporalArg{e}}, true
}

// jsonText is a JSON argument read as text: go-mysql-server's text of
// the document with its DOUBLEs and FLOATs as MySQL writes them
// (jsonDoubles, double_text.go).
type jsonText struct{ temporalArg }

var _ sql.Expression = (*jsonText)(nil)

// Type implements sql.Expression.
func (e *jsonText) Type() sql.Type { return types.LongText }

// WithChildren implements sql.Expression.
func (e *jsonText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &jsonText{a}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *jsonText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.arg.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if w, ok := v.(sql.JSONWrapper); ok {
		if doc, err := w.ToInterface(); err == nil {
			if doc2, changed := jsonDoubles(doc); changed {
				return types.JsonToMySqlString(types.JSONDocument{Val: doc2})
			}
		}
	}
	s, _, err := types.LongText.Convert(ctx, v)
	return s, err
}

// resolvedText reports whether e is resolved and of a string type.
func resolvedText(e sql.Expression) bool {
	return e.Resolved() && types.IsText(e.Type())
}

// asDoubleText returns e as its text when it is a resolved FLOAT or
// DOUBLE (doubleText), and changed or whether it was.
func asDoubleText(e sql.Expression, changed bool) (sql.Expression, bool) {
	if !e.Resolved() || !types.IsFloat(e.Type()) {
		return e, changed
	}
	return &doubleText{temporalArg{e}}, true
}

// caseText is CASE x with its DOUBLE and FLOAT THEN and ELSE values their
// text: not its compared value nor its WHEN conditions.
func caseText(x *expression.Case) (sql.Expression, transform.TreeIdentity, error) {
	changed := false
	branches := append([]expression.CaseBranch{}, x.Branches...)
	for i := range branches {
		branches[i].Value, changed = asDoubleText(branches[i].Value, changed)
	}
	els := x.Else
	if els != nil {
		els, changed = asDoubleText(els, changed)
	}
	if !changed {
		return x, transform.SameTree, nil
	}
	return expression.NewCase(x.Expr, branches, els), transform.NewTree, nil
}

// groupConcatText is GROUP_CONCAT g with its DOUBLE and FLOAT values
// their text and, when it has several, them one groupConcatValues.
func groupConcatText(g *aggregation.GroupConcat) (sql.Expression, transform.TreeIdentity, error) {
	children := g.Children()
	// Its children are its ORDER BY expressions, then its values;
	// go-mysql-server exports no count of either.
	sorts := reflect.ValueOf(g).Elem().FieldByName("sf").Len()
	if sorts >= len(children) {
		return g, transform.SameTree, nil
	}
	values := append([]sql.Expression{}, children[sorts:]...)
	changed := false
	for i := range values {
		if !values[i].Resolved() {
			return g, transform.SameTree, nil
		}
		if b, ok := values[i].(*asBlob); ok {
			// A value binaryGroupConcat reads as bytes: the bytes of its
			// text.
			a, ch := asDoubleText(b.arg, false)
			a, ch = asJSONText(a, ch)
			if ch {
				values[i], changed = &asBlob{temporalArg{a}}, true
			}
			continue
		}
		values[i], changed = asDoubleText(values[i], changed)
		values[i], changed = asJSONText(values[i], changed)
	}
	if len(values) > 1 {
		values, changed = []sql.Expression{&groupConcatValues{args: values}}, true
	}
	if !changed {
		return g, transform.SameTree, nil
	}
	e, err := g.WithChildren(append(append([]sql.Expression{}, children[:sorts]...), values...)...)
	if err != nil {
		return g, transform.SameTree, err
	}
	return e, transform.NewTree, nil
}

// groupConcatValues is GROUP_CONCAT's several values of one row as the
// one text it concatenates: NULL when one of them is NULL; bytes (a BLOB)
// when one is a BLOB, as binaryGroupConcat (binary_strings.go) reads a
// binary one.
type groupConcatValues struct{ args }

var _ sql.Expression = (*groupConcatValues)(nil)

// Resolved implements sql.Expression.
func (e *groupConcatValues) Resolved() bool { return e.args.Resolved() }

// IsNullable implements sql.Expression.
func (e *groupConcatValues) IsNullable() bool { return true }

// String implements sql.Expression: the values, as GROUP_CONCAT lists
// them.
func (e *groupConcatValues) String() string {
	parts := make([]string, len(e.args))
	for i, a := range e.args {
		parts[i] = a.String()
	}
	return strings.Join(parts, ", ")
}

// Type implements sql.Expression.
func (e *groupConcatValues) Type() sql.Type {
	for _, a := range e.args {
		if a.Type() == types.Blob {
			return types.Blob
		}
	}
	return types.LongText
}

// Children implements sql.Expression.
func (e *groupConcatValues) Children() []sql.Expression { return e.args }

// WithChildren implements sql.Expression.
func (e *groupConcatValues) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.args) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.args))
	}
	return &groupConcatValues{args: children}, nil
}

// Eval implements sql.Expression.
func (e *groupConcatValues) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var b []byte
	for _, a := range e.args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		switch x := v.(type) {
		case []byte:
			b = append(b, x...)
		case string:
			b = append(b, x...)
		default:
			s, _, err := types.LongText.Convert(ctx, v)
			if err != nil {
				return nil, err
			}
			str, _ := s.(string)
			b = append(b, str...)
		}
	}
	if e.Type() == types.Blob {
		return b, nil
	}
	return string(b), nil
}
