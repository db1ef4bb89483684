package compat

import (
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): SHOW TRIGGERS FROM db (or IN db) listed
// the triggers of the current database, not db's: the planbuilder's
// buildShowAllTriggers takes the current database before the FROM clause
// (ShowTablesOpt.DbName), so SHOW TRIGGERS FROM a from database b showed
// none of a's. MySQL lists db's. Here the FROM database becomes the
// statement's table qualifier, which the planbuilder reads first. Pinned
// by TestShowTriggersFrom (sqltests/compat_faults_test.go, also on
// MariaDB). Delete this file when buildShowAllTriggers reads the FROM
// database first.

// showTriggersFrom gives SHOW TRIGGERS FROM db, stmt, db as its qualifier.
func showTriggersFrom(stmt ast.Statement) {
	show, ok := stmt.(*ast.Show)
	if !ok || strings.ToLower(show.Type) != "triggers" || show.ShowTablesOpt == nil ||
		show.ShowTablesOpt.DbName == "" || !show.Table.DbQualifier.IsEmpty() {
		return
	}
	show.Table.DbQualifier = ast.NewTableIdent(show.ShowTablesOpt.DbName)
}
