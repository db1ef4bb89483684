package compat

import (
	"bytes"
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// Fault (go-mysql-server v0.20.0): UPDATE compares each row's old and new
// values with sql.Row.Equals, that is with each column's collation, and
// skips a row it finds unchanged (rowexec.updateIter.Next; UPDATE … JOIN
// in updateJoinIter.Next), so `UPDATE t SET name = 'Alice'` on a row
// holding 'alice' in a case-insensitive column writes nothing and reports
// "Rows matched: 1  Changed: 0". MySQL compares the bytes: it writes
// 'Alice' and reports one row changed. The same comparison counts the
// rows changed (updateRowHandler, updateJoinRowHandler).
//
// rewriteUpdate gives those comparisons schemas whose text columns compare
// byte by byte: a single-table UPDATE reads its table through
// exactUpdatable, an UPDATE … JOIN its join through a projection of the
// same columns typed exactType. Nothing else reads those schemas'
// types. Not covered: the rows-affected count of INSERT … ON DUPLICATE
// KEY UPDATE (the row itself is written), and an UPDATE inside a trigger
// or stored procedure, which go-mysql-server builds without the engine's
// builder. Pinned by CollationScripts "UPDATE of case or accents only".

// rewriteUpdate returns n with its compared schema made byte-exact, or
// false if n is not an UPDATE or is one already rewritten.
func (o *execOverrides) rewriteUpdate(n sql.Node) (sql.Node, bool) {
	u, ok := n.(*plan.Update)
	if !ok {
		return nil, false
	}
	switch c := u.Child.(type) {
	case *exactUpdatable:
		return nil, false
	case *plan.UpdateJoin:
		src, ok := c.Child.(*plan.UpdateSource)
		if !ok || !needsExact(src.Child.Schema()) {
			return nil, false
		}
		sch := src.Child.Schema()
		fields := make([]sql.Expression, len(sch))
		for i, col := range sch {
			fields[i] = expression.NewGetFieldWithTable(i, 0, exactSchema(sch[i : i+1])[0].Type, col.DatabaseSource, col.Source, col.Name, col.Nullable)
		}
		nsrc, err := src.WithChildren(plan.NewProject(fields, src.Child))
		if err != nil {
			return nil, false
		}
		nj, err := c.WithChildren(nsrc)
		if err != nil {
			return nil, false
		}
		m, err := u.WithChildren(nj)
		return m, err == nil
	default:
		t, err := plan.GetUpdatable(u.Child)
		if err != nil || !needsExact(t.Schema()) {
			return nil, false
		}
		m, err := u.WithChildren(&exactUpdatable{child: u.Child, table: t, b: o.b})
		return m, err == nil
	}
}

// needsExact reports whether sch has a column whose type compares values
// of different bytes as equal: text of a collation other than a binary one.
func needsExact(sch sql.Schema) bool {
	for _, c := range sch {
		if st, ok := c.Type.(sql.StringType); ok && !isBinaryCollation(st.Collation()) {
			return true
		}
	}
	return false
}

// isBinaryCollation reports whether c compares code points or bytes
// (binary, and the _bin collations).
func isBinaryCollation(c sql.CollationID) bool {
	return c == sql.Collation_binary || strings.HasSuffix(c.Name(), "_bin")
}

// exactSchema returns a copy of sch whose text columns compare by bytes
// (exactType); other columns are unchanged.
func exactSchema(sch sql.Schema) sql.Schema {
	out := make(sql.Schema, len(sch))
	for i, c := range sch {
		cc := *c
		if st, ok := c.Type.(sql.StringType); ok && !isBinaryCollation(st.Collation()) {
			cc.Type = exactType{c.Type}
		}
		out[i] = &cc
	}
	return out
}

// exactType is a text type whose Compare compares the values' bytes; it
// is the type it wraps in every other respect. Two NULLs are equal; NULL
// sorts first.
type exactType struct{ wrappedType }

// wrappedType names sql.Type as an embedded field (sql.Type has a method Type).
type wrappedType = sql.Type

// Compare implements sql.Type.
func (t exactType) Compare(ctx context.Context, a, b interface{}) (int, error) {
	a, err := sql.UnwrapAny(ctx, a)
	if err != nil {
		return 0, err
	}
	b, err = sql.UnwrapAny(ctx, b)
	if err != nil {
		return 0, err
	}
	switch {
	case a == nil && b == nil:
		return 0, nil
	case a == nil:
		return -1, nil
	case b == nil:
		return 1, nil
	}
	ab, aok := textBytes(a)
	bb, bok := textBytes(b)
	if !aok || !bok {
		return t.wrappedType.Compare(ctx, a, b)
	}
	return bytes.Compare(ab, bb), nil
}

// textBytes returns v's bytes if v is a string or []byte.
func textBytes(v interface{}) ([]byte, bool) {
	switch v := v.(type) {
	case string:
		return []byte(v), true
	case []byte:
		return v, true
	}
	return nil, false
}

// exactUpdatable is the table a single-table UPDATE writes, seen by
// go-mysql-server's update iterator (plan.GetUpdatable returns a node
// that is an sql.UpdatableTable itself): its Schema is the table's, made
// byte-exact by exactSchema; its rows are child's, built by b.
type exactUpdatable struct {
	child sql.Node
	table sql.UpdatableTable
	b     sql.NodeExecBuilder
}

var (
	_ sql.UpdatableTable = (*exactUpdatable)(nil)
	_ sql.ExecSourceRel  = (*exactUpdatable)(nil)
)

// Name implements sql.Nameable.
func (e *exactUpdatable) Name() string { return e.table.Name() }

// String implements fmt.Stringer.
func (e *exactUpdatable) String() string { return e.child.String() }

// Schema implements sql.Node and sql.Table.
func (e *exactUpdatable) Schema() sql.Schema { return exactSchema(e.table.Schema()) }

// Collation implements sql.Table.
func (e *exactUpdatable) Collation() sql.CollationID { return e.table.Collation() }

// Partitions implements sql.Table.
func (e *exactUpdatable) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	return e.table.Partitions(ctx)
}

// PartitionRows implements sql.Table.
func (e *exactUpdatable) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	return e.table.PartitionRows(ctx, p)
}

// Updater implements sql.UpdatableTable. A foreign-key handler's updater
// is wrapped, since go-mysql-server counts changed rows with the
// handler's own schema when it sees one.
func (e *exactUpdatable) Updater(ctx *sql.Context) sql.RowUpdater {
	u := e.table.Updater(ctx)
	if _, ok := u.(*plan.ForeignKeyHandler); ok {
		return struct{ sql.RowUpdater }{u}
	}
	return u
}

// Resolved implements sql.Node.
func (e *exactUpdatable) Resolved() bool { return e.child.Resolved() }

// Children implements sql.Node.
func (e *exactUpdatable) Children() []sql.Node { return []sql.Node{e.child} }

// WithChildren implements sql.Node.
func (e *exactUpdatable) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 1)
	}
	c := *e
	c.child = children[0]
	return &c, nil
}

// IsReadOnly implements sql.Node.
func (e *exactUpdatable) IsReadOnly() bool { return false }

// RowIter implements sql.ExecSourceRel: child's rows.
func (e *exactUpdatable) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	return e.b.Build(ctx, e.child, r)
}
