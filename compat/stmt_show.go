package compat

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// The SHOW statements of this file are ones go-mysql-server v0.20.0
// refuses though MySQL 8 and MariaDB answer them, and clients send them
// on connecting or browsing:
//
//   - SHOW ERRORS [LIMIT [offset,] n] ("unsupported feature", 1105): the
//     errors of the last statement, from the session's diagnostics (the
//     server records a failed statement's error there, as MySQL does).
//   - SHOW COUNT(*) WARNINGS and SHOW COUNT(*) ERRORS ("unsupported
//     feature"): one row, @@session.warning_count or
//     @@session.error_count.
//   - SHOW OPEN TABLES [FROM db] [LIKE 'p' | WHERE …] (syntax error): the
//     base tables, none in use or locked (every table of a data directory
//     is open while the server runs).
//   - SHOW PROFILES and SHOW PROFILE … (syntax error): no rows, as MySQL
//     with profiling off (simsql does not profile statements).
//
// Like SHOW WARNINGS they leave the diagnostics as they are, so that SHOW
// COUNT(*) WARNINGS then SHOW WARNINGS agree. Pinned by StatementScripts
// "SHOW COUNT(*) WARNINGS and ERRORS, SHOW ERRORS" and "SHOW OPEN TABLES,
// SHOW PROFILES, SHOW PROFILE", and TestStatementsMariaDB.
func showStatement(ctx *sql.Context, toks []token, s string) (ast.Statement, bool, error) {
	switch {
	case is(toks, "errors"):
		offset, limit, ok := showLimit(lex(s, 8)[2:])
		if !ok {
			return nil, false, nil
		}
		return diagnostics("SHOW ERRORS", showErrorsSchema, sessionWarnings(ctx), func(ws []*sql.Warning) []sql.Row {
			var rows []sql.Row
			for _, w := range ws {
				if w.Level == "Error" {
					rows = append(rows, sql.Row{w.Level, uint32(w.Code), w.Message})
				}
			}
			return window(rows, offset, limit)
		}), true, nil
	case is(toks, "count", "(", "*", ")", "warnings") && len(toks) == 5,
		is(toks, "count", "(", "*", ")", "errors") && len(toks) == 5:
		errorsOnly := toks[4].word == "errors"
		name := "@@session.warning_count"
		if errorsOnly {
			name = "@@session.error_count"
		}
		schema := sql.Schema{{Name: name, Type: types.Uint64, Nullable: true}}
		return diagnostics("SHOW COUNT(*) "+strings.ToUpper(toks[4].word), schema, sessionWarnings(ctx), func(ws []*sql.Warning) []sql.Row {
			n := uint64(0)
			for _, w := range ws {
				if !errorsOnly || w.Level == "Error" {
					n++
				}
			}
			return []sql.Row{{n}}
		}), true, nil
	case is(toks, "profiles") && len(toks) == 1:
		return emptyResult("SHOW PROFILES", sql.Schema{
			{Name: "Query_ID", Type: types.Uint32},
			{Name: "Duration", Type: types.Float64},
			{Name: "Query", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 40)},
		}), true, nil
	case is(toks, "profile"):
		return emptyResult("SHOW PROFILE", sql.Schema{
			{Name: "Status", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 30)},
			{Name: "Duration", Type: types.MustCreateDecimalType(9, 6)},
		}), true, nil
	case is(toks, "open", "tables"):
		return openTables(s)
	}
	return nil, false, nil
}

// showErrorsSchema is MySQL's schema of SHOW ERRORS.
var showErrorsSchema = sql.Schema{
	{Name: "Level", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 7)},
	{Name: "Code", Type: types.Uint32},
	{Name: "Message", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 512)},
}

// diagnostics returns a statement answered from ws, the session's
// diagnostics (oldest first) when the statement was parsed.
// go-mysql-server clears the warnings of every statement but SHOW
// WARNINGS between planning and running it, so the node puts them back
// when it runs, as MySQL leaves them.
func diagnostics(name string, schema sql.Schema, ws []*sql.Warning, rows func([]*sql.Warning) []sql.Row) ast.Statement {
	return injectStatement(name, func([]sql.Expression) (sql.Node, error) {
		return &resultNode{name: name, schema: schema, rows: func(ctx *sql.Context, _ []sql.Expression) ([]sql.Row, error) {
			if ctx.Session != nil && len(ctx.Session.Warnings()) == 0 {
				for _, w := range ws {
					ctx.Session.Warn(w)
				}
			}
			return rows(ws), nil
		}}, nil
	}, noAuth)
}

