package sqltests

import (
	"os"
	"path/filepath"
	"strings"
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
	}, {
		// LOAD DATA … REPLACE deletes as REPLACE does
		// (catalog/compat_upsert_triggers.go).
		Name: "LOAD DATA REPLACE fires DELETE triggers",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, body VARCHAR(100))",
			"CREATE TABLE tlog (n INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(100))",
			"CREATE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ad ', OLD.id, ' ', OLD.body))",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id, ' ', NEW.body))",
			"INSERT INTO t VALUES (2, 'old')",
			"DELETE FROM tlog",
		},
		Assertions: []Assertion{
			{Query: load + file + "' REPLACE INTO TABLE t FIELDS TERMINATED BY ',' (id, body)"},
			{Query: "SELECT id, body FROM t ORDER BY id", Expected: []Row{{1, "abc"}, {2, "def"}}},
			{Query: "SELECT what FROM tlog ORDER BY n", Expected: []Row{{"ai 1 abc"}, {"ad 2 old"}, {"ai 2 def"}}},
		},
	}}
}

func TestUpsertTriggerScripts(t *testing.T) {
	runScriptsAndMariaDB(t, UpsertTriggerScripts)
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
		m := sharedMariaDB(t)
		for _, s := range loadDataTriggerScripts(file, true) {
			t.Run(s.Name, func(t *testing.T) { runScript(t, newMariaDBConn(t, m, mariaDBName(s.Name)), s) })
		}
	})
}

// TestUpsertTriggersPrepared runs a prepared INSERT … ON DUPLICATE KEY
// UPDATE over the binary protocol several times: its triggers fire once
// per row each time (the statement's plan is analyzed once and kept).
func TestUpsertTriggersPrepared(t *testing.T) {
	srv := StartServer(t)
	db := srv.DB(t)
	for _, q := range []string{
		"CREATE TABLE t (id INT PRIMARY KEY, n INT DEFAULT 0)",
		"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
		"CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au ', NEW.n))",
		"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id))",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	stmt, err := db.Prepare("INSERT INTO t (id) VALUES (?) ON DUPLICATE KEY UPDATE n = n + 1")
	if err != nil {
		t.Fatal(err)
	}
	defer stmt.Close()
	for _, id := range []int{1, 1, 1, 2} {
		if _, err := stmt.Exec(id); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := db.Query("SELECT what FROM tlog ORDER BY k")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	var got []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if want := "ai 1,au 1,au 2,ai 2"; strings.Join(got, ",") != want {
		t.Errorf("log %q, want %q", strings.Join(got, ","), want)
	}
}

// TestTriggerModeScripts runs TriggerModeScripts in-process, over the
// wire and on MariaDB.
func TestTriggerModeScripts(t *testing.T) {
	runScriptsAndMariaDB(t, TriggerModeScripts)
}
