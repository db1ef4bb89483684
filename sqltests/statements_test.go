package sqltests

import "testing"

// TestStatementScripts runs StatementScripts in-engine and over the wire.
func TestStatementScripts(t *testing.T) {
	runScripts(t, StatementScripts)
}
