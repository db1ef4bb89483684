package sqltests

// SystemVariableScripts set the 64-bit system variables as MySQL 8 does.
// go-mysql-server 0.20 read group_concat_max_len as an int, so the "no
// limit" value 18446744073709551615 made every GROUP_CONCAT fail with 1105
// "slice bounds out of range [:-1]", and a result cut at the limit gave
// no warning 1260 (compat/group_concat_limit.go); sql_select_limit was
// signed, so its own maximum 18446744073709551615 made every SELECT fail
// with 1105 "Invalid syntax: negative limit" (compat/select_limit.go).
// TestSystemVariableScripts runs them on MariaDB too.
var SystemVariableScripts = []ScriptTest{
	{
		Name: "group_concat_max_len: 64-bit limits and warning 1260",
		SetUpScript: []string{
			"CREATE TABLE gc (id INT PRIMARY KEY, s VARCHAR(100))",
			"INSERT INTO gc VALUES (1, REPEAT('x', 100)), (2, REPEAT('y', 100))",
		},
		Assertions: []Assertion{
			{Query: "SET SESSION group_concat_max_len = 50"},
			// The row named is the one whose value went past the limit.
			{Query: "SELECT LENGTH(GROUP_CONCAT(s)) FROM gc", Expected: []Row{{50}},
				ExpectedWarnings: []Row{{"Warning", 1260, "Row 1 was cut by GROUP_CONCAT()"}}},
			{Query: "SELECT id, LENGTH(GROUP_CONCAT(s)) FROM gc GROUP BY id ORDER BY id", Expected: []Row{{1, 50}, {2, 50}},
				ExpectedWarnings: []Row{{"Warning", 1260, "Row 1 was cut by GROUP_CONCAT()"}, {"Warning", 1260, "Row 2 was cut by GROUP_CONCAT()"}}},
			{Query: "SET SESSION group_concat_max_len = 201"},
			{Query: "SELECT LENGTH(GROUP_CONCAT(s)) FROM gc", Expected: []Row{{201}}, ExpectedWarnings: []Row{}},
			{Query: "SET SESSION group_concat_max_len = 200"},
			{Query: "SELECT LENGTH(GROUP_CONCAT(s)) FROM gc", Expected: []Row{{200}},
				ExpectedWarnings: []Row{{"Warning", 1260, "Row 2 was cut by GROUP_CONCAT()"}}},
			{Query: "SET SESSION group_concat_max_len = 18446744073709551615"},
			{Query: "SELECT LENGTH(GROUP_CONCAT(s)) FROM gc", Expected: []Row{{201}}, ExpectedWarnings: []Row{}},
			{Query: "SET SESSION group_concat_max_len = 9223372036854775808"},
			{Query: "SELECT LENGTH(GROUP_CONCAT(s SEPARATOR '')) FROM gc", Expected: []Row{{200}}},
		},
	},
	{
		Name: "sql_select_limit = 18446744073709551615, its maximum",
		SetUpScript: []string{
			"CREATE TABLE sl (id INT PRIMARY KEY)",
			"INSERT INTO sl VALUES (1), (2), (3)",
		},
		Assertions: []Assertion{
			{Query: "SELECT @@sql_select_limit", Expected: []Row{{"18446744073709551615"}}},
			{Query: "SET SESSION sql_select_limit = 2"},
			{Query: "SELECT id FROM sl ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SET SESSION sql_select_limit = 18446744073709551615"},
			{Query: "SELECT @@sql_select_limit", Expected: []Row{{"18446744073709551615"}}},
			{Query: "SELECT id FROM sl ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT COUNT(*) FROM sl", Expected: []Row{{3}}},
			{Query: "SET SESSION sql_select_limit = 9223372036854775808"},
			{Query: "SELECT id FROM sl ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SET SESSION sql_select_limit = DEFAULT"},
			{Query: "SELECT @@sql_select_limit", Expected: []Row{{"18446744073709551615"}}},
		},
	},
}
