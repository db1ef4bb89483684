package sqltests

import "testing"

func TestStrictModeScripts(t *testing.T) {
	runScriptsEngineAndWire(t, SQLModeScripts)
	runScriptsAndMariaDB(t, StrictModeScripts)
}
