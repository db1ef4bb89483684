package sqltests

import "testing"

func TestSystemVariableScripts(t *testing.T) {
	runScriptsAndMariaDB(t, SystemVariableScripts)
}
