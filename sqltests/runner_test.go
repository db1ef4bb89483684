package sqltests

import (
	"context"
	"database/sql"
	"errors"
	"io"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	gms "github.com/dolthub/go-mysql-server"
	gsql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	driver "github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/indexes"
	"github.com/simsql/simsql/internal/simsqltest"
	"github.com/simsql/simsql/mysqlerr"
	"github.com/simsql/simsql/storage"
)

// conn runs one statement and returns its rows as text cells, or an error.
type conn interface {
	query(q string) ([][]Cell, error)
}

// engineConn runs statements in-process on a fresh engine.
type engineConn struct {
	engine *gms.Engine
	ctx    *gsql.Context
}

func newEngineConn(t testing.TB) *engineConn { return newEngineConnLayout(t, 0) }

// newEngineConnLayout is newEngineConn whose custom indexes are made in
// index layout layout (catalog.Store.SetIndexLayout); 0 for the current
// one.
func newEngineConnLayout(t testing.TB, layout int) *engineConn {
	t.Helper()
	p := openStore(t)
	if layout != 0 {
		p.SetIndexLayout(layout)
	}
	ctx := p.NewContext(context.Background())
	t.Cleanup(func() { gsql.SessionEnd(ctx.Session) })
	return &engineConn{engine: catalog.NewEngine(p), ctx: ctx}
}

// openStore opens a catalog in a new temporary directory, on TestEngine
// and with the indexes' extensions, as the server does; it is closed when
// t ends, after the cleanups registered later (the sessions' ends).
func openStore(t testing.TB) *catalog.Store {
	t.Helper()
	p, err := catalog.Open(t.TempDir(), storage.Options{Engine: TestEngine()}, indexes.Extensions())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// statementTimeout bounds every statement of the harness, so that one
// that never ends (UPDATE IGNORE used to chase the rows it moved) fails its
// test instead of hanging the run.
const statementTimeout = 2 * time.Minute

func (c *engineConn) query(q string) (rows [][]Cell, err error) {
	rows, _, err = c.run(q)
	return rows, err
}

// okResult runs statement q and returns its OK result (rows affected, and
// for UPDATE the rows matched and changed in Info).
func (c *engineConn) okResult(q string) (types.OkResult, error) {
	_, ok, err := c.run(q)
	return ok, err
}

// run runs q and returns its rows as text cells and its OK result, if any.
func (c *engineConn) run(q string) (rows [][]Cell, ok types.OkResult, err error) {
	// As the server's handler does around each command.
	if err := gsql.SessionCommandBegin(c.ctx.Session); err != nil {
		return nil, ok, err
	}
	defer gsql.SessionCommandEnd(c.ctx.Session)
	ctx := c.ctx.WithQuery(q) // as the server's context carries the statement text
	tctx, cancel := context.WithTimeout(ctx, statementTimeout)
	defer cancel()
	ctx = ctx.WithContext(tctx)
	sch, iter, _, err := c.engine.Query(ctx, q)
	if err != nil {
		return nil, ok, err
	}
	defer func() {
		if cerr := iter.Close(ctx); err == nil {
			err = cerr
		}
	}()
	for {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			return rows, ok, nil
		}
		if err != nil {
			return nil, ok, err
		}
		if types.IsOkResult(row) {
			ok = types.GetOkResult(row)
			continue // DDL and DML: no rows, as over the wire
		}
		cells := make([]Cell, len(row))
		for i, v := range row {
			if v == nil {
				continue
			}
			wire, err := sch[i].Type.SQL(c.ctx, nil, v)
			if err != nil {
				return nil, ok, err
			}
			if wire.IsNull() {
				continue
			}
			s := wire.ToString()
			cells[i] = &s
		}
		rows = append(rows, cells)
	}
}

// wireConn runs statements over the MySQL protocol on one connection.
type wireConn struct {
	conn *sql.Conn
}

func (c *wireConn) query(q string) ([][]Cell, error) {
	ctx, cancel := context.WithTimeout(context.Background(), statementTimeout)
	defer cancel()
	rs, err := c.conn.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	return simsqltest.ScanCells(rs)
}

