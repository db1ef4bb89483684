package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): the analyzer's simplifyFilters rewrites
// `s LIKE 'abc%'` of a utf8mb4 column as `s >= 'abc' AND s <= 'abc\xff'`
// (optimization_rules.go), a range that is not LIKE's under any collation:
// it misses 'Áz' LIKE 'a%' and 'abcé' LIKE 'abc%' under a case- or
// accent-insensitive collation, and '中文' LIKE '中%' even under
// utf8mb4_0900_bin, since every character beyond U+00FF sorts above the
// byte 0xFF. It also rewrites a pattern without '%' or '_' as `s =
// pattern`, escapes left in (`s LIKE 'a\%'` compared s with 'a\%'). MySQL
// matches LIKE character by character under the collation, '_' one
// character, '%' any run, with ESCAPE; go-mysql-server's own LIKE
// evaluation (expression.LikeMatcher) does that.
//
// likeRange hides each LIKE from that rewrite (likeExpr is a LIKE the
// analyzer does not know), so LIKE is always evaluated as LIKE. The price:
// a prefix LIKE no longer reads a B-tree index range; it filters a scan.
// Pinned by CollationScripts "LIKE by the collation" and
// TestCollationDifferential.

// ruleLikeRange is the id of likeRange, a pre-analysis rule.
const ruleLikeRange analyzer.RuleId = 10_206

// likeRange replaces every LIKE of n (and its subqueries) with likeExpr.
func likeRange(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		if l, ok := e.(*expression.Like); ok {
			return &likeExpr{Like: l}, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	})
}

// likeExpr is go-mysql-server's LIKE, evaluated as it is, under a type the
// analyzer's filter simplification leaves alone.
type likeExpr struct {
	*expression.Like
}

var _ sql.Expression = (*likeExpr)(nil)

// WithChildren implements sql.Expression.
func (l *likeExpr) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	e, err := l.Like.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if nl, ok := e.(*expression.Like); ok {
		return &likeExpr{Like: nl}, nil
	}
	return e, nil
}
