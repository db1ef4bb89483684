package sqltests

import "testing"

func TestCompatFaultScripts(t *testing.T) {
	runScriptsAndMariaDB(t, CompatFaultScripts)
}

// TestCompatMySQLScripts runs CompatMySQLScripts in-process and over the
// wire only: MariaDB answers them otherwise.
func TestCompatMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, CompatMySQLScripts)
}
