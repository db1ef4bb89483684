package sqltests

// StatementBufferScripts hold statements that read their own writes before
// the statement ends: the table editor keeps a statement's rows encoded as
// stored (catalog/stmtbuf.go) and must find them for duplicate keys, for a
// later row that updates an earlier one, for foreign keys and triggers,
// and drop them when the statement fails. MySQL 8 and MariaDB 10.11 agree
// on each; TestStatementBufferScripts runs them on MariaDB too.
var StatementBufferScripts = []ScriptTest{
	{
		Name: "a row inserted then updated by ON DUPLICATE KEY UPDATE in one statement",
		SetUpScript: []string{
			"CREATE TABLE od (pk INT PRIMARY KEY, u INT, v VARCHAR(20), UNIQUE KEY u_u (u))",
			"INSERT INTO od VALUES (9, 90, 'stored')",
		},
		Assertions: []Assertion{
			// The second and third rows meet the first on the primary key,
			// the third after the second changed its unique value.
			{Query: "INSERT INTO od VALUES (1, 10, 'a'), (1, 11, 'b'), (1, 12, 'c') ON DUPLICATE KEY UPDATE v = CONCAT(v, VALUES(v)), u = VALUES(u)"},
			{Query: "SELECT pk, u, v FROM od ORDER BY pk", Expected: []Row{{1, 12, "abc"}, {9, 90, "stored"}}},
			{Query: "SELECT COUNT(*) FROM od WHERE u IN (10, 11)", Expected: []Row{{0}}},
			// The second row meets the first on the unique key, the third
			// the stored row.
			{Query: "INSERT INTO od VALUES (2, 20, 'x'), (3, 20, 'y'), (4, 90, 'z') ON DUPLICATE KEY UPDATE v = CONCAT(v, '+', VALUES(v))"},
			{Query: "SELECT pk, u, v FROM od ORDER BY pk", Expected: []Row{{1, 12, "abc"}, {2, 20, "x+y"}, {9, 90, "stored+z"}}},
			// The second row's update moves the first to key 6, where the
			// third row finds it and moves it on.
			{Query: "INSERT INTO od VALUES (5, 50, 'p'), (5, 51, 'q'), (6, 52, 'r') ON DUPLICATE KEY UPDATE pk = pk + 1, v = CONCAT(v, VALUES(v))"},
			{Query: "SELECT pk, u, v FROM od WHERE pk >= 5 AND pk < 9 ORDER BY pk", Expected: []Row{{7, 50, "pqr"}}},
			{Query: "SELECT pk FROM od WHERE u = 50", Expected: []Row{{7}}},
		},
	},
	{
		// The pending row's value is overwritten in place by each update,
		// and restored when an IGNORE row's update fails.
		Name: "one key updated by every row of a statement",
		SetUpScript: []string{
			"CREATE TABLE cnt (k INT PRIMARY KEY, n INT, u INT, UNIQUE KEY u_u (u))",
			"INSERT INTO cnt VALUES (2, 0, 2)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO cnt VALUES (1, 1, 1), (1, 1, 1), (1, 1, 1), (1, 1, 1) ON DUPLICATE KEY UPDATE n = n + 1"},
			{Query: "SELECT k, n, u FROM cnt ORDER BY k", Expected: []Row{{1, 4, 1}, {2, 0, 2}}},
			// The second and third rows' updates set u = 2, row 2's: skipped.
			{Query: "INSERT IGNORE INTO cnt VALUES (1, 0, 0), (1, 0, 0), (1, 0, 0) ON DUPLICATE KEY UPDATE n = n + 1, u = IF(n = 6, 2, u)"},
			{Query: "SELECT k, n, u FROM cnt ORDER BY k", Expected: []Row{{1, 5, 1}, {2, 0, 2}}},
			{Query: "SELECT k FROM cnt WHERE u = 1", Expected: []Row{{1}}},
		},
	},
	{
		Name: "duplicates inside one INSERT: error, IGNORE and REPLACE",
		SetUpScript: []string{
			"CREATE TABLE d (pk INT PRIMARY KEY, u INT, v VARCHAR(10), UNIQUE KEY u_u (u))",
			"INSERT INTO d VALUES (100, 100, 'kept')",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO d VALUES (1, 1, 'a'), (2, 2, 'b'), (1, 3, 'c')", ExpectedErrCode: 1062},
			{Query: "INSERT INTO d VALUES (1, 1, 'a'), (2, 2, 'b'), (3, 2, 'c')", ExpectedErrCode: 1062},
			{Query: "SELECT pk FROM d", Expected: []Row{{100}}},
			{Query: "INSERT IGNORE INTO d VALUES (1, 1, 'a'), (2, 2, 'b'), (1, 3, 'c'), (3, 2, 'd'), (4, 4, 'e')"},
			{Query: "SELECT pk, u, v FROM d ORDER BY pk", Expected: []Row{{1, 1, "a"}, {2, 2, "b"}, {4, 4, "e"}, {100, 100, "kept"}}},
			// The second row replaces the first (key 5), the third the second
			// (unique value 6), the fourth the stored row 100 (unique value
			// 100).
			{Query: "REPLACE INTO d VALUES (5, 5, 'f'), (5, 6, 'g'), (7, 6, 'h'), (8, 100, 'i')"},
			{Query: "SELECT pk, u, v FROM d WHERE pk > 4 ORDER BY pk", Expected: []Row{{7, 6, "h"}, {8, 100, "i"}}},
			{Query: "SELECT pk FROM d WHERE u = 6", Expected: []Row{{7}}},
			{Query: "SELECT COUNT(*) FROM d WHERE u = 5", Expected: []Row{{0}}},
		},
	},
	{
		Name: "a failed statement leaves nothing, in and out of a transaction",
		SetUpScript: []string{
			"CREATE TABLE f (pk INT PRIMARY KEY, u INT, UNIQUE KEY u_u (u))",
			"INSERT INTO f VALUES (1, 1)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO f VALUES (2, 2), (3, 3), (4, 1)", ExpectedErrCode: 1062},
			{Query: "BEGIN"},
			{Query: "INSERT INTO f VALUES (10, 10)"},
			{Query: "SAVEPOINT s"},
			{Query: "INSERT INTO f VALUES (11, 11)"},
			{Query: "INSERT INTO f VALUES (12, 12), (13, 13), (14, 10)", ExpectedErrCode: 1062},
			{Query: "SELECT pk FROM f ORDER BY pk", Expected: []Row{{1}, {10}, {11}}},
			{Query: "ROLLBACK TO SAVEPOINT s"},
			{Query: "UPDATE f SET u = u + 1 ORDER BY pk DESC"},
			{Query: "COMMIT"},
			{Query: "SELECT pk, u FROM f ORDER BY pk", Expected: []Row{{1, 2}, {10, 11}}},
			{Query: "SELECT pk FROM f WHERE u = 11", Expected: []Row{{10}}},
		},
	},
	{
		Name: "foreign keys and triggers see the statement's earlier rows",
		SetUpScript: []string{
			"CREATE TABLE tree (id INT PRIMARY KEY, parent INT, FOREIGN KEY (parent) REFERENCES tree (id) ON DELETE CASCADE)",
			"CREATE TABLE seen (k INT PRIMARY KEY, n INT)",
			"CREATE TRIGGER tree_ai AFTER INSERT ON tree FOR EACH ROW INSERT INTO seen VALUES (1, 1) ON DUPLICATE KEY UPDATE n = n + 1",
		},
		Assertions: []Assertion{
			// Each row's parent is an earlier row of the same statement.
			{Query: "INSERT INTO tree VALUES (1, NULL), (2, 1), (3, 2), (4, 3)"},
			{Query: "INSERT INTO tree VALUES (5, 4), (6, 99)", ExpectedErrCode: 1452},
			{Query: "SELECT n FROM seen", Expected: []Row{{4}}},
			{Query: "DELETE FROM tree WHERE id = 2"},
			{Query: "SELECT id FROM tree", Expected: []Row{{1}}},
		},
	},
	{
		Name: "a keyless table's rows of one statement",
		SetUpScript: []string{
			"CREATE TABLE kl (a INT, b VARCHAR(5))",
			"INSERT INTO kl VALUES (1, 'x'), (1, 'x'), (2, 'y')",
		},
		Assertions: []Assertion{
			{Query: "UPDATE kl SET a = a + 10 WHERE b = 'x'"},
			{Query: "DELETE FROM kl WHERE a = 2"},
			{Query: "SELECT a, b FROM kl", Expected: []Row{{11, "x"}, {11, "x"}}},
		},
	},
}
