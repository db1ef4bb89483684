package sqltests

import (
	dbsql "database/sql"
	"testing"
)

func TestGeneratedColumnScripts(t *testing.T) {
	runScriptsAndMariaDB(t, GeneratedColumnScripts)
}

func TestFingerprintColumnScripts(t *testing.T) {
	runScripts(t, FingerprintColumnScripts)
}

func TestIntegerRangeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, IntegerRangeScripts)
}

func TestVirtualColumnValueScripts(t *testing.T) {
	runScriptsEngineAndWire(t, VirtualColumnValueScripts)
}

func TestGeneratedRangeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, GeneratedRangeScripts)
}

func TestVirtualColumnIndexScripts(t *testing.T) {
	runScripts(t, VirtualColumnIndexScripts)
}

func TestFloatScaleScripts(t *testing.T) {
	runScriptsAndMariaDB(t, FloatScaleScripts)
}

func TestHexValueScripts(t *testing.T) {
	runScriptsAndMariaDB(t, HexValueScripts)
}

func TestHexValueMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, HexValueMySQLScripts)
}

func TestDecimalRangeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, DecimalRangeScripts)
}

func TestDecimalRangeMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, DecimalRangeMySQLScripts)
}

func TestNumericExactScripts(t *testing.T) {
	runScriptsAndMariaDB(t, NumericExactScripts)
}

func TestNumericExactMySQLScripts(t *testing.T) {
	runScriptsEngineAndWire(t, NumericExactMySQLScripts)
}

func TestVirtualColumnCheckScripts(t *testing.T) {
	runScriptsEngineAndWire(t, VirtualColumnCheckScripts)
}

func TestCheckCopyScripts(t *testing.T) {
	runScriptsAndMariaDB(t, CheckCopyScripts)
}

func TestCheckNameScripts(t *testing.T) {
	runScriptsEngineAndWire(t, CheckNameScripts)
}

// TestDefaultRowPrepared inserts rows of defaults into a table with
// generated columns with prepared statements of the binary protocol
// (COM_STMT_PREPARE, as drivers send them), on simsql and MariaDB.
// Regression: go-mysql-server 0.20 refused every INSERT without a column
// list into such a table with 3105, at prepare time
// (catalog/generated_insert.go).
func TestDefaultRowPrepared(t *testing.T) {
	reference(t, func(t *testing.T, db *dbsql.DB) {
		for _, q := range []string{"DROP TABLE IF EXISTS gp",
			"CREATE TABLE gp (id INT AUTO_INCREMENT PRIMARY KEY, body VARCHAR(20) DEFAULT 'ab', c BIGINT UNSIGNED AS (CRC32(body)) STORED, v INT AS (LENGTH(body)) VIRTUAL)"} {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range []struct {
			q    string
			args []any
			rows int64 // rows the statement inserts
		}{
			{"INSERT INTO gp VALUES ()", nil, 1},
			{"INSERT INTO gp () VALUES (), ()", nil, 2},
			{"REPLACE INTO gp VALUES ()", nil, 1},
			{"INSERT INTO gp SET body = ?", []any{"q"}, 1},
		} {
			st, err := db.Prepare(c.q)
			if err != nil {
				t.Fatalf("prepare %s: %v", c.q, err)
			}
			res, err := st.Exec(c.args...)
			st.Close()
			if err != nil {
				t.Fatalf("%s: %v", c.q, err)
			}
			if n, err := res.RowsAffected(); err != nil || n != c.rows {
				t.Errorf("%s: %d rows affected (%v), want %d", c.q, n, err, c.rows)
			}
		}
		var n, sum, lens int64
		if err := db.QueryRow("SELECT COUNT(*), SUM(c = CRC32(body)), SUM(v) FROM gp").Scan(&n, &sum, &lens); err != nil {
			t.Fatal(err)
		}
		if n != 5 || sum != 5 || lens != 9 {
			t.Errorf("rows, computed fingerprints, sum of lengths: %d, %d, %d; want 5, 5, 9", n, sum, lens)
		}
	})
}
