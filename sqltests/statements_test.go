package sqltests

import "testing"

// TestStatementScripts runs StatementScripts in-engine and over the wire.
func TestStatementScripts(t *testing.T) {
	runScripts(t, StatementScripts)
}

// TestUserVarAssignScripts runs UserVarAssignScripts in-engine, over the
// wire and on MariaDB.
func TestUserVarAssignScripts(t *testing.T) {
	runScriptsAndMariaDB(t, UserVarAssignScripts)
}
