package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): a table with a VIRTUAL generated column
// lost its CHECK constraints everywhere but in information_schema. The
// planner wraps such a table in a plan.VirtualColumnTable, which is no
// sql.CheckTable, and loads a statement's checks from the wrapper, so
//
//   - INSERT, REPLACE, INSERT … ON DUPLICATE KEY UPDATE, LOAD DATA and
//     UPDATE (of one table or of a join) enforced none (`INSERT … VALUES (-1)` into a table with
//     CHECK (a > 0) was accepted where MySQL says 3819);
//   - SHOW CREATE TABLE printed none, so a dump and restore dropped them;
//   - ALTER TABLE … DROP CHECK and DROP CONSTRAINT failed with "the table
//     does not support check constraint operations" (1105);
//   - ALTER TABLE … DROP COLUMN and RENAME COLUMN did not see the checks
//     that use the column (MySQL: 3959 for a check over other columns too;
//     go-mysql-server drops a check of that column alone).
//
// Here the statements get the checks of the simsql table under the
// wrapper, compiled over a row of the table's whole schema as
// go-mysql-server compiles them for a table without VIRTUAL columns:
// virtualColumnChecks (OnceAfterAll, which the short analysis of INSERT …
// VALUES and single-table UPDATE runs) fills INSERT, UPDATE and SHOW
// CREATE TABLE, virtualColumnCheckDDL (before go-mysql-server's rules
// that validate them) fills DROP/RENAME COLUMN and gives DROP CHECK and
// DROP CONSTRAINT the unwrapped table. Pinned by VirtualColumnCheckScripts
// (sqltests/scripts_generated.go), which also run on MariaDB. CREATE TABLE
// … LIKE of such a table gets its checks in compat_check_names.go. Delete
// this file when VirtualColumnTable passes sql.CheckTable on.

// ruleVirtualColumnChecks is the id of virtualColumnChecks, run in
// OnceAfterAll (installAfterAllRules).
const ruleVirtualColumnChecks analyzer.RuleId = 10_017

// ruleVirtualColumnCheckDDL is the id of virtualColumnCheckDDL, a
// pre-analyze rule (NewEngine).
const ruleVirtualColumnCheckDDL analyzer.RuleId = 10_018

// checkedNode is a plan node that carries the checks of its table.
type checkedNode interface {
	sql.Node
	Checks() sql.CheckConstraints
	WithChecks(sql.CheckConstraints) sql.Node
}

// virtualColumnChecks gives INSERT, UPDATE and SHOW CREATE TABLE of a
// simsql table with VIRTUAL columns the table's checks.
func virtualColumnChecks(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.InsertInto:
			return withVirtualChecks(ctx, a, x, x.Destination, false)
		case *plan.Update:
			if x.IsJoin {
				return joinVirtualChecks(ctx, a, x)
			}
			return withVirtualChecks(ctx, a, x, x.Child, false)
		}
		return n, transform.SameTree, nil
	})
}

// virtualColumnCheckDDL gives ALTER TABLE … DROP COLUMN and RENAME COLUMN
// of a simsql table with VIRTUAL columns the table's checks, and DROP
// CHECK and DROP CONSTRAINT the simsql table itself.
func virtualColumnCheckDDL(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.DropColumn:
			return withVirtualChecks(ctx, a, x, x.Table, false)
		case *plan.RenameColumn:
			return withVirtualChecks(ctx, a, x, x.Table, false)
		case *plan.DropCheck:
			if rt, ok := unwrapVirtual(x.Table); ok {
				c := *x
				c.Table = rt
				return &c, transform.NewTree, nil
			}
		case *plan.DropConstraint:
			if rt, ok := x.Child.(*plan.ResolvedTable); ok {
				if u, ok := unwrapVirtual(rt); ok {
					c := *x
					c.UnaryNode = plan.UnaryNode{Child: u}
					return &c, transform.NewTree, nil
				}
			}
		}
		return n, transform.SameTree, nil
	})
}

// unwrapVirtual returns rt over the simsql table when rt reads it through
// a plan.VirtualColumnTable.
func unwrapVirtual(rt *plan.ResolvedTable) (*plan.ResolvedTable, bool) {
	if rt == nil {
		return nil, false
	}
	if _, ok := plan.FindVirtualColumnTable(rt.Table); !ok {
		return nil, false
	}
	t, ok := simsqlTable(rt.Table)
	if !ok {
		return nil, false
	}
	c := *rt
	c.Table = t
	return &c, true
}

// withVirtualChecks returns n with the checks of the simsql table that
// plan table reads when that table has VIRTUAL columns and n has no
// checks (go-mysql-server found none behind the wrapper); n otherwise.
// forShow writes the checks' columns as SHOW CREATE TABLE prints them.
func withVirtualChecks(ctx *sql.Context, a *analyzer.Analyzer, n checkedNode, table sql.Node, forShow bool) (sql.Node, transform.TreeIdentity, error) {
	if len(n.Checks()) > 0 || table == nil {
		return n, transform.SameTree, nil
	}
	t := firstWrittenTable(table)
	if t == nil || !t.hasVirtual() || len(t.meta.Checks) == 0 {
		return n, transform.SameTree, nil
	}
	checks, err := compileChecks(ctx, a, t)
	if err != nil {
		return nil, transform.SameTree, err
	}
	if forShow {
		for _, c := range checks {
			c.Expr, _, _ = transform.Expr(c.Expr, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				if gf, ok := e.(*expression.GetField); ok {
					return expression.NewUnresolvedColumn("`" + gf.Name() + "`"), transform.NewTree, nil
				}
				return e, transform.SameTree, nil
			})
		}
	}
	return n.WithChecks(checks), transform.NewTree, nil
}

