package sqltests

import "testing"

func TestClientScripts(t *testing.T) {
	runScripts(t, ClientScripts)
}
