package main

// The point-get fast path: a plan cache of simsql's own for the commonest
// prepared statement of OLTP clients, a primary- or unique-key lookup
// (sysbench's oltp_point_select: SELECT c FROM sbtest1 WHERE id=?), in
// the manner of TiDB's PointGet fast plan. go-mysql-server v0.20.0 binds
// a prepared statement's syntax tree and runs its whole analyzer on every
// COM_STMT_EXECUTE (Engine.QueryWithBindings) and caches no plans; for a
// point select that was over half of the server's CPU (docs/storage.md,
// "Point queries").
//
// On a statement's first execution, pointGetter analyzes it as
// go-mysql-server would (server.Handler.ComBind) and, when the plan is a
// projection of plain columns over an equality filter on every column of
// one unique index of one simsql table, each value a placeholder, keeps
// that plan as a template. Each later execution builds, inside the
// statement's own transaction, the index lookup and filter for the new
// values with the analyzer's own range builder
// (sql.MySQLIndexBuilder.Equals) and runs it through
// server.Handler.ComExecuteBound: the same context, process list (KILL,
// max_execution_time, SHOW PROCESSLIST), session command hooks,
// transaction start and autocommit, result packets and errors as the
// normal path, without binding and analysis. Before using the template
// an execution checks, against its own snapshot and session, that the
// table resolves to the same definition (catalog.SameTable: any ALTER,
// index change, RENAME, DROP/CREATE or shadowing temporary table fails
// it), that the current database, sql_mode, sql_select_limit and
// collation_connection are those of the template, and the SELECT
// privilege as the planner checks it. Anything else runs on the normal path: a failed check, a parameter
// that is NULL, of another kind than the key column (a string for an
// integer key, a number for a string key) or out of the column's range,
// a statement of any other shape, a locking read.

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/simsql/simsql/catalog"
)

// pointGets is the server's point-get fast path; nil (the normal path
// only) until serveCmd sets it.
var pointGets *pointGetter

// pointGetter holds the templates of each connection's prepared
// statements and counts what the fast path did.
type pointGetter struct {
	e     *sqle.Engine
	mu    sync.Mutex
	conns map[uint32]map[string]*pointGetEntry // connection id → statement text → entry

	// hits counts executions that ran on the fast path, fallbacks those
	// that tried it and ran on the normal path, templates the templates
	// made (read by the test hook simsql_test_point_gets).
	hits, fallbacks, templates atomic.Uint64
	// off sends every execution to the normal path (the test hook's
	// 'off', to compare the two paths on one server).
	off atomic.Bool
}

// pointGetEntry is what a connection knows of one prepared statement. A
// connection runs one command at a time, so only its own goroutine reads
// or writes its entries.
type pointGetEntry struct {
	t        *pointGetTemplate // nil: none (yet)
	never    bool              // the statement's syntax is not a point select
	attempts int               // analyses in a row that gave no template
	execs    int               // executions since the last analysis
}

const (
	// pointGetAttempts is how many executions in a row of a statement
	// whose syntax is a point select are analyzed for a template; after
	// that only one in pointGetRetry is (the schema may change: a key
	// added). An analysis costs the execution about as much again.
	pointGetAttempts = 3
	pointGetRetry    = 128
	// pointGetPerConn bounds the statements remembered per connection
	// (statements closed with COM_STMT_CLOSE are not told apart).
	pointGetPerConn = 256
)

// newPointGetter returns the fast path of engine e, with no templates.
func newPointGetter(e *sqle.Engine) *pointGetter {
	return &pointGetter{e: e, conns: map[uint32]map[string]*pointGetEntry{}}
}

// forget drops the templates of a closed connection.
func (p *pointGetter) forget(connID uint32) {
	if p == nil {
		return
	}
	p.mu.Lock()
	delete(p.conns, connID)
	p.mu.Unlock()
}

// entry returns connection connID's entry for statement text query, new
// if there is none (the connection's entries dropped when there are
// pointGetPerConn).
func (p *pointGetter) entry(connID uint32, query string) *pointGetEntry {
	p.mu.Lock()
	defer p.mu.Unlock()
	m := p.conns[connID]
	if m == nil {
		m = map[string]*pointGetEntry{}
		p.conns[connID] = m
	}
	e := m[query]
	if e == nil {
		if len(m) >= pointGetPerConn {
			clear(m)
		}
		e = &pointGetEntry{}
		m[query] = e
	}
	return e
}

