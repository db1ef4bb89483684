package sqltests

import (
	"context"
	"database/sql"
	"fmt"
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
	t.Run("mariadb", func(t *testing.T) { check(t, sharedMariaDB(t).scratchDB(t)) })
}

// TestAlterRowsAffected checks the rows affected of ALTER TABLE over the
// wire and on MariaDB: the table's rows for what MySQL 8 copies the table
// for, 0 for what it does in place (go-mysql-server 0.20 said 0 for all;
// compat/alter_rows.go).
func TestAlterRowsAffected(t *testing.T) {
	checkRowsAffected(t, []string{"DROP TABLE IF EXISTS ar", "CREATE TABLE ar (pk INT PRIMARY KEY, v INT, s VARCHAR(10))",
		"INSERT INTO ar VALUES (1, 10, 'a'), (2, 20, 'b'), (3, 30, 'c'), (5, 50, 'e')"}, []rowsAffected{
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
		// Several changes in one ALTER, a copying one after another: the
		// count was read through the plan's handle of the table the first
		// had rewritten (1146 'Table … doesn't exist').
		{"ALTER TABLE ar ADD COLUMN x INT, MODIFY s2 VARCHAR(4)", 4},
		{"ALTER TABLE ar MODIFY x BIGINT, MODIFY s2 VARCHAR(3)", 4},
		{"INSERT INTO ar (pk, v, s2, x) VALUES (6, 60, 'fff', 7)", 1},
		{"ALTER TABLE ar MODIFY x INT, ADD COLUMN y INT, DROP COLUMN h", 5},
	})
	db := StartServer(t).DB(t) // the result of such ALTERs, on a fresh table
	for _, q := range []string{"CREATE TABLE am (a INT PRIMARY KEY, b INT)", "INSERT INTO am VALUES (1, 2)",
		"ALTER TABLE am ADD c INT, MODIFY b BIGINT", "ALTER TABLE am MODIFY b INT, MODIFY c BIGINT DEFAULT 5", "INSERT INTO am (a, b) VALUES (2, 3)"} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	var create string
	if err := db.QueryRow("SHOW CREATE TABLE am").Scan(new(string), &create); err != nil {
		t.Fatal(err)
	}
	if want := "CREATE TABLE `am` (\n  `a` int NOT NULL,\n  `b` int DEFAULT NULL,\n  `c` bigint DEFAULT '5',\n  PRIMARY KEY (`a`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"; create != want {
		t.Errorf("SHOW CREATE TABLE am:\n%s\nwant\n%s", create, want)
	}
	var rows string
	if err := db.QueryRow("SELECT GROUP_CONCAT(CONCAT_WS(',', a, b, IFNULL(c, 'NULL')) ORDER BY a SEPARATOR ';') FROM am").Scan(&rows); err != nil || rows != "1,2,NULL;2,3,5" {
		t.Errorf("rows of am: %q (%v), want 1,2,NULL;2,3,5", rows, err)
	}
}

// TestDeleteJoinRowsAffected checks the rows affected of multi-table
// DELETEs over the wire and on MariaDB: each target's rows deleted,
// counted once (go-mysql-server 0.20 counted the join's rows;
// compat/delete_join_rows.go).
func TestDeleteJoinRowsAffected(t *testing.T) {
	checkRowsAffected(t, []string{"DROP TABLE IF EXISTS a, b", "CREATE TABLE a (id INT PRIMARY KEY, x INT)", "CREATE TABLE b (id INT PRIMARY KEY, y INT)",
		"INSERT INTO a VALUES (1, 1), (2, 2), (3, 3)", "INSERT INTO b VALUES (1, 1), (2, 1), (3, 3), (4, 1)"}, []rowsAffected{
		// a's row 1 joins three rows of b: 1 + 3 rows deleted.
		{"DELETE a, b FROM a JOIN b ON a.x = b.y WHERE a.id = 1", 4},
		{"INSERT INTO a VALUES (1, 1)", 1},
		{"INSERT INTO b VALUES (1, 1), (2, 1), (4, 1)", 3},
		// Four rows of the join, two of a.
		{"DELETE a FROM a JOIN b ON a.x = b.y", 2},
		{"INSERT INTO a VALUES (1, 1), (3, 3)", 2},
		{"DELETE b FROM a JOIN b ON a.x = b.y WHERE b.id > 1", 3},
		{"DELETE x, b FROM a AS x, b WHERE x.id = b.id", 2},
		{"DELETE a FROM a JOIN b ON a.id = b.id", 0},
		{"DELETE FROM a WHERE id = 3", 1},
	})
}

