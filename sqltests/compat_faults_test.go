package sqltests

import (
	"database/sql"
	"testing"
)

func TestCompatFaultScripts(t *testing.T) {
	runScriptsAndMariaDB(t, CompatFaultScripts)
}

// TestCompatMySQLScripts runs CompatMySQLScripts in-process and over the
// wire only: MariaDB answers them otherwise.
func TestCompatMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, CompatMySQLScripts)
}

// TestSetAffectsNoRows checks that SET statements report 0 rows affected,
// as MySQL and MariaDB do (simsql reported 1: cmd/simsql/protocol_compat.go,
// fixSetAffected), over the wire and on MariaDB.
func TestSetAffectsNoRows(t *testing.T) {
	check := func(t *testing.T, db *sql.DB) {
		for _, q := range []string{"SET @x = 1", "SET @a = 1, @b = 'two'", "SET SESSION sql_mode = ''", "SET NAMES utf8mb4",
			"SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"} {
			res, err := db.Exec(q)
			if err != nil {
				t.Errorf("%s: %v", q, err)
				continue
			}
			if n, err := res.RowsAffected(); err != nil || n != 0 {
				t.Errorf("%s: %d rows affected (%v), want 0", q, n, err)
			}
		}
	}
	t.Run("wire", func(t *testing.T) { check(t, StartServer(t).DB(t)) })
	t.Run("mariadb", func(t *testing.T) { check(t, startMariaDB(t).DB(t)) })
}
