package sqltests

// mysqlDefaultSQLMode is MySQL 8's default sql_mode, in MySQL's order.
const mysqlDefaultSQLMode = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"

// SQLModeScripts pin sql_mode's default (MySQL 8's; go-mysql-server 0.20:
// NO_ENGINE_SUBSTITUTION,ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES) and the
// order it lists modes in (MySQL's, not alphabetical;
// compat/sql_mode.go). Not run on MariaDB, whose default differs.
var SQLModeScripts = []ScriptTest{
	{
		Name: "sql_mode is MySQL 8's by default",
		Assertions: []Assertion{
			{Query: "SELECT @@sql_mode, @@GLOBAL.sql_mode", Expected: []Row{{mysqlDefaultSQLMode, mysqlDefaultSQLMode}}},
		},
	},
}

// StrictModeScripts pin what ERROR_FOR_DIVISION_BY_ZERO, NO_ZERO_DATE and
// NO_ZERO_IN_DATE do to the values INSERT and UPDATE write, in strict
// mode (errors 1365, 1292) and out of it or with IGNORE (warnings 1365,
// 1264, 1265), and that SELECT only warns (compat/strict_modes.go;
// go-mysql-server 0.20 stored NULL for a division by zero and
// '0000-00-00' in every mode, and failed with 1105 for '2024-00-10'
// outside strict mode). TestStrictModeScripts runs them on MariaDB too,
// which also lists the modes in MySQL's order.
var StrictModeScripts = []ScriptTest{
	{
		Name:        "sql_mode lists its modes in MySQL's order",
		SetUpScript: []string{"SET sql_mode = 'NO_ENGINE_SUBSTITUTION,ERROR_FOR_DIVISION_BY_ZERO,NO_ZERO_DATE,NO_ZERO_IN_DATE,STRICT_TRANS_TABLES,ONLY_FULL_GROUP_BY'"},
		Assertions: []Assertion{
			{Query: "SELECT @@sql_mode", Expected: []Row{{mysqlDefaultSQLMode}}},
			{Query: "SET sql_mode = 'ANSI_QUOTES,PIPES_AS_CONCAT,REAL_AS_FLOAT'"},
			{Query: "SELECT @@sql_mode", Expected: []Row{{"REAL_AS_FLOAT,PIPES_AS_CONCAT,ANSI_QUOTES"}}},
		},
	},
	{
		Name: "strict mode refuses a division by zero and zero dates",
		SetUpScript: []string{
			"SET sql_mode = '" + mysqlDefaultSQLMode + "'",
			"CREATE TABLE sm (id INT PRIMARY KEY, i INT, d DATE, dt DATETIME)",
			"INSERT INTO sm (id, i) VALUES (1, 1)",
		},
		Assertions: []Assertion{
			// Each was stored as NULL with warning 1365.
			{Query: "INSERT INTO sm (id, i) VALUES (2, 1/0)", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "INSERT INTO sm (id, i) VALUES (2, MOD(5, 0))", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "INSERT INTO sm (id, i) VALUES (2, 5 DIV 0)", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "INSERT INTO sm (id, i) VALUES (2, 5 % 0)", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "INSERT INTO sm (id, i) VALUES (2, 1), (3, 2.5 / 0)", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "UPDATE sm SET i = i / 0", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "UPDATE sm SET i = i % 0 WHERE id = 1", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			{Query: "INSERT INTO sm (id, i) VALUES (1, 0) ON DUPLICATE KEY UPDATE i = 1 DIV 0", ExpectedErrCode: 1365, ExpectedErr: "Division by 0"},
			// Each was stored.
			{Query: "INSERT INTO sm (id, d) VALUES (2, '0000-00-00')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect date value: '0000-00-00' for column "},
			{Query: "INSERT INTO sm (id, dt) VALUES (2, '0000-00-00 00:00:00')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect datetime value: '0000-00-00 00:00:00' for column "},
			{Query: "INSERT INTO sm (id, d) VALUES (2, '2024-00-10')", ExpectedErrCode: 1292, ExpectedErr: "Incorrect date value: '2024-00-10' for column "},
			{Query: "UPDATE sm SET d = '0000-00-00'", ExpectedErrCode: 1292, ExpectedErr: "Incorrect date value: '0000-00-00' for column "},
			{Query: "UPDATE sm SET dt = '2024-05-00 10:00:00'", ExpectedErrCode: 1292, ExpectedErr: "Incorrect datetime value: '2024-05-00 10:00:00' for column "},
			{Query: "SELECT id, i, d, dt FROM sm", Expected: []Row{{1, 1, nil, nil}}},
			// SELECT warns; IGNORE makes the errors warnings.
			{Query: "SELECT 1/0, 5 DIV 0", Expected: []Row{{nil, nil}},
				ExpectedWarnings: []Row{{"Warning", 1365, "Division by 0"}, {"Warning", 1365, "Division by 0"}}},
			{Query: "INSERT IGNORE INTO sm (id, i) VALUES (2, 1/0)", ExpectedWarnings: []Row{{"Warning", 1365, "Division by 0"}}},
			{Query: "INSERT IGNORE INTO sm (id, d) VALUES (3, '0000-00-00')", ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 1"}}},
			{Query: "INSERT IGNORE INTO sm (id, d) VALUES (4, '2024-01-00')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}}},
			{Query: "UPDATE IGNORE sm SET i = 1 % 0 WHERE id = 1", ExpectedWarnings: []Row{{"Warning", 1365, "Division by 0"}}},
			{Query: "SELECT id, i, CAST(d AS CHAR) FROM sm ORDER BY id", Expected: []Row{{1, nil, nil}, {2, nil, nil}, {3, nil, "0000-00-00"}, {4, nil, "0000-00-00"}}},
			// A date that is not zero, and a time of day on the zero date.
			{Query: "INSERT INTO sm (id, d, dt) VALUES (5, '2024-02-10', '2024-02-10 00:00:00')"},
			{Query: "SELECT CAST(d AS CHAR), CAST(dt AS CHAR) FROM sm WHERE id = 5", Expected: []Row{{"2024-02-10", "2024-02-10 00:00:00"}}},
		},
	},
	{
		Name: "outside strict mode the modes warn",
		SetUpScript: []string{
			"CREATE TABLE sw (id INT PRIMARY KEY, i INT, d DATE)",
		},
		Assertions: []Assertion{
			{Query: "SET sql_mode = 'ERROR_FOR_DIVISION_BY_ZERO'"},
			{Query: "INSERT INTO sw (id, i) VALUES (1, 1/0)", ExpectedWarnings: []Row{{"Warning", 1365, "Division by 0"}}},
			{Query: "INSERT INTO sw (id, d) VALUES (2, '0000-00-00')", ExpectedWarnings: []Row{}},
			{Query: "SET sql_mode = 'NO_ZERO_DATE'"},
			{Query: "INSERT INTO sw (id, d) VALUES (3, '0000-00-00')", ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 1"}}},
			{Query: "SET sql_mode = 'NO_ZERO_IN_DATE'"},
			// Was 1105 "Incorrect datetime value: '2024-00-10'".
			{Query: "INSERT INTO sw (id, d) VALUES (4, '2024-00-10')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}}},
			{Query: "SELECT id, i, CAST(d AS CHAR) FROM sw ORDER BY id", Expected: []Row{{1, nil, nil}, {2, nil, "0000-00-00"}, {3, nil, "0000-00-00"}, {4, nil, "0000-00-00"}}},
		},
	},
}
