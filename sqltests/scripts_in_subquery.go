package sqltests

// InSubqueryScripts hold x IN (SELECT …) and x NOT IN (SELECT …) with NULLs
// on either side, through indexes or not (go-mysql-server 0.20's fault,
// compat/in_subquery.go): NOT IN ran as an anti join that kept rows whose x
// was NULL, or matched nothing beside a NULL; row IN answered 0 or 1 for
// NULL; the set ignored the collation. Each answer is MySQL's, and
// TestInSubqueryScripts runs them on MariaDB too.
var InSubqueryScripts = []ScriptTest{
	{
		Name: "NOT IN of a subquery with NULLs on either side",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, c INT, KEY ic (c))", // c NULL in one row
			"INSERT INTO t VALUES (1, 1), (2, 2), (3, NULL)",
			"CREATE TABLE tn (id INT PRIMARY KEY, c INT NOT NULL, KEY ic (c))",
			"INSERT INTO tn VALUES (1, 1), (2, 2)",
			"CREATE TABLE tp (id INT PRIMARY KEY, c INT)", // no index, no NULL
			"INSERT INTO tp VALUES (1, 1), (2, 2)",
			"CREATE TABLE u (id INT PRIMARY KEY, x INT, KEY ix (x))", // x NULL in row 1
			"INSERT INTO u VALUES (1, NULL), (2, 1), (3, 5)",
			"CREATE TABLE un (id INT PRIMARY KEY, x INT NOT NULL)",
			"INSERT INTO un VALUES (2, 1), (3, 5)",
		},
		Assertions: []Assertion{
			// The README's Known limits example: x NULL, t read through its
			// index on c. Was 1, 3.
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn WHERE c > 0) ORDER BY id", Expected: []Row{{3}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tp WHERE c > 0) ORDER BY id", Expected: []Row{{3}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn) ORDER BY id", Expected: []Row{{3}}},
			{Query: "SELECT id FROM u WHERE NOT (x IN (SELECT c FROM tn WHERE c > 0)) ORDER BY id", Expected: []Row{{3}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT DISTINCT c FROM tn) ORDER BY id", Expected: []Row{{3}}},
			{Query: "SELECT COUNT(*) FROM u WHERE x NOT IN (SELECT c FROM tn WHERE c > 0)", Expected: []Row{{1}}},
			// A NULL in the subquery: nothing is NOT IN it (was 1, 3 and 3).
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM t) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id FROM un WHERE x NOT IN (SELECT c FROM t WHERE id > 0) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id FROM un WHERE x NOT IN (SELECT NULL FROM tn) ORDER BY id", Expected: []Row{}},
			// No rows: everything is NOT IN them, NULL too (WHERE 1 = 0 made
			// the join planner panic, "vertex not found").
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn WHERE c > 100) ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn WHERE 1 = 0) ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT id FROM un WHERE x IN (SELECT c FROM tn WHERE 1 = 0) ORDER BY id", Expected: []Row{}},
			// NOT NULL on both sides stays right.
			{Query: "SELECT id FROM un WHERE x NOT IN (SELECT c FROM tn) ORDER BY id", Expected: []Row{{3}}},
			// IS NULL, NOT and OR see the NULL.
			{Query: "SELECT id FROM u WHERE (x NOT IN (SELECT c FROM tn WHERE c > 0)) IS NULL ORDER BY id", Expected: []Row{{1}}},
			{Query: "SELECT id FROM u WHERE NOT (x NOT IN (SELECT c FROM t WHERE c > 0)) ORDER BY id", Expected: []Row{{2}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn) OR id = 3 ORDER BY id", Expected: []Row{{3}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn WHERE c > 0) AND x NOT IN (SELECT c FROM tp WHERE c > 1) ORDER BY id",
				Expected: []Row{{3}}},
			// Correlated.
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM t WHERE t.id = u.id) ORDER BY id", Expected: []Row{{2}}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM tn WHERE tn.id >= u.id) ORDER BY id", Expected: []Row{{2}, {3}}},
			// In the select list.
			{Query: "SELECT id, x NOT IN (SELECT c FROM t), x IN (SELECT c FROM tn), x NOT IN (SELECT c FROM tn WHERE c > 100) FROM u ORDER BY id",
				Expected: []Row{{1, nil, nil, 1}, {2, 0, 1, 1}, {3, nil, 0, 1}}},
			{Query: "SELECT 2 NOT IN (SELECT c FROM tn), NULL NOT IN (SELECT c FROM tn), NULL IN (SELECT c FROM tn WHERE c > 9), NULL NOT IN (SELECT c FROM tn WHERE c > 9)",
				Expected: []Row{{0, nil, 0, 1}}},
		},
	},
	{
		Name: "IN of a subquery with NULLs",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, c INT, KEY ic (c))",
			"INSERT INTO t VALUES (1, 1), (2, 2), (3, NULL)",
			"CREATE TABLE u (id INT PRIMARY KEY, x INT, KEY ix (x))",
			"INSERT INTO u VALUES (1, NULL), (2, 1), (3, 5), (4, 2)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM u WHERE x IN (SELECT c FROM t) ORDER BY id", Expected: []Row{{2}, {4}}},
			{Query: "SELECT id FROM u WHERE x IN (SELECT c FROM t WHERE t.id >= u.id) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id FROM u WHERE x IN (SELECT c FROM t WHERE t.id <= u.id) ORDER BY id", Expected: []Row{{2}, {4}}},
			{Query: "SELECT id FROM u WHERE x IN (SELECT NULL FROM t) IS NULL ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			{Query: "SELECT id FROM u WHERE x IN (SELECT c FROM t) IS NOT TRUE ORDER BY id", Expected: []Row{{1}, {3}}},
		},
	},
	{
		Name: "row IN and NOT IN of a subquery with NULLs",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, c INT, KEY ic (c))",
			"INSERT INTO t VALUES (1, 1), (2, 2), (3, NULL)",
			"CREATE TABLE tn (id INT PRIMARY KEY, c INT NOT NULL)",
			"INSERT INTO tn VALUES (1, 1), (2, 2)",
			"CREATE TABLE u (id INT PRIMARY KEY, x INT, KEY ix (x))",
			"INSERT INTO u VALUES (1, NULL), (2, 1), (3, 5)",
		},
		Assertions: []Assertion{
			// Was 1, 2, 3 for each NOT IN; and 0 or 1 for NULL below.
			{Query: "SELECT id FROM u WHERE (id, x) NOT IN (SELECT id, c FROM t) ORDER BY id", Expected: []Row{{2}}},
			{Query: "SELECT id FROM u WHERE (id, x) NOT IN (SELECT id, c FROM tn WHERE c > 0) ORDER BY id", Expected: []Row{{2}, {3}}},
			{Query: "SELECT id FROM u WHERE (id, 9) NOT IN (SELECT id, c FROM t) ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT id FROM u WHERE (id, x) IN (SELECT id, c FROM t) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id, (id, x) NOT IN (SELECT id, c FROM t), (id, x) IN (SELECT id, c FROM t) FROM u ORDER BY id",
				Expected: []Row{{1, nil, nil}, {2, 1, 0}, {3, nil, nil}}},
			{Query: "SELECT (1, NULL) IN (SELECT 1, 2), (1, NULL) IN (SELECT 2, 2), (1, 2) NOT IN (SELECT 1, NULL), (1, 2) NOT IN (SELECT 3, NULL), " +
				"(NULL, NULL) IN (SELECT 1, 2 FROM t WHERE 1 = 0)", Expected: []Row{{nil, 0, nil, 1, 0}}},
		},
	},
	{
		Name: "IN of a subquery compares as = does",
		SetUpScript: []string{
			"CREATE TABLE s (id INT PRIMARY KEY, v VARCHAR(10), KEY iv (v))",
			"INSERT INTO s VALUES (1, 'a'), (2, 'B'), (3, NULL)",
			"CREATE TABLE r (id INT PRIMARY KEY, w VARCHAR(10))",
			"INSERT INTO r VALUES (1, 'A'), (2, 'b'), (3, 'x'), (4, NULL)",
			"CREATE TABLE f (id INT PRIMARY KEY, fp BIGINT UNSIGNED, i BIGINT)",
			"INSERT INTO f VALUES (1, 18446744073709551615, -1), (2, 9007199254740993, 9007199254740992), (3, 9223372036854775808, 9223372036854775807)",
		},
		Assertions: []Assertion{
			// Case-insensitive, as the default collation compares (was NULL
			// and 1: a hash of the bytes).
			{Query: "SELECT id, w IN (SELECT v FROM s), w NOT IN (SELECT v FROM s WHERE id <> 3) FROM r ORDER BY id",
				Expected: []Row{{1, 1, 0}, {2, 1, 0}, {3, nil, 1}, {4, nil, nil}}},
			{Query: "SELECT 'A' IN (SELECT 'a'), 'A' NOT IN (SELECT 'a')", Expected: []Row{{1, 0}}},
			{Query: "SELECT id FROM r WHERE w NOT IN (SELECT v FROM s WHERE id < 3) ORDER BY id", Expected: []Row{{3}}},
			// Numbers as numbers: exact for 64-bit integers of either sign.
			{Query: "SELECT 1 IN (SELECT '1'), '1.0' IN (SELECT 1), 1 NOT IN (SELECT 'x'), 0 IN (SELECT 'x'), 1 IN (SELECT 1.0), 1 IN (SELECT TRUE)",
				Expected: []Row{{1, 1, 1, 1, 1, 1}}},
			{Query: "SELECT 18446744073709551615 IN (SELECT -1), 9223372036854775807 IN (SELECT 9223372036854775808)", Expected: []Row{{0, 0}}},
			{Query: "SELECT id FROM f WHERE fp IN (SELECT i FROM f) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id FROM f WHERE fp NOT IN (SELECT i FROM f) ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
			{Query: "SELECT id FROM f WHERE i IN (SELECT fp - 1 FROM f) ORDER BY id", Expected: []Row{{2}, {3}}},
			{Query: "SELECT id FROM f WHERE fp IN (SELECT fp FROM f WHERE id > 1) ORDER BY id", Expected: []Row{{2}, {3}}},
		},
	},
	{
		// UPDATE … WHERE x NOT IN (SELECT …) failed with "unable to find
		// field with index 3 in row of 3 columns".
		Name: "IN and NOT IN of a subquery in UPDATE, DELETE, INSERT … SELECT and triggers",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, c INT, KEY ic (c))",
			"INSERT INTO t VALUES (1, 1), (2, 2), (3, NULL)",
			"CREATE TABLE tn (id INT PRIMARY KEY, c INT NOT NULL, KEY ic (c))",
			"INSERT INTO tn VALUES (1, 1), (2, 2)",
			"CREATE TABLE u (id INT PRIMARY KEY, x INT, y INT DEFAULT 0, KEY ix (x))",
			"INSERT INTO u (id, x) VALUES (1, NULL), (2, 1), (3, 5), (4, 2)",
		},
		Assertions: []Assertion{
			{Query: "UPDATE u SET y = 1 WHERE x NOT IN (SELECT c FROM tn WHERE c > 0)"},
			{Query: "SELECT id, y FROM u ORDER BY id", Expected: []Row{{1, 0}, {2, 0}, {3, 1}, {4, 0}}},
			{Query: "UPDATE u SET y = 2 WHERE x NOT IN (SELECT c FROM t)"},
			{Query: "UPDATE u SET y = 3 WHERE x IN (SELECT c FROM t WHERE c > 1)"},
			{Query: "UPDATE u JOIN tn ON tn.id = u.id SET y = 4 WHERE x NOT IN (SELECT c FROM t WHERE c > 1)"},
			{Query: "SELECT id, y FROM u ORDER BY id", Expected: []Row{{1, 0}, {2, 4}, {3, 1}, {4, 3}}},
			{Query: "UPDATE u SET y = x NOT IN (SELECT c FROM t WHERE c > 1)"},
			{Query: "SELECT id, y FROM u ORDER BY id", Expected: []Row{{1, nil}, {2, 1}, {3, 1}, {4, 0}}},
			{Query: "DELETE FROM u WHERE x NOT IN (SELECT c FROM tn) AND id > 2"},
			{Query: "INSERT INTO u (id, x) SELECT id + 10, c FROM t WHERE c NOT IN (SELECT x FROM u WHERE x > 1)"},
			{Query: "SELECT id, x FROM u ORDER BY id", Expected: []Row{{1, nil}, {2, 1}, {4, 2}, {11, 1}}},
			{Query: "CREATE TRIGGER tr BEFORE INSERT ON u FOR EACH ROW SET NEW.y = (NEW.x NOT IN (SELECT c FROM t WHERE c > 1))"},
			{Query: "INSERT INTO u (id, x) VALUES (20, 1), (21, 2), (22, NULL)"},
			{Query: "SELECT id, y FROM u WHERE id >= 20 ORDER BY id", Expected: []Row{{20, 1}, {21, 0}, {22, nil}}},
		},
	},
	{
		Name: "NOT IN of a subquery in HAVING, ON, views and derived tables",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, c INT, KEY ic (c))",
			"INSERT INTO t VALUES (1, 1), (2, 2), (3, NULL)",
			"CREATE TABLE tn (id INT PRIMARY KEY, c INT NOT NULL, KEY ic (c))",
			"INSERT INTO tn VALUES (1, 1), (2, 2)",
			"CREATE TABLE u (id INT PRIMARY KEY, x INT, KEY ix (x))",
			"INSERT INTO u VALUES (1, NULL), (2, 1), (3, 5), (4, 2)",
			"CREATE VIEW v AS SELECT id FROM u WHERE x NOT IN (SELECT c FROM t WHERE c > 1)",
		},
		Assertions: []Assertion{
			{Query: "SELECT x, COUNT(*) FROM u GROUP BY x HAVING x NOT IN (SELECT c FROM tn WHERE c > 1) ORDER BY x", Expected: []Row{{1, 1}, {5, 1}}},
			{Query: "SELECT u.id, t.id FROM u JOIN t ON u.x NOT IN (SELECT c FROM tn WHERE c > 1) AND t.id = u.id ORDER BY u.id", Expected: []Row{{2, 2}, {3, 3}}},
			{Query: "SELECT u.id FROM u LEFT JOIN t ON t.c = u.x WHERE t.id NOT IN (SELECT id FROM tn) ORDER BY u.id", Expected: []Row{}},
			{Query: "SELECT id FROM (SELECT id, x FROM u WHERE x NOT IN (SELECT c FROM tn WHERE c > 1)) q ORDER BY id", Expected: []Row{{2}, {3}}},
			{Query: "SELECT id FROM v ORDER BY id", Expected: []Row{{2}, {3}}},
			// A NOT NULL column of a LEFT JOIN's inner side is NULL where it
			// has no match.
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT t.c FROM tn LEFT JOIN t ON t.id = tn.id + 1) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT tn.c FROM t LEFT JOIN tn ON t.id = tn.id) ORDER BY id", Expected: []Row{}},
			{Query: "SELECT id FROM u WHERE x IN (SELECT tn.c FROM t LEFT JOIN tn ON t.id = tn.id) ORDER BY id", Expected: []Row{{2}, {4}}},
			// Nested.
			{Query: "SELECT id FROM u WHERE x NOT IN (SELECT c FROM t WHERE c NOT IN (SELECT c FROM tn WHERE c > 1)) ORDER BY id", Expected: []Row{{3}, {4}}},
			{Query: "SELECT id FROM u WHERE id IN (SELECT id FROM t WHERE c NOT IN (SELECT x FROM u WHERE x > 1)) ORDER BY id", Expected: []Row{{1}}},
		},
	},
}