// sessionWarnings returns the warnings, notes and errors of ctx's
// session, oldest first.
func sessionWarnings(ctx *sql.Context) []*sql.Warning {
	if ctx == nil || ctx.Session == nil {
		return nil
	}
	ws := ctx.Session.Warnings() // newest first
	out := make([]*sql.Warning, len(ws))
	for i, w := range ws {
		out[len(ws)-1-i] = w
	}
	return out
}

// showLimit reads SHOW ERRORS' optional LIMIT [offset,] n or LIMIT n
// OFFSET offset; limit is -1 without one. ok is false for anything else.
func showLimit(toks []token) (offset, limit int, ok bool) {
	num := func(t token) (int, bool) {
		n, err := strconv.Atoi(t.word)
		return n, err == nil && t.quoted == 0
	}
	switch {
	case len(toks) == 0:
		return 0, -1, true
	case len(toks) == 2 && is(toks, "limit"):
		n, ok := num(toks[1])
		return 0, n, ok
	case len(toks) == 4 && is(toks, "limit") && toks[2].word == ",":
		o, ok1 := num(toks[1])
		n, ok2 := num(toks[3])
		return o, n, ok1 && ok2
	case len(toks) == 4 && is(toks, "limit") && is(toks[2:], "offset"):
		n, ok1 := num(toks[1])
		o, ok2 := num(toks[3])
		return o, n, ok1 && ok2
	}
	return 0, 0, false
}

// window returns rows[offset:offset+limit], limit -1 meaning all.
func window(rows []sql.Row, offset, limit int) []sql.Row {
	if offset >= len(rows) {
		return nil
	}
	rows = rows[offset:]
	if limit >= 0 && limit < len(rows) {
		rows = rows[:limit]
	}
	return rows
}

// emptyResult returns a statement answering with no rows of schema.
func emptyResult(name string, schema sql.Schema) ast.Statement {
	return injectStatement(name, func([]sql.Expression) (sql.Node, error) {
		return &resultNode{name: name, schema: schema, rows: func(*sql.Context, []sql.Expression) ([]sql.Row, error) {
			return nil, nil
		}}, nil
	}, noAuth)
}

// openTables returns SHOW OPEN TABLES as a query of
// information_schema.TABLES, parsed by go-mysql-server.
func openTables(s string) (ast.Statement, bool, error) {
	toks := lex(s, 7)[3:]
	cond := "TABLE_TYPE = 'BASE TABLE' AND TABLE_SCHEMA NOT IN ('information_schema', 'performance_schema')"
	if len(toks) >= 2 && (is(toks, "from") || is(toks, "in")) && (toks[1].quoted == 0 || toks[1].quoted == '`') {
		cond += " AND TABLE_SCHEMA = " + quoteString(toks[1].word)
		toks = toks[2:]
	}
	var where string
	switch {
	case len(toks) == 0:
	case is(toks, "like") && len(toks) == 2 && (toks[1].quoted == '\'' || toks[1].quoted == '"'):
		cond += " AND TABLE_NAME LIKE " + quoteString(toks[1].word)
	case is(toks, "where"):
		where = strings.TrimSpace(s[toks[0].end:])
	default:
		return nil, false, nil
	}
	q := "SELECT TABLE_SCHEMA AS `Database`, TABLE_NAME AS `Table`, CAST(0 AS SIGNED) AS `In_use`, " +
		"CAST(0 AS SIGNED) AS `Name_locked` FROM information_schema.TABLES WHERE " + cond
	if where != "" {
		q = "SELECT * FROM (" + q + ") AS OPEN_TABLES WHERE " + where
	}
	stmt, err := ast.Parse(q + " ORDER BY 1, 2")
	if err != nil {
		return nil, true, err
	}
	rewrite(&stmt, env{})
	return stmt, true, nil
}

// quoteString returns s as a single-quoted SQL string literal.
func quoteString(s string) string {
	return "'" + strings.NewReplacer(`\`, `\\`, `'`, `''`).Replace(s) + "'"
}
