package catalog

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): INSERT … ON DUPLICATE KEY UPDATE and
// REPLACE fire the wrong triggers, with the wrong rows, and ON DUPLICATE KEY
// UPDATE loses writes.
//
//   - go-mysql-server applies only a statement's own event's triggers, so
//     the update path of ON DUPLICATE KEY UPDATE fired no UPDATE trigger
//     and REPLACE's deletion of a conflicting row no DELETE trigger.
//   - Its AFTER INSERT triggers run on the row the insert returns: for a
//     row that was updated, the old row and the new one, so the AFTER
//     INSERT trigger fired for an update, with NEW read from the old row;
//     for REPLACE, the deleted row (or NULLs) and the new one, so NEW was
//     the deleted row's values or NULL.
//   - ON DUPLICATE KEY UPDATE asks the table for an inserter and an updater,
//     two editors with separate pending rows: a statement that met the same
//     key twice (`VALUES (1, …), (1, …) ON DUPLICATE KEY UPDATE n = n + 1`)
//     updated the stored row both times, from the same old value, and one
//     write was lost (n + 1 where MySQL gives n + 2).
//
// MySQL (and MariaDB, checked in the same scripts) fire, for each row:
// BEFORE INSERT; then, if the row is inserted, AFTER INSERT; on a duplicate
// key with ON DUPLICATE KEY UPDATE, BEFORE UPDATE (OLD the stored row, NEW
// the row after the SET, its stored generated columns computed) and AFTER
// UPDATE (NEW as written, generated columns computed again after the BEFORE
// trigger), and no AFTER INSERT; for REPLACE, BEFORE DELETE and AFTER DELETE
// for each conflicting row it deletes, then AFTER INSERT with the new row.
// The triggers fire whether or not the update changes the row; a BEFORE
// UPDATE whose update then fails (a duplicate key under INSERT IGNORE) is
// not followed by AFTER UPDATE.
//
// Here the rule upsertTriggers gives the table an ON DUPLICATE KEY UPDATE
// or REPLACE writes an upsert: one editor for the statement, and the
// statement's AFTER INSERT, UPDATE and DELETE triggers compiled by
// go-mysql-server's own applyTriggers (on a stand-in UPDATE or DELETE of the
// table) into chains of trigger executors. The editor runs them where MySQL
// does (editor.Insert, Update, Delete), and the AFTER INSERT executors are
// taken out of the plan. BEFORE INSERT triggers stay go-mysql-server's.
// Pinned by UpsertTriggerScripts (sqltests/triggers_test.go), which also
// run on MariaDB. Delete this file and the editor's calls when upstream
// fires the triggers of the path taken and gives one editor.

// ruleUpsertTriggers is the id of upsertTriggers.
const ruleUpsertTriggers analyzer.RuleId = 10_025

// upsert is what one INSERT … ON DUPLICATE KEY UPDATE or REPLACE statement
// does to its table besides go-mysql-server's plan: the shared editor and
// the trigger chains (nil: no trigger of that event and time). Each chain
// is a tree of plan.TriggerExecutor nodes, innermost first to run, around
// one triggerRow leaf.
type upsert struct {
	replace bool
	exec    sql.NodeExecBuilder
	// editor is the one Inserter made, for Updater to return.
	editor *editor
	// done: the rule has finished with it; a later analysis of the same
	// statement (a prepared one) adds no trigger again.
	done bool

	afterInsert               sql.Node
	beforeUpdate, afterUpdate sql.Node
	beforeDelete, afterDelete sql.Node
}

// applyTriggersRule is go-mysql-server's applyTriggers, found by name in
// analyzer.OnceAfterAll by installAfterAllRules.
var applyTriggersRule analyzer.RuleFunc

// findApplyTriggers sets applyTriggersRule from rules.
func findApplyTriggers(rules []analyzer.Rule) {
	for _, r := range rules {
		if r.Id.String() == "applyTriggers" {
			applyTriggersRule = r.Apply
		}
	}
}

