package compat

// Fault (go-mysql-server v0.20.0): a UNION (or INTERSECT, EXCEPT) column of
// a BIGINT UNSIGNED and a signed integer converts both sides to BIGINT
// (GetConvertToType: "signed"), which clamps 18446744073709551615 to
// 9223372036854775807: in SELECT u … UNION ALL SELECT s …, in SELECT -1
// UNION ALL SELECT u, through a CTE, and in INSERT … SELECT … UNION, which
// stored the clamped value. MySQL 8 (Item_aggregate_type) makes the column
// DECIMAL(20,0), which holds both ranges. The rule unionTypes converts
// both sides of such a column to DECIMAL(20,0) instead, and retypes the
// references above the set operation (ORDER BY, a derived table's or
// CTE's columns, MAX and MIN of them, aliases) by column id, and
// CREATE TABLE … AS SELECT's column. Pinned by
// TestUnionTypes and NumericExactScripts "UNION of BIGINT UNSIGNED and
// BIGINT keeps both ranges".

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// ruleUnionTypes is the id of unionTypes.
const ruleUnionTypes analyzer.RuleId = 10_231

// unionDecimal is DECIMAL(20,0), MySQL's type of a column of a BIGINT
// UNSIGNED and a signed integer.
var unionDecimal = types.MustCreateDecimalType(20, 0)

// unionTypes gives each set operation's column that go-mysql-server
// converts to BIGINT from a BIGINT UNSIGNED and a signed integer the type
// DECIMAL(20,0) on both sides, and the references to it that type. A plan
// it cannot make consistent (a side it cannot convert) is left as it was.
func unionTypes(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	r := &unionRetyper{typed: map[sql.ColumnId]sql.Type{}}
	out, err := r.node(n)
	if err != nil || !r.changed || !consistentSetOps(out) {
		return n, transform.SameTree, err
	}
	if ct, ok := out.(*plan.CreateTable); ok && ct.Select() != nil {
		return createSelectTypes(ct)
	}
	return out, transform.NewTree, nil
}

// unionRetyper walks a plan bottom-up, so that a set operation's column
// ids are recorded (typed) after its sides are converted and before the
// references above it are retyped.
type unionRetyper struct {
	typed   map[sql.ColumnId]sql.Type
	changed bool // a set operation's column was converted
}

// node returns n with its children, expressions and subqueries retyped.
func (r *unionRetyper) node(n sql.Node) (sql.Node, error) {
	children := n.Children()
	var nc []sql.Node
	for i, c := range children {
		c2, err := r.node(c)
		if err != nil {
			return nil, err
		}
		if c2 != c {
			if nc == nil {
				nc = append([]sql.Node{}, children...)
			}
			nc[i] = c2
		}
	}
	if nc != nil {
		var err error
		if n, err = n.WithChildren(nc...); err != nil {
			return nil, err
		}
	}
	switch x := n.(type) {
	case *plan.SetOp:
		u, err := r.setOp(x)
		if err != nil {
			return nil, err
		}
		n = u
	case *plan.SubqueryAlias:
		// A derived table or CTE gives its columns ids of its own, in
		// column order.
		sch := x.Schema()
		i := 0
		x.Columns().ForEach(func(id sql.ColumnId) {
			if i < len(sch) && sch[i].Type.Equals(unionDecimal) {
				r.typed[id] = unionDecimal
			}
			i++
		})
	}
	return r.exprs(n)
}

// exprs retypes the expressions of n: each integer reference to a column
// of typed gets its type; an alias or aggregate so retyped is recorded,
// for the references to it above.
func (r *unionRetyper) exprs(n sql.Node) (sql.Node, error) {
	ex, ok := n.(sql.Expressioner)
	if !ok {
		return n, nil
	}
	exprs := ex.Expressions()
	var ne []sql.Expression
	for i, e := range exprs {
		e2, same, err := transform.Expr(e, r.expr)
		if err != nil {
			return nil, err
		}
		if same == transform.NewTree {
			if ne == nil {
				ne = append([]sql.Expression{}, exprs...)
			}
			ne[i] = e2
			if id, ok := e2.(sql.IdExpression); ok && id.Id() != 0 && types.IsInteger(e.Type()) && types.IsDecimal(e2.Type()) {
				r.typed[id.Id()] = e2.Type()
			}
		}
	}
	if ne == nil {
		return n, nil
	}
	return ex.WithExpressions(ne...)
}

func (r *unionRetyper) expr(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch x := e.(type) {
	case *expression.GetField:
		t, ok := r.typed[x.Id()]
		if !ok || !types.IsInteger(x.Type()) {
			return e, transform.SameTree, nil
		}
		gf := expression.NewGetFieldWithTable(x.Index(), int(x.TableId()), t, x.Database(), x.Table(), x.Name(), x.IsNullable())
		return gf.WithId(x.Id()).(*expression.GetField), transform.NewTree, nil
	case *plan.Subquery:
		q, err := r.node(x.Query)
		if err != nil || q == x.Query {
			return e, transform.SameTree, err
		}
		return x.WithQuery(q), transform.NewTree, nil
	}
	return e, transform.SameTree, nil
}

