package sqltests

// upsertTriggerSetUp creates table t with a stored generated column and a
// log tlog that each of t's six triggers writes a line to: the event, the
// OLD and NEW values it sees. The BEFORE INSERT and BEFORE UPDATE triggers
// also change body, so that the log shows which row each later trigger
// and the generated column fp saw.
var upsertTriggerSetUp = []string{
	"CREATE TABLE t (id INT PRIMARY KEY, body VARCHAR(100), n INT DEFAULT 0, fp VARCHAR(200) AS (CONCAT('fp:', body)) STORED)",
	"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
	"CREATE TRIGGER t_bi BEFORE INSERT ON t FOR EACH ROW BEGIN SET NEW.body = CONCAT(NEW.body, '+bi'); INSERT INTO tlog (what) VALUES (CONCAT('bi ', NEW.id, ' ', NEW.body, ' ', IFNULL(NEW.fp, 'null'))); END",
	"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id, ' ', NEW.body, ' ', NEW.fp))",
	"CREATE TRIGGER t_bu BEFORE UPDATE ON t FOR EACH ROW BEGIN SET NEW.body = CONCAT(NEW.body, '+bu'); INSERT INTO tlog (what) VALUES (CONCAT('bu ', OLD.id, ' ', OLD.body, ' ', OLD.fp, ' -> ', NEW.id, ' ', NEW.body, ' ', IFNULL(NEW.fp, 'null'), ' n=', NEW.n)); END",
	"CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au ', OLD.id, ' ', OLD.body, ' ', OLD.fp, ' -> ', NEW.id, ' ', NEW.body, ' ', NEW.fp, ' n=', NEW.n))",
	"CREATE TRIGGER t_bd BEFORE DELETE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('bd ', OLD.id, ' ', OLD.body, ' ', OLD.fp))",
	"CREATE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ad ', OLD.id, ' ', OLD.body, ' ', OLD.fp))",
	"INSERT INTO t (id, body) VALUES (1, 'a')",
	"DELETE FROM tlog",
}