// dbConn runs statements over the MySQL protocol on a connection pool,
// each on any of its connections.
type dbConn struct{ db *sql.DB }

func (c dbConn) query(q string) ([][]Cell, error) {
	ctx, cancel := context.WithTimeout(context.Background(), statementTimeout)
	defer cancel()
	rs, err := c.db.QueryContext(ctx, q)
	if err != nil {
		return nil, err
	}
	return simsqltest.ScanCells(rs)
}

// newWireConn opens one connection to srv, closed when t ends.
func newWireConn(t testing.TB, srv *Server) *wireConn {
	t.Helper()
	db := srv.DB(t)
	c, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return &wireConn{conn: c}
}

// runScript runs one script test on c: each assertion's query, then,
// where the assertion asks, SHOW WARNINGS on the same connection and
// EXPLAIN PLAN of the query.
func runScript(t *testing.T, c conn, s ScriptTest) {
	t.Helper()
	for _, q := range s.SetUpScript {
		if _, err := c.query(q); err != nil {
			t.Fatalf("set-up %q: %v", q, err)
		}
	}
	for _, a := range s.Assertions {
		rows, err := c.query(a.Query)
		checkResult(t, a, rows, err)
		if a.ExpectedWarnings != nil {
			if got, err := c.query("SHOW WARNINGS"); err != nil {
				t.Errorf("SHOW WARNINGS after %s: %v", a.Query, err)
			} else if msg := compareRows(a.ExpectedWarnings, got); msg != "" {
				t.Errorf("%s: warnings: %s", a.Query, msg)
			}
		}
		if a.ExpectedIndexes != nil {
			checkIndexes(t, c, a.Query, a.ExpectedIndexes)
		}
	}
}

// checkResult checks the rows or the error of assertion a's query.
func checkResult(t *testing.T, a Assertion, rows [][]Cell, err error) {
	t.Helper()
	wantErr := a.ExpectedErr != "" || a.ExpectedErrCode != 0
	switch {
	case wantErr && err == nil:
		t.Errorf("%s: got rows %s, want an error %d containing %q", a.Query, formatCells(rows), a.ExpectedErrCode, a.ExpectedErr)
	case !wantErr && err != nil:
		t.Errorf("%s: %v", a.Query, err)
	case !wantErr:
		if msg := compareRows(a.Expected, rows); msg != "" {
			t.Errorf("%s: %s", a.Query, msg)
		}
	default:
		if !strings.Contains(err.Error(), a.ExpectedErr) {
			t.Errorf("%s: got error %q, want one containing %q", a.Query, err, a.ExpectedErr)
		}
		if n := errorNumber(err, a.Query); a.ExpectedErrCode != 0 && n != a.ExpectedErrCode {
			t.Errorf("%s: got error %d (%v), want %d", a.Query, n, err, a.ExpectedErrCode)
		}
	}
}

// errorNumber returns the MySQL error number of err, an error of statement
// query: over the wire the server's; in-process the one the server sends
// for it (package mysqlerr); 0 if there is none.
func errorNumber(err error, query string) int {
	var me *driver.MySQLError
	if errors.As(err, &me) {
		return int(me.Number)
	}
	var we *wordedError
	if errors.As(err, &we) {
		return we.num
	}
	var se *mysql.SQLError
	if errors.As(mysqlerr.Convert(err, query), &se) {
		return se.Num
	}
	return 0
}

// checkIndexes fails t unless the plan of query reads exactly the indexes
// want, in plan order (planIndexes names them); an empty want means the
// query must scan.
func checkIndexes(t *testing.T, c conn, query string, want []string) {
	t.Helper()
	got, plan, err := planIndexes(c, query)
	switch {
	case err != nil:
		t.Errorf("EXPLAIN PLAN %s: %v", query, err)
	case len(want) == 0 && len(got) > 0:
		t.Errorf("%s: reads indexes %q, want a scan:\n%s", query, got, plan)
	case !slices.Equal(got, want):
		t.Errorf("%s: reads indexes %q, want %q:\n%s", query, got, want, plan)
	}
}

