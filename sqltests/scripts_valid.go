package sqltests

// ValidQueryScripts are valid queries that go-mysql-server 0.20 refused or
// panicked on (issue 11 item 8); each answer is MySQL's, and
// TestValidQueryScripts runs them on MariaDB too.
var ValidQueryScripts = []ScriptTest{
	{
		// Regression: each side is a lookup of one row by the primary key,
		// which made go-mysql-server flag the whole statement as returning
		// at most one row; the server then refused the second row with
		// "result max1Row iterator returned more than one row"
		// (compat/max1row.go).
		Name: "UNION of unique-key lookups",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, v INT, UNIQUE KEY uv (v))",
			"INSERT INTO t VALUES (1, 10), (2, 20), (3, 30), (4, 40)",
		},
		Assertions: []Assertion{
			{Query: "SELECT id FROM t WHERE id = 2 UNION SELECT id FROM t WHERE id = 3 ORDER BY id", Expected: []Row{{2}, {3}}},
			{Query: "SELECT id FROM t WHERE id = 2 UNION ALL SELECT id FROM t WHERE id = 2", Expected: []Row{{2}, {2}}},
			{Query: "SELECT id FROM t WHERE v = 40 UNION SELECT id FROM t WHERE id = 1 ORDER BY id DESC", Expected: []Row{{4}, {1}}},
			{Query: "(SELECT COUNT(*) FROM t) UNION ALL (SELECT COUNT(*) FROM t WHERE id > 2)", Expected: []Row{{4}, {2}}},
			{Query: "SELECT id FROM t WHERE id = 2 EXCEPT SELECT id FROM t WHERE id = 3", Expected: []Row{{2}}},
			{Query: "WITH RECURSIVE r (n) AS (SELECT v FROM t WHERE id = 1 UNION ALL SELECT n + 1 FROM r WHERE n < 12) SELECT n FROM r",
				Expected: []Row{{10}, {11}, {12}}},
			// One row is still one row.
			{Query: "SELECT v FROM t WHERE id = 3", Expected: []Row{{30}}},
		},
	},
	{
		// Regression: the query MySQL Connector/J 8 sends for
		// DatabaseMetaData.getTables (DatabaseMetaDataUsingInfoSchema)
		// panicked with "interface conversion: interface {} is string, not
		// uint16": CASE over information_schema's ENUM column TABLE_TYPE
		// (compat/enum_text.go). REMARKS is left out: MariaDB says 'VIEW'
		// for a view's TABLE_COMMENT.
		Name: "Connector/J getTables",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY)",
			"CREATE TABLE u (id INT PRIMARY KEY)",
			"CREATE VIEW v AS SELECT id FROM t",
		},
		Assertions: []Assertion{
			{Query: "SELECT TABLE_SCHEMA = DATABASE() AS TABLE_CAT, NULL AS TABLE_SCHEM, TABLE_NAME, " +
				"CASE WHEN TABLE_TYPE='BASE TABLE' THEN CASE WHEN TABLE_SCHEMA = 'mysql' OR TABLE_SCHEMA = 'performance_schema' THEN 'SYSTEM TABLE' " +
				"ELSE 'TABLE' END WHEN TABLE_TYPE='TEMPORARY' THEN 'LOCAL_TEMPORARY' ELSE TABLE_TYPE END AS TABLE_TYPE, " +
				"NULL AS TYPE_CAT, NULL AS TYPE_SCHEM, NULL AS TYPE_NAME, NULL AS SELF_REFERENCING_COL_NAME, NULL AS REF_GENERATION " +
				"FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME LIKE '%' " +
				"HAVING TABLE_TYPE IN ('TABLE','VIEW','SYSTEM TABLE',null,null) ORDER BY TABLE_TYPE, TABLE_SCHEMA, TABLE_NAME",
				Expected: []Row{{1, nil, "t", "TABLE", nil, nil, nil, nil, nil}, {1, nil, "u", "TABLE", nil, nil, nil, nil, nil}, {1, nil, "v", "VIEW", nil, nil, nil, nil, nil}}},
			{Query: "SELECT TABLE_NAME, CASE WHEN TABLE_TYPE = 'BASE TABLE' THEN 'TABLE' ELSE TABLE_TYPE END AS TT " +
				"FROM information_schema.tables WHERE table_schema = DATABASE() ORDER BY TT DESC, TABLE_NAME",
				Expected: []Row{{"v", "VIEW"}, {"t", "TABLE"}, {"u", "TABLE"}}},
			// In a subquery too.
			{Query: "SELECT COUNT(*) FROM t WHERE 'VIEW' IN (SELECT CASE WHEN TABLE_TYPE = 'BASE TABLE' THEN 'TABLE' ELSE TABLE_TYPE END " +
				"FROM information_schema.tables WHERE table_schema = DATABASE())", Expected: []Row{{0}}},
		},
	},
}

// WireValidScripts are valid queries of item 8 whose answers are
// simsql's own, run over the wire only (TestWireValidScripts).
var WireValidScripts = []ScriptTest{
	{
		// Regression: EXPLAIN of a unique lookup was flagged as one row
		// and its several plan lines refused (compat/max1row.go); the
		// harness reads the plan with EXPLAIN PLAN.
		Name: "EXPLAIN of a unique-key lookup",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, v INT)",
			"INSERT INTO t VALUES (1, 10), (2, 20)",
		},
		Assertions: []Assertion{
			{Query: "SELECT v FROM t WHERE id = 2", Expected: []Row{{20}}, ExpectedIndexes: []string{"t.id"}},
		},
	},
	{
		// The mysql database's help tables, which simsql keeps empty as
		// MySQL does without its help content loaded (MariaDB's
		// mariadb-install-db loads it). Regression: go-mysql-server 0.20
		// gave one row of no columns, and reading a column failed with
		// "unable to find field with index 1 in row of 0 columns"
		// (compat/help_tables.go). The mysql database exists only over the
		// wire.
		Name: "mysql.help_topic LIKE",
		Assertions: []Assertion{
			{Query: "SELECT name FROM mysql.help_topic WHERE name LIKE 'SHOW %'", Expected: []Row{}},
			{Query: "SELECT COUNT(*) FROM mysql.help_topic", Expected: []Row{{0}}},
			{Query: "SELECT * FROM mysql.help_keyword WHERE help_keyword_id > 3", Expected: []Row{}},
			{Query: "SELECT name FROM mysql.help_category", Expected: []Row{}},
			{Query: "SELECT COUNT(*) FROM mysql.help_relation", Expected: []Row{{0}}},
			{Query: "SELECT t.name FROM mysql.help_topic t JOIN mysql.help_relation r ON t.help_topic_id = r.help_topic_id", Expected: []Row{}},
		},
	},
}
