package sqltests

// MySQL's foreign-key errors as errConn words them, for the tables p
// (id) and c (pid) of the scripts below.
const (
	fkChildErr  = "1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`db`.`c`, CONSTRAINT `c_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)"
	fkParentErr = "1451 (23000): Cannot delete or update a parent row: a foreign key constraint fails (`db`.`c`, CONSTRAINT `c_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`)"
)

// fkTables creates parent p and child c, whose constraint c_ibfk_1 has the
// actions given ("" for none), with parents 1, 2, 3 and children 10 → 1,
// 11 → 1, 12 → 2, 13 → NULL.
func fkTables(actions string) []string {
	return []string{
		"CREATE TABLE p (id INT PRIMARY KEY, name VARCHAR(20))",
		"CREATE TABLE c (id INT PRIMARY KEY, pid INT, note VARCHAR(20), FOREIGN KEY (pid) REFERENCES p (id)" + actions + ")",
		"INSERT INTO p VALUES (1, 'one'), (2, 'two'), (3, 'three')",
		"INSERT INTO c VALUES (10, 1, 'a'), (11, 1, 'b'), (12, 2, 'c'), (13, NULL, 'd')",
	}
}

// ForeignKeyScripts are SQL script tests of foreign keys where MySQL 8 and
// MariaDB 10.11 agree; TestForeignKeyScripts runs them on MariaDB too.
var ForeignKeyScripts = []ScriptTest{
	{
		Name:        "foreign key without actions restricts",
		SetUpScript: fkTables(""),
		Assertions: []Assertion{
			{Query: "INSERT INTO c VALUES (20, 4, 'x')", ExpectedErr: fkChildErr + ")"},
			{Query: "INSERT INTO c VALUES (20, 3, 'x'), (21, NULL, 'y')"},
			{Query: "UPDATE c SET pid = 9 WHERE id = 20", ExpectedErr: fkChildErr + ")"},
			{Query: "UPDATE c SET pid = 2 WHERE id = 20"},
			{Query: "DELETE FROM p WHERE id = 1", ExpectedErr: fkParentErr + ")"},
			{Query: "UPDATE p SET id = 5 WHERE id = 1", ExpectedErr: fkParentErr + ")"},
			{Query: "UPDATE p SET name = 'uno' WHERE id = 1"}, // the key does not change
			{Query: "DELETE FROM p WHERE id = 3"},             // no child left
			{Query: "REPLACE INTO p VALUES (2, 'deux')", ExpectedErr: fkParentErr + ")"},
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{10, 1}, {11, 1}, {12, 2}, {13, nil}, {20, 2}, {21, nil}}},
			{Query: "SELECT id, name FROM p ORDER BY id", Expected: []Row{{1, "uno"}, {2, "two"}}},
		},
	},
	{
		Name:        "a failed row rolls back its whole statement",
		SetUpScript: fkTables(""),
		Assertions: []Assertion{
			{Query: "INSERT INTO c VALUES (20, 1, 'x'), (21, 7, 'y')", ExpectedErr: fkChildErr + ")"},
			{Query: "DELETE FROM p", ExpectedErr: fkParentErr + ")"},
			{Query: "UPDATE c SET pid = pid + 2", ExpectedErr: fkChildErr + ")"}, // 10 and 11 → 3, then 12 → 4 fails
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{10, 1}, {11, 1}, {12, 2}, {13, nil}}},
			{Query: "SELECT COUNT(*) FROM p", Expected: []Row{{3}}},
			{Query: "BEGIN"},
			{Query: "INSERT INTO p VALUES (7, 'seven')"},
			{Query: "INSERT INTO c VALUES (30, 7, 'z')"},
			{Query: "INSERT INTO c VALUES (31, 8, 'z')", ExpectedErr: fkChildErr + ")"},
			{Query: "ROLLBACK"},
			{Query: "SELECT COUNT(*) FROM c WHERE id >= 30", Expected: []Row{{0}}},
			{Query: "SELECT COUNT(*) FROM p WHERE id = 7", Expected: []Row{{0}}},
		},
	},
	{
		Name:        "ON DELETE CASCADE ON UPDATE CASCADE",
		SetUpScript: fkTables(" ON DELETE CASCADE ON UPDATE CASCADE"),
		Assertions: []Assertion{
			{Query: "UPDATE p SET id = 5 WHERE id = 1"},
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{10, 5}, {11, 5}, {12, 2}, {13, nil}}},
			{Query: "DELETE FROM p WHERE id = 5"},
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{12, 2}, {13, nil}}},
			{Query: "DELETE FROM p"},
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{13, nil}}},
			{Query: "INSERT INTO c VALUES (20, 1, 'x')", ExpectedErr: fkChildErr + " ON DELETE CASCADE ON UPDATE CASCADE)"},
		},
	},
	{
		Name:        "ON DELETE SET NULL ON UPDATE SET NULL",
		SetUpScript: fkTables(" ON DELETE SET NULL ON UPDATE SET NULL"),
		Assertions: []Assertion{
			{Query: "UPDATE p SET id = 5 WHERE id = 1"},
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{10, nil}, {11, nil}, {12, 2}, {13, nil}}},
			{Query: "DELETE FROM p WHERE id = 2"},
			{Query: "SELECT id, pid, note FROM c ORDER BY id", Expected: []Row{{10, nil, "a"}, {11, nil, "b"}, {12, nil, "c"}, {13, nil, "d"}}},
			{Query: "SELECT id FROM p ORDER BY id", Expected: []Row{{3}, {5}}},
		},
	},
	{
		Name:        "ON DELETE CASCADE ON UPDATE RESTRICT",
		SetUpScript: fkTables(" ON DELETE CASCADE ON UPDATE RESTRICT"),
		Assertions: []Assertion{
			{Query: "UPDATE p SET id = 5 WHERE id = 1", ExpectedErr: fkParentErr + " ON DELETE CASCADE)"},
			{Query: "DELETE FROM p WHERE id = 1"},
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{12, 2}, {13, nil}}},
		},
	},
	{
		Name:        "ON DELETE NO ACTION ON UPDATE NO ACTION",
		SetUpScript: fkTables(" ON DELETE NO ACTION ON UPDATE NO ACTION"),
		Assertions: []Assertion{
			{Query: "DELETE FROM p WHERE id = 2", ExpectedErr: fkParentErr + " ON DELETE NO ACTION ON UPDATE NO ACTION)"},
			{Query: "UPDATE p SET id = 6 WHERE id = 2", ExpectedErr: fkParentErr + " ON DELETE NO ACTION ON UPDATE NO ACTION)"},
			{Query: "INSERT INTO c VALUES (20, 4, 'x')", ExpectedErr: fkChildErr + " ON DELETE NO ACTION ON UPDATE NO ACTION)"},
			{Query: "DELETE FROM p WHERE id = 3"},
		},
	},
	{
		Name: "a self-referencing table",
		SetUpScript: []string{
			"CREATE TABLE emp (id INT PRIMARY KEY, boss INT, CONSTRAINT emp_boss FOREIGN KEY (boss) REFERENCES emp (id) ON DELETE CASCADE)",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO emp VALUES (1, NULL), (2, 1), (3, 2), (4, 4), (5, 3)"},
			{Query: "INSERT INTO emp VALUES (6, 9)", ExpectedErr: "1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`db`.`emp`, CONSTRAINT `emp_boss` FOREIGN KEY (`boss`) REFERENCES `emp` (`id`) ON DELETE CASCADE)"},
			{Query: "DELETE FROM emp WHERE id = 2"},
			{Query: "SELECT id, boss FROM emp ORDER BY id", Expected: []Row{{1, nil}, {4, 4}}},
			{Query: "DELETE FROM emp WHERE id = 4"},
			{Query: "UPDATE emp SET id = 7 WHERE id = 1"}, // no child
			{Query: "SELECT id, boss FROM emp ORDER BY id", Expected: []Row{{7, nil}}},
		},
	},
	{
		Name: "composite keys, the parent's secondary unique index",
		SetUpScript: []string{
			"CREATE TABLE p (id INT PRIMARY KEY, a INT, b VARCHAR(10), UNIQUE KEY ab (a, b))",
			"CREATE TABLE c (id INT PRIMARY KEY, x VARCHAR(10), y INT, CONSTRAINT cxy FOREIGN KEY (y, x) REFERENCES p (a, b) ON DELETE CASCADE)",
			"INSERT INTO p VALUES (1, 10, 'k'), (2, 20, 'k')",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO c VALUES (1, 'k', 10), (2, 'k', 20), (3, NULL, 30), (4, 'k', 20)"},
			{Query: "INSERT INTO c VALUES (5, 'j', 10)", ExpectedErr: "1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`db`.`c`, CONSTRAINT `cxy` FOREIGN KEY (`y`, `x`) REFERENCES `p` (`a`, `b`) ON DELETE CASCADE)"},
			{Query: "DELETE FROM p WHERE a = 20"},
			{Query: "SELECT id FROM c ORDER BY id", Expected: []Row{{1}, {3}}},
		},
	},
	{
		Name: "FOREIGN_KEY_CHECKS = 0: a child before its parent, rows not checked, no cascade",
		SetUpScript: []string{
			"SET FOREIGN_KEY_CHECKS = 0",
			"CREATE TABLE c (id INT PRIMARY KEY, pid INT, FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE)",
			"INSERT INTO c VALUES (10, 1), (11, 2), (12, 9)",
			"CREATE TABLE p (id INT PRIMARY KEY)",
			"INSERT INTO p VALUES (1), (2)",
			"SET FOREIGN_KEY_CHECKS = 1",
		},
		Assertions: []Assertion{
			{Query: "SELECT id, pid FROM c ORDER BY id", Expected: []Row{{10, 1}, {11, 2}, {12, 9}}}, // not checked again
			{Query: "INSERT INTO c VALUES (13, 8)", ExpectedErr: fkChildErr + " ON DELETE CASCADE)"},
			{Query: "DELETE FROM p WHERE id = 1"},
			{Query: "SELECT id FROM c ORDER BY id", Expected: []Row{{11}, {12}}},
			{Query: "SET FOREIGN_KEY_CHECKS = 0"},
			{Query: "DELETE FROM p WHERE id = 2"}, // no cascade with the checks off
			{Query: "INSERT INTO c VALUES (13, 8)"},
			{Query: "SELECT id FROM c ORDER BY id", Expected: []Row{{11}, {12}, {13}}},
			{Query: "SET FOREIGN_KEY_CHECKS = 1"},
		},
	},
	{
		// InnoDB: an ON UPDATE CASCADE that reaches a table the cascade is
		// already updating fails; ON DELETE CASCADE goes on, at most 14
		// levels below the statement's row.
		Name: "cyclic ON UPDATE CASCADE and the cascade depth",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, up INT, FOREIGN KEY (up) REFERENCES t (id) ON UPDATE CASCADE ON DELETE CASCADE)",
			"INSERT INTO t VALUES (1, NULL), (2, 1), (3, 2), (4, 3), (5, 4), (6, 5), (7, 6), (8, 7), (9, 8), (10, 9), (11, 10), (12, 11), (13, 12), (14, 13), (15, 14)",
		},
		Assertions: []Assertion{
			{Query: "UPDATE t SET id = 100 WHERE id = 15"}, // no child
			{Query: "UPDATE t SET id = 50 WHERE id = 14", ExpectedErr: "1451 (23000): Cannot delete or update a parent row: a foreign key constraint fails (`db`.`t`, CONSTRAINT `t_ibfk_1` FOREIGN KEY (`up`) REFERENCES `t` (`id`) ON DELETE CASCADE ON UPDATE CASCADE)"},
			{Query: "INSERT INTO t VALUES (16, 100)"},
			{Query: "DELETE FROM t WHERE id = 1", ExpectedErr: " (HY000): "}, // MySQL 8: 3008 (simsql too); MariaDB: 1296 "Got error 193"
			{Query: "SELECT COUNT(*) FROM t", Expected: []Row{{16}}},
			{Query: "DELETE FROM t WHERE id = 2"},
			{Query: "SELECT id FROM t", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: dropping the primary key's column panicked in
		// catalog (go-mysql-server leaves ordinal −1 in the key).
		Name:        "DROP COLUMN of the primary key's column",
		SetUpScript: []string{"CREATE TABLE k (id INT PRIMARY KEY, v INT)", "INSERT INTO k VALUES (1, 10), (2, 20)"},
		Assertions: []Assertion{
			{Query: "ALTER TABLE k DROP COLUMN id"},
			{Query: "SELECT v FROM k ORDER BY v", Expected: []Row{{10}, {20}}},
			{Query: "INSERT INTO k VALUES (10)"},
			{Query: "SELECT COUNT(*) FROM k", Expected: []Row{{3}}},
		},
	},
	{
		Name:        "INSERT IGNORE skips a row without a parent",
		SetUpScript: fkTables(""),
		Assertions: []Assertion{
			{Query: "INSERT IGNORE INTO c VALUES (20, 9, 'x'), (21, 3, 'y')"},
			{Query: "SELECT id, pid FROM c WHERE id >= 20 ORDER BY id", Expected: []Row{{21, 3}}},
		},
	},
	{
		Name:        "DROP INDEX of a foreign key's index, DROP FOREIGN KEY",
		SetUpScript: fkTables(""),
		Assertions: []Assertion{
			{Query: "ALTER TABLE c DROP INDEX pid", ExpectedErr: "1553 (HY000): Cannot drop index 'pid': needed in a foreign key constraint"},
			{Query: "ALTER TABLE c DROP FOREIGN KEY c_ibfk_1"},
			{Query: "ALTER TABLE c DROP INDEX pid"},
			{Query: "INSERT INTO c VALUES (20, 9, 'x')"},
			{Query: "ALTER TABLE c ADD CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p (id)", ExpectedErr: "1452 (23000)"},
			{Query: "DELETE FROM c WHERE id = 20"},
			{Query: "ALTER TABLE c ADD CONSTRAINT c_p FOREIGN KEY (pid) REFERENCES p (id)"},
			{Query: "INSERT INTO c VALUES (20, 9, 'x')", ExpectedErr: "1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`db`.`c`, CONSTRAINT `c_p` FOREIGN KEY (`pid`) REFERENCES `p` (`id`))"},
			{Query: "SELECT CONSTRAINT_NAME, TABLE_NAME, REFERENCED_TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE()", Expected: []Row{{"c_p", "c", "p"}}},
			{Query: "SELECT CONSTRAINT_NAME, COLUMN_NAME, ORDINAL_POSITION, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL",
				Expected: []Row{{"c_p", "pid", 1, "p", "id"}}},
		},
	},
	{
		Name:        "TRUNCATE of a referenced table",
		SetUpScript: fkTables(" ON DELETE CASCADE"),
		Assertions: []Assertion{
			{Query: "TRUNCATE TABLE p", ExpectedErr: "1701 (42000)"},
			{Query: "TRUNCATE TABLE c"},
			{Query: "SELECT COUNT(*) FROM p", Expected: []Row{{3}}},
		},
	},
}

