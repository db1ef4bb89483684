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
			{Query: "SELECT column_name, extra FROM information_schema.columns WHERE table_name = 'g' ORDER BY ordinal_position", Expected: []Row{
				{"id", "auto_increment"}, {"body", ""}, {"fp", "STORED GENERATED"}, {"n", "VIRTUAL GENERATED"}, {"d", ""},
			}},
			// ALTER TABLE rewrites the metadata; Extra is derived, not stored.
			{Query: "ALTER TABLE g ADD COLUMN t VARCHAR(10)", Expected: nil},
			{Query: "ALTER TABLE g MODIFY COLUMN n INT", Expected: nil},
			{Query: "SELECT column_name, extra FROM information_schema.columns WHERE table_name = 'g' ORDER BY ordinal_position", Expected: []Row{
				{"id", "auto_increment"}, {"body", ""}, {"fp", "STORED GENERATED"}, {"n", ""}, {"d", ""}, {"t", ""},
			}},
		},
	},
}
