package sqltests

// ScalarSubqueryScripts hold comparisons with an uncorrelated subquery on
// the right, x op (SELECT c …), in SELECT, UPDATE and DELETE: go-mysql-server
// 0.20 made them semi and anti joins, so several rows answered as ANY
// instead of error 1242, x <> (SELECT …) kept NULLs and, for no row, every
// row, and UPDATE … WHERE x <> (SELECT …) failed with 1105
// (compat/scalar_subquery.go). TestScalarSubqueryScripts runs them on
// MariaDB too.
var ScalarSubqueryScripts = []ScriptTest{
	{
		Name: "comparison with a scalar subquery: one value or error 1242",
		SetUpScript: []string{
			"CREATE TABLE a (id INT PRIMARY KEY, x INT)",
			"CREATE TABLE b (id INT PRIMARY KEY, y INT)",
			"INSERT INTO a VALUES (1, 1), (2, 2), (3, NULL), (4, 4)",
			"INSERT INTO b VALUES (1, 1), (2, NULL), (3, 3)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM a WHERE x = (SELECT y FROM b)", ExpectedErrCode: 1242},
			{Query: "SELECT id FROM a WHERE x < (SELECT y FROM b) ORDER BY id", ExpectedErrCode: 1242},
			{Query: "SELECT COUNT(*) FROM a WHERE id = 1 AND x = (SELECT y FROM b)", ExpectedErrCode: 1242},
			{Query: "SELECT id FROM a WHERE id = (SELECT id FROM b WHERE y IS NULL OR y = 3)", ExpectedErrCode: 1242},
			{Query: "SELECT id FROM a WHERE x = (SELECT y FROM b WHERE y IS NOT NULL)", ExpectedErrCode: 1242},
			{Query: "UPDATE a SET x = 9 WHERE x = (SELECT y FROM b)", ExpectedErrCode: 1242},
			{Query: "DELETE FROM a WHERE x = (SELECT y FROM b)", ExpectedErrCode: 1242},
			{Query: "SELECT id, x FROM a ORDER BY id", Expected: []Row{{1, 1}, {2, 2}, {3, nil}, {4, 4}}},
			{Query: "SELECT id FROM a WHERE x = (SELECT MAX(y) FROM b)", Expected: []Row{}},
			{Query: "SELECT id FROM a WHERE x < (SELECT MAX(y) FROM b) ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT id FROM a WHERE x <=> (SELECT y FROM b WHERE id = 2)", Expected: []Row{{3}}},
			// x <> (one value) drops the NULL x; a NULL or no row drops every row.
			{Query: "SELECT id FROM a WHERE x <> (SELECT y FROM b WHERE id = 1) ORDER BY id", Expected: []Row{{2}, {4}}},
			{Query: "SELECT id FROM a WHERE NOT (x = (SELECT y FROM b WHERE id = 1)) ORDER BY id", Expected: []Row{{2}, {4}}},
			{Query: "SELECT id FROM a WHERE x != (SELECT y FROM b WHERE id = 99)", Expected: []Row{}},
			{Query: "SELECT id FROM a WHERE x <> (SELECT y FROM b WHERE id = 2)", Expected: []Row{}},
			{Query: "UPDATE a SET x = 50 WHERE x <> (SELECT y FROM b WHERE id = 99)"},
			{Query: "UPDATE a SET x = x + 10 WHERE x <> (SELECT y FROM b WHERE id = 1)"},
			{Query: "SELECT id, x FROM a ORDER BY id", Expected: []Row{{1, 1}, {2, 12}, {3, nil}, {4, 14}}},
			{Query: "DELETE FROM a WHERE x <> (SELECT y FROM b WHERE id = 1)"},
			{Query: "SELECT id, x FROM a ORDER BY id", Expected: []Row{{1, 1}, {3, nil}}},
		},
	},
}
