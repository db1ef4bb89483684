package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): SHOW INDEX (INDEXES, KEYS) put an
// index's COMMENT in the Comment column and left Index_comment empty, gave
// every column the Collation NULL and every prefix index the Sub_part NULL.
// MySQL 8 (and MariaDB) put the COMMENT in Index_comment (Comment is for
// notes such as "disabled"), give Collation 'A' (ascending) for a column of
// an ordered index and NULL for a FULLTEXT one, and Sub_part the prefix
// length in characters (NULL for a whole column), as
// information_schema.STATISTICS already does here. ORMs read these columns
// from SHOW INDEX (Rails' SHOW KEYS: Sub_part for the lengths of a schema
// dump, Index_comment for comments; Sequelize's showIndex), and a custom
// index's COMMENT is its definition ('simhash k=3'). Pinned by
// CompatFaultScripts "SHOW INDEX columns as MySQL's" (also on MariaDB) and
// GeneratedScripts' SHOW INDEX rows. Left: SHOW INDEX … WHERE is parsed
// but its condition ignored (go-mysql-server's planbuilder drops it), and
// Cardinality is 0.

// ruleShowIndexes is the id of showIndexes, a post-analysis rule.
const ruleShowIndexes analyzer.RuleId = 10_212

// The columns of SHOW INDEX's rows this file sets (plan.ShowIndexes'
// schema).
const (
	showIndexCollation    = 5
	showIndexSubPart      = 7
	showIndexComment      = 11
	showIndexIndexComment = 12
)

// showIndexes replaces SHOW INDEX nodes with mysqlShowIndexes.
func showIndexes(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if si, ok := n.(*plan.ShowIndexes); ok {
			return &mysqlShowIndexes{ShowIndexes: si}, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// mysqlShowIndexes is SHOW INDEX whose rows carry MySQL's Collation,
// Sub_part, Comment and Index_comment.
type mysqlShowIndexes struct {
	*plan.ShowIndexes
}

var _ sql.ExecSourceRel = (*mysqlShowIndexes)(nil)

// WithChildren implements sql.Node, keeping the wrapper.
func (n *mysqlShowIndexes) WithChildren(children ...sql.Node) (sql.Node, error) {
	c, err := n.ShowIndexes.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	if si, ok := c.(*plan.ShowIndexes); ok {
		return &mysqlShowIndexes{ShowIndexes: si}, nil
	}
	return c, nil
}

// RowIter implements sql.ExecSourceRel: go-mysql-server's rows, one per
// expression of each index of IndexesToShow in order, with the columns
// above set from the index.
func (n *mysqlShowIndexes) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	if _, ok := n.Child.(*plan.ResolvedTable); !ok {
		return sql.RowsToRowIter(), nil // go-mysql-server's iterator reads a resolved table only
	}
	iter, err := rowexec.DefaultBuilder.Build(ctx, n.ShowIndexes, row)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return nil, err
	}
	i := 0
	for _, idx := range n.IndexesToShow {
		lengths := idx.PrefixLengths()
		for j := range idx.Expressions() {
			if i >= len(rows) || len(rows[i]) <= showIndexIndexComment {
				return sql.RowsToRowIter(rows...), nil
			}
			r := rows[i]
			i++
			r[showIndexCollation] = "A"
			if idx.IsFullText() {
				r[showIndexCollation] = nil
			}
			r[showIndexSubPart] = nil
			if j < len(lengths) && lengths[j] > 0 {
				r[showIndexSubPart] = int64(lengths[j])
			}
			r[showIndexComment] = ""
			r[showIndexIndexComment] = idx.Comment()
		}
	}
	return sql.RowsToRowIter(rows...), nil
}
