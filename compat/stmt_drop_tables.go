package compat

import (
	"context"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0, planbuilder.buildDropTable): DROP TABLE
// db1.a, db2.b failed with 1105 "unsupported feature: dropping tables on
// multiple databases in the same statement", and DROP TABLE IF EXISTS
// looked every name up in the first table's database, so that DROP TABLE
// IF EXISTS nodb.x failed with 1051 and DROP TABLE IF EXISTS a, db2.b
// skipped db2.b when the current database had no b. MySQL 8 drops the
// tables of every database named; with IF EXISTS each missing one is note
// 1051 "Unknown table 'db.t'"; without it the missing ones are error 1051
// naming them all ("Unknown table 'db.x,db.y'") and nothing is dropped
// (MariaDB 10.11 drops the others first, and gathers the notes in one).
//
// dropTablesStatement answers such a DROP TABLE (of tables in two or more
// databases, or with IF EXISTS and a table missing) with
// go-mysql-server's own drop (plan.DropTable, with the triggers of its
// tables) once per database; any other DROP TABLE is left to
// go-mysql-server. Pinned by CompatFaultScripts "DROP TABLE of tables in
// two databases, IF EXISTS of a missing database" and CompatMySQLScripts
// "DROP TABLE IF EXISTS notes each missing table".
func (p stmtParser) dropTablesStatement(ctx *sql.Context, s string) (ast.Statement, bool, error) {
	if ctx == nil || p.env.Catalog == nil {
		return nil, false, nil
	}
	stmt, _, _, err := p.Parser.Parse(ctx, s, false)
	if err != nil {
		return nil, false, nil
	}
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.Action != ast.DropStr || ddl.Temporary || len(ddl.FromTables) == 0 || len(ddl.FromViews) != 0 {
		return nil, false, nil
	}
	current := ctx.GetCurrentDatabase()
	cat := p.env.Catalog
	var names []droppedTable
	dbs := map[string]bool{}
	missing := false
	for _, t := range ddl.FromTables {
		n := droppedTable{db: t.DbQualifier.String(), table: t.Name.String()}
		if n.db == "" {
			if current == "" {
				return nil, false, nil // go-mysql-server's 1046
			}
			n.db = current
		}
		dbs[strings.ToLower(n.db)] = true
		if _, _, err := cat.Table(ctx, n.db, n.table); err != nil {
			missing = true
		}
		names = append(names, n)
	}
	if len(dbs) < 2 && !(missing && ddl.IfExists) {
		return nil, false, nil
	}
	ifExists := ddl.IfExists
	return injectStatement(s, func([]sql.Expression) (sql.Node, error) {
		return &resultNode{name: s, schema: okSchema, writes: true, rows: func(ctx *sql.Context, _ []sql.Expression) ([]sql.Row, error) {
			return dropTables(ctx, cat, names, ifExists)
		}}, nil
	}, ddl.Auth), true, nil
}

// droppedTable is a table a DROP TABLE names, with its database.
type droppedTable struct{ db, table string }

// dropTables drops the tables names, one plan.DropTable per database in
// the order the databases are first named; a missing table is a note with
// ifExists, else error 1051 naming every missing one, before anything is
// dropped.
func dropTables(ctx *sql.Context, cat sql.Catalog, names []droppedTable, ifExists bool) ([]sql.Row, error) {
	var order []string
	groups := map[string][]sql.Node{}
	dbOf := map[string]sql.Database{}
	var unknown []string
	for _, n := range names {
		tbl, db, err := cat.Table(ctx, n.db, n.table)
		if sql.ErrTableNotFound.Is(err) || sql.ErrDatabaseNotFound.Is(err) {
			unknown = append(unknown, n.db+"."+n.table)
			continue
		}
		if err != nil {
			return nil, err
		}
		key := strings.ToLower(db.Name())
		if _, ok := groups[key]; !ok {
			order = append(order, key)
			dbOf[key] = db
		}
		groups[key] = append(groups[key], plan.NewResolvedTable(tbl, db, nil))
	}
	if len(unknown) > 0 && !ifExists {
		return nil, mysql.NewSQLError(mysql.ERBadTable, mysql.SSUnknownTable, "Unknown table '%s'", strings.Join(unknown, ","))
	}
	for _, u := range unknown {
		ctx.Session.Warn(&sql.Warning{Level: "Note", Code: mysql.ERBadTable, Message: fmt.Sprintf("Unknown table '%s'", u)})
	}
	for _, key := range order {
		triggers, err := tableTriggers(ctx, dbOf[key], groups[key])
		if err != nil {
			return nil, err
		}
		drop := plan.NewDropTable(groups[key], ifExists).WithTriggers(triggers)
		iter, err := rowexec.DefaultBuilder.Build(ctx, drop, nil)
		if err != nil {
			return nil, err
		}
		if err := iter.Close(ctx); err != nil {
			return nil, err
		}
	}
	return okRows(), nil
}

// tableTriggers returns the names of db's triggers on the tables, as
// go-mysql-server's loadTriggers rule finds them for a DROP TABLE.
func tableTriggers(ctx *sql.Context, db sql.Database, tables []sql.Node) ([]string, error) {
	tdb, ok := db.(sql.TriggerDatabase)
	if !ok {
		return nil, nil
	}
	defs, err := tdb.GetTriggers(ctx)
	if err != nil {
		return nil, err
	}
	dropped := map[string]bool{}
	for _, t := range tables {
		dropped[strings.ToLower(t.(sql.Nameable).Name())] = true
	}
	var out []string
	for _, d := range defs {
		stmt, _, err := ast.ParseOne(context.Background(), d.CreateStatement)
		if err != nil {
			return nil, err
		}
		if ddl, ok := stmt.(*ast.DDL); ok && dropped[strings.ToLower(ddl.Table.Name.String())] {
			out = append(out, d.Name)
		}
	}
	return out, nil
}
