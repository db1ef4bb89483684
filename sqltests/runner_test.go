package sqltests

import (
	"context"
	"database/sql"
	"io"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	gms "github.com/dolthub/go-mysql-server"
	gsql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/indexes"
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
	indexes.Register()
	p, err := catalog.OpenWith(t.TempDir(), storage.Options{Engine: TestEngine()})
	if err != nil {
		t.Fatal(err)
	}
	if layout != 0 {
		p.SetIndexLayout(layout)
	}
	ctx := p.NewContext(context.Background())
	t.Cleanup(func() {
		gsql.SessionEnd(ctx.Session)
		p.Close()
	})
	return &engineConn{engine: catalog.NewEngine(p), ctx: ctx}
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
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return nil, err
	}
	var rows [][]Cell
	for rs.Next() {
		raw := make([]sql.RawBytes, len(cols))
		dest := make([]any, len(cols))
		for i := range raw {
			dest[i] = &raw[i]
		}
		if err := rs.Scan(dest...); err != nil {
			return nil, err
		}
		cells := make([]Cell, len(cols))
		for i, b := range raw {
			if b != nil {
				s := string(b)
				cells[i] = &s
			}
		}
		rows = append(rows, cells)
	}
	return rows, rs.Err()
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

// runScript runs one script test on c.
func runScript(t *testing.T, c conn, s ScriptTest) {
	t.Helper()
	for _, q := range s.SetUpScript {
		if _, err := c.query(q); err != nil {
			t.Fatalf("set-up %q: %v", q, err)
		}
	}
	for _, a := range s.Assertions {
		rows, err := c.query(a.Query)
		switch {
		case a.ExpectedErr != "" && err == nil:
			t.Errorf("%s: got rows %s, want an error containing %q", a.Query, formatCells(rows), a.ExpectedErr)
		case a.ExpectedErr != "" && !strings.Contains(err.Error(), a.ExpectedErr):
			t.Errorf("%s: got error %q, want one containing %q", a.Query, err, a.ExpectedErr)
		case a.ExpectedErr == "" && err != nil:
			t.Errorf("%s: %v", a.Query, err)
		case a.ExpectedErr == "":
			if msg := compareRows(a.Expected, rows); msg != "" {
				t.Errorf("%s: %s", a.Query, msg)
			}
		}
		if a.ExpectedIndexes != nil {
			got, plan, err := planIndexes(c, a.Query)
			if err != nil {
				t.Errorf("EXPLAIN PLAN %s: %v", a.Query, err)
			} else if !slices.Equal(got, a.ExpectedIndexes) {
				t.Errorf("%s: reads indexes %q, want %q:\n%s", a.Query, got, a.ExpectedIndexes, plan)
			}
		}
	}
}

// planIndexes returns the indexes EXPLAIN PLAN of query reads, by their
// columns ("t.a,t.b"), in plan order, and the plan's text.
func planIndexes(c conn, query string) ([]string, string, error) {
	rows, err := c.query("EXPLAIN PLAN " + query)
	if err != nil {
		return nil, "", err
	}
	got := []string{}
	var plan strings.Builder
	for _, r := range rows {
		if len(r) == 0 || r[0] == nil {
			continue
		}
		line := *r[0]
		plan.WriteString(line + "\n")
		if _, rest, ok := strings.Cut(line, "index: ["); ok {
			got = append(got, strings.TrimSuffix(rest, "]"))
		}
	}
	return got, plan.String(), nil
}

// runScripts runs every script in-process and over the wire, each on a
// database of its own.
func runScripts(t *testing.T, scripts []ScriptTest) {
	t.Run("engine", func(t *testing.T) {
		for _, s := range scripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newEngineConn(t), s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for i, s := range scripts {
			t.Run(s.Name, func(t *testing.T) {
				name := "script" + strconv.Itoa(i)
				wc := newWireConn(t, srv)
				for _, q := range []string{"DROP DATABASE IF EXISTS " + name, "CREATE DATABASE " + name, "USE " + name} {
					if _, err := wc.query(q); err != nil {
						t.Fatal(err)
					}
				}
				runScript(t, wc, s)
			})
		}
	})
}
