package compat

// Fault (go-mysql-server v0.20.0): the OK packet of an INSERT of several
// rows, INSERT … SELECT, REPLACE and ALTER TABLE carries no info string;
// MySQL 8 and MariaDB send "Records: 3  Duplicates: 0  Warnings: 0"
// (ER_INSERT_INFO), LOAD DATA "Records: 3  Deleted: 0  Skipped: 0
// Warnings: 0" (ER_LOAD_INFO), which clients print and some tools parse. Records is
// the rows the statement read (an INSERT: its source rows; an ALTER: the
// rows it copied), Duplicates the rows an IGNORE skipped, an ON DUPLICATE
// KEY UPDATE changed or a REPLACE deleted. An INSERT or REPLACE of a
// single VALUES row (or SET) sends none. Nor did REPLACE count each row it
// deleted (catalog/compat_replace_rows.go). okInfo builds the statement's
// root with the info string and REPLACE's rows affected. Pinned by
// TestOKInfo (sqltests/rawproto_test.go, also on MariaDB) and
// CompatFaultScripts "REPLACE rows affected" (also on MariaDB). Delete this file when upstream
// sends them.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/statement"
)

// ReplacedRows is a session that counts the rows its REPLACE statements
// delete (catalog.Session).
type ReplacedRows interface {
	ReplacedRows() uint64
}

// insertInfo is ER_INSERT_INFO's info string, or with load ER_LOAD_INFO's
// (LOAD DATA: "Records: 3  Deleted: 0  Skipped: 0  Warnings: 0", the
// rows a REPLACE deleted and those an IGNORE skipped).
type insertInfo struct {
	records, duplicates, warnings uint64
	load, replace                 bool
}

// String implements fmt.Stringer.
func (i insertInfo) String() string {
	if i.load {
		deleted, skipped := uint64(0), i.duplicates
		if i.replace {
			deleted, skipped = i.duplicates, 0
		}
		return fmt.Sprintf("Records: %d  Deleted: %d  Skipped: %d  Warnings: %d", i.records, deleted, skipped, i.warnings)
	}
	return fmt.Sprintf("Records: %d  Duplicates: %d  Warnings: %d", i.records, i.duplicates, i.warnings)
}

// okInfo builds n, the root of a statement, if it is an INSERT, REPLACE or
// ALTER TABLE, with its OK result's info string; ok is false for any
// other node.
func okInfo(ctx *sql.Context, b sql.NodeExecBuilder, n sql.Node, r sql.Row) (it sql.RowIter, ok bool, err error) {
	if ins, isInsert := n.(*plan.InsertInto); isInsert && len(ins.Returning) == 0 {
		if _, done := ins.Source.(*countedSource); !done {
			return insertInfoIter(ctx, b, ins, r)
		}
	}
	if first, rest := statement.NextKeyword(ctx.Query()); first == "alter" || first == "create" {
		if second, _ := statement.NextKeyword(rest); second == "table" && (first == "alter" || isTableCopier(n)) {
			it, err = b.Build(ctx, n, r)
			if err != nil {
				return nil, true, err
			}
			return &okResultIter{RowIter: it, edit: func(ctx *sql.Context, ok *types.OkResult) {
				ok.Info = insertInfo{records: ok.RowsAffected, warnings: uint64(ctx.Session.WarningCount())}
			}}, true, nil
		}
	}
	return nil, false, nil
}

// isTableCopier reports whether n is CREATE TABLE … SELECT.
func isTableCopier(n sql.Node) bool {
	_, ok := n.(*plan.TableCopier)
	return ok
}

// insertInfoIter builds ins with its source counted.
func insertInfoIter(ctx *sql.Context, b sql.NodeExecBuilder, ins *plan.InsertInto, r sql.Row) (sql.RowIter, bool, error) {
	source := ins.Source
	if p, isProject := source.(*plan.Project); isProject {
		source = p.Child
	}
	v, isValues := source.(*plan.Values)
	single := isValues && len(v.ExpressionTuples) == 1
	src := &countedSource{UnaryNode: plan.UnaryNode{Child: ins.Source}, b: b}
	counter, _ := ctx.Session.(ReplacedRows)
	var before uint64
	if counter != nil {
		before = counter.ReplacedRows()
	}
	it, err := b.Build(ctx, ins.WithSource(src), r)
	if err != nil {
		return nil, true, err
	}
	edit := func(ctx *sql.Context, ok *types.OkResult) {
		info := insertInfo{records: src.rows, warnings: uint64(ctx.Session.WarningCount()),
			load: statement.LeadingKeyword(ctx.Query()) == "load", replace: ins.IsReplace}
		switch {
		case ins.IsReplace && counter != nil:
			info.duplicates = counter.ReplacedRows() - before
			ok.RowsAffected = info.records + info.duplicates
			ctx.SetLastQueryInfoInt(sql.RowCount, int64(ok.RowsAffected))
		case len(ins.OnDupExprs) > 0:
			// A row updated counts 2 rows affected, one inserted 1 (one
			// whose update changed nothing: 0, taken as inserted).
			if ok.RowsAffected > info.records {
				info.duplicates = ok.RowsAffected - info.records
			}
		case (ins.Ignore || info.load) && info.records > ok.RowsAffected:
			info.duplicates = info.records - ok.RowsAffected
		}
		if !single {
			ok.Info = info
		}
	}
	return &okResultIter{RowIter: it, edit: edit}, true, nil
}

// countedSource is an INSERT's source: its rows unchanged, while it counts
// them.
type countedSource struct {
	plan.UnaryNode
	b    sql.NodeExecBuilder
	rows uint64
}

var _ sql.ExecSourceRel = (*countedSource)(nil)

// RowIter implements sql.ExecSourceRel.
func (c *countedSource) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := c.b.Build(ctx, c.Child, r)
	if err != nil {
		return nil, err
	}
	return &countedSourceIter{RowIter: it, c: c}, nil
}

// WithChildren implements sql.Node.
func (c *countedSource) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	d := *c
	d.Child = children[0]
	return &d, nil
}

// IsReadOnly implements sql.Node.
func (c *countedSource) IsReadOnly() bool { return c.Child.IsReadOnly() }

// String implements fmt.Stringer.
func (c *countedSource) String() string { return c.Child.String() }

type countedSourceIter struct {
	sql.RowIter
	c *countedSource
}

// Next implements sql.RowIter.
func (it *countedSourceIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err == nil {
		it.c.rows++
	}
	return row, err
}

// okResultIter is a statement's iterator whose OK result edit changes
// (the info string, rows affected of a multi-table DELETE). It
// is a sql.MutableRowIter so that go-mysql-server's accumulator, which
// makes the OK result, goes under it.
type okResultIter struct {
	sql.RowIter
	edit func(*sql.Context, *types.OkResult)
}

var _ sql.MutableRowIter = (*okResultIter)(nil)

// Next implements sql.RowIter.
func (it *okResultIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err == nil && types.IsOkResult(row) {
		ok := types.GetOkResult(row)
		it.edit(ctx, &ok)
		return sql.NewRow(ok), nil
	}
	return row, err
}

// GetChildIter implements sql.MutableRowIter.
func (it *okResultIter) GetChildIter() sql.RowIter { return it.RowIter }

// WithChildIter implements sql.MutableRowIter.
func (it *okResultIter) WithChildIter(child sql.RowIter) sql.RowIter {
	return &okResultIter{RowIter: child, edit: it.edit}
}