// stmtExecute runs COM_STMT_EXECUTE of prepare on c: on the fast path when
// it can, else with h's own ComStmtExecute.
func (p *pointGetter) stmtExecute(ctx context.Context, h *server.Handler, c *mysql.Conn, prepare *mysql.PrepareData, callback func(*sqltypes.Result) error) error {
	if p == nil || p.off.Load() {
		return h.ComStmtExecute(ctx, c, prepare, callback)
	}
	e := p.entry(c.ConnectionID, prepare.PrepareStmt)
	if e.t == nil && !e.never {
		e.execs++
		if e.attempts < pointGetAttempts || e.execs >= pointGetRetry {
			e.execs = 0
			e.t, e.never = p.template(ctx, h, c, prepare)
			if e.t == nil {
				e.attempts++
			} else {
				e.attempts = 0
				p.templates.Add(1)
			}
		}
	}
	if e.t == nil || !e.t.accepts(prepare.BindVars) {
		return h.ComStmtExecute(ctx, c, prepare, callback)
	}
	n := &pointGetNode{p: p, t: e.t, binds: prepare.BindVars}
	err := h.ComExecuteBound(ctx, c, prepare.PrepareStmt, n, func(res *sqltypes.Result, _ bool) error {
		return callback(res)
	})
	if n.fallback {
		// Nothing was sent: the plan was refused before it ran.
		p.fallbacks.Add(1)
		if n.stale {
			e.t = nil
		}
		return h.ComStmtExecute(ctx, c, prepare, callback)
	}
	if err == nil {
		p.hits.Add(1)
	}
	return err
}

// pointGetTemplate is the analyzed plan of a point select, less its key
// values.
type pointGetTemplate struct {
	currentDB string          // the session's database when it was analyzed
	vars      []any           // the planVars then
	collation sql.CollationID // collation_connection then
	auth      sqlparser.AuthInformation
	db, table string // the table, as the statement names it (db: resolved)
	tbl       sql.Table
	rt        sql.TableNode   // the plan's resolved table
	lookup    sql.IndexLookup // the plan's lookup (its ranges are replaced)
	keys      []pointGetKey   // in the index's column order
	project   *plan.Project   // nil: the plan has no projection (SELECT *)
	schema    sql.Schema
}

// pointGetKey is one column of the index and the placeholder it equals.
type pointGetKey struct {
	param string                 // bind variable name: v1, v2, …
	expr  string                 // the index's column expression, table.column
	gf    *expression.GetField   // the column in the plan's filter
	typ   sql.Type               // the column's type: an integer or CHAR/VARCHAR
	text  bool                   // typ is CHAR or VARCHAR
	bound func(int64, bool) bool // the integer fits typ (i read as unsigned when the flag is set)
}

// accepts reports whether binds are of the kinds the template can take:
// per key, an integer for an integer column, a string (any quoted type,
// which go-mysql-server binds as a string literal) for a string one, never
// NULL. The range of a value is checked when it is converted.
func (t *pointGetTemplate) accepts(binds map[string]*querypb.BindVariable) bool {
	if len(binds) != len(t.keys) {
		return false
	}
	for _, k := range t.keys {
		bv := binds[k.param]
		if bv == nil {
			return false
		}
		if k.text && !sqltypes.IsQuoted(bv.Type) || !k.text && !sqltypes.IsIntegral(bv.Type) {
			return false
		}
	}
	return true
}

// template analyzes prepare's statement as go-mysql-server would and
// returns its template, or nil if it is not a point select of one simsql
// table with every key value a placeholder; never when its syntax is not
// (whatever the schema and session).
func (p *pointGetter) template(ctx context.Context, h *server.Handler, c *mysql.Conn, prepare *mysql.PrepareData) (t *pointGetTemplate, never bool) {
	sess, ok := c.ClientData.(*catalog.Session)
	if !ok {
		return nil, false
	}
	opts, err := h.ParserOptionsForConnection(c)
	if err != nil {
		return nil, false
	}
	stmt, err := sqlparser.ParseWithOptions(ctx, prepare.PrepareStmt, opts)
	if err != nil {
		return nil, true
	}
	shape, ok := pointSelectShape(stmt)
	if !ok {
		return nil, true
	}
	parsed, ok := p.e.PreparedDataCache.GetCachedStmt(sess.ID(), prepare.PrepareStmt)
	if !ok {
		parsed, ok = p.e.PreparedDataCache.GetCachedStmt(sess.ID(), sql.RemoveSpaceAndDelimiter(prepare.PrepareStmt, ';'))
	}
	if !ok {
		return nil, false
	}
	bound, _, err := h.ComBind(ctx, c, prepare.PrepareStmt, parsed, prepare)
	if err != nil {
		return nil, false
	}
	n, ok := bound.(sql.Node)
	if !ok {
		return nil, false
	}
	db := shape.db
	if db == "" {
		db = sess.GetCurrentDatabase()
	}
	t = templateOf(n, db, shape.params)
	if t == nil {
		return nil, false
	}
	t.currentDB = sess.GetCurrentDatabase()
	t.db, t.table, t.auth = db, shape.table, shape.auth
	for _, name := range planVars {
		v, err := sess.GetSessionVariable(nil, name)
		if err != nil {
			return nil, false
		}
		t.vars = append(t.vars, v)
	}
	t.collation = sess.GetCollation()
	return t, false
}

