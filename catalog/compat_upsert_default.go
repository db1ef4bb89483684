package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): INSERT … ON DUPLICATE KEY UPDATE c =
// DEFAULT panicked ("default column is a placeholder node, but Eval was
// called"): the analyzer resolves DEFAULT in VALUES and UPDATE's SET but
// leaves it a placeholder in the ON DUPLICATE KEY UPDATE list. MySQL sets
// the column to its default (a generated column: its expression). The
// rule onDupDefaults replaces each such DEFAULT with the destination
// column's default, NULL without one; a generated column keeps its value
// (generatedDefault), which the table then computes again
// (compat_generated_columns.go). Pinned by
// CompatFaultScripts "ON DUPLICATE KEY UPDATE c = DEFAULT"
// (sqltests/scripts_compat_faults.go, also on MariaDB). Delete this file
// when go-mysql-server resolves them.

// ruleOnDupDefaults is the id of onDupDefaults, run in OnceAfterAll
// (installAfterAllRules) before integerRanges.
const ruleOnDupDefaults analyzer.RuleId = 10_027

// onDupDefaults resolves the DEFAULTs of the ON DUPLICATE KEY UPDATE lists
// of n.
func onDupDefaults(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || len(ins.OnDupExprs) == 0 || ins.Destination == nil {
			return n, transform.SameTree, nil
		}
		sch := ins.Destination.Schema()
		var exprs []sql.Expression
		for _, a := range onDupAssignments(ins) {
			if !isDefaultPlaceholder(a.set.RightChild) {
				continue
			}
			var def sql.Expression = expression.NewLiteral(nil, sch[a.col].Type)
			switch {
			case sch[a.col].Generated != nil:
				def = generatedDefault{a.field} // the table computes it again
			case sch[a.col].Default != nil:
				def = sch[a.col].Default
			}
			if exprs == nil {
				exprs = append([]sql.Expression(nil), ins.OnDupExprs...)
			}
			exprs[a.at] = expression.NewSetField(a.set.LeftChild, def)
		}
		if exprs == nil {
			return n, transform.SameTree, nil
		}
		c := *ins
		c.OnDupExprs = exprs
		return &c, transform.NewTree, nil
	})
}

// onDupAssignment is one assignment `c = e` of an ON DUPLICATE KEY UPDATE
// list to a column of the destination: at its place in the list, col the
// column's place in the destination's schema.
type onDupAssignment struct {
	at, col int
	set     *expression.SetField
	field   *expression.GetField // c (buildOnDupLeft)
}

// onDupAssignments returns the assignments of ins's ON DUPLICATE KEY
// UPDATE list to columns of its destination, in order; none without a
// destination.
func onDupAssignments(ins *plan.InsertInto) []onDupAssignment {
	if len(ins.OnDupExprs) == 0 || ins.Destination == nil {
		return nil
	}
	sch := ins.Destination.Schema()
	var out []onDupAssignment
	for i, e := range ins.OnDupExprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := sf.LeftChild.(*expression.GetField)
		if !ok {
			continue
		}
		if j := sch.IndexOfColName(gf.Name()); j >= 0 {
			out = append(out, onDupAssignment{at: i, col: j, set: sf, field: gf})
		}
	}
	return out
}

// isDefaultPlaceholder reports whether e is an unresolved DEFAULT.
func isDefaultPlaceholder(e sql.Expression) bool {
	if w, ok := e.(*expression.Wrapper); ok {
		e = w.Unwrap()
	}
	_, ok := e.(*expression.DefaultColumn)
	return ok
}

// generatedDefault is DEFAULT for a generated column in ON DUPLICATE KEY
// UPDATE: the column's current value, computed again when the row is
// written.
type generatedDefault struct {
	*expression.GetField
}

// WithChildren implements sql.Expression.
func (g generatedDefault) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(g, len(children), 0)
	}
	return g, nil
}
