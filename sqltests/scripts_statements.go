package sqltests

// StatementScripts are SQL script tests of the statements that
// go-mysql-server v0.20.0 refused (a syntax error or "unsupported
// feature") though MySQL 8 and MariaDB answer them, and which ORMs,
// drivers and BI tools send on connecting or browsing (issue 14); each
// answer was checked against MariaDB 10.11 (TestStatementsMariaDB holds
// the comparison). The code is in compat/statements.go and the files it
// names.
var StatementScripts = []ScriptTest{
	{
		Name:        "DO",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (1, 10), (2, 20)"},
		Assertions: []Assertion{
			{Query: "DO 1", Expected: nil},
			{Query: "DO 1, SLEEP(0), simhash('a b')", Expected: nil},
			{Query: "do (SELECT COUNT(*) FROM t)", Expected: nil},
			{Query: "/* a comment */ DO 1", Expected: nil},
			// The expressions run: their errors are the statement's.
			{Query: "DO (SELECT v FROM t)", ExpectedErr: "more than 1 row"},
			{Query: "DO nosuchfunction(1)", ExpectedErr: "nosuchfunction"},
			// Not DO's grammar: still a syntax error.
			{Query: "DO", ExpectedErr: "syntax"},
			{Query: "DO 1 FROM t", ExpectedErr: "syntax"},
			{Query: "DO 1 AS x", ExpectedErr: "syntax"},
		},
	},
	{
		// Regression: the vitess tokenizer took "--" for a comment where
		// MySQL needs a space after it (compat/minus_minus.go): SELECT --1
		// was a syntax error, SELECT 5--1 returned 5.
		Name:        "two dashes without a space are two minus signs",
		SetUpScript: []string{"CREATE TABLE dd (id INT PRIMARY KEY, s VARCHAR(10))", "INSERT INTO dd VALUES (1, '--1'), (2, 'x')", "SET @one = 1"},
		Assertions: []Assertion{
			{Query: "SELECT --1", Expected: []Row{{1}}},
			{Query: "SELECT 5--1", Expected: []Row{{6}}},
			{Query: "SELECT id FROM dd WHERE id = 3--1", Expected: nil},
			{Query: "SELECT id FROM dd WHERE s = '--1' -- a comment --1", Expected: []Row{{1}}},
			{Query: "PREPARE p FROM 'SELECT id FROM dd WHERE id = ?--1'", Expected: nil},
			{Query: "EXECUTE p USING @one", Expected: []Row{{2}}},
		},
	},
	{
		// Regression: syntax errors in go-mysql-server 0.20's grammar
		// (compat/syntax_fallback.go).
		Name:        "statements the grammar refused",
		SetUpScript: []string{"CREATE TABLE sg (id INT PRIMARY KEY, s VARCHAR(10))", "INSERT INTO sg VALUES (1, 'abcdef')", "SET @five = 5"},
		Assertions: []Assertion{
			{Query: "SELECT SUBSTRING(s FROM 2) FROM sg", Expected: []Row{{"bcdef"}}},
			{Query: "SELECT SUBSTR(CONCAT(s, 'g') FROM -3 FOR 2) FROM sg", Expected: []Row{{"ef"}}},
			{Query: "PREPARE p FROM 'SELECT MID(s FROM ?) FROM sg'", Expected: nil},
			{Query: "EXECUTE p USING @five", Expected: []Row{{"ef"}}},
			{Query: "LOCK TABLE sg READ", Expected: nil},
			{Query: "SELECT COUNT(*) FROM sg", Expected: []Row{{1}}},
			{Query: "UNLOCK TABLE", Expected: nil},
			{Query: "SELECT SUBSTRING(s FROM) FROM sg", ExpectedErr: "syntax", ExpectedErrCode: 1064},
			// A hexadecimal or bit literal as GROUP_CONCAT's separator
			// (MySQL 8 and MariaDB 10.11 take them; was 1064).
			{Query: "SELECT HEX(GROUP_CONCAT(s ORDER BY s SEPARATOR x'00')) FROM (SELECT 'a' AS s UNION ALL SELECT 'b') d", Expected: []Row{{"610062"}}},
			{Query: "SELECT GROUP_CONCAT(s ORDER BY s SEPARATOR 0x2D2D), GROUP_CONCAT(s ORDER BY s SEPARATOR b'00101011') FROM (SELECT 'a' AS s UNION ALL SELECT 'b') d", Expected: []Row{{"a--b", "a+b"}}},
			{Query: "SELECT GROUP_CONCAT(s SEPARATOR x'0') FROM sg", ExpectedErr: "syntax", ExpectedErrCode: 1064},
		},
	},
	{
		Name: "SHOW COUNT(*) WARNINGS and ERRORS, SHOW ERRORS",
		Assertions: []Assertion{
			{Query: "SHOW ERRORS", Expected: nil},
			{Query: "SHOW COUNT(*) ERRORS", Expected: []Row{{0}}},
			{Query: "SELECT 1/0", Expected: []Row{{nil}}},
			// They read the diagnostics and leave them.
			{Query: "SHOW COUNT(*) WARNINGS", Expected: []Row{{1}}},
			{Query: "SHOW COUNT(*) ERRORS", Expected: []Row{{0}}},
			{Query: "SHOW ERRORS", Expected: nil},
			{Query: "SHOW WARNINGS", Expected: []Row{{"Warning", 1365, "Division by 0"}}},
			{Query: "SHOW ERRORS LIMIT 1", Expected: nil},
			{Query: "SHOW ERRORS LIMIT 0, 5", Expected: nil},
			{Query: "SHOW COUNT(*) WARNINGS", Expected: []Row{{1}}},
		},
	},
	{
		Name: "SHOW OPEN TABLES, SHOW PROFILES, SHOW PROFILE",
		SetUpScript: []string{
			"DROP DATABASE IF EXISTS stmt_open",
			"CREATE DATABASE stmt_open",
			"CREATE TABLE stmt_open.ot1 (id INT PRIMARY KEY)",
			"CREATE TABLE stmt_open.ot2 (id INT PRIMARY KEY)",
			"CREATE VIEW stmt_open.otv AS SELECT 1",
		},
		Assertions: []Assertion{
			{Query: "SHOW OPEN TABLES FROM stmt_open", Expected: []Row{{"stmt_open", "ot1", 0, 0}, {"stmt_open", "ot2", 0, 0}}},
			{Query: "SHOW OPEN TABLES IN `stmt_open` LIKE '%2'", Expected: []Row{{"stmt_open", "ot2", 0, 0}}},
			{Query: "SHOW OPEN TABLES WHERE `Database` = 'stmt_open' AND `Table` <> 'ot2'", Expected: []Row{{"stmt_open", "ot1", 0, 0}}},
			{Query: "SHOW OPEN TABLES FROM information_schema", Expected: nil},
			{Query: "SHOW PROFILES", Expected: nil},
			{Query: "SHOW PROFILE", Expected: nil},
			{Query: "SHOW PROFILE CPU FOR QUERY 1", Expected: nil},
		},
	},
	{
		Name: "table maintenance: CHECK, CHECKSUM, OPTIMIZE, REPAIR, ANALYZE TABLE",
		SetUpScript: []string{
			"DROP DATABASE IF EXISTS stmt_maint",
			"CREATE DATABASE stmt_maint",
			"CREATE TABLE stmt_maint.m (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)",
			"INSERT INTO stmt_maint.m (id, body) VALUES (1, 'the quick brown fox'), (2, NULL)",
			"CREATE TABLE stmt_maint.e (id INT PRIMARY KEY)",
			"CREATE VIEW stmt_maint.v AS SELECT id FROM stmt_maint.m",
		},
		Assertions: []Assertion{
			{Query: "CHECK TABLE stmt_maint.m", Expected: []Row{{"stmt_maint.m", "check", "status", "OK"}}},
			{Query: "CHECK TABLE stmt_maint.m, stmt_maint.nosuch, stmt_maint.v QUICK", Expected: []Row{
				{"stmt_maint.m", "check", "status", "OK"},
				{"stmt_maint.nosuch", "check", "Error", "Table 'stmt_maint.nosuch' doesn't exist"},
				{"stmt_maint.nosuch", "check", "status", "Operation failed"},
				{"stmt_maint.v", "check", "status", "OK"},
			}},
			// simsql's checksum: the sum modulo 2^32 of each row's CRC-32
			// (compat/stmt_tables.go); pinned, as stored rows are.
			{Query: "CHECKSUM TABLE stmt_maint.m", Expected: []Row{{"stmt_maint.m", 1318888114}}},
			{Query: "CHECKSUM TABLE stmt_maint.m EXTENDED", Expected: []Row{{"stmt_maint.m", 1318888114}}},
			{Query: "CHECKSUM TABLE stmt_maint.e", Expected: []Row{{"stmt_maint.e", 0}}},
			{Query: "CHECKSUM TABLE stmt_maint.m QUICK", Expected: []Row{{"stmt_maint.m", nil}}},
			{Query: "CHECKSUM TABLE stmt_maint.nosuch", Expected: []Row{{"stmt_maint.nosuch", nil}}, ExpectedWarnings: []Row{{"Error", 1146, "Table 'stmt_maint.nosuch' doesn't exist"}}},
			// OPTIMIZE of a table says what it did, in a note whose sizes
			// vary (TestOptimizeTable); a missing table and a view are
			// MySQL's two rows.
			{Query: "OPTIMIZE NO_WRITE_TO_BINLOG TABLE stmt_maint.nosuch, stmt_maint.v", Expected: []Row{
				{"stmt_maint.nosuch", "optimize", "Error", "Table 'stmt_maint.nosuch' doesn't exist"},
				{"stmt_maint.nosuch", "optimize", "status", "Operation failed"},
				{"stmt_maint.v", "optimize", "Error", "'stmt_maint.v' is not BASE TABLE"},
				{"stmt_maint.v", "optimize", "status", "Operation failed"},
			}},
			{Query: "REPAIR LOCAL TABLE stmt_maint.m QUICK", Expected: []Row{
				{"stmt_maint.m", "repair", "note", "The storage engine for the table doesn't support repair"},
			}},
			{Query: "ANALYZE TABLE stmt_maint.m, stmt_maint.nosuch", Expected: []Row{
				{"stmt_maint.m", "analyze", "status", "OK"},
				{"stmt_maint.nosuch", "analyze", "Error", "Table 'stmt_maint.nosuch' doesn't exist"},
				{"stmt_maint.nosuch", "analyze", "status", "Operation failed"},
			}},
			{Query: "ANALYZE LOCAL TABLE stmt_maint.m", Expected: []Row{{"stmt_maint.m", "analyze", "status", "OK"}}},
			{Query: "ANALYZE TABLE stmt_maint.v", Expected: []Row{
				{"stmt_maint.v", "analyze", "Error", "'stmt_maint.v' is not BASE TABLE"},
				{"stmt_maint.v", "analyze", "status", "Operation failed"},
			}},
			// The rows are read in the statement's transaction.
			{Query: "BEGIN", Expected: nil},
			{Query: "INSERT INTO stmt_maint.e VALUES (7)", Expected: nil},
			{Query: "CHECKSUM TABLE stmt_maint.e", Expected: []Row{{"stmt_maint.e", 1140816802}}},
			{Query: "ROLLBACK", Expected: nil},
			{Query: "CHECKSUM TABLE stmt_maint.e", Expected: []Row{{"stmt_maint.e", 0}}},
			{Query: "CHECK TABLE", ExpectedErr: "syntax"},
			{Query: "CHECK TABLE 'm'", ExpectedErr: "syntax"},
		},
	},
	{
		Name: "HELP",
		Assertions: []Assertion{
			{Query: "HELP 'select'", Expected: nil},
			{Query: "help \"contents\"", Expected: nil},
		},
	},
	{
		Name:        "EXPLAIN",
		SetUpScript: []string{"CREATE TABLE x (id INT PRIMARY KEY, v INT, name VARCHAR(20), INDEX vi (v))", "INSERT INTO x VALUES (1, 10, 'a')"},
		Assertions: []Assertion{
			// Real NULLs where go-mysql-server sent the string 'NULL'.
			{Query: "EXPLAIN SELECT * FROM x", Expected: []Row{
				{1, "SIMPLE", "x", nil, "ALL", nil, nil, nil, nil, 1, 100.0, ""},
			}},
			{Query: "EXPLAIN SELECT * FROM x WHERE name = 'a'", Expected: []Row{
				{1, "SIMPLE", "x", nil, "ALL", nil, nil, nil, nil, 1, 100.0, "Using where"},
			}},
			{Query: "EXPLAIN SELECT * FROM x WHERE v > 3", Expected: []Row{
				{1, "SIMPLE", "x", nil, "range", "vi", "vi", nil, nil, 1, 100.0, "Using where"},
			}},
			{Query: "DESCRIBE SELECT 1", Expected: []Row{
				{1, "SIMPLE", nil, nil, nil, nil, nil, nil, nil, nil, nil, "No tables used"},
			}},
			{Query: "EXPLAIN FORMAT=TRADITIONAL SELECT * FROM x AS Alias", Expected: []Row{
				{1, "SIMPLE", "alias", nil, "ALL", nil, nil, nil, nil, 1, 100.0, ""},
			}},
			{Query: "EXPLAIN DELETE FROM x WHERE name = 'b'", Expected: []Row{
				{1, "DELETE", "x", nil, "ALL", nil, nil, nil, nil, 1, 100.0, "Using where"},
			}},
			{Query: "EXPLAIN INSERT INTO x VALUES (2, 20, 'b')", Expected: []Row{
				{1, "INSERT", "x", nil, "ALL", nil, nil, nil, nil, nil, 100.0, ""},
			}},
			{Query: "EXPLAIN FORMAT=JSON SELECT * FROM x WHERE name = 'a'", Expected: []Row{{`{
  "query_block": {
    "select_id": 1,
    "table": {
      "table_name": "x",
      "access_type": "ALL",
      "rows_examined_per_scan": 1,
      "filtered": "100.00",
      "attached_condition": "(x.name = 'a')"
    }
  }
}`}}},
			{Query: "EXPLAIN FORMAT=JSON SELECT 1", Expected: []Row{{`{
  "query_block": {
    "select_id": 1,
    "message": "No tables used"
  }
}`}}},
			// With one row in x (the table's statistics), a nested loop of
			// two scans, as MySQL plans it.
			{Query: "EXPLAIN FORMAT = json SELECT a.id FROM x a JOIN x b ON a.id = b.id", Expected: []Row{{`{
  "query_block": {
    "select_id": 1,
    "nested_loop": [
      {
        "table": {
          "table_name": "b",
          "access_type": "ALL",
          "rows_examined_per_scan": 1,
          "filtered": "100.00"
        }
      },
      {
        "table": {
          "table_name": "a",
          "access_type": "ALL",
          "rows_examined_per_scan": 1,
          "filtered": "100.00"
        }
      }
    ]
  }
}`}}},
			{Query: "EXPLAIN FORMAT=JSON SELECT nosuch FROM x", ExpectedErr: "nosuch"},
			{Query: "EXPLAIN FORMAT=XML SELECT 1", ExpectedErr: "Unknown EXPLAIN format name: 'XML'"},
			// EXPLAIN PLAN and FORMAT=TREE stay go-mysql-server's plan.
			{Query: "EXPLAIN FORMAT=TREE SELECT 1", Expected: []Row{{"Project"}, {" ├─ columns: [1]"}, {" └─ Table"}, {"     └─ name: "}}},
		},
	},
	{
		Name: "SHOW EVENTS and information_schema.EVENTS",
		Assertions: []Assertion{
			{Query: "SHOW EVENTS", Expected: nil},
			{Query: "SELECT COUNT(*) FROM information_schema.EVENTS", Expected: []Row{{0}}},
			{Query: "SELECT EVENT_NAME FROM information_schema.EVENTS WHERE EVENT_SCHEMA = DATABASE()", Expected: nil},
			{Query: "CREATE EVENT e ON SCHEDULE EVERY 1 HOUR DO SELECT 1", ExpectedErr: "doesn't yet support 'events'"},
			{Query: "DROP EVENT IF EXISTS e", Expected: nil},
			{Query: "DROP EVENT e", ExpectedErr: "does not exist"},
		},
	},
	{
		Name: "@@have_ssl",
		Assertions: []Assertion{
			// The test servers have no certificate (cmd/simsql TestTLS
			// checks YES with one).
			{Query: "SELECT @@have_ssl, @@global.have_openssl", Expected: []Row{{"DISABLED", "DISABLED"}}},
			{Query: "SET GLOBAL have_ssl = 'YES'", ExpectedErr: "read only"},
		},
	},
	{
		Name: "BENCHMARK",
		Assertions: []Assertion{
			{Query: "SELECT BENCHMARK(100, simhash('a b c')), BENCHMARK(0, 1)", Expected: []Row{{0, 0}}},
			{Query: "SELECT BENCHMARK(NULL, 1), BENCHMARK(-1, 1)", Expected: []Row{{nil, nil}}, ExpectedWarnings: []Row{{"Warning", 1411, "Incorrect count value: '-1' for function benchmark"}}},
			{Query: "SELECT BENCHMARK(3, (SELECT 1 UNION SELECT 2))", ExpectedErr: "more than 1 row"},
		},
	},
	{
		Name: "CAST(… AS TIME) and derived table columns",
		Assertions: []Assertion{
			// A date and time string cast to TIME is its time of day
			// (go-sql-driver/mysql sends a time.Time parameter so).
			{Query: "SELECT CAST('0001-01-01 03:25:45' AS TIME), CAST('2011-11-20 21:27:37' AS TIME), CONVERT('03:25:45', TIME), CAST('x' AS TIME)",
				Expected: []Row{{"03:25:45", "21:27:37", "03:25:45", nil}}},
			{Query: "SELECT * FROM (SELECT 1 AS one) AS A", Expected: []Row{{1}}},
		},
	},
	{
		Name:        "SET NAMES … COLLATE",
		SetUpScript: []string{"SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci"},
		Assertions: []Assertion{
			{Query: "SELECT @@collation_connection, @@character_set_connection, @@character_set_client, @@character_set_results",
				Expected: []Row{{"utf8mb4_unicode_ci", "utf8mb4", "utf8mb4", "utf8mb4"}}},
			{Query: "SELECT COLLATION('a'), 'abc' = 'ABC'", Expected: []Row{{"utf8mb4_unicode_ci", 1}}},
			{Query: "SET NAMES utf8mb4 COLLATE no_such_collation", ExpectedErr: "no_such_collation"},
		},
	},
	{
		Name:        "SET NAMES … COLLATE, quoted",
		SetUpScript: []string{"set names 'utf8mb4' collate 'utf8mb4_bin'"},
		Assertions: []Assertion{
			{Query: "SELECT @@collation_connection, 'abc' = 'ABC'", Expected: []Row{{"utf8mb4_bin", 0}}},
		},
	},
	{
		// Without COLLATE, the character set's default (MySQL 8's).
		Name:        "SET NAMES without COLLATE",
		SetUpScript: []string{"SET NAMES utf8mb4 COLLATE utf8mb4_bin", "SET NAMES utf8mb4"},
		Assertions: []Assertion{
			{Query: "SELECT @@collation_connection", Expected: []Row{{"utf8mb4_0900_ai_ci"}}},
		},
	},
	{
		// MySQL Connector/J's metadata queries.
		Name: "COLLATE utf8mb4_… of information_schema columns",
		SetUpScript: []string{
			"DROP DATABASE IF EXISTS stmt_collate",
			"CREATE DATABASE stmt_collate",
			"CREATE TABLE stmt_collate.c (id INT PRIMARY KEY, s VARCHAR(10))",
		},
		Assertions: []Assertion{
			{Query: "SELECT COLUMN_NAME FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'stmt_collate' AND IS_NULLABLE COLLATE utf8mb4_0900_bin = 'YES'",
				Expected: []Row{{"s"}}},
			{Query: "SELECT COLLATION(IS_NULLABLE COLLATE utf8mb4_bin), COLLATION(IS_NULLABLE) FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = 'stmt_collate' LIMIT 1",
				Expected: []Row{{"utf8mb4_bin", "utf8mb3_general_ci"}}},
			{Query: "SELECT 'abc' COLLATE utf8mb4_0900_ai_ci = 'ABC', 'abc' COLLATE utf8mb4_0900_bin = 'ABC'", Expected: []Row{{1, 0}}},
			{Query: "SELECT 'a' COLLATE no_such_collation", ExpectedErr: "no_such_collation"},
		},
	},
}

