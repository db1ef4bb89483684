package sqltests

// DistinctOrderScripts hold SELECT DISTINCT of expressions ordered by
// position to MySQL's rows (go-mysql-server 0.20 failed them with 1105
// "unable to find field with index 2 in row of 1 columns";
// compat/distinct_order_position.go). TestDistinctOrderScripts runs them
// on MariaDB too.
var DistinctOrderScripts = []ScriptTest{
	{
		Name: "SELECT DISTINCT expression ORDER BY position",
		SetUpScript: []string{
			"CREATE TABLE u (id INT PRIMARY KEY, fp BIGINT UNSIGNED, b BIGINT)",
			"INSERT INTO u VALUES (1, 5, 5), (7, NULL, NULL), (8, NULL, 3), (9, 3, NULL), (10, 2, 9), (11, 5, 4)",
		},
		Assertions: []Assertion{
			{Query: "SELECT DISTINCT fp > 2 FROM u ORDER BY 1", Expected: []Row{{nil}, {0}, {1}}},
			{Query: "SELECT DISTINCT fp > 2 FROM u ORDER BY 1 DESC", Expected: []Row{{1}, {0}, {nil}}},
			{Query: "SELECT DISTINCT hex(fp) FROM u ORDER BY 1", Expected: []Row{{nil}, {"2"}, {"3"}, {"5"}}},
			{Query: "SELECT DISTINCT fp, b + 1 FROM u ORDER BY 2, 1", Expected: []Row{{nil, nil}, {3, nil}, {nil, 4}, {5, 5}, {5, 6}, {2, 10}}},
			{Query: "SELECT DISTINCT fp + 1, fp FROM u ORDER BY 1 DESC LIMIT 2", Expected: []Row{{6, 5}, {4, 3}}},
			{Query: "SELECT DISTINCT fp + 1 AS x FROM u ORDER BY x", Expected: []Row{{nil}, {3}, {4}, {6}}},
			{Query: "SELECT DISTINCT fp % 2, fp > 2 FROM u WHERE fp IS NOT NULL ORDER BY 2, 1", Expected: []Row{{0, 0}, {1, 1}}},
		},
	},
}
