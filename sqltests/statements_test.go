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

// TestRenameScripts runs RenameScripts in-engine, over the wire and on
// MariaDB, and RenameMoveScripts (simsql's refusal) in-engine and over
// the wire.
func TestRenameScripts(t *testing.T) {
	runScriptsAndMariaDB(t, RenameScripts)
	runScripts(t, RenameMoveScripts)
}

func TestStatementModifierScripts(t *testing.T) {
	runScriptsAndMariaDB(t, StatementModifierScripts)
	runScriptsEngineAndWire(t, StatementModifierMySQLScripts)
}
