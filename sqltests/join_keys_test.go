package sqltests

import "testing"

func TestJoinNumericScripts(t *testing.T) {
	runScriptsAndMariaDB(t, JoinNumericScripts)
}
