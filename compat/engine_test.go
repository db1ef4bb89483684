package compat_test

import (
	"context"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"

	gms "github.com/dolthub/go-mysql-server"
	gsql "github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/indexes"
	"github.com/simsql/simsql/storage"
)

// engine is simsql in process: catalog.NewEngine over a fresh data
// directory, with one session.
type engine struct {
	e   *gms.Engine
	ctx *gsql.Context
}

func newEngine(tb testing.TB) *engine {
	tb.Helper()
	p, err := catalog.Open(tb.TempDir(), storage.Options{}, indexes.Extensions())
	if err != nil {
		tb.Fatal(err)
	}
	ctx := p.NewContext(context.Background())
	tb.Cleanup(func() {
		gsql.SessionEnd(ctx.Session)
		p.Close()
	})
	return &engine{e: catalog.NewEngine(p), ctx: ctx}
}

// exec runs q, with the parameters bound as a MySQL client's COM_STMT_EXECUTE
// binds them, and returns its first row's first value and the column type.
func (g *engine) answer(q string, params ...any) answer {
	if err := gsql.SessionCommandBegin(g.ctx.Session); err != nil {
		return errAnswer(err)
	}
	defer gsql.SessionCommandEnd(g.ctx.Session)
	ctx := g.ctx.WithQuery(q)
	var bindings map[string]ast.Expr
	if len(params) > 0 {
		bindings = make(map[string]ast.Expr, len(params))
		for i, p := range params {
			bindings["v"+strconv.Itoa(i+1)] = bindExpr(p)
		}
	}
	sch, iter, _, err := g.e.QueryWithBindings(ctx, q, nil, bindings, nil)
	if err != nil {
		return engineErr(err)
	}
	defer iter.Close(ctx)
	var rows []gsql.Row
	for {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			break
		}
		if err != nil {
			return engineErr(err)
		}
		if !types.IsOkResult(row) {
			rows = append(rows, row)
		}
	}
	if len(rows) == 0 || len(sch) == 0 {
		return answer{err: -1, msg: "no row"}
	}
	typ := sch[0].Type
	a := answer{class: engineClass(typ), typ: typeName(typ)}
	wire, err := typ.SQL(ctx, nil, rows[0][0])
	if err != nil {
		return engineErr(err)
	}
	if wire.IsNull() {
		a.null = true
	} else {
		a.text = wire.ToString()
	}
	return a
}

// run runs a statement that returns no rows.
func (g *engine) run(tb testing.TB, q string) {
	tb.Helper()
	if a := g.answer(q); a.err > 0 || a.err == -1 && a.msg != "no row" {
		tb.Fatalf("%s: %s", q, a)
	}
}

// bindExpr is the literal go-mysql-server's server builds from a bound
// parameter (sqlparser.ExprFromValue of the client's value).
func bindExpr(p any) ast.Expr {
	switch v := p.(type) {
	case int64:
		return ast.NewIntVal([]byte(strconv.FormatInt(v, 10)))
	case uint64:
		return ast.NewIntVal([]byte(strconv.FormatUint(v, 10)))
	case string:
		return ast.NewStrVal([]byte(v))
	case []byte:
		// vitess reads every string parameter (MYSQL_TYPE_STRING, BLOB, …)
		// as VARBINARY bytes, which ExprFromValue makes a string literal.
		return ast.NewStrVal(v)
	case nil:
		return &ast.NullVal{}
	}
	panic("unsupported parameter type")
}

func engineErr(err error) answer {
	if se := gsql.CastSQLError(err); se != nil {
		return answer{err: se.Num, msg: se.Message}
	}
	var me *mysql.SQLError
	if errors.As(err, &me) {
		return answer{err: me.Num, msg: me.Message}
	}
	return answer{err: -1, msg: err.Error()}
}

func engineClass(t gsql.Type) string {
	switch {
	case t == types.Null:
		return "null"
	case types.IsInteger(t), types.IsBit(t):
		return "integer"
	case types.IsDecimal(t):
		return "decimal"
	case sqltypes.IsFloat(t.Type()): // a result column's type is compat's doubleResult
		return "double"
	}
	return "string"
}

// fixture is the table the known-answer tests read: fingerprints at the
// edges of BIGINT UNSIGNED, and signed values at the edges of BIGINT.
var fixture = []string{
	"CREATE TABLE f (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT, KEY (fp))",
	"INSERT INTO f VALUES (1, 18446744073709551615, -1), (2, 9223372036854775809, 9223372036854775807), " +
		"(3, 9007199254740992, -9223372036854775808), (4, 0, 0), (5, 18446744073709551614, 1)",
	"SET @fp = 18446744073709551615",
}

