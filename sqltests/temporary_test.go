package sqltests

import (
	"testing"
)

// TestTemporaryScripts runs TemporaryScripts in-process, over the wire and,
// when mariadbd is installed, on MariaDB, whose answers they hold.
func TestTemporaryScripts(t *testing.T) {
	t.Run("engine", func(t *testing.T) {
		for _, s := range TemporaryScripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, noEmptyRows{newEngineConn(t)}, s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for _, s := range TemporaryScripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newScriptConn(t, srv, mariaDBName(s.Name)), s) })
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := startMariaDB(t)
		for _, s := range TemporaryScripts {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newMariaDBConn(t, m, mariaDBName(s.Name)), s) })
		}
	})
}

// TestTemporaryIndexScripts runs TemporaryIndexScripts in-process and over
// the wire.
func TestTemporaryIndexScripts(t *testing.T) { runScripts(t, TemporaryIndexScripts) }
