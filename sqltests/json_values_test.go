package sqltests

import "testing"

func TestJSONValueScripts(t *testing.T) {
	runScriptsAndMariaDB(t, JSONValueScripts)
	runScriptsAndMariaDB(t, JSONNumberScripts)
	runScripts(t, JSONNumberMySQLScripts)
}

func TestCreateSelectScripts(t *testing.T) {
	runScriptsAndMariaDB(t, CreateSelectScripts)
}
