package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): an expression default that reads
// another column lost its value when the row gave the column DEFAULT or
// was () : with `a INT DEFAULT 1, d INT DEFAULT (a+1)`, `INSERT INTO t
// VALUES ()`, `VALUES (5, DEFAULT)`, `INSERT … SET a = 5, d = DEFAULT` and
// REPLACE stored d NULL (MySQL 2 and 6), and a default reading a later
// column, or any such default in a table with a generated column, was
// error 1105 "unable to find field with index 4 in row of 2 columns".
// go-mysql-server evaluates a DEFAULT of VALUES inside the VALUES node,
// against no row; a column the statement leaves out is right (the
// insert's projection evaluates its default against the whole row).
//
// MySQL 8 evaluates the expression defaults after the row's other values
// (fill_record's gen_def_fields), in the table's order, so a default sees
// the values the row gives, and for the columns it leaves out their
// defaults. The rule rowDefaults rewrites each such DEFAULT of a VALUES
// row into its column's default over that row's own values (inRow): a
// column the row gives is its value converted to the column's type, one
// given DEFAULT or left out its default (a generated column its
// expression), so the value is computed where go-mysql-server computes
// the row's other values, and checked as they are (integerRanges, which
// runs after it: `INSERT IGNORE` of a default beyond its column's range
// stores the range's end with warning 1264, where go-mysql-server's
// conversion of a default refused it in every mode). A value that a
// default reads is evaluated again for it (RAND() given to a column that
// a default reads is drawn twice). Pinned
// by RowDefaultScripts (sqltests/scripts_row_defaults.go, also on
// MariaDB). Delete this file when go-mysql-server evaluates a VALUES
// DEFAULT against its row.

// ruleRowDefaults is the id of rowDefaults, run in OnceAfterAll
// (installAfterAllRules) before integerRanges.
const ruleRowDefaults analyzer.RuleId = 10_048

// rowDefaults gives the DEFAULTs of the VALUES rows of the INSERTs and
// REPLACEs in n whose column defaults read other columns the values MySQL
// gives them.
func rowDefaults(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Destination == nil {
			return n, transform.SameTree, nil
		}
		sch := ins.Destination.Schema()
		changed := false
		if out, ok := listDefaults(ins, sch); ok {
			ins, changed = out, true
		}
		names := ins.ColumnNames
		if len(names) == 0 {
			for _, c := range sch {
				names = append(names, c.Name)
			}
		}
		listed := make([]int, len(sch)) // listed[k]: column k's place in a row, or -1
		for k, c := range sch {
			listed[k] = -1
			for m, name := range names {
				if strings.EqualFold(name, c.Name) {
					listed[k] = m
				}
			}
		}
		src, same, err := transform.Node(ins.Source, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
			v, ok := n.(*plan.Values)
			if !ok {
				return n, transform.SameTree, nil
			}
			var tuples [][]sql.Expression
			for r, tuple := range v.ExpressionTuples {
				if len(tuple) != len(names) {
					continue
				}
				for j, e := range tuple {
					def := readingDefault(e)
					if def == nil {
						continue
					}
					if tuples == nil {
						tuples = make([][]sql.Expression, len(v.ExpressionTuples))
						for i, t := range v.ExpressionTuples {
							tuples[i] = append([]sql.Expression(nil), t...)
						}
					}
					k := sch.IndexOfColName(names[j])
					if k < 0 {
						continue
					}
					d := defaultRow{sch: sch, listed: listed, tuple: tuple, visiting: make([]bool, len(sch))}
					d.visiting[k] = true
					// The expression, not the ColumnDefaultValue, whose
					// conversion to the column's type refused a value
					// out of range or too long whatever the mode: the
					// value is checked as the row's others are
					// (integerRanges: under IGNORE the range's end with
					// warning 1264, a text cut with warning 1265).
					tuples[r][j] = d.inRow(def.Expr)
				}
			}
			if tuples == nil {
				return n, transform.SameTree, nil
			}
			c := *v
			c.ExpressionTuples = tuples
			return &c, transform.NewTree, nil
		})
		if err != nil {
			return n, transform.SameTree, err
		}
		if same == transform.SameTree {
			if changed {
				return ins, transform.NewTree, nil
			}
			return n, transform.SameTree, nil
		}
		return ins.WithSource(src), transform.NewTree, nil
	})
}

