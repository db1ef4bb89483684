package sqltests

import "testing"

func TestJSONValueScripts(t *testing.T) {
	runScriptsAndMariaDB(t, JSONValueScripts)
}
