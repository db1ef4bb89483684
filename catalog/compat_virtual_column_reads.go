package catalog

import (
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): a read of a table with VIRTUAL
// generated columns computes every one of them for every row it reads,
// whether the statement uses the column or not. The planner wraps such a
// table in a plan.VirtualColumnTable whose projections compute all its
// columns, and no rule prunes them. So on a table of 727 licence texts
// with `fp BIGINT UNSIGNED AS (simhash(body)) VIRTUAL`, `SELECT COUNT(*)`
// took 0.94 s against 0.01 s without the column (a fingerprint per row),
// and a self-join that reads the inner table once per outer row computed
// a fingerprint per pair: over 600 s where the same join on a table
// without VIRTUAL columns took under a second (trial try11f). MySQL
// computes a VIRTUAL column only when the statement reads it.
//
// Here the rule virtualColumnReads replaces, in the plans of reading
// statements, the projection of each VIRTUAL column that no expression of
// the statement names by a NULL of the column's type. It acts only where
// it can see every reader of the row:
//
//   - the statement's plan is made only of go-mysql-server's read nodes
//     (readNodes): any write, trigger, procedure, table function or simsql
//     node leaves the plan as it is;
//   - a table read whose rows reach the top of a query scope (the
//     statement, a derived table, a subquery, a UNION side) without a
//     Project, GroupBy or Window between keeps all its columns, since its
//     rows are the scope's result;
//   - a column is kept when any expression anywhere in the statement
//     (subqueries included, and the expressions of the VIRTUAL columns
//     kept) has a field of its name, whatever the table: a name is enough
//     to keep it.
//
// A generated column is a function of its row's stored columns, so a value
// nobody reads changes no DISTINCT, no join and no result.
// Pinned by TestVirtualColumnReads (catalog/compat_virtual_column_reads_test.go):
// the same answers with and without the rule, and the count of
// simhash() evaluations of each query.
// Delete this file when upstream prunes VirtualColumnTable projections.

// ruleVirtualColumnReads is the id of virtualColumnReads, run in
// OnceAfterAll after virtualColumnValues (installAfterAllRules).
const ruleVirtualColumnReads analyzer.RuleId = 10_099

// gmsPlanPackage is the package of go-mysql-server's plan nodes.
var gmsPlanPackage = reflect.TypeOf(plan.Project{}).PkgPath()

// readNodes are the plan node types whose rows virtualColumnReads can
// follow: each reads its children's rows only through the expressions it
// lists (or passes them on whole).
var readNodes = map[string]bool{
	"QueryProcess": true, "TransactionCommittingNode": true, "Project": true,
	"Filter": true, "Having": true, "Sort": true, "Limit": true, "Offset": true,
	"TopN": true, "Distinct": true, "OrderedDistinct": true, "GroupBy": true,
	"Window": true, "JoinNode": true, "TableAlias": true, "ResolvedTable": true,
	"IndexedTableAccess": true, "SubqueryAlias": true, "SetOp": true,
	"HashLookup": true, "CachedResults": true, "StripRowNode": true,
	"Max1Row": true, "EmptyTable": true, "TableCountLookup": true,
}

