package compat

// Fault (go-mysql-server v0.20.0): DROP DATABASE of a missing database
// was error 1049 "Unknown database 'nodb'" where MySQL gives 1008 "Can't
// drop database 'nodb'; database doesn't exist"; CREATE DATABASE of one
// that exists said "can't create database x; database exists" (MySQL:
// "Can't create database 'x'; database exists"), and the notes of IF
// [NOT] EXISTS left out the quotes and ended in a space. dbExists builds
// those two statements' answers for a database that is (or is not) there
// with MySQL's numbers and words (MariaDB 10.11 gives the same). Pinned by
// CompatFaultScripts' "DROP and CREATE DATABASE … exists: 1008 and 1007"
// (also on MariaDB).

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// dbExists answers n, a DROP DATABASE of a missing database or a CREATE
// DATABASE of one that exists: with IF [NOT] EXISTS a note, else the
// error; ok is false for any other node.
func dbExists(ctx *sql.Context, n sql.Node) (it sql.RowIter, ok bool, err error) {
	var num int
	var msg string
	var rows uint64
	var quiet bool
	switch x := n.(type) {
	case *plan.DropDB:
		if x.Catalog.HasDatabase(ctx, x.DbName) {
			return nil, false, nil
		}
		num, quiet = mysql.ERDbDropExists, x.IfExists
		msg = fmt.Sprintf("Can't drop database '%s'; database doesn't exist", x.DbName)
	case *plan.CreateDB:
		if !x.Catalog.HasDatabase(ctx, x.DbName) {
			return nil, false, nil
		}
		num, quiet, rows = mysql.ERDbCreateExists, x.IfNotExists, 1
		msg = fmt.Sprintf("Can't create database '%s'; database exists", x.DbName)
	default:
		return nil, false, nil
	}
	if !quiet {
		return nil, true, mysql.NewSQLError(num, mysql.SSUnknownSQLState, "%s", msg)
	}
	ctx.Session.Warn(&sql.Warning{Level: "Note", Code: num, Message: msg})
	return sql.RowsToRowIter(sql.NewRow(types.OkResult{RowsAffected: rows})), true, nil
}