// listDefaults returns ins, an INSERT … VALUES with a column list into a
// table of schema sch, with the columns it leaves out whose defaults read
// other columns added to its list, each given DEFAULT in every row (which
// rowDefaults then computes over the row), and ok; ins itself and false
// when it leaves none out or its source is not the projection over VALUES
// of go-mysql-server's resolveInsertRows. Regression: the projection's
// conversion of such a default to its column's type refused a value out
// of range or too long whatever the mode (`INSERT IGNORE INTO t (a)
// VALUES (2147483647)` with `d INT DEFAULT (a+1)`: "Out of range value
// 2147483648 for int", MySQL 2147483647 with warning 1264).
func listDefaults(ins *plan.InsertInto, sch sql.Schema) (*plan.InsertInto, bool) {
	p, ok := ins.Source.(*plan.Project)
	if !ok || len(ins.ColumnNames) == 0 || len(p.Projections) != len(sch) {
		return ins, false
	}
	v, ok := p.Child.(*plan.Values)
	if !ok {
		return ins, false
	}
	for _, t := range v.ExpressionTuples {
		if len(t) != len(ins.ColumnNames) {
			return ins, false
		}
	}
	names := append([]string(nil), ins.ColumnNames...)
	proj := append([]sql.Expression(nil), p.Projections...)
	var add []int
	for k, c := range sch {
		if c.Generated != nil || c.Default == nil || readingDefault(proj[k]) == nil {
			continue
		}
		listed := false
		for _, name := range names {
			listed = listed || strings.EqualFold(name, c.Name)
		}
		if !listed {
			add = append(add, k)
		}
	}
	if len(add) == 0 {
		return ins, false
	}
	tuples := make([][]sql.Expression, len(v.ExpressionTuples))
	for r, t := range v.ExpressionTuples {
		tuples[r] = append([]sql.Expression(nil), t...)
	}
	for _, k := range add {
		c := sch[k]
		proj[k] = expression.NewGetField(len(names), c.Type, c.Name, c.Nullable)
		names = append(names, c.Name)
		for r := range tuples {
			tuples[r] = append(tuples[r], expression.WrapExpression(c.Default))
		}
	}
	values := *v
	values.ExpressionTuples = tuples
	np, err := p.WithExpressions(proj...)
	if err != nil {
		return ins, false
	}
	np, err = np.WithChildren(&values)
	if err != nil {
		return ins, false
	}
	out := ins.WithSource(np)
	c := *out
	c.ColumnNames = names
	return &c, true
}

// readingDefault returns e's column default when e is a DEFAULT (or a
// value of a row ()) whose expression reads a column, else nil.
func readingDefault(e sql.Expression) *sql.ColumnDefaultValue {
	if w, ok := e.(*expression.Wrapper); ok {
		e = w.Unwrap()
	}
	def, ok := e.(*sql.ColumnDefaultValue)
	if !ok || def == nil || def.Expr == nil || !readsColumn(def.Expr) {
		return nil
	}
	return def
}

// readsColumn reports whether e reads a column.
func readsColumn(e sql.Expression) bool {
	return transform.InspectExpr(e, func(e sql.Expression) bool {
		_, ok := e.(*expression.GetField)
		return ok
	})
}

// defaultRow is one VALUES row of an INSERT into a table of schema sch,
// whose column k is the row's value listed[k] (-1: the row leaves it
// out). visiting marks the columns whose defaults are being rewritten,
// against a default that reads itself.
type defaultRow struct {
	sch      sql.Schema
	listed   []int
	tuple    []sql.Expression
	visiting []bool
}

// inRow returns e, an expression over the columns of d's table, with each
// column it reads replaced by that column's value in d's row (column).
func (d defaultRow) inRow(e sql.Expression) sql.Expression {
	out, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		k := d.sch.IndexOfColName(gf.Name())
		if k < 0 {
			return e, transform.SameTree, nil
		}
		return d.column(k), transform.NewTree, nil
	})
	if err != nil {
		return e
	}
	return out
}

// column returns the value of column k in d's row: the row's value,
// converted to the column's type, or the column's default (a generated
// column's expression) over the row when the row gives it DEFAULT or
// leaves it out.
func (d defaultRow) column(k int) sql.Expression {
	col := d.sch[k]
	var def sql.Expression
	if m := d.listed[k]; m >= 0 && m < len(d.tuple) {
		v := d.tuple[m]
		if dv := readingDefault(v); dv != nil {
			def = dv
		} else {
			return &asColumn{Expression: v, col: col}
		}
	} else if col.Default != nil {
		def = col.Default
	} else if col.Generated != nil {
		def = col.Generated
	} else {
		return expression.NewLiteral(nil, col.Type)
	}
	if d.visiting[k] {
		return expression.NewLiteral(nil, col.Type)
	}
	d.visiting[k] = true
	defer func() { d.visiting[k] = false }()
	return &asColumn{Expression: d.inRow(def), col: col}
}

// asColumn is a value a column default reads: e's value as column col
// holds it (converted to col's type; unconverted if it does not convert,
// the write of the column reports that).
type asColumn struct {
	sql.Expression
	col *sql.Column
}

var _ sql.Expression = (*asColumn)(nil)

// Type implements sql.Expression.
func (a *asColumn) Type() sql.Type { return a.col.Type }

// Eval implements sql.Expression.
func (a *asColumn) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := a.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return v, err
	}
	if c, _, err := a.col.Type.Convert(ctx, v); err == nil {
		return c, nil
	}
	return v, nil
}

// WithChildren implements sql.Expression.
func (a *asColumn) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 1)
	}
	return &asColumn{Expression: children[0], col: a.col}, nil
}

// Children implements sql.Expression.
func (a *asColumn) Children() []sql.Expression { return []sql.Expression{a.Expression} }

// String implements sql.Expression.
func (a *asColumn) String() string { return a.Expression.String() }
