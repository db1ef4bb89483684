package compat

import (
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): SELECT DISTINCT, UNION (DISTINCT) and
// COUNT(DISTINCT …) find duplicates by hashing each value's bytes
// (sql.HashOf, iters.distinctIter, countDistinctBuffer), so under a case-
// or accent-insensitive collation 'Alice' and 'alice' are two values:
// COUNT(DISTINCT s) over TestCollationDifferential's 400 strings is 400,
// MariaDB's 368 to 371. MySQL compares them by the collation, as
// go-mysql-server's own GROUP BY does (rowexec.groupingKey hashes
// collation weights). GROUP BY, joins and IN (subquery) already compare by
// the collation.
//
// buildDistinct builds DISTINCT and UNION DISTINCT with distinctIter,
// which keys each row by its text columns' collation weights
// (sql.CollationID.WriteWeightString, as groupingKey), and gives
// COUNT(DISTINCT e) the weights of e (collationWeights) instead of e. The
// row DISTINCT keeps is the first of its values, as in MySQL. Rows of
// binary text only keep go-mysql-server's iterators. Pinned by
// CollationScripts "DISTINCT by the collation" and TestCollationDifferential.

// buildDistinct returns the iterator of n if n is one of the nodes above
// over a case- or accent-insensitive column; false otherwise.
func (o *execOverrides) buildDistinct(ctx *sql.Context, n sql.Node, r sql.Row) (sql.RowIter, bool, error) {
	switch n := n.(type) {
	case *plan.Distinct:
		return o.distinctOf(ctx, n.Child, r)
	case *plan.OrderedDistinct:
		return o.distinctOf(ctx, n.Child, r)
	case *plan.SetOp:
		if !n.Distinct || n.SetOpType != plan.UnionType || !needsExact(n.Schema()) {
			return nil, false, nil
		}
		u := *n
		u.Distinct, u.Limit, u.Offset, u.SortFields = false, nil, nil, nil
		var m sql.Node = &distinctNode{child: &u, b: o.b}
		if len(n.SortFields) > 0 {
			m = plan.NewSort(n.SortFields, m)
		}
		if n.Offset != nil {
			m = plan.NewOffset(n.Offset, m)
		}
		if n.Limit != nil {
			m = plan.NewLimit(n.Limit, m)
		}
		it, err := o.b.Build(ctx, m, r)
		return it, true, err
	case *plan.GroupBy:
		changed := false
		exprs := make([]sql.Expression, len(n.SelectedExprs))
		for i, e := range n.SelectedExprs {
			ne, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				cd, ok := e.(*aggregation.CountDistinct)
				if !ok {
					return e, transform.SameTree, nil
				}
				args := cd.Children()
				nargs := make([]sql.Expression, len(args))
				any := false
				for j, a := range args {
					nargs[j] = a
					if st, ok := a.Type().(sql.StringType); ok && !isBinaryCollation(st.Collation()) {
						nargs[j] = &collationWeights{expression.UnaryExpression{Child: a}, st}
						any = true
					}
				}
				if !any {
					return e, transform.SameTree, nil
				}
				ncd, err := cd.WithChildren(nargs...)
				if err != nil {
					return nil, transform.SameTree, err
				}
				return ncd.(*aggregation.CountDistinct).WithId(cd.Id()).(sql.Expression), transform.NewTree, nil
			})
			if err != nil {
				return nil, true, err
			}
			exprs[i] = ne
			changed = changed || same == transform.NewTree
		}
		if !changed {
			return nil, false, nil
		}
		g := *n
		g.SelectedExprs = exprs
		it, err := o.b.Build(ctx, &g, r)
		return it, true, err
	}
	return nil, false, nil
}

// distinctOf returns DISTINCT of child's rows by the collation.
func (o *execOverrides) distinctOf(ctx *sql.Context, child sql.Node, r sql.Row) (sql.RowIter, bool, error) {
	sch := child.Schema()
	if !needsExact(sch) {
		return nil, false, nil
	}
	it, err := o.b.Build(ctx, child, r)
	if err != nil {
		return nil, true, err
	}
	return &distinctIter{child: it, sch: sch, seen: map[string]struct{}{}}, true, nil
}

// distinctNode is DISTINCT by the collation of child's rows, built by b.
type distinctNode struct {
	child sql.Node
	b     sql.NodeExecBuilder
}

var _ sql.ExecSourceRel = (*distinctNode)(nil)

