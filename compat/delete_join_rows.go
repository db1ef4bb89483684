package compat

// Fault (go-mysql-server v0.20.0): a multi-table DELETE (DELETE a FROM a
// JOIN b …, DELETE a, b FROM …) reports one row affected per row of the
// join, not per row deleted: DELETE a FROM a JOIN b ON a.x = b.y with a
// row of a matching three of b said 3 where MySQL says 1, and DELETE a, b
// of that row and its three said 3 where MySQL says 4 (each table's rows
// deleted, counted once). deleteJoin builds such a DELETE with its join
// under deleteTargets, which counts the distinct rows of each target, and
// the OK result's rows affected that count. Pinned by
// TestDeleteJoinRowsAffected (sqltests, also on MariaDB).

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// deleteJoin builds n, if it is a DELETE with explicit targets, with its
// rows affected the number of distinct target rows deleted; ok is false
// for any other node (and for one already rewritten).
func (o *execOverrides) deleteJoin(ctx *sql.Context, n sql.Node, r sql.Row) (it sql.RowIter, ok bool, err error) {
	d, isDelete := n.(*plan.DeleteFrom)
	if !isDelete || !d.HasExplicitTargets() {
		return nil, false, nil
	}
	if _, done := d.Child.(*deleteTargets); done {
		return nil, false, nil
	}
	sch := d.Child.Schema()
	var spans [][2]int
	for _, target := range d.GetDeleteTargets() {
		start, end, found := sourceSpan(sch, targetName(target))
		if !found {
			return nil, false, nil // go-mysql-server reports it
		}
		spans = append(spans, [2]int{start, end})
	}
	counter := &deleteTargets{UnaryNode: plan.UnaryNode{Child: d.Child}, b: o.b, spans: spans, width: len(sch)}
	m, err := d.WithChildren(counter)
	if err != nil {
		return nil, true, err
	}
	it, err = o.b.Build(ctx, m, r)
	if err != nil {
		return nil, true, err
	}
	return &okResultIter{RowIter: it, edit: func(_ *sql.Context, ok *types.OkResult) {
		ok.RowsAffected = counter.count
	}}, true, nil
}

// targetName is the name a DELETE target's columns carry: its alias, or
// its table's name.
func targetName(target sql.Node) string {
	name := ""
	transform.Inspect(target, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.TableAlias:
			name = x.Name()
			return false
		case sql.Nameable:
			if name == "" {
				name = x.Name()
			}
		}
		return true
	})
	return name
}

// sourceSpan returns the columns [start, end) of sch whose source is
// name, as go-mysql-server's deleteIter finds a target's columns.
func sourceSpan(sch sql.Schema, name string) (start, end int, found bool) {
	for i, c := range sch {
		if strings.EqualFold(c.Source, name) {
			if !found {
				start, found = i, true
			}
			end = i + 1
		} else if found {
			break
		}
	}
	return start, end, found
}

// deleteTargets is a DELETE's join: its rows unchanged, while it counts
// the distinct rows of each target among them.
type deleteTargets struct {
	plan.UnaryNode
	b     sql.NodeExecBuilder
	spans [][2]int // each target's columns in the join's rows
	width int      // the join's columns (a row may have outer ones first)
	seen  []map[uint64]struct{}
	count uint64
}

var _ sql.ExecSourceRel = (*deleteTargets)(nil)

// RowIter implements sql.ExecSourceRel.
func (d *deleteTargets) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := d.b.Build(ctx, d.Child, r)
	if err != nil {
		return nil, err
	}
	d.seen = make([]map[uint64]struct{}, len(d.spans))
	for i := range d.seen {
		d.seen[i] = map[uint64]struct{}{}
	}
	return &deleteTargetsIter{RowIter: it, d: d}, nil
}

// WithChildren implements sql.Node.
func (d *deleteTargets) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	c := *d
	c.Child = children[0]
	return &c, nil
}

// IsReadOnly implements sql.Node.
func (d *deleteTargets) IsReadOnly() bool { return d.Child.IsReadOnly() }

// String implements fmt.Stringer.
func (d *deleteTargets) String() string { return d.Child.String() }

type deleteTargetsIter struct {
	sql.RowIter
	d *deleteTargets
}

// Next implements sql.RowIter.
func (it *deleteTargetsIter) Next(ctx *sql.Context) (sql.Row, error) {
	row, err := it.RowIter.Next(ctx)
	if err != nil {
		return nil, err
	}
	off := len(row) - it.d.width
	for i, s := range it.d.spans {
		h, err := sql.HashOf(ctx, row[off+s[0]:off+s[1]])
		if err != nil {
			return nil, err
		}
		if _, dup := it.d.seen[i][h]; !dup {
			it.d.seen[i][h] = struct{}{}
			it.d.count++
		}
	}
	return row, nil
}
