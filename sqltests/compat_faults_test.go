package sqltests

import "testing"

func TestCompatFaultScripts(t *testing.T) {
	runScriptsAndMariaDB(t, CompatFaultScripts)
}

func TestCompatMySQLScripts(t *testing.T) {
	runScripts(t, CompatMySQLScripts)
}
