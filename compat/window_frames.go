package compat

// Fault (go-mysql-server v0.20.0): an aggregate over a window with ORDER
// BY and no frame clause took the frame its implementation chose, not the
// SQL standard's: MAX, BIT_AND, BIT_OR and BIT_XOR the whole partition
// (MAX(id) OVER (ORDER BY id) was 3, 3, 3 where MySQL has 1, 2, 3), and
// every aggregate over a named window (WINDOW w AS (ORDER BY id)) the
// same; MIN, SUM, AVG and COUNT written inline a running frame of rows,
// which leaves out the current row's peers. MySQL's default frame with
// ORDER BY is RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (MySQL 8.0
// manual, 14.20.3 "Window Function Frame Specification").
// defaultWindowFrames gives each aggregate over such a window that frame
// (ROWS, without the current row's peers, for a descending ORDER BY, which
// go-mysql-server's RANGE framer misreads). Left: an aggregate over a
// named window, whose ORDER BY the planner has not yet copied to it when
// this rule runs. Pinned by WindowFrameScripts (sqltests, also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ruleDefaultWindowFrames is the id of defaultWindowFrames.
const ruleDefaultWindowFrames analyzer.RuleId = 10_301

// defaultWindowFrames gives each aggregate over a window with ORDER BY and
// no frame RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW.
func defaultWindowFrames(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeExprsWithOpaque(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		agg, ok := e.(sql.Aggregation)
		if !ok {
			return e, transform.SameTree, nil
		}
		w := agg.Window()
		if w == nil || w.Frame != nil || len(w.OrderBy) == 0 {
			return e, transform.SameTree, nil
		}
		framed := *w
		framed.Frame = plan.NewRangeUnboundedPrecedingToCurrentRowFrame()
		for _, f := range w.OrderBy {
			if f.Order == sql.Descending {
				// go-mysql-server's RANGE framer misreads a descending
				// order; ROWS gives the same frame but for peers.
				framed.Frame = plan.NewRowsUnboundedPrecedingToCurrentRowFrame()
			}
		}
		return agg.WithWindow(&framed), transform.NewTree, nil
	})
}
