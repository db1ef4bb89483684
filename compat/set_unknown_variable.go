package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): SET name = … of a name that is no
// system variable, without @@, SESSION or GLOBAL, was error 1054 "column
// "name" could not be found in any table in scope": the planbuilder's
// setExprsToExpressions reads an unscoped name as a column first (as it
// is in a trigger's SET NEW.c = …) and reports a missing one as a column.
// MySQL 8 answers 1193 "Unknown system variable 'name'", as it does for
// SET @@name and SET SESSION name. Here such a name of a top-level SET
// statement gets SESSION scope, whose unknown variables the planbuilder
// reports as 1193 (stored programs' SET, where a name may be a local
// variable or NEW's column, is left alone). Pinned by CompatFaultScripts
// "SET of an unknown variable is 1193" (sqltests/scripts_compat_faults.go,
// also on MariaDB). Delete this file when the planbuilder reports 1193.

// setUnknownVariable gives the unscoped names of SET statement stmt that
// name no system variable the SESSION scope.
func setUnknownVariable(stmt ast.Statement) {
	set, ok := stmt.(*ast.Set)
	if !ok {
		return
	}
	for _, e := range set.Exprs {
		if e.Scope != ast.SetScope_None || e.Name == nil || !e.Name.Qualifier.IsEmpty() {
			continue
		}
		name := e.Name.Name.String()
		switch strings.ToLower(name) {
		case "names", "charset", "transaction":
			continue
		}
		if strings.HasPrefix(name, "@") {
			continue
		}
		if _, _, known := sql.SystemVariables.GetGlobal(name); !known {
			e.Scope = ast.SetScope_Session
		}
	}
}
