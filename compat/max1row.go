package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/statement"
)

// Fault (go-mysql-server v0.20.0): the analyzer sets the query flag
// QFlagMax1Row when it plans a lookup of one row by a unique key (or a
// COUNT(*) without GROUP BY), looking only at that table's scope, and the
// server then refuses a second result row with "result max1Row iterator
// returned more than one row". So a UNION of two such lookups failed
// (`SELECT id FROM t WHERE id = 2 UNION SELECT id FROM t WHERE id = 3`), and
// so did EXPLAIN of one, whose plan has several lines. Pinned by the
// UNION script of ValidQueryScripts and the EXPLAIN script of
// WireValidScripts (sqltests/scripts_valid.go, over the wire).

// ruleMax1Row is the id of max1Row, a post-analysis rule.
const ruleMax1Row analyzer.RuleId = 10_201

// max1Row clears QFlagMax1Row for an EXPLAIN (the analyzer sees only the
// explained query, so the statement's text tells) and for a plan with a set
// operation (UNION, INTERSECT, EXCEPT) or a recursive CTE, which combine
// several row sources. The flag only lets the server skip its row-batching
// goroutines; clearing it never changes an answer.
func max1Row(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qFlags == nil || !qFlags.IsSet(sql.QFlagMax1Row) {
		return n, transform.SameTree, nil
	}
	if (ctx != nil && statement.IsExplain(ctx.Query())) || combinesRows(n) {
		qFlags.Unset(sql.QFlagMax1Row)
	}
	return n, transform.SameTree, nil
}

// combinesRows reports whether plan n has a node that returns the rows of
// several inputs.
func combinesRows(n sql.Node) bool {
	return transform.InspectUp(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.SetOp, *plan.RecursiveCte:
			return true
		}
		return false
	})
}
