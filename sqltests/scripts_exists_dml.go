package sqltests

// ExistsDMLScripts hold DELETE and UPDATE with subqueries in their WHERE
// to MySQL's rows (go-mysql-server 0.20 failed a single-table DELETE or
// UPDATE … WHERE [NOT] EXISTS (SELECT …) with 1105 "attempted to evaluate
// uninitialized subquery", and, analyzed fully, with "table doesn't
// support DELETE FROM"; compat/exists_dml.go). TestExistsDMLScripts runs
// them on MariaDB too.
var ExistsDMLScripts = []ScriptTest{
	{
		Name: "DELETE and UPDATE WHERE EXISTS, NOT EXISTS and IN subqueries",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, a INT)",
			"CREATE TABLE u (id INT PRIMARY KEY, b INT)",
			"INSERT INTO t VALUES (1, 1), (2, 2), (3, 3), (4, 4), (5, NULL)",
			"INSERT INTO u VALUES (1, 1), (3, 5), (6, NULL)",
		},
		Assertions: []Assertion{
			{Query: "DELETE FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id AND u.b > 2)"},
			{Query: "DELETE FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.b > 7)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{1, 1}, {2, 2}, {4, 4}, {5, nil}}},
			{Query: "UPDATE t SET a = 10 WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id = t.id)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{1, 1}, {2, 10}, {4, 10}, {5, 10}}},
			{Query: "UPDATE t SET a = 11 WHERE EXISTS (SELECT * FROM u WHERE u.b > 4) AND id < 3"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{1, 11}, {2, 11}, {4, 10}, {5, 10}}},
			// u.b is NULL in one row: NOT EXISTS is still true where no row matches.
			{Query: "UPDATE t SET a = 12 WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.b = t.a)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{1, 12}, {2, 12}, {4, 12}, {5, 12}}},
			{Query: "UPDATE t SET a = 20 WHERE id IN (SELECT id FROM u)"},
			{Query: "UPDATE t SET a = 21 WHERE id NOT IN (SELECT id FROM u WHERE u.b = t.a)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{1, 21}, {2, 21}, {4, 21}, {5, 21}}},
			{Query: "DELETE FROM t WHERE id NOT IN (SELECT id FROM u) AND id = 4"},
			{Query: "DELETE FROM t WHERE a IN (SELECT b FROM u WHERE u.id = t.id)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{1, 21}, {2, 21}, {5, 21}}},
			// An EXISTS within a subquery of the DELETE, and ORDER BY … LIMIT.
			{Query: "DELETE FROM t WHERE id IN (SELECT id FROM u WHERE EXISTS (SELECT 1 FROM u AS v WHERE v.id = u.id + 2))"},
			{Query: "DELETE FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.id = t.id) AND EXISTS (SELECT 1 FROM u WHERE u.b IS NULL) ORDER BY id DESC LIMIT 1"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{2, 21}}},
			// Multi-table forms.
			{Query: "INSERT INTO t VALUES (3, 3), (6, 6), (7, 7), (8, 8)"},
			{Query: "UPDATE t JOIN u ON t.id = u.id SET t.a = 30 WHERE EXISTS (SELECT 1 FROM u AS u2 WHERE u2.id = t.id)"},
			{Query: "UPDATE t SET a = (SELECT MAX(b) FROM u WHERE u.id = t.id) WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id + 5)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{2, 21}, {3, 30}, {6, 30}, {7, 7}, {8, 8}}},
			{Query: "DELETE t FROM t JOIN u ON t.id = u.id WHERE NOT EXISTS (SELECT 1 FROM u AS u2 WHERE u2.b = t.a)"},
			{Query: "DELETE t FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id - 5)"},
			{Query: "SELECT id, a FROM t ORDER BY id", Expected: []Row{{2, 21}, {7, 7}}},
			{Query: "SELECT id FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.id = t.id - 4)", Expected: []Row{{7}}},
		},
	},
}
