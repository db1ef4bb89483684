package sqltests

import "testing"

func TestOnlyFullGroupByScripts(t *testing.T) {
	runScriptsAndMariaDB(t, OnlyFullGroupByScripts)
}

// TestOnlyFullGroupByMySQLScripts runs OnlyFullGroupByMySQLScripts
// in-process and over the wire only: MariaDB answers them otherwise.
func TestOnlyFullGroupByMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, OnlyFullGroupByMySQLScripts)
}
