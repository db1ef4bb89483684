package compat

// Fault (go-mysql-server v0.20.0): JSON paths are evaluated by
// github.com/dolthub/jsonpath, whose steps do not check the kind of the
// value they are applied to as MySQL's do. An array step on an object
// failed the whole statement, JSON_EXTRACT(j, '$[1]') on {"a": 1} with
// 1105 "failed to extract from expression 'j'; object is not Slice" (so
// did ->, ->>, JSON_CONTAINS_PATH and JSON_VALUE); a member step on an
// array collected the member of every element, JSON_EXTRACT('[{"a": 1}]',
// '$.a') was [1] and JSON_EXTRACT('[1, 2]', '$.a') []; $[0] of a value
// that is no array failed. MySQL 8 (json_path.cc, Json_dom::seek; MariaDB
// 10.11 alike): a member step on what is no object, or an index beyond an
// array, selects nothing, and an array step on what is no array treats it
// as an array of one element (auto-wrapping: $[0] and $[last] are the
// value itself). jsonPaths evaluates paths without wildcards or ranges
// (member names, [n], [last], [last-n]) so, in JSON_EXTRACT (and so -> and
// ->>), JSON_CONTAINS_PATH and JSON_VALUE; other paths stay
// go-mysql-server's. Pinned by JSONPathScripts (sqltests, also on
// MariaDB, but for -> and ->>, which it lacks) and TestJSONPath. Delete
// this file when upstream selects as MySQL does.

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/json"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// ruleJSONPaths is the id of jsonPaths.
const ruleJSONPaths analyzer.RuleId = 10_235

// pathStep is one step of a JSON path: a member name, or an array index
// (from the end when last).
type pathStep struct {
	member string
	index  int
	isKey  bool
	last   bool
}

