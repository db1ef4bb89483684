package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): in a table with a VIRTUAL generated
// column, SHOW CREATE TABLE and SHOW INDEX listed no secondary index
// (simhash, minhash or B-tree), although the indexes existed, were used
// and information_schema.STATISTICS listed them; so mariadb-dump and a
// restore silently dropped them. The planner wraps such a table in
// plan.VirtualColumnTable, which is not a sql.IndexAddressableTable, and
// asks the wrapper for its indexes. Here the two statements get the
// indexes of the simsql table under the wrapper. Pinned by
// VirtualColumnIndexScripts (sqltests/scripts_generated.go: SHOW CREATE
// TABLE, SHOW INDEX, and a table re-created from SHOW CREATE TABLE's
// text). Delete this file when upstream unwraps the table.

// ruleVirtualColumnIndexes is the id of virtualColumnIndexes, run in
// OnceAfterAll (installAfterAllRules).
const ruleVirtualColumnIndexes analyzer.RuleId = 10_013

// virtualColumnIndexes fills the index lists of SHOW CREATE TABLE and SHOW
// INDEX for a simsql table behind a plan.VirtualColumnTable.
func virtualColumnIndexes(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	switch x := n.(type) {
	case *plan.ShowCreateTable:
		return showCreateIndexes(ctx, a, x)
	case *showCreatePrefixKey: // compat_prefix_primary_key.go, compat_show_create_virtual.go
		sc, same, err := showCreateIndexes(ctx, a, x.ShowCreateTable)
		if err != nil || same {
			return n, transform.SameTree, err
		}
		return &showCreatePrefixKey{ShowCreateTable: sc.(*plan.ShowCreateTable)}, transform.NewTree, nil
	case *plan.ShowIndexes:
		if len(x.IndexesToShow) > 0 {
			return n, transform.SameTree, nil
		}
		idx, err := wrappedIndexes(ctx, x.Child)
		if err != nil || idx == nil {
			return n, transform.SameTree, err
		}
		c := *x
		c.IndexesToShow = idx
		return &c, transform.NewTree, nil
	}
	return n, transform.SameTree, nil
}

// wrappedIndexes returns the indexes (not the generated ones) of the
// simsql table of node n when it is behind a plan.VirtualColumnTable; nil
// otherwise.
func wrappedIndexes(ctx *sql.Context, n sql.Node) ([]sql.Index, error) {
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return nil, nil
	}
	if _, ok := plan.FindVirtualColumnTable(rt.Table); !ok {
		return nil, nil
	}
	t, ok := simsqlTable(rt.Table)
	if !ok {
		return nil, nil
	}
	all, err := t.GetIndexes(ctx)
	if err != nil {
		return nil, err
	}
	var out []sql.Index
	for _, i := range all {
		if !i.IsGenerated() {
			out = append(out, i)
		}
	}
	return out, nil
}

// showCreateIndexes is virtualColumnIndexes for SHOW CREATE TABLE x; it
// also gives x the table's checks (compat_virtual_column_checks.go).
func showCreateIndexes(ctx *sql.Context, a *analyzer.Analyzer, x *plan.ShowCreateTable) (sql.Node, transform.TreeIdentity, error) {
	if x.IsView {
		return x, transform.SameTree, nil
	}
	n, same, err := withVirtualChecks(ctx, a, x, x.Child, true)
	if err != nil {
		return nil, transform.SameTree, err
	}
	x = n.(*plan.ShowCreateTable)
	if len(x.Indexes) > 0 {
		return x, same, nil
	}
	idx, err := wrappedIndexes(ctx, x.Child)
	if err != nil || idx == nil {
		return x, same, err
	}
	c := *x
	c.Indexes = idx
	return &c, transform.NewTree, nil
}