// firstWrittenTable returns the first simsql table plan n reads; nil if
// there is none.
func firstWrittenTable(n sql.Node) *Table {
	var found *Table
	transform.Inspect(n, func(n sql.Node) bool {
		if found != nil {
			return false
		}
		if tn, ok := n.(sql.TableNode); ok {
			if t, ok := writtenTable(tn.UnderlyingTable()); ok {
				found = t
				return false
			}
		}
		return true
	})
	return found
}

// compileChecks resolves t's checks over a row of its whole schema (a
// column's GetField index is its ordinal), as go-mysql-server's
// planbuilder resolves them for a table it does not wrap.
func compileChecks(ctx *sql.Context, a *analyzer.Analyzer, t *Table) (checks sql.CheckConstraints, err error) {
	defer func() {
		if r := recover(); r != nil { // the planbuilder reports errors by panicking
			checks, err = nil, fmt.Errorf("checks of %s: %v", t.meta.Name, r)
		}
	}()
	b := planbuilder.New(ctx, a.Catalog, nil, a.Parser)
	b.DisableAuth()
	from := &ast.AliasedTableExpr{Expr: ast.TableName{Name: ast.NewTableIdent(t.meta.Name), DbQualifier: ast.NewTableIdent(t.db.name)}}
	for _, c := range t.meta.Checks {
		parsed, err := a.Parser.ParseSimple("SELECT " + c.Expr)
		if err != nil {
			return nil, err
		}
		sel, ok := parsed.(*ast.Select)
		if !ok || len(sel.SelectExprs) != 1 {
			return nil, sql.ErrInvalidCheckConstraint.New(c.Expr)
		}
		ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr)
		if !ok {
			return nil, sql.ErrInvalidCheckConstraint.New(c.Expr)
		}
		e, err := overRow(t.sch.Schema, b.BuildScalarWithTable(ae.Expr, from))
		if err != nil {
			return nil, err
		}
		checks = append(checks, &sql.CheckConstraint{Name: c.Name, Expr: e, Enforced: c.Enforced})
	}
	return checks, nil
}

// joinVirtualChecks adds to UPDATE … JOIN u the checks of each simsql table
// with VIRTUAL columns it writes, over the joined row it checks (the
// table's columns start where the first column of its name or alias is).
func joinVirtualChecks(ctx *sql.Context, a *analyzer.Analyzer, u *plan.Update) (sql.Node, transform.TreeIdentity, error) {
	var uj *plan.UpdateJoin
	transform.Inspect(u.Child, func(n sql.Node) bool {
		if j, ok := n.(*plan.UpdateJoin); ok && uj == nil {
			uj = j
		}
		return uj == nil
	})
	if uj == nil {
		return u, transform.SameTree, nil
	}
	joined := uj.Child.Schema()
	checks := u.Checks()
	added := false
	for name := range uj.Updaters {
		t := namedTable(uj.Child, name)
		if t == nil || !t.hasVirtual() || len(t.meta.Checks) == 0 {
			continue
		}
		off := -1
		for i, c := range joined {
			if strings.EqualFold(c.Source, name) {
				off = i
				break
			}
		}
		if off < 0 {
			continue
		}
		own, err := compileChecks(ctx, a, t)
		if err != nil {
			return nil, transform.SameTree, err
		}
		for _, c := range own {
			c.Expr, _, _ = transform.Expr(c.Expr, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
				if gf, ok := e.(*expression.GetField); ok {
					return gf.WithIndex(gf.Index() + off), transform.NewTree, nil
				}
				return e, transform.SameTree, nil
			})
		}
		checks = append(checks, own...)
		added = true
	}
	if !added {
		return u, transform.SameTree, nil
	}
	return u.WithChecks(checks), transform.NewTree, nil
}

// namedTable returns the simsql table that plan n reads under name (its
// alias, or its own name when it has none); nil if there is none.
func namedTable(n sql.Node, name string) *Table {
	var found *Table
	transform.Inspect(n, func(n sql.Node) bool {
		if found != nil {
			return false
		}
		switch x := n.(type) {
		case *plan.TableAlias:
			if tn, ok := x.Child.(sql.TableNode); ok && strings.EqualFold(x.Name(), name) {
				found, _ = writtenTable(tn.UnderlyingTable())
			}
			return false
		case sql.TableNode:
			if t, ok := writtenTable(x.UnderlyingTable()); ok && strings.EqualFold(t.meta.Name, name) {
				found = t
			}
			return false
		}
		return true
	})
	return found
}
