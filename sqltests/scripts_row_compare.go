package sqltests

// RowCompareScripts hold comparisons of row constructors with NULL
// components to SQL's three-valued logic, as MySQL 8 answers them
// (Arg_comparator::compare_row): go-mysql-server 0.20 compared NULLs as
// values, so keyset pagination WHERE (fp, id) > (…) returned the rows of
// NULL fingerprints, and (NULL, NULL) > (1, 0) failed with 1105
// (compat/row_compare.go). TestRowCompareScripts runs them on MariaDB too.
var RowCompareScripts = []ScriptTest{
	{
		Name: "row constructor comparisons with NULL components",
		SetUpScript: []string{
			"CREATE TABLE u (id INT PRIMARY KEY, fp BIGINT UNSIGNED, b BIGINT)",
			"INSERT INTO u VALUES (1, 5, 5), (7, NULL, NULL), (8, NULL, 3), (9, 3, NULL), (10, 2, 9)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, (fp, b) > (1, 0), (fp, b) >= (3, 0), (fp, b) < (3, 9), (fp, b) <= (2, 9) FROM u ORDER BY id",
				Expected: []Row{{1, 1, 1, 0, 0}, {7, nil, nil, nil, nil}, {8, nil, nil, nil, nil}, {9, 1, nil, nil, 0}, {10, 1, 0, 1, 1}}},
			{Query: "SELECT id FROM u WHERE (fp, id) > (1, 0) ORDER BY fp, id", Expected: []Row{{10}, {9}, {1}}},
			{Query: "SELECT id FROM u WHERE (fp, id) > (2, 10) ORDER BY fp, id", Expected: []Row{{9}, {1}}},
			{Query: "SELECT id, (fp, b) = (5, 5), (fp, b) <> (5, 5), (fp, b) <=> (NULL, 3) FROM u ORDER BY id",
				Expected: []Row{{1, 1, 0, 0}, {7, nil, nil, 0}, {8, 0, 1, 1}, {9, 0, 1, 0}, {10, 0, 1, 0}}},
			{Query: "SELECT id FROM u WHERE (fp, b) <> (5, 5) ORDER BY id", Expected: []Row{{8}, {9}, {10}}},
			{Query: "SELECT id FROM u WHERE (fp, b) IN ((5, 5), (NULL, NULL)) ORDER BY id", Expected: []Row{{1}}},
			{Query: "SELECT id FROM u WHERE (fp, b) NOT IN ((5, 5)) ORDER BY id", Expected: []Row{{8}, {9}, {10}}},
			{Query: "SELECT id FROM u WHERE (fp, b) NOT IN ((5, 5), (2, 9)) ORDER BY id", Expected: []Row{{8}, {9}}},
			{Query: "SELECT id, (fp, b) IN ((5, 5), (3, NULL)), (fp, b) NOT IN ((5, 5), (3, NULL)) FROM u ORDER BY id",
				Expected: []Row{{1, 1, 0}, {7, nil, nil}, {8, nil, nil}, {9, nil, nil}, {10, 0, 1}}},
			{Query: "SELECT (NULL, NULL) > (1, 0), (NULL, 1) < (1, 0), (1, NULL) < (2, 0), (1, NULL) < (1, 0)",
				Expected: []Row{{nil, nil, 1, nil}}},
			{Query: "SELECT (1, 2) <= (1, 2), (1, 2) < (1, 2), (1, NULL) = (2, 3), (1, NULL) = (1, 3), (NULL, 1) <=> (NULL, 1)",
				Expected: []Row{{1, 0, 0, nil, 1}}},
			{Query: "SELECT (1, (2, NULL)) = (1, (3, 4)), (1, (2, NULL)) = (1, (2, 4)), (1, (2, 3)) < (1, (2, 4))",
				Expected: []Row{{0, nil, 1}}},
			{Query: "SELECT 18446744073709551615 = 18446744073709551614, (18446744073709551615, 1) > (18446744073709551614, 2)",
				Expected: []Row{{0, 1}}},
		},
	},
}
