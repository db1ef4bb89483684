package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): LOAD DATA fired no triggers. Its plan is
// an INSERT whose source reads the file, but the planner never sets the
// statement's INSERT flag for it, and the analyzer's applyTriggers skips
// statements without a DML flag. MySQL fires BEFORE and AFTER INSERT
// triggers for every row LOAD DATA inserts. Pinned by
// TestLoadDataTriggerScripts (sqltests/triggers_test.go, also run on
// MariaDB).
// Delete this file when upstream sets the flag.

// ruleLoadDataTriggers is the id of loadDataTriggers, a pre-analysis rule.
const ruleLoadDataTriggers analyzer.RuleId = 10_011

// loadDataTriggers sets the INSERT flag of a LOAD DATA statement, so that
// its triggers are applied.
func loadDataTriggers(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qFlags == nil || qFlags.IsSet(sql.QFlagInsert) {
		return n, transform.SameTree, nil
	}
	transform.Inspect(n, func(n sql.Node) bool {
		if ins, ok := n.(*plan.InsertInto); ok {
			if _, ok := ins.Source.(*plan.LoadData); ok {
				qFlags.Set(sql.QFlagInsert)
			}
		}
		return true
	})
	return n, transform.SameTree, nil
}
