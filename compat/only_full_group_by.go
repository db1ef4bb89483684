package compat

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
)

// Fault (go-mysql-server v0.20.0, analyzer.validateGroupBy): under
// sql_mode ONLY_FULL_GROUP_BY (in simsql's default, as in MySQL 8's),
// SELECT a, COUNT(*) FROM t GROUP BY b answered with an arbitrary a of
// each group: the rule skips every GROUP BY under a projection, a sort or
// HAVING, which is all of them. MySQL 8 refuses it with 1055 / 42000
// "Expression #1 of SELECT list is not in GROUP BY clause and contains
// nonaggregated column 'db.t.a' which is not functionally dependent on
// columns in GROUP BY clause; this is incompatible with
// sql_mode=only_full_group_by", and the same "of ORDER BY clause" for an
// ORDER BY; MariaDB 10.11 gives 1055 too ("'db.t.a' isn't in GROUP BY"),
// without MySQL's functional dependencies.
//
// onlyFullGroupBy gives MySQL's error where it is sure of it: a column
// of a base table of the GROUP BY's FROM, outside any aggregate and
// ANY_VALUE, that is not grouped, whose table has no primary key or NOT
// NULL unique key of grouped columns, and that no equality of the
// statement's WHERE or ON names (MySQL derives dependencies from those).
// A column of a derived table, a view or an outer query is left alone.
// go-mysql-server's own rule, which refused valid queries after its
// analysis had removed the projection (SELECT id, a FROM t GROUP BY id,
// id the primary key, was 1105 "expression 't.a' doesn't appear in the
// group by expressions"), is removed (ReplacedValidationRules).
// Pinned by CompatFaultScripts "ONLY_FULL_GROUP_BY: a column not in GROUP
// BY is 1055" (also on MariaDB) and CompatMySQLScripts "ONLY_FULL_GROUP_BY
// follows sql_mode and functional dependencies".
//
// The same rule skipped aggregated queries without GROUP BY: SELECT a,
// COUNT(*) FROM t answered with the first row's a. MySQL 8 refuses it
// with 1140 / 42000 (ER_MIX_OF_GROUP_FUNC_AND_FIELDS_V2) "In aggregated
// query without GROUP BY, expression #1 of SELECT list contains
// nonaggregated column 'db.t.a'; this is incompatible with
// sql_mode=only_full_group_by", unless an equality of the WHERE makes the
// column constant; MariaDB 10.11 gives 1140 in its own words ("Mixing of
// GROUP columns … is illegal if there is no GROUP BY clause"). The same
// check does it, with no grouped expressions. Pinned by
// CompatFaultScripts "ONLY_FULL_GROUP_BY: a column beside an aggregate
// without GROUP BY is 1140" (also on MariaDB) and CompatMySQLScripts
// "ONLY_FULL_GROUP_BY without GROUP BY: MySQL's 1140".
//
// A select alias stands for its expression: GROUP BY g of SELECT v g
// groups by v, and an ORDER BY or HAVING of g (go-mysql-server reads it
// through a projection it puts below them, of the grouped row's columns)
// reads v; the check refused SELECT v g FROM x GROUP BY g ORDER BY g, and
// HAVING g, GROUP BY v + 1 ORDER BY g, with 1055, which MySQL 8 accepts.
// Pinned by OnlyFullGroupByScripts (also on MariaDB) and
// OnlyFullGroupByMySQLScripts, whose comment tables MySQL 8's cases.

// ruleOnlyFullGroupBy is the id of onlyFullGroupBy.
const ruleOnlyFullGroupBy analyzer.RuleId = 10_212

// ReplacedValidationRules returns the ids of go-mysql-server's validation
// rules that this package's rules replace, for
// analyzer.Builder.RemoveValidationRule: validateGroupBy, replaced by
// onlyFullGroupBy. go-mysql-server does not export the ids; they are
// found by name.
func ReplacedValidationRules() []analyzer.RuleId {
	var out []analyzer.RuleId
	for _, r := range analyzer.DefaultValidationRules {
		if r.Id.String() == "validateGroupBy" {
			out = append(out, r.Id)
		}
	}
	return out
}

// erWrongFieldWithGroup is MySQL's ER_WRONG_FIELD_WITH_GROUP;
// erMixOfGroupFuncAndFields its ER_MIX_OF_GROUP_FUNC_AND_FIELDS.
const (
	erWrongFieldWithGroup     = 1055
	erMixOfGroupFuncAndFields = 1140
)

// onlyFullGroupBy refuses a grouped query whose select list or ORDER BY
// reads a column that is not functionally dependent on the GROUP BY.
func onlyFullGroupBy(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qFlags != nil && !qFlags.IsSet(sql.QFlagAggregation) {
		return n, transform.SameTree, nil
	}
	if ctx == nil || ctx.Session == nil || !sql.LoadSqlMode(ctx).ModeEnabled(sql.OnlyFullGroupBy) {
		return n, transform.SameTree, nil
	}
	return n, transform.SameTree, checkGroupBys(ctx, n)
}