func (d *distinctNode) Resolved() bool       { return d.child.Resolved() }
func (d *distinctNode) String() string       { return "Distinct(" + d.child.String() + ")" }
func (d *distinctNode) Schema() sql.Schema   { return d.child.Schema() }
func (d *distinctNode) Children() []sql.Node { return []sql.Node{d.child} }
func (d *distinctNode) IsReadOnly() bool     { return d.child.IsReadOnly() }

// WithChildren implements sql.Node.
func (d *distinctNode) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 1)
	}
	return &distinctNode{child: children[0], b: d.b}, nil
}

// RowIter implements sql.ExecSourceRel.
func (d *distinctNode) RowIter(ctx *sql.Context, r sql.Row) (sql.RowIter, error) {
	it, err := d.b.Build(ctx, d.child, r)
	if err != nil {
		return nil, err
	}
	return &distinctIter{child: it, sch: d.child.Schema(), seen: map[string]struct{}{}}, nil
}

// distinctIter returns the first row of each distinct key (rowKey).
type distinctIter struct {
	child sql.RowIter
	sch   sql.Schema
	seen  map[string]struct{}
	buf   strings.Builder
}

// Next implements sql.RowIter.
func (d *distinctIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		row, err := d.child.Next(ctx)
		if err != nil {
			return nil, err
		}
		k, err := d.rowKey(ctx, row)
		if err != nil {
			return nil, err
		}
		if _, ok := d.seen[k]; ok {
			continue
		}
		d.seen[k] = struct{}{}
		return row, nil
	}
}

// Close implements sql.RowIter.
func (d *distinctIter) Close(ctx *sql.Context) error { return d.child.Close(ctx) }

// rowKey returns a key equal for two rows exactly when every column is
// equal: text of a non-binary collation by its weights, NULL as NULL,
// other values as sql.HashOf formats them; each part is length-prefixed.
func (d *distinctIter) rowKey(ctx *sql.Context, row sql.Row) (string, error) {
	d.buf.Reset()
	for i, v := range row {
		v, err := sql.UnwrapAny(ctx, v)
		if err != nil {
			return "", err
		}
		var part string
		switch st, ok := typeAt(d.sch, i).(sql.StringType); {
		case v == nil:
			d.buf.WriteByte('N')
			continue
		case ok && !isBinaryCollation(st.Collation()):
			part, err = weightsOf(ctx, st, v)
			if err != nil {
				return "", err
			}
		default:
			part = fmt.Sprintf("%v", v)
		}
		var n [binary.MaxVarintLen64]byte
		d.buf.WriteByte('V')
		d.buf.Write(n[:binary.PutUvarint(n[:], uint64(len(part)))])
		d.buf.WriteString(part)
	}
	return d.buf.String(), nil
}

func typeAt(sch sql.Schema, i int) sql.Type {
	if i < len(sch) {
		return sch[i].Type
	}
	return nil
}

// weightsOf returns v's collation weights under st as bytes in a string.
func weightsOf(ctx *sql.Context, st sql.StringType, v interface{}) (string, error) {
	s, err := types.ConvertToString(ctx, v, st, nil)
	if err != nil {
		return "", err
	}
	var b strings.Builder
	if err := st.Collation().WriteWeightString(io.Writer(&b), s); err != nil {
		return "", err
	}
	return b.String(), nil
}

// collationWeights is the argument of COUNT(DISTINCT e) for a text e of a
// non-binary collation: the hexadecimal of e's weights under its
// collation (equal exactly when the values are equal by the collation),
// or NULL for NULL.
type collationWeights struct {
	expression.UnaryExpression
	st sql.StringType
}

var _ sql.Expression = (*collationWeights)(nil)

// Type implements sql.Expression.
func (c *collationWeights) Type() sql.Type { return types.LongText }

// IsNullable implements sql.Expression.
func (c *collationWeights) IsNullable() bool { return c.Child.IsNullable() }

// String implements sql.Expression.
func (c *collationWeights) String() string { return c.Child.String() }

// Eval implements sql.Expression.
func (c *collationWeights) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	v, err := c.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	if v, err = sql.UnwrapAny(ctx, v); err != nil || v == nil {
		return nil, err
	}
	w, err := weightsOf(ctx, c.st, v)
	if err != nil {
		return nil, err
	}
	return hex.EncodeToString([]byte(w)), nil
}

// WithChildren implements sql.Expression.
func (c *collationWeights) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(c, len(children), 1)
	}
	return &collationWeights{expression.UnaryExpression{Child: children[0]}, c.st}, nil
}
