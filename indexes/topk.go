package indexes

import (
	"fmt"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/compat"
	"github.com/simsql/simsql/functions"
)

// Top-k through the similarity indexes:
//
//	SELECT … FROM docs [WHERE …] ORDER BY minhash_jaccard(sig, E) DESC[, …] LIMIT n [OFFSET m]
//	SELECT … FROM docs [WHERE …] ORDER BY hamming(fp, E)[, …] LIMIT n [OFFSET m]
//
// with E constant for the query. The table is read through a cascade of
// the indexes on the column, tightest first: an exact minhash index for t
// gives every row whose estimate is at least t, a simhash index for k
// every row within distance k. As soon as one level holds n + m rows that
// pass the query's WHERE clause, those rows contain the top n + m (any row
// left out is less similar than all of them), and the sort above picks
// them; if no level does, the table is scanned. So the answer is a full
// scan's, row for row (ties broken by the rest of ORDER BY as a scan
// would). Banded (approximate) minhash indexes take no part.

// topKSource reads a table for a top-k query through a cascade of index
// levels, then a scan.
type topKSource struct {
	*plan.ResolvedTable
	table  *catalog.Table
	levels []topKLevel
	filter sql.Expression // the WHERE clause on the table, or nil
	limit  sql.Expression // n + m
	order  string         // the ORDER BY term, for EXPLAIN
}

// topKLevel is one index of the cascade and the query that reads it.
type topKLevel struct {
	kind  catalog.SearchableKind
	index *catalog.CustomIndex
	query any
	desc  string
}

var _ sql.ExecSourceRel = (*topKSource)(nil)

// RowIter implements sql.ExecSourceRel: the rows of the first level that
// holds enough, or of the whole table.
func (s *topKSource) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	lv, err := s.limit.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n, ok := functions.FingerprintBits(lv)
	if !ok {
		return nil, fmt.Errorf("top-k: LIMIT %v is not an integer", lv)
	}
	for _, l := range s.levels {
		iter, err := l.kind.Scan(ctx, s.table, l.index, l.query)
		if err != nil {
			return nil, err
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		passing := rows[:0]
		for _, r := range rows {
			if s.filter != nil {
				v, err := s.filter.Eval(ctx, r)
				if err != nil {
					return nil, err
				}
				if ok, _ := sql.ConvertToBool(ctx, v); !ok {
					continue
				}
			}
			passing = append(passing, r)
		}
		if uint64(len(passing)) >= n {
			return catalog.RowsIter(passing), nil
		}
	}
	parts, err := s.table.Partitions(ctx)
	if err != nil {
		return nil, err
	}
	return sql.NewTableRowIter(ctx, s.table, parts), nil
}

// String implements sql.Node.
func (s *topKSource) String() string {
	tp := sql.NewTreePrinter()
	_ = tp.WriteNode("TopKIndexedAccess(%s)", s.table.Name())
	var ls []string
	for _, l := range s.levels {
		ls = append(ls, l.desc)
	}
	_ = tp.WriteChildren(fmt.Sprintf("order: %s", s.order), "levels: "+strings.Join(ls, ", then ")+", then a table scan")
	return tp.String()
}

// DebugString implements sql.DebugStringer.
func (s *topKSource) DebugString() string { return s.String() }

// WithChildren implements sql.Node.
func (s *topKSource) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 0)
	}
	return s, nil
}

