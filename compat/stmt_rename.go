package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0, planbuilder.buildRenameTable): RENAME
// TABLE and ALTER TABLE … RENAME drop the names' database qualifiers and
// rename in the session's current database: `RENAME TABLE ra.t TO
// ra.u` run in database rb renamed rb.t to rb.u (ra.t untouched), and
// with no current database it failed with "table not found". MySQL 8
// and MariaDB rename ra.t.
//
// renameStatement answers a RENAME whose tables are all in one database
// that is not the current one by renaming there, with go-mysql-server's
// own rename (plan.RenameTable, run on that database); a rename whose
// tables are all in the current database is left to go-mysql-server. A
// rename that moves a table to another database (MySQL can) is error
// 1235: go-mysql-server's catalog cannot move a table.
func (p stmtParser) renameStatement(ctx *sql.Context, s string) (ast.Statement, bool, error) {
	if ctx == nil || p.env.Catalog == nil {
		return nil, false, nil
	}
	stmt, _, _, err := p.Parser.Parse(ctx, s, false)
	if err != nil {
		return nil, false, nil
	}
	alter := false
	if a, ok := stmt.(*ast.AlterTable); ok && len(a.Statements) == 1 { // ALTER TABLE … RENAME
		stmt, alter = a.Statements[0], true
	}
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.Action != ast.RenameStr || len(ddl.FromTables) != len(ddl.ToTables) || len(ddl.FromTables) == 0 {
		return nil, false, nil
	}
	current := ctx.GetCurrentDatabase()
	qualified := func(t ast.TableName) string {
		if db := t.DbQualifier.String(); db != "" {
			return db
		}
		return current
	}
	db := qualified(ddl.FromTables[0])
	var from, to []string
	moves := false
	for i := range ddl.FromTables {
		if !strings.EqualFold(qualified(ddl.FromTables[i]), db) || !strings.EqualFold(qualified(ddl.ToTables[i]), db) {
			moves = true
		}
		from = append(from, ddl.FromTables[i].Name.String())
		to = append(to, ddl.ToTables[i].Name.String())
	}
	if !moves && strings.EqualFold(db, current) {
		return nil, false, nil // go-mysql-server renames in the current database
	}
	cat := p.env.Catalog
	return injectStatement(s, func([]sql.Expression) (sql.Node, error) {
		return &resultNode{name: s, schema: okSchema, writes: true, rows: func(ctx *sql.Context, _ []sql.Expression) ([]sql.Row, error) {
			if moves {
				return nil, mysql.NewSQLError(mysql.ERNotSupportedYet, "42000",
					"This version of MySQL doesn't yet support 'RENAME TABLE to another database'")
			}
			d, err := cat.Database(ctx, db)
			if err != nil {
				return nil, err
			}
			iter, err := plan.NewRenameTable(d, from, to, alter).RowIter(ctx, nil)
			if err != nil {
				return nil, err
			}
			if err := iter.Close(ctx); err != nil {
				return nil, err
			}
			return okRows(), nil
		}}, nil
	}, ddl.Auth), true, nil
}
