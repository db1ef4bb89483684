package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): the help tables of the mysql database
// (help_topic, help_keyword, help_category, help_relation) are meant to be
// empty, but their PartitionRows returns sql.RowsToRowIter(nil), one row
// with no columns, so reading any column failed: `SELECT name FROM
// mysql.help_topic WHERE name LIKE 'SHOW %'` gave "unable to find field
// with index 1 in row of 0 columns", and COUNT(*) said 1. MySQL without its
// help content loaded (mysql_install_db's fill_help_tables) has them
// empty; so does simsql. Pinned by the help-table script of
// WireValidScripts (sqltests/scripts_valid.go).

// ruleHelpTables is the id of helpTables, a pre-analysis rule.
const ruleHelpTables analyzer.RuleId = 10_203

// helpTables gives each help table of plan n (in subqueries too) a table
// without rows.
func helpTables(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		rt, ok := n.(*plan.ResolvedTable)
		if !ok || rt.SqlDatabase == nil || !strings.EqualFold(rt.SqlDatabase.Name(), "mysql") {
			return n, transform.SameTree, nil
		}
		if _, done := rt.Table.(noRows); done {
			return n, transform.SameTree, nil
		}
		switch strings.ToLower(rt.Table.Name()) {
		case "help_topic", "help_keyword", "help_category", "help_relation":
			t, err := rt.WithTable(noRows{rt.Table})
			return t, transform.NewTree, err
		}
		return n, transform.SameTree, nil
	})
}

// noRows is a table with its schema and no rows.
type noRows struct {
	sql.Table
}

// PartitionRows implements sql.Table: no rows.
func (noRows) PartitionRows(*sql.Context, sql.Partition) (sql.RowIter, error) {
	return sql.RowsToRowIter(), nil
}