// topKPlans is the part of the rule hammingLookups that plans top-k
// queries: a Limit over [Offset,] [Project,] Sort, [Project,] [Filter,]
// a table or an alias of one, whose first sort term is a similarity an
// index of the table orders by.
func topKPlan(ctx *sql.Context, lim *plan.Limit) (sql.Node, transform.TreeIdentity, error) {
	count := lim.Limit
	n := lim.Child
	if off, ok := n.(*plan.Offset); ok {
		count = expression.NewPlus(count, off.Offset)
		n = off.Child
	}
	var projections []*plan.Project
	for {
		p, ok := n.(*plan.Project)
		if !ok {
			break
		}
		projections = append(projections, p)
		n = p.Child
	}
	sort, ok := n.(*plan.Sort)
	if !ok || len(sort.SortFields) == 0 {
		return lim, transform.SameTree, nil
	}
	var below []*plan.Project
	n = sort.Child
	for {
		p, ok := n.(*plan.Project)
		if !ok {
			break
		}
		below = append(below, p)
		n = p.Child
	}
	var filter *plan.Filter
	if f, ok := n.(*plan.Filter); ok {
		filter, n = f, f.Child
	}
	orig := n // the node replaceTable replaces
	rt, alias := tableNode(n)
	if rt == nil {
		return lim, transform.SameTree, nil
	}
	t, ok := rt.UnderlyingTable().(*catalog.Table)
	if !ok {
		return lim, transform.SameTree, nil
	}
	name := strings.ToLower(t.Name())
	if alias != nil {
		name = strings.ToLower(alias.Name())
	}
	field := sort.SortFields[0]
	term := unalias(field.Column, below)
	levels, desc := topKLevels(ctx, t, name, term, field.Order)
	if len(levels) == 0 {
		return lim, transform.SameTree, nil
	}
	if q, ok := levels[0].query.(hammingQuery); ok && !nullsExcluded(t.Schema(), name, q.column, filter) {
		// hamming(NULL, E) is NULL, which an ascending ORDER BY puts
		// first, and the index holds no entry for a NULL fingerprint.
		return lim, transform.SameTree, nil
	}
	src := &topKSource{ResolvedTable: rt, table: t, levels: levels, limit: count, order: desc}
	if filter != nil {
		var ok bool
		if src.filter, ok = onTableRow(filter.Expression, name, t.Schema()); !ok {
			return lim, transform.SameTree, nil
		}
	}
	var newTable sql.Node = src
	if alias != nil {
		var err error
		if newTable, err = alias.WithChildren(src); err != nil {
			return nil, transform.SameTree, err
		}
	}
	// Rebuild the chain above the table.
	rebuilt, err := replaceTable(lim, orig, newTable)
	if err != nil {
		return nil, transform.SameTree, err
	}
	return rebuilt, transform.NewTree, nil
}

// nullsExcluded reports whether no row of the query can have a NULL in
// column of table (schema sch, known as name in the query): the column is
// NOT NULL, or a conjunct of the WHERE clause is false or NULL when it is
// NULL (column IS NOT NULL, a comparison other than <=> of the column or of
// a hamming() of it, column IN (…), column BETWEEN …).
func nullsExcluded(sch sql.Schema, name, column string, filter *plan.Filter) bool {
	if i := sch.IndexOfColName(column); i >= 0 && !sch[i].Nullable {
		return true
	}
	if filter == nil {
		return false
	}
	// nullWith reports whether e is NULL whenever the column is.
	var nullWith func(e sql.Expression) bool
	nullWith = func(e sql.Expression) bool {
		switch x := e.(type) {
		case *expression.GetField:
			return strings.EqualFold(x.Table(), name) && strings.EqualFold(x.Name(), column)
		case *functions.Hamming:
			return slices.ContainsFunc(x.Children(), nullWith)
		}
		return false
	}
	for _, c := range expression.SplitConjunction(filter.Expression) {
		switch x := c.(type) {
		case *expression.Not:
			if isNull, ok := x.Child.(*expression.IsNull); ok && nullWith(isNull.Child) {
				return true
			}
		case *expression.NullSafeEquals:
		case *expression.Between:
			if nullWith(x.Val) {
				return true
			}
		case expression.Comparer:
			if nullWith(x.Left()) || nullWith(x.Right()) {
				return true
			}
		}
	}
	return false
}

