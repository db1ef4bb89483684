package sqltests

// roErr is MySQL's error 1792, ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION.
const roErr = "Cannot execute statement in a READ ONLY transaction"

// TxnScripts are SQL script tests of one session's transactions: what
// DDL, READ ONLY and autocommit do, each answer MySQL's (TestTxnScripts
// runs them on MariaDB too).
var TxnScripts = []ScriptTest{
	{
		// Regression: ROLLBACK TO a kept savepoints set after a when no
		// write came between them (they were told apart by undo-log
		// length, not by the order they were set). MySQL deletes them.
		Name:        "ROLLBACK TO deletes the savepoints set after it",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "SAVEPOINT a"},
			{Query: "SAVEPOINT b"},
			{Query: "ROLLBACK TO a"},
			{Query: "ROLLBACK TO b", ExpectedErr: "SAVEPOINT b does not exist"},
			{Query: "INSERT INTO t VALUES (2)"},
			{Query: "ROLLBACK TO a"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM t", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 committed at the end of the DDL
		// and kept the explicit transaction open, so ROLLBACK undid row 2,
		// which the server had acknowledged, and a failed DDL statement
		// committed nothing.
		Name:        "DDL commits the open transaction",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY, v INT)"},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (1, 10)"},
			{Query: "CREATE INDEX iv ON t (v)"},
			{Query: "INSERT INTO t VALUES (2, 20)"}, // autocommitted
			{Query: "ROLLBACK"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}}},
			// The commit comes before the DDL runs, even if it then fails.
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (3, 30)"},
			{Query: "CREATE INDEX bad ON t (nocol)", ExpectedErr: "nocol"},
			{Query: "INSERT INTO t VALUES (4, 40)"},
			{Query: "ROLLBACK"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
			// CREATE TABLE and DROP TABLE too; savepoints end with the
			// transaction.
			{Query: "START TRANSACTION"},
			{Query: "INSERT INTO t VALUES (5, 50)"},
			{Query: "SAVEPOINT s"},
			{Query: "CREATE TABLE u (i INT)"},
			{Query: "ROLLBACK TO s", ExpectedErr: "SAVEPOINT s does not exist"},
			{Query: "DROP TABLE u"},
			{Query: "ROLLBACK"},
			{Query: "SELECT COUNT(*) FROM t", Expected: []Row{{5}}},
			// Without autocommit, the DDL commits and a new transaction
			// begins after it.
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO t VALUES (6, 60)"},
			{Query: "ALTER TABLE t ADD COLUMN w INT"},
			{Query: "INSERT INTO t VALUES (7, 70, 0)"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM t WHERE id > 5 ORDER BY id", Expected: []Row{{6}}},
			// A DDL statement that fails is rolled back on its own.
			{Query: "UPDATE t SET w = 1"},
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO t VALUES (8, 80, 2)"},
			{Query: "CREATE UNIQUE INDEX uw ON t (w)", ExpectedErr: "uplicate"}, // 1062
			{Query: "INSERT INTO t VALUES (9, 90, 3)"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id, w FROM t WHERE id > 5 ORDER BY id", Expected: []Row{{6, 1}, {8, 2}}},
			{Query: "SELECT COUNT(*) FROM information_schema.statistics WHERE table_schema = DATABASE() AND index_name = 'uw'", Expected: []Row{{0}}},
		},
	},
	{
		// Regression: START TRANSACTION READ ONLY; INSERT … failed with a
		// nil-pointer panic in go-mysql-server 0.20, and after SET SESSION
		// TRANSACTION READ ONLY writes succeeded.
		Name:        "read-only transactions",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY, v INT)", "INSERT INTO t VALUES (1, 10)"},
		Assertions: []Assertion{
			{Query: "START TRANSACTION READ ONLY"},
			{Query: "INSERT INTO t VALUES (2, 20)", ExpectedErr: roErr},
			{Query: "INSERT INTO t SELECT id + 1, v FROM t", ExpectedErr: roErr},
			{Query: "REPLACE INTO t VALUES (1, 11)", ExpectedErr: roErr},
			{Query: "UPDATE t SET v = 11", ExpectedErr: roErr},
			{Query: "UPDATE t SET v = (SELECT COUNT(*) FROM information_schema.tables)", ExpectedErr: roErr},
			{Query: "DELETE FROM t WHERE id = 1", ExpectedErr: roErr},
			{Query: "SELECT * FROM t FOR UPDATE", ExpectedErr: roErr},
			{Query: "SELECT id, v FROM t", Expected: []Row{{1, 10}}},
			{Query: "COMMIT"},
			// DDL commits the read-only transaction and runs on its own.
			{Query: "START TRANSACTION READ ONLY"},
			{Query: "CREATE TABLE ro (i INT)"},
			{Query: "INSERT INTO t VALUES (2, 20)"},
			{Query: "DROP TABLE ro"},
			// The session's default: every transaction, autocommitted
			// statements and DDL included, until START TRANSACTION READ
			// WRITE.
			{Query: "SET SESSION TRANSACTION READ ONLY"},
			{Query: "SELECT @@tx_read_only", Expected: []Row{{1}}},
			{Query: "INSERT INTO t VALUES (3, 30)", ExpectedErr: roErr},
			{Query: "UPDATE t SET v = 0", ExpectedErr: roErr},
			{Query: "CREATE TABLE ro (i INT)", ExpectedErr: roErr},
			{Query: "TRUNCATE t", ExpectedErr: roErr},
			{Query: "DROP TABLE t", ExpectedErr: roErr},
			{Query: "START TRANSACTION READ WRITE"},
			{Query: "INSERT INTO t VALUES (3, 30)"},
			{Query: "COMMIT"},
			{Query: "SET SESSION TRANSACTION READ WRITE"},
			{Query: "INSERT INTO t VALUES (4, 40)"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}, {3}, {4}}},
		},
	},
	{
		// MySQL 8's mysql-test commit.test (WL#5968, tests 1 and 3): START
		// TRANSACTION takes a list of characteristics; in READ ONLY, DDL
		// is refused on temporary tables too, DML on them is allowed, LOCK
		// TABLES … READ is allowed and … WRITE is not. simsql refused the
		// lists with WITH CONSISTENT SNAPSHOT (1064:
		// compat/start_transaction_list.go), dropped a temporary table
		// (catalog/temporary.go) and refused LOCK TABLES … READ.
		Name: "read-only transactions as MySQL's commit test",
		SetUpScript: []string{
			"CREATE TABLE t1 (a INT)", "CREATE TEMPORARY TABLE temp_t2 (a INT)",
		},
		Assertions: []Assertion{
			{Query: "START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT"},
			{Query: "INSERT INTO t1 VALUES (1)", ExpectedErr: roErr, ExpectedErrCode: 1792},
			{Query: "COMMIT"},
			{Query: "START TRANSACTION READ WRITE, WITH CONSISTENT SNAPSHOT"},
			{Query: "INSERT INTO t1 VALUES (1)"},
			{Query: "COMMIT"},
			{Query: "START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY"},
			{Query: "DELETE FROM t1", ExpectedErrCode: 1792},
			{Query: "COMMIT"},
			{Query: "start transaction /* c */ with consistent snapshot , read write"},
			{Query: "DELETE FROM t1"},
			{Query: "COMMIT"},
			{Query: "START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT, READ WRITE", ExpectedErrCode: 1064},
			{Query: "START TRANSACTION READ ONLY, READ WRITE", ExpectedErrCode: 1064},
			{Query: "START TRANSACTION WITH CONSISTENT SNAPSHOT, WITH CONSISTENT SNAPSHOT"},
			{Query: "COMMIT"},
			// DDL is refused, on temporary tables too.
			{Query: "SET SESSION TRANSACTION READ ONLY"},
			{Query: "CREATE TABLE t3 (a INT)", ExpectedErrCode: 1792},
			{Query: "ALTER TABLE t1 COMMENT 'Test'", ExpectedErrCode: 1792},
			{Query: "DROP TABLE t1", ExpectedErrCode: 1792},
			{Query: "CREATE TEMPORARY TABLE temp_t3 (a INT)", ExpectedErrCode: 1792},
			{Query: "ALTER TABLE temp_t2 COMMENT 'Test'", ExpectedErrCode: 1792},
			{Query: "DROP TEMPORARY TABLE temp_t2", ExpectedErr: roErr, ExpectedErrCode: 1792},
			{Query: "DROP TABLE temp_t2", ExpectedErrCode: 1792},
			{Query: "CREATE PROCEDURE p1() BEGIN END", ExpectedErrCode: 1792},
			{Query: "CREATE VIEW v1 AS SELECT 1", ExpectedErrCode: 1792},
			{Query: "RENAME TABLE t1 TO t2", ExpectedErrCode: 1792},
			{Query: "RENAME TABLE temp_t2 TO temp_t3", ExpectedErrCode: 1792},
			{Query: "TRUNCATE TABLE t1", ExpectedErrCode: 1792},
			{Query: "CREATE DATABASE db1", ExpectedErrCode: 1792},
			{Query: "LOCK TABLES t1 WRITE", ExpectedErrCode: 1792},
			{Query: "LOCK TABLES t1 READ"},
			{Query: "SELECT a FROM t1", Expected: []Row{}},
			{Query: "UNLOCK TABLES"},
			{Query: "INSERT INTO temp_t2 VALUES (9)"},
			{Query: "DELETE FROM temp_t2"},
			{Query: "SET SESSION TRANSACTION READ WRITE"},
			// DML is refused on base tables, allowed on temporary ones.
			{Query: "START TRANSACTION READ ONLY"},
			{Query: "INSERT INTO t1 VALUES (1), (2)", ExpectedErrCode: 1792},
			{Query: "UPDATE t1 SET a = 3", ExpectedErrCode: 1792},
			{Query: "DELETE FROM t1", ExpectedErrCode: 1792},
			{Query: "INSERT INTO temp_t2 VALUES (1), (2)"},
			{Query: "UPDATE temp_t2 SET a = 3 WHERE a = 2"},
			{Query: "DELETE FROM temp_t2 WHERE a = 1"},
			{Query: "SELECT a FROM temp_t2", Expected: []Row{{3}}},
			{Query: "SELECT a FROM t1", Expected: []Row{}},
			{Query: "COMMIT"},
			{Query: "SELECT a FROM temp_t2", Expected: []Row{{3}}},
			{Query: "DROP TEMPORARY TABLE temp_t2"},
		},
	},
	{
		// Regression: go-mysql-server 0.20 accepted SET TRANSACTION inside
		// a transaction (catalog/gms_transaction_variables.go).
		Name:        "SET TRANSACTION inside a transaction: 1568",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", ExpectedErr: "Transaction characteristics can't be changed while a transaction is in progress", ExpectedErrCode: 1568},
			{Query: "SET TRANSACTION READ ONLY", ExpectedErrCode: 1568},
			{Query: "SET /* c */ TRANSACTION READ WRITE, ISOLATION LEVEL READ COMMITTED", ExpectedErrCode: 1568},
			// The session's own characteristics may change; the
			// transaction goes on.
			{Query: "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ"},
			{Query: "INSERT INTO t VALUES (2)"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"},
			{Query: "START TRANSACTION READ ONLY"},
			{Query: "SET TRANSACTION READ WRITE", ExpectedErrCode: 1568},
			{Query: "ROLLBACK"},
		},
	},
	{
		// Regression: with autocommit off, SET TRANSACTION after a
		// statement that read or wrote a table was accepted; MySQL 8 and
		// MariaDB count that transaction as in progress (1568), and not one
		// that has touched no table (catalog/gms_transaction_variables.go).
		Name:        "SET TRANSACTION with autocommit off: 1568",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "SET autocommit = 0"},
			{Query: "SET TRANSACTION READ WRITE"},
			{Query: "SELECT 1", Expected: []Row{{1}}},
			{Query: "SET TRANSACTION ISOLATION LEVEL READ COMMITTED"},
			{Query: "SELECT COUNT(*) FROM t", Expected: []Row{{0}}},
			{Query: "SET TRANSACTION READ ONLY", ExpectedErr: "Transaction characteristics can't be changed while a transaction is in progress", ExpectedErrCode: 1568},
			{Query: "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", ExpectedErrCode: 1568},
			{Query: "ROLLBACK"},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE", ExpectedErrCode: 1568},
			{Query: "SET SESSION TRANSACTION ISOLATION LEVEL REPEATABLE READ"},
			{Query: "COMMIT"},
			{Query: "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM t", Expected: []Row{{1}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 warned that simsql's tables
		// are not lockable and then ignored LOCK TABLES: writes of a READ
		// lock and reads of tables not locked succeeded
		// (catalog/compat_lock_tables.go, compat/lock_tables.go).
		Name: "LOCK TABLES in the session: 1099 and 1100",
		SetUpScript: []string{
			"CREATE TABLE lt (a INT)", "CREATE TABLE lu (a INT)",
			"INSERT INTO lt VALUES (1)",
		},
		Assertions: []Assertion{
			{Query: "LOCK TABLES lt READ", ExpectedWarnings: []Row{}},
			{Query: "SELECT a FROM lt", Expected: []Row{{1}}},
			{Query: "INSERT INTO lt VALUES (2)", ExpectedErr: "Table 'lt' was locked with a READ lock and can't be updated", ExpectedErrCode: 1099},
			{Query: "UPDATE lt SET a = 3", ExpectedErrCode: 1099},
			{Query: "DELETE FROM lt", ExpectedErrCode: 1099},
			{Query: "SELECT a FROM lu", ExpectedErr: "Table 'lu' was not locked with LOCK TABLES", ExpectedErrCode: 1100},
			{Query: "INSERT INTO lu VALUES (1)", ExpectedErrCode: 1100},
			{Query: "SELECT a FROM lt AS x", ExpectedErr: "Table 'x' was not locked with LOCK TABLES", ExpectedErrCode: 1100},
			// Once per statement, and not for temporary tables or
			// information_schema.
			{Query: "SELECT a FROM lt WHERE a IN (SELECT a FROM lt)", ExpectedErr: "Table 'lt' was not locked with LOCK TABLES", ExpectedErrCode: 1100},
			{Query: "SELECT COUNT(*) > 0 FROM information_schema.columns WHERE table_name = 'lt'", Expected: []Row{{1}}},
			{Query: "CREATE TEMPORARY TABLE ltt (a INT)"},
			{Query: "INSERT INTO ltt VALUES (1)"},
			{Query: "DROP TEMPORARY TABLE ltt"},
			// An alias is locked by its name, and then only it.
			{Query: "LOCK TABLES lt AS x READ, lu WRITE"},
			{Query: "SELECT a FROM lt AS x", Expected: []Row{{1}}},
			{Query: "SELECT a FROM lt", ExpectedErr: "Table 'lt' was not locked with LOCK TABLES", ExpectedErrCode: 1100},
			{Query: "DELETE FROM lt", ExpectedErrCode: 1100},
			{Query: "INSERT INTO lu SELECT a FROM lt AS x"},
			{Query: "INSERT INTO lu SELECT a FROM lu", ExpectedErr: "Table 'lu' was not locked with LOCK TABLES", ExpectedErrCode: 1100},
			{Query: "UPDATE lu SET a = 2 WHERE a IN (SELECT a FROM lt AS x)"},
			{Query: "SELECT a FROM lu", Expected: []Row{{2}}},
			// START TRANSACTION releases the locks, as UNLOCK TABLES does.
			{Query: "START TRANSACTION"},
			{Query: "SELECT a FROM lt", Expected: []Row{{1}}},
			{Query: "COMMIT"},
			{Query: "LOCK TABLES lt WRITE"},
			{Query: "INSERT INTO lt VALUES (5)"},
			{Query: "SELECT a FROM lt ORDER BY a", Expected: []Row{{1}, {5}}},
			{Query: "SELECT a FROM lu", ExpectedErrCode: 1100},
			{Query: "UNLOCK TABLES"},
			{Query: "SELECT a FROM lu", Expected: []Row{{2}}},
		},
	},
	{
		// Regression: SET @@tx_isolation = … (@@, no scope) set the
		// session's value; MySQL 8 (for transaction_isolation: the
		// "Transaction Characteristic Scope" table) and MariaDB give it to
		// the next transaction only, as SET TRANSACTION, and refuse it
		// inside one with 1568 (catalog/gms_transaction_variables.go).
		Name:        "SET @@tx_isolation: the next transaction only",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "SET @@tx_read_only = 1"},
			{Query: "SELECT @@tx_read_only, @@session.tx_read_only", Expected: []Row{{0, 0}}},
			{Query: "INSERT INTO t VALUES (1)", ExpectedErrCode: 1792},
			{Query: "SELECT COUNT(*) FROM t", Expected: []Row{{0}}}, // the next transaction, which reads a table
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "SET @@tx_isolation = 'SERIALIZABLE'"},
			{Query: "SELECT @@tx_isolation", Expected: []Row{{"REPEATABLE-READ"}}},
			{Query: "BEGIN"},
			{Query: "SET @@tx_isolation = 'READ-COMMITTED'", ExpectedErrCode: 1568},
			{Query: "COMMIT"},
			// With a scope, or without @@: the session's value.
			{Query: "SET @@session.tx_isolation = 'READ-COMMITTED'"},
			{Query: "SELECT @@tx_isolation", Expected: []Row{{"READ-COMMITTED"}}},
			{Query: "SET tx_isolation = 'SERIALIZABLE'"},
			{Query: "SELECT @@tx_isolation", Expected: []Row{{"SERIALIZABLE"}}},
			{Query: "SET SESSION tx_isolation = 'REPEATABLE-READ'"},
			{Query: "SELECT @@tx_isolation", Expected: []Row{{"REPEATABLE-READ"}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 made SET TRANSACTION (no GLOBAL
		// or SESSION) the session's characteristics, for every later
		// transaction; MySQL 8 and MariaDB give them to the next
		// transaction only, explicit or an autocommitted statement that
		// reads or writes a table, and leave the variables as they are
		// (catalog/gms_transaction_variables.go).
		Name:        "SET TRANSACTION: the next transaction only",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "SET TRANSACTION ISOLATION LEVEL SERIALIZABLE, READ ONLY"},
			{Query: "SELECT @@tx_isolation, @@tx_read_only, @@session.tx_read_only", Expected: []Row{{"REPEATABLE-READ", 0, 0}}},
			{Query: "BEGIN"},
			{Query: "SELECT @@tx_isolation, @@tx_read_only", Expected: []Row{{"REPEATABLE-READ", 0}}},
			{Query: "INSERT INTO t VALUES (1)", ExpectedErrCode: 1792},
			{Query: "COMMIT"},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (2)"},
			{Query: "COMMIT"},
			// An autocommitted statement is the next transaction.
			{Query: "SET TRANSACTION READ ONLY"},
			{Query: "SELECT 1", Expected: []Row{{1}}},
			{Query: "INSERT INTO t VALUES (3)", ExpectedErrCode: 1792},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}}},
			{Query: "INSERT INTO t VALUES (3)"},
			{Query: "SET TRANSACTION READ ONLY"},
			{Query: "UPDATE t SET id = 4 WHERE id = 3", ExpectedErrCode: 1792},
			{Query: "SELECT COUNT(*) FROM t", Expected: []Row{{3}}},
			{Query: "UPDATE t SET id = 4 WHERE id = 3"},
			// START TRANSACTION READ WRITE overrides it, and uses it up.
			{Query: "SET TRANSACTION READ ONLY"},
			{Query: "START TRANSACTION READ WRITE"},
			{Query: "INSERT INTO t VALUES (5)"},
			{Query: "COMMIT"},
			{Query: "INSERT INTO t VALUES (6)"},
			// The last SET TRANSACTION counts; the session's own stays.
			{Query: "SET SESSION TRANSACTION READ ONLY"},
			{Query: "SET TRANSACTION READ WRITE"},
			{Query: "SELECT @@tx_read_only", Expected: []Row{{1}}},
			{Query: "INSERT INTO t VALUES (7)"},
			{Query: "INSERT INTO t VALUES (8)", ExpectedErrCode: 1792},
			{Query: "SET SESSION TRANSACTION READ WRITE"},
			// A later SET SESSION replaces it (MySQL's commit.test,
			// Bug#20837).
			{Query: "SET TRANSACTION READ ONLY"},
			{Query: "SET SESSION TRANSACTION READ WRITE"},
			{Query: "START TRANSACTION"},
			{Query: "INSERT INTO t VALUES (9)"},
			{Query: "ROLLBACK"},
			{Query: "SET TRANSACTION ISOLATION LEVEL NOSUCH", ExpectedErrCode: 1064},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}, {4}, {5}, {6}, {7}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 ran the procedure in a
		// transaction of its own and rolled back the caller's: with
		// autocommit = 0, CALL pw(); COMMIT lost both rows
		// (catalog/gms_call_transaction.go).
		Name: "a procedure writes in its caller's transaction",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)",
			"CREATE PROCEDURE pw(x INT) INSERT INTO t VALUES (x)"},
		Assertions: []Assertion{
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "CALL pw(2)"},
			{Query: "COMMIT"},
			{Query: "CALL pw(3)"},
			{Query: "INSERT INTO t VALUES (4)"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 1"},
			{Query: "CALL pw(5)"},
			{Query: "ROLLBACK"},
			{Query: "BEGIN"},
			{Query: "CALL pw(6)"},
			{Query: "ROLLBACK"},
			{Query: "BEGIN"},
			{Query: "CALL pw(7)"},
			{Query: "COMMIT"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}, {5}, {7}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 did not commit when autocommit
		// was turned back on.
		Name:        "SET autocommit = 1 commits",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "SET autocommit = 1"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 0"},
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (2)"},
			{Query: "SET autocommit = 1"}, // ends the explicit transaction too
			{Query: "INSERT INTO t VALUES (3)"},
			{Query: "ROLLBACK"},
			{Query: "BEGIN"},
			{Query: "INSERT INTO t VALUES (4)"},
			{Query: "SET autocommit = 1"}, // no change: the transaction stays
			{Query: "ROLLBACK"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {2}, {3}}},
		},
	},
	{
		// Regression: go-mysql-server 0.20 sets transaction_isolation and
		// transaction_read_only, but not the tx_ names clients read (and
		// MariaDB 10.11 knows only those).
		Name: "transaction variable aliases",
		Assertions: []Assertion{
			{Query: "SELECT @@tx_isolation, @@tx_read_only", Expected: []Row{{"REPEATABLE-READ", 0}}},
			{Query: "SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED"},
			{Query: "SELECT @@tx_isolation, @@session.tx_isolation", Expected: []Row{{"READ-COMMITTED", "READ-COMMITTED"}}},
			{Query: "SET SESSION TRANSACTION ISOLATION LEVEL SERIALIZABLE"},
			{Query: "SELECT @@tx_isolation", Expected: []Row{{"SERIALIZABLE"}}},
			{Query: "SET SESSION tx_isolation = 'READ-UNCOMMITTED'"},
			{Query: "SELECT @@tx_isolation", Expected: []Row{{"READ-UNCOMMITTED"}}},
			{Query: "SET SESSION TRANSACTION READ ONLY"},
			{Query: "SELECT @@tx_read_only", Expected: []Row{{1}}},
			{Query: "SET SESSION tx_read_only = 0"},
			{Query: "SELECT @@tx_read_only", Expected: []Row{{0}}},
		},
	},
	{
		// With autocommit off and no transaction open, SET SESSION
		// TRANSACTION READ ONLY applies at once (MySQL's
		// Sys_var_tx_read_only::session_update); simsql let the INSERT write
		// (catalog/gms_transaction_variables.go).
		Name: "SET SESSION TRANSACTION READ ONLY with autocommit off",
		SetUpScript: []string{
			"CREATE TABLE ro (id INT PRIMARY KEY)",
		},
		Assertions: []Assertion{
			{Query: "SET autocommit = 0"},
			{Query: "SET SESSION TRANSACTION READ ONLY"},
			{Query: "INSERT INTO ro VALUES (1)", ExpectedErrCode: 1792},
			{Query: "SELECT @@tx_read_only", Expected: []Row{{1}}},
			{Query: "COMMIT"},
			// Once a table was read, the transaction is under way: READ
			// ONLY is for the next one.
			{Query: "SET SESSION TRANSACTION READ WRITE"},
			{Query: "SELECT id FROM ro", Expected: []Row{}},
			{Query: "SET SESSION TRANSACTION READ ONLY"},
			{Query: "INSERT INTO ro VALUES (2)"},
			{Query: "COMMIT"},
			{Query: "INSERT INTO ro VALUES (3)", ExpectedErrCode: 1792},
			{Query: "SET SESSION TRANSACTION READ WRITE"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM ro", Expected: []Row{{2}}},
		},
	},
	{
		// With autocommit off, SET TRANSACTION gives its characteristics
		// to the transaction open since the SET, which has touched no
		// table; simsql gave them to the one after, so the INSERT wrote
		// (catalog/gms_autocommit_characteristics.go).
		Name:        "SET TRANSACTION READ ONLY with autocommit off",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)", "INSERT INTO t VALUES (1)"},
		Assertions: []Assertion{
			{Query: "SET autocommit = 0"},
			{Query: "SET TRANSACTION READ ONLY"},
			{Query: "INSERT INTO t VALUES (2)", ExpectedErr: roErr, ExpectedErrCode: 1792},
			{Query: "SELECT id FROM t", Expected: []Row{{1}}},
			{Query: "ROLLBACK"},
			{Query: "INSERT INTO t VALUES (3)"},
			{Query: "COMMIT"},
			{Query: "SET TRANSACTION READ ONLY"},
			{Query: "SELECT 1", Expected: []Row{{1}}},
			{Query: "DELETE FROM t", ExpectedErrCode: 1792},
			{Query: "COMMIT"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM t ORDER BY id", Expected: []Row{{1}, {3}}},
		},
	},
	{
		// "UNLOCK TABLES implicitly commits any active transaction, but only
		// if LOCK TABLES has been used to acquire table locks" (MySQL 8
		// manual, 15.3.3); simsql rolled the acknowledged row back
		// (catalog/gms_implicit_commit.go).
		Name: "UNLOCK TABLES commits",
		SetUpScript: []string{
			"CREATE TABLE ul (id INT PRIMARY KEY)",
		},
		Assertions: []Assertion{
			{Query: "LOCK TABLES ul WRITE"},
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO ul VALUES (1)"},
			{Query: "UNLOCK TABLES"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM ul", Expected: []Row{{1}}},
			// Without table locks UNLOCK TABLES commits nothing.
			{Query: "SET autocommit = 0"},
			{Query: "INSERT INTO ul VALUES (2)"},
			{Query: "UNLOCK TABLES"},
			{Query: "ROLLBACK"},
			{Query: "SET autocommit = 1"},
			{Query: "SELECT id FROM ul", Expected: []Row{{1}}},
		},
	},
}

// TxnMySQLScripts hold MySQL 8's answers about its transaction variables,
// transaction_isolation and transaction_read_only, which MariaDB 10.11
// does not have (it has the tx_ names, TxnScripts).
var TxnMySQLScripts = []ScriptTest{
	{
		// Regression: SET @@transaction_isolation = … set the session's
		// value; MySQL 8: the next transaction only, as SET TRANSACTION
		// ("Transaction Characteristic Scope"), SET transaction_isolation
		// the session's (catalog/gms_transaction_variables.go).
		Name:        "SET @@transaction_isolation: the next transaction only",
		SetUpScript: []string{"CREATE TABLE t (id INT PRIMARY KEY)"},
		Assertions: []Assertion{
			{Query: "SET @@transaction_isolation = 'READ-COMMITTED'"},
			{Query: "SELECT @@transaction_isolation, @@session.transaction_isolation", Expected: []Row{{"REPEATABLE-READ", "REPEATABLE-READ"}}},
			{Query: "SET @@transaction_read_only = ON"},
			{Query: "SELECT @@transaction_read_only", Expected: []Row{{0}}},
			{Query: "INSERT INTO t VALUES (1)", ExpectedErrCode: 1792},
			{Query: "SELECT COUNT(*) FROM t", Expected: []Row{{0}}},
			{Query: "INSERT INTO t VALUES (1)"},
			{Query: "START TRANSACTION"},
			{Query: "SET @@transaction_isolation = 'SERIALIZABLE'", ExpectedErrCode: 1568},
			{Query: "ROLLBACK"},
			{Query: "SET transaction_isolation = 'READ-COMMITTED'"},
			{Query: "SELECT @@transaction_isolation, @@tx_isolation", Expected: []Row{{"READ-COMMITTED", "READ-COMMITTED"}}},
			{Query: "SET @@session.transaction_isolation = 'REPEATABLE-READ'"},
			{Query: "SELECT @@transaction_isolation", Expected: []Row{{"REPEATABLE-READ"}}},
		},
	},
}
