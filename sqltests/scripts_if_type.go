package sqltests

// IfTypeScripts hold IF and IFNULL of numbers of different types, which
// MySQL answers in the type both value arguments aggregate to:
// go-mysql-server 0.20 used the first branch's type, so IF(0, 1, 2.5) was
// 3 and IF(c, u, s) of a BIGINT UNSIGNED u and a BIGINT s holding -1 was
// 18446744073709551615 (compat/if_numeric.go); and those of FLOATs, and
// YEAR arithmetic (compat/float_results.go, compat/temporal_number.go).
// TestIfTypeScripts runs them on MariaDB too, and IfTypeMySQLScripts,
// where MariaDB differs, in-process and over the wire.
var IfTypeScripts = []ScriptTest{
	{
		Name: "IF and IFNULL in the aggregate type of their branches",
		SetUpScript: []string{
			"CREATE TABLE w (id INT PRIMARY KEY, fp BIGINT UNSIGNED, s BIGINT)",
			"INSERT INTO w VALUES (1, 18446744073709551615, -1), (3, 9223372036854775808, 9223372036854775807)",
		},
		Assertions: []Assertion{
			{Query: "SELECT IF(0, 1, 2.5), IFNULL(1, 2.5), IF(0, 1, 2.5e0), IF(0, 18446744073709551615, -1), IF(NULL, 1, 2)",
				Expected: []Row{{"2.5", "1.0", 2.5, -1, 2}}},
			{Query: "SELECT id, IF(id > 2, fp, s), IF(id > 2, s, fp), IFNULL(s, fp) FROM w ORDER BY id",
				Expected: []Row{{1, -1, "18446744073709551615", -1}, {3, "9223372036854775808", 9223372036854775807, 9223372036854775807}}},
			{Query: "SELECT id FROM w WHERE IF(id > 2, fp, s) < 0", Expected: []Row{{1}}},
			{Query: "CREATE TABLE t2 AS SELECT id, IF(id > 2, fp, s) AS x FROM w"},
			{Query: "SELECT id, x FROM t2 ORDER BY id", Expected: []Row{{1, -1}, {3, "9223372036854775808"}}},
		},
	},
	{
		// Regression: each was a DOUBLE, 1.100000023841858.
		Name: "IF, IFNULL, CASE, COALESCE, GREATEST and LEAST of FLOATs are FLOAT",
		SetUpScript: []string{
			"CREATE TABLE fl (id INT PRIMARY KEY, f1 FLOAT, f2 FLOAT, t TINYINT, i INT)",
			"INSERT INTO fl VALUES (1, 1.1, 2.2, 3, 4), (2, NULL, 0.3, NULL, NULL)",
		},
		Assertions: []Assertion{
			{Query: "SELECT IF(id = 1, f1, f2), IFNULL(f1, f2), COALESCE(f1, f2), CASE WHEN id = 1 THEN f1 ELSE f2 END, GREATEST(f1, f2), LEAST(f1, f2) FROM fl ORDER BY id",
				Expected: []Row{{"1.1", "1.1", "1.1", "1.1", "2.2", "1.1"}, {"0.3", "0.3", "0.3", "0.3", nil, nil}}},
			// A TINYINT keeps FLOAT; an INT or an integer literal (a BIGINT) makes DOUBLE.
			{Query: "SELECT IF(id = 1, f1, t), IF(id = 1, f1, i), IF(id = 1, f1, 0) FROM fl WHERE id = 1",
				Expected: []Row{{"1.1", "1.100000023841858", "1.100000023841858"}}},
			{Query: "CREATE TABLE fl2 AS SELECT IF(id = 1, f1, f2) AS a, IFNULL(f1, f2) AS b, COALESCE(f1, f2) AS c, CASE WHEN id = 1 THEN f1 ELSE f2 END AS d, GREATEST(f1, f2) AS e, IF(id = 1, f1, i) AS g FROM fl"},
			{Query: "SELECT COLUMN_NAME, DATA_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'fl2' ORDER BY ORDINAL_POSITION",
				Expected: []Row{{"a", "float"}, {"b", "float"}, {"c", "float"}, {"d", "float"}, {"e", "float"}, {"g", "double"}}},
		},
	},
	{
		// Regression: y + 0 was a DOUBLE, -y error 1105 "value -2024 is not
		// a valid Year".
		Name: "YEAR arithmetic is unsigned integer arithmetic",
		SetUpScript: []string{
			"CREATE TABLE yr (id INT PRIMARY KEY, y YEAR)",
			"INSERT INTO yr VALUES (1, 2024), (2, 0)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, y + 0, y * 2, y DIV 2, y % 7, -y, y / 2, y + 0.5 FROM yr ORDER BY id",
				Expected: []Row{{1, 2024, 4048, 1012, 1, -2024, "1012.0000", "2024.5"}, {2, 0, 0, 0, 0, 0, "0.0000", "0.5"}}},
			{Query: "SELECT y - 2030 FROM yr WHERE id = 1", ExpectedErrCode: 1690, ExpectedErr: "BIGINT UNSIGNED value is out of range"},
		},
	},
}

// IfTypeMySQLScripts hold the integer type of YEAR arithmetic, which MySQL
// 8 gives the BIGINT UNSIGNED that simsql gives every unsigned integer
// arithmetic (MariaDB 10.11 sizes it: int(5) unsigned).
var IfTypeMySQLScripts = []ScriptTest{
	{
		Name: "y + 0 of a YEAR y is a BIGINT UNSIGNED",
		SetUpScript: []string{
			"CREATE TABLE yt (y YEAR)",
			"CREATE TABLE yt2 AS SELECT y + 0 AS p, -y AS n FROM yt",
		},
		Assertions: []Assertion{
			{Query: "SELECT COLUMN_NAME, COLUMN_TYPE FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'yt2' ORDER BY ORDINAL_POSITION",
				Expected: []Row{{"p", "bigint unsigned"}, {"n", "bigint"}}},
		},
	},
}
