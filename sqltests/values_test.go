package sqltests

import "testing"

func TestValuesScripts(t *testing.T) {
	runScriptsEngineAndWire(t, ValuesScripts)
}
