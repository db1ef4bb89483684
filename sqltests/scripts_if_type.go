package sqltests

// IfTypeScripts hold IF and IFNULL of numbers of different types, which
// MySQL answers in the type both value arguments aggregate to:
// go-mysql-server 0.20 used the first branch's type, so IF(0, 1, 2.5) was
// 3 and IF(c, u, s) of a BIGINT UNSIGNED u and a BIGINT s holding -1 was
// 18446744073709551615 (compat/if_numeric.go). TestIfTypeScripts runs them
// on MariaDB too.
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
}
