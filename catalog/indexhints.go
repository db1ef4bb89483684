package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
)

// Index hints work around a go-mysql-server 0.20 fault: USE INDEX,
// FORCE INDEX and IGNORE INDEX are parsed and then dropped, so no one can
// keep the planner off an index (to cross-check an index's answer against
// a scan, say). simsql applies them to its own tables: a table named
// under a hint offers the planner only the indexes the hint allows —
// through GetIndexes (go-mysql-server's B-tree costing), LookupForExpressions
// and CustomIndexes (the custom kinds' lookups and joins) alike. As in
// MySQL, USE INDEX (a, b) and FORCE INDEX (a, b) allow only a and b (FORCE
// is taken as USE: a scan stays possible), IGNORE
// INDEX (a) allows all but a, and PRIMARY names the primary key. Pinned by
// TestIndexHints (sqltests). Drop this file when go-mysql-server applies
// hints itself.

// indexHint is the hint a table was named under.
type indexHint struct {
	only   map[string]bool // USE/FORCE: the allowed indexes (nil: no such hint)
	ignore map[string]bool // IGNORE: the refused indexes
	names  []string        // the indexes named, as written
}

// check returns MySQL's error 1176 (ER_KEY_DOES_NOT_EXITS, SQLSTATE 42000)
// for the first index the hint names that table t, named or aliased as
// name in the query, does not have; go-mysql-server 0.20 ignores such
// names, so a misspelt hint silently read through another plan. PRIMARY
// names the primary key, when there is one.
func (h *indexHint) check(t *Table, name string) error {
	for _, ix := range h.names {
		if strings.EqualFold(ix, "primary") && len(t.meta.PK) > 0 {
			continue
		}
		found := false
		for _, m := range t.meta.Indexes {
			if strings.EqualFold(m.Name, ix) {
				found = true
				break
			}
		}
		if !found {
			return mysql.NewSQLError(mysql.ERKeyDoesNotExist, mysql.SSClientError, "Key '%s' doesn't exist in table '%s'", ix, name)
		}
	}
	return nil
}

// allows reports whether the hint lets the planner use index name.
func (h *indexHint) allows(name string) bool {
	if h == nil {
		return true
	}
	name = strings.ToLower(name)
	if h.only != nil && !h.only[name] {
		return false
	}
	return !h.ignore[name]
}

// allowsIndex reports whether queries of t may use index name.
func (t *Table) allowsIndex(name string) bool { return t.hint.allows(name) }

// withHint returns t read under hint h.
func (t *Table) withHint(h *indexHint) *Table {
	c := *t
	c.hint = h
	return &c
}

// statementHints returns the index hints of statement q by table name or
// alias (lower case), or nil when it has none.
func statementHints(q string) map[string]*indexHint {
	lq := strings.ToLower(q)
	if !(strings.Contains(lq, "index") || strings.Contains(lq, "key")) ||
		!(strings.Contains(lq, "use") || strings.Contains(lq, "ignore") || strings.Contains(lq, "force")) {
		return nil // no hint can be there: skip the parse
	}
	stmt, err := sqlparser.Parse(q)
	if err != nil {
		return nil
	}
	if ex, ok := stmt.(*sqlparser.Explain); ok {
		stmt = ex.Statement // Walk does not enter EXPLAIN
	}
	var hints map[string]*indexHint
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		at, ok := node.(*sqlparser.AliasedTableExpr)
		if !ok || at.Hints == nil {
			return true, nil
		}
		name := at.As.String()
		if name == "" {
			tn, ok := at.Expr.(sqlparser.TableName)
			if !ok {
				return true, nil
			}
			name = tn.Name.String()
		}
		h := &indexHint{}
		set := map[string]bool{}
		for _, ix := range at.Hints.Indexes {
			set[strings.ToLower(ix.String())] = true
			h.names = append(h.names, ix.String())
		}
		if at.Hints.Type == sqlparser.IgnoreStr {
			h.ignore = set
		} else {
			h.only = set
		}
		if hints == nil {
			hints = map[string]*indexHint{}
		}
		hints[strings.ToLower(name)] = h
		return true, nil
	}, stmt)
	return hints
}

// checkHints checks the hint of every table of n (not of its subqueries)
// against the table's indexes, naming the table by its alias if it has
// one, as MySQL does.
func checkHints(n sql.Node) error {
	switch x := n.(type) {
	case *plan.TableAlias:
		if rt, ok := x.Child.(*plan.ResolvedTable); ok {
			if t, ok := rt.Table.(*Table); ok && t.hint != nil {
				return t.hint.check(t, x.Name())
			}
			return nil
		}
	case *plan.ResolvedTable:
		if t, ok := x.Table.(*Table); ok && t.hint != nil {
			return t.hint.check(t, t.Name())
		}
	}
	for _, c := range n.Children() {
		if err := checkHints(c); err != nil {
			return err
		}
	}
	return nil
}

// applyIndexHints is a pre-analysis rule: every simsql table of the query
// named (or aliased) under an index hint is read under it.
func applyIndexHints(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if ctx == nil {
		return n, transform.SameTree, nil
	}
	hints := statementHints(ctx.Query())
	if hints == nil {
		return n, transform.SameTree, nil
	}
	return hintNode(n, hints)
}

// hintNode applies hints to the tables of n and of its subqueries. The
// walk is bottom-up: a table first takes the hint of its own name, then
// the alias above it replaces that with the alias's (or none).
func hintNode(n sql.Node, hints map[string]*indexHint) (sql.Node, transform.TreeIdentity, error) {
	n, same, err := transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.ResolvedTable:
			if t, ok := x.Table.(*Table); ok {
				if h := hints[strings.ToLower(t.Name())]; h != nil {
					nt, err := x.WithTable(t.withHint(h))
					return nt.(sql.Node), transform.NewTree, err
				}
			}
		case *plan.TableAlias:
			rt, ok := x.Child.(*plan.ResolvedTable)
			if !ok {
				return n, transform.SameTree, nil
			}
			t, ok := rt.Table.(*Table)
			h := hints[strings.ToLower(x.Name())]
			if !ok || h == t.hint {
				return n, transform.SameTree, nil
			}

			nt, err := rt.WithTable(t.withHint(h))
			if err != nil {
				return nil, transform.SameTree, err
			}
			na, err := x.WithChildren(nt.(sql.Node))
			return na, transform.NewTree, err
		}
		return n, transform.SameTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	if err := checkHints(n); err != nil {
		return nil, transform.SameTree, err
	}
	n, sameSub, err := transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		sq, ok := e.(*plan.Subquery)
		if !ok || sq.Query == nil {
			return e, transform.SameTree, nil
		}
		q, same, err := hintNode(sq.Query, hints)
		if err != nil || same == transform.SameTree {
			return e, transform.SameTree, err
		}
		return sq.WithQuery(q), transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	if same == transform.SameTree && sameSub == transform.SameTree {
		return n, transform.SameTree, nil
	}
	return n, transform.NewTree, nil
}
