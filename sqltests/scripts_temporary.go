package sqltests

// TemporaryScripts are SQL script tests of one session's temporary tables
// (catalog/temporary.go), each answer MySQL's: TestTemporaryScripts runs
// them on MariaDB too.
var TemporaryScripts = []ScriptTest{
	{
		Name: "a temporary table shadows a base table of its name",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))",
			"INSERT INTO t VALUES (1, 'base')",
		},
		Assertions: []Assertion{
			{Query: "CREATE TEMPORARY TABLE t (id INT PRIMARY KEY, v VARCHAR(10), KEY (v))"},
			{Query: "SELECT id, v FROM t", Expected: []Row{}},
			{Query: "INSERT INTO t VALUES (2, 'tmp'), (3, 'x')"},
			{Query: "UPDATE t SET v = 'tmp2' WHERE id = 2"},
			{Query: "DELETE FROM t WHERE id = 3"},
			{Query: "SELECT id, v FROM t", Expected: []Row{{2, "tmp2"}}},
			{Query: "SELECT t.id, u.v FROM t JOIN t AS u ON u.id = t.id", Expected: []Row{{2, "tmp2"}}},
			{Query: "SELECT COUNT(*) FROM t WHERE v = 'tmp2'", Expected: []Row{{1}}},
			// Neither SHOW TABLES nor information_schema.TABLES lists it.
			{Query: "SHOW TABLES", Expected: []Row{{"t"}}},
			{Query: "SELECT table_name FROM information_schema.tables WHERE table_schema = DATABASE()", Expected: []Row{{"t"}}},
			// DROP TABLE drops the temporary table first.
			{Query: "DROP TABLE t"},
			{Query: "SELECT id, v FROM t", Expected: []Row{{1, "base"}}},
			{Query: "DROP TEMPORARY TABLE t", ExpectedErr: "Unknown table"},
			{Query: "SELECT id, v FROM t", Expected: []Row{{1, "base"}}},
			// IF EXISTS skips a base table with note 1051.
			{Query: "DROP TEMPORARY TABLE IF EXISTS t"},
			{Query: "SHOW COUNT(*) WARNINGS", Expected: []Row{{1}}},
			{Query: "SELECT id, v FROM t", Expected: []Row{{1, "base"}}},
			// A base table may be created beside a temporary one.
			{Query: "CREATE TEMPORARY TABLE only_tmp (a INT)"},
			{Query: "CREATE TABLE only_tmp (b INT)"},
			{Query: "INSERT INTO only_tmp (a) VALUES (1)"},
			{Query: "DROP TEMPORARY TABLE only_tmp"},
			{Query: "INSERT INTO only_tmp (b) VALUES (2)"},
			{Query: "SELECT b FROM only_tmp", Expected: []Row{{2}}},
		},
	},
	{
		Name:        "rows of temporary tables follow the transaction",
		SetUpScript: []string{"CREATE TEMPORARY TABLE tt (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			{Query: "INSERT INTO tt VALUES (1)"},
			{Query: "ROLLBACK"},
			{Query: "SELECT id FROM tt", Expected: []Row{}},
			{Query: "BEGIN"},
			{Query: "INSERT INTO tt VALUES (2)"},
			{Query: "SAVEPOINT p"},
			{Query: "INSERT INTO tt VALUES (3)"},
			{Query: "ROLLBACK TO p"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM tt", Expected: []Row{{2}}},
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO tt VALUES (4)"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM tt", Expected: []Row{{2}}},
			// A failed statement undoes only itself.
			{Query: "BEGIN"},
			{Query: "INSERT INTO tt VALUES (6)"},
			{Query: "INSERT INTO tt VALUES (7), (6)", ExpectedErr: "uplicate"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM tt ORDER BY id", Expected: []Row{{2}, {6}}},
			// A READ ONLY transaction may write a temporary table, not create one.
			{Query: "START TRANSACTION READ ONLY"},
			{Query: "INSERT INTO tt VALUES (5)"},
			{Query: "CREATE TEMPORARY TABLE ro (a INT)", ExpectedErr: "READ ONLY transaction"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM tt ORDER BY id", Expected: []Row{{2}, {5}, {6}}},
		},
	},
	{
		Name:        "CREATE and DROP TEMPORARY TABLE neither commit nor roll back",
		SetUpScript: []string{"CREATE TABLE b (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			{Query: "INSERT INTO b VALUES (1)"},
			{Query: "CREATE TEMPORARY TABLE x (a INT)"},
			{Query: "INSERT INTO x VALUES (1)"},
			{Query: "ROLLBACK"},
			{Query: "SELECT COUNT(*) FROM b", Expected: []Row{{0}}},
			{Query: "SELECT COUNT(*) FROM x", Expected: []Row{{0}}},
			{Query: "BEGIN"},
			{Query: "INSERT INTO b VALUES (2)"},
			{Query: "DROP TEMPORARY TABLE x"},
			{Query: "ROLLBACK"},
			{Query: "SELECT COUNT(*) FROM b", Expected: []Row{{0}}},
			{Query: "CREATE TEMPORARY TABLE x (a INT)"},
			{Query: "CREATE TEMPORARY TABLE x (a INT)", ExpectedErr: "already exists"},
			{Query: "CREATE TEMPORARY TABLE IF NOT EXISTS x (a INT)"},
			{Query: "INSERT INTO x VALUES (1)"},
			{Query: "DROP TEMPORARY TABLE IF EXISTS x"},
			{Query: "SHOW COUNT(*) WARNINGS", Expected: []Row{{0}}},
			{Query: "CREATE TEMPORARY TABLE x (b INT)"},
			{Query: "SELECT COUNT(*) FROM x", Expected: []Row{{0}}},
		},
	},
	{
		Name: "CREATE TEMPORARY TABLE LIKE and AS SELECT, ALTER, RENAME, TRUNCATE",
		SetUpScript: []string{
			"CREATE TABLE src (id INT PRIMARY KEY, name VARCHAR(20), UNIQUE KEY uname (name))",
			"INSERT INTO src VALUES (1, 'a'), (2, 'b'), (3, 'c')",
		},
		Assertions: []Assertion{
			{Query: "CREATE TEMPORARY TABLE c LIKE src"},
			{Query: "INSERT INTO c SELECT * FROM src"},
			{Query: "SELECT COUNT(*) FROM c", Expected: []Row{{3}}},
			{Query: "INSERT INTO c VALUES (9, 'a')", ExpectedErr: "uplicate"},
			{Query: "CREATE TEMPORARY TABLE s AS SELECT id * 10 AS id, name FROM src WHERE id > 1"},
			{Query: "SELECT id, name FROM s ORDER BY id", Expected: []Row{{20, "b"}, {30, "c"}}},
			{Query: "ALTER TABLE s ADD COLUMN w INT"},
			{Query: "UPDATE s SET w = id + 1"},
			{Query: "SELECT id, w FROM s ORDER BY id", Expected: []Row{{20, 21}, {30, 31}}},
			{Query: "ALTER TABLE s RENAME TO s2"},
			{Query: "SELECT COUNT(*) FROM s2", Expected: []Row{{2}}},
			{Query: "TRUNCATE TABLE s2"},
			{Query: "SELECT COUNT(*) FROM s2", Expected: []Row{{0}}},
			{Query: "SELECT COUNT(*) FROM src", Expected: []Row{{3}}},
			// MySQL refuses views and triggers of temporary tables.
			{Query: "CREATE VIEW v AS SELECT id FROM src WHERE id IN (SELECT id FROM c)", ExpectedErr: "temporary table"},
			{Query: "CREATE TRIGGER tr BEFORE INSERT ON c FOR EACH ROW SET @n = 1", ExpectedErr: "temporary table"},
			{Query: "CREATE VIEW v AS SELECT id FROM src"},
			{Query: "SHOW TABLES", Expected: []Row{{"src"}, {"v"}}},
		},
	},
}

// TemporaryIndexScripts are SQL script tests of simsql's functions and
// index kinds on temporary tables.
var TemporaryIndexScripts = []ScriptTest{
	{
		Name: "SimHash, MinHash and B-tree indexes of a temporary table",
		SetUpScript: []string{
			// A base table of the same name whose rows must not be read.
			"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)",
			"INSERT INTO d (id, body) VALUES (100, 'the quick brown fox jumps over the lazy dog')",
			"CREATE TEMPORARY TABLE d (id INT PRIMARY KEY, body TEXT, v VARCHAR(10)," +
				" fp BIGINT UNSIGNED AS (simhash(body)) STORED," +
				" sig VARBINARY(1038) AS (minhash(body)) STORED," +
				" INDEX fp_k3 (fp) COMMENT 'simhash k=3', INDEX sig_j80 (sig) COMMENT 'minhash t=0.8', INDEX iv (v))",
			"INSERT INTO d (id, body, v) VALUES" +
				" (1, 'the quick brown fox jumps over the lazy dog', 'a')," +
				" (2, 'the quick brown fox jumps over the lazy dog', 'b')," +
				" (3, '床前明月光，疑是地上霜。举头望明月，低头思故乡。', 'a')",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM d WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3 ORDER BY id",
				Expected: []Row{{1}, {2}}, ExpectedIndexes: []string{"simhash index fp_k3"}},
			{Query: "SELECT id FROM d WHERE jaccard(body, '床前明月光，疑是地上霜。举头望明月，低头思故乡。') >= 0.8",
				Expected: []Row{{3}}, ExpectedIndexes: []string{"minhash index sig_j80"}},
			{Query: "SELECT id FROM d WHERE v = 'a' ORDER BY id", Expected: []Row{{1}, {3}}, ExpectedIndexes: []string{"d.v"}},
			{Query: "SELECT * FROM near_duplicates('d', 'fp', 3)", Expected: []Row{{1, 2, 0}}},
			{Query: "SELECT COUNT(*) FROM near_duplicates('d', 'body', 0.8)", Expected: []Row{{1}}},
			{Query: "BEGIN"},
			{Query: "DELETE FROM d WHERE id = 2"},
			{Query: "SELECT COUNT(*) FROM near_duplicates('d', 'fp', 3)", Expected: []Row{{0}}},
			{Query: "ROLLBACK"},
			{Query: "SELECT id FROM d WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3 ORDER BY id",
				Expected: []Row{{1}, {2}}, ExpectedIndexes: []string{"simhash index fp_k3"}},
			{Query: "DROP TEMPORARY TABLE d"},
			{Query: "SELECT id FROM d WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3", Expected: []Row{{100}}},
		},
	},
}