// upsertTriggers gives the destination of each INSERT … ON DUPLICATE KEY
// UPDATE and REPLACE in n its upsert, and takes the AFTER INSERT trigger
// executors around such an INSERT out of the plan (the editor runs them).
// Trigger bodies are not entered: they were analyzed, this rule included,
// on their own.
func upsertTriggers(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var err error
	var seen []*upsert
	defer func() {
		for _, u := range seen {
			u.done = true
		}
	}()
	n, same, terr := transform.NodeWithCtx(n, notTriggerLogic, func(c transform.Context) (sql.Node, transform.TreeIdentity, error) {
		if err != nil {
			return c.Node, transform.SameTree, nil
		}
		switch x := c.Node.(type) {
		case *plan.InsertInto:
			if isUpsert(x) {
				var u *upsert
				if u, err = upsertOf(ctx, a, x, scope, sel, qFlags); u != nil {
					seen = append(seen, u)
				}
			}
		case *plan.TriggerExecutor:
			ins, ok := x.Left().(*plan.InsertInto)
			if !ok || !isUpsert(ins) || x.TriggerEvent != plan.InsertTrigger || x.TriggerTime != plan.AfterTrigger {
				return c.Node, transform.SameTree, nil
			}
			var u *upsert
			if u, err = upsertOf(ctx, a, ins, scope, sel, qFlags); err != nil || u == nil {
				return c.Node, transform.SameTree, err
			}
			if !u.done {
				u.afterInsert = chainAround(u.afterInsert, x)
			}
			return ins, transform.NewTree, nil
		}
		return c.Node, transform.SameTree, nil
	})
	if terr != nil {
		return nil, transform.SameTree, terr
	}
	return n, same, err
}

// notTriggerLogic is a transform selector that skips the trigger bodies of
// trigger executors.
func notTriggerLogic(c transform.Context) bool {
	_, ok := c.Parent.(*plan.TriggerExecutor)
	return !ok || c.ChildNum == 0
}

func isUpsert(ins *plan.InsertInto) bool { return ins.IsReplace || len(ins.OnDupExprs) > 0 }

