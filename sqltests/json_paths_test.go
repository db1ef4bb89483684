package sqltests

import "testing"

func TestJSONPathScripts(t *testing.T) {
	runScriptsAndMariaDB(t, JSONPathScripts)
	runScripts(t, JSONArrowScripts)
	runScripts(t, JSONPathMySQLScripts)
}
