package sqltests

// CompatFaultScripts hold go-mysql-server faults found by differential
// checks against MariaDB 10.11 (issue 11) with MySQL 8's answers, where
// MariaDB gives the same; they also run on MariaDB.
var CompatFaultScripts = []ScriptTest{
	{
		// Regression: go-mysql-server 0.20 gave 1049 for DROP TABLE nodb.x
		// and DROP DATABASE nodb, and its own words for 1007 and the notes
		// (compat/db_ddl_exists.go, mysqlerr).
		Name:        "DROP and CREATE DATABASE of a database missing or there: 1008 and 1007",
		SetUpScript: []string{"CREATE DATABASE IF NOT EXISTS ddl_exists_db"},
		Assertions: []Assertion{
			{Query: "DROP TABLE nodb.x", ExpectedErr: "nodb", ExpectedErrCode: 1051}, // over the wire "Unknown table 'nodb.x'" (TestMySQLErrorNumbers)
			{Query: "DROP DATABASE nodb", ExpectedErr: "Can't drop database 'nodb'; database doesn't exist", ExpectedErrCode: 1008},
			{Query: "DROP DATABASE IF EXISTS nodb", ExpectedWarnings: []Row{{"Note", 1008, "Can't drop database 'nodb'; database doesn't exist"}}},
			{Query: "CREATE DATABASE ddl_exists_db", ExpectedErr: "Can't create database 'ddl_exists_db'; database exists", ExpectedErrCode: 1007},
			{Query: "CREATE DATABASE IF NOT EXISTS ddl_exists_db", ExpectedWarnings: []Row{{"Note", 1007, "Can't create database 'ddl_exists_db'; database exists"}}},
			{Query: "DROP DATABASE ddl_exists_db"},
		},
	},
	{
		// Regression: go-mysql-server 0.20 gave 1105 `trigger "nosuch" does
		// not exist` for DROP TRIGGER of a trigger that is not there, and
		// no note with IF EXISTS; MySQL 8 (ER_TRG_DOES_NOT_EXIST) and
		// MariaDB: 1360 "Trigger does not exist", a note with IF EXISTS
		// (mysqlerr, compat/drop_trigger_exists.go).
		Name:        "DROP TRIGGER of a trigger that is not there: 1360",
		SetUpScript: []string{"CREATE TABLE dtr (id INT)"},
		Assertions: []Assertion{
			{Query: "DROP TRIGGER nosuch", ExpectedErrCode: 1360}, // over the wire "Trigger does not exist" (TestMySQLErrorNumbers)
			{Query: "DROP TRIGGER IF EXISTS nosuch", ExpectedWarnings: []Row{{"Note", 1360, "Trigger does not exist"}}},
			{Query: "CREATE TRIGGER dtr_bi BEFORE INSERT ON dtr FOR EACH ROW SET NEW.id = NEW.id + 1"},
			{Query: "DROP TRIGGER IF EXISTS dtr_bi", ExpectedWarnings: []Row{}},
			{Query: "DROP TRIGGER dtr_bi", ExpectedErrCode: 1360},
			{Query: "INSERT INTO dtr VALUES (1)"},
			{Query: "SELECT id FROM dtr", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 counted a REPLACE that deleted
		// two rows (one by the primary key, one by a UNIQUE key) as 2 rows
		// affected, where MySQL counts the insert and both deletes
		// (catalog/compat_replace_rows.go, compat/ok_info.go; the OK
		// packet's count: TestOKInfo).
		Name: "REPLACE rows affected",
		SetUpScript: []string{
			"CREATE TABLE rr (a INT PRIMARY KEY, b INT UNIQUE, c INT)",
			"INSERT INTO rr VALUES (1, 1, 0), (2, 2, 0), (3, 3, 0)",
		},
		Assertions: []Assertion{
			{Query: "REPLACE INTO rr VALUES (1, 2, 9)"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{3}}},
			{Query: "REPLACE INTO rr VALUES (5, 5, 0)"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{1}}},
			{Query: "REPLACE INTO rr VALUES (5, 5, 1)"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{2}}},
			{Query: "REPLACE INTO rr VALUES (6, 6, 0), (6, 6, 1), (3, 1, 2)"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{5}}},
			{Query: "REPLACE INTO rr SELECT a + 10, b + 10, c FROM rr"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{4}}},
			{Query: "REPLACE INTO rr SET a = 6, b = 3, c = 7"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{2}}},
			{Query: "SELECT * FROM rr ORDER BY a", Expected: []Row{{1, 2, 9}, {3, 1, 2}, {5, 5, 1}, {6, 3, 7}, {11, 12, 9}, {13, 11, 2}, {15, 15, 1}, {16, 16, 1}}},
			// Two unique keys: a row the same as the one it replaces is
			// deleted and inserted, 2 rows.
			{Query: "REPLACE INTO rr VALUES (5, 5, 1)"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{2}}},
			// The primary key the only unique key: MySQL updates the row in
			// place, and the same row is 1 row affected, no duplicate
			// (write_record's last_uniq_key path: HA_ERR_RECORD_IS_THE_SAME);
			// simsql said 2 (catalog/compat_replace_rows.go).
			{Query: "CREATE TABLE rp (a INT PRIMARY KEY, s VARCHAR(5))"},
			{Query: "INSERT INTO rp VALUES (1, 'a'), (2, 'b')"},
			{Query: "REPLACE INTO rp VALUES (1, 'a')"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{1}}},
			{Query: "REPLACE INTO rp VALUES (1, 'A')"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{2}}},
			{Query: "REPLACE INTO rp VALUES (1, 'A'), (2, 'c'), (3, 'd')"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{4}}},
			{Query: "REPLACE INTO rp SELECT a, s FROM rp"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{3}}},
			{Query: "SELECT * FROM rp ORDER BY a", Expected: []Row{{1, "A"}, {2, "c"}, {3, "d"}}},
			// A DELETE trigger makes it a delete and an insert.
			{Query: "CREATE TABLE rp_log (n INT)"},
			{Query: "CREATE TRIGGER rp_bd BEFORE DELETE ON rp FOR EACH ROW INSERT INTO rp_log VALUES (OLD.a)"},
			{Query: "REPLACE INTO rp VALUES (3, 'd')"},
			{Query: "SELECT ROW_COUNT()", Expected: []Row{{2}}},
			{Query: "SELECT n FROM rp_log", Expected: []Row{{3}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 accepted KILL of a connection id
		// no connection has (compat/kill_unknown.go).
		Name: "KILL of an unknown thread id: 1094",
		Assertions: []Assertion{
			{Query: "KILL QUERY 999999", ExpectedErr: "Unknown thread id: 999999", ExpectedErrCode: 1094},
			{Query: "KILL 999999", ExpectedErr: "Unknown thread id: 999999", ExpectedErrCode: 1094},
			{Query: "KILL CONNECTION 999999", ExpectedErrCode: 1094},
			{Query: "SELECT 1", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 answered IN (SELECT … LIMIT n);
		// MySQL refuses it (compat/in_subquery_limit.go).
		Name:        "IN (SELECT … LIMIT n) is error 1235",
		SetUpScript: []string{"CREATE TABLE t (x INT)", "INSERT INTO t VALUES (2), (3)"},
		Assertions: []Assertion{
			{Query: "SELECT x FROM t WHERE x IN (SELECT x FROM t LIMIT 1)", ExpectedErr: "yet support 'LIMIT & IN/ALL/ANY/SOME subquery'", ExpectedErrCode: 1235},
			{Query: "SELECT x FROM t WHERE x NOT IN (SELECT x FROM t ORDER BY x LIMIT 1)", ExpectedErr: "yet support 'LIMIT & IN/ALL/ANY/SOME subquery'", ExpectedErrCode: 1235},
			{Query: "SELECT x FROM t WHERE x IN (SELECT x FROM t UNION SELECT 3 LIMIT 1)", ExpectedErr: "yet support 'LIMIT & IN/ALL/ANY/SOME subquery'", ExpectedErrCode: 1235},
			{Query: "DELETE FROM t WHERE x IN (SELECT 3 LIMIT 1)", ExpectedErr: "yet support 'LIMIT & IN/ALL/ANY/SOME subquery'", ExpectedErrCode: 1235},
			// A LIMIT in a derived table, in EXISTS or in a scalar subquery is allowed.
			{Query: "SELECT x FROM t WHERE x IN (SELECT x FROM (SELECT x FROM t ORDER BY x LIMIT 1) d)", Expected: []Row{{2}}},
			{Query: "SELECT x FROM t WHERE EXISTS (SELECT x FROM t LIMIT 1) ORDER BY x", Expected: []Row{{2}, {3}}},
			{Query: "SELECT (SELECT x FROM t ORDER BY x LIMIT 1)", Expected: []Row{{2}}},
		},
	},
	{
		// go-mysql-server v0.20.0 warned 1831 "Duplicate index 'ib'" for
		// any two indexes with the same number of columns.
		Name: "warning 1831 only for an index on the same columns",
		Assertions: []Assertion{
			{Query: "CREATE TABLE tw (pk INT PRIMARY KEY, a INT, b INT, KEY ia (a), KEY ib (b))", ExpectedWarnings: []Row{}},
			{Query: "CREATE TABLE t3 (pk INT PRIMARY KEY, a INT, b INT, KEY iab (a, b), KEY iba (b, a))", ExpectedWarnings: []Row{}},
			{Query: "CREATE TABLE t5 (pk INT PRIMARY KEY, a INT, KEY ia (a), UNIQUE KEY ua (a))", ExpectedWarnings: []Row{}},
			{Query: "CREATE TABLE t7 (pk INT PRIMARY KEY, a VARCHAR(20), KEY ia (a(3)), KEY ia2 (a(5)))", ExpectedWarnings: []Row{}},
			{Query: "CREATE INDEX ib ON t5 (pk)", ExpectedWarnings: []Row{}},
			{Query: "ALTER TABLE tw ADD INDEX iab (a, b)", ExpectedWarnings: []Row{}},
		},
	},
	{
		// Regression: vitess read DATE '…', TIME '…' and TIMESTAMP '…' as
		// plain strings, so they compared as strings (0 below); and a
		// DATE plus an INTERVAL of days was a DATETIME
		// (compat/typed_literals.go, compat/date_interval.go).
		Name:        "typed DATE, TIME and TIMESTAMP literals",
		SetUpScript: []string{"CREATE TABLE tl (id INT PRIMARY KEY, d DATE, ts DATETIME)", "INSERT INTO tl VALUES (1, '2020-01-01', '2020-01-01 12:00:00')"},
		Assertions: []Assertion{
			{Query: "SELECT TIMESTAMP '2020-01-01 00:00:00' = DATE '2020-01-01', DATE '2020-01-01' < TIMESTAMP '2020-01-01 00:00:01', TIME '10:00:00' < TIME '9:00:00'",
				Expected: []Row{{1, 1, 0}}},
			{Query: "SELECT DATE '2020-01-01' = '2020-01-01', TIMESTAMP '2020-01-01 00:00:00' = '2020-01-01', DATE '2020-02-01' > DATE '2020-1-15'",
				Expected: []Row{{1, 1, 1}}},
			{Query: "SELECT DATE '2020-01-01' + INTERVAL 1 DAY = DATE '2020-01-02', DATE '2020-03-31' - INTERVAL 1 MONTH = '2020-02-29', " +
				"(INTERVAL 2 DAY + DATE '2020-01-01') = '2020-01-03', TIMESTAMP '2020-01-01 00:00:00' + INTERVAL 1 SECOND = '2020-01-01 00:00:01'",
				Expected: []Row{{1, 1, 1, 1}}},
			// The types: a DATE plus days is a DATE, plus hours a DATETIME.
			{Query: "CREATE TABLE tlt AS SELECT DATE '2020-01-01' + INTERVAL 1 DAY AS a, INTERVAL 1 DAY + d AS b, d - INTERVAL 1 YEAR AS c, " +
				"d + INTERVAL 1 HOUR AS e, TIME '10:00:00' AS f, DATE '2020-01-01' AS g, TIMESTAMP '2020-01-01 00:00:00' AS h FROM tl"},
			{Query: "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'tlt' ORDER BY ordinal_position",
				Expected: []Row{{"a", "date"}, {"b", "date"}, {"c", "date"}, {"e", "datetime"}, {"f", "time"}, {"g", "date"}, {"h", "datetime"}}},
			{Query: "SELECT a = '2020-01-02', b = '2020-01-02', c = '2019-01-01', e = '2020-01-01 01:00:00', f = '10:00:00' FROM tlt", Expected: []Row{{1, 1, 1, 1, 1}}},
			{Query: "SELECT id FROM tl WHERE d = DATE '2020-01-01' AND ts > TIMESTAMP '2020-01-01 11:59:59' AND ts < DATE '2020-01-02'", Expected: []Row{{1}}},
			{Query: "SELECT DATEDIFF(DATE '2020-03-01', DATE '2020-02-01'), YEAR(DATE '2020-01-01'), HOUR(TIME '10:00:00')", Expected: []Row{{29, 2020, 10}}},
			// A column named date, and a string that reads like a literal.
			{Query: "SELECT 'DATE ''x''' AS date", Expected: []Row{{"DATE 'x'"}}},
		},
	},
	{
		// Regression: @@warning_count and @@error_count were 1193 "Unknown
		// system variable"; MySQL 8 and MariaDB give the last statement's
		// counts of conditions and of errors (catalog/compat_warning_count.go).
		// MariaDB keeps the conditions past a statement that reads no
		// table, MySQL 8 not: each count is read after one that reads t.
		Name:        "@@warning_count and @@error_count",
		SetUpScript: []string{"CREATE TABLE wc (id INT PRIMARY KEY, s VARCHAR(5))", "INSERT INTO wc VALUES (1, 'x'), (2, '2y')"},
		Assertions: []Assertion{
			{Query: "SELECT SUM(s + 0) FROM wc", Expected: []Row{{2.0}}},
			{Query: "SELECT @@warning_count, @@error_count, @@session.warning_count", Expected: []Row{{2, 0, 2}}},
			{Query: "SELECT COUNT(*) FROM wc", Expected: []Row{{2}}},
			{Query: "SELECT @@warning_count, @@error_count", Expected: []Row{{0, 0}}},
			{Query: "SET @@warning_count = 1", ExpectedErrCode: 1238},
		},
	},
	{
		// Regression: a CHAR or BINARY longer than 255 was 1105 "length is
		// 256 but max allowed is 255"; MySQL 8 and MariaDB give 1074
		// (mysqlerr; its TestTable pins the words, "Column length too big
		// for column 'c' (max = 255); use BLOB or TEXT instead").
		Name:        "a CHAR or BINARY column over 255 is 1074",
		SetUpScript: []string{"CREATE TABLE lb (a INT)"},
		Assertions: []Assertion{
			{Query: "CREATE TABLE lb1 (b BINARY(1038))", ExpectedErr: "255", ExpectedErrCode: 1074},
			{Query: "CREATE TABLE lb2 (id INT PRIMARY KEY, c CHAR(256))", ExpectedErr: "255", ExpectedErrCode: 1074},
			{Query: "ALTER TABLE lb ADD COLUMN c CHAR(300)", ExpectedErr: "255", ExpectedErrCode: 1074},
			{Query: "CREATE TABLE lb3 (c CHAR(255), b BINARY(255))"},
		},
	},
	{
		// Regression: DATE '2020-01-01' + 1 was 20200101000001 and TIME
		// '10:00:00' + 0 was 0; MySQL 8 and MariaDB compute on the value's
		// digits (compat/temporal_number.go).
		Name:        "a DATE or a TIME in arithmetic is its digits",
		SetUpScript: []string{"CREATE TABLE tn (id INT PRIMARY KEY, d DATE, t TIME, dt DATETIME)", "INSERT INTO tn VALUES (1, '2020-01-31', '-01:02:03', '2020-01-01 10:30:00'), (2, NULL, NULL, NULL)"},
		Assertions: []Assertion{
			{Query: "SELECT DATE '2020-01-01' + 1, TIME '10:00:00' + 0, TIMESTAMP '2020-01-01 10:30:00' + 0, DATE '2020-01-01' * 2, DATE '2020-01-01' DIV 100, 1 + DATE '2020-01-01'",
				Expected: []Row{{20200102, 100000, 20200101103000, 40400202, 202001, 20200102}}},
			{Query: "SELECT id, d + 1, d - 1, t + 0, dt % 1000000 FROM tn ORDER BY id", Expected: []Row{{1, 20200132, 20200130, -10203, 103000}, {2, nil, nil, nil, nil}}},
			// An INTERVAL is still date arithmetic.
			{Query: "SELECT DATE '2020-01-31' + INTERVAL 1 DAY = '2020-02-01'", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: CAST(… AS CHAR) printed a DATE as a DATETIME and made
		// a TIME NULL or error 1105; MySQL 8 and MariaDB give the value's
		// text (compat/cast_char.go).
		Name:        "CAST of a DATE or a TIME AS CHAR",
		SetUpScript: []string{"CREATE TABLE cc (id INT PRIMARY KEY, d DATE, t TIME, dt DATETIME, s VARCHAR(10))", "INSERT INTO cc VALUES (1, '2020-01-01', '10:00:00', '2020-01-01 12:30:00', 'abc'), (2, NULL, '-838:59:59', NULL, NULL)"},
		Assertions: []Assertion{
			{Query: "SELECT CAST(DATE '2020-01-01' + INTERVAL 1 DAY AS CHAR), CAST(DATE '2020-01-01' AS CHAR), CONVERT(DATE '2020-01-01', CHAR), CAST(DATE_ADD(DATE '2020-01-01', INTERVAL 1 DAY) AS CHAR(7))",
				Expected: []Row{{"2020-01-02", "2020-01-01", "2020-01-01", "2020-01"}}},
			{Query: "SELECT LENGTH(CAST(CURDATE() AS CHAR)), LENGTH(CAST(DATE(NOW()) AS CHAR)), CAST(CURDATE() AS CHAR) = CURDATE()", Expected: []Row{{10, 10, 1}}},
			{Query: "SELECT CAST(TIME '10:00:00' AS CHAR), CAST(CAST('10:00' AS TIME) AS CHAR), CAST(TIME '-01:02:03' AS NCHAR)", Expected: []Row{{"10:00:00", "10:00:00", "-01:02:03"}}},
			{Query: "SELECT id, CAST(d AS CHAR), CAST(t AS CHAR), CAST(dt AS CHAR), CAST(s AS CHAR(2)), CAST(id AS CHAR) FROM cc ORDER BY id",
				Expected: []Row{{1, "2020-01-01", "10:00:00", "2020-01-01 12:30:00", "ab", "1"}, {2, nil, "-838:59:59", nil, nil, "2"}}},
		},
	},
	{
		// Regression: a DATE in a string function was its DATETIME text
		// (CONCAT(d) '2020-01-01 00:00:00', LENGTH 19), a DATETIME(2) lost
		// its trailing zeros, a TIME was error 1105 "incompatible
		// conversion" (CONCAT, LIKE, a VIRTUAL column CONCAT(t, '!') made
		// the table unreadable) or a panic (TRIM), and SUBSTRING, LEFT,
		// INSTR, LOCATE and CRC32 refused them; MySQL 8 and MariaDB read
		// the value's text (compat/temporal_text.go).
		Name: "temporal values read as text by string functions",
		SetUpScript: []string{
			"CREATE TABLE tt (id INT PRIMARY KEY, d DATE, t TIME, dt DATETIME(2), y YEAR, ts TIMESTAMP NULL, " +
				"s VARCHAR(30) AS (CONCAT('d=', d)) STORED, v VARCHAR(30) AS (CONCAT(t, '!')) VIRTUAL)",
			"INSERT INTO tt (id, d, t, dt, y, ts) VALUES (1, '2024-01-02', '12:34:56', '2024-01-02 03:04:05.50', 2024, '2024-01-02 03:04:05'), (2, NULL, '-01:02:03', NULL, NULL, NULL)",
			"CREATE VIEW ttv AS SELECT id, CONCAT(d, '/', t) AS c FROM tt",
		},
		Assertions: []Assertion{
			{Query: "SELECT CONCAT(d), CONCAT('a', t), CONCAT_WS(',', d, t, dt, y, ts), LENGTH(d), LENGTH(dt), CHAR_LENGTH(t) FROM tt WHERE id = 1",
				Expected: []Row{{"2024-01-02", "a12:34:56", "2024-01-02,12:34:56,2024-01-02 03:04:05.50,2024,2024-01-02 03:04:05", 10, 22, 8}}},
			{Query: "SELECT SUBSTRING(d, 1, 7), LEFT(t, 5), RIGHT(dt, 4), MID(y, 2, 3), INSTR(d, '-'), LOCATE('3', t), REVERSE(d) FROM tt WHERE id = 1",
				Expected: []Row{{"2024-01", "12:34", "5.50", "024", 5, 4, "20-10-4202"}}},
			{Query: "SELECT LPAD(d, 12, '*'), RPAD(t, 10, '-'), REPLACE(d, '-', '/'), UPPER(dt), REPEAT(t, 2), TRIM(t), LTRIM(d) FROM tt WHERE id = 1",
				Expected: []Row{{"**2024-01-02", "12:34:56--", "2024/01/02", "2024-01-02 03:04:05.50", "12:34:5612:34:56", "12:34:56", "2024-01-02"}}},
			{Query: "SELECT HEX(d), HEX(y), MD5(t), CRC32(d), TO_BASE64(d), QUOTE(t), STRCMP(d, '2024-01-02') FROM tt WHERE id = 1",
				Expected: []Row{{"323032342D30312D3032", "7E8", "95456bfe9e360f986a04f249505f8756", 1341762698, "MjAyNC0wMS0wMg==", "'12:34:56'", 0}}},
			{Query: "SELECT GROUP_CONCAT(t ORDER BY id), COALESCE(d, 'x'), IFNULL(t, 'x') FROM tt WHERE id = 1", Expected: []Row{{"12:34:56", "2024-01-02", "12:34:56"}}},
			{Query: "SELECT id, CONCAT(d), CONCAT(t), COALESCE(d, 'none'), QUOTE(d) FROM tt ORDER BY id", Expected: []Row{{1, "2024-01-02", "12:34:56", "2024-01-02", "'2024-01-02'"}, {2, nil, "-01:02:03", "none", "NULL"}}},
			{Query: "SELECT id FROM tt WHERE t LIKE '12:%' OR d LIKE '%-02'", Expected: []Row{{1}}},
			{Query: "SELECT id FROM tt WHERE t REGEXP '^-'", Expected: []Row{{2}}},
			{Query: "SELECT id, s, v FROM tt ORDER BY id", Expected: []Row{{1, "d=2024-01-02", "12:34:56!"}, {2, nil, "-01:02:03!"}}},
			{Query: "SELECT c FROM ttv WHERE id = 1", Expected: []Row{{"2024-01-02/12:34:56"}}},
			{Query: "UPDATE tt SET d = '2025-03-04' WHERE id = 1"},
			{Query: "SELECT s, v FROM tt WHERE id = 1", Expected: []Row{{"d=2025-03-04", "12:34:56!"}}},
			{Query: "SELECT CASE WHEN id = 1 THEN d ELSE 'x' END FROM tt ORDER BY id", Expected: []Row{{"2025-03-04"}, {"x"}}},
			{Query: "SELECT CAST(dt AS CHAR), CONVERT(ts, CHAR) FROM tt WHERE id = 1", Expected: []Row{{"2024-01-02 03:04:05.50", "2024-01-02 03:04:05"}}},
		},
	},
	{
		// Regression: an invalid typed literal was NULL with warning 1292
		// (the CAST it is rewritten to); MySQL 8 and MariaDB refuse it
		// with 1525 (compat/typed_literals.go).
		Name: "an invalid typed literal is 1525",
		Assertions: []Assertion{
			{Query: "SELECT DATE '2020-13-01'", ExpectedErr: "Incorrect DATE value: '2020-13-01'", ExpectedErrCode: 1525},
			{Query: "SELECT DATE '2020-02-30' IS NULL", ExpectedErr: "Incorrect DATE value: '2020-02-30'", ExpectedErrCode: 1525},
			{Query: "SELECT DATE '2020-01-01 10:00:00'", ExpectedErr: "Incorrect DATE value: '2020-01-01 10:00:00'", ExpectedErrCode: 1525},
			{Query: "SELECT TIME '25:99'", ExpectedErr: "Incorrect TIME value: '25:99'", ExpectedErrCode: 1525},
			{Query: "SELECT TIME '839:00:00'", ExpectedErr: "Incorrect TIME value: '839:00:00'", ExpectedErrCode: 1525},
			{Query: "SELECT TIMESTAMP 'x'", ExpectedErr: "Incorrect DATETIME value: 'x'", ExpectedErrCode: 1525},
			{Query: "SELECT TIMESTAMP '2020-01-01'", ExpectedErr: "Incorrect DATETIME value: '2020-01-01'", ExpectedErrCode: 1525},
			{Query: "SELECT 1 FROM dual WHERE TIMESTAMP '2020-01-01 25:00:00' > 0", ExpectedErr: "Incorrect DATETIME value: '2020-01-01 25:00:00'", ExpectedErrCode: 1525},
			// Valid ones, and CAST, which stays NULL with a warning.
			{Query: "SELECT DATE '2020-1-5' = '2020-01-05', DATE '20200105' = '2020-01-05', SECOND(TIME '10') = 10, TIME '838:59:59' > TIME '837:00:00', " +
				"TIMESTAMP '2020-01-01 10:00:00' = '2020-01-01 10:00:00'",
				Expected: []Row{{1, 1, 1, 1, 1}}},
			{Query: "SELECT CAST('2020-13-01' AS DATE)", Expected: []Row{{nil}}},
			{Query: "SELECT 'DATE ''2020-13-01''' AS date", Expected: []Row{{"DATE '2020-13-01'"}}},
		},
	},
	{
		// Regression: arithmetic on a string that is not a number gave no
		// warning; MySQL 8 (and MariaDB) compute as DOUBLE with warning
		// 1292, a constant's once, a column's once a row
		// (compat/compare_truncated.go); DIV as DECIMAL, with "DECIMAL
		// value" (uint64_arith.go). MariaDB also notes ' 4 ', MySQL not:
		// left out.
		Name:        "arithmetic on a string that is not a number: warning 1292",
		SetUpScript: []string{"CREATE TABLE ar (id INT PRIMARY KEY, s VARCHAR(5))", "INSERT INTO ar VALUES (1, '1a'), (2, '2'), (3, 'x')"},
		Assertions: []Assertion{
			// First: MariaDB keeps the last warnings past a statement that
			// reads no table (MySQL 8 clears them: WL#5928).
			{Query: "SELECT 1 + '2', '1e1' * 2, 3 - '.5'", Expected: []Row{{3.0, 20.0, 2.5}}, ExpectedWarnings: []Row{}},
			{Query: "SELECT 1 + 'a'", Expected: []Row{{1.0}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: 'a'"}}},
			{Query: "SELECT 2 * '3x', 1.5 - 'z'", Expected: []Row{{6.0, 1.5}}, ExpectedWarnings: []Row{
				{"Warning", 1292, "Truncated incorrect DOUBLE value: '3x'"}, {"Warning", 1292, "Truncated incorrect DOUBLE value: 'z'"}}},
			{Query: "SELECT 10 / 'b'", Expected: []Row{{nil}}, ExpectedWarnings: []Row{
				{"Warning", 1292, "Truncated incorrect DOUBLE value: 'b'"}, {"Warning", 1365, "Division by 0"}}},
			{Query: "SELECT id, s + 1 FROM ar ORDER BY id", Expected: []Row{{1, 2.0}, {2, 3.0}, {3, 1.0}}, ExpectedWarnings: []Row{
				{"Warning", 1292, "Truncated incorrect DOUBLE value: '1a'"}, {"Warning", 1292, "Truncated incorrect DOUBLE value: 'x'"}}},
			// DIV divides strings as DECIMAL, and says so (it gave no warning).
			{Query: "SELECT 'a' DIV 2, 7 DIV '2x', '9' DIV 2", Expected: []Row{{0, 3, 4}}, ExpectedWarnings: []Row{
				{"Warning", 1292, "Truncated incorrect DECIMAL value: 'a'"}, {"Warning", 1292, "Truncated incorrect DECIMAL value: '2x'"}}},
			{Query: "SELECT 5 DIV 'x'", Expected: []Row{{nil}}, ExpectedWarnings: []Row{
				{"Warning", 1292, "Truncated incorrect DECIMAL value: 'x'"}, {"Warning", 1365, "Division by 0"}}},
			{Query: "SELECT id, s DIV 1 FROM ar ORDER BY id", Expected: []Row{{1, 1}, {2, 2}, {3, 0}}, ExpectedWarnings: []Row{
				{"Warning", 1292, "Truncated incorrect DECIMAL value: '1a'"}, {"Warning", 1292, "Truncated incorrect DECIMAL value: 'x'"}}},
		},
	},
	{
		// Regression: the vitess grammar of go-mysql-server 0.20 refused
		// ALTER TABLE … ADD [COLUMN] (c INT, d INT) with 1064; MySQL adds
		// each column (and key) of the list (compat/syntax_fallback.go).
		Name:        "ALTER TABLE ADD COLUMN of a parenthesised list",
		SetUpScript: []string{"CREATE TABLE ac (a INT PRIMARY KEY)", "INSERT INTO ac VALUES (1)"},
		Assertions: []Assertion{
			{Query: "ALTER TABLE ac ADD COLUMN (c INT, d VARCHAR(5) DEFAULT 'x, y')"},
			{Query: "ALTER TABLE ac ADD (e DECIMAL(5, 2), INDEX ie (e, c)), ADD COLUMN (f INT)"},
			{Query: "SELECT column_name FROM information_schema.columns WHERE table_schema = DATABASE() AND table_name = 'ac' ORDER BY ordinal_position",
				Expected: []Row{{"a"}, {"c"}, {"d"}, {"e"}, {"f"}}},
			{Query: "SELECT column_name FROM information_schema.statistics WHERE table_schema = DATABASE() AND table_name = 'ac' AND index_name = 'ie' ORDER BY seq_in_index",
				Expected: []Row{{"e"}, {"c"}}},
			{Query: "SELECT a, c, d, e, f FROM ac", Expected: []Row{{1, nil, "x, y", nil, nil}}},
			{Query: "ALTER TABLE ac ADD COLUMN (g INT, c INT)", ExpectedErrCode: 1060},
			{Query: "ALTER TABLE ac ADD COLUMN (h INT", ExpectedErrCode: 1064},
		},
	},
	{
		// Regression: go-mysql-server 0.20 refused DROP TABLE db1.a, db2.b
		// with 1105 "unsupported feature", and DROP TABLE IF EXISTS looked
		// every name up in the first table's database: IF EXISTS nodb.x
		// was error 1051 (compat/stmt_drop_tables.go).
		Name: "DROP TABLE of tables in two databases, IF EXISTS of a missing database",
		SetUpScript: []string{"DROP DATABASE IF EXISTS dt_one", "DROP DATABASE IF EXISTS dt_two", "CREATE DATABASE dt_one", "CREATE DATABASE dt_two",
			"CREATE TABLE dt_one.a (x INT)", "CREATE TABLE dt_two.b (y INT)", "CREATE TABLE dt_one.b (y INT)", "CREATE TABLE c (z INT)",
			"CREATE TRIGGER dt_two.tb BEFORE INSERT ON dt_two.b FOR EACH ROW SET NEW.y = 2",
			"CREATE TRIGGER dt_one.tb1 BEFORE INSERT ON dt_one.b FOR EACH ROW SET NEW.y = 1"},
		Assertions: []Assertion{
			{Query: "DROP TABLE dt_one.a, dt_two.b", ExpectedWarnings: []Row{}},
			{Query: "SELECT table_schema, table_name FROM information_schema.tables WHERE table_schema IN ('dt_one', 'dt_two') ORDER BY 1, 2",
				Expected: []Row{{"dt_one", "b"}}},
			// dt_two.b's trigger went with it; dt_one.b's, on a table of the same name, stays.
			{Query: "INSERT INTO dt_one.b VALUES (5)"},
			{Query: "SELECT y FROM dt_one.b", Expected: []Row{{1}}},
			{Query: "CREATE TABLE dt_two.b (y INT)"},
			{Query: "INSERT INTO dt_two.b VALUES (5)"},
			{Query: "SELECT y FROM dt_two.b", Expected: []Row{{5}}},
			{Query: "DROP TABLE dt_two.b"},
			{Query: "DROP TABLE IF EXISTS nodb.x", ExpectedWarnings: []Row{{"Note", 1051, "Unknown table 'nodb.x'"}}},
			{Query: "DROP TABLE IF EXISTS dt_one.b, nodb.x", ExpectedWarnings: []Row{{"Note", 1051, "Unknown table 'nodb.x'"}}},
			{Query: "CREATE TABLE dt_two.c (z INT)"},
			// The second c is dt_two's: the current database has it, dt_two not any more.
			{Query: "DROP TABLE c, dt_two.c", ExpectedWarnings: []Row{}},
			{Query: "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema IN ('dt_one', 'dt_two') OR (table_schema = DATABASE() AND table_name = 'c')",
				Expected: []Row{{0}}},
			{Query: "DROP TABLE dt_one.nosuch, dt_two.nosuch", ExpectedErrCode: 1051},
			{Query: "DROP DATABASE dt_one"},
			{Query: "DROP DATABASE dt_two"},
		},
	},
	{
		// Regression: go-mysql-server 0.20 answered a column outside GROUP
		// BY under ONLY_FULL_GROUP_BY with an arbitrary row's value; MySQL 8
		// and MariaDB refuse it with 1055 (compat/only_full_group_by.go).
		Name: "ONLY_FULL_GROUP_BY: a column not in GROUP BY is 1055",
		SetUpScript: []string{"CREATE TABLE gb (id INT PRIMARY KEY, a INT, b INT)", "INSERT INTO gb VALUES (1, 1, 1), (2, 1, 1), (3, 3, 2)",
			"SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'"},
		Assertions: []Assertion{
			{Query: "SELECT a, COUNT(*) FROM gb GROUP BY b", ExpectedErrCode: 1055},
			{Query: "SELECT b, a + 1, COUNT(*) FROM gb GROUP BY b", ExpectedErrCode: 1055},
			{Query: "SELECT DISTINCT a FROM gb GROUP BY b", ExpectedErrCode: 1055},
			{Query: "SELECT b + 1, COUNT(*) FROM gb GROUP BY b + 1 ORDER BY 1", Expected: []Row{{2, 2}, {3, 1}}},
			{Query: "SELECT b, MAX(a) FROM gb GROUP BY b HAVING COUNT(*) > 1", Expected: []Row{{1, 1}}},
			{Query: "SELECT b, (SELECT MAX(id) FROM gb) FROM gb GROUP BY b ORDER BY b", Expected: []Row{{1, 3}, {2, 3}}},
			{Query: "SET SESSION sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "SELECT a, COUNT(*) FROM gb GROUP BY b ORDER BY b", Expected: []Row{{1, 2}, {3, 1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 answered an aggregate beside a
		// plain column without GROUP BY under ONLY_FULL_GROUP_BY with the
		// first row's value; MySQL 8 and MariaDB refuse it with 1140
		// (compat/only_full_group_by.go).
		Name: "ONLY_FULL_GROUP_BY: a column beside an aggregate without GROUP BY is 1140",
		SetUpScript: []string{"CREATE TABLE gn (id INT PRIMARY KEY, a INT, b INT)", "INSERT INTO gn VALUES (1, 1, 1), (2, 1, 1), (3, 3, 2)",
			"SET SESSION sql_mode = 'ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES'"},
		Assertions: []Assertion{
			{Query: "SELECT a, COUNT(*) FROM gn", ExpectedErrCode: 1140},
			{Query: "SELECT COUNT(*), a + 1 FROM gn", ExpectedErrCode: 1140},
			{Query: "SELECT MAX(a), id FROM gn WHERE b > 0", ExpectedErrCode: 1140},
			{Query: "SELECT x.a, COUNT(*) FROM gn x JOIN gn y ON x.id < y.id", ExpectedErrCode: 1140},
			{Query: "SELECT (SELECT a + COUNT(*) FROM gn)", ExpectedErrCode: 1140},
			{Query: "SELECT * FROM (SELECT a, SUM(b) FROM gn) d", ExpectedErrCode: 1140},
			// Aggregates and constants alone, and a column of the outer query.
			{Query: "SELECT COUNT(*), MAX(a) + 1, 'x', 2 FROM gn", Expected: []Row{{3, 4, "x", 2}}},
			{Query: "SELECT id, (SELECT COUNT(*) + x.b FROM gn WHERE gn.id <= x.id) FROM gn x ORDER BY id", Expected: []Row{{1, 2}, {2, 3}, {3, 5}}},
			{Query: "SET SESSION sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "SELECT COUNT(*), MAX(b) FROM gn WHERE a = 3", Expected: []Row{{1, 2}}},
			{Query: "SELECT a, COUNT(*) FROM gn WHERE id = 3", Expected: []Row{{3, 1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 grouped by the first table's a
		// where two tables have one; MySQL 8 and MariaDB refuse it with
		// 1052 (compat/group_by_ambiguous.go).
		Name: "GROUP BY of a column two tables have is 1052",
		SetUpScript: []string{"CREATE TABLE ga (id INT PRIMARY KEY, a INT, b INT)", "CREATE TABLE gu (id INT PRIMARY KEY, a INT)",
			"INSERT INTO ga VALUES (1, 1, 1), (2, 1, 2)", "INSERT INTO gu VALUES (1, 1), (2, 1)"},
		Assertions: []Assertion{
			{Query: "SELECT COUNT(*) FROM ga JOIN gu ON ga.id = gu.id GROUP BY a", ExpectedErrCode: 1052},
			{Query: "SELECT COUNT(*) FROM ga, gu WHERE ga.id = gu.id GROUP BY b, a", ExpectedErrCode: 1052},
			{Query: "SELECT COUNT(*) FROM ga x JOIN ga y ON x.id = y.id GROUP BY b", ExpectedErrCode: 1052},
			{Query: "SELECT (SELECT COUNT(*) FROM ga JOIN gu ON ga.id = gu.id GROUP BY a LIMIT 1)", ExpectedErrCode: 1052},
			// Named in the select list, qualified, or joined USING: one column.
			{Query: "SELECT ga.a, COUNT(*) FROM ga JOIN gu ON ga.id = gu.id GROUP BY a", Expected: []Row{{1, 2}}},
			{Query: "SELECT COUNT(*) FROM ga JOIN gu ON ga.id = gu.id GROUP BY gu.a", Expected: []Row{{2}}},
			{Query: "SELECT COUNT(*) FROM ga JOIN gu USING (a) GROUP BY a", Expected: []Row{{4}}},
			{Query: "SELECT COUNT(*) FROM ga JOIN gu ON ga.id = gu.id GROUP BY b ORDER BY b", Expected: []Row{{1}, {1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 gave 1105 "table function:
		// 'nosuch_tf' not found"; MySQL 8 and MariaDB parse no such table
		// function: 1064 (mysqlerr).
		Name: "an unknown table function is syntax error 1064",
		Assertions: []Assertion{
			{Query: "SELECT * FROM nosuch_tf(1)", ExpectedErrCode: 1064}, // the message: mysqlerr TestTable
		},
	},
	{
		// Regression (compat/warning_bytes.go): a warning quoting a binary
		// value whose bytes are not UTF-8 made SHOW WARNINGS fail with 1366
		// "invalid string for charset utf8mb4"; MySQL and MariaDB quote the
		// bytes outside 0x20-0x7E as \xHH (err_conv), UTF-8 ones too.
		Name: "a binary value in numeric context answers with a warning",
		SetUpScript: []string{
			"CREATE TABLE bn (id INT PRIMARY KEY, b VARBINARY(16))",
			"INSERT INTO bn VALUES (1, 0xFFFE), (2, 0x41C3A90A)",
		},
		Assertions: []Assertion{
			{Query: "SELECT CAST(b AS UNSIGNED) FROM bn ORDER BY id", Expected: []Row{{0}, {0}},
				ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect INTEGER value: '\\xFF\\xFE'"},
					{"Warning", 1292, "Truncated incorrect INTEGER value: 'A\\xC3\\xA9\\x0A'"}}},
			{Query: "SELECT b + 0 FROM bn WHERE id = 1", Expected: []Row{{0.0}},
				ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '\\xFF\\xFE'"}}},
			{Query: "SELECT b | 0 FROM bn WHERE id = 1", Expected: []Row{{0}}},
			{Query: "SELECT id FROM bn WHERE b > 5", Expected: []Row{}},
		},
	},
	{
		// A trigger created while its database was current (ON t, not ON
		// db.t) was resolved against the session's current database: writes
		// to its table from another database failed with 1146, or ran the
		// body against the other database's tables, and
		// information_schema.TRIGGERS failed everywhere else (so
		// mariadb-dump of any other database stopped with 1146);
		// catalog/compat_trigger_database.go.
		Name: "a trigger runs in its own database",
		SetUpScript: []string{
			"DROP DATABASE IF EXISTS trgdb_a",
			"DROP DATABASE IF EXISTS trgdb_b",
			"CREATE DATABASE trgdb_a",
			"CREATE DATABASE trgdb_b",
			"USE trgdb_a",
			"CREATE TABLE t (i INT)",
			"CREATE TABLE lg (m VARCHAR(20))",
			"CREATE TRIGGER tai AFTER INSERT ON t FOR EACH ROW INSERT INTO lg VALUES (CONCAT('ins ', NEW.i))",
			"USE trgdb_b",
		},
		Assertions: []Assertion{
			{Query: "SELECT TRIGGER_SCHEMA, TRIGGER_NAME, EVENT_OBJECT_TABLE FROM information_schema.TRIGGERS WHERE TRIGGER_SCHEMA = 'trgdb_a'",
				Expected: []Row{{"trgdb_a", "tai", "t"}}},
			{Query: "INSERT INTO trgdb_a.t VALUES (7)"},
			{Query: "CREATE TABLE t (i INT)"},
			{Query: "CREATE TABLE lg (m VARCHAR(20))"},
			{Query: "INSERT INTO trgdb_a.t VALUES (8)"},
			{Query: "SELECT m FROM trgdb_a.lg ORDER BY m", Expected: []Row{{"ins 7"}, {"ins 8"}}},
			{Query: "SELECT COUNT(*) FROM trgdb_b.lg", Expected: []Row{{0}}},
			{Query: "DROP DATABASE trgdb_a"},
			{Query: "DROP DATABASE trgdb_b"},
		},
	},
	{
		// ALTER TABLE … MODIFY to a narrower unsigned type kept going and
		// stored a wrapped or clamped value (4294967296 became 0 in INT
		// UNSIGNED, 2^64-1 became 255 in TINYINT UNSIGNED) where MySQL
		// refuses with 1264 in strict mode and keeps the table; a narrower
		// DECIMAL was 1105 (MySQL: 1264), a shorter VARCHAR 1406 naming the
		// type instead of the column (MySQL: 1265 for column 'v');
		// catalog/compat_alter_narrowing.go.
		Name: "ALTER TABLE MODIFY to a narrower type refuses values out of range",
		SetUpScript: []string{
			"CREATE TABLE an (id INT PRIMARY KEY, a BIGINT UNSIGNED, b BIGINT UNSIGNED, d DECIMAL(10,2), v VARCHAR(10))",
			"INSERT INTO an VALUES (1, 4294967296, 18446744073709551615, 123.45, 'abcdef')",
		},
		Assertions: []Assertion{
			{Query: "ALTER TABLE an MODIFY a INT UNSIGNED", ExpectedErrCode: 1264, ExpectedErr: "Out of range value for column 'a' at row 1"},
			{Query: "ALTER TABLE an MODIFY b TINYINT UNSIGNED", ExpectedErrCode: 1264, ExpectedErr: "Out of range value for column 'b' at row 1"},
			{Query: "ALTER TABLE an MODIFY d DECIMAL(4,2)", ExpectedErrCode: 1264, ExpectedErr: "Out of range value for column 'd' at row 1"},
			{Query: "ALTER TABLE an MODIFY v VARCHAR(3)", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 'v' at row 1"},
			{Query: "SELECT a, b, d, v FROM an", Expected: []Row{{"4294967296", "18446744073709551615", "123.45", "abcdef"}}},
			// The row that does not fit is the second copied: row 2.
			{Query: "INSERT INTO an VALUES (0, 1, 1, 1, 'a')"},
			{Query: "ALTER TABLE an MODIFY a INT UNSIGNED", ExpectedErrCode: 1264, ExpectedErr: "Out of range value for column 'a' at row 2"},
			{Query: "ALTER TABLE an MODIFY v VARCHAR(2)", ExpectedErrCode: 1265, ExpectedErr: "Data truncated for column 'v' at row 2"},
			{Query: "DELETE FROM an WHERE id = 1"},
			{Query: "ALTER TABLE an MODIFY a INT UNSIGNED, MODIFY b TINYINT UNSIGNED, MODIFY d DECIMAL(4,2), MODIFY v VARCHAR(3)"},
			{Query: "SELECT a, b, d, v FROM an", Expected: []Row{{1, 1, "1.00", "a"}}},
		},
	},
	{
		// Regression: outside strict mode ALTER TABLE … MODIFY to a shorter
		// VARCHAR was error 1406 naming the type ("Data too long for column
		// 'varchar(3) COLLATE utf8mb4_0900_ai_ci'"), to a narrower integer
		// a wrapped value; MySQL 8 (and MariaDB) copy the rows cut to fit,
		// with warning 1265 "Data truncated for column 'v' at row 2" (1264
		// for an integer, clamped) for each (catalog/compat_alter_narrowing.go).
		Name: "ALTER TABLE MODIFY to a narrower type outside strict mode cuts and warns",
		SetUpScript: []string{
			"CREATE TABLE aw (id INT PRIMARY KEY, v VARCHAR(10), n BIGINT)",
			"INSERT INTO aw VALUES (1, 'ab', 5), (2, 'abcdef', 300), (3, 'xyzxyz', -300)",
		},
		Assertions: []Assertion{
			{Query: "SET sql_mode = ''"},
			{Query: "ALTER TABLE aw MODIFY v VARCHAR(3)", ExpectedWarnings: []Row{
				{"Warning", 1265, "Data truncated for column 'v' at row 2"},
				{"Warning", 1265, "Data truncated for column 'v' at row 3"},
			}},
			{Query: "SELECT v FROM aw ORDER BY id", Expected: []Row{{"ab"}, {"abc"}, {"xyz"}}},
			{Query: "ALTER TABLE aw MODIFY n TINYINT", ExpectedWarnings: []Row{
				{"Warning", 1264, "Out of range value for column 'n' at row 2"},
				{"Warning", 1264, "Out of range value for column 'n' at row 3"},
			}},
			{Query: "SELECT n FROM aw ORDER BY id", Expected: []Row{{5}, {127}, {-128}}},
			{Query: "ALTER TABLE aw CHANGE v w VARCHAR(2)", ExpectedWarnings: []Row{
				{"Warning", 1265, "Data truncated for column 'w' at row 2"},
				{"Warning", 1265, "Data truncated for column 'w' at row 3"},
			}},
			{Query: "SELECT w FROM aw ORDER BY id", Expected: []Row{{"ab"}, {"ab"}, {"xy"}}},
		},
	},
	{
		// MySQL 8 gives SET of an unknown name without @@ error 1193, as
		// SET @@name does; simsql: 1054 Unknown column
		// (compat/set_unknown_variable.go).
		Name: "SET of an unknown variable is 1193",
		Assertions: []Assertion{
			{Query: "SET nosuchvar = 1", ExpectedErrCode: 1193, ExpectedErr: "Unknown system variable 'nosuchvar'"},
			{Query: "SET SESSION nosuchvar = 1", ExpectedErrCode: 1193},
			{Query: "SET @ok = 1, nosuchvar = 2", ExpectedErrCode: 1193},
			// Known names and trigger bodies are as before.
			{Query: "SET autocommit = 1, sql_mode = DEFAULT"},
			{Query: "CREATE TABLE sv (id INT PRIMARY KEY, n INT)"},
			{Query: "CREATE TRIGGER sv_bi BEFORE INSERT ON sv FOR EACH ROW SET NEW.n = NEW.id * 2"},
			{Query: "INSERT INTO sv (id) VALUES (4)"},
			{Query: "SELECT n FROM sv", Expected: []Row{{8}}},
		},
	},
	{
		// ALTER TABLE … COMMENT = '…' answered OK and changed nothing
		// (compat/alter_table_comment.go).
		Name: "ALTER TABLE changes the table comment",
		SetUpScript: []string{
			"CREATE TABLE cm (id INT PRIMARY KEY) COMMENT 'first'",
		},
		Assertions: []Assertion{
			{Query: "ALTER TABLE cm COMMENT = 'second'"},
			{Query: "SELECT TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'cm'",
				Expected: []Row{{"second"}}},
			{Query: "ALTER TABLE `cm` COMMENT 'it''s third'"},
			{Query: "INSERT INTO cm VALUES (1)"},
			{Query: "SELECT TABLE_COMMENT FROM information_schema.TABLES WHERE TABLE_SCHEMA = DATABASE() AND TABLE_NAME = 'cm'",
				Expected: []Row{{"it's third"}}},
			{Query: "SELECT id FROM cm", Expected: []Row{{1}}},
			{Query: "ALTER TABLE nosuch COMMENT 'x'", ExpectedErrCode: 1146},
		},
	},
	{
		// ON DUPLICATE KEY UPDATE c = DEFAULT panicked ("default column is
		// a placeholder node"); MySQL sets the default, and a generated
		// column's DEFAULT is its expression (catalog/compat_upsert_default.go).
		Name: "ON DUPLICATE KEY UPDATE c = DEFAULT",
		SetUpScript: []string{
			"CREATE TABLE od (id INT PRIMARY KEY, x INT DEFAULT 5, y VARCHAR(5), body TEXT, c BIGINT UNSIGNED AS (CRC32(body)) STORED)",
			"INSERT INTO od (id, x, y, body) VALUES (1, 1, 'a', 'p')",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO od (id, x) VALUES (1, 2) ON DUPLICATE KEY UPDATE x = DEFAULT, y = DEFAULT, body = 'q', c = DEFAULT"},
			{Query: "SELECT x, y, body, c = CRC32('q') FROM od", Expected: []Row{{5, nil, "q", 1}}},
			{Query: "INSERT INTO od (id, x) VALUES (1, 2) ON DUPLICATE KEY UPDATE c = DEFAULT"},
			{Query: "SELECT x, body, c = CRC32('q') FROM od", Expected: []Row{{5, "q", 1}}},
		},
	},
	{
		// go-mysql-server 0.20 wrote 1e+20, 1.5e-07 and, read as text,
		// '100000000000000000000' (compat/double_text.go). Over the wire
		// go-sql-driver parses a DOUBLE column and prints it again, so
		// those are compared as numbers; the text of the column itself
		// is pinned by TestProtocolDoubleText.
		Name: "DOUBLE and FLOAT as MySQL writes them",
		SetUpScript: []string{
			"CREATE TABLE dbt (id INT PRIMARY KEY, d DOUBLE, x FLOAT)",
			"INSERT INTO dbt VALUES (1, 1e20, 1.1), (2, -1.5e-7, 123456789), (3, 1e-16, 1e-10)",
			"SET @d = 1e20",
		},
		Assertions: []Assertion{
			{Query: "SELECT CONCAT(1e20), CAST(1e20 AS CHAR), CONCAT(POW(2, 64)), CONCAT(1.5e-7), CONCAT(1e-16), CONCAT(1e15), " +
				"CONCAT(123456789012345e0), CONCAT(1234567890123456.7e0)",
				Expected: []Row{{"1e20", "1e20", "1.8446744073709552e19", "0.00000015", "1e-16", "1e15", "123456789012345", "1234567890123456.8"}}},
			{Query: "SELECT CONCAT(d), CONCAT(x), CAST(x AS CHAR), CONCAT(x + 0), LENGTH(d) FROM dbt ORDER BY id", Expected: []Row{
				{"1e20", "1.1", "1.1", "1.100000023841858", 4},
				{"-0.00000015", "123457000", "123457000", "123456792", 11},
				{"1e-16", "0.0000000001", "0.0000000001", "0.0000000001000000013351432", 5}}},
			{Query: "SELECT CONCAT(@d), CONCAT(SUM(d)), CONCAT(AVG(d)), CONCAT(MAX(x)) FROM dbt",
				Expected: []Row{{"1e20", "1e20", "3.333333333333333e19", "123457000"}}},
			{Query: "SELECT d, x, x + 0, @d FROM dbt ORDER BY id", Expected: []Row{
				{1e20, 1.1, 1.100000023841858, 1e20}, {-1.5e-7, 123457000.0, 123456792.0, 1e20}, {1e-16, 1e-10, 1.000000013351432e-10, 1e20}}},
		},
	},
	{
		// Regression (trial 12 F7): go-mysql-server v0.20.0 refused a
		// value no member of an ENUM or SET with 1105, stored '' for
		// INSERT IGNORE of 'x,z' into SET('x','y') and ENUM index 0 in
		// strict mode (catalog/compat_enum_set_values.go).
		Name:        "ENUM and SET values that are no member: 1265",
		SetUpScript: []string{"CREATE TABLE es (id INT PRIMARY KEY, e ENUM('a','b'), s SET('x','y'))"},
		Assertions: []Assertion{
			{Query: "INSERT INTO es VALUES (1, 'z', 'x')", ExpectedErr: "Data truncated for column 'e' at row 1", ExpectedErrCode: 1265},
			{Query: "INSERT IGNORE INTO es VALUES (2, 'z', 'x')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 'e' at row 1"}}},
			{Query: "INSERT INTO es VALUES (3, 'a', 'x,z')", ExpectedErr: "Data truncated for column 's' at row 1", ExpectedErrCode: 1265},
			{Query: "INSERT IGNORE INTO es VALUES (4, 'a', 'x,z')", ExpectedWarnings: []Row{{"Warning", 1265, "Data truncated for column 's' at row 1"}}},
			{Query: "INSERT INTO es VALUES (5, 0, 'x')", ExpectedErr: "Data truncated for column 'e' at row 1", ExpectedErrCode: 1265},
			{Query: "INSERT INTO es VALUES (6, 'b', 'y'), (7, 'q', 'x')", ExpectedErr: "Data truncated for column 'e' at row 2", ExpectedErrCode: 1265},
			{Query: "UPDATE es SET e = 'q' WHERE id = 2", ExpectedErr: "Data truncated for column 'e' at row 1", ExpectedErrCode: 1265},
			{Query: "SELECT id, e, e + 0, s FROM es ORDER BY id", Expected: []Row{{2, "", 0, "x"}, {4, "a", 1, "x"}}},
		},
	},
	{
		// Regression (trial 12 F15): go-mysql-server v0.20.0 stored a DOUBLE
		// written to a character column in Go's 'f' text
		// ('18446744073709552000'), by INSERT, UPDATE and ALTER TABLE
		// (catalog/compat_non_strict_values.go; ALTER reads the old rows
		// through the same check, compat_alter_narrowing.go).
		Name:        "a DOUBLE into a character column",
		SetUpScript: []string{"CREATE TABLE dc (id INT PRIMARY KEY, f DOUBLE, fl FLOAT, c VARCHAR(30))"},
		Assertions: []Assertion{
			{Query: "INSERT INTO dc VALUES (1, 1.8446744073709552e19, 1e20, NULL), (2, 1e15, 0.5, NULL), (3, 123456789012345678, 123456789, NULL)"},
			{Query: "UPDATE dc SET c = f"},
			{Query: "INSERT INTO dc (id, c) VALUES (4, 1e15), (5, CAST(18446744073709551615 AS DOUBLE)), (6, 1.5e-7)"},
			{Query: "SELECT id, c, c = CONCAT(f) FROM dc ORDER BY id", Expected: []Row{
				{1, "1.8446744073709552e19", 1}, {2, "1e15", 1}, {3, "1.2345678901234568e17", 1}, {4, "1e15", nil}, {5, "1.8446744073709552e19", nil}, {6, "0.00000015", nil}}},
			{Query: "ALTER TABLE dc MODIFY f VARCHAR(30), MODIFY fl VARCHAR(30)"},
			{Query: "SELECT id, f, fl FROM dc WHERE id <= 3 ORDER BY id", Expected: []Row{
				{1, "1.8446744073709552e19", "1e20"}, {2, "1e15", "0.5"}, {3, "1.2345678901234568e17", "123457000"}}},
		},
	},
	{
		// Regression (trial 12 F9): go-mysql-server v0.20.0 dropped
		// UNSIGNED from DECIMAL, FLOAT and DOUBLE columns: negatives were
		// stored in strict mode and SHOW CREATE TABLE lost the attribute
		// (catalog/compat_unsigned_real.go).
		Name:        "DECIMAL, FLOAT and DOUBLE UNSIGNED",
		SetUpScript: []string{"CREATE TABLE ur (id INT PRIMARY KEY, d DECIMAL(20,0) UNSIGNED, f DOUBLE UNSIGNED, fl FLOAT UNSIGNED, s DECIMAL(5,2))"},
		Assertions: []Assertion{
			{Query: "INSERT INTO ur (id, d) VALUES (1, -1)", ExpectedErr: "Out of range value for column 'd' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO ur (id, f) VALUES (2, -1.5)", ExpectedErr: "Out of range value for column 'f' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO ur (id, fl) VALUES (3, 1), (4, -1.5)", ExpectedErr: "Out of range value for column 'fl' at row 2", ExpectedErrCode: 1264},
			{Query: "INSERT IGNORE INTO ur (id, d, f) VALUES (5, -5, -5)", ExpectedWarnings: []Row{
				{"Warning", 1264, "Out of range value for column 'd' at row 1"}, {"Warning", 1264, "Out of range value for column 'f' at row 1"}}},
			{Query: "INSERT INTO ur VALUES (6, 18446744073709551615, 1.5, 0, -1.25)"},
			{Query: "UPDATE ur SET d = d - 18446744073709551616 WHERE id = 6", ExpectedErr: "Out of range value for column 'd' at row 1", ExpectedErrCode: 1264},
			{Query: "SELECT id, d, f, fl, s FROM ur ORDER BY id", Expected: []Row{{5, "0", 0.0, nil, nil}, {6, "18446744073709551615", 1.5, 0.0, "-1.25"}}},
			{Query: "SHOW COLUMNS FROM ur WHERE Field IN ('d', 'f', 'fl', 's')", Expected: []Row{
				{"d", "decimal(20,0) unsigned", "YES", "", nil, ""}, {"f", "double unsigned", "YES", "", nil, ""},
				{"fl", "float unsigned", "YES", "", nil, ""}, {"s", "decimal(5,2)", "YES", "", nil, ""}}},
			{Query: "ALTER TABLE ur ADD COLUMN x INT"},
			{Query: "INSERT INTO ur (id, f) VALUES (7, -2)", ExpectedErr: "Out of range value for column 'f' at row 1", ExpectedErrCode: 1264},
			{Query: "ALTER TABLE ur MODIFY f DOUBLE"},
			{Query: "INSERT INTO ur (id, f) VALUES (7, -2)"},
			{Query: "SELECT COUNT(*) FROM ur WHERE f < 0", Expected: []Row{{1}}},
		},
	},
}

// CompatMySQLScripts are faults of CompatFaultScripts' kind whose answer
// MariaDB words or levels otherwise than MySQL 8; they hold MySQL 8's.
var CompatMySQLScripts = []ScriptTest{
	{
		// Regression (trial 12 F9, catalog/compat_unsigned_real.go): SHOW
		// CREATE TABLE wrote `decimal(20,0)`, `double`, `float` for UNSIGNED
		// columns (MariaDB writes int(11)).
		Name:        "SHOW CREATE TABLE keeps DECIMAL and DOUBLE UNSIGNED",
		SetUpScript: []string{"CREATE TABLE us (id INT PRIMARY KEY, d DECIMAL(20,0) UNSIGNED, f DOUBLE UNSIGNED, fl FLOAT(7,2) UNSIGNED)"},
		Assertions: []Assertion{
			{Query: "SHOW CREATE TABLE us", Expected: []Row{{"us", "CREATE TABLE `us` (\n  `id` int NOT NULL,\n  `d` decimal(20,0) unsigned DEFAULT NULL,\n  `f` double unsigned DEFAULT NULL,\n  `fl` float(7,2) unsigned DEFAULT NULL,\n  PRIMARY KEY (`id`)\n) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
			{Query: "INSERT INTO us (id, fl) VALUES (1, -1)", ExpectedErr: "Out of range value for column 'fl' at row 1", ExpectedErrCode: 1264},
		},
	},
	{
		// ALTER TABLE … MODIFY to a shorter VARCHAR cuts trailing spaces
		// beyond the length with note 1265 in every mode, as an INSERT does
		// (MySQL 8's Field_longstr::report_if_important_data: "If we lost
		// only spaces then produce a NOTE"); simsql failed with 1406 naming
		// the type. MariaDB 10.11 refuses with 1265 in strict mode
		// (catalog/compat_alter_narrowing.go).
		Name: "ALTER TABLE MODIFY cuts trailing spaces with a note",
		SetUpScript: []string{
			"CREATE TABLE ats (id INT PRIMARY KEY, v VARCHAR(10))",
			"INSERT INTO ats VALUES (1, 'ab   '), (2, 'abc  '), (3, 'a')",
		},
		Assertions: []Assertion{
			{Query: "ALTER TABLE ats MODIFY v VARCHAR(3)", ExpectedWarnings: []Row{
				{"Note", 1265, "Data truncated for column 'v' at row 1"},
				{"Note", 1265, "Data truncated for column 'v' at row 2"},
			}},
			{Query: "SELECT CONCAT('[', v, ']') FROM ats ORDER BY id", Expected: []Row{{"[ab ]"}, {"[abc]"}, {"[a]"}}},
			{Query: "INSERT INTO ats VALUES (4, 'abcd')", ExpectedErrCode: 1406},
		},
	},
	{
		// Regression (compat/group_by_ambiguous.go): MySQL 8's words for
		// 1052 in GROUP BY (MariaDB: "in GROUP BY").
		Name:        "GROUP BY ambiguous: MySQL's words",
		SetUpScript: []string{"CREATE TABLE gw (id INT PRIMARY KEY, a INT)", "CREATE TABLE gv (id INT PRIMARY KEY, a INT)"},
		Assertions: []Assertion{
			{Query: "SELECT COUNT(*) FROM gw JOIN gv ON gw.id = gv.id GROUP BY a", ExpectedErr: "Column 'a' in group statement is ambiguous", ExpectedErrCode: 1052},
		},
	},
	{
		// Regression (compat/only_full_group_by.go): simsql's default
		// sql_mode has ONLY_FULL_GROUP_BY, as MySQL 8's, which refuses a
		// column outside GROUP BY with 1055 (go-mysql-server 0.20 answered
		// it) unless a key of grouped columns determines it (go-mysql-server
		// 0.20 refused SELECT id, a … GROUP BY id with 1105). MariaDB words
		// 1055 otherwise, lets ORDER BY read any column, and knows no keys.
		Name:        "ONLY_FULL_GROUP_BY follows sql_mode and functional dependencies",
		SetUpScript: []string{"CREATE TABLE gk (id INT PRIMARY KEY, a INT, b INT, c INT NOT NULL, UNIQUE KEY (c))", "INSERT INTO gk VALUES (1, 1, 1, 10), (2, 1, 1, 20), (3, 3, 2, 30)"},
		Assertions: []Assertion{
			{Query: "SELECT @@sql_mode LIKE '%ONLY_FULL_GROUP_BY%'", Expected: []Row{{1}}},
			{Query: "SELECT a, COUNT(*) FROM gk GROUP BY b",
				ExpectedErr:     ".gk.a' which is not functionally dependent on columns in GROUP BY clause; this is incompatible with sql_mode=only_full_group_by",
				ExpectedErrCode: 1055},
			{Query: "SELECT b, COUNT(*) FROM gk GROUP BY b ORDER BY a",
				ExpectedErr: "Expression #1 of ORDER BY clause is not in GROUP BY clause and contains nonaggregated column", ExpectedErrCode: 1055},
			{Query: "SELECT id, a FROM gk GROUP BY id ORDER BY id", Expected: []Row{{1, 1}, {2, 1}, {3, 3}}},
			{Query: "SELECT c, a + b FROM gk GROUP BY c ORDER BY c", Expected: []Row{{10, 2}, {20, 2}, {30, 5}}},
			{Query: "SELECT * FROM gk GROUP BY id ORDER BY id LIMIT 1", Expected: []Row{{1, 1, 1, 10}}},
			{Query: "SELECT b, ANY_VALUE(c) > 0 FROM gk GROUP BY b ORDER BY b", Expected: []Row{{1, 1}, {2, 1}}},
			{Query: "SELECT a, b FROM gk WHERE a = 1 GROUP BY b", Expected: []Row{{1, 1}}},
			{Query: "SET SESSION sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "SELECT b, COUNT(*) FROM gk GROUP BY b ORDER BY a", Expected: []Row{{1, 2}, {2, 1}}},
		},
	},
	{
		// Regression (mysqlerr): MySQL 8's 1074 for a VARCHAR or VARBINARY
		// beyond 65,535 bytes: the maximum is in characters, 16,383 of
		// utf8mb4 (MariaDB says 65,532 for both). Left: VARBINARY(65533),
		// MySQL's 1118 (row size too large), is created.
		Name: "a VARCHAR or VARBINARY column too long is 1074",
		Assertions: []Assertion{
			{Query: "CREATE TABLE lv1 (v VARBINARY(70000))", ExpectedErr: "65535", ExpectedErrCode: 1074},
			{Query: "CREATE TABLE lv2 (id INT, v VARCHAR(70000))", ExpectedErr: "16383", ExpectedErrCode: 1074},
		},
	},
	{
		// Regression (compat/only_full_group_by.go): MySQL 8's words for
		// 1140, which it gives unless an equality of the WHERE makes the
		// column constant (MariaDB: "Mixing of GROUP columns …", and
		// refuses that too).
		Name:        "ONLY_FULL_GROUP_BY without GROUP BY: MySQL's 1140",
		SetUpScript: []string{"CREATE TABLE gm (id INT PRIMARY KEY, a INT, b INT)", "INSERT INTO gm VALUES (1, 1, 1), (2, 1, 1), (3, 3, 2)"},
		Assertions: []Assertion{
			{Query: "SELECT b, COUNT(*) FROM gm",
				ExpectedErr:     "In aggregated query without GROUP BY, expression #1 of SELECT list contains nonaggregated column '",
				ExpectedErrCode: 1140},
			{Query: "SELECT COUNT(*), a + 1 FROM gm",
				ExpectedErr:     ".gm.a'; this is incompatible with sql_mode=only_full_group_by",
				ExpectedErrCode: 1140},
			{Query: "SELECT a, COUNT(*) FROM gm WHERE a = 1", Expected: []Row{{1, 2}}},
			{Query: "SELECT ANY_VALUE(b), COUNT(*) FROM gm WHERE a = 3", Expected: []Row{{2, 1}}},
		},
	},
	{
		// Regression (compat/stmt_drop_tables.go): MySQL 8 notes each
		// missing table of DROP TABLE IF EXISTS as 'db.t' (MariaDB gathers
		// them in one note), and without IF EXISTS names them all in 1051
		// and drops nothing (MariaDB drops the others).
		Name:        "DROP TABLE IF EXISTS notes each missing table",
		SetUpScript: []string{"DROP DATABASE IF EXISTS dn_one", "CREATE DATABASE dn_one", "CREATE TABLE dn_one.a (x INT)", "CREATE TABLE d (x INT)"},
		Assertions: []Assertion{
			{Query: "DROP TABLE IF EXISTS nodb.x, dn_one.y", ExpectedWarnings: []Row{{"Note", 1051, "Unknown table 'nodb.x'"}, {"Note", 1051, "Unknown table 'dn_one.y'"}}},
			{Query: "DROP TABLE d, dn_one.a, nodb.x, dn_one.y", ExpectedErr: "Unknown table 'nodb.x,dn_one.y'", ExpectedErrCode: 1051},
			{Query: "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'dn_one' OR (table_schema = DATABASE() AND table_name = 'd')",
				Expected: []Row{{2}}},
			{Query: "DROP DATABASE dn_one"},
		},
	},
	{
		// Regression: go-mysql-server 0.20's SHOW INDEX put the COMMENT in
		// Comment, not Index_comment, and gave Collation and Sub_part NULL
		// (compat/show_indexes.go). MariaDB gives the same values but its
		// columns end in Ignored, without Visible and Expression.
		Name: "SHOW INDEX columns as MySQL's",
		SetUpScript: []string{
			"CREATE TABLE si (a INT PRIMARY KEY, s VARCHAR(50), fp BIGINT UNSIGNED, b INT, UNIQUE KEY ks (s(10)), " +
				"KEY kfp (fp) COMMENT 'simhash k=3', KEY kb (b, a) COMMENT 'by b')",
			"CREATE VIEW siv AS SELECT a FROM si",
			"CREATE TEMPORARY TABLE sit (a INT PRIMARY KEY, v VARCHAR(20), KEY kv (v(4)) COMMENT 'tmp')",
		},
		Assertions: []Assertion{
			{Query: "SHOW INDEX FROM si", Expected: []Row{
				{"si", 0, "PRIMARY", 1, "a", "A", 0, nil, nil, "", "BTREE", "", "", "YES", nil},
				{"si", 0, "ks", 1, "s", "A", 0, 10, nil, "YES", "BTREE", "", "", "YES", nil},
				{"si", 1, "kfp", 1, "fp", "A", 0, nil, nil, "YES", "SIMHASH", "", "simhash k=3", "YES", nil},
				{"si", 1, "kb", 1, "b", "A", 0, nil, nil, "YES", "BTREE", "", "by b", "YES", nil},
				{"si", 1, "kb", 2, "a", "A", 0, nil, nil, "", "BTREE", "", "by b", "YES", nil}}},
			{Query: "SHOW KEYS IN sit", Expected: []Row{
				{"sit", 0, "PRIMARY", 1, "a", "A", 0, nil, nil, "", "BTREE", "", "", "YES", nil},
				{"sit", 1, "kv", 1, "v", "A", 0, 4, nil, "YES", "BTREE", "", "tmp", "YES", nil}}},
			{Query: "SHOW INDEXES FROM siv", Expected: []Row{}},
			{Query: "SHOW INDEX FROM nosuch", ExpectedErrCode: 1146},
			// information_schema.STATISTICS agrees.
			{Query: "SELECT index_name, collation, sub_part, comment, index_comment FROM information_schema.statistics " +
				"WHERE table_schema = DATABASE() AND table_name = 'si' AND seq_in_index = 1 ORDER BY index_name",
				Expected: []Row{{"kb", "A", nil, "", "by b"}, {"kfp", "A", nil, "", "simhash k=3"}, {"ks", "A", 10, "", ""}, {"PRIMARY", "A", nil, "", ""}}},
		},
	},
	{
		// Regression: SHOW INDEX … WHERE listed every index
		// (go-mysql-server drops the condition); MySQL 8 and MariaDB
		// evaluate it over SHOW INDEX's columns, names and index names
		// case-insensitive (compat/show_index_where.go).
		Name: "SHOW INDEX … WHERE",
		SetUpScript: []string{
			"CREATE TABLE siw (a INT PRIMARY KEY, s VARCHAR(50), b INT, UNIQUE KEY ks (s(10)), KEY kb (b, a) COMMENT 'by b')",
			"CREATE TEMPORARY TABLE siwt (a INT PRIMARY KEY, v VARCHAR(20), KEY kv (v))",
		},
		Assertions: []Assertion{
			{Query: "SHOW INDEX FROM siw WHERE Key_name = 'kb'", Expected: []Row{
				{"siw", 1, "kb", 1, "b", "A", 0, nil, nil, "YES", "BTREE", "", "by b", "YES", nil},
				{"siw", 1, "kb", 2, "a", "A", 0, nil, nil, "", "BTREE", "", "by b", "YES", nil}}},
			{Query: "SHOW INDEXES FROM siw WHERE key_name = 'KB' AND seq_in_index = 2", Expected: []Row{
				{"siw", 1, "kb", 2, "a", "A", 0, nil, nil, "", "BTREE", "", "by b", "YES", nil}}},
			{Query: "SHOW KEYS IN siw WHERE Non_unique = 0 AND Sub_part IS NULL", Expected: []Row{
				{"siw", 0, "PRIMARY", 1, "a", "A", 0, nil, nil, "", "BTREE", "", "", "YES", nil}}},
			{Query: "SHOW INDEX FROM siw WHERE Column_name IN ('s', 'b') AND Index_comment <> 'by b'", Expected: []Row{
				{"siw", 0, "ks", 1, "s", "A", 0, 10, nil, "YES", "BTREE", "", "", "YES", nil}}},
			{Query: "SHOW INDEX FROM siw WHERE Key_name = 'nosuch'", Expected: []Row{}},
			{Query: "SHOW INDEX FROM siw WHERE 1 = 1 AND `Key_name` LIKE 'k%' AND Seq_in_index = 1", Expected: []Row{
				{"siw", 0, "ks", 1, "s", "A", 0, 10, nil, "YES", "BTREE", "", "", "YES", nil},
				{"siw", 1, "kb", 1, "b", "A", 0, nil, nil, "YES", "BTREE", "", "by b", "YES", nil}}},
			{Query: "SHOW KEYS FROM siwt WHERE Key_name = 'kv'", Expected: []Row{
				{"siwt", 1, "kv", 1, "v", "A", 0, nil, nil, "YES", "BTREE", "", "", "YES", nil}}},
			{Query: "SHOW INDEX FROM siw WHERE nosuch = 1", ExpectedErrCode: 1054},
			{Query: "SHOW INDEX FROM nosuch WHERE Key_name = 'x'", ExpectedErrCode: 1146},
			{Query: "SHOW INDEX FROM siw LIKE 'k%'", ExpectedErrCode: 1064},
		},
	},
	{
		// Regression: a number compared with '2x' gave no warning; MySQL 8
		// compares them as DOUBLE with warning 1292, a constant's once
		// (compat/compare_truncated.go). MariaDB words it "DECIMAL value"
		// for an integer, warns IN's constants once a row, and notes ' 2 '.
		Name:        "a number compared with a string that is not one: warning 1292",
		SetUpScript: []string{"CREATE TABLE t (x INT, s VARCHAR(5))", "INSERT INTO t VALUES (2, '2x'), (3, '3'), (4, ' 4 ')"},
		Assertions: []Assertion{
			{Query: "SELECT x IN ('2x') FROM t WHERE x = 2", Expected: []Row{{1}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '2x'"}}},
			{Query: "SELECT x FROM t WHERE x IN ('2x', 3) ORDER BY x", Expected: []Row{{2}, {3}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '2x'"}}},
			{Query: "SELECT x NOT IN ('3y') FROM t ORDER BY x", Expected: []Row{{1}, {0}, {1}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '3y'"}}},
			{Query: "SELECT x = '2x' FROM t ORDER BY x", Expected: []Row{{1}, {0}, {0}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '2x'"}}},
			{Query: "SELECT x FROM t WHERE x = s ORDER BY x", Expected: []Row{{2}, {3}, {4}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '2x'"}}},
			{Query: "SELECT 1.5 = '1.5z', 2e0 = ' 2 '", Expected: []Row{{1, 1}}, ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '1.5z'"}}},
			{Query: "SELECT x IN ('2'), x = '3' FROM t WHERE x = 2", Expected: []Row{{1, 0}}, ExpectedWarnings: []Row{}},
		},
	},
	{
		// MySQL 8 downgrades each duplicate UPDATE IGNORE skips to warning
		// 1062 (WL#6614, 5.7.5); MariaDB 10.11 skips them silently. The
		// rows are the same in both: in key order, 1 → 2 and 2 → 3 meet
		// rows not moved yet.
		Name:        "UPDATE IGNORE warns 1062 for each row it skips, as MySQL 8",
		SetUpScript: []string{"CREATE TABLE ui (pk INT PRIMARY KEY, v INT, UNIQUE KEY uv (v))", "INSERT INTO ui VALUES (1, 10), (2, 20), (3, 30), (5, 50)"},
		Assertions: []Assertion{
			{Query: "UPDATE IGNORE ui SET pk = pk + 1"},
			{Query: "SHOW WARNINGS", Expected: []Row{{"Warning", 1062, "Duplicate entry '2' for key 'ui.PRIMARY'"}, {"Warning", 1062, "Duplicate entry '3' for key 'ui.PRIMARY'"}}},
			{Query: "SELECT pk, v FROM ui ORDER BY pk", Expected: []Row{{1, 10}, {2, 20}, {4, 30}, {6, 50}}},
			{Query: "UPDATE IGNORE ui SET pk = pk + 1 ORDER BY pk DESC"},
			{Query: "SHOW WARNINGS", Expected: []Row{}},
			{Query: "UPDATE IGNORE ui SET v = 30 WHERE pk < 4"},
			{Query: "SHOW WARNINGS", Expected: []Row{{"Warning", 1062, "Duplicate entry '30' for key 'ui.uv'"}, {"Warning", 1062, "Duplicate entry '30' for key 'ui.uv'"}}},
			{Query: "SELECT pk, v FROM ui ORDER BY pk", Expected: []Row{{2, 10}, {3, 20}, {5, 30}, {7, 50}}},
		},
	},
	{
		// MariaDB: Note 1831 "Duplicate index `ia2`. This is deprecated …".
		Name: "warning 1831 for an index on the same columns, as MySQL words it",
		SetUpScript: []string{"DROP DATABASE IF EXISTS w1831", "CREATE DATABASE w1831", "USE w1831",
			"CREATE TABLE t8 (pk INT PRIMARY KEY, a INT, b INT)"},
		Assertions: []Assertion{
			{Query: "CREATE TABLE t2 (pk INT PRIMARY KEY, a INT, KEY ia (a), KEY ia2 (a))", ExpectedWarnings: []Row{{"Warning", 1831, "Duplicate index 'ia2' defined on the table 'w1831.t2'. This is deprecated and will be disallowed in a future release."}}},
			{Query: "CREATE INDEX x1 ON t8 (a, b)"},
			{Query: "CREATE INDEX x2 ON t8 (A, B)", ExpectedWarnings: []Row{{"Warning", 1831, "Duplicate index 'x2' defined on the table 'w1831.t8'. This is deprecated and will be disallowed in a future release."}}},
		},
	},
	{
		// MariaDB names the column `db`.`n`.`i`, and notes ' 7 ' (1265).
		Name:        "an integer column given a string that is no number, as MySQL words it",
		SetUpScript: []string{"CREATE TABLE n (id INT PRIMARY KEY, i INT, u BIGINT UNSIGNED)"},
		Assertions: []Assertion{
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO n VALUES (1, 'x', ''), (2, ' 7 ', 5)", ExpectedWarnings: []Row{{"Warning", 1366, "Incorrect integer value: 'x' for column 'i' at row 1"}, {"Warning", 1366, "Incorrect integer value: '' for column 'u' at row 1"}}},
			{Query: "UPDATE n SET i = 'zz' WHERE id = 2", ExpectedWarnings: []Row{{"Warning", 1366, "Incorrect integer value: 'zz' for column 'i' at row 1"}}},
			{Query: "SET sql_mode = 'STRICT_TRANS_TABLES'"},
			{Query: "INSERT INTO n VALUES (3, 'x', 1)", ExpectedErr: "Incorrect integer value: 'x' for column 'i' at row 1", ExpectedErrCode: 1366},
			{Query: "SELECT id, i, u FROM n ORDER BY id", Expected: []Row{{1, 0, 0}, {2, 0, 5}}},
			// INSERT … SELECT as INSERT … VALUES (was error 1366 "'x' is not a
			// valid value for 'int'").
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO n SELECT id + 10, 'x', '' FROM n WHERE id = 1"},
			{Query: "SHOW WARNINGS", Expected: []Row{{"Warning", 1366, "Incorrect integer value: 'x' for column 'i' at row 1"}, {"Warning", 1366, "Incorrect integer value: '' for column 'u' at row 1"}}},
			{Query: "SELECT id, i, u FROM n WHERE id = 11", Expected: []Row{{11, 0, 0}}},
		},
	},
	{
		// Regression (catalog/compat_integer_range.go): nine bytes were
		// error 1366 "'[1 0 0 …]' is not a valid value". MariaDB reads a
		// hexadecimal literal for an integer column as text (1366, and 0
		// with a warning outside strict mode).
		Name:        "a hexadecimal literal beyond an integer column's range is 1264",
		SetUpScript: []string{"CREATE TABLE h (id INT PRIMARY KEY, u BIGINT UNSIGNED, i INT)"},
		Assertions: []Assertion{
			{Query: "INSERT INTO h VALUES (1, x'FF', 0x10)"},
			{Query: "INSERT INTO h VALUES (2, x'010000000000000000', 1)", ExpectedErr: "Out of range value for column 'u' at row 1", ExpectedErrCode: 1264},
			{Query: "INSERT INTO h VALUES (3, 1, x'FFFFFFFF')", ExpectedErr: "Out of range value for column 'i' at row 1", ExpectedErrCode: 1264},
			{Query: "UPDATE h SET u = 0x010000000000000000 WHERE id = 1", ExpectedErr: "Out of range value for column 'u' at row 1", ExpectedErrCode: 1264},
			{Query: "SET sql_mode = ''"},
			{Query: "INSERT INTO h VALUES (4, x'010000000000000000', x'FFFFFFFF')", ExpectedWarnings: []Row{{"Warning", 1264, "Out of range value for column 'u' at row 1"}, {"Warning", 1264, "Out of range value for column 'i' at row 1"}}},
			{Query: "SELECT id, u, i FROM h ORDER BY id", Expected: []Row{{1, 255, 16}, {4, "18446744073709551615", 2147483647}}},
		},
	},
	{
		// Regression (compat/warning_bytes.go): as "a binary value in
		// numeric context answers with a warning", in MySQL 8's words:
		// b | 0 reads an INTEGER, b > 5 compares as DOUBLE (MariaDB:
		// DECIMAL for both).
		Name: "a binary value in numeric context: MySQL's words",
		SetUpScript: []string{
			"CREATE TABLE bw (id INT PRIMARY KEY, b VARBINARY(16))",
			"INSERT INTO bw VALUES (1, 0xFFFE)",
		},
		Assertions: []Assertion{
			{Query: "SELECT b | 0 FROM bw", Expected: []Row{{0}},
				ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect INTEGER value: '\\xFF\\xFE'"}}},
			{Query: "SELECT id FROM bw WHERE b > 5", Expected: []Row{},
				ExpectedWarnings: []Row{{"Warning", 1292, "Truncated incorrect DOUBLE value: '\\xFF\\xFE'"}}},
		},
	},
	{
		// SHOW CREATE TABLE of a table with a VIRTUAL generated column
		// leaves out the table's COMMENT (information_schema keeps it), so
		// mariadb-dump and restore lose it; it also leaves out VIRTUAL, which
		// MySQL 8 prints (catalog/compat_show_create_virtual.go).
		Name: "SHOW CREATE TABLE keeps the comment of a table with a VIRTUAL column",
		SetUpScript: []string{
			"CREATE TABLE cv (id INT PRIMARY KEY, n INT AS (id * 2) VIRTUAL) COMMENT 'ten'",
		},
		Assertions: []Assertion{
			{Query: "SHOW CREATE TABLE cv", Expected: []Row{{"cv", "CREATE TABLE `cv` (\n" +
				"  `id` int NOT NULL,\n" +
				"  `n` int GENERATED ALWAYS AS ((`id` * 2)) VIRTUAL,\n" +
				"  PRIMARY KEY (`id`)\n" +
				") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci COMMENT='ten'"}}},
			{Query: "ALTER TABLE cv COMMENT 'it''s (eleven)'"},
			{Query: "ALTER TABLE cv ADD COLUMN s BIGINT AS (id * (id + 1)) VIRTUAL COMMENT 'x'"},
			{Query: "SHOW CREATE TABLE cv", Expected: []Row{{"cv", "CREATE TABLE `cv` (\n" +
				"  `id` int NOT NULL,\n" +
				"  `n` int GENERATED ALWAYS AS ((`id` * 2)) VIRTUAL,\n" +
				"  `s` bigint GENERATED ALWAYS AS ((`id` * (`id` + 1))) VIRTUAL COMMENT 'x',\n" +
				"  PRIMARY KEY (`id`)\n" +
				") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci COMMENT='it''s (eleven)'"}}},
		},
	},
	{
		// MySQL 8 refuses an assignment to a generated column in ON
		// DUPLICATE KEY UPDATE with 3105, as in UPDATE (MariaDB: 1906);
		// simsql ignored it silently and ran the rest of the update
		// (catalog/compat_upsert_generated_value.go).
		Name: "ON DUPLICATE KEY UPDATE of a generated column is 3105",
		SetUpScript: []string{
			"CREATE TABLE og (id INT PRIMARY KEY, body TEXT, c BIGINT UNSIGNED AS (CRC32(body)) STORED)",
			"INSERT INTO og (id, body) VALUES (1, 'a')",
		},
		Assertions: []Assertion{
			{Query: "INSERT INTO og (id, body) VALUES (1, 'b') ON DUPLICATE KEY UPDATE c = 1", ExpectedErrCode: 3105},
			{Query: "INSERT INTO og (id, body) VALUES (1, 'b') ON DUPLICATE KEY UPDATE body = 'c', c = 1", ExpectedErrCode: 3105,
				ExpectedErr: "The value specified for generated column"},
			{Query: "SELECT body, c = CRC32(body) FROM og", Expected: []Row{{"a", 1}}},
			{Query: "INSERT INTO og (id, body) VALUES (1, 'b') ON DUPLICATE KEY UPDATE body = VALUES(body)"},
			{Query: "SELECT body, c = CRC32(body) FROM og", Expected: []Row{{"b", 1}}},
		},
	},
}

// DefaultNullScripts: SHOW CREATE TABLE writes a nullable column without a
// default as MySQL 8 does, "DEFAULT NULL" (a nullable TIMESTAMP "NULL
// DEFAULT NULL"), and no DEFAULT for TEXT, BLOB, JSON, generated and NOT
// NULL columns. Regression: go-mysql-server 0.20 wrote "`a` int,"
// (compat/show_create_default_null.go). MariaDB writes `int(11)`: MySQL's
// text only.
var DefaultNullScripts = []ScriptTest{
	{
		Name: "SHOW CREATE TABLE writes DEFAULT NULL as MySQL 8 does",
		SetUpScript: []string{
			"CREATE TABLE dn (id INT PRIMARY KEY, a INT, b VARCHAR(10) COMMENT 'bee', c TEXT, d JSON, e ENUM('x','y'), g TIMESTAMP NULL, h INT DEFAULT NULL, i INT NOT NULL, j INT AS (a + 1) VIRTUAL, l BLOB)",
		},
		Assertions: []Assertion{
			{Query: "SHOW CREATE TABLE dn", Expected: []Row{{"dn", "CREATE TABLE `dn` (\n  `id` int NOT NULL,\n  `a` int DEFAULT NULL,\n" +
				"  `b` varchar(10) DEFAULT NULL COMMENT 'bee',\n  `c` text,\n  `d` json,\n  `e` enum('x','y') DEFAULT NULL,\n" +
				"  `g` timestamp NULL DEFAULT NULL,\n  `h` int DEFAULT NULL,\n  `i` int NOT NULL,\n" +
				"  `j` int GENERATED ALWAYS AS ((`a` + 1)) VIRTUAL,\n  `l` blob,\n  PRIMARY KEY (`id`)\n" +
				") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"}}},
		},
	},
}