// planVars are the session variables a point select's plan or answer
// depends on besides the current database and collation_connection:
// sql_mode (parsing, conversions) and sql_select_limit (the analyzer adds
// a LIMIT).
var planVars = []string{"sql_mode", "sql_select_limit"}

// pointSelect is what the syntax of a point select gives: the table and
// which placeholder each column is compared with.
type pointSelect struct {
	db, table string
	auth      sqlparser.AuthInformation
	params    map[string]string // lower-case column name → bind variable name
}

// pointSelectShape returns the table and placeholders of stmt if it is a
// SELECT of one table, with no locking clause, INTO, DISTINCT, grouping,
// ordering, limit, window, index hint or WITH, whose WHERE is a
// conjunction of column = placeholder.
func pointSelectShape(stmt sqlparser.Statement) (pointSelect, bool) {
	var ps pointSelect
	s, ok := stmt.(*sqlparser.Select)
	if !ok || s.Lock != "" || s.Into != nil || s.With != nil || s.Where == nil ||
		s.GroupBy != nil || s.Having != nil || s.Window != nil || s.OrderBy != nil || s.Limit != nil ||
		s.QueryOpts.Distinct || s.QueryOpts.SQLCalcFoundRows || len(s.From) != 1 {
		return ps, false
	}
	te, ok := s.From[0].(*sqlparser.AliasedTableExpr)
	if !ok || te.Hints != nil || te.AsOf != nil || te.Lateral || len(te.Partitions) > 0 {
		return ps, false
	}
	tn, ok := te.Expr.(sqlparser.TableName)
	if !ok || !tn.SchemaQualifier.IsEmpty() {
		return ps, false
	}
	ps.db, ps.table, ps.auth = tn.DbQualifier.String(), tn.Name.String(), te.Auth
	ps.params = map[string]string{}
	var conj func(e sqlparser.Expr) bool
	conj = func(e sqlparser.Expr) bool {
		switch x := e.(type) {
		case *sqlparser.AndExpr:
			return conj(x.Left) && conj(x.Right)
		case *sqlparser.ComparisonExpr:
			col, cok := x.Left.(*sqlparser.ColName)
			v, vok := x.Right.(*sqlparser.SQLVal)
			if !cok || !vok {
				col, cok = x.Right.(*sqlparser.ColName)
				v, vok = x.Left.(*sqlparser.SQLVal)
			}
			if x.Operator != sqlparser.EqualStr || !cok || !vok || v.Type != sqlparser.ValArg || x.Escape != nil {
				return false
			}
			name := col.Name.Lowered()
			if _, dup := ps.params[name]; dup {
				return false
			}
			ps.params[name] = strings.TrimPrefix(string(v.Val), ":")
			return true
		}
		return false
	}
	if !conj(s.Where.Expr) {
		return ps, false
	}
	return ps, true
}

