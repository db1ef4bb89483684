package sqltests

import (
	"os"
	"path/filepath"
	"testing"
)

// loadDataTriggerScripts: LOAD DATA fires BEFORE and AFTER INSERT triggers
// for each row, as MySQL does (issue 11 item 5). Regression:
// go-mysql-server 0.20 fired none (catalog/compat_load_data_triggers.go).
// file is a CSV of the rows (1,abc) and (2,def); local says whether the
// client sends it (LOAD DATA LOCAL INFILE) or the server reads it.
func loadDataTriggerScripts(file string, local bool) []ScriptTest {
	load := "LOAD DATA INFILE '"
	if local {
		load = "LOAD DATA LOCAL INFILE '"
	}
	return []ScriptTest{{
		Name: "LOAD DATA fires INSERT triggers",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, body VARCHAR(100))",
			"CREATE TABLE tlog (n INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(100))",
			"CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW SET NEW.body = CONCAT(NEW.body, '!')",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id, ' ', NEW.body))",
		},
		Assertions: []Assertion{
			{Query: load + file + "' INTO TABLE t FIELDS TERMINATED BY ',' (id, body)"},
			{Query: "SELECT id, body FROM t ORDER BY id", Expected: []Row{{1, "abc!"}, {2, "def!"}}},
			{Query: "SELECT what FROM tlog ORDER BY n", Expected: []Row{{"ai 1 abc!"}, {"ai 2 def!"}}},
		},
	}}
}

func TestLoadDataTriggerScripts(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "rows.csv")
	if err := os.WriteFile(file, []byte("1,abc\n2,def\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Run("engine", func(t *testing.T) {
		for _, s := range loadDataTriggerScripts(file, false) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, noEmptyRows{newEngineConn(t)}, s) })
		}
	})
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		for _, s := range loadDataTriggerScripts(file, true) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newScriptConn(t, srv, mariaDBName(s.Name)), s) })
		}
	})
	t.Run("mariadb", func(t *testing.T) {
		m := startMariaDB(t)
		for _, s := range loadDataTriggerScripts(file, true) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newMariaDBConn(t, m, mariaDBName(s.Name)), s) })
		}
	})
}