// UpsertTriggerScripts hold the triggers INSERT … ON DUPLICATE KEY UPDATE
// and REPLACE fire, in MySQL's order with MySQL's OLD and NEW rows, and the
// stored generated columns they leave (issue 11 items 4 and 5). Every
// expected log was read from MariaDB 10.11 running the same statements, and
// the scripts run on MariaDB too. Regressions (go-mysql-server 0.20,
// catalog/compat_upsert_triggers.go): the update path of ON DUPLICATE KEY
// UPDATE fired AFTER INSERT with the old row's values and no UPDATE
// trigger; REPLACE fired no DELETE trigger and AFTER INSERT with the
// deleted row's values (or NULLs); a statement meeting the same key twice
// lost one update.
var UpsertTriggerScripts = []ScriptTest{
	{
		Name:        "ON DUPLICATE KEY UPDATE fires BEFORE INSERT, BEFORE UPDATE and AFTER UPDATE on a duplicate",
		SetUpScript: upsertTriggerSetUp,
		Assertions: []Assertion{
			{Query: "INSERT INTO t (id, body) VALUES (1, 'b'), (2, 'c') ON DUPLICATE KEY UPDATE body = VALUES(body), n = n + 1"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{
				// VALUES(body) is the row after BEFORE INSERT; BEFORE UPDATE sees
				// fp computed from the row after the SET, AFTER UPDATE from the
				// row after BEFORE UPDATE; no AFTER INSERT for the updated row.
				{"bi 1 b+bi fp:b"},
				{"bu 1 a+bi fp:a+bi -> 1 b+bi+bu fp:b+bi n=1"},
				{"au 1 a+bi fp:a+bi -> 1 b+bi+bu fp:b+bi+bu n=1"},
				{"bi 2 c+bi fp:c"},
				{"ai 2 c+bi fp:c+bi"},
			}},
			{Query: "SELECT id, body, n, fp FROM t ORDER BY id", Expected: []Row{{1, "b+bi+bu", 1, "fp:b+bi+bu"}, {2, "c+bi", 0, "fp:c+bi"}}},
			{Query: "SELECT id FROM t WHERE fp = 'fp:b+bi+bu'", Expected: []Row{{1}}},
		},
	},
	{
		Name:        "ON DUPLICATE KEY UPDATE fires the UPDATE triggers when nothing changes and when the key moves",
		SetUpScript: upsertTriggerSetUp,
		Assertions: []Assertion{
			{Query: "INSERT INTO t (id, body) VALUES (1, 'x') ON DUPLICATE KEY UPDATE n = n"},
			{Query: "INSERT INTO t (id, body) VALUES (1, 'y') ON DUPLICATE KEY UPDATE id = 5"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{
				{"bi 1 x+bi fp:x"},
				{"bu 1 a+bi fp:a+bi -> 1 a+bi+bu fp:a+bi n=0"},
				{"au 1 a+bi fp:a+bi -> 1 a+bi+bu fp:a+bi+bu n=0"},
				{"bi 1 y+bi fp:y"},
				{"bu 1 a+bi+bu fp:a+bi+bu -> 5 a+bi+bu+bu fp:a+bi+bu n=0"},
				{"au 1 a+bi+bu fp:a+bi+bu -> 5 a+bi+bu+bu fp:a+bi+bu+bu n=0"},
			}},
			{Query: "SELECT id, body, fp FROM t", Expected: []Row{{5, "a+bi+bu+bu", "fp:a+bi+bu+bu"}}},
		},
	},
	{
		// Regression (go-mysql-server 0.20, catalog/compat_trigger_bodies.go):
		// the AFTER trigger was also wrapped around the INSERT in the
		// BEFORE trigger's body: "unable to find field with index 3 in row
		// of 2 columns".
		Name:        "an UPDATE whose BEFORE trigger writes a log, with an AFTER trigger",
		SetUpScript: upsertTriggerSetUp,
		Assertions: []Assertion{
			{Query: "UPDATE t SET body = 'q'"},
			{Query: "DELETE FROM t"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{
				{"bu 1 a+bi fp:a+bi -> 1 q+bu fp:q n=0"},
				{"au 1 a+bi fp:a+bi -> 1 q+bu fp:q+bu n=0"},
				{"bd 1 q+bu fp:q+bu"},
				{"ad 1 q+bu fp:q+bu"},
			}},
		},
	},
	{
		Name:        "REPLACE fires BEFORE and AFTER DELETE for each row it deletes, then AFTER INSERT with the new row",
		SetUpScript: upsertTriggerSetUp,
		Assertions: []Assertion{
			{Query: "REPLACE INTO t (id, body) VALUES (1, 'r'), (3, 's')"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{
				{"bi 1 r+bi fp:r"},
				{"bd 1 a+bi fp:a+bi"},
				{"ad 1 a+bi fp:a+bi"},
				{"ai 1 r+bi fp:r+bi"},
				{"bi 3 s+bi fp:s"},
				{"ai 3 s+bi fp:s+bi"},
			}},
			{Query: "SELECT id, body, fp FROM t ORDER BY id", Expected: []Row{{1, "r+bi", "fp:r+bi"}, {3, "s+bi", "fp:s+bi"}}},
		},
	},
	{
		Name: "REPLACE deleting two rows fires the DELETE triggers for each, in key order",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, u INT UNIQUE, body VARCHAR(100))",
			"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
			"CREATE TRIGGER t_bd BEFORE DELETE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('bd ', OLD.id, ' ', OLD.body))",
			"CREATE TRIGGER t_ad AFTER DELETE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ad ', OLD.id, ' ', OLD.body))",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id, ' ', NEW.body))",
			"INSERT INTO t VALUES (5, 10, 'a'), (2, 20, 'b')",
			"DELETE FROM tlog",
		},
		Assertions: []Assertion{
			// (5, 20) meets id 5 (the primary key first), then u 20.
			{Query: "REPLACE INTO t VALUES (5, 20, 'r')"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{{"bd 5 a"}, {"ad 5 a"}, {"bd 2 b"}, {"ad 2 b"}, {"ai 5 r"}}},
			{Query: "SELECT id, u, body FROM t", Expected: []Row{{5, 20, "r"}}},
		},
	},
	{
		Name: "INSERT IGNORE … ON DUPLICATE KEY UPDATE whose update fails fires BEFORE UPDATE only",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, u INT UNIQUE, body VARCHAR(100))",
			"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
			"CREATE TRIGGER t_bu BEFORE UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('bu ', OLD.id, ' -> ', NEW.id, ' ', NEW.u))",
			"CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au ', OLD.id, ' -> ', NEW.id, ' ', NEW.u))",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id))",
			"INSERT INTO t VALUES (1, 10, 'a'), (3, 30, 'c')",
			"DELETE FROM tlog",
		},
		Assertions: []Assertion{
			{Query: "INSERT IGNORE INTO t VALUES (3, 31, 'd') ON DUPLICATE KEY UPDATE u = 10"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{{"bu 3 -> 3 10"}}},
			{Query: "SELECT id, u FROM t ORDER BY id", Expected: []Row{{1, 10}, {3, 30}}},
			// Without IGNORE the statement fails and leaves nothing.
			{Query: "INSERT INTO t VALUES (3, 31, 'd') ON DUPLICATE KEY UPDATE u = 10", ExpectedErr: "for key"},
			{Query: "SELECT COUNT(*) FROM tlog", Expected: []Row{{1}}},
		},
	},
	{
		Name: "several triggers of one event and time fire in the order they were created",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, body VARCHAR(100))",
			"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
			"CREATE TRIGGER t_bu1 BEFORE UPDATE ON t FOR EACH ROW SET NEW.body = CONCAT(NEW.body, '1')",
			"CREATE TRIGGER t_bu2 BEFORE UPDATE ON t FOR EACH ROW SET NEW.body = CONCAT(NEW.body, '2')",
			"CREATE TRIGGER t_au1 AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au1 ', NEW.body))",
			"CREATE TRIGGER t_au2 AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au2 ', NEW.body))",
			"CREATE TRIGGER t_ai1 AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai1 ', NEW.body))",
			"CREATE TRIGGER t_ai2 AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai2 ', NEW.body))",
			"INSERT INTO t VALUES (1, 'a')",
			"DELETE FROM tlog",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO t VALUES (1, 'x'), (2, 'y') ON DUPLICATE KEY UPDATE body = 'u'"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{{"au1 u12"}, {"au2 u12"}, {"ai1 y"}, {"ai2 y"}}},
			{Query: "SELECT id, body FROM t ORDER BY id", Expected: []Row{{1, "u12"}, {2, "y"}}},
		},
	},
	{
		// Regression: the statement's inserts and updates went through two
		// editors, so the second update of a key read the stored row and
		// one write was lost (n = 1, u 1's row 11).
		Name: "ON DUPLICATE KEY UPDATE meeting one key several times applies every update",
		SetUpScript: []string{
			"CREATE TABLE t3 (id INT PRIMARY KEY, n INT, u INT, UNIQUE KEY (u))",
			"INSERT INTO t3 VALUES (1, 0, 1)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO t3 VALUES (1, 0, 1), (1, 0, 1), (2, 0, 2), (2, 0, 2), (2, 0, 2) ON DUPLICATE KEY UPDATE n = n + 1"},
			{Query: "SELECT id, n, u FROM t3 ORDER BY id", Expected: []Row{{1, 2, 1}, {2, 2, 2}}},
			{Query: "INSERT INTO t3 VALUES (4, 0, 1) ON DUPLICATE KEY UPDATE n = n + 10"},
			{Query: "SELECT id, n, u FROM t3 ORDER BY id", Expected: []Row{{1, 12, 1}, {2, 2, 2}}},
		},
	},
	{
		Name: "a prepared ON DUPLICATE KEY UPDATE fires its triggers once per execution",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, n INT DEFAULT 0)",
			"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
			"CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au ', NEW.n))",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.id))",
			"PREPARE s FROM 'INSERT INTO t (id) VALUES (?) ON DUPLICATE KEY UPDATE n = n + 1'",
		},
		Assertions: []Assertion{
			{Query: "SET @i = 1"},
			{Query: "EXECUTE s USING @i"},
			{Query: "EXECUTE s USING @i"},
			{Query: "EXECUTE s USING @i"},
			{Query: "SET @i = 2"},
			{Query: "EXECUTE s USING @i"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{{"ai 1"}, {"au 1"}, {"au 2"}, {"ai 2"}}},
			{Query: "SELECT id, n FROM t ORDER BY id", Expected: []Row{{1, 2}, {2, 0}}},
		},
	},
	{
		Name: "INSERT … SELECT … ON DUPLICATE KEY UPDATE fires the UPDATE triggers",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, body VARCHAR(100))",
			"CREATE TABLE src (id INT PRIMARY KEY, body VARCHAR(100))",
			"CREATE TABLE tlog (k INT AUTO_INCREMENT PRIMARY KEY, what VARCHAR(200))",
			"CREATE TRIGGER t_au AFTER UPDATE ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('au ', OLD.body, ' -> ', NEW.body))",
			"CREATE TRIGGER t_ai AFTER INSERT ON t FOR EACH ROW INSERT INTO tlog (what) VALUES (CONCAT('ai ', NEW.body))",
			"INSERT INTO t VALUES (1, 'a')",
			"INSERT INTO src VALUES (1, 'b'), (2, 'c')",
			"DELETE FROM tlog",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO t SELECT id, body FROM src ORDER BY id ON DUPLICATE KEY UPDATE body = CONCAT(t.body, src.body)"},
			{Query: "SELECT what FROM tlog ORDER BY k", Expected: []Row{{"au a -> ab"}, {"ai c"}}},
		},
	},
}

