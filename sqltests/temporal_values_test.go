package sqltests

import "testing"

func TestTemporalValueScripts(t *testing.T) {
	runScriptsAndMariaDB(t, TemporalValueScripts)
	runScriptsEngineAndWire(t, TemporalValueMySQLScripts)
}