// ForeignKeyMySQLScripts are SQL script tests of foreign keys where
// MariaDB 10.11 answers unlike MySQL 8 (simsql answers as MySQL 8), or
// that use simsql's own functions and indexes.
var ForeignKeyMySQLScripts = []ScriptTest{
	{
		// A cascade writes through the child's editor, so the entries of
		// its simhash and minhash indexes go with its rows: each lookup
		// through an index returns what a scan without it returns.
		Name: "cascades keep simhash and minhash indexes exact",
		SetUpScript: []string{
			"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, " +
				"sig VARBINARY(1038) AS (minhash(body)) STORED, INDEX fp_k3 (fp) COMMENT 'simhash k=3', INDEX sig_j80 (sig) COMMENT 'minhash t=0.8')",
			"CREATE TABLE notes (id INT PRIMARY KEY, doc INT, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, " +
				"sig VARBINARY(1038) AS (minhash(body)) STORED, INDEX fp_k3 (fp) COMMENT 'simhash k=3', INDEX sig_j80 (sig) COMMENT 'minhash t=0.8', " +
				"FOREIGN KEY (doc) REFERENCES docs (id) ON DELETE CASCADE ON UPDATE CASCADE)",
			"INSERT INTO docs (id, body) VALUES (1, 'the quick brown fox jumps over the lazy dog'), (2, 'a completely different text about databases and indexes'), (3, 'the quick brown fox jumps over the lazy dog')",
			"INSERT INTO notes (id, doc, body) VALUES (10, 1, 'the quick brown fox jumps over the lazy dog'), (11, 1, 'the quick brown fox jumps over the lazy dog'), " +
				"(12, 2, 'the quick brown fox jumps over the lazy dog'), (13, 3, 'a completely different text about databases and indexes'), (14, 2, 'a completely different text about databases and indexes')",
		},
		Assertions: []Assertion{
			{Query: "DELETE FROM docs WHERE id = 1"},
			{Query: "UPDATE docs SET id = 5 WHERE id = 2"},
			{Query: "SELECT id FROM notes WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3 ORDER BY id",
				Expected: []Row{{12}}, ExpectedIndexes: []string{"simhash index fp_k3"}},
			{Query: "SELECT id FROM notes IGNORE INDEX (fp_k3, sig_j80) WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3 ORDER BY id",
				Expected: []Row{{12}}, ExpectedIndexes: []string{"notes.id"}},
			{Query: "SELECT id FROM notes WHERE minhash_jaccard(sig, 'a completely different text about databases and indexes') >= 0.8 ORDER BY id",
				Expected: []Row{{13}, {14}}, ExpectedIndexes: []string{"minhash index sig_j80"}},
			{Query: "SELECT id, doc FROM notes IGNORE INDEX (fp_k3, sig_j80) ORDER BY id", Expected: []Row{{12, 5}, {13, 3}, {14, 5}}},
			{Query: "SELECT a.id, b.id FROM notes a JOIN notes b ON hamming(a.fp, b.fp) <= 3 AND a.id < b.id ORDER BY a.id, b.id", Expected: []Row{{13, 14}}},
			{Query: "SELECT id FROM docs WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) <= 3", Expected: []Row{{3}}, ExpectedIndexes: []string{"simhash index fp_k3"}},
			{Query: "DELETE FROM docs"},
			{Query: "SELECT COUNT(*) FROM notes WHERE hamming(fp, simhash('a completely different text about databases and indexes')) <= 3", Expected: []Row{{0}}},
			{Query: "SELECT COUNT(*) FROM notes WHERE minhash_jaccard(sig, 'the quick brown fox jumps over the lazy dog') >= 0.8", Expected: []Row{{0}}},
		},
	},
	{
		Name:        "DROP TABLE of a referenced table",
		SetUpScript: fkTables(""),
		Assertions: []Assertion{
			// MariaDB: 1451.
			{Query: "DROP TABLE p", ExpectedErr: "3730 (HY000): Cannot drop table 'p' referenced by a foreign key constraint 'c_ibfk_1' on table 'c'."},
			{Query: "DROP TABLE p, c"},
			{Query: "SHOW TABLES", Expected: []Row{}},
		},
	},
	{
		Name: "SHOW CREATE TABLE, information_schema, named and unnamed constraints",
		SetUpScript: []string{
			"CREATE TABLE p (id INT PRIMARY KEY, name VARCHAR(20))",
			"CREATE TABLE c (id INT PRIMARY KEY, pid INT, pid2 INT, CONSTRAINT named1 FOREIGN KEY (pid2) REFERENCES p (id) ON UPDATE SET NULL, " +
				"FOREIGN KEY (pid) REFERENCES p (id) ON DELETE CASCADE, FOREIGN KEY (pid2) REFERENCES p (id) ON DELETE NO ACTION ON UPDATE RESTRICT)",
		},
		Assertions: []Assertion{
			// MySQL 8 writes RESTRICT, CASCADE and SET NULL, not NO ACTION
			// (MariaDB writes NO ACTION and not RESTRICT). The index of an
			// unnamed constraint is named after its first column, that of
			// a named one after the constraint.
			{Query: "SHOW CREATE TABLE c", Expected: []Row{{"c", "CREATE TABLE `c` (\n  `id` int NOT NULL,\n  `pid` int DEFAULT NULL,\n  `pid2` int DEFAULT NULL,\n  PRIMARY KEY (`id`),\n" +
				"  KEY `named1` (`pid2`),\n  KEY `pid` (`pid`),\n" +
				"  CONSTRAINT `named1` FOREIGN KEY (`pid2`) REFERENCES `p` (`id`) ON UPDATE SET NULL,\n" +
				"  CONSTRAINT `c_ibfk_1` FOREIGN KEY (`pid`) REFERENCES `p` (`id`) ON DELETE CASCADE,\n" +
				"  CONSTRAINT `c_ibfk_2` FOREIGN KEY (`pid2`) REFERENCES `p` (`id`) ON UPDATE RESTRICT\n" +
				") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
			{Query: "SELECT CONSTRAINT_NAME, UNIQUE_CONSTRAINT_NAME, UPDATE_RULE, DELETE_RULE, TABLE_NAME, REFERENCED_TABLE_NAME FROM information_schema.REFERENTIAL_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = DATABASE() ORDER BY CONSTRAINT_NAME",
				Expected: []Row{{"c_ibfk_1", "PRIMARY", "NO ACTION", "CASCADE", "c", "p"}, {"c_ibfk_2", "PRIMARY", "RESTRICT", "NO ACTION", "c", "p"}, {"named1", "PRIMARY", "SET NULL", "NO ACTION", "c", "p"}}},
			{Query: "SELECT CONSTRAINT_NAME, COLUMN_NAME, POSITION_IN_UNIQUE_CONSTRAINT, REFERENCED_TABLE_SCHEMA = DATABASE(), REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'c' ORDER BY CONSTRAINT_NAME",
				Expected: []Row{{"c_ibfk_1", "pid", 1, 1, "p", "id"}, {"c_ibfk_2", "pid2", 1, 1, "p", "id"}, {"named1", "pid2", 1, 1, "p", "id"}, {"PRIMARY", "id", nil, nil, nil, nil}}},
			{Query: "SELECT CONSTRAINT_NAME, CONSTRAINT_TYPE FROM information_schema.TABLE_CONSTRAINTS WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'c' ORDER BY CONSTRAINT_NAME",
				Expected: []Row{{"c_ibfk_1", "FOREIGN KEY"}, {"c_ibfk_2", "FOREIGN KEY"}, {"named1", "FOREIGN KEY"}, {"PRIMARY", "PRIMARY KEY"}}},
			{Query: "CREATE TABLE d (id INT PRIMARY KEY, x INT, CONSTRAINT named1 FOREIGN KEY (x) REFERENCES p (id))", ExpectedErr: "1826 (HY000): Duplicate foreign key constraint name 'named1'"},
			{Query: "ALTER TABLE c DROP FOREIGN KEY nope", ExpectedErr: "1091 (42000): Can't DROP 'nope'; check that column/key exists"},
			{Query: "CREATE TABLE e (id INT PRIMARY KEY, x INT, FOREIGN KEY (x) REFERENCES p (id) ON DELETE SET DEFAULT)", ExpectedErr: "1215 (HY000): Cannot add foreign key constraint"},
			{Query: "CREATE TABLE e (id INT PRIMARY KEY, x INT NOT NULL, FOREIGN KEY (x) REFERENCES p (id) ON DELETE SET NULL)", ExpectedErr: "1830 (HY000)"},
			{Query: "CREATE TABLE e (id INT PRIMARY KEY, x VARCHAR(3), FOREIGN KEY (x) REFERENCES p (id))", ExpectedErr: "3780 (HY000)"},
			{Query: "CREATE TABLE e (id INT PRIMARY KEY, x INT, FOREIGN KEY (x) REFERENCES p (name))", ExpectedErr: "3780 (HY000)"},
			{Query: "SHOW TABLES", Expected: []Row{{"c"}, {"p"}}},
		},
	},
	{
		Name:        "ALTER TABLE and RENAME TABLE keep the constraints",
		SetUpScript: fkTables(" ON DELETE CASCADE"),
		Assertions: []Assertion{
			{Query: "ALTER TABLE p RENAME COLUMN id TO ident"},
			{Query: "ALTER TABLE c CHANGE pid parent INT"},
			{Query: "RENAME TABLE p TO q"},
			{Query: "ALTER TABLE c ADD COLUMN extra INT"},
			{Query: "SELECT CONSTRAINT_NAME, COLUMN_NAME, REFERENCED_TABLE_NAME, REFERENCED_COLUMN_NAME FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = DATABASE() AND REFERENCED_TABLE_NAME IS NOT NULL",
				Expected: []Row{{"c_ibfk_1", "parent", "q", "ident"}}},
			{Query: "INSERT INTO c (id, parent) VALUES (20, 9)", ExpectedErr: "1452 (23000): Cannot add or update a child row: a foreign key constraint fails (`db`.`c`, CONSTRAINT `c_ibfk_1` FOREIGN KEY (`parent`) REFERENCES `q` (`ident`) ON DELETE CASCADE)"},
			{Query: "DELETE FROM q WHERE ident = 1"},
			{Query: "SELECT id FROM c ORDER BY id", Expected: []Row{{12}, {13}}},
			{Query: "ALTER TABLE c DROP COLUMN parent", ExpectedErr: "1828 (HY000): Cannot drop column 'parent': needed in a foreign key constraint 'c_ibfk_1'"},
			{Query: "ALTER TABLE q DROP COLUMN ident", ExpectedErr: "1829 (HY000): Cannot drop column 'ident': needed in a foreign key constraint 'c_ibfk_1' of table 'c'"},
			{Query: "ALTER TABLE c MODIFY parent BIGINT", ExpectedErr: "3780 (HY000)"},
			{Query: "ALTER TABLE q DROP PRIMARY KEY", ExpectedErr: "1553 (HY000): Cannot drop index 'PRIMARY': needed in a foreign key constraint"},
		},
	},
}
