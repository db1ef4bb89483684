package sqltests

import "testing"

func TestTFIDFScripts(t *testing.T) {
	runScripts(t, TFIDFScripts)
}
