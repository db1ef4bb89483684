package compat

// Fault (go-mysql-server v0.20.0): a UNION (or INTERSECT, EXCEPT) column
// is typed by GetConvertToType, which knows only signed, unsigned, decimal
// and char: BIGINT UNSIGNED with a signed integer clamped to BIGINT;
// BIGINT UNSIGNED with DECIMAL(10,3) was DECIMAL(65,30) whose values kept
// their own scales and sorted wrongly; a DATE with a string printed
// '2024-01-02 00:00:00'; a string column was LONGTEXT; and ORDER BY 1
// over SELECT 1 UNION … sorted by the literal. MySQL 8
// (Item_aggregate_type::join_types) aggregates the sides' types:
// union_aggregate.go's joinUnion. The rule unionTypes converts both sides
// of each column to that type, retypes the references above the set
// operation (ORDER BY, a derived table's or CTE's columns, MAX and MIN of
// them, aliases) by column id, sorts ORDER BY a column number by the
// result column, and types CREATE TABLE … AS SELECT's column. Where
// go-mysql-server converted both sides itself (TINYINT UNSIGNED with -5:
// both BIGINT), the references above still carried the left side's type
// from before (a derived table read -5 as 255, ORDER BY an alias sorted
// it after 200): they take the set operation's column type too.
// go-mysql-server nests A UNION B UNION C as (A UNION B) UNION C and
// converts the first pair's values, then those: typed pairwise, a number
// became text through the first pair's DECIMAL with its scale
// (18446744073709551615.000) and a TIME or DATE through a DATETIME.
// MySQL 8 types a query expression's column once from all its query
// blocks: unionTypes folds joinUnion over every side of such a chain
// (UNION, UNION ALL, INTERSECT and EXCEPT mixed, left-deep, as MariaDB
// types them) and converts each side once, from
// its own value, to that type. A parenthesised right side, A UNION (B
// UNION C), is typed on its own first and is then one side of the outer
// chain, as in MariaDB; a parenthesised left one, (A UNION B) UNION C,
// cannot be told from the chain in go-mysql-server's plan and is typed
// as the chain (MariaDB types it on its own first). A side that is a set
// operation is converted through a projection of its columns
// (go-mysql-server's own plan of A UNION B UNION (C UNION D) with a
// FLOAT and a string failed: 'x' is not a valid value for 'float'), the
// projection go-mysql-server puts over one reads its columns as the rule
// typed them (by position: 'x' UNION ALL (SELECT 1e15 UNION SELECT i)
// printed -2147483648 as 2147483648), a side go-mysql-server converted to
// the column's type is converted again from its own value (its TIME as
// LONGTEXT was NULL), and a DOUBLE becomes text as MySQL prints it
// (1e15, not 1e+15). Pinned by
// TestUnionTypes, TestDifferentialUnionTypes (against MariaDB: chains of
// two to four sides, mixed UNION and UNION ALL, parenthesised right
// sides, derived tables over them) and NumericExactScripts "UNION of
// BIGINT UNSIGNED and BIGINT keeps both ranges" and "UNION column types
// follow MySQL's aggregation".

