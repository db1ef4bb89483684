package sqltests

// RowDefaultScripts hold expression defaults that read other columns to
// the values MySQL 8 stores for them on every INSERT path, and the number
// of values of a row to MySQL's error 1136 (dflt11). Regressions
// (catalog/compat_row_defaults.go): `INSERT INTO t VALUES ()`, `VALUES
// (…, DEFAULT)`, INSERT … SET c = DEFAULT and REPLACE stored NULL for `d
// INT DEFAULT (a+1)`; a default reading a later column, or any such
// default in a table with a generated column, was error 1105 "unable to
// find field with index 4 in row of 2 columns". Regressions
// (catalog/generated_insert.go): a wrong number of values into a table
// with a generated column was error 3105, and a () beside rows of values
// was filled with defaults. TestRowDefaultScripts runs them on MariaDB
// too.
var RowDefaultScripts = []ScriptTest{
	{
		Name: "expression defaults read the row's values",
		SetUpScript: []string{
			"CREATE TABLE t (x INT, a INT DEFAULT 1, d INT DEFAULT (a+1), c VARCHAR(20) DEFAULT (CONCAT(a,'x')), f VARCHAR(10) DEFAULT (CONCAT(z,'_f')), z VARCHAR(10) DEFAULT 'z')",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO t VALUES ()"},
			{Query: "INSERT INTO t () VALUES (), ()"},
			{Query: "INSERT INTO t VALUES (1, 5, DEFAULT, DEFAULT, DEFAULT, DEFAULT)"},
			// Rows with DEFAULT and rows with values for the same column.
			{Query: "INSERT INTO t VALUES (2, 6, DEFAULT, 'lit', DEFAULT, DEFAULT), (3, 7, 70, DEFAULT, 'ff', 'w')"},
			{Query: "INSERT INTO t SET x = 4, a = 11, d = DEFAULT"},
			{Query: "REPLACE INTO t VALUES (5, 14, DEFAULT, DEFAULT, DEFAULT, DEFAULT)"},
			// A listed column given DEFAULT, the one it reads left out.
			{Query: "INSERT INTO t (x, d) VALUES (6, DEFAULT)"},
			// A text value is the column's number for the default.
			{Query: "INSERT INTO t (x, a, d) VALUES (7, '15', DEFAULT)"},
			// Not regressions: the columns left out.
			{Query: "INSERT INTO t (a, x) VALUES (9, 8)"},
			{Query: "INSERT INTO t (a, x) SELECT 13, 9"},
			{Query: "SELECT x, a, d, c, f, z FROM t ORDER BY x, a", Expected: []Row{
				{nil, 1, 2, "1x", "z_f", "z"}, {nil, 1, 2, "1x", "z_f", "z"}, {nil, 1, 2, "1x", "z_f", "z"},
				{1, 5, 6, "5x", "z_f", "z"}, {2, 6, 7, "lit", "z_f", "z"}, {3, 7, 70, "7x", "ff", "w"},
				{4, 11, 12, "11x", "z_f", "z"}, {5, 14, 15, "14x", "z_f", "z"}, {6, 1, 2, "1x", "z_f", "z"},
				{7, 15, 16, "15x", "z_f", "z"}, {8, 9, 10, "9x", "z_f", "z"}, {9, 13, 14, "13x", "z_f", "z"}}},
		},
	},
	{
		Name: "expression defaults beside STORED and VIRTUAL generated columns",
		SetUpScript: []string{
			"CREATE TABLE g (id INT PRIMARY KEY AUTO_INCREMENT, a INT DEFAULT 1, d INT DEFAULT (a+1), v INT AS (a*10) VIRTUAL, s INT AS (d*2) STORED, u VARCHAR(40) DEFAULT (UUID()), n DATETIME DEFAULT (NOW()))",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO g VALUES ()"},
			{Query: "INSERT INTO g (a) VALUES (3)"},
			{Query: "INSERT INTO g VALUES (DEFAULT, 4, DEFAULT, DEFAULT, DEFAULT, DEFAULT, DEFAULT)"},
			{Query: "INSERT INTO g (a, d) VALUES (5, DEFAULT), (6, 60)"},
			{Query: "INSERT INTO g () VALUES (), ()"},
			{Query: "INSERT INTO g (id, a) VALUES (4, 0) ON DUPLICATE KEY UPDATE d = DEFAULT"},
			{Query: "INSERT INTO g (id, a, d) VALUES (8, 7, DEFAULT) ON DUPLICATE KEY UPDATE a = 70"},
			{Query: "SELECT id, a, d, v, s, LENGTH(u), n IS NOT NULL FROM g ORDER BY id", Expected: []Row{
				{1, 1, 2, 10, 4, 36, 1}, {2, 3, 4, 30, 8, 36, 1}, {3, 4, 5, 40, 10, 36, 1}, {4, 5, 6, 50, 12, 36, 1},
				{5, 6, 60, 60, 120, 36, 1}, {6, 1, 2, 10, 4, 36, 1}, {7, 1, 2, 10, 4, 36, 1}, {8, 7, 8, 70, 16, 36, 1}}},
		},
	},
	{
		Name: "a prepared INSERT with DEFAULT reads each execution's values",
		SetUpScript: []string{
			"CREATE TABLE p (id INT PRIMARY KEY, a INT, d INT DEFAULT (a*2), s INT AS (d+1) STORED)",
			"PREPARE ins FROM 'INSERT INTO p VALUES (?, ?, DEFAULT, DEFAULT)'",
		},
		Assertions: []Assertion{
			{Query: "SET @i = 1, @a = 30"},
			{Query: "EXECUTE ins USING @i, @a"},
			{Query: "SET @i = 2, @a = 31"},
			{Query: "EXECUTE ins USING @i, @a"},
			{Query: "SELECT id, a, d, s FROM p ORDER BY id", Expected: []Row{{1, 30, 60, 61}, {2, 31, 62, 63}}},
		},
	},
	{
		// Error 1136 (the row it names is mysqlerr's, TestMySQLErrorNumbers).
		Name: "a wrong number of values: error 1136",
		SetUpScript: []string{
			"CREATE TABLE g (a INT, b INT, s INT AS (a*2) STORED)",
			"CREATE TABLE p (a INT, b INT)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO g VALUES (1)", ExpectedErrCode: 1136},
			// The table's ordinary columns are not its columns.
			{Query: "INSERT INTO g VALUES (1, 2)", ExpectedErrCode: 1136},
			{Query: "INSERT INTO g VALUES (1, 2, 3, 4)", ExpectedErrCode: 1136},
			{Query: "INSERT INTO g VALUES (1, 2, DEFAULT), (3)", ExpectedErrCode: 1136},
			{Query: "REPLACE INTO g VALUES (1)", ExpectedErrCode: 1136},
			{Query: "INSERT INTO g SELECT 1", ExpectedErrCode: 1136},
			{Query: "INSERT INTO g SELECT 1, 2", ExpectedErrCode: 1136},
			{Query: "INSERT INTO g SELECT 1, 2 UNION ALL SELECT 3, 4", ExpectedErrCode: 1136},
			{Query: "INSERT INTO g (a, s) VALUES (1)", ExpectedErrCode: 1136},
			// A () beside rows of values.
			{Query: "INSERT INTO g VALUES (1, 2, DEFAULT), ()", ExpectedErrCode: 1136},
			{Query: "INSERT INTO p VALUES (1, 2), ()", ExpectedErrCode: 1136},
			{Query: "INSERT INTO p VALUES (), (1, 2)", ExpectedErrCode: 1136},
			{Query: "INSERT INTO p (a) VALUES (5), ()", ExpectedErrCode: 1136},
			{Query: "SELECT COUNT(*) FROM g", Expected: []Row{{0}}},
			{Query: "SELECT COUNT(*) FROM p", Expected: []Row{{0}}},
			// Not regressions: rows of defaults, the right number.
			{Query: "INSERT INTO p VALUES (), ()"},
			{Query: "INSERT INTO g VALUES (1, 2, DEFAULT)"},
			{Query: "SELECT (SELECT COUNT(*) FROM p), (SELECT s FROM g)", Expected: []Row{{2, 2}}},
		},
	},
	{
		// Regression: go-mysql-server's conversion of the default to the
		// column's type refused it in every mode ("Out of range value
		// 2147483648 for int", "incompatible type for default value").
		Name: "a DEFAULT beyond its column is checked as a value is",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, a INT, d INT DEFAULT (a+1))",
			"CREATE TABLE u (a VARCHAR(3) DEFAULT 'abc', d VARCHAR(2) DEFAULT (CONCAT(a, 'zz')))",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO t VALUES (1, 2147483647, DEFAULT)", ExpectedErrCode: 1264},
			{Query: "INSERT IGNORE INTO t VALUES (2, 2147483647, DEFAULT)",
				ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 1"}}},
			// A column left out (catalog/compat_row_defaults.go listDefaults).
			{Query: "INSERT INTO t (id, a) VALUES (3, 2147483647)", ExpectedErrCode: 1264},
			{Query: "INSERT IGNORE INTO t (id, a) VALUES (4, 2147483647)",
				ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'd' at row 1"}}},
			{Query: "SELECT id, a, d FROM t ORDER BY id", Expected: []Row{{2, 2147483647, 2147483647}, {4, 2147483647, 2147483647}}},
			{Query: "INSERT INTO u VALUES ()", ExpectedErrCode: 1406},
			{Query: "INSERT IGNORE INTO u VALUES ('x', DEFAULT), (DEFAULT, DEFAULT)",
				ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}, {"Warning", 1265, "Data truncated for column 'd' at row 2"}}},
			{Query: "INSERT IGNORE INTO u (a) VALUES ('y')",
				ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'd' at row 1"}}},
			{Query: "SELECT a, d FROM u ORDER BY a", Expected: []Row{{"abc", "ab"}, {"x", "xz"}, {"y", "yz"}}},
		},
	},
}