// simsqlIndex matches where go-mysql-server's plan names an index of one
// of simsql's kinds: "(simhash index fp_k3)", "(minhash index sig_j80,
// exact …)" on a lookup, a table function or a top-k level.
var simsqlIndex = regexp.MustCompile(`\((\w+) index ([^\s,()]+)`)

// planIndexes returns the indexes EXPLAIN PLAN of query reads, in plan
// order, and the plan's text. A B-tree index (primary key included) is
// named by its columns as the plan shows them ("t.a,t.b"); an index of a
// simsql kind by its kind and name ("simhash index fp_k3"), wherever it is
// read: an IndexedTableAccess (whose columns it replaces), a join's
// lookups, near_duplicates, a top-k cascade. This is the one place tests
// read a plan's indexes.
func planIndexes(c conn, query string) ([]string, string, error) {
	plan, err := explainPlan(c, query)
	if err != nil {
		return nil, "", err
	}
	got := []string{}
	afterAccess := false // the line before named a B-tree index's columns
	for _, line := range strings.Split(plan, "\n") {
		if _, rest, ok := strings.Cut(line, "index: ["); ok {
			got = append(got, strings.TrimSuffix(rest, "]"))
			afterAccess = true
			continue
		}
		for i, m := range simsqlIndex.FindAllStringSubmatch(line, -1) {
			name := m[1] + " index " + m[2]
			if i == 0 && afterAccess {
				got[len(got)-1] = name
			} else {
				got = append(got, name)
			}
		}
		afterAccess = false
	}
	return got, plan, nil
}

// explainPlan returns the text of EXPLAIN PLAN query, a line a row.
func explainPlan(c conn, query string) (string, error) {
	rows, err := c.query("EXPLAIN PLAN " + query)
	if err != nil {
		return "", err
	}
	var plan strings.Builder
	for _, r := range rows {
		if len(r) > 0 && r[0] != nil {
			plan.WriteString(*r[0] + "\n")
		}
	}
	return plan.String(), nil
}

// runScripts runs every script in-process and over the wire (on the
// shared server), each on a database of its own.
func runScripts(t *testing.T, scripts []ScriptTest) {
	t.Run("engine", func(t *testing.T) {
		for _, s := range scripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newEngineConn(t), s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := sharedServer(t)
		for i, s := range scripts {
			t.Run(s.Name, func(t *testing.T) {
				wc := newWireConn(t, srv)
				useScratchDatabase(t, srv, wc, "script"+strconv.Itoa(i))
				runScript(t, wc, s)
			})
		}
	})
}

// runScriptsAndMariaDB runs scripts in-process, over the wire and, when
// mariadbd is installed, on MariaDB (the shared ones), whose answers they
// hold.
func runScriptsAndMariaDB(t *testing.T, scripts []ScriptTest) {
	runScriptsEngineAndWire(t, scripts)
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		for _, s := range scripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newMariaDBConn(t, m, mariaDBName(s.Name)), s) })
		}
	})
}

// runScriptsEngineAndWire runs scripts in-process and over the wire, as
// runScriptsAndMariaDB does: each over the wire in a database named after
// it.
func runScriptsEngineAndWire(t *testing.T, scripts []ScriptTest) {
	t.Run("engine", func(t *testing.T) {
		for _, s := range scripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, noEmptyRows{newEngineConn(t)}, s) })
		}
	})
	t.Run("wire", func(t *testing.T) { runScriptsWire(t, scripts) })
}

// runScriptsWire runs scripts over the wire, each in a database named
// after it.
func runScriptsWire(t *testing.T, scripts []ScriptTest) {
	srv := sharedServer(t)
	for _, s := range scripts {
		t.Run(s.Name, func(t *testing.T) {
			wc := newWireConn(t, srv)
			useScratchDatabase(t, srv, wc, mariaDBName(s.Name))
			runScript(t, wc, s)
		})
	}
}
