package compat

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): when a CASE mixes an ENUM column with
// strings, the planner wraps the column in expression.EnumToString, which
// assumes the value is the enum's uint16 index. information_schema's ENUM
// columns (TABLES.TABLE_TYPE, …) hold their values as strings, so the
// query MySQL Connector/J 8 sends for DatabaseMetaData.getTables
// (`CASE WHEN TABLE_TYPE='BASE TABLE' THEN … ELSE TABLE_TYPE END`)
// panicked: "interface conversion: interface {} is string, not uint16".
// Pinned by the getTables script of ValidQueryScripts
// (sqltests/scripts_valid.go).

// ruleEnumText is the id of enumText, a pre-analysis rule.
const ruleEnumText analyzer.RuleId = 10_202

// enumText replaces every EnumToString of plan n, in subqueries too, by
// an enumToText.
func enumText(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if es, ok := e.(*expression.EnumToString); ok {
			return &enumToText{EnumToString: es}, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// rewriteExprs applies f to every expression of plan n, including those of
// the plans of its subqueries.
func rewriteExprs(n sql.Node, f transform.ExprFunc) (sql.Node, transform.TreeIdentity, error) {
	var inner transform.ExprFunc
	inner = func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if sq, ok := e.(*plan.Subquery); ok && sq.Query != nil {
			q, same, err := transform.NodeExprsWithOpaque(sq.Query, inner)
			if err != nil || same == transform.SameTree {
				return e, transform.SameTree, err
			}
			return sq.WithQuery(q), transform.NewTree, nil
		}
		return f(e)
	}
	return transform.NodeExprsWithOpaque(n, inner)
}

// enumToText is EnumToString that also takes the value as the string it
// is (as information_schema gives it) instead of the member's index.
type enumToText struct {
	*expression.EnumToString
}

var _ sql.Expression = (*enumToText)(nil)

// Eval implements sql.Expression: the member's text for an index (uint16),
// the string itself for a string, NULL for NULL.
func (e *enumToText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := e.Enum.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	switch x := v.(type) {
	case string:
		return x, nil
	case uint16:
		if et, ok := e.Enum.Type().(types.EnumType); ok {
			s, _ := et.At(int(x))
			return s, nil
		}
	}
	return nil, fmt.Errorf("enum value %v of type %T in %s", v, v, e.Enum)
}

// WithChildren implements sql.Expression.
func (e *enumToText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	c, err := e.EnumToString.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return &enumToText{EnumToString: c.(*expression.EnumToString)}, nil
}