// TestTruncateRowsAffected checks that TRUNCATE TABLE reports 0 rows
// affected, over the wire and on MariaDB (go-mysql-server 0.20 reported the
// rows removed; compat/truncate_rows.go), that it resets AUTO_INCREMENT,
// and that a DELETE without WHERE, which go-mysql-server also plans as a
// truncation, still counts its rows.
func TestTruncateRowsAffected(t *testing.T) {
	checkRowsAffected(t, []string{"DROP TABLE IF EXISTS tt", "CREATE TABLE tt (id INT PRIMARY KEY AUTO_INCREMENT, v INT)",
		"INSERT INTO tt (v) VALUES (1), (2), (3)"}, []rowsAffected{
		{"TRUNCATE TABLE tt", 0},
		{"INSERT INTO tt (v) VALUES (4), (5)", 2},
		{"/* a comment */ truncate tt", 0},
		{"INSERT INTO tt (v) VALUES (6)", 1},
		{"DELETE FROM tt WHERE id = 1", 1}, // the counter was reset: 6 has id 1
		{"INSERT INTO tt (v) VALUES (7), (8)", 2},
		{"DELETE FROM tt", 2},
		{"TRUNCATE TABLE tt", 0},
	})
}

// rowsAffected is a statement and the rows affected it must report.
type rowsAffected struct {
	q    string
	rows int64
}

// checkRowsAffected runs setUp, then each case, over the wire and on
// MariaDB, and checks each case's rows affected.
func checkRowsAffected(t *testing.T, setUp []string, cases []rowsAffected) {
	check := func(t *testing.T, db *sql.DB) {
		for _, q := range setUp {
			if _, err := db.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		for _, c := range cases {
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
	t.Run("mariadb", func(t *testing.T) { check(t, sharedMariaDB(t).scratchDB(t)) })
}

func TestExistsDMLScripts(t *testing.T) {
	runScriptsAndMariaDB(t, ExistsDMLScripts)
}

func TestScalarSubqueryScripts(t *testing.T) {
	runScriptsAndMariaDB(t, ScalarSubqueryScripts)
}

func TestBinaryLikeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, BinaryLikeScripts)
}

func TestAbsArgScripts(t *testing.T) {
	runScriptsAndMariaDB(t, AbsArgScripts)
}

func TestIfTypeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, IfTypeScripts)
	runScriptsEngineAndWire(t, IfTypeMySQLScripts)
}

