//go:build simsql_testhooks

package main

import (
	"fmt"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// simsql_test_point_gets(what) returns a counter of the point-get fast
// path (pointget.go): 'hits', 'fallbacks' or 'templates'; 'off' and 'on'
// turn the fast path off and on again (and return 0). Test builds
// only; this file's init runs after testhooks.go's (files initialize in
// name order) and adds the function to its hook.

func init() {
	prev := testHooks
	testHooks = func(e *sqle.Engine) {
		if prev != nil {
			prev(e)
		}
		e.Analyzer.Catalog.RegisterFunction(sql.NewEmptyContext(),
			sql.Function1{Name: "simsql_test_point_gets", Fn: newTestPointGets})
	}
}

type testPointGets struct{ arg sql.Expression }

func newTestPointGets(e sql.Expression) sql.Expression { return testPointGets{e} }

func (f testPointGets) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.arg.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if pointGets == nil {
		return nil, nil
	}
	switch v {
	case "hits":
		return int64(pointGets.hits.Load()), nil
	case "fallbacks":
		return int64(pointGets.fallbacks.Load()), nil
	case "templates":
		return int64(pointGets.templates.Load()), nil
	case "off", "on":
		pointGets.off.Store(v == "off")
		return int64(0), nil
	}
	return nil, fmt.Errorf("simsql_test_point_gets: unknown counter %v", v)
}

func (testPointGets) FunctionName() string         { return "simsql_test_point_gets" }
func (testPointGets) Description() string          { return "returns a point-get counter (test builds only)." }
func (testPointGets) Type() sql.Type               { return types.Int64 }
func (testPointGets) IsNullable() bool             { return true }
func (f testPointGets) Resolved() bool             { return f.arg.Resolved() }
func (f testPointGets) Children() []sql.Expression { return []sql.Expression{f.arg} }
func (f testPointGets) String() string             { return "simsql_test_point_gets(" + f.arg.String() + ")" }
func (testPointGets) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (f testPointGets) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(c), 0)
	}
	return testPointGets{c[0]}, nil
}