// checkGroupBys checks each projection over a GROUP BY in n, in
// subqueries too.
func checkGroupBys(ctx *sql.Context, n sql.Node) error {
	var err error
	inner := map[*plan.Project]bool{}
	transform.Inspect(n, func(n sql.Node) bool {
		if err != nil {
			return false
		}
		if p, ok := n.(*plan.Project); ok && !inner[p] {
			err = checkProject(ctx, p, inner)
		}
		if ex, ok := n.(sql.Expressioner); ok {
			for _, e := range ex.Expressions() {
				sql.Inspect(e, func(e sql.Expression) bool {
					if sq, ok := e.(*plan.Subquery); ok && err == nil {
						err = checkGroupBys(ctx, sq.Query)
					}
					return err == nil
				})
			}
		}
		return err == nil
	})
	return err
}

// checkProject checks p when it projects a GROUP BY (through ORDER BY,
// HAVING, LIMIT, DISTINCT or the projection go-mysql-server puts below an
// ORDER BY or HAVING that names a select alias; those it adds to inner:
// their columns are not the select list).
func checkProject(ctx *sql.Context, p *plan.Project, inner map[*plan.Project]bool) error {
	var sorts []*plan.Sort
	child := p.Child
	var gb *plan.GroupBy
	var aliases []*plan.Project
	for gb == nil {
		switch c := child.(type) {
		case *plan.Sort:
			sorts = append(sorts, c)
			child = c.Child
		case *plan.Having:
			child = c.Child
		case *plan.Limit:
			child = c.Child
		case *plan.Offset:
			child = c.Child
		case *plan.Distinct:
			child = c.Child
		case *plan.Project:
			aliases = append(aliases, c)
			child = c.Child
		case *plan.GroupBy:
			gb = c
		default:
			return nil
		}
	}
	for _, a := range aliases {
		inner[a] = true
	}
	g, err := newGroupCheck(ctx, gb)
	if err != nil || g == nil {
		return err
	}
	for _, a := range aliases {
		for _, e := range a.Projections {
			if al, ok := e.(*expression.Alias); ok {
				g.aliases[strings.ToLower(al.Name())] = al.Child
			}
		}
	}
	implicit := len(gb.GroupByExprs) == 0
	for i, e := range p.Projections {
		if col := g.ungrouped(e); col != "" {
			if implicit {
				return mysql.NewSQLError(erMixOfGroupFuncAndFields, mysql.SSClientError,
					"In aggregated query without GROUP BY, expression #%d of SELECT list contains nonaggregated column '%s'; this is incompatible with sql_mode=only_full_group_by",
					i+1, col)
			}
			return groupByError(i+1, "SELECT list", col)
		}
	}
	if implicit {
		return nil // its ORDER BY is left alone
	}
	for _, s := range sorts {
		for i, f := range s.SortFields {
			if col := g.ungrouped(f.Column); col != "" {
				return groupByError(i+1, "ORDER BY clause", col)
			}
		}
	}
	return nil
}

// groupByError is MySQL's 1055 for expression number i of clause, which
// reads column col.
func groupByError(i int, clause, col string) error {
	return mysql.NewSQLError(erWrongFieldWithGroup, mysql.SSClientError,
		"Expression #%d of %s is not in GROUP BY clause and contains nonaggregated column '%s' which is not functionally dependent on columns in GROUP BY clause; this is incompatible with sql_mode=only_full_group_by",
		i, clause, col)
}

// groupCheck knows what a GROUP BY determines.
type groupCheck struct {
	// exprs are the GROUP BY's expressions, as text.
	exprs map[string]bool
	// grouped are the grouped columns, and those determined by a key of
	// grouped columns or named by an equality: table id, lower-case name.
	grouped map[colKey]bool
	// tables are the base tables of the FROM, by id, with their
	// databases; sources all its table ids (derived tables too).
	tables  map[sql.TableId]*plan.ResolvedTable
	sources map[sql.TableId]bool
	// aliases are the select aliases an ORDER BY or HAVING reads through
	// a projection below it, by lower-case name: what they stand for.
	aliases map[string]sql.Expression
}

type colKey struct {
	table sql.TableId
	name  string
}