// UserVarAssignScripts assign user variables inside expressions
// ("@v := expr"), which go-mysql-server 0.20 refused as a syntax error
// outside SET (MariaDB Connector/ODBC's SQLColumns query uses them;
// compat/user_var_assign.go). TestUserVarAssignScripts runs them on
// MariaDB too.
var UserVarAssignScripts = []ScriptTest{
	{
		Name: "user variable assignments in expressions",
		SetUpScript: []string{
			"CREATE TABLE t (id INT PRIMARY KEY, v VARCHAR(10))",
			"INSERT INTO t VALUES (1, 'a'), (2, 'b'), (3, 'c')",
		},
		Assertions: []Assertion{
			{Query: "SELECT @a := 1 + 2 AS x, @a * 2 AS y", Expected: []Row{{3, 6}}},
			// Read in the statement that assigns it while unset: was NULL.
			{Query: "SELECT @e := 3, @e", Expected: []Row{{3, 3}}},
			{Query: "SELECT @e2 := 'x', @e2, @e2 := 4, @e2", Expected: []Row{{"x", "x", 4, "4"}}},
			// In an executable comment (was a syntax error).
			{Query: "SELECT 1 /*! , @w := 8 */", Expected: []Row{{1, 8}}},
			{Query: "SELECT @w + 0", Expected: []Row{{8}}},
			{Query: "SELECT @a + 0", Expected: []Row{{3}}},
			{Query: "SELECT IF(1, @b := 5, @b := 6) AS z, @b + 1 AS w", Expected: []Row{{5, 6}}},
			{Query: "SELECT CASE 'x' WHEN 'x' THEN @c:=7 ELSE @c:=8 END AS c, CASE @c WHEN 7 THEN 'seven' END AS d", Expected: []Row{{7, "seven"}}},
			{Query: "SELECT @n := @n + 1 AS n FROM t", Expected: []Row{{nil}, {nil}, {nil}}}, // an unset variable is NULL
			{Query: "SET @s := 0"},
			{Query: "SELECT id, @s := @s + id AS running FROM t ORDER BY id", Expected: []Row{{1, 1}, {2, 3}, {3, 6}}},
			{Query: "SELECT @s + 0", Expected: []Row{{6}}},
			{Query: "SELECT @t := CONCAT(v, '!') AS e FROM t WHERE id = 2", Expected: []Row{{"b!"}}},
			{Query: "SELECT CONCAT(@t, '?') AS q", Expected: []Row{{"b!?"}}},
			{Query: "DO @f := 10"},
			{Query: "SELECT @f + 0", Expected: []Row{{10}}},
			{Query: "SELECT @g := @h := 4 AS g, @g + @h AS gh", Expected: []Row{{4, 8}}},
			{Query: "SELECT 'a := b' AS s, @`x y` := 2 AS q", Expected: []Row{{"a := b", 2}}},
			{Query: "SELECT @ := 1", ExpectedErr: "syntax"},
			// In a procedure's body, SET's own assignments stay SET's.
			{Query: "CREATE PROCEDURE pa() BEGIN SET @pa := 1; SET @pc := (@pd := 3); SELECT @pb := 2 AS b; END"},
			{Query: "CALL pa()", Expected: []Row{{2}}},
			{Query: "SELECT @pa + 0, @pb + 0, @pc + @pd", Expected: []Row{{1, 2, 6}}},
		},
	},
}