// RowDefaultMySQLScripts are RowDefaultScripts whose answers are MySQL 8's,
// which MariaDB 10.11 does not give: MariaDB evaluates a DEFAULT of a
// VALUES row when it reaches the column, so a default reading a later
// column sees that column's default, not the row's value (MySQL's
// fill_record evaluates the expression defaults after the row's values);
// and in strict mode MariaDB refuses a value for a generated column with
// 1906, MySQL with 3105.
var RowDefaultMySQLScripts = []ScriptTest{
	{
		Name: "a DEFAULT reads a later column's value",
		SetUpScript: []string{
			"CREATE TABLE t (x INT, f VARCHAR(10) DEFAULT (CONCAT(z,'_f')), z VARCHAR(10) DEFAULT 'z')",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO t VALUES (1, DEFAULT, 'q'), (2, DEFAULT, DEFAULT)"},
			{Query: "SELECT x, f, z FROM t ORDER BY x", Expected: []Row{{1, "q_f", "q"}, {2, "z_f", "z"}}},
		},
	},
	{
		// Not a regression: that the count's fix keeps MySQL's 3105.
		Name: "a value for a generated column: error 3105",
		SetUpScript: []string{
			"CREATE TABLE g (a INT, b INT, s INT AS (a*2) STORED)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO g VALUES (1, 2, 3)", ExpectedErrCode: 3105},
			{Query: "INSERT INTO g SELECT 1, 2, 3", ExpectedErrCode: 3105},
			{Query: "INSERT INTO g (a, s) VALUES (1, 2)", ExpectedErrCode: 3105},
		},
	},
}
