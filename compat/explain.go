package compat

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// EXPLAIN in go-mysql-server v0.20.0 answers MySQL's tabular form with one
// placeholder row whose integer and float columns hold the string 'NULL'
// (PyMySQL: "invalid literal for int()"), the table column 'NULL' and
// select_type SELECT, and refuses FORMAT=JSON (and FORMAT=TRADITIONAL) as
// syntax errors. This file answers them from the analyzed plan, in MySQL's
// shapes:
//
//   - EXPLAIN [FORMAT=TRADITIONAL] stmt: one row per table the plan reads
//     (id, select_type SIMPLE, or INSERT, UPDATE, DELETE, DERIVED for a
//     derived table's own, table as the query names it, partitions NULL,
//     type ALL for a scan, ref, eq_ref or range for a B-tree or similarity index,
//     possible_keys and key the index read, key_len NULL, ref NULL, rows the
//     table's row count where the table knows it, filtered 100, Extra
//     "Using where" below a filter), or one row with "No tables used". NULLs
//     are SQL NULLs.
//   - EXPLAIN FORMAT=JSON stmt: one row, one column EXPLAIN, MySQL's
//     {"query_block": {"select_id": 1, "table": {…}}} (a "nested_loop" list
//     for several tables) with table_name, access_type, key,
//     rows_examined_per_scan, filtered and attached_condition.
//
// EXPLAIN PLAN and FORMAT=TREE stay go-mysql-server's plan. The cost and
// row estimates MySQL adds are not computed. Pinned by StatementScripts
// "EXPLAIN" and TestStatementsMariaDB.

// ExecBuilder returns go-mysql-server's builder with EXPLAIN's tabular form
// answered as described above and the nodes of exec_overrides.go built
// as MySQL's; b, the engine's builder (go-mysql-server's
// rowexec.DefaultBuilder), is replaced.
func ExecBuilder(b sql.NodeExecBuilder) sql.NodeExecBuilder {
	return explainBuilder{newOverrideBuilder()}
}

type explainBuilder struct{ sql.NodeExecBuilder }

// Build implements sql.NodeExecBuilder.
func (b explainBuilder) Build(ctx *sql.Context, n sql.Node, r sql.Row) (sql.RowIter, error) {
	if d, ok := n.(*plan.DescribeQuery); ok && !d.Format.Plan && !d.Format.Analyze {
		var rows []sql.Row
		for _, a := range planAccesses(ctx, d.Query()) {
			rows = append(rows, a.row())
		}
		return sql.RowsToRowIter(rows...), nil
	}
	if it, ok, err := okInfo(ctx, b.NodeExecBuilder, n, r); ok || err != nil { // ok_info.go
		return it, err
	}
	return b.NodeExecBuilder.Build(ctx, n, r)
}

// explainStatement answers EXPLAIN FORMAT=JSON and FORMAT=TRADITIONAL;
// toks are the statement's first tokens.
func (p stmtParser) explainStatement(ctx *sql.Context, toks []token, s string) (ast.Statement, bool, error) {
	if len(toks) < 5 || !is(toks[1:], "format", "=") || toks[3].quoted == '\'' || toks[3].quoted == '"' {
		return nil, false, nil
	}
	inner := s[toks[3].end:]
	switch strings.ToLower(toks[3].word) {
	case "traditional":
		stmt, err := p.parseOne(ctx, toks[0].word+" "+inner)
		return stmt, true, err
	case "json":
	case "tree":
		return nil, false, nil // go-mysql-server's plan
	default:
		name := toks[3].word
		if toks[3].quoted == 0 {
			name = s[toks[3].end-len(name) : toks[3].end] // as written
		}
		return nil, true, mysql.NewSQLError(erUnknownExplainFormat, "HY000", "Unknown EXPLAIN format name: '%s'", name)
	}
	// The statement's parameters (a prepared EXPLAIN FORMAT=JSON … ?) are
	// its children, so that go-mysql-server binds them; it was "invalid
	// arguments. expected: 0, found: 1".
	params, err := p.parameters(ctx, inner)
	if err != nil {
		return nil, true, err
	}
	env := p.env
	return injectStatement(s, func(planned []sql.Expression) (sql.Node, error) {
		return &resultNode{name: "EXPLAIN FORMAT=JSON", schema: explainJSONSchema, exprs: planned, rows: func(ctx *sql.Context, values []sql.Expression) ([]sql.Row, error) {
			n, err := p.analyzeBound(ctx, env, inner, params, values)
			if err != nil {
				return nil, err
			}
			if d, ok := n.(*plan.DescribeQuery); ok { // EXPLAIN FORMAT=JSON EXPLAIN …
				n = d.Query()
			}
			out, err := explainJSON(planAccesses(ctx, n))
			if err != nil {
				return nil, err
			}
			return []sql.Row{{out}}, nil
		}}, nil
	}, noAuth, params...), true, nil
}