import (
	"reflect"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
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
	if u, ok := n.(*plan.SetOp); ok && chainLeft(u) != nil {
		c, err := r.chain(u)
		if err != nil {
			return nil, err
		}
		return r.exprs(c)
	}
	n, _, err := mapChildren(n, r.node)
	if err != nil {
		return nil, err
	}
	switch x := n.(type) {
	case *plan.Project:
		// go-mysql-server's conversion of a side that is a set operation,
		// A UNION (SELECT 1e15 UNION SELECT i), reads the set operation's
		// columns as typed before unionTypes converted its sides (by
		// position: a literal's column has no id to retype it by).
		if u, ok := x.Child.(*plan.SetOp); ok && passThrough(x) {
			sch := u.Schema()
			final := make([]sql.Type, len(x.Projections))
			changed := false
			for i, p := range x.Projections {
				if i < len(sch) && !reflect.DeepEqual(passThroughField(p).Type(), sch[i].Type) {
					final[i], changed = sch[i].Type, true
				}
			}
			if changed {
				p, err := retypePassThrough(x, u, final)
				if err != nil {
					return nil, err
				}
				n, r.changed = p, true
			}
		}
	case *plan.SetOp:
		u, err := r.setOp(x)
		if err != nil {
			return nil, err
		}
		n = u
	case *plan.ValueDerivedTable:
		if v, ok := r.values(x); ok {
			n = v
		}
	case *plan.SubqueryAlias:
		// A derived table or CTE gives its columns ids of its own, in
		// column order; over a set operation they are of its column
		// types even where go-mysql-server converted both sides itself
		// and unionTypes nothing (the references above keep the left
		// side's type from before the conversion).
		sch := x.Schema()
		i := 0
		over := overSetOp(x.Child)
		x.Columns().ForEach(func(id sql.ColumnId) {
			if i < len(sch) && (r.changed || over) {
				r.typed[id] = sch[i].Type
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
	out, changed, err := mapExprs(n, r.expr, func(e, e2 sql.Expression) {
		if id, ok := e2.(sql.IdExpression); ok && id.Id() != 0 && !reflect.DeepEqual(e.Type(), e2.Type()) {
			r.typed[id.Id()] = e2.Type()
		}
	})
	r.changed = r.changed || changed
	return out, err
}

// mapChildren returns n with each child c replaced by f(c), and its new
// children (nil when none changed).
func mapChildren(n sql.Node, f func(sql.Node) (sql.Node, error)) (sql.Node, []sql.Node, error) {
	children := n.Children()
	var nc []sql.Node
	for i, c := range children {
		c2, err := f(c)
		if err != nil {
			return nil, nil, err
		}
		if !Same(c2, c) {
			if nc == nil {
				nc = append([]sql.Node{}, children...)
			}
			nc[i] = c2
		}
	}
	if nc == nil {
		return n, nil, nil
	}
	n, err := n.WithChildren(nc...)
	return n, nc, err
}

// mapExprs returns n with each expression transformed by f (bottom-up),
// calling changed with each one f changed and its replacement, and
// whether one was.
func mapExprs(n sql.Node, f transform.ExprFunc, changed func(e, e2 sql.Expression)) (sql.Node, bool, error) {
	ex, ok := n.(sql.Expressioner)
	if !ok {
		return n, false, nil
	}
	exprs := ex.Expressions()
	var ne []sql.Expression
	for i, e := range exprs {
		e2, same, err := transform.Expr(e, f)
		if err != nil {
			return nil, false, err
		}
		if same == transform.NewTree {
			if ne == nil {
				ne = append([]sql.Expression{}, exprs...)
			}
			ne[i] = e2
			changed(e, e2)
		}
	}
	if ne == nil {
		return n, false, nil
	}
	out, err := ex.WithExpressions(ne...)
	return out, true, err
}

// mapSubquery returns x with its query replaced by f's.
func mapSubquery(x *plan.Subquery, f func(sql.Node) (sql.Node, error)) (sql.Expression, transform.TreeIdentity, error) {
	q, err := f(x.Query)
	if err != nil || Same(q, x.Query) {
		return x, transform.SameTree, err
	}
	return x.WithQuery(q), transform.NewTree, nil
}

// retypedField is the reference x with the type t.
func retypedField(x *expression.GetField, t sql.Type) *expression.GetField {
	gf := expression.NewGetFieldWithTable(x.Index(), int(x.TableId()), t, x.Database(), x.Table(), x.Name(), x.IsNullable())
	return gf.WithId(x.Id()).(*expression.GetField)
}

func (r *unionRetyper) expr(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
	switch x := e.(type) {
	case *expression.GetField:
		t, ok := r.typed[x.Id()]
		if !ok || reflect.DeepEqual(t, x.Type()) {
			return e, transform.SameTree, nil
		}
		return retypedField(x, t), transform.NewTree, nil
	case *plan.Subquery:
		return mapSubquery(x, r.node)
	}
	return e, transform.SameTree, nil
}

// setOp converts both sides of each column of u to the type MySQL 8
// aggregates from theirs (joinUnion), recording the column's id, and
// makes an ORDER BY a column number (or a select expression) over u sort
// by u's column.
func (r *unionRetyper) setOp(u *plan.SetOp) (sql.Node, error) {
	l, rt := newSetOpSide(u.Left()), newSetOpSide(u.Right())
	if len(l.sch) != len(rt.sch) {
		return u, nil
	}
	var ids []sql.ColumnId
	u.Columns().ForEach(func(id sql.ColumnId) { ids = append(ids, id) })
	var sch []sql.Type
	for i := range l.sch {
		a, b := l.source(i), rt.source(i)
		sch = append(sch, l.sch[i].Type)
		d, ok := joinUnion(describe(l.described(i)), describe(rt.described(i)))
		if !ok {
			continue
		}
		t := d.sqlType()
		// The references above (ORDER BY) compare values of the column's
		// type, even where the sides are of it already.
		if t.Equals(l.sch[i].Type) && t.Equals(rt.sch[i].Type) && reflect.DeepEqual(l.sch[i].Type, rt.sch[i].Type) && !l.converted(i) && !rt.converted(i) {
			continue
		}
		if !l.can(i, a, t) || !rt.can(i, b, t) {
			continue
		}
		l.to(i, a, t)
		rt.to(i, b, t)
		sch[i] = t
		if gf, ok := a.(*expression.GetField); ok && gf.Id() != 0 {
			r.typed[gf.Id()] = t
		}
	}
	// A filter pushed above u, or an ORDER BY alias, refers to u's
	// columns by their ids, with the types of the left side's columns
	// before go-mysql-server converted them.
	for i, id := range ids {
		if i < len(sch) && id != 0 {
			r.typed[id] = sch[i]
		}
	}
	n := sql.Node(u)
	if l.projs != nil || rt.projs != nil {
		r.changed = true
		var err error
		if n, err = u.WithChildren(l.node(), rt.node()); err != nil {
			return nil, err
		}
	}
	return r.sortByColumn(n.(*plan.SetOp), l, ids, sch)
}

// chain converts each side of the chain of set operations u ends (A UNION
// B UNION C, which go-mysql-server nests left-deep as (A UNION B) UNION
// C) at once, from its own value, to the type MySQL 8 aggregates from
// all of theirs (joinUnion folded over the sides in order), as MySQL
// types a query expression's column once from all its query blocks;
// typed pairwise, a number that became a DECIMAL of the first two sides
// kept its scale as text (18446744073709551615.000). A column a side
// cannot be made of that type (a side that is not a projection, or of a
// type joinUnion leaves alone) keeps go-mysql-server's conversions.
func (r *unionRetyper) chain(u *plan.SetOp) (sql.Node, error) {
	var sides []*setOpSide
	for _, n := range chainSides(u) {
		n2, err := r.node(n)
		if err != nil {
			return nil, err
		}
		sides = append(sides, newSetOpSide(n2))
	}
	var ids []sql.ColumnId
	u.Columns().ForEach(func(id sql.ColumnId) { ids = append(ids, id) })
	var sch []sql.Type
	for _, c := range u.Schema() {
		sch = append(sch, c.Type)
	}
	final := make([]sql.Type, len(sch)) // a converted column's type; nil if not converted
	for i := range sch {
		if t, ok := r.chainType(sides, i); ok {
			final[i], sch[i] = t, t
			if gf, ok := sides[0].source(i).(*expression.GetField); ok && gf.Id() != 0 {
				r.typed[gf.Id()] = t
			}
		}
	}
	for i, id := range ids {
		if i < len(sch) && id != 0 {
			r.typed[id] = sch[i]
		}
	}
	nodes := make([]sql.Node, len(sides))
	for k, s := range sides {
		nodes[k] = s.node()
	}
	out, err := rebuildChain(u, nodes, final)
	if err != nil {
		return nil, err
	}
	r.changed = true
	return r.sortByColumn(out.(*plan.SetOp), sides[0], ids, sch)
}

// chainType converts column i of every side to the type joinUnion folds
// from all of theirs and returns it (the links' conversions, of the
// pairwise types, are then of it too); ok is false if it left them as
// they were (a side it cannot convert). A side that is a
// set operation (A UNION (B UNION C)) is of its column's type, as
// MariaDB types a nested set operation's column (1 UNION 2 is of INT's
// ten digits there, of BIGINT's nineteen here, as simsql types an integer
// literal BIGINT, MySQL 8's type).
func (r *unionRetyper) chainType(sides []*setOpSide, i int) (sql.Type, bool) {
	d := unionDesc{k: uNull}
	for _, s := range sides {
		if i >= len(s.sch) {
			return nil, false
		}
		var ok bool
		if d, ok = joinUnion(d, describe(s.described(i))); !ok {
			return nil, false
		}
	}
	t := d.sqlType()
	for _, s := range sides {
		if !s.can(i, s.source(i), t) {
			return nil, false
		}
	}
	for _, s := range sides {
		s.to(i, s.source(i), t)
	}
	return t, true
}

// chainLeft returns the set operation that u's left side is, or that
// go-mysql-server's conversion of u's left side projects: the link before
// u of a chain (go-mysql-server moves its ORDER BY and LIMIT to u). The
// link may be of another kind: A INTERSECT B UNION C is one chain, typed
// once, as in MariaDB (9 INTERSECT 9.0 UNION 'x' compares '9' and '9.0').
// A parenthesised left operand, (A UNION B) UNION C, is such a link too:
// go-mysql-server's plan does not tell it apart.
func chainLeft(u *plan.SetOp) *plan.SetOp {
	l := u.Left()
	if p, ok := l.(*plan.Project); ok && passThrough(p) {
		l = p.Child
	}
	in, ok := l.(*plan.SetOp)
	if !ok || in.Limit != nil || in.Offset != nil || len(in.SortFields) > 0 {
		return nil
	}
	return in
}

// chainSides returns the sides of the chain u ends, in order. A right
// side that is a set operation, A UNION (B UNION C), is one side, typed
// first on its own, as MySQL 8 and MariaDB type a nested query
// expression.
func chainSides(u *plan.SetOp) []sql.Node {
	if in := chainLeft(u); in != nil {
		return append(chainSides(in), u.Right())
	}
	return []sql.Node{u.Left(), u.Right()}
}

// rebuildChain returns the chain u ends with the sides sides, and
// go-mysql-server's conversions of a link's columns that final types
// (now of that type from its sides) references to them of that type.
func rebuildChain(u *plan.SetOp, sides []sql.Node, final []sql.Type) (sql.Node, error) {
	left := sides[0]
	if in := chainLeft(u); in != nil {
		l, err := rebuildChain(in, sides[:len(sides)-1], final)
		if err != nil {
			return nil, err
		}
		left = l
		if p, ok := u.Left().(*plan.Project); ok {
			if left, err = retypePassThrough(p, l, final); err != nil {
				return nil, err
			}
		}
	}
	return u.WithChildren(left, sides[len(sides)-1])
}

// passThrough reports whether each projection of p is a column of its
// child, as is or converted (go-mysql-server's conversion of a set
// operation's side).
func passThrough(p *plan.Project) bool {
	for _, x := range p.Projections {
		if passThroughField(x) == nil {
			return false
		}
	}
	return true
}

// passThroughField returns the column of a projection of a conversion,
// or nil.
func passThroughField(x sql.Expression) *expression.GetField {
	if a, ok := x.(*expression.Alias); ok {
		x = a.Child
	}
	if c, ok := x.(*expression.Convert); ok {
		x = c.Child
	}
	if gf, ok := x.(*expression.GetField); ok && gf.TableId() == 0 {
		return gf
	}
	return nil
}

// retypePassThrough returns p over child, with each projection of a
// column final types the column as it is, of that type.
func retypePassThrough(p *plan.Project, child sql.Node, final []sql.Type) (sql.Node, error) {
	projs := append([]sql.Expression{}, p.Projections...)
	for i, t := range final {
		if t == nil || i >= len(projs) {
			continue
		}
		gf := passThroughField(projs[i])
		var e sql.Expression = expression.NewGetFieldWithTable(gf.Index(), int(gf.TableId()), t, gf.Database(), gf.Table(), gf.Name(), gf.IsNullable()).WithId(gf.Id())
		if a, ok := projs[i].(*expression.Alias); ok {
			e = expression.NewAlias(a.Name(), e)
		}
		projs[i] = e
	}
	n, err := p.WithExpressions(projs...)
	if err != nil {
		return nil, err
	}
	return n.WithChildren(child)
}

// sortByColumn returns u with each ORDER BY expression that is a select
// expression of its left side (go-mysql-server's planner takes ORDER BY 1
// over SELECT 1 UNION … as the literal 1, which sorts nothing) a
// reference to u's column instead, as MySQL 8 sorts the set operation's
// result column.
func (r *unionRetyper) sortByColumn(u *plan.SetOp, l *setOpSide, ids []sql.ColumnId, sch []sql.Type) (sql.Node, error) {
	if len(u.SortFields) == 0 || l.p == nil || len(ids) != len(l.sch) {
		return u, nil
	}
	sf := append(sql.SortFields{}, u.SortFields...)
	changed := false
	for k, f := range sf {
		if gf, ok := f.Column.(*expression.GetField); ok {
			// ORDER BY a select alias refers to u's column by its id,
			// typed as the left side's column was before conversion.
			for i, id := range ids {
				if gf.Id() == id && !reflect.DeepEqual(gf.Type(), sch[i]) {
					sf[k].Column = expression.NewGetField(int(id), sch[i], gf.Name(), gf.IsNullable())
					changed = true
				}
			}
			continue
		}
		for i, p := range l.p.Projections {
			if a, ok := p.(*expression.Alias); ok {
				p = a.Child
			}
			if p.String() == f.Column.String() || l.described(i).String() == f.Column.String() {
				sf[k].Column = expression.NewGetField(int(ids[i]), sch[i], l.sch[i].Name, l.sch[i].Nullable)
				changed = true
				break
			}
		}
	}
	if !changed {
		return u, nil
	}
	r.changed = true
	return plan.NewSetOp(u.SetOpType, u.Left(), u.Right(), u.Distinct, u.Limit, u.Offset, sf).WithColumns(u.Columns()).WithId(u.Id()), nil
}

// overSetOp reports whether n is a set operation, or a filter, sort or
// limit over one (the rows of a derived table or CTE of a UNION).
func overSetOp(n sql.Node) bool {
	for {
		switch x := n.(type) {
		case *plan.SetOp:
			return true
		case *plan.Filter, *plan.Sort, *plan.Limit, *plan.TopN, *plan.Distinct:
			n = x.Children()[0]
		default:
			return false
		}
	}
}

// setOpSide is one side of a set operation, and its projections once one
// is converted.
type setOpSide struct {
	n     sql.Node
	p     *plan.Project // n, if a projection of a column per column of sch
	sch   sql.Schema
	projs []sql.Expression // p's projections, converted; nil if none is
}

// newSetOpSide returns the side n. A side that is a set operation
// itself, A UNION (B UNION C), is taken as a projection of its columns,
// as go-mysql-server converts one, so that it can be converted too.
func newSetOpSide(n sql.Node) *setOpSide {
	s := &setOpSide{n: n, sch: n.Schema()}
	switch x := n.(type) {
	case *plan.Project:
		if len(x.Projections) == len(s.sch) {
			s.p = x
		}
	case *plan.SetOp:
		var cols []sql.Expression
		x.Columns().ForEach(func(id sql.ColumnId) {
			if i := len(cols); i < len(s.sch) {
				c := s.sch[i]
				cols = append(cols, expression.NewGetFieldWithTable(int(id), 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable))
			}
		})
		if len(cols) == len(s.sch) {
			s.p = plan.NewProject(cols, x)
		}
	}
	return s
}

// source returns the value of the side's column i before the planner
// converted it: x of its projection aliasing the planner's CONVERT(x, …)
// (or x itself), or, for a side that is not a projection, a column of its
// type.
func (s *setOpSide) source(i int) sql.Expression {
	if s.p == nil {
		return expression.NewGetField(i, s.sch[i].Type, s.sch[i].Name, s.sch[i].Nullable)
	}
	x := s.p.Projections[i]
	if a, ok := x.(*expression.Alias); ok {
		x = a.Child
		if c, ok := x.(*expression.Convert); ok {
			if gf, ok := c.Child.(*expression.GetField); ok && gf.TableId() == 0 {
				x = gf
			}
		}
	}
	return x
}

// described returns the expression whose type is the side's column i's as
// MySQL types it: the source, or the select expression of the projection
// below that a planner's conversion reads (a literal is typed as MySQL
// types literals).
func (s *setOpSide) described(i int) sql.Expression {
	x := s.source(i)
	gf, ok := x.(*expression.GetField)
	if !ok || s.p == nil {
		return x
	}
	in, ok := s.p.Child.(*plan.Project)
	if !ok || len(in.Projections) != len(s.sch) {
		return x
	}
	y := in.Projections[i]
	if id, ok := y.(sql.IdExpression); ok && id.Id() == gf.Id() || !Same(x, s.p.Projections[i]) {
		if a, ok := y.(*expression.Alias); ok {
			y = a.Child
		}
		if reflect.DeepEqual(y.Type(), gf.Type()) {
			return y
		}
	}
	return x
}

// can reports whether the side's column i, of value x, can be made of
// type t: it is of t, or the side is a projection.
func (s *setOpSide) can(i int, x sql.Expression, t sql.Type) bool {
	return s.p != nil || reflect.DeepEqual(s.sch[i].Type, t)
}

// converted reports whether the side's column i is go-mysql-server's
// conversion of its value (which may be of the column's type and still
// wrong: TIME converted to LONGTEXT is NULL).
func (s *setOpSide) converted(i int) bool {
	if s.p == nil {
		return false
	}
	a, ok := s.p.Projections[i].(*expression.Alias)
	return ok && !Same(a.Child, s.source(i))
}

// to makes the side's column i, of value x, of type t.
func (s *setOpSide) to(i int, x sql.Expression, t sql.Type) {
	if s.p == nil || reflect.DeepEqual(s.sch[i].Type, t) && !s.converted(i) {
		return
	}
	if s.projs == nil {
		s.projs = append([]sql.Expression{}, s.p.Projections...)
	}
	s.projs[i] = expression.NewAlias(s.sch[i].Name, unionConverted(x, t))
}

// unionConverted returns x, a value of a set operation's column, converted
// to the column's type t.
func unionConverted(x sql.Expression, t sql.Type) sql.Expression {
	if types.IsDecimal(t) && (types.IsInteger(x.Type()) || types.IsDecimal(x.Type())) {
		d := t.(sql.DecimalType)
		return newCastDecimal(x, int32(d.Precision()), int32(d.Scale()), x.String())
	}
	return newUnionValue(x, t)
}

// node returns the side with its converted projections.
func (s *setOpSide) node() sql.Node {
	if s.projs == nil {
		return s.n
	}
	return plan.NewProject(s.projs, s.p.Child)
}

// consistentSetOps reports whether every set operation of n has sides of
// the same column types.
func consistentSetOps(n sql.Node) bool {
	ok := true
	transform.Inspect(n, func(n sql.Node) bool {
		u, isSetOp := n.(*plan.SetOp)
		if !isSetOp || !ok {
			return ok
		}
		ls, rs := u.Left().Schema(), u.Right().Schema()
		for i := range min(len(ls), len(rs)) {
			if !ls[i].Type.Equals(rs[i].Type) {
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
	n, err := createSelectRetyped(ct, func(sel, col sql.Type) bool { return sel.Equals(unionDecimal) && types.IsInteger(col) })
	return n, transform.NewTree, err
}

// createSelectRetyped gives each column of ct the type of its select's
// column of its name where retype(the select's type, the column's).
func createSelectRetyped(ct *plan.CreateTable, retype func(sel, col sql.Type) bool) (sql.Node, error) {
	sch := ct.PkSchema().Schema.Copy()
	changed := false
	for _, sc := range ct.Select().Schema() {
		for _, c := range sch {
			if c.Name == sc.Name && retype(sc.Type, c.Type) {
				c.Type = sc.Type
				changed = true
			}
		}
	}
	if !changed {
		return ct, nil
	}
	return withSchema(ct, sch)
}

// withSchema is ct with the columns sch (and ct's primary key), as
// go-mysql-server's resolveCreateSelect builds it.
func withSchema(ct *plan.CreateTable, sch sql.Schema) (sql.Node, error) {
	nct := plan.NewCreateTable(ct.Database(), ct.Name(), ct.IfNotExists(), ct.Temporary(), &plan.TableSpec{
		Schema: sql.NewPrimaryKeySchema(sch, ct.PkSchema().PkOrdinals...),
	})
	return nct.WithChildren(ct.Select())
}