// TestShowTriggersFrom checks that SHOW TRIGGERS FROM db lists db's
// triggers from another database, over the wire and on MariaDB
// (go-mysql-server 0.20 listed the current database's:
// compat/show_triggers_from.go).
func TestShowTriggersFrom(t *testing.T) {
	check := func(t *testing.T, db *sql.DB) {
		ctx := context.Background()
		c, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		for _, q := range []string{"DROP DATABASE IF EXISTS stf_a", "DROP DATABASE IF EXISTS stf_b", "CREATE DATABASE stf_a",
			"CREATE DATABASE stf_b", "USE stf_a", "CREATE TABLE t (i INT)", "CREATE TABLE lg (i INT)",
			"CREATE TRIGGER tai AFTER INSERT ON t FOR EACH ROW INSERT INTO lg VALUES (NEW.i)", "USE stf_b"} {
			if _, err := c.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		defer c.ExecContext(ctx, "DROP DATABASE stf_a")
		defer c.ExecContext(ctx, "DROP DATABASE stf_b")
		for _, q := range []string{"SHOW TRIGGERS FROM stf_a", "SHOW TRIGGERS IN stf_a LIKE 't'", "SHOW TRIGGERS FROM stf_a WHERE `Table` = 't'"} {
			rows, err := c.QueryContext(ctx, q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			var names []string
			for rows.Next() {
				cols, _ := rows.Columns()
				vals := make([]any, len(cols))
				var name string
				vals[0] = &name
				for i := 1; i < len(vals); i++ {
					vals[i] = new(sql.RawBytes)
				}
				if err := rows.Scan(vals...); err != nil {
					t.Fatal(err)
				}
				names = append(names, name)
			}
			if err := rows.Err(); err != nil {
				t.Fatal(err)
			}
			rows.Close()
			if len(names) != 1 || names[0] != "tai" {
				t.Errorf("%s: triggers %q, want [tai]", q, names)
			}
		}
	}
	t.Run("wire", func(t *testing.T) { check(t, sharedServer(t).DB(t)) })
	t.Run("mariadb", func(t *testing.T) { check(t, sharedMariaDB(t).scratchDB(t)) })
}

func TestDefaultNullScripts(t *testing.T) {
	runScriptsEngineAndWire(t, DefaultNullScripts)
}

// TestCharsetScripts runs CharsetScripts in-process, over the wire and
// on MariaDB, and CharsetMySQLScripts in-process and over the wire.
func TestCharsetScripts(t *testing.T) {
	runScriptsAndMariaDB(t, CharsetScripts)
	runScriptsEngineAndWire(t, CharsetMySQLScripts)
}

// TestLatin1Client checks a latin1 connection (SET NAMES latin1) over the
// wire and on MariaDB: its statements are read as latin1 and text goes
// back to it in latin1, '?' for a character latin1 lacks. simsql read the
// statement's bytes as UTF-8, so inserting 'caf\xE9' was error 1366,
// HEX('caf\xE9') panicked and a SELECT of '中' failed whole
// (compat/charsets.go).
func TestLatin1Client(t *testing.T) {
	check := func(t *testing.T, db *sql.DB) {
		ctx := context.Background()
		conn, err := db.Conn(ctx)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close()
		for _, q := range []string{"SET NAMES latin1", "DROP TABLE IF EXISTS lc",
			"CREATE TABLE lc (id INT PRIMARY KEY, s TEXT CHARACTER SET utf8mb4)",
			"INSERT INTO lc VALUES (1, 'caf\xe9'), (2, CONVERT(X'636166C3A920E4B8AD' USING utf8mb4))"} {
			if _, err := conn.ExecContext(ctx, q); err != nil {
				t.Fatalf("%s: %v", q, err)
			}
		}
		rows, err := conn.QueryContext(ctx, "SELECT s, HEX(s) FROM lc ORDER BY id")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for rows.Next() {
			var s, h string
			if err := rows.Scan(&s, &h); err != nil {
				t.Fatal(err)
			}
			got = append(got, s, h)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		if want := []string{"caf\xe9", "636166C3A9", "caf\xe9 ?", "636166C3A920E4B8AD"}; fmt.Sprintf("%q", got) != fmt.Sprintf("%q", want) {
			t.Errorf("SELECT s, HEX(s): got %q, want %q", got, want)
		}
		var h string
		var n int
		if err := conn.QueryRowContext(ctx, "SELECT HEX('caf\xe9'), LENGTH('caf\xe9')").Scan(&h, &n); err != nil || h != "636166E9" || n != 4 {
			t.Errorf("SELECT HEX('caf\\xE9'), LENGTH('caf\\xE9'): got %q, %d (%v), want 636166E9, 4", h, n, err)
		}
	}
	t.Run("wire", func(t *testing.T) { check(t, StartServer(t).DB(t)) })
	t.Run("mariadb", func(t *testing.T) { check(t, sharedMariaDB(t).scratchDB(t)) })
}