// TriggerModeScripts pin the sql_mode a trigger runs with.
var TriggerModeScripts = []ScriptTest{
	{
		// Regression: the strict trigger stored 'too' with a warning when
		// fired outside strict mode, and the loose one refused the UPDATE
		// with 1406 in strict mode (compat/trigger_sql_mode.go).
		Name: "a trigger runs with the sql_mode it was created with",
		SetUpScript: []string{
			"CREATE TABLE tmd (id INT PRIMARY KEY, v VARCHAR(10))",
			"CREATE TABLE tmau (id INT, s VARCHAR(3))",
			"SET sql_mode = 'STRICT_TRANS_TABLES'",
			"CREATE TRIGGER tm_strict AFTER INSERT ON tmd FOR EACH ROW INSERT INTO tmau VALUES (NEW.id, NEW.v)",
			"SET sql_mode = ''",
			"CREATE TRIGGER tm_loose AFTER UPDATE ON tmd FOR EACH ROW INSERT INTO tmau VALUES (NEW.id, NEW.v)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO tmd VALUES (1, 'toolong')", ExpectedErr: "Data too long for column 's'", ExpectedErrCode: 1406},
			{Query: "SET sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "INSERT INTO tmd VALUES (2, 'ok')"},
			{Query: "UPDATE tmd SET v = 'toolong2' WHERE id = 2"},
			{Query: "SELECT id, s FROM tmau ORDER BY s", Expected: []Row{{2, "ok"}, {2, "too"}}},
			// The statement's own mode is the session's: strict.
			{Query: "UPDATE tmd SET v = 'longer than ten' WHERE id = 2", ExpectedErrCode: 1406},
		},
	},
}
