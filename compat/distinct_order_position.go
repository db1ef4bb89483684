package compat

// Fault (go-mysql-server v0.20.0): ORDER BY a position names the select
// list's expression itself, not its column, so over DISTINCT, whose sort
// runs on the distinct rows, SELECT DISTINCT fp > 2 FROM u ORDER BY 1
// failed with 1105 "unable to sort: unable to find field with index 2 in
// row of 1 columns" (the expression reads the table's columns, which those
// rows no longer have); ORDER BY an alias worked, its planner sorting by
// the select list's column. MySQL sorts by the column in both.
// distinctOrderColumns makes each sort field over a DISTINCT that is a
// select-list expression the column it gives. Pinned by
// DistinctOrderScripts (sqltests, also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ruleDistinctOrderColumns is the id of distinctOrderColumns.
const ruleDistinctOrderColumns analyzer.RuleId = 10_300

// distinctOrderColumns replaces each select-list expression (an alias)
// that a sort over a DISTINCT sorts by with the column it gives, by name:
// the planner gives such an alias no column id.
func distinctOrderColumns(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		s, ok := n.(*plan.Sort)
		if !ok {
			return n, transform.SameTree, nil
		}
		if _, ok := s.Child.(*plan.Distinct); !ok {
			return n, transform.SameTree, nil
		}
		fields := make(sql.SortFields, len(s.SortFields))
		same := true
		for i, f := range s.SortFields {
			fields[i] = f
			if a, ok := f.Column.(*expression.Alias); ok {
				fields[i].Column = expression.NewGetFieldWithTable(int(a.Id()), 0, a.Type(), "", "", a.Name(), a.IsNullable())
				same = false
			}
		}
		if same {
			return n, transform.SameTree, nil
		}
		return plan.NewSort(fields, s.Child), transform.NewTree, nil
	})
}
