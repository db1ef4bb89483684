package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
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
// GeneratedScripts' SHOW INDEX rows. SHOW INDEX … WHERE: show_index_where.go.
// Left: Cardinality is 0.

// The columns of SHOW INDEX's rows this file sets (plan.ShowIndexes'
// schema).
const (
	showIndexCollation    = 5
	showIndexSubPart      = 7
	showIndexComment      = 11
	showIndexIndexComment = 12
)

// showIndexes builds n, a SHOW INDEX, as go-mysql-server does, then sets
// the columns above in its rows (one per expression of each index of
// IndexesToShow, in order) from the index; ok is false for any other node.
// It runs when the statement is built, after every analyzer rule (the
// catalog's fills IndexesToShow for a table with a VIRTUAL column).
func showIndexes(ctx *sql.Context, n sql.Node, row sql.Row) (it sql.RowIter, ok bool, err error) {
	si, isShow := n.(*plan.ShowIndexes)
	if !isShow {
		return nil, false, nil
	}
	iter, err := rowexec.DefaultBuilder.Build(ctx, si, row)
	if err != nil {
		return nil, true, err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return nil, true, err
	}
	i := 0
	for _, idx := range si.IndexesToShow {
		lengths := idx.PrefixLengths()
		for j := range idx.Expressions() {
			if i >= len(rows) || len(rows[i]) <= showIndexIndexComment {
				return sql.RowsToRowIter(rows...), true, nil
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
	return sql.RowsToRowIter(rows...), true, nil
}
