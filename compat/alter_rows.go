package compat

// Fault (go-mysql-server v0.20.0): every ALTER TABLE reports 0 rows
// affected. MySQL 8 (InnoDB) reports the rows it copied when it runs the
// ALTER with ALGORITHM=COPY, and 0 for one it runs in place or instantly:
// ALTER TABLE t MODIFY v BIGINT over 4 rows of INT, ADD COLUMN g … AS (…)
// STORED and DROP PRIMARY KEY (without a new one) say 4 rows affected;
// ADD COLUMN, ADD INDEX, RENAME COLUMN, a longer VARCHAR, a new DEFAULT
// and ADD PRIMARY KEY say 0 (MariaDB 10.11 answers the same). alterRows
// gives the copying ALTERs the table's row count, counted before the
// ALTER runs; an ALTER of several changes, one of which copies, the same
// (go-mysql-server reports its last change's). Pinned by TestAlterRowsAffected (sqltests, also on
// MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/statement"
)

// alterRows builds n, if it is an ALTER TABLE that MySQL copies the table
// for, with its rows affected the table's row count; ok is false for any
// other node.
func alterRows(ctx *sql.Context, n sql.Node, r sql.Row) (it sql.RowIter, ok bool, err error) {
	table, copies := alterCopies(n)
	if b, isBlock := n.(*plan.Block); isBlock && statement.LeadingKeyword(ctx.Query()) == "alter" {
		// ALTER TABLE with several changes, one node each: MySQL runs them
		// as one ALTER, which copies the table if one of them does
		// (go-mysql-server answers with the last node's result).
		for _, c := range b.Children() {
			if table, copies = alterCopies(c); copies {
				break
			}
		}
	}
	if !copies {
		return nil, false, nil
	}
	rows, err := countRows(ctx, table)
	if err != nil {
		return nil, true, err
	}
	it, err = rowexec.DefaultBuilder.Build(ctx, n, r)
	if err != nil {
		return nil, true, err
	}
	return &rowsAffectedIter{RowIter: it, rows: rows}, true, nil
}

// alterCopies returns the table of n and whether n is an ALTER TABLE that
// MySQL 8 runs with ALGORITHM=COPY: a column's type changed (not only
// made longer, as VARCHAR(10) to VARCHAR(20) is in place), a stored
// generated column added, the primary key dropped.
func alterCopies(n sql.Node) (sql.Table, bool) {
	var tableNode sql.Node
	copies := false
	switch x := n.(type) {
	case *plan.ModifyColumn:
		tableNode = x.Table
		if old := columnOf(x.Table, x.Column()); old != nil {
			copies = typeChangeCopies(old.Type, x.NewColumn().Type)
		}
	case *plan.AddColumn:
		tableNode = x.Table
		c := x.Column()
		copies = c.Generated != nil && !c.Virtual
	case *plan.AlterPK:
		tableNode = x.Table
		copies = x.Action == plan.PrimaryKeyAction_Drop
	}
	if !copies {
		return nil, false
	}
	rt, ok := tableNode.(sql.TableNode)
	if !ok {
		return nil, false
	}
	return rt.UnderlyingTable(), true
}

// columnOf returns the column named name of table node n, nil if none.
func columnOf(n sql.Node, name string) *sql.Column {
	if n == nil {
		return nil
	}
	sch := n.Schema()
	if i := sch.IndexOfColName(name); i >= 0 {
		return sch[i]
	}
	return nil
}

// typeChangeCopies reports whether MySQL copies the table to change a
// column of type from to type to: for another type, signedness, character
// set or collation, a shorter length, or another precision or scale.
func typeChangeCopies(from, to sql.Type) bool {
	if from.Type() != to.Type() {
		return true
	}
	if fs, ok := from.(sql.StringType); ok {
		ts := to.(sql.StringType)
		// No collation given (go-mysql-server's Collation_Unspecified): the
		// column keeps the table's.
		collated := ts.Collation() != sql.Collation_Unspecified && ts.Collation() != fs.Collation()
		return collated || ts.MaxCharacterLength() < fs.MaxCharacterLength()
	}
	if fd, ok := from.(sql.DecimalType); ok {
		td := to.(sql.DecimalType)
		return fd.Precision() != td.Precision() || fd.Scale() != td.Scale()
	}
	if types.IsEnum(from) || types.IsSet(from) {
		return !types.TypesEqual(from, to)
	}
	return false
}

// countRows returns the number of rows of t: its statistics' count when it
// keeps an exact one (simsql's tables: exact though reported as not, see
// catalog.Table.RowCount), else a count of its rows. The count goes by the
// table, not by the handle the plan holds, which an earlier ALTER of the
// same statement (ALTER TABLE t ADD c INT, MODIFY b BIGINT) has rewritten:
// a scan through that handle found its rows gone (1146 'Table … doesn't
// exist'; TestAlterRowsAffected).
func countRows(ctx *sql.Context, t sql.Table) (uint64, error) {
	if st, ok := t.(exactRowCounter); ok {
		return st.ExactRowCount(ctx)
	}
	var n uint64
	err := eachRow(ctx, t, func(sql.Row) error { n++; return nil }) // stmt_tables.go
	return n, err
}

// rowsAffectedIter is an ALTER's iterator whose OK result says rows rows
// affected.
type rowsAffectedIter struct {
	sql.RowIter
	rows uint64
}

// Next implements sql.RowIter.
func (it *rowsAffectedIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err == nil && types.IsOkResult(row) {
		ok := types.GetOkResult(row)
		ok.RowsAffected = it.rows
		return sql.NewRow(ok), nil
	}
	return row, err
}

// exactRowCounter is a table that counts its rows exactly, as its current
// version (the catalog's tables).
type exactRowCounter interface {
	ExactRowCount(ctx *sql.Context) (uint64, error)
}