// parsePath returns the steps of MySQL JSON path p; ok is false for a
// path with a wildcard, a range or a syntax error (left to
// go-mysql-server).
func parsePath(p string) (steps []pathStep, ok bool) {
	s := strings.TrimSpace(p)
	if !strings.HasPrefix(s, "$") {
		return nil, false
	}
	s = s[1:]
	for {
		s = strings.TrimLeft(s, " \t\n\r")
		if s == "" {
			return steps, true
		}
		switch s[0] {
		case '.':
			s = strings.TrimLeft(s[1:], " \t\n\r")
			if strings.HasPrefix(s, `"`) {
				end := strings.IndexByte(s[1:], '"')
				if end < 0 || strings.Contains(s[1:end+1], `\`) {
					return nil, false
				}
				steps = append(steps, pathStep{member: s[1 : end+1], isKey: true})
				s = s[end+2:]
				continue
			}
			n := 0
			for n < len(s) && (s[n] == '_' || s[n] == '$' || s[n] >= 'a' && s[n] <= 'z' || s[n] >= 'A' && s[n] <= 'Z' || s[n] >= '0' && s[n] <= '9' || s[n] >= 0x80) {
				n++
			}
			if n == 0 || s[0] >= '0' && s[0] <= '9' {
				return nil, false
			}
			steps = append(steps, pathStep{member: s[:n], isKey: true})
			s = s[n:]
		case '[':
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return nil, false
			}
			in := strings.TrimSpace(s[1:end])
			st := pathStep{}
			if rest, ok := strings.CutPrefix(in, "last"); ok {
				st.last = true
				rest = strings.TrimSpace(rest)
				if rest != "" {
					num, ok := strings.CutPrefix(rest, "-")
					if !ok {
						return nil, false
					}
					in = strings.TrimSpace(num)
				} else {
					in = "0"
				}
			}
			i, err := strconv.Atoi(in)
			if err != nil || i < 0 || in == "" || in[0] < '0' || in[0] > '9' {
				return nil, false
			}
			st.index = i
			steps = append(steps, st)
			s = s[end+1:]
		default:
			return nil, false
		}
	}
}

// seek returns the value that steps select in v (a JSON value as
// go-mysql-server holds it: JsonObject, JsonArray, scalars) and whether
// they select one, as MySQL 8 does.
func seek(v any, steps []pathStep) (any, bool) {
	for _, st := range steps {
		if st.isKey {
			obj, ok := v.(types.JsonObject)
			if !ok {
				return nil, false
			}
			if v, ok = obj[st.member]; !ok {
				return nil, false
			}
			continue
		}
		arr, ok := v.(types.JsonArray)
		if !ok {
			arr = types.JsonArray{v} // auto-wrapping
		}
		i := st.index
		if st.last {
			i = len(arr) - 1 - st.index
		}
		if i < 0 || i >= len(arr) {
			return nil, false
		}
		v = arr[i]
	}
	return v, true
}

// jsonPaths wraps JSON_EXTRACT, JSON_CONTAINS_PATH and JSON_VALUE so that
// they select as MySQL does.
func jsonPaths(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *json.JSONExtract:
			return &jsonExtract{x}, transform.NewTree, nil
		case *json.JSONContainsPath:
			return &jsonContainsPath{x}, transform.NewTree, nil
		case *json.JsonValue:
			return &jsonValue{x}, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// simplePaths evaluates path expressions ps: their steps, or ok false if
// one is not simple (parsePath) or not a literal string; null when one is
// NULL.
func simplePaths(ctx *sql.Context, row sql.Row, ps []sql.Expression) (steps [][]pathStep, null, ok bool, err error) {
	for _, p := range ps {
		v, err := p.Eval(ctx, row)
		if err != nil {
			return nil, false, false, err
		}
		if v == nil {
			return nil, true, true, nil
		}
		s, isString := v.(string)
		if !isString {
			return nil, false, false, nil
		}
		st, ok := parsePath(s)
		if !ok {
			return nil, false, false, nil
		}
		steps = append(steps, st)
	}
	return steps, false, true, nil
}

// documentOf evaluates e as a JSON document: its value, or ok false when
// it is none (go-mysql-server then reports the error); nil for NULL.
func documentOf(ctx *sql.Context, row sql.Row, e sql.Expression) (doc any, null, ok bool, err error) {
	v, err := e.Eval(ctx, row)
	if err != nil {
		return nil, false, false, err
	}
	if v == nil {
		return nil, true, true, nil
	}
	w, isJSON := v.(sql.JSONWrapper)
	if !isJSON {
		c, _, err := types.JSON.Convert(ctx, v)
		if err != nil {
			return nil, false, false, nil
		}
		if w, isJSON = c.(sql.JSONWrapper); !isJSON {
			return nil, false, false, nil
		}
	}
	doc, err = w.ToInterface()
	if err != nil {
		return nil, false, false, nil
	}
	return doc, false, true, nil
}

// jsonExtract is JSON_EXTRACT(doc, path, …), and doc->path.
type jsonExtract struct{ *json.JSONExtract }

var _ sql.FunctionExpression = (*jsonExtract)(nil)

// Eval implements sql.Expression: for one path, the value it selects;
// for several, the array of the values they select; NULL if none selects
// one, or if the document or a path is NULL.
func (j *jsonExtract) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, null, ok, err := documentOf(ctx, row, j.JSON)
	if err != nil || !ok {
		return j.JSONExtract.Eval(ctx, row)
	}
	steps, nullPath, ok, err := simplePaths(ctx, row, j.Paths)
	if err != nil || !ok {
		return j.JSONExtract.Eval(ctx, row)
	}
	if null || nullPath {
		return nil, nil
	}
	var found types.JsonArray
	for _, st := range steps {
		if v, ok := seek(doc, st); ok {
			found = append(found, v)
		}
	}
	switch {
	case len(found) == 0:
		return nil, nil
	case len(steps) == 1:
		return types.JSONDocument{Val: found[0]}, nil
	}
	return types.JSONDocument{Val: found}, nil
}

// WithChildren implements sql.Expression.
func (j *jsonExtract) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := j.JSONExtract.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &jsonExtract{e.(*json.JSONExtract)}, nil
}

// jsonContainsPath is JSON_CONTAINS_PATH(doc, one_or_all, path, …).
type jsonContainsPath struct{ *json.JSONContainsPath }

var _ sql.FunctionExpression = (*jsonContainsPath)(nil)

// Eval implements sql.Expression: 1 if one (or all) of the paths select a
// value, else 0; NULL if the document or a path is NULL.
func (j *jsonContainsPath) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	ch := j.JSONContainsPath.Children()
	doc, null, ok, err := documentOf(ctx, row, ch[0])
	if err != nil || !ok || null {
		return j.JSONContainsPath.Eval(ctx, row)
	}
	mode, err := ch[1].Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	m, isString := mode.(string)
	if !isString || !strings.EqualFold(m, "one") && !strings.EqualFold(m, "all") {
		return j.JSONContainsPath.Eval(ctx, row)
	}
	steps, nullPath, ok, err := simplePaths(ctx, row, ch[2:])
	if err != nil || !ok {
		return j.JSONContainsPath.Eval(ctx, row)
	}
	if nullPath {
		return nil, nil
	}
	all := strings.EqualFold(m, "all")
	for _, st := range steps {
		_, found := seek(doc, st)
		if found != all {
			return found, nil
		}
	}
	return all, nil
}

// WithChildren implements sql.Expression.
func (j *jsonContainsPath) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := j.JSONContainsPath.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &jsonContainsPath{e.(*json.JSONContainsPath)}, nil
}

// jsonValue is JSON_VALUE(doc, path): NULL when the path selects nothing
// or an object or array (MySQL 8's default NULL ON EMPTY and NULL ON
// ERROR), else go-mysql-server's, of the scalar the path selects.
type jsonValue struct{ *json.JsonValue }

var _ sql.FunctionExpression = (*jsonValue)(nil)

// Eval implements sql.Expression.
func (j *jsonValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	doc, null, ok, err := documentOf(ctx, row, j.JSON)
	if err != nil || !ok || null {
		return j.JsonValue.Eval(ctx, row)
	}
	steps, nullPath, ok, err := simplePaths(ctx, row, []sql.Expression{j.Path})
	if err != nil || !ok || nullPath {
		return j.JsonValue.Eval(ctx, row)
	}
	v, found := seek(doc, steps[0])
	switch v.(type) {
	case types.JsonObject, types.JsonArray:
		found = false
	}
	if !found {
		return nil, nil
	}
	inner := *j.JsonValue
	inner.JSON = expression.NewLiteral(types.JSONDocument{Val: v}, types.JSON)
	inner.Path = expression.NewLiteral("$", types.Text)
	return inner.Eval(ctx, row)
}

// WithChildren implements sql.Expression.
func (j *jsonValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := j.JsonValue.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &jsonValue{e.(*json.JsonValue)}, nil
}