// setOp converts both sides of each column of u of a BIGINT UNSIGNED (or
// such a DECIMAL(20,0) column of a set operation below) and a signed
// integer to DECIMAL(20,0), recording the column's id.
func (r *unionRetyper) setOp(u *plan.SetOp) (sql.Node, error) {
	l, rt := newSetOpSide(u.Left()), newSetOpSide(u.Right())
	if len(l.sch) != len(rt.sch) {
		return u, nil
	}
	for i := range l.sch {
		a, b := l.source(i), rt.source(i)
		if !needsDecimal(a.Type(), b.Type()) || !l.toDecimal(i, a) || !rt.toDecimal(i, b) {
			continue
		}
		if gf, ok := a.(*expression.GetField); ok && gf.Id() != 0 {
			r.typed[gf.Id()] = unionDecimal
		}
	}
	if l.projs == nil && rt.projs == nil {
		return u, nil
	}
	r.changed = true
	return u.WithChildren(l.node(), rt.node())
}

// setOpSide is one side of a set operation, and its projections once one
// is converted.
type setOpSide struct {
	n     sql.Node
	p     *plan.Project // n, if a projection of a column per column of sch
	sch   sql.Schema
	projs []sql.Expression // p's projections, converted; nil if none is
}

func newSetOpSide(n sql.Node) *setOpSide {
	s := &setOpSide{n: n, sch: n.Schema()}
	if p, ok := n.(*plan.Project); ok && len(p.Projections) == len(s.sch) {
		s.p = p
	}
	return s
}

// source returns the value of the side's column i before the planner
// converted it: x of its projection aliasing CONVERT(x, SIGNED) (or x
// itself), the projection itself on a right side the planner left as it
// was (only the left side's projections carry the set operation's column
// ids), or, for a side that is not a projection, a column of its type.
func (s *setOpSide) source(i int) sql.Expression {
	if s.p == nil {
		return expression.NewGetField(i, s.sch[i].Type, s.sch[i].Name, s.sch[i].Nullable)
	}
	a, ok := s.p.Projections[i].(*expression.Alias)
	if !ok {
		return s.p.Projections[i]
	}
	if c, ok := a.Child.(*expression.Convert); ok && a.Type().Type() == sqltypes.Int64 {
		return c.Child
	}
	return a.Child
}

// toDecimal makes the side's column i, of value x, DECIMAL(20,0); false if
// it cannot (a side that is not a projection of another type).
func (s *setOpSide) toDecimal(i int, x sql.Expression) bool {
	if x.Type().Equals(unionDecimal) {
		return true
	}
	if s.p == nil {
		return false
	}
	if s.projs == nil {
		s.projs = append([]sql.Expression{}, s.p.Projections...)
	}
	s.projs[i] = expression.NewAlias(s.sch[i].Name, newCastDecimal(x, 20, 0, x.String()))
	return true
}

// node returns the side with its converted projections.
func (s *setOpSide) node() sql.Node {
	if s.projs == nil {
		return s.n
	}
	return plan.NewProject(s.projs, s.p.Child)
}

// needsDecimal reports whether a set operation's column of types a and b
// is DECIMAL(20,0) in MySQL where go-mysql-server makes it BIGINT: a
// BIGINT UNSIGNED (or such a column of a set operation below) and a
// signed integer.
func needsDecimal(a, b sql.Type) bool {
	wide := func(t sql.Type) bool { return t.Type() == sqltypes.Uint64 || t.Equals(unionDecimal) }
	return wide(a) && (types.IsSigned(b) || wide(b) && !b.Equals(a)) || wide(b) && types.IsSigned(a)
}

// consistentSetOps reports whether no set operation of n has a column
// DECIMAL(20,0) on one side and an integer on the other.
func consistentSetOps(n sql.Node) bool {
	ok := true
	transform.Inspect(n, func(n sql.Node) bool {
		u, isSetOp := n.(*plan.SetOp)
		if !isSetOp || !ok {
			return ok
		}
		ls, rs := u.Left().Schema(), u.Right().Schema()
		for i := range min(len(ls), len(rs)) {
			if ls[i].Type.Equals(unionDecimal) != rs[i].Type.Equals(unionDecimal) && (types.IsInteger(ls[i].Type) || types.IsInteger(rs[i].Type)) {
				ok = false
			}
		}
		return ok
	})
	return ok
}

// createSelectTypes gives the columns of CREATE TABLE … AS SELECT that
// the planner typed BIGINT from such a set operation's column its type,
// DECIMAL(20,0) (go-mysql-server's resolveCreateSelect keeps the
// planner's type of a column the select also names: the select's, as
// the planner typed it; the parser takes no declared columns beside a
// select). Like that rule, the
// statement keeps only the schema and its primary key.
func createSelectTypes(ct *plan.CreateTable) (sql.Node, transform.TreeIdentity, error) {
	pk := ct.PkSchema()
	sch := pk.Schema.Copy()
	changed := false
	for _, sc := range ct.Select().Schema() {
		if !sc.Type.Equals(unionDecimal) {
			continue
		}
		for _, c := range sch {
			if c.Name == sc.Name && types.IsInteger(c.Type) {
				c.Type = sc.Type
				changed = true
			}
		}
	}
	if !changed {
		return ct, transform.NewTree, nil
	}
	nct := plan.NewCreateTable(ct.Database(), ct.Name(), ct.IfNotExists(), ct.Temporary(), &plan.TableSpec{
		Schema: sql.NewPrimaryKeySchema(sch, pk.PkOrdinals...),
	})
	n, err := nct.WithChildren(ct.Select())
	return n, transform.NewTree, err
}