// parameters returns the placeholders (?, which the parser names :v1, :v2,
// …) of statement s, in order.
func (p stmtParser) parameters(ctx *sql.Context, s string) ([]ast.Expr, error) {
	if !strings.Contains(s, "?") && !strings.Contains(s, ":v") {
		return nil, nil
	}
	stmt, err := p.parseOne(ctx, s)
	if err != nil {
		return nil, err
	}
	var params []ast.Expr
	_ = ast.Walk(func(node ast.SQLNode) (bool, error) {
		if v, ok := node.(*ast.SQLVal); ok && v.Type == ast.ValArg {
			params = append(params, ast.NewValArg(v.Val))
		}
		return true, nil
	}, stmt)
	return params, nil
}

// analyzeBound plans statement s with its parameters params bound to
// values, their planned values.
func (p stmtParser) analyzeBound(ctx *sql.Context, env StatementEnv, s string, params []ast.Expr, values []sql.Expression) (sql.Node, error) {
	if env.Analyze == nil || len(params) > 0 && env.Bound == nil {
		return nil, fmt.Errorf("EXPLAIN FORMAT=JSON needs the engine")
	}
	if len(params) == 0 {
		return env.Analyze(ctx, s)
	}
	bindings := make(map[string]ast.Expr, len(params))
	for i, param := range params {
		v, err := values[i].Eval(ctx, nil)
		if err != nil {
			return nil, err
		}
		wire, err := values[i].Type().SQL(ctx, nil, v)
		if err != nil {
			return nil, err
		}
		e, err := ast.ExprFromValue(wire)
		if err != nil {
			return nil, err
		}
		bindings[strings.TrimPrefix(string(param.(*ast.SQLVal).Val), ":")] = e
	}
	stmt, err := p.parseOne(ctx, s)
	if err != nil {
		return nil, err
	}
	return env.Bound(ctx, s, stmt, bindings)
}

// erUnknownExplainFormat is ER_UNKNOWN_EXPLAIN_FORMAT.
const erUnknownExplainFormat = 1791

// explainJSONSchema is MySQL's schema of EXPLAIN FORMAT=JSON.
var explainJSONSchema = sql.Schema{{Name: "EXPLAIN", Type: types.LongText}}

