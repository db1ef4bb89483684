package sqltests

import (
	"fmt"
	"testing"
)

// okInfoSteps are statements and the rows affected and info string of the
// OK packet MySQL 8 and MariaDB send for each (ER_INSERT_INFO, ER_UPDATE_INFO;
// compat/ok_info.go). A single VALUES row sends no info string.
var okInfoSteps = []struct{ q, want string }{
	{"DROP TABLE IF EXISTS oi, oi2, oi3", ""},
	{"CREATE TABLE oi (a INT PRIMARY KEY, b INT UNIQUE, c INT)", "0 "},
	{"INSERT INTO oi VALUES (1, 1, 0), (2, 2, 0), (3, 3, 0)", "3 Records: 3  Duplicates: 0  Warnings: 0"},
	{"INSERT INTO oi VALUES (4, 4, 0)", "1 "},
	{"INSERT INTO oi SET a = 7, b = 7, c = 0", "1 "},
	{"INSERT IGNORE INTO oi VALUES (1, 9, 9), (8, 8, 8)", "1 Records: 2  Duplicates: 1  Warnings: 1"},
	{"INSERT INTO oi VALUES (1, 1, 0), (9, 9, 9) ON DUPLICATE KEY UPDATE c = c + 1", "3 Records: 2  Duplicates: 1  Warnings: 0"},
	// A row conflicting with one row's primary key and another's unique
	// key: one insert and two deletes.
	{"REPLACE INTO oi VALUES (1, 2, 9)", "3 "},
	{"REPLACE INTO oi VALUES (1, 2, 9), (20, 20, 0)", "3 Records: 2  Duplicates: 1  Warnings: 0"},
	{"REPLACE INTO oi SELECT a + 100, b + 100, c FROM oi", "7 Records: 7  Duplicates: 0  Warnings: 0"},
	{"REPLACE INTO oi SELECT a, b + 1000, c FROM oi WHERE a > 100", "14 Records: 7  Duplicates: 7  Warnings: 0"},
	{"INSERT INTO oi SELECT a + 200, b + 200, c FROM oi WHERE a < 10", "6 Records: 6  Duplicates: 0  Warnings: 0"},
	{"INSERT INTO oi SELECT a + 300, b + 300, c FROM oi WHERE a = 1", "1 Records: 1  Duplicates: 0  Warnings: 0"},
	{"UPDATE oi SET c = 1 WHERE a < 5", "3 Rows matched: 3  Changed: 3  Warnings: 0"},
	{"UPDATE oi SET c = 1 WHERE a = 1", "0 Rows matched: 1  Changed: 0  Warnings: 0"},
	{"DELETE FROM oi WHERE a > 300", "1 "},
	{"ALTER TABLE oi ADD COLUMN d INT", "0 Records: 0  Duplicates: 0  Warnings: 0"},
	{"ALTER TABLE oi ADD INDEX (c)", "0 Records: 0  Duplicates: 0  Warnings: 0"},
	{"ALTER TABLE oi MODIFY c BIGINT", "20 Records: 20  Duplicates: 0  Warnings: 0"},
	{"CREATE TABLE oi2 SELECT * FROM oi", "20 Records: 20  Duplicates: 0  Warnings: 0"},
	// Outside strict mode an ALTER that cuts values warns for each
	// (catalog/compat_alter_narrowing.go).
	{"CREATE TABLE oi3 (a INT PRIMARY KEY, s VARCHAR(10))", "0 "},
	{"INSERT INTO oi3 VALUES (1, 'ab'), (2, 'abcdef'), (3, 'xyzxyz')", "3 Records: 3  Duplicates: 0  Warnings: 0"},
	{"SET sql_mode = ''", "0 "},
	{"ALTER TABLE oi3 MODIFY s VARCHAR(3)", "3 Records: 3  Duplicates: 0  Warnings: 2"},
	// A REPLACE of the same row, the primary key the only unique key: no
	// delete (catalog/compat_replace_rows.go).
	{"REPLACE INTO oi3 VALUES (1, 'ab'), (2, 'zz')", "3 Records: 2  Duplicates: 1  Warnings: 0"},
}

// TestOKInfo checks the rows affected and info string of OK packets over
// the wire against okInfoSteps, on simsql and on MariaDB.
func TestOKInfo(t *testing.T) {
	run := func(t *testing.T, addr string) {
		c, err := dialRaw(addr, "root", "", "simsql", false)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		for _, s := range okInfoSteps {
			res, err := c.query(s.q)
			if err != nil {
				t.Fatalf("%s: %v", s.q, err)
			}
			if len(res) != 1 || res[0].Err != nil || res[0].Columns != 0 {
				t.Fatalf("%s: %+v", s.q, res)
			}
			if s.want == "" {
				continue
			}
			if got := fmt.Sprintf("%d %s", res[0].Affected, res[0].Info); got != s.want {
				t.Errorf("%s: got %q, want %q", s.q, got, s.want)
			}
		}
	}
	t.Run("simsql", func(t *testing.T) { run(t, StartServer(t).Addr) })
	t.Run("mariadb", func(t *testing.T) { run(t, startMariaDB(t).Socket) })
}
