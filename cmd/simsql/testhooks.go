//go:build simsql_testhooks

package main

import (
	"fmt"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// This file is compiled only with -tags simsql_testhooks (the sqltests
// harness's StartTestHookServer builds such a binary); the production
// binary has none of it.

func init() {
	testHooks = func(e *sqle.Engine) {
		e.Analyzer.Catalog.RegisterFunction(sql.NewEmptyContext(),
			sql.Function1{Name: "simsql_test_panic", Fn: newTestPanic})
	}
}

// testPanic is simsql_test_panic(x): it panics whenever it is evaluated,
// so that tests can check that a panic in a query reaches the client as an
// error and the server keeps serving.
type testPanic struct{ arg sql.Expression }

func newTestPanic(e sql.Expression) sql.Expression { return testPanic{e} }

func (f testPanic) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.arg.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	panic(fmt.Sprintf("simsql_test_panic(%v)", v))
}

func (testPanic) FunctionName() string         { return "simsql_test_panic" }
func (testPanic) Description() string          { return "panics (test builds only)." }
func (testPanic) Type() sql.Type               { return types.Int64 }
func (testPanic) IsNullable() bool             { return true }
func (f testPanic) Resolved() bool             { return f.arg.Resolved() }
func (f testPanic) Children() []sql.Expression { return []sql.Expression{f.arg} }
func (f testPanic) String() string             { return "simsql_test_panic(" + f.arg.String() + ")" }
func (testPanic) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}
func (f testPanic) WithChildren(c ...sql.Expression) (sql.Expression, error) {
	if len(c) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(c), 1)
	}
	return testPanic{c[0]}, nil
}
