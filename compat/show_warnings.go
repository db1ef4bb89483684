package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): SHOW WARNINGS lists the warnings newest
// first (its session keeps them in order and returns them reversed), where
// MySQL lists them in the order the statement raised them: a LOAD DATA's
// "Row 2 …" before "Row 4 …". The rule warningsInOrder puts the plan's
// list back in that order, before SHOW WARNINGS … LIMIT takes from it.
// Pinned by TestLoadDataMatchesMariaDB "a blank line lacks fields: warning
// 1261 otherwise" (sqltests/load_data_test.go, also run on MariaDB).
// Delete this file when upstream lists them in order.

// ruleWarningsInOrder is the id of warningsInOrder.
const ruleWarningsInOrder analyzer.RuleId = 10_204

// warningsInOrder reverses the warnings of a SHOW WARNINGS that
// go-mysql-server planned newest first.
func warningsInOrder(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		w, ok := n.(plan.ShowWarnings)
		if !ok || len(w) < 2 || ctx.Session == nil {
			return n, transform.SameTree, nil
		}
		// Only the order the session gave (newest first), so that a second
		// run of the rule does not undo the first.
		if s := ctx.Session.Warnings(); len(s) != len(w) || s[0] != w[0] {
			return n, transform.SameTree, nil
		}
		r := make(plan.ShowWarnings, len(w))
		for i := range w {
			r[i] = w[len(w)-1-i]
		}
		return r, transform.NewTree, nil
	})
}