// templateOf returns the template of the analyzed plan n if it is
// [Project of columns] over Filter(col1 = lit AND …) over a static
// IndexedTableAccess of a unique index of one simsql table of database db whose columns
// are exactly the filter's, each an integer or CHAR/VARCHAR column
// compared with a placeholder of params; else nil.
func templateOf(n sql.Node, db string, params map[string]string) *pointGetTemplate {
	t := &pointGetTemplate{schema: n.Schema()}
	if p, ok := n.(*plan.Project); ok {
		for _, e := range p.Projections {
			if _, ok := e.(*expression.GetField); !ok {
				return nil
			}
		}
		t.project, n = p, p.Child
	}
	f, ok := n.(*plan.Filter)
	if !ok {
		return nil
	}
	ita, ok := f.Child.(*plan.IndexedTableAccess)
	if !ok || !ita.IsStatic() {
		return nil
	}
	rt, ok := ita.TableNode.(*plan.ResolvedTable)
	if !ok {
		return nil
	}
	lookup, err := ita.GetLookup(nil, nil)
	if err != nil || lookup.Index == nil || lookup.IsSpatialLookup || lookup.IsReverse || lookup.IsEmptyRange ||
		lookup.VectorOrderAndLimit != (sql.OrderAndLimit{}) {
		return nil
	}
	idx := lookup.Index
	if !idx.IsUnique() || idx.IsSpatial() || idx.IsFullText() || idx.IsVector() {
		return nil
	}
	for _, l := range idx.PrefixLengths() {
		if l != 0 {
			return nil
		}
	}
	t.tbl, t.rt, t.lookup = rt.UnderlyingTable(), rt, lookup
	if !catalog.SameTable(t.tbl, t.tbl) {
		return nil // not a simsql table
	}
	if !strings.EqualFold(rt.Database().Name(), db) {
		return nil
	}
	gfs := map[string]*expression.GetField{}
	for _, c := range expression.SplitConjunction(f.Expression) {
		eq, ok := c.(*expression.Equals)
		if !ok {
			return nil
		}
		l, r := eq.Left(), eq.Right()
		if _, ok := l.(*expression.Literal); ok {
			l, r = r, l
		}
		gf, ok := l.(*expression.GetField)
		if _, lit := r.(*expression.Literal); !ok || !lit {
			return nil
		}
		gfs[strings.ToLower(gf.Name())] = gf
	}
	cets := idx.ColumnExpressionTypes()
	if len(cets) != len(gfs) || len(cets) != len(params) {
		return nil
	}
	for _, cet := range cets {
		col := strings.ToLower(cet.Expression[strings.LastIndexByte(cet.Expression, '.')+1:])
		gf, param := gfs[col], params[col]
		if gf == nil || param == "" || !strings.EqualFold(gf.Table(), rt.Name()) && !strings.EqualFold(gf.Table(), idx.Table()) {
			return nil
		}
		k := pointGetKey{param: param, expr: cet.Expression, gf: gf, typ: cet.Type}
		switch {
		case types.IsInteger(cet.Type):
			if k.bound = integerBound(cet.Type); k.bound == nil {
				return nil
			}
		case types.IsTextOnly(cet.Type) && !types.IsTextBlob(cet.Type):
			st, ok := cet.Type.(sql.StringType)
			if !ok || st.Collation() == sql.Collation_binary {
				return nil
			}
			k.text = true
		default:
			return nil
		}
		t.keys = append(t.keys, k)
	}
	return t
}

// integerRanges are the values of MySQL's integer types: the least and
// the greatest.
var integerRanges = map[querypb.Type]struct {
	lo int64
	hi uint64
}{
	sqltypes.Int8: {-1 << 7, 1<<7 - 1}, sqltypes.Uint8: {0, 1<<8 - 1},
	sqltypes.Int16: {-1 << 15, 1<<15 - 1}, sqltypes.Uint16: {0, 1<<16 - 1},
	sqltypes.Int24: {-1 << 23, 1<<23 - 1}, sqltypes.Uint24: {0, 1<<24 - 1},
	sqltypes.Int32: {-1 << 31, 1<<31 - 1}, sqltypes.Uint32: {0, 1<<32 - 1},
	sqltypes.Int64: {-1 << 63, 1<<63 - 1}, sqltypes.Uint64: {0, 1<<64 - 1},
}

// integerBound returns the range test of the integer type t: whether i
// (its bits read as unsigned when the flag is set) is a value of t; nil
// for another type.
func integerBound(t sql.Type) func(i int64, unsigned bool) bool {
	r, ok := integerRanges[t.Type()]
	if !ok {
		return nil
	}
	return func(i int64, unsigned bool) bool {
		if unsigned || i >= 0 {
			return uint64(i) <= r.hi
		}
		return i >= r.lo
	}
}

// pointGetNode is one execution of a template: a plan node whose row
// iterator checks the template against the statement's own snapshot and
// session and then runs the lookup for binds. A refused check sets
// fallback (and stale, when the template no longer holds) and fails the
// statement before it sends anything; stmtExecute then runs it on the
// normal path.
type pointGetNode struct {
	p               *pointGetter
	t               *pointGetTemplate
	binds           map[string]*querypb.BindVariable
	fallback, stale bool
}

var _ sql.ExecSourceRel = (*pointGetNode)(nil)

// errPointGetRefused ends an execution that goes to the normal path.
var errPointGetRefused = errors.New("point get: refused, run on the normal path")

func (n *pointGetNode) Resolved() bool       { return true }
func (n *pointGetNode) String() string       { return "PointGet(" + n.t.table + ")" }
func (n *pointGetNode) Schema() sql.Schema   { return n.t.schema }
func (n *pointGetNode) Children() []sql.Node { return nil }
func (n *pointGetNode) IsReadOnly() bool     { return true }
func (n *pointGetNode) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 0)
	}
	return n, nil
}