// virtualColumnReads drops the computation of the VIRTUAL columns that a
// reading statement n does not name (see above). It changes the
// plan.VirtualColumnTable wrappers in place, as readVirtualValues does:
// the planner built them for this statement.
func virtualColumnReads(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	r := virtualReads{names: map[string]bool{}, full: map[*plan.VirtualColumnTable]bool{}}
	if !r.walk(n, false) || len(r.tables) == 0 {
		return n, transform.SameTree, nil
	}
	for grown := true; grown; { // a kept column's expression names others
		grown = false
		for _, vct := range r.tables {
			sch := vct.Table.Schema()
			for i, p := range vct.Projections {
				if i < len(sch) && sch[i].Virtual && (r.full[vct] || r.names[strings.ToLower(sch[i].Name)]) {
					grown = r.nameFields(p) || grown
				}
			}
		}
	}
	for _, vct := range r.tables {
		if r.full[vct] {
			continue
		}
		sch := vct.Table.Schema()
		var out []sql.Expression
		for i, p := range vct.Projections {
			if i >= len(sch) || !sch[i].Virtual || r.names[strings.ToLower(sch[i].Name)] {
				continue
			}
			if l, ok := p.(*expression.Literal); ok && l.Value() == nil {
				continue // dropped by an earlier analysis of the same plan
			}
			if out == nil {
				out = append([]sql.Expression(nil), vct.Projections...)
			}
			out[i] = expression.NewLiteral(nil, sch[i].Type)
		}
		if out != nil {
			vct.Projections = out
		}
	}
	return n, transform.SameTree, nil
}

// virtualReads is what virtualColumnReads learns of a plan: the names its
// expressions read, its VIRTUAL column tables, and those whose rows are a
// scope's result.
type virtualReads struct {
	names  map[string]bool
	tables []*plan.VirtualColumnTable
	full   map[*plan.VirtualColumnTable]bool
}

// walk records n and its subtree; projected says whether a Project,
// GroupBy or Window of n's scope is above n. It reports false for a node
// it cannot follow (the rule then leaves the plan alone).
func (r *virtualReads) walk(n sql.Node, projected bool) bool {
	if n == nil {
		return true
	}
	t := reflect.TypeOf(n)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t.PkgPath() != gmsPlanPackage || !readNodes[t.Name()] {
		return false
	}
	if e, ok := n.(sql.Expressioner); ok {
		for _, x := range e.Expressions() {
			if !r.expression(x) {
				return false
			}
		}
	}
	switch x := n.(type) {
	case *plan.Project, *plan.GroupBy, *plan.Window:
		projected = true
	case *plan.SubqueryAlias, *plan.SetOp:
		projected = false // the children are scopes of their own
	case *plan.IndexedTableAccess:
		if x.TableNode != nil && x.TableNode != sql.Node(x) {
			if tn, ok := x.TableNode.(sql.TableNode); ok {
				r.table(tn, projected)
			}
		}
	}
	if tn, ok := n.(sql.TableNode); ok {
		r.table(tn, projected)
	}
	for _, c := range n.Children() {
		if !r.walk(c, projected) {
			return false
		}
	}
	return true
}

// table records the VIRTUAL column tables that table node tn reads.
func (r *virtualReads) table(tn sql.TableNode, projected bool) {
	for _, t := range wrappedTables(tn) {
		vct, ok := plan.FindVirtualColumnTable(t)
		if !ok {
			continue
		}
		if _, ours := writtenTable(vct.Table); !ours {
			r.full[vct] = true
		}
		if !projected {
			r.full[vct] = true
		}
		seen := false
		for _, v := range r.tables {
			seen = seen || v == vct
		}
		if !seen {
			r.tables = append(r.tables, vct)
		}
	}
}

// expression records the field names of x, walking into its subqueries'
// plans (each a scope of its own); false if a subquery cannot be followed.
func (r *virtualReads) expression(x sql.Expression) bool {
	ok := true
	transform.InspectExpr(x, func(e sql.Expression) bool {
		switch y := e.(type) {
		case *expression.GetField:
			r.names[strings.ToLower(y.Name())] = true
		case *plan.Subquery:
			if y.Query != nil && !r.walk(y.Query, false) {
				ok = false
			}
		}
		return !ok
	})
	return ok
}

// nameFields records the field names of x, reporting whether one was new.
func (r *virtualReads) nameFields(x sql.Expression) (added bool) {
	transform.InspectExpr(x, func(e sql.Expression) bool {
		if f, ok := e.(*expression.GetField); ok && !r.names[strings.ToLower(f.Name())] {
			r.names[strings.ToLower(f.Name())] = true
			added = true
		}
		return false
	})
	return added
}