// upsertOf returns the upsert of ins's destination table, compiling it the
// first time; nil if the destination is not a simsql table.
func upsertOf(ctx *sql.Context, a *analyzer.Analyzer, ins *plan.InsertInto, scope *plan.Scope, sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (*upsert, error) {
	var t *Table
	transform.Inspect(ins.Destination, func(n sql.Node) bool {
		if tn, ok := n.(sql.TableNode); ok && t == nil {
			t, _ = writtenTable(tn.UnderlyingTable())
		}
		return t == nil
	})
	if t == nil {
		return nil, nil
	}
	if t.upsert != nil { // the same statement analyzed again (a prepared one)
		return t.upsert, nil
	}
	u := &upsert{replace: ins.IsReplace, exec: a.ExecBuilder}
	if applyTriggersRule == nil {
		return nil, fmt.Errorf("catalog: go-mysql-server has no applyTriggers rule (compat_upsert_triggers.go)")
	}
	var err error
	if ins.IsReplace {
		stand := plan.NewDeleteFrom(ins.Destination, nil)
		u.beforeDelete, u.afterDelete, err = standInChains(ctx, a, stand, scope, sel, qFlags, sql.QFlagDelete)
	} else {
		stand := plan.NewUpdate(ins.Destination, false, nil)
		u.beforeUpdate, u.afterUpdate, err = standInChains(ctx, a, stand, scope, sel, qFlags, sql.QFlagUpdate)
	}
	if err != nil {
		return nil, err
	}
	t.upsert = u
	return u, nil
}

// standInChains applies go-mysql-server's triggers to stand, a DELETE or
// UPDATE of the table with the query flag event, and returns the BEFORE
// chain (the executors between stand and its source) and the AFTER chain
// (those around stand), each around a triggerRow; nil for none. The statement's flags get the
// trigger flags applyTriggers sets (its savepoint for a failed statement).
func standInChains(ctx *sql.Context, a *analyzer.Analyzer, stand sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qFlags *sql.QueryFlags, event int) (before, after sql.Node, err error) {
	flags := &sql.QueryFlags{}
	flags.Set(event)
	n, same, err := applyTriggersRule(ctx, a, stand, scope, sel, flags)
	if err != nil || same == transform.SameTree {
		return nil, nil, err
	}
	if n, _, err = dropStrayTriggers(n); err != nil { // compat_trigger_bodies.go
		return nil, nil, err
	}
	if qFlags != nil {
		qFlags.Set(sql.QFlagTrigger)
		qFlags.Set(sql.QFlagRelSubquery)
	}
	after, inner := spine(n)
	if len(inner.Children()) != 1 {
		return nil, nil, fmt.Errorf("catalog: trigger plan without its statement: %s", n)
	}
	before, _ = spine(inner.Children()[0])
	return before, after, nil
}

// spine returns the chain of trigger executors from n down the wrapped
// nodes to the first other node (returned as end), with that node replaced
// by a triggerRow; chain is nil if n is no executor.
func spine(n sql.Node) (chain, end sql.Node) {
	te, ok := n.(*plan.TriggerExecutor)
	if !ok {
		return nil, n
	}
	inner, end := spine(te.Left())
	return chainAround(inner, te), end
}

// chainAround returns chain (nil: a triggerRow) run by te's trigger.
func chainAround(chain sql.Node, te *plan.TriggerExecutor) sql.Node {
	if chain == nil {
		chain = &triggerRow{}
	}
	return plan.NewTriggerExecutor(chain, te.Right(), te.TriggerEvent, te.TriggerTime, te.TriggerDefinition)
}

// run runs the trigger chain on row (the new row for INSERT, the old for
// DELETE, old then new for UPDATE) and returns the row the last trigger
// gives (a BEFORE trigger's SET NEW.c changes it).
func (u *upsert) run(ctx *sql.Context, chain sql.Node, row sql.Row) (sql.Row, error) {
	n := withTriggerRow(chain, row)
	iter, err := u.exec.Build(ctx, n, nil)
	if err != nil {
		return nil, err
	}
	out, err := iter.Next(ctx)
	if cerr := iter.Close(ctx); err == nil {
		err = cerr
	}
	return out, err
}

// withTriggerRow returns chain with its triggerRow giving row.
func withTriggerRow(chain sql.Node, row sql.Row) sql.Node {
	te, ok := chain.(*plan.TriggerExecutor)
	if !ok {
		return &triggerRow{row: row}
	}
	return plan.NewTriggerExecutor(withTriggerRow(te.Left(), row), te.Right(), te.TriggerEvent, te.TriggerTime, te.TriggerDefinition)
}

// afterInserted runs the AFTER INSERT triggers on row, just inserted.
func (u *upsert) afterInserted(ctx *sql.Context, row sql.Row) error {
	if u == nil || u.afterInsert == nil {
		return nil
	}
	_, err := u.run(ctx, u.afterInsert, row)
	return err
}

// beforeUpdated runs the BEFORE UPDATE triggers on old and new, and copies
// what they make of the new row into new.
func (u *upsert) beforeUpdated(ctx *sql.Context, old, new sql.Row) error {
	out, err := u.run(ctx, u.beforeUpdate, append(old.Copy(), new...))
	if err != nil {
		return err
	}
	if len(out) != 2*len(new) {
		return fmt.Errorf("catalog: BEFORE UPDATE trigger returned %d values for a row of %d", len(out), len(new))
	}
	copy(new, out[len(new):])
	return nil
}

// afterUpdated runs the AFTER UPDATE triggers on old and new.
func (u *upsert) afterUpdated(ctx *sql.Context, old, new sql.Row) error {
	if u == nil || u.afterUpdate == nil {
		return nil
	}
	_, err := u.run(ctx, u.afterUpdate, append(old.Copy(), new...))
	return err
}

// deleting runs the BEFORE DELETE triggers of a REPLACE on row.
func (u *upsert) deleting(ctx *sql.Context, row sql.Row) error {
	if u == nil || u.beforeDelete == nil {
		return nil
	}
	_, err := u.run(ctx, u.beforeDelete, row)
	return err
}

// deleted runs the AFTER DELETE triggers of a REPLACE on row.
func (u *upsert) deleted(ctx *sql.Context, row sql.Row) error {
	if u == nil || u.afterDelete == nil {
		return nil
	}
	_, err := u.run(ctx, u.afterDelete, row)
	return err
}

// triggerRow is the leaf of a trigger chain: the one row the triggers
// run on.
type triggerRow struct {
	row sql.Row
}

var _ sql.ExecSourceRel = (*triggerRow)(nil)

// Resolved implements sql.Resolvable.
func (*triggerRow) Resolved() bool { return true }

// String implements fmt.Stringer.
func (*triggerRow) String() string { return "TriggerRow" }

// Schema implements sql.Node: none is needed, the triggers' fields are
// resolved against the table.
func (*triggerRow) Schema() sql.Schema { return nil }

// Children implements sql.Node.
func (*triggerRow) Children() []sql.Node { return nil }

// WithChildren implements sql.Node.
func (r *triggerRow) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 0)
	}
	return r, nil
}

// IsReadOnly implements sql.Node.
func (*triggerRow) IsReadOnly() bool { return true }

// RowIter implements sql.ExecSourceRel: the one row.
func (r *triggerRow) RowIter(*sql.Context, sql.Row) (sql.RowIter, error) {
	return sql.RowsToRowIter(r.row), nil
}
