package compat

// Fault (go-mysql-server v0.20.0): it parses JSON text with
// encoding/json into float64 numbers, so every integer above 2^53 lost
// bits: '{"fp": 18446744073709551614}' was stored as
// {"fp": 1.8446744073709552e19}, 9007199254740993 as 9007199254740992,
// CAST(JSON_EXTRACT('[18446744073709551614]', '$[0]') AS UNSIGNED) was
// 18446744073709551615 with warning 1292, and JSON_TABLE's BIGINT UNSIGNED
// column the same. MySQL 8's binary JSON holds int64 and uint64 scalars
// exactly (json_binary.h: INT64, UINT64), and so does MariaDB, which keeps
// the text.
//
// JSONNumbers wraps a text value written to a JSON column (the catalog's
// integerRanges rule calls it) so that it is parsed by jsonnum.Parse,
// integers exact; the rule jsonNumbers wraps so the text arguments that
// JSON functions read as documents, CAST(… AS JSON), and JSON_TABLE's
// document. The storage reads stored documents with jsonnum.Parse too
// (storage/rowcodec.go). go-mysql-server's own functions keep int64 and
// uint64 members (types.DeepCopyJson, JSON_TYPE's "UNSIGNED INTEGER").
// Pinned by JSONNumberScripts (sqltests/scripts_json_values.go), which
// also run on MariaDB, and TestParse (internal/jsonnum).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/internal/jsonnum"
)

// ruleJSONNumbers is the id of jsonNumbers among Rules;
// ruleJSONNumbersAfterAll its id in OnceAfterAll (InstallPlannerRules),
// for the statements that skip Rules. It wraps what is not wrapped yet.
const (
	ruleJSONNumbers         analyzer.RuleId = 10_290
	ruleJSONNumbersAfterAll analyzer.RuleId = 10_291
)

// jsonDocumentArgs are the JSON functions' arguments that are documents,
// by function: their positions, or -1 for all. The others (JSON_SET's
// values, JSON_OBJECT's, JSON_QUOTE's, JSON_VALID's text) are not parsed.
var jsonDocumentArgs = map[string][]int{
	"json_array_append":   {0},
	"json_array_insert":   {0},
	"json_contains":       {0, 1},
	"json_contains_path":  {0},
	"json_depth":          {0},
	"json_extract":        {0},
	"json_insert":         {0},
	"json_keys":           {0},
	"json_length":         {0},
	"json_merge":          {-1},
	"json_merge_patch":    {-1},
	"json_merge_preserve": {-1},
	"json_overlaps":       {0, 1},
	"json_pretty":         {0},
	"json_remove":         {0},
	"json_replace":        {0},
	"json_search":         {0},
	"json_set":            {0},
	"json_type":           {0},
	"json_value":          {0},
}

// jsonNumbers wraps the text documents of JSON functions, of CAST(… AS
// JSON) and of JSON_TABLE in JSONNumbers.
func jsonNumbers(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	n, same, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		t, ok := n.(*plan.JSONTable)
		if !ok || !isText(t.DataExpr) {
			return n, transform.SameTree, nil
		}
		c := *t
		c.DataExpr = JSONNumbers(t.DataExpr)
		return &c, transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	out, same2, err := rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		var at []int
		switch x := e.(type) {
		case *expression.Convert:
			if !types.IsJSON(x.Type()) {
				return e, transform.SameTree, nil
			}
			at = []int{0}
		case sql.FunctionExpression:
			if at = jsonDocumentArgs[x.FunctionName()]; at == nil {
				return e, transform.SameTree, nil
			}
		default:
			return e, transform.SameTree, nil
		}
		children := e.Children()
		var wrapped []sql.Expression
		for i, c := range children {
			if (at[0] == -1 || containsInt(at, i)) && isText(c) {
				if wrapped == nil {
					wrapped = append([]sql.Expression(nil), children...)
				}
				wrapped[i] = JSONNumbers(c)
			}
		}
		if wrapped == nil {
			return e, transform.SameTree, nil
		}
		w, err := e.WithChildren(wrapped...)
		return w, transform.NewTree, err
	})
	if same2 == transform.NewTree {
		same = transform.NewTree
	}
	return out, same, err
}

// containsInt reports whether xs holds x.
func containsInt(xs []int, x int) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// isText reports whether e is a resolved text or binary string, not yet
// wrapped in JSONNumbers.
func isText(e sql.Expression) bool {
	if _, done := e.(*jsonNumbersOf); done || !e.Resolved() {
		return false
	}
	t := e.Type()
	return t != nil && types.IsText(t)
}

// JSONNumbers returns e, a text value read as JSON, so that it is parsed
// with its integers exact (jsonnum.Parse): a types.JSONDocument for text
// that is JSON, else the text itself, for go-mysql-server to refuse with
// its error; e itself when e is no text.
func JSONNumbers(e sql.Expression) sql.Expression {
	if !isText(e) {
		return e
	}
	return &jsonNumbersOf{e}
}

// jsonNumbersOf is JSONNumbers' expression.
type jsonNumbersOf struct{ sql.Expression }

var _ sql.Expression = (*jsonNumbersOf)(nil)

// Eval implements sql.Expression.
func (j *jsonNumbersOf) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := j.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	var b []byte
	switch x := v.(type) {
	case string:
		b = []byte(x)
	case []byte:
		b = x
	default:
		return v, nil
	}
	if int64(len(b)) > types.MaxJsonFieldByteLength {
		return v, nil // go-mysql-server's error
	}
	doc, err := jsonnum.Parse(b)
	if err != nil {
		return v, nil // go-mysql-server's error
	}
	return types.JSONDocument{Val: doc}, nil
}

// WithChildren implements sql.Expression.
func (j *jsonNumbersOf) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(j, len(children), 1)
	}
	return &jsonNumbersOf{children[0]}, nil
}

// Children implements sql.Expression.
func (j *jsonNumbersOf) Children() []sql.Expression { return []sql.Expression{j.Expression} }

// String implements sql.Expression: the value's own text.
func (j *jsonNumbersOf) String() string { return j.Expression.String() }
