package compat

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// Fault (go-mysql-server v0.20.0, rowexec's triggerIter): a trigger runs
// with the sql_mode of the session whose statement fires it, though it
// records the mode it was created with (information_schema.TRIGGERS
// shows it). A trigger created in strict mode stored 'too' of 'toolong'
// into a VARCHAR(3) column with a warning when fired outside it, and one
// created with sql_mode = '' refused the write with 1406 when fired in
// strict mode. MySQL 8 runs a trigger with the sql_mode in force when it
// was created (reference manual, "CREATE TRIGGER Statement": "MySQL
// stores the sql_mode system variable setting in effect when a trigger
// is created, and always executes the trigger body with this setting in
// force, regardless of the current server SQL mode"). execOverrides
// builds an AFTER trigger's TriggerExecutor so that its body is made and
// run with the trigger's mode, through the session's SQLModeScope (the
// statement's own rows keep the session's). Left: a BEFORE trigger, whose
// body's result (SET NEW.x = …) go-mysql-server reads by the body's node
// type, still runs with the session's mode. Pinned by TriggerScripts "a trigger
// runs with the sql_mode it was created with" (sqltests/scripts_triggers.go,
// also on MariaDB).

// SQLModeScope is a session whose sql_mode can be overridden for a while:
// WithSQLMode makes mode the session's sql_mode as statements read it
// until the returned function restores the one before. TriggerSQLMode
// returns the sql_mode trigger def (its name and CREATE TRIGGER text) was
// created with; go-mysql-server's TriggerExecutor leaves it out.
type SQLModeScope interface {
	WithSQLMode(mode string) (restore func())
	TriggerSQLMode(ctx *sql.Context, def sql.TriggerDefinition) (string, bool)
}

// triggerBody is the body of an AFTER trigger created with sql_mode mode.
type triggerBody struct {
	plan.UnaryNode
	mode string
}

var _ sql.Node = (*triggerBody)(nil)

// String implements sql.Node.
func (m *triggerBody) String() string { return m.Child.String() }

// IsReadOnly implements sql.Node.
func (m *triggerBody) IsReadOnly() bool { return m.Child.IsReadOnly() }

// WithChildren implements sql.Node.
func (m *triggerBody) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(m, len(children), 1)
	}
	return &triggerBody{UnaryNode: plan.UnaryNode{Child: children[0]}, mode: m.mode}, nil
}

// triggerSQLMode builds n when it is the TriggerExecutor of an AFTER
// trigger created with another sql_mode than the session's, or the body
// of one (triggerBody).
func (o *execOverrides) triggerSQLMode(ctx *sql.Context, n sql.Node, r sql.Row) (sql.RowIter, bool, error) {
	scope, ok := ctx.Session.(SQLModeScope)
	if !ok {
		return nil, false, nil
	}
	switch x := n.(type) {
	case *triggerBody:
		it, err := withMode(scope, x.mode, func() (sql.RowIter, error) { return o.b.Build(ctx, x.Child, r) })
		if err != nil {
			return nil, true, err
		}
		return &modeIter{RowIter: it, scope: scope, mode: x.mode}, true, nil
	case *plan.TriggerExecutor:
		if _, marked := x.Right().(*triggerBody); marked || x.TriggerTime != plan.AfterTrigger {
			return nil, false, nil
		}
		mode, found := scope.TriggerSQLMode(ctx, x.TriggerDefinition)
		if !found || mode == sql.LoadSqlMode(ctx).String() {
			return nil, false, nil
		}
		te, err := x.WithChildren(x.Left(), &triggerBody{UnaryNode: plan.UnaryNode{Child: x.Right()}, mode: mode})
		if err != nil {
			return nil, true, err
		}
		it, err := o.b.Build(ctx, te, r)
		return it, true, err
	}
	return nil, false, nil
}

// withMode returns f's answer, got with sql_mode mode.
func withMode(scope SQLModeScope, mode string, f func() (sql.RowIter, error)) (sql.RowIter, error) {
	restore := scope.WithSQLMode(mode)
	defer restore()
	return f()
}

// modeIter is an iterator whose rows are made with sql_mode mode.
type modeIter struct {
	sql.RowIter
	scope SQLModeScope
	mode  string
}

// Next implements sql.RowIter.
func (m *modeIter) Next(ctx *sql.Context) (sql.Row, error) {
	restore := m.scope.WithSQLMode(m.mode)
	defer restore()
	return m.RowIter.Next(ctx)
}

// Close implements sql.RowIter.
func (m *modeIter) Close(ctx *sql.Context) error {
	restore := m.scope.WithSQLMode(m.mode)
	defer restore()
	return m.RowIter.Close(ctx)
}

// String implements fmt.Stringer.
func (m *modeIter) String() string { return fmt.Sprintf("sql_mode %q", m.mode) }