// onTableRow returns e with its columns read by position from a row of a
// table of schema sch (known as table in the query), as the cascade
// evaluates the WHERE clause on the rows it reads; ok is false if e reads
// anything else (a column of an outer query, a subquery).
func onTableRow(e sql.Expression, table string, sch sql.Schema) (sql.Expression, bool) {
	ok := true
	out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			i := sch.IndexOfColName(x.Name())
			if !strings.EqualFold(x.Table(), table) || i < 0 {
				ok = false
				return e, transform.SameTree, nil
			}
			return x.WithIndex(i), transform.NewTree, nil
		case *plan.Subquery, *expression.BindVar:
			ok = false
		}
		return e, transform.SameTree, nil
	})
	return out, ok && err == nil
}

// replaceTable returns root with the node old (found by identity) replaced
// by nn.
func replaceTable(root, old, nn sql.Node) (sql.Node, error) {
	out, _, err := transform.Node(root, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if compat.Same(n, old) {
			return nn, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
	return out, err
}

// unalias resolves a sort term that names a column projected below the
// sort (ORDER BY s, with s an alias of the similarity) to its expression.
func unalias(e sql.Expression, below []*plan.Project) sql.Expression {
	gf, ok := e.(*expression.GetField)
	if !ok {
		return e
	}
	for _, p := range below {
		for _, pe := range p.Projections {
			if a, ok := pe.(*expression.Alias); ok && strings.EqualFold(a.Name(), gf.Name()) {
				return a.Child
			}
		}
	}
	return e
}

// topKLevels returns the cascade for ordering table (name or alias) by
// term in the given order, and the term for EXPLAIN; none if no index
// orders by it.
func topKLevels(ctx *sql.Context, t *catalog.Table, table string, term sql.Expression, order sql.SortOrder) ([]topKLevel, string) {
	var args []sql.Expression
	switch f := term.(type) {
	case *functions.Hamming:
		if order != sql.Ascending {
			return nil, ""
		}
		args = f.Children()
	case *functions.MinHashJaccard:
		if order != sql.Descending {
			return nil, ""
		}
		args = f.Children()
	default:
		return nil, ""
	}
	for i := range 2 {
		col, ok := args[i].(*expression.GetField)
		if !ok || !strings.EqualFold(col.Table(), table) || !isConstant(args[1-i]) {
			continue
		}
		e := args[1-i]
		var levels []topKLevel
		if _, ok := term.(*functions.Hamming); ok {
			idx := slices.DeleteFunc(t.CustomIndexes(SimHashKind{}.Name()), func(ci *catalog.CustomIndex) bool {
				return !strings.EqualFold(ci.Columns[0], col.Name())
			})
			slices.SortFunc(idx, func(a, b *catalog.CustomIndex) int { return simhashOf(a).k - simhashOf(b).k })
			for _, ci := range idx {
				k := simhashOf(ci).k
				levels = append(levels, topKLevel{kind: SimHashKind{}, index: ci,
					query: hammingQuery{column: col.Name(), expr: e, k: k},
					desc:  fmt.Sprintf("hamming <= %d (simhash index %s)", k, ci.Name)})
			}
			return levels, fmt.Sprintf("hamming(%s, %s) ASC", col.Name(), e)
		}
		idx := slices.DeleteFunc(t.CustomIndexes(MinHashKind{}.Name()), func(ci *catalog.CustomIndex) bool {
			return !strings.EqualFold(ci.Columns[0], col.Name()) || !minhashOf(ci).exact
		})
		slices.SortFunc(idx, func(a, b *catalog.CustomIndex) int { return minhashOf(b).m - minhashOf(a).m })
		for _, ci := range idx {
			x := minhashOf(ci)
			levels = append(levels, topKLevel{kind: MinHashKind{}, index: ci,
				query: minhashQuery{expr: e, minAgree: x.m},
				desc:  fmt.Sprintf("minhash_jaccard >= %v (minhash index %s)", x.t, ci.Name)})
		}
		return levels, fmt.Sprintf("minhash_jaccard(%s, %s) DESC", col.Name(), e)
	}
	return nil, ""
}