// StatementModifierScripts hold the statement modifiers MySQL 8 accepts
// as hints, which go-mysql-server 0.20's grammar refused (1064), or read
// as a table's name (DELETE QUICK): compat/statement_modifiers.go.
// TestStatementModifierScripts runs them on MariaDB too; INSERT DELAYED,
// which MySQL 8 runs as INSERT and MariaDB refuses for InnoDB (1616), is
// in StatementModifierMySQLScripts.
var StatementModifierScripts = []ScriptTest{
	{
		Name:        "statement modifiers MySQL 8 accepts",
		SetUpScript: []string{"CREATE TABLE sm (id INT PRIMARY KEY, fp BIGINT UNSIGNED)"},
		Assertions: []Assertion{
			{Query: "INSERT LOW_PRIORITY INTO sm VALUES (1, 1)"},
			{Query: "INSERT HIGH_PRIORITY INTO sm VALUES (2, 2)"},
			{Query: "INSERT low_priority IGNORE INTO sm VALUES (1, 9), (3, 3)"},
			{Query: "REPLACE LOW_PRIORITY INTO sm VALUES (4, 4)"},
			{Query: "UPDATE LOW_PRIORITY sm SET fp = fp + 1 WHERE id = 1"},
			{Query: "UPDATE LOW_PRIORITY IGNORE sm SET fp = fp + 1 WHERE id = 2"},
			{Query: "SELECT id, fp FROM sm ORDER BY id", Expected: []Row{{1, 2}, {2, 3}, {3, 3}, {4, 4}}},
			{Query: "DELETE LOW_PRIORITY FROM sm WHERE id = 4"},
			{Query: "DELETE QUICK FROM sm WHERE id = 3"},
			{Query: "DELETE LOW_PRIORITY QUICK FROM sm WHERE id = 5"},
			{Query: "SELECT HIGH_PRIORITY id FROM sm ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT SQL_BUFFER_RESULT id FROM sm ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT SQL_SMALL_RESULT id FROM sm ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT SQL_BIG_RESULT id, COUNT(*) FROM sm GROUP BY id ORDER BY id", Expected: []Row{{1, 1}, {2, 1}}},
			{Query: "SELECT DISTINCT SQL_BIG_RESULT HIGH_PRIORITY id FROM sm ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SELECT SQL_BUFFER_RESULT 1", Expected: []Row{{1}}},
			{Query: "SELECT id FROM sm WHERE id IN (SELECT SQL_SMALL_RESULT id FROM sm WHERE fp = 3)", Expected: []Row{{2}}},
			// The words are left alone elsewhere.
			{Query: "SELECT 'SELECT HIGH_PRIORITY' AS `high_priority`", Expected: []Row{{"SELECT HIGH_PRIORITY"}}},
		},
	},
}

// StatementModifierMySQLScripts hold INSERT DELAYED, which MySQL 8 runs as
// an INSERT ("INSERT DELAYED is no longer supported. The statement was
// converted to INSERT"); MariaDB 10.11 refuses it for InnoDB (1616).
var StatementModifierMySQLScripts = []ScriptTest{
	{
		Name:        "INSERT DELAYED is an INSERT",
		SetUpScript: []string{"CREATE TABLE smd (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "INSERT DELAYED INTO smd VALUES (1)"},
			{Query: "REPLACE DELAYED INTO smd VALUES (2)"},
			{Query: "SELECT id FROM smd ORDER BY id", Expected: []Row{{1}, {2}}},
		},
	},
}
