package sqltests

import "testing"

func TestRowDefaultScripts(t *testing.T) {
	runScriptsAndMariaDB(t, RowDefaultScripts)
}

func TestRowDefaultMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, RowDefaultMySQLScripts)
}