// access is one table read by a plan, a row of EXPLAIN.
type access struct {
	id         uint64
	selectType string
	table      string // "" for "No tables used"
	accessType string // ALL, ref, range
	key        string // "" for none
	rows       any    // uint64 or nil
	condition  string // the filter above the table, "" for none
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// row returns a's row of EXPLAIN's tabular form (plan.DescribeSchema).
func (a access) row() sql.Row {
	if a.table == "" {
		return sql.Row{a.id, a.selectType, nil, nil, nil, nil, nil, nil, nil, nil, nil, "No tables used"}
	}
	extra := ""
	if a.condition != "" {
		extra = "Using where"
	}
	return sql.Row{a.id, a.selectType, a.table, nil, a.accessType, nullIfEmpty(a.key), nullIfEmpty(a.key),
		nil, nil, a.rows, float64(100), extra}
}

// planAccesses returns the tables plan n reads, in plan order.
func planAccesses(ctx *sql.Context, n sql.Node) []access {
	w := accessWalker{ctx: ctx, nextID: 2}
	w.selectType = "SIMPLE"
	switch top := unwrapTop(n).(type) {
	case *plan.InsertInto:
		w.selectType = "INSERT"
		w.out = append(w.out, w.tableAccess(top.Destination, "", 1))
		if top.Source != nil {
			w.walk(top.Source, 1, "")
		}
		return w.out
	case *plan.Update:
		w.selectType = "UPDATE"
	case *plan.DeleteFrom:
		w.selectType = "DELETE"
	}
	w.walk(n, 1, "")
	if len(w.out) == 0 {
		w.out = append(w.out, access{id: 1, selectType: w.selectType})
	}
	return w.out
}

// unwrapTop returns the statement node under the wrappers the analyzer
// puts around it (one child each, none of them a table).
func unwrapTop(n sql.Node) sql.Node {
	for range 8 {
		switch n.(type) {
		case *plan.InsertInto, *plan.Update, *plan.DeleteFrom:
			return n
		}
		if len(n.Children()) != 1 {
			return n
		}
		if _, ok := n.(sql.TableNode); ok {
			return n
		}
		n = n.Children()[0]
	}
	return n
}

// ExplainedReads is a plan node of simsql's own that reads tables in a way
// the plan's shape does not show (the all-pairs search of a self-join):
// ExplainReads gives EXPLAIN's rows for it, one per table reference, in
// the join's order.
type ExplainedReads interface {
	ExplainReads(ctx *sql.Context) []ExplainedRead
}

// ExplainedRead is one table read of an ExplainedReads node: the table's
// name or alias, MySQL's access type (ALL, index, range, ref), the index
// read ("" for none) and the estimated rows (a uint64, or nil).
type ExplainedRead struct {
	Table, Type, Key string
	Rows             any
}

type accessWalker struct {
	ctx        *sql.Context
	selectType string
	nextID     uint64
	out        []access
}

// walk appends the tables read under n; cond is the filter above n.
func (w *accessWalker) walk(n sql.Node, id uint64, cond string) {
	switch x := n.(type) {
	case nil:
		return
	case *plan.Filter:
		w.walk(x.Child, id, x.Expression.String())
		return
	case *plan.SubqueryAlias:
		derived := w.nextID
		w.nextID++
		w.out = append(w.out, access{id: id, selectType: w.selectType, table: fmt.Sprintf("<derived%d>", derived),
			accessType: "ALL", condition: cond})
		inner := accessWalker{ctx: w.ctx, selectType: "DERIVED", nextID: w.nextID}
		inner.walk(x.Child, derived, "")
		w.nextID = inner.nextID
		w.out = append(w.out, inner.out...)
		return
	case *plan.TableAlias:
		if a, ok := w.tableNode(x.Child, x.Name(), id, cond); ok {
			w.out = append(w.out, a)
			return
		}
	case *plan.EmptyTable:
		return
	case ExplainedReads:
		for _, r := range x.ExplainReads(w.ctx) {
			w.out = append(w.out, access{id: id, selectType: w.selectType, table: r.Table,
				accessType: r.Type, key: r.Key, rows: r.Rows, condition: cond})
		}
		return
	}
	if a, ok := w.tableNode(n, "", id, cond); ok {
		w.out = append(w.out, a)
		return
	}
	for _, c := range n.Children() {
		w.walk(c, id, cond)
	}
}

// tableNode returns the access of n if n reads a table.
func (w *accessWalker) tableNode(n sql.Node, alias string, id uint64, cond string) (access, bool) {
	tn, ok := n.(sql.TableNode)
	if !ok {
		return access{}, false
	}
	a := w.tableAccess(tn, alias, id)
	a.condition = cond
	if ita, ok := n.(*plan.IndexedTableAccess); ok {
		a.accessType = indexAccessType(w.ctx, ita)
		if idx := ita.Index(); idx != nil {
			a.key = idx.ID()
		}
	} else if name := fmt.Sprintf("%T", n); name != "*plan.ResolvedTable" {
		// A custom access of simsql's similarity indexes (a top-k
		// cascade, a lookup join): it reads an index.
		a.accessType = "range"
	}
	return a, true
}

// tableAccess returns a scan of table node t named alias ("" for its
// name), with its row count when the table knows it.
func (w *accessWalker) tableAccess(t sql.Node, alias string, id uint64) access {
	a := access{id: id, selectType: w.selectType, accessType: "ALL", table: alias}
	if a.table == "" {
		if nm, ok := t.(sql.Nameable); ok {
			a.table = nm.Name()
		}
	}
	if tn, ok := t.(sql.TableNode); ok {
		if st, ok := tn.UnderlyingTable().(sql.StatisticsTable); ok {
			if n, _, err := st.RowCount(w.ctx); err == nil {
				a.rows = n
			}
		}
	}
	return a
}

// explainJSON returns MySQL's EXPLAIN FORMAT=JSON document for accesses.
func explainJSON(accesses []access) (string, error) {
	type jsonTable struct {
		TableName           string   `json:"table_name"`
		AccessType          string   `json:"access_type"`
		PossibleKeys        []string `json:"possible_keys,omitempty"`
		Key                 string   `json:"key,omitempty"`
		RowsExaminedPerScan any      `json:"rows_examined_per_scan,omitempty"`
		Filtered            string   `json:"filtered"`
		AttachedCondition   string   `json:"attached_condition,omitempty"`
	}
	type wrapped struct {
		Table jsonTable `json:"table"`
	}
	type queryBlock struct {
		SelectID   uint64     `json:"select_id"`
		Message    string     `json:"message,omitempty"`
		Table      *jsonTable `json:"table,omitempty"`
		NestedLoop []wrapped  `json:"nested_loop,omitempty"`
	}
	qb := queryBlock{SelectID: 1}
	var tables []jsonTable
	for _, a := range accesses {
		if a.table == "" {
			qb.Message = "No tables used"
			continue
		}
		t := jsonTable{TableName: a.table, AccessType: a.accessType, Key: a.key, RowsExaminedPerScan: a.rows,
			Filtered: "100.00", AttachedCondition: a.condition}
		if a.key != "" {
			t.PossibleKeys = []string{a.key}
		}
		tables = append(tables, t)
	}
	switch len(tables) {
	case 0:
	case 1:
		qb.Table = &tables[0]
	default:
		for _, t := range tables {
			qb.NestedLoop = append(qb.NestedLoop, wrapped{t})
		}
	}
	out, err := json.MarshalIndent(map[string]queryBlock{"query_block": qb}, "", "  ")
	return string(out), err
}

// indexAccessType returns EXPLAIN's type of an index read: for a lookup
// known when planning, ref for a point lookup, else range; for a lookup
// per row of a join, eq_ref when it finds at most one row, else ref.
func indexAccessType(ctx *sql.Context, ita *plan.IndexedTableAccess) string {
	if !ita.IsStatic() {
		if ita.IsStrictLookup() {
			return "eq_ref"
		}
		return "ref"
	}
	if lk, err := ita.GetLookup(ctx, nil); err == nil && lk.IsPointLookup {
		return "ref"
	}
	return "range"
}
