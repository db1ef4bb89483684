package sqltests

import "testing"

// TestProcScripts runs ProcScripts in-process, over the wire and on
// MariaDB.
func TestProcScripts(t *testing.T) {
	runScriptsAndMariaDB(t, ProcScripts)
}
