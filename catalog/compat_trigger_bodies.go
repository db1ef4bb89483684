package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): an UPDATE or DELETE whose table has a
// BEFORE trigger with a statement in its body (`BEGIN SET NEW.b = …;
// INSERT INTO log …; END`) and a second trigger failed with "unable to
// find field with index 3 in row of 2 columns". applyTriggers places the
// triggers one after the other, each by a walk of the whole plan, and the
// walk for the second trigger enters the body of the first, already in
// the plan, and wraps the INSERT INTO log there in the second trigger, whose
// OLD and NEW fields then read the log's row. (An INSERT's BEFORE triggers
// sit in its source, which the walk does not enter, so INSERT was spared.)
// MySQL runs each trigger once per row of its own table.
//
// The rule strayTriggers takes out of trigger bodies every trigger executor
// of a trigger that the statement itself runs: a trigger body cannot write
// the statement's table (go-mysql-server refuses it, as MySQL does with
// error 1442), so no such executor belongs there. Pinned by
// UpsertTriggerScripts "an UPDATE whose BEFORE trigger writes a log, with
// an AFTER trigger" (sqltests/scripts_triggers.go, also run on MariaDB).
// Delete this file when applyTriggers skips trigger bodies.

// ruleStrayTriggers is the id of strayTriggers.
const ruleStrayTriggers analyzer.RuleId = 10_026

// strayTriggers removes from the trigger bodies of n the executors of the
// triggers n runs itself.
func strayTriggers(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return dropStrayTriggers(n)
}

// dropStrayTriggers is strayTriggers on plan n.
func dropStrayTriggers(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	own := map[string]bool{} // the CREATE statements of the triggers n runs
	var walk func(n sql.Node)
	walk = func(n sql.Node) {
		if te, ok := n.(*plan.TriggerExecutor); ok {
			own[te.TriggerDefinition.CreateStatement] = true
			walk(te.Left()) // not the body
			return
		}
		for _, c := range n.Children() {
			walk(c)
		}
		if ins, ok := n.(*plan.InsertInto); ok && ins.Source != nil {
			walk(ins.Source)
		}
	}
	walk(n)
	if len(own) < 2 {
		return n, transform.SameTree, nil
	}
	return transform.NodeWithCtx(n, notTriggerLogic, func(c transform.Context) (sql.Node, transform.TreeIdentity, error) {
		te, ok := c.Node.(*plan.TriggerExecutor)
		if !ok {
			return c.Node, transform.SameTree, nil
		}
		body, same, err := withoutExecutors(te.Right(), own)
		if err != nil || same {
			return te, transform.SameTree, err
		}
		nn, err := te.WithChildren(te.Left(), body)
		return nn, transform.NewTree, err
	})
}

// withoutExecutors returns n without the trigger executors whose CREATE
// statement is in drop (each replaced by the node it wraps), looking into
// INSERT sources too; same when there were none.
func withoutExecutors(n sql.Node, drop map[string]bool) (sql.Node, bool, error) {
	if te, ok := n.(*plan.TriggerExecutor); ok && drop[te.TriggerDefinition.CreateStatement] {
		l, _, err := withoutExecutors(te.Left(), drop)
		return l, false, err
	}
	same := true
	children := n.Children()
	nc := make([]sql.Node, len(children))
	for i, c := range children {
		c2, s, err := withoutExecutors(c, drop)
		if err != nil {
			return nil, false, err
		}
		nc[i], same = c2, same && s
	}
	if !same {
		nn, err := n.WithChildren(nc...)
		if err != nil {
			return nil, false, err
		}
		n = nn
	}
	if ins, ok := n.(*plan.InsertInto); ok && ins.Source != nil {
		src, s, err := withoutExecutors(ins.Source, drop)
		if err != nil {
			return nil, false, err
		}
		if !s {
			n, same = ins.WithSource(src), false
		}
	}
	return n, same, nil
}