// RowIter implements sql.ExecSourceRel: go-mysql-server's executor calls
// it once the statement's transaction has begun.
func (n *pointGetNode) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	child, ok := n.build(ctx)
	if !ok {
		if err := ctx.Err(); err != nil {
			return nil, err // KILL QUERY or max_execution_time: not run again
		}
		n.fallback = true
		return nil, errPointGetRefused
	}
	// As Engine.QueryWithBindings: a new statement's warnings replace the
	// last one's, and it counts as a question and a SELECT.
	ctx.ClearWarnings()
	sql.IncrementStatusVariable(ctx, "Questions", 1)
	sql.IncrementStatusVariable(ctx, "Com_select", 1)
	return n.p.e.Analyzer.ExecBuilder.Build(ctx, child, row)
}

// build returns the plan of the template for n's values, or false when the
// execution belongs on the normal path (n.stale set when the template no
// longer holds at all).
func (n *pointGetNode) build(ctx *sql.Context) (sql.Node, bool) {
	t := n.t
	if !strings.EqualFold(ctx.GetCurrentDatabase(), t.currentDB) || ctx.GetCollation() != t.collation {
		n.stale = true
		return nil, false
	}
	for i, name := range planVars {
		if v, err := ctx.GetSessionVariable(ctx, name); err != nil || v != t.vars[i] {
			n.stale = true
			return nil, false
		}
	}
	if err := n.p.e.Analyzer.Catalog.AuthorizationHandler().HandleAuth(ctx, nil, t.auth); err != nil {
		return nil, false // the normal path reports it
	}
	if !catalog.Resolves(ctx, t.tbl, t.table) {
		n.stale = true
		return nil, false
	}
	bb := sql.NewMySQLIndexBuilder(t.lookup.Index)
	conds := make([]sql.Expression, len(t.keys))
	for i, k := range t.keys {
		lit, v, ok := k.literal(ctx, n.binds[k.param])
		if !ok {
			return nil, false
		}
		bb.Equals(ctx, k.expr, v)
		conds[i] = expression.NewEquals(k.gf, lit)
	}
	if _, err := bb.Build(ctx); err != nil {
		return nil, false
	}
	ranges := bb.Ranges(ctx)
	if len(ranges) != 1 {
		return nil, false
	}
	empty, err := ranges[0].IsEmpty()
	if err != nil {
		return nil, false
	}
	lookup := t.lookup
	lookup.Ranges, lookup.IsEmptyRange = ranges, empty
	ita, err := plan.NewStaticIndexedAccessForTableNode(ctx, t.rt, lookup)
	if err != nil {
		return nil, false
	}
	var node sql.Node = plan.NewFilter(expression.JoinAnd(conds...), ita)
	if t.project != nil {
		if node, err = t.project.WithChildren(node); err != nil {
			return nil, false
		}
	}
	return node, true
}

// literal returns the filter's literal for bind variable bv and the value
// the index lookup is built from, as the planner makes them: an integer
// converted to the column's type (compat's convert_constant_item), a
// string as a LONGTEXT of collation_connection. False when bv is of
// another kind or out of the column's range.
func (k pointGetKey) literal(ctx *sql.Context, bv *querypb.BindVariable) (sql.Expression, any, bool) {
	if bv == nil {
		return nil, nil, false
	}
	if k.text {
		if !sqltypes.IsQuoted(bv.Type) {
			return nil, nil, false
		}
		s := string(bv.Value)
		if _, _, err := k.typ.Convert(ctx, s); err != nil {
			return nil, nil, false
		}
		return expression.NewLiteral(s, types.CreateLongText(ctx.GetCollation())), s, true
	}
	var x any
	switch {
	case sqltypes.IsSigned(bv.Type):
		i, err := strconv.ParseInt(string(bv.Value), 10, 64)
		if err != nil || !k.bound(i, false) {
			return nil, nil, false
		}
		x = i
	case sqltypes.IsUnsigned(bv.Type):
		u, err := strconv.ParseUint(string(bv.Value), 10, 64)
		if err != nil || !k.bound(int64(u), true) {
			return nil, nil, false
		}
		x = u
	default:
		return nil, nil, false
	}
	v, inRange, err := k.typ.Convert(ctx, x)
	if err != nil || inRange != sql.InRange {
		return nil, nil, false
	}
	return expression.NewLiteral(v, k.typ), v, true
}
