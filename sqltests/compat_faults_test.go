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

// TestAlterRowsAffected checks the rows affected of ALTER TABLE over the
// wire and on MariaDB: the table's rows for what MySQL 8 copies the table
// for, 0 for what it does in place (go-mysql-server 0.20 said 0 for all;
// compat/alter_rows.go).
func TestAlterRowsAffected(t *testing.T) {
	check := func(t *testing.T, db *sql.DB) {
		for _, q := range []string{"DROP TABLE IF EXISTS ar", "CREATE TABLE ar (pk INT PRIMARY KEY, v INT, s VARCHAR(10))",
			"INSERT INTO ar VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c'), (5, 50, 'e')"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			q    string
			rows int64
		}{
			{"ALTER TABLE ar ADD COLUMN w INT", 0},
			{"ALTER TABLE ar ADD INDEX iv (v)", 0},
			{"ALTER TABLE ar DROP INDEX iv", 0},
			{"ALTER TABLE ar MODIFY v BIGINT", 4},
			{"ALTER TABLE ar MODIFY s VARCHAR(20)", 0},
			{"ALTER TABLE ar MODIFY s VARCHAR(5)", 4},
			{"ALTER TABLE ar DROP COLUMN w", 0},
			{"ALTER TABLE ar RENAME COLUMN s TO s2", 0},
			{"ALTER TABLE ar ALTER COLUMN s2 SET DEFAULT 'x'", 0},
			{"ALTER TABLE ar ADD COLUMN g BIGINT AS (v + 1) STORED", 4},
			{"ALTER TABLE ar ADD COLUMN h BIGINT AS (v + 2) VIRTUAL", 0},
			{"ALTER TABLE ar DROP PRIMARY KEY", 4},
			{"ALTER TABLE ar ADD PRIMARY KEY (pk)", 0},
		} {
			res, err := db.Exec(c.q)
			if err != nil {
				t.Errorf("%s: %v", c.q, err)
				continue
			}
			if n, err := res.RowsAffected(); err != nil || n != c.rows {
				t.Errorf("%s: %d rows affected (%v), want %d", c.q, n, err, c.rows)
			}
		}
	}
	t.Run("wire", func(t *testing.T) { check(t, StartServer(t).DB(t)) })
	t.Run("mariadb", func(t *testing.T) { check(t, startMariaDB(t).DB(t)) })
}

func TestExistsDMLScripts(t *testing.T) {
	runScriptsAndMariaDB(t, ExistsDMLScripts)
}
