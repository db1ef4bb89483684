package sqltests

// ClientScripts are SQL script tests of what real clients (dump tools, JDBC,
// ODBC, drivers; see clients_test.go) read from simsql's metadata, each a
// regression test of something a client found.
var ClientScripts = []ScriptTest{
	{
		// Regression: go-mysql-server left Extra empty for generated
		// columns, so JDBC's IS_GENERATEDCOLUMN said NO and dump tools put
		// the column's values in their INSERTs.
		Name: "generated columns in SHOW COLUMNS and information_schema",
		SetUpScript: []string{
			"CREATE TABLE g (id INT PRIMARY KEY AUTO_INCREMENT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, " +
				"n INT AS (id * 2) VIRTUAL, d INT DEFAULT 3)",
		},
		Assertions: []Assertion{
			{Query: "SHOW COLUMNS FROM g", Expected: []Row{
				{"id", "int", "NO", "PRI", nil, "auto_increment"},
				{"body", "text", "YES", "", nil, ""},
				{"fp", "bigint unsigned", "YES", "", nil, "STORED GENERATED"},
				{"n", "int", "YES", "", nil, "VIRTUAL GENERATED"},
				{"d", "int", "YES", "", "3", ""},
			}},
			{Query: "SELECT column_name, extra FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'g' ORDER BY ordinal_position", Expected: []Row{
				{"id", "auto_increment"}, {"body", ""}, {"fp", "STORED GENERATED"}, {"n", "VIRTUAL GENERATED"}, {"d", ""},
			}},
			// Regression: GENERATION_EXPRESSION was '' for the generated
			// columns too (catalog/compat_generation_expression.go); MySQL 8
			// shows the expression as SHOW CREATE TABLE prints it, '' (not
			// MariaDB's NULL) for other columns.
			{Query: "SELECT column_name, generation_expression FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'g' ORDER BY ordinal_position", Expected: []Row{
				{"id", ""}, {"body", ""}, {"fp", "simhash(`body`)"}, {"n", "(`id` * 2)"}, {"d", ""},
			}},
			// ALTER TABLE rewrites the metadata; Extra is derived, not stored.
			{Query: "ALTER TABLE g ADD COLUMN t VARCHAR(10)", Expected: nil},
			{Query: "ALTER TABLE g MODIFY COLUMN n INT", Expected: nil},
			{Query: "SELECT column_name, extra FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'g' ORDER BY ordinal_position", Expected: []Row{
				{"id", "auto_increment"}, {"body", ""}, {"fp", "STORED GENERATED"}, {"n", ""}, {"d", ""}, {"t", ""},
			}},
			{Query: "SELECT column_name, generation_expression FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'g' AND generation_expression <> '' ORDER BY ordinal_position", Expected: []Row{
				{"fp", "simhash(`body`)"},
			}},
		},
	},
	{
		Name: "values for generated columns in strict mode",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO d VALUES (1, 'alpha beta', 5)", ExpectedErr: `The value specified for generated column`},
			{Query: "INSERT INTO d (id, body, fp) VALUES (1, 'alpha beta', 5)", ExpectedErr: `The value specified for generated column`},
			{Query: "SELECT COUNT(*) FROM d", Expected: []Row{{0}}},
		},
	},
	{
		// Regression: mariadb-dump writes generated columns' values into
		// its INSERTs under SQL_MODE='NO_AUTO_VALUE_ON_ZERO', and its dumps
		// could not be restored. MariaDB ignores such values outside strict
		// mode (warning 1906); in strict mode they stay an error (above).
		Name: "values for generated columns outside strict mode",
		SetUpScript: []string{
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, KEY fp_k3 (fp) COMMENT 'simhash k=3')",
			"SET SESSION sql_mode = 'NO_AUTO_VALUE_ON_ZERO'",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO d VALUES (1, 'alpha beta', 5), (2, '相似文档检测', DEFAULT)", Expected: nil, ExpectedWarnings: []Row{{"Warning", 1906, "The value specified for generated column 'fp' in table 'd' has been ignored"}}},
			{Query: "INSERT INTO d (fp, id, body) VALUES (0, 3, 'gamma delta')", Expected: nil},
			{Query: "REPLACE INTO d VALUES (3, 'gamma delta epsilon', 7)", Expected: nil},
			{Query: "SELECT id, fp = simhash(body) FROM d ORDER BY id", Expected: []Row{{1, 1}, {2, 1}, {3, 1}}},
			{Query: "SELECT id FROM d WHERE hamming(fp, simhash('相似文档检测')) <= 3", Expected: []Row{{2}}},
		},
	},
	{
		// Regression: reading a view marked the query as DDL, which
		// committed the open transaction: a ROLLBACK after a SELECT from a
		// view kept the writes, and savepoints vanished (mariadb-dump
		// --single-transaction: "SAVEPOINT sp does not exist").
		Name: "reading a view inside a transaction",
		SetUpScript: []string{
			"CREATE TABLE vt (id INT PRIMARY KEY, body TEXT)",
			"INSERT INTO vt VALUES (1, 'one')",
			"CREATE VIEW vv AS SELECT id, body FROM vt",
		},
		Assertions: []Assertion{
			{Query: "BEGIN", Expected: nil},
			{Query: "INSERT INTO vt VALUES (2, 'two')", Expected: nil},
			{Query: "SAVEPOINT sp", Expected: nil},
			{Query: "SELECT COUNT(*) FROM vv", Expected: []Row{{2}}},
			{Query: "SHOW FIELDS FROM vv", Expected: []Row{{"id", "int", "NO", "", nil, ""}, {"body", "text", "YES", "", nil, ""}}},
			{Query: "INSERT INTO vt SELECT id + 10, body FROM vv", Expected: nil},
			{Query: "ROLLBACK TO SAVEPOINT sp", Expected: nil},
			{Query: "SELECT id FROM vv ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "ROLLBACK", Expected: nil},
			{Query: "SELECT id FROM vt", Expected: []Row{{1}}},
			// DDL still commits, as in MySQL.
			{Query: "BEGIN", Expected: nil},
			{Query: "INSERT INTO vt VALUES (3, 'three')", Expected: nil},
			{Query: "CREATE VIEW vw AS SELECT id FROM vv", Expected: nil},
			{Query: "ROLLBACK", Expected: nil},
			{Query: "SELECT id FROM vw ORDER BY id", Expected: []Row{{1}, {3}}},
		},
	},
}
