package sqltests

import "testing"

func TestOrderScripts(t *testing.T) {
	runScripts(t, OrderScripts)
}
