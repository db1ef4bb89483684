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
		for i, e := range ins.OnDupExprs {
			sf, ok := e.(*expression.SetField)
			if !ok || !isDefaultPlaceholder(sf.RightChild) {
				continue
			}
			gf, ok := sf.LeftChild.(*expression.GetField)
			if !ok {
				continue
			}
			j := sch.IndexOfColName(gf.Name())
			if j < 0 {
				continue
			}
			var def sql.Expression = expression.NewLiteral(nil, sch[j].Type)
			switch {
			case sch[j].Generated != nil:
				def = generatedDefault{gf} // the table computes it again
			case sch[j].Default != nil:
				def = sch[j].Default
			}
			if exprs == nil {
				exprs = append([]sql.Expression(nil), ins.OnDupExprs...)
			}
			exprs[i] = expression.NewSetField(sf.LeftChild, def)
		}
		if exprs == nil {
			return n, transform.SameTree, nil
		}
		c := *ins
		c.OnDupExprs = exprs
		return &c, transform.NewTree, nil
	})
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