// known is a known answer: a statement, its parameters, and the value and
// column type MySQL 8 gives, or its error number.
type known struct {
	query  string
	params []any
	want   string // the value as the text protocol sends it; "NULL" for NULL
	typ    string // the column type, as a MySQL client names it ("UNSIGNED BIGINT", "BIGINT", "DECIMAL", "DOUBLE"); "" not checked
	err    int    // the MySQL error number MySQL 8 gives instead, if not 0
	msg    string // the error's message, if not "" (and err is not 0)
	// warns, if not nil, is the warnings MySQL 8 gives, each as "code
	// message"; empty for none.
	warns []string
}

// checkKnown runs each case on a fresh simsql engine holding the fixture
// (and setUp) and compares its first value, type and error with MySQL 8's.
func checkKnown(t *testing.T, setUp []string, cases []known) {
	t.Helper()
	e := newEngine(t)
	for _, q := range append(append([]string{}, fixture...), setUp...) {
		e.run(t, q)
	}
	for _, c := range cases {
		got := e.answer(c.query, c.params...)
		switch {
		case c.err != 0:
			if got.err != c.err || c.msg != "" && got.msg != c.msg {
				t.Errorf("%s: got %s, want error %d %s", c.query, got, c.err, c.msg)
			}
		case got.err != 0:
			t.Errorf("%s: got %s, want %s", c.query, got, c.want)
		case c.want == "NULL" && !got.null, c.want != "NULL" && (got.null || got.text != c.want):
			t.Errorf("%s: got %s, want %s", c.query, got, c.want)
		case c.typ != "" && got.typ != c.typ:
			t.Errorf("%s: got type %s, want %s", c.query, got.typ, c.typ)
		}
		if c.warns != nil {
			var warns []string
			for _, w := range e.rows(t, "SHOW WARNINGS") {
				warns = append(warns, w[1]+" "+w[2])
			}
			if strings.Join(warns, "\n") != strings.Join(c.warns, "\n") {
				t.Errorf("%s: got warnings %q, want %q", c.query, warns, c.warns)
			}
		}
	}
}

// typeName names t as go-sql-driver's ColumnType.DatabaseTypeName names
// the type go-mysql-server sends for it.
func typeName(t gsql.Type) string {
	switch t.Type() {
	case sqltypes.Int8:
		return "TINYINT"
	case sqltypes.Uint8:
		return "UNSIGNED TINYINT"
	case sqltypes.Int32:
		return "INT"
	case sqltypes.Uint32:
		return "UNSIGNED INT"
	case sqltypes.Int64:
		return "BIGINT"
	case sqltypes.Uint64:
		return "UNSIGNED BIGINT"
	case sqltypes.Decimal:
		return "DECIMAL"
	case sqltypes.Float64:
		return "DOUBLE"
	}
	return t.String()
}

// plan returns the analyzed plan of q, as EXPLAIN PLAN prints it.
func (g *engine) plan(tb testing.TB, q string) string {
	tb.Helper()
	n, err := g.e.AnalyzeQuery(g.ctx.WithQuery(q), q)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	return gsql.DebugString(n)
}

// column returns the first column of every row of q, as text.
func (g *engine) column(tb testing.TB, q string) []string {
	tb.Helper()
	var out []string
	for _, r := range g.rows(tb, q) {
		out = append(out, r[0])
	}
	return out
}

// rows returns every row of q, as text (NULL as "NULL").
func (g *engine) rows(tb testing.TB, q string) [][]string {
	tb.Helper()
	_, rows := g.typedRows(tb, q)
	return rows
}

// typedRows returns q's schema and every row of it, as rows does.
func (g *engine) typedRows(tb testing.TB, q string) (gsql.Schema, [][]string) {
	tb.Helper()
	if err := gsql.SessionCommandBegin(g.ctx.Session); err != nil {
		tb.Fatal(err)
	}
	defer gsql.SessionCommandEnd(g.ctx.Session)
	ctx := g.ctx.WithQuery(q)
	sch, iter, _, err := g.e.Query(ctx, q)
	if err != nil {
		tb.Fatalf("%s: %v", q, err)
	}
	defer iter.Close(ctx)
	var out [][]string
	for {
		row, err := iter.Next(ctx)
		if err == io.EOF {
			return sch, out
		}
		if err != nil {
			tb.Fatalf("%s: %v", q, err)
		}
		cells := make([]string, len(row))
		for i, v := range row {
			wire, err := sch[i].Type.SQL(ctx, nil, v)
			if err != nil {
				tb.Fatal(err)
			}
			cells[i] = "NULL"
			if !wire.IsNull() {
				cells[i] = wire.ToString()
			}
		}
		out = append(out, cells)
	}
}
