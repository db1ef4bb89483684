package sqltests

// KeyScripts are regression tests for statements that change keys and for
// the DDL of keys (issue 11, item 14), with MySQL's answers (checked on
// MariaDB 10.11 where it agrees; where MySQL 8 and MariaDB differ, the
// comment says which is held).
var KeyScripts = []ScriptTest{
	{
		// go-mysql-server runs INSERT IGNORE and UPDATE IGNORE one row at a
		// time; the editor wrote each row at once, into the table the
		// statement was still scanning, which then met the rows it had moved:
		// UPDATE IGNORE t SET pk = pk + 100 on 4 rows ran until killed.
		Name: "UPDATE IGNORE and INSERT IGNORE that change keys end",
		SetUpScript: []string{
			"CREATE TABLE t (pk INT PRIMARY KEY, v INT)",
			"INSERT INTO t VALUES (1,1),(2,2),(3,3),(4,4)",
		},
		Assertions: []Assertion{
			{Query: "UPDATE IGNORE t SET pk = pk + 100"},
			{Query: "SELECT pk, v FROM t", Expected: []Row{{101, 1}, {102, 2}, {103, 3}, {104, 4}}},
			{Query: "INSERT IGNORE INTO t SELECT pk + 100, v FROM t"},
			{Query: "SELECT pk FROM t", Expected: []Row{{101}, {102}, {103}, {104}, {201}, {202}, {203}, {204}}},
			// Row by row in key order: 101→102, 102→103 and 103→104 meet a
			// key still there and are skipped; 104→105 is free.
			{Query: "UPDATE IGNORE t SET pk = pk + 1 WHERE pk < 200"},
			{Query: "SELECT pk, v FROM t WHERE pk < 200", Expected: []Row{{101, 1}, {102, 2}, {103, 3}, {105, 4}}},
			{Query: "UPDATE t SET pk = pk - 100"},
			{Query: "SELECT COUNT(*), MIN(pk), MAX(pk) FROM t", Expected: []Row{{8, 1, 104}}},
		},
	},
	{
		Name: "UPDATE IGNORE through a secondary index and on a unique index",
		SetUpScript: []string{
			"CREATE TABLE w (pk INT PRIMARY KEY, a INT, u INT, KEY a_i (a), UNIQUE KEY u_u (u))",
			"INSERT INTO w VALUES (1,1,1),(2,2,2),(3,3,3),(4,4,5)",
		},
		Assertions: []Assertion{
			{Query: "UPDATE IGNORE w SET a = a + 100 WHERE a > 0"},
			{Query: "SELECT pk, a FROM w", Expected: []Row{{1, 101}, {2, 102}, {3, 103}, {4, 104}}},
			{Query: "SELECT pk FROM w WHERE a > 100", Expected: []Row{{1}, {2}, {3}, {4}}, ExpectedIndexes: []string{"w.a"}},
			// 1→2 and 2→3 meet values still there; 3→4 and 5→6 are free.
			{Query: "UPDATE IGNORE w SET u = u + 1"},
			{Query: "SELECT pk, u FROM w", Expected: []Row{{1, 1}, {2, 2}, {3, 4}, {4, 6}}},
			{Query: "SELECT pk FROM w WHERE u = 4", Expected: []Row{{3}}, ExpectedIndexes: []string{"w.u"}},
			{Query: "SELECT pk FROM w WHERE u = 3", Expected: nil},
		},
	},
	{
		// go-mysql-server gives INSERT IGNORE … ON DUPLICATE KEY UPDATE a
		// second editor for the updates and never completes its statement:
		// the update was lost.
		Name: "INSERT IGNORE ... ON DUPLICATE KEY UPDATE keeps the update",
		SetUpScript: []string{
			"CREATE TABLE od (pk INT PRIMARY KEY, v VARCHAR(10))",
			"INSERT INTO od VALUES (1, 'a')",
		},
		Assertions: []Assertion{
			{Query: "INSERT IGNORE INTO od VALUES (1, 'x'), (2, 'b') ON DUPLICATE KEY UPDATE v = 'y'"},
			{Query: "SELECT pk, v FROM od", Expected: []Row{{1, "y"}, {2, "b"}}},
		},
	},
	{
		Name: "INSERT IGNORE skips only the rows that clash, and rolls back whole",
		SetUpScript: []string{
			"CREATE TABLE s (pk INT PRIMARY KEY, u INT, UNIQUE KEY u_u (u))",
			"INSERT INTO s VALUES (1, 10)",
		},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			// (3, 10) clashes with a stored row, (2, 22) with one of this
			// statement's own.
			{Query: "INSERT IGNORE INTO s VALUES (2, 20), (3, 10), (4, 40), (2, 22), (5, 20), (6, 60)"},
			{Query: "SELECT pk, u FROM s", Expected: []Row{{1, 10}, {2, 20}, {4, 40}, {6, 60}}},
			{Query: "SELECT pk FROM s WHERE u = 60", Expected: []Row{{6}}, ExpectedIndexes: []string{"s.u"}},
			{Query: "ROLLBACK"},
			{Query: "SELECT pk, u FROM s", Expected: []Row{{1, 10}}},
		},
	},
	{
		Name: "join forms of UPDATE that change keys",
		SetUpScript: []string{
			"CREATE TABLE j1 (pk INT PRIMARY KEY, v INT)",
			"CREATE TABLE j2 (pk INT PRIMARY KEY, v INT)",
			"INSERT INTO j1 VALUES (1,1),(2,2),(3,3),(4,4)",
			"INSERT INTO j2 VALUES (1,1),(2,2),(3,3),(4,4)",
		},
		Assertions: []Assertion{
			{Query: "UPDATE IGNORE j1 JOIN j2 ON j1.v = j2.v SET j1.pk = j1.pk + 100"},
			{Query: "SELECT pk, v FROM j1", Expected: []Row{{101, 1}, {102, 2}, {103, 3}, {104, 4}}},
			{Query: "UPDATE j1 JOIN j2 ON j1.v = j2.v SET j1.pk = j1.pk + 100"},
			{Query: "SELECT pk, v FROM j1", Expected: []Row{{201, 1}, {202, 2}, {203, 3}, {204, 4}}},
			{Query: "UPDATE IGNORE j2 a JOIN j2 b ON a.pk = b.pk SET a.pk = a.pk + 100"},
			{Query: "SELECT pk FROM j2", Expected: []Row{{101}, {102}, {103}, {104}}},
		},
	},
	{
		Name: "savepoint names are case-insensitive",
		SetUpScript: []string{
			"CREATE TABLE sp (id INT PRIMARY KEY)",
		},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			{Query: "INSERT INTO sp VALUES (1)"},
			{Query: "SAVEPOINT spa1"},
			{Query: "INSERT INTO sp VALUES (2)"},
			{Query: "ROLLBACK TO Spa1"},
			{Query: "SELECT id FROM sp", Expected: []Row{{1}}},
			{Query: "SAVEPOINT B"},
			{Query: "INSERT INTO sp VALUES (3)"},
			{Query: "ROLLBACK TO SAVEPOINT b"},
			{Query: "SAVEPOINT c"},
			{Query: "RELEASE SAVEPOINT C"},
			{Query: "ROLLBACK TO SAVEPOINT c", ExpectedErr: "SAVEPOINT c does not exist"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM sp", Expected: []Row{{1}}},
		},
	},
	{
		// go-mysql-server names an unnamed key after its first column, from
		// the keys of the Table value it creates them on, which did not see
		// the keys it had just created ("Duplicate key name 'i'"); and ALTER
		// TABLE names a column's UNIQUE after the column
		// (compat_column_unique_name.go).
		Name: "a second unnamed unique key is named i_2",
		SetUpScript: []string{
			"CREATE TABLE uq (id INT PRIMARY KEY, i INT, UNIQUE KEY (i), UNIQUE KEY (i))",
			"CREATE TABLE o5 (id INT PRIMARY KEY, x INT, y INT, z INT, KEY (z), KEY (y), KEY (x), KEY (x, y))",
			"CREATE TABLE ch (id INT PRIMARY KEY, name VARCHAR(50), UNIQUE KEY (name))",
		},
		Assertions: []Assertion{
			{Query: "SELECT index_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'uq' ORDER BY index_name",
				Expected: []Row{{"i"}, {"i_2"}, {"PRIMARY"}}},
			{Query: "INSERT INTO uq VALUES (1, 1)"},
			{Query: "INSERT INTO uq VALUES (2, 1)", ExpectedErr: "'1' for key 'uq.i'"},
			{Query: "SELECT index_name, seq_in_index, column_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'o5' ORDER BY index_name, seq_in_index",
				Expected: []Row{{"PRIMARY", 1, "id"}, {"x", 1, "x"}, {"x_2", 1, "x"}, {"x_2", 2, "y"}, {"y", 1, "y"}, {"z", 1, "z"}}},
			// The parser of go-mysql-server 0.20 refuses CHANGE name name
			// unquoted (name is a keyword to it), so the names are quoted.
			{Query: "ALTER TABLE ch CHANGE `name` `name` VARCHAR(100) NOT NULL UNIQUE"},
			{Query: "ALTER TABLE ch ADD COLUMN c INT UNIQUE"},
			{Query: "ALTER TABLE ch MODIFY c BIGINT UNIQUE"},
			{Query: "SELECT index_name, column_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'ch' ORDER BY index_name",
				Expected: []Row{{"c", "c"}, {"c_2", "c"}, {"name", "name"}, {"name_2", "name"}, {"PRIMARY", "id"}}},
			{Query: "ALTER TABLE ch ADD UNIQUE KEY name (id)", ExpectedErr: "Duplicate key name 'name'"},
			{Query: "INSERT INTO ch VALUES (1, 'a', 1)"},
			{Query: "INSERT INTO ch VALUES (2, 'a', 2)", ExpectedErr: "'a' for key 'ch.name'"},
		},
	},
	{
		// MySQL keeps keys sorted (sql_table.cc, sort_keys): unique keys on
		// NOT NULL columns, whole before prefix, then unique keys with a
		// nullable column, then the others, each group in order of creation.
		// simsql listed them in order of creation, and a column's UNIQUE
		// (which go-mysql-server creates after the table's keys) last.
		Name: "SHOW CREATE TABLE lists keys in MySQL's order",
		SetUpScript: []string{
			"CREATE TABLE ko (id INT PRIMARY KEY, a INT NOT NULL, b INT, s VARCHAR(20) NOT NULL, UNIQUE KEY ub (b), KEY k (a, b), UNIQUE KEY us (s(3)), UNIQUE KEY ua (a), c INT UNIQUE)",
			"CREATE INDEX late ON ko (s)",
			"CREATE UNIQUE INDEX ulate ON ko (a, s)",
		},
		Assertions: []Assertion{
			{Query: "SHOW CREATE TABLE ko", Expected: []Row{{"ko", "CREATE TABLE `ko` (\n" +
				"  `id` int NOT NULL,\n  `a` int NOT NULL,\n  `b` int DEFAULT NULL,\n  `s` varchar(20) NOT NULL,\n  `c` int DEFAULT NULL,\n" +
				"  PRIMARY KEY (`id`),\n" +
				"  UNIQUE KEY `ua` (`a`),\n  UNIQUE KEY `ulate` (`a`,`s`),\n  UNIQUE KEY `us` (`s`(3)),\n" +
				"  UNIQUE KEY `ub` (`b`),\n  UNIQUE KEY `c` (`c`),\n" +
				"  KEY `k` (`a`,`b`),\n  KEY `late` (`s`)\n" +
				") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
			{Query: "SELECT index_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'ko' AND seq_in_index = 1",
				Expected: []Row{{"PRIMARY"}, {"ua"}, {"ulate"}, {"us"}, {"ub"}, {"c"}, {"k"}, {"late"}}},
			{Query: "DROP INDEX ua ON ko"},
			{Query: "ALTER TABLE ko ADD UNIQUE KEY ua (a)"},
			{Query: "SELECT index_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'ko' AND seq_in_index = 1",
				Expected: []Row{{"PRIMARY"}, {"ulate"}, {"ua"}, {"us"}, {"ub"}, {"c"}, {"k"}, {"late"}}},
		},
	},
	{
		// go-mysql-server's statistics recorded 0 rows and 0 distinct values
		// for simsql's tables, and its join planner divides by the distinct
		// count; ANALYZE TABLE of an empty table divided by its 0 buckets
		// (compat_stats_divide_by_zero.go).
		Name: "joins after ANALYZE TABLE",
		SetUpScript: []string{
			"CREATE TABLE d (n INT PRIMARY KEY)",
			"INSERT INTO d VALUES (0),(1),(2),(3),(4),(5),(6),(7),(8),(9)",
			"CREATE TABLE xy (x INT PRIMARY KEY, y INT, KEY (y))",
			"INSERT INTO xy SELECT n, n % 50 FROM (SELECT a.n * 1000 + b.n * 100 + c.n * 10 + e.n + 1 AS n FROM d a, d b, d c, d e) s WHERE n <= 5000",
			"ANALYZE TABLE xy",
			"CREATE TABLE one (x INT PRIMARY KEY, y INT, KEY (y))",
			"INSERT INTO one VALUES (1, 1)",
			"ANALYZE TABLE one",
			"CREATE TABLE e0 (x INT PRIMARY KEY, y INT, KEY (y))",
			"ANALYZE TABLE e0",
		},
		Assertions: []Assertion{
			{Query: "SELECT COUNT(*) FROM (SELECT a.y FROM xy a JOIN xy b ON a.y = b.y LIMIT 1) t", Expected: []Row{{1}}},
			{Query: "SELECT a.y, COUNT(*) FROM xy a JOIN xy b ON a.y = b.y WHERE a.x = 7 GROUP BY a.y", Expected: []Row{{7, 100}}},
			{Query: "SELECT a.y FROM one a JOIN one b ON a.y = b.y", Expected: []Row{{1}}},
			{Query: "SELECT a.y FROM e0 a JOIN e0 b ON a.y = b.y", Expected: nil},
			{Query: "SELECT COUNT(*) FROM xy a JOIN one b ON a.y = b.y", Expected: []Row{{100}}},
		},
	},
	{
		Name: "joins after ANALYZE TABLE of a table emptied",
		SetUpScript: []string{
			"CREATE TABLE xy (x INT PRIMARY KEY, y INT, KEY (y))",
			"INSERT INTO xy VALUES (1, 1), (2, 1), (3, 2)",
			"ANALYZE TABLE xy",
			"TRUNCATE TABLE xy",
			"ANALYZE TABLE xy",
		},
		Assertions: []Assertion{
			{Query: "SELECT a.y FROM xy a JOIN xy b ON a.y = b.y", Expected: nil},
			{Query: "INSERT INTO xy VALUES (4, 4)"},
			{Query: "SELECT a.x, b.x FROM xy a JOIN xy b ON a.y = b.y", Expected: []Row{{4, 4}}},
		},
	},
	{
		// go-mysql-server gave simsql no prefix lengths of a primary key,
		// and writes none in SHOW CREATE TABLE
		// (compat_prefix_primary_key.go).
		Name: "a prefix primary key is enforced",
		SetUpScript: []string{
			"CREATE TABLE pp (v VARCHAR(10), n INT, PRIMARY KEY (v(3))) COMMENT 'prefix key'",
			"INSERT INTO pp VALUES ('abcdef', 1)",
			"CREATE TABLE p2 (a VARCHAR(10), b VARCHAR(10), n INT, PRIMARY KEY (a, b(2)))",
			"INSERT INTO p2 VALUES ('x', 'abc', 1), ('y', 'abc', 2)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO pp VALUES ('abcxyz', 2)", ExpectedErr: "'abc' for key 'pp.PRIMARY'"},
			{Query: "INSERT INTO pp VALUES ('abd', 3), ('ab', 4)"},
			{Query: "SELECT v, n FROM pp", Expected: []Row{{"ab", 4}, {"abcdef", 1}, {"abd", 3}}},
			{Query: "SELECT n FROM pp WHERE v = 'abcdef'", Expected: []Row{{1}}, ExpectedIndexes: []string{"pp.v"}},
			{Query: "SELECT n FROM pp WHERE v = 'abcxyz'", Expected: nil, ExpectedIndexes: []string{"pp.v"}},
			{Query: "SELECT n FROM pp WHERE v IN ('abcdef', 'abcxyz', 'ab')", Expected: []Row{{4}, {1}}},
			{Query: "SELECT n FROM pp WHERE v > 'abc'", Expected: []Row{{1}, {3}}},
			// Same prefix: the row stays where it is.
			{Query: "UPDATE pp SET v = 'abcxyz' WHERE n = 1"},
			{Query: "SELECT v, n FROM pp WHERE v LIKE 'abc%'", Expected: []Row{{"abcxyz", 1}}},
			{Query: "UPDATE pp SET v = 'abd!' WHERE n = 4", ExpectedErr: "'abd' for key 'pp.PRIMARY'"},
			{Query: "INSERT INTO pp VALUES ('abcq', 5) ON DUPLICATE KEY UPDATE n = 10"},
			{Query: "SELECT v, n FROM pp WHERE v LIKE 'abc%'", Expected: []Row{{"abcxyz", 10}}},
			{Query: "REPLACE INTO pp VALUES ('abd?', 6)"},
			{Query: "SELECT v, n FROM pp", Expected: []Row{{"ab", 4}, {"abcxyz", 10}, {"abd?", 6}}},
			{Query: "DELETE FROM pp WHERE v = 'abd?'"},
			{Query: "SELECT COUNT(*) FROM pp", Expected: []Row{{2}}},
			{Query: "SHOW CREATE TABLE pp", Expected: []Row{{"pp", "CREATE TABLE `pp` (\n  `v` varchar(10) NOT NULL,\n  `n` int DEFAULT NULL,\n  PRIMARY KEY (`v`(3))\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci COMMENT='prefix key'"}}},
			{Query: "INSERT INTO p2 VALUES ('x', 'abz', 3)", ExpectedErr: "'x-ab' for key 'p2.PRIMARY'"},
			{Query: "INSERT INTO p2 VALUES ('x', 'a', 3)"},
			{Query: "SELECT a, b, n FROM p2", Expected: []Row{{"x", "a", 3}, {"x", "abc", 1}, {"y", "abc", 2}}},
			{Query: "SHOW CREATE TABLE p2", Expected: []Row{{"p2", "CREATE TABLE `p2` (\n  `a` varchar(10) NOT NULL,\n  `b` varchar(10) NOT NULL,\n  `n` int DEFAULT NULL,\n  PRIMARY KEY (`a`,`b`(2))\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
			// A column change keeps the key's prefix.
			{Query: "ALTER TABLE pp ADD COLUMN z INT FIRST"},
			{Query: "INSERT INTO pp (v, n) VALUES ('abcccc', 7)", ExpectedErr: "'abc' for key 'pp.PRIMARY'"},
			{Query: "SELECT v, n FROM pp", Expected: []Row{{"ab", 4}, {"abcxyz", 10}}},
		},
	},
}