// SemiJoinScripts hold EXISTS and IN subqueries that go-mysql-server 0.20
// planned as a merge join of a semi join, which returned an outer row once
// per equal inner row (compat/semi_join_merge.go); TestSemiJoinScripts
// runs them on MariaDB too.
var SemiJoinScripts = []ScriptTest{
	{
		Name: "EXISTS and IN through indexes on both sides return each row once",
		SetUpScript: []string{
			"CREATE TABLE a (pk INT PRIMARY KEY, x INT, y INT, KEY ix (x))",
			"CREATE TABLE b (pk INT PRIMARY KEY, c INT NOT NULL, d INT, KEY ic (c))",
			"INSERT INTO a VALUES (0, 1, 4), (1, 2, 4), (2, 4, 1), (3, 2, 1), (4, 4, NULL), (5, 4, 0), (6, NULL, 1), (7, 0, 2), (8, NULL, NULL)",
			"INSERT INTO b VALUES (0, 0, NULL), (1, 3, 4), (2, 3, 2), (3, 2, 0), (4, 4, 1), (5, 4, NULL), (6, 3, 4), (7, 2, 1), (8, 4, 3), (9, 0, 3)",
		},
		Assertions: []Assertion{
			// Were 1, 1, 2, 2, 2, 3, 3, … and 2, 2, 2, 4, 4, 4, 5, 5, 5.
			{Query: "SELECT pk FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.c = a.x) ORDER BY pk", Expected: []Row{{1}, {2}, {3}, {4}, {5}, {7}}},
			{Query: "SELECT pk FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.c = a.x AND b.c > 3) ORDER BY pk", Expected: []Row{{2}, {4}, {5}}},
			{Query: "SELECT pk FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.c = a.x) AND a.y IS NOT NULL ORDER BY pk", Expected: []Row{{1}, {2}, {3}, {5}, {7}}},
			{Query: "SELECT COUNT(*) FROM a WHERE EXISTS (SELECT 1 FROM b WHERE b.c = a.x)", Expected: []Row{{6}}},
			{Query: "SELECT pk FROM a WHERE x IN (SELECT c FROM b WHERE c > 3) ORDER BY pk", Expected: []Row{{2}, {4}, {5}}},
			{Query: "SELECT pk FROM a WHERE x IN (SELECT DISTINCT c FROM b) AND a.y IS NOT NULL ORDER BY pk", Expected: []Row{{1}, {2}, {3}, {5}, {7}}},
			{Query: "SELECT pk FROM a WHERE NOT EXISTS (SELECT 1 FROM b WHERE b.c = a.x) ORDER BY pk", Expected: []Row{{0}, {6}, {8}}},
		},
	},
}