// newGroupCheck returns the check of gb, nil when its FROM is beyond it.
func newGroupCheck(ctx *sql.Context, gb *plan.GroupBy) (*groupCheck, error) {
	g := &groupCheck{exprs: map[string]bool{}, grouped: map[colKey]bool{}, tables: map[sql.TableId]*plan.ResolvedTable{}, sources: map[sql.TableId]bool{}, aliases: map[string]sql.Expression{}}
	for _, e := range gb.GroupByExprs {
		// GROUP BY g of SELECT v g groups by x.v AS g: by x.v.
		for {
			al, ok := e.(*expression.Alias)
			if !ok {
				break
			}
			e = al.Child
		}
		g.exprs[e.String()] = true
		if gf, ok := e.(*expression.GetField); ok {
			g.grouped[colKey{gf.TableId(), strings.ToLower(gf.Name())}] = true
		}
	}
	unknown := false
	transform.Inspect(gb.Child, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.TableAlias:
			if rt, ok := x.Child.(*plan.ResolvedTable); ok {
				g.tables[x.Id()] = rt
			}
			g.sources[x.Id()] = true
			return false
		case *plan.ResolvedTable:
			g.tables[x.Id()] = x
			g.sources[x.Id()] = true
			return false
		case plan.TableIdNode:
			g.sources[x.Id()] = true
			return false
		case *plan.Filter:
			g.equalities(x.Expression)
		case *plan.JoinNode:
			g.equalities(x.Filter)
		case *plan.GroupBy, *plan.Window:
			unknown = true
		}
		return true
	})
	if unknown {
		return nil, nil
	}
	for id, rt := range g.tables {
		if err := g.keys(ctx, id, rt); err != nil {
			return nil, err
		}
	}
	return g, nil
}

// equalities counts the columns that an equality of e names as grouped:
// MySQL derives functional dependencies from them, which this check does
// not attempt.
func (g *groupCheck) equalities(e sql.Expression) {
	if e == nil {
		return
	}
	sql.Inspect(e, func(e sql.Expression) bool {
		if eq, ok := e.(*expression.Equals); ok {
			for _, side := range []sql.Expression{eq.Left(), eq.Right()} {
				if gf, ok := side.(*expression.GetField); ok {
					g.grouped[colKey{gf.TableId(), strings.ToLower(gf.Name())}] = true
				}
			}
		}
		if _, ok := e.(*expression.NullSafeEquals); ok {
			sql.Inspect(e, func(e sql.Expression) bool {
				if gf, ok := e.(*expression.GetField); ok {
					g.grouped[colKey{gf.TableId(), strings.ToLower(gf.Name())}] = true
				}
				return true
			})
		}
		return true
	})
}

// keys counts every column of table id as grouped when the grouped
// columns hold its primary key or a unique key of NOT NULL columns.
func (g *groupCheck) keys(ctx *sql.Context, id sql.TableId, rt *plan.ResolvedTable) error {
	it, ok := rt.UnderlyingTable().(sql.IndexAddressable)
	if !ok {
		return nil
	}
	idxs, err := it.GetIndexes(ctx)
	if err != nil {
		return err
	}
	sch := rt.Schema()
	for _, idx := range idxs {
		if !idx.IsUnique() || len(idx.PrefixLengths()) > 0 {
			continue
		}
		covered := true
		for _, e := range idx.Expressions() {
			name := strings.ToLower(e[strings.LastIndexByte(e, '.')+1:])
			o := sch.IndexOfColName(name)
			if o < 0 || sch[o].Nullable || !g.grouped[colKey{id, name}] {
				covered = false
				break
			}
		}
		if covered {
			for _, c := range sch {
				g.grouped[colKey{id, strings.ToLower(c.Name)}] = true
			}
			return nil
		}
	}
	return nil
}

// ungrouped returns the first column of e, as MySQL names it
// ('db.t.a'), that is outside an aggregate and not determined by the
// GROUP BY; "" if there is none.
func (g *groupCheck) ungrouped(e sql.Expression) string {
	found := ""
	sql.Inspect(e, func(e sql.Expression) bool {
		if found != "" {
			return false
		}
		switch x := e.(type) {
		case sql.Aggregation, *plan.Subquery:
			return false
		case sql.FunctionExpression:
			if strings.EqualFold(x.FunctionName(), "any_value") {
				return false
			}
		case *expression.Alias:
			// SELECT v + 1 g … GROUP BY v + 1: the alias stands for its
			// expression.
			return true
		case *expression.GetField:
			if a, ok := g.aliases[strings.ToLower(x.Name())]; ok && x.Table() == "" {
				// ORDER BY g, HAVING g: what the select alias g stands for.
				found = g.ungrouped(a)
				return false
			}
			key := colKey{x.TableId(), strings.ToLower(x.Name())}
			// A base table's column; an aggregate's result (SUM(0xFF)
			// FROM dual) may carry the id of a table it is not a column of.
			rt, base := g.tables[x.TableId()]
			base = base && x.Table() != "" && rt.Schema().IndexOfColName(x.Name()) >= 0
			if base && !g.grouped[key] && !g.exprs[x.String()] {
				found = fmt.Sprintf("%s.%s.%s", x.Database(), x.Table(), x.Name())
				if x.Database() == "" {
					found = fmt.Sprintf("%s.%s.%s", g.tables[x.TableId()].Database().Name(), x.Table(), x.Name())
				}
			}
			return false
		}
		return !g.exprs[e.String()]
	})
	return found
}
