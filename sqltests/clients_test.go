package sqltests

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/simsqltest"
)

// The client tests run real MySQL clients against the simsql binary: each
// connects, creates a table with a generated simhash column and a simhash
// index, loads English and Chinese rows, runs similarity queries, a
// prepared statement with parameters and the metadata calls the tool
// makes, and the test compares what the client printed with the exact
// expected text. The programs and scripts are in clients/. A test skips
// when its tool is missing, unless SIMSQL_REQUIRE_CLIENTS=1 (set by
// .ci/run), when it fails.

// scenarioOut is what every client prints for the shared scenario, one
// tab-separated line per fact: the rows with their fingerprints (BIGINT
// UNSIGNED above 2^63 for rows 1 and 2), the rows within 3 bits of row 3's
// text, exact Jaccard against it, and near_duplicates' pairs.
const scenarioOut = `inserted	5
row	1	en-a	10153183929151373580
row	2	en-b	10153183929151373580
row	3	中文-甲	7837894270656336789
row	4	中文-乙	7840146070470022101
row	5	中文-丙	3065395652653259512
near	3	0
near	4	2
jaccard	3	1.000
jaccard	4	0.944
pair	1	2	0
pair	3	4	2
`

// The tests that run a client program (a JVM, Python, mariadb-dump, …)
// spend most of their time starting it and waiting for it, so they call
// t.Parallel: after the package's other tests, go test runs them
// -parallel (GOMAXPROCS) at a time. Each starts its own server; none sets
// the environment or the working directory.

// clientTimeout bounds every client run.
const clientTimeout = 2 * time.Minute

// clientsDir is the directory of the client programs and scripts.
func clientsDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs("clients")
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// needClient returns the path of the executable or file name, or skips the
// test (fails it under SIMSQL_REQUIRE_CLIENTS=1) when it is missing.
func needClient(t *testing.T, name string) string {
	t.Helper()
	var path string
	var err error
	if filepath.IsAbs(name) {
		path = name
		_, err = os.Stat(name)
	} else {
		path, err = exec.LookPath(name)
	}
	if err != nil {
		simsqltest.Require(t, "CLIENTS", fmt.Sprintf("%s is missing: %v", name, err))
	}
	return path
}

// runClient runs a client command with stdin, bounded by clientTimeout,
// and returns its stdout; it fails the test if the command fails.
func runClient(t *testing.T, cmd *exec.Cmd, stdin string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), clientTimeout)
	defer cancel()
	c := exec.CommandContext(ctx, cmd.Path, cmd.Args[1:]...)
	c.Dir, c.Env = cmd.Dir, cmd.Env
	if c.Env == nil {
		c.Env = os.Environ()
	}
	c.Env = append(c.Env, "PYTHONDONTWRITEBYTECODE=1") // no __pycache__ in the source tree
	c.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	c.Stdout, c.Stderr = &stdout, &stderr
	if err := c.Run(); err != nil {
		t.Fatalf("%s: %v\nstdout:\n%s\nstderr:\n%s", strings.Join(cmd.Args, " "), err, stdout.String(), stderr.String())
	}
	return stdout.String()
}

// checkOut fails the test unless got equals want, showing both.
func checkOut(t *testing.T, client, got, want string) {
	t.Helper()
	if got != want {
		t.Errorf("%s printed:\n%s\nwant:\n%s", client, got, want)
	}
}

// mariadbArgs are the mariadb client's arguments for server s.
func mariadbArgs(s *Server, extra ...string) []string {
	return append([]string{"--no-defaults", "-h127.0.0.1", "-P" + strconv.Itoa(s.Port), "-uroot"}, extra...)
}

func TestClientScripts(t *testing.T) {
	runScripts(t, ClientScripts)
}

// TestClientMariaDBCLI runs clients/mariadb/scenario.sql through the
// mariadb command-line client: SQL PREPARE/EXECUTE with parameters (a
// PREPARE used to give "Received malformed packet"), SHOW statements.
func TestClientMariaDBCLI(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	client := needClient(t, "mariadb")
	script, err := os.ReadFile(filepath.Join(clientsDir(t), "mariadb", "scenario.sql"))
	if err != nil {
		t.Fatal(err)
	}
	s := StartServer(t)
	got := runClient(t, exec.Command(client, mariadbArgs(s, "--batch", "--skip-column-names", "simsql")...), string(script))
	want := scenarioOut + `docs	BASE TABLE
id	int	NULL	NO	PRI	NULL			
title	varchar(100)	utf8mb4_0900_ai_ci	NO		NULL			
body	text	utf8mb4_0900_ai_ci	YES		NULL			
fp	bigint unsigned	NULL	YES	MUL	NULL	STORED GENERATED		
docs	0	PRIMARY	1	id	A	0	NULL	NULL		BTREE			YES	NULL
docs	1	fp_k3	1	fp	A	0	NULL	NULL	YES	SIMHASH		simhash k=3	YES	NULL
docs	` + strings.ReplaceAll(docsCreate, "\n", `\n`) + `
session	1	simsql
`
	checkOut(t, "mariadb", got, want)
}

// testServerVersion is the version the test server announces and reports
// as @@version: MySQL's, then simsql's release, "devel" for a build that is
// not of a release tag (cmd/simsql/version.go). Each client's test prints
// what the client read of it.
const testServerVersion = "8.0.33-simsql-devel"

// docsCreate is SHOW CREATE TABLE of the scenario's table.
const docsCreate = "CREATE TABLE `docs` (\n" +
	"  `id` int NOT NULL,\n" +
	"  `title` varchar(100) NOT NULL,\n" +
	"  `body` text,\n" +
	"  `fp` bigint unsigned GENERATED ALWAYS AS (simhash(`body`)) STORED,\n" +
	"  PRIMARY KEY (`id`),\n" +
	"  KEY `fp_k3` (`fp`) COMMENT 'simhash k=3'\n" +
	") ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_0900_ai_ci"

// TestClientPython runs clients/python/client.py with Debian's PyMySQL
// (/usr/bin/python3: the Debian package is not on a pyenv python's path).
func TestClientPython(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	python := needClient(t, "/usr/bin/python3")
	if err := exec.Command(python, "-c", "import pymysql").Run(); err != nil {
		needClient(t, "/usr/lib/python3/dist-packages/pymysql")
	}
	s := StartServer(t)
	got := runClient(t, exec.Command(python, filepath.Join(clientsDir(t), "python", "client.py"), strconv.Itoa(s.Port), rowsFile(t)), "")
	want := scenarioOut + `table	docs	BASE TABLE
column	id	int	NO	PRI	
column	title	varchar(100)	NO		
column	body	text	YES		
column	fp	bigint unsigned	YES	MUL	STORED GENERATED
index	PRIMARY	id	BTREE	
index	fp_k3	fp	SIMHASH	simhash k=3
session	1	simsql
server	` + testServerVersion + `
explain	1	SIMPLE	docs	5
`
	checkOut(t, "python3 client.py", got, want)
}

// TestClientPandas runs clients/python/pandas_client.py with Debian's
// python3-pandas (1.5), SQLAlchemy (1.4) and PyMySQL under /usr/bin/python3:
// DataFrame.to_sql creating its table, read_sql of Chinese and English text
// back (equal to the DataFrame), a query with bound parameters over
// simhash, hamming and jaccard, and a temporary table.
func TestClientPandas(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	python := needClient(t, "/usr/bin/python3")
	for _, module := range []string{"pandas", "sqlalchemy", "pymysql"} {
		if err := exec.Command(python, "-c", "import "+module).Run(); err != nil {
			simsqltest.Require(t, "CLIENTS", "python module "+module+" is missing (Debian: python3-pandas python3-sqlalchemy python3-pymysql)")
		}
	}
	s := StartServer(t)
	got := runClient(t, exec.Command(python, filepath.Join(clientsDir(t), "python", "pandas_client.py"), strconv.Itoa(s.Port)), "")
	want := "to_sql\t4\n" +
		"read_sql\t4\t['id', 'body']\n" +
		"round trip\tTrue\n" +
		"1\t床前明月光，疑是地上霜。举头望明月，低头思故乡。\n" +
		"2\t床前明月光，疑是地上霜。舉頭望明月，低頭思故鄉。\n" +
		"3\tthe quick brown fox jumps over the lazy dog\n" +
		"4\t白日依山尽，黄河入海流。\n" +
		// Traditional characters fold to simplified: poems 1 and 2 are one text.
		"near 1\t2\t0\t1.0\n" +
		"near 1\t4\t30\t0.0\n" +
		"near 1\t3\t31\t0.0\n" +
		"temporary\t1:24\t2:24\t4:12\n" +
		"tables\tpd_docs\n"
	checkOut(t, "python3 pandas_client.py", got, want)
}

// TestClientNode runs clients/node/client.js with the npm package mysql2
// (pinned in clients/node/package-lock.json; `npm ci` installs it): server-
// side prepared statements (execute) and information_schema metadata.
func TestClientNode(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	node := needClient(t, "node")
	dir := filepath.Join(clientsDir(t), "node")
	needClient(t, filepath.Join(dir, "node_modules", "mysql2", "package.json"))
	s := StartServer(t)
	got := runClient(t, exec.Command(node, filepath.Join(dir, "client.js"), strconv.Itoa(s.Port), rowsFile(t)), "")
	want := scenarioOut + `fp	10153183929151373580
table	docs	BASE TABLE
column	id	int	NO	PRI	
column	title	varchar(100)	NO		
column	body	text	YES		
column	fp	bigint unsigned	YES	MUL	STORED GENERATED
index	fp_k3	fp	1	simhash k=3
index	PRIMARY	id	0	
session	true	simsql
server	` + testServerVersion + `	false
`
	checkOut(t, "node client.js", got, want)
}

// TestClientJDBC compiles clients/java/Client.java and runs it with Debian's
// MariaDB Connector/J, once with client-side and once with server-side
// prepared statements, ending with DatabaseMetaData calls. IS_GENERATEDCOLUMN
// YES is the regression check of Extra for generated columns.
func TestClientJDBC(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	javac := needClient(t, "javac")
	java := needClient(t, "java")
	jar := needClient(t, "/usr/share/java/mariadb-java-client.jar")
	classes := t.TempDir()
	runClient(t, exec.Command(javac, "-encoding", "UTF-8", "-d", classes, filepath.Join(clientsDir(t), "java", "Client.java")), "")
	want := scenarioOut + `rsmd	id	INTEGER	true	java.lang.Integer	docs
rsmd	fp	BIGINT UNSIGNED	false	java.math.BigInteger	docs
rsmd	hamming(fp, 0)	INTEGER	true	java.lang.Integer	
fp	10153183929151373580
product	named	8
catalog	information_schema
catalog	simsql
table type	TABLE
table type	SYSTEM VIEW
table type	VIEW
table	simsql	docs	TABLE
column	id	INT	4	NO	1	NO
column	title	VARCHAR	12	NO	2	NO
column	body	TEXT	-1	YES	3	NO
column	fp	BIGINT UNSIGNED	-5	YES	4	YES
pk	id	1	PRIMARY
best row	id	int
imported keys	0
index	PRIMARY	id	false	1
index	fp_k3	fp	true	1
`
	for _, serverPrep := range []string{"false", "true"} {
		t.Run("useServerPrepStmts="+serverPrep, func(t *testing.T) {
			s := StartServer(t)
			cmd := exec.Command(java, "-Dfile.encoding=UTF-8", "-cp", jar+string(os.PathListSeparator)+classes, "Client", strconv.Itoa(s.Port), rowsFile(t), serverPrep)
			checkOut(t, "java Client", runClient(t, cmd, ""), want)
		})
	}
}

// TestClientODBC runs the scenario through unixODBC and MariaDB Connector/ODBC,
// from a driver and DSN defined in a temporary odbcinst.ini and odbc.ini:
// with isql (clients/odbc/scenario.sql; isql prepares every statement but
// cannot bind parameters), and with pyodbc (clients/odbc/client.py: bound
// parameters, SQLTables, SQLPrimaryKeys, SQLStatistics, SQLColumns).
// SQLColumns (isql's `help TABLE`, pyodbc's cursor.columns()) failed with
// "syntax error at position 118 near ':='": the driver's query assigns
// user variables inside SELECT (compat/user_var_assign.go). Its rows are
// MariaDB's for the same table but for TEXT's size (16383, MariaDB
// 65535: go-mysql-server's information_schema) and COLUMN_DEF of a
// nullable column without a default (NULL, as MySQL 8; MariaDB 'NULL').
func TestClientODBC(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	driver := needClient(t, "/usr/lib/x86_64-linux-gnu/odbc/libmaodbc.so")
	t.Run("isql", func(t *testing.T) {
		isql := needClient(t, "isql")
		script, err := os.ReadFile(filepath.Join(clientsDir(t), "odbc", "scenario.sql"))
		if err != nil {
			t.Fatal(err)
		}
		s := StartServer(t)
		dir := t.TempDir()
		inis := map[string]string{
			"odbcinst.ini": "[MariaDB]\nDriver = " + driver + "\n",
			"odbc.ini": fmt.Sprintf("[simsql]\nDriver = MariaDB\nServer = 127.0.0.1\nPort = %d\nUser = root\nDatabase = simsql\nCharset = utf8mb4\n",
				s.Port),
		}
		for name, text := range inis {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		cmd := exec.Command(isql, "-b", "-v", "-x0x09", "simsql")
		cmd.Env = append(os.Environ(), "ODBCSYSINI="+dir, "ODBCINI="+filepath.Join(dir, "odbc.ini"))
		var got []string
		for _, line := range strings.SplitAfter(runClient(t, cmd, string(script)), "\n") {
			if !strings.HasPrefix(line, "information_schema\t") { // SQLTables lists every system view
				got = append(got, line)
			}
		}
		want := scenarioOut + `column	id	int	
column	title	varchar(100)	
column	body	text	
column	fp	bigint unsigned	STORED GENERATED
simsql		docs	TABLE	
simsql		docs	id	4	INT	10	4	0	10	0			4		2	1	NO
simsql		docs	title	-9	VARCHAR	100	400			0			-9		400	2	NO
simsql		docs	body	-10	TEXT	16383	65532			1			-10		65532	3	YES
simsql		docs	fp	-5	BIGINT UNSIGNED	20	20	0	10	1			-5		3	4	YES
`
		checkOut(t, "isql", strings.Join(got, ""), want)
	})
	t.Run("pyodbc", func(t *testing.T) {
		python := needClient(t, "/usr/bin/python3")
		if err := exec.Command(python, "-c", "import pyodbc").Run(); err != nil {
			needClient(t, "/usr/lib/python3/dist-packages/pyodbc.so")
		}
		s := StartServer(t)
		dsn := fmt.Sprintf("DRIVER=%s;SERVER=127.0.0.1;PORT=%d;USER=root;DATABASE=simsql;CHARSET=utf8mb4", driver, s.Port)
		got := runClient(t, exec.Command(python, filepath.Join(clientsDir(t), "odbc", "client.py"), dsn, rowsFile(t)), "")
		want := scenarioOut + `table	simsql	docs	TABLE
pk	id	1	PRIMARY
index	PRIMARY	id	0	1
index	fp_k3	fp	1	1
column	id	INT
column	title	VARCHAR
column	body	TEXT
column	fp	BIGINT UNSIGNED
`
		checkOut(t, "python3 odbc/client.py", got, want)
	})
}

// TestClientGoDriver runs the scenario with go-sql-driver/mysql: server-side
// prepared statements (arguments without interpolateParams), metadata
// queries, and the error MySQL gives (1295) for SQL PREPARE in the
// prepared-statement protocol, which used to panic in go-mysql-server and
// drop the connection.
func TestClientGoDriver(t *testing.T) {
	s := StartServer(t)
	db := s.DB(t)
	var out strings.Builder
	line := func(fields ...any) {
		for i, f := range fields {
			if i > 0 {
				out.WriteByte('\t')
			}
			if b, ok := f.([]byte); ok {
				f = string(b)
			}
			fmt.Fprint(&out, f)
		}
		out.WriteByte('\n')
	}
	exec := func(q string, args ...any) sql.Result {
		t.Helper()
		res, err := db.Exec(q, args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return res
	}
	query := func(prefix, q string, args ...any) {
		t.Helper()
		rows, err := db.Query(q, args...)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			line(append([]any{prefix}, vals...)...)
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
	}
	exec("CREATE TABLE docs (id INT PRIMARY KEY, title VARCHAR(100) NOT NULL, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)")
	exec("CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'")
	var inserted int64
	rows := loadClientRows(t)
	for _, r := range rows {
		n, err := exec("INSERT INTO docs (id, title, body) VALUES (?, ?, ?)", r[0], r[1], r[2]).RowsAffected()
		if err != nil {
			t.Fatal(err)
		}
		inserted += n
	}
	line("inserted", inserted)
	query("row", "SELECT id, title, fp FROM docs ORDER BY id")
	probe := rows[2][2]
	query("near", "SELECT id, hamming(fp, simhash(?)) AS d FROM docs WHERE hamming(fp, simhash(?)) <= 3 ORDER BY id", probe, probe)
	query("jaccard", "SELECT id, FORMAT(jaccard(body, ?), 3) FROM docs WHERE id IN (?, ?) ORDER BY id", probe, 3, 4)
	query("pair", "SELECT left_id, right_id, distance FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id")
	query("fp", "SELECT fp FROM docs WHERE id = ?", 1) // BIGINT UNSIGNED > 2^63, binary protocol
	query("table", "SHOW FULL TABLES")
	query("column", "SELECT COLUMN_NAME, COLUMN_TYPE, EXTRA FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION", "simsql", "docs")
	query("index", "SELECT INDEX_NAME, COLUMN_NAME, NON_UNIQUE, INDEX_COMMENT FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY INDEX_NAME", "simsql", "docs")
	query("version", "SELECT @@version, @@version_comment IS NOT NULL")
	want := scenarioOut + `fp	10153183929151373580
table	docs	BASE TABLE
column	id	int	
column	title	varchar(100)	
column	body	text	
column	fp	bigint unsigned	STORED GENERATED
index	fp_k3	fp	1	simhash k=3
index	PRIMARY	id	0	
version	` + testServerVersion + `	1
`
	checkOut(t, "go-sql-driver/mysql", out.String(), want)

	// SQL PREPARE, EXECUTE and DEALLOCATE in the prepared-statement
	// protocol: MySQL's error 1295, and the connection stays usable.
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	for _, q := range []string{"PREPARE s FROM 'SELECT 1'", "EXECUTE s", " /* c */ DEALLOCATE PREPARE s", "drop prepare s"} {
		_, err := conn.PrepareContext(context.Background(), q)
		var me *mysql.MySQLError
		if !errors.As(err, &me) || me.Number != 1295 {
			t.Errorf("prepare %q: got %v, want error 1295", q, err)
		}
	}
	var one int
	if err := conn.QueryRowContext(context.Background(), "SELECT 1").Scan(&one); err != nil || one != 1 {
		t.Errorf("SELECT 1 after the refused prepares: %d, %v", one, err)
	}
}

// rowsFile is clients/rows.tsv, the scenario's rows (id, title, body,
// tab-separated) that every client program loads.
func rowsFile(t *testing.T) string {
	return filepath.Join(clientsDir(t), "rows.tsv")
}

// loadClientRows reads rowsFile: id, title and body of each row.
func loadClientRows(t *testing.T) [][3]string {
	t.Helper()
	data, err := os.ReadFile(rowsFile(t))
	if err != nil {
		t.Fatal(err)
	}
	var rows [][3]string
	for _, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		f := strings.SplitN(line, "\t", 3)
		if len(f) != 3 {
			t.Fatalf("%s: bad line %q", rowsFile(t), line)
		}
		rows = append(rows, [3]string{f[0], f[1], f[2]})
	}
	return rows
}

// TestClientMariaDBDump dumps a simsql database with mariadb-dump and
// restores it into a fresh simsql through the mariadb client, once with
// default flags (LOCK TABLES, /*!40101 … */ settings, multi-row INSERTs with
// every column's value), with --single-transaction (a REPEATABLE READ
// transaction with a savepoint rolled back after each table) and with
// --all-databases --ignore-database=mysql (CREATE DATABASE, USE). The
// database has the scenario's table and a view. The restore depends on
// simsql ignoring values given to generated columns outside strict mode, as
// MariaDB does (the dump sets SQL_MODE='NO_AUTO_VALUE_ON_ZERO'); the second
// dump on reading a view not committing the transaction. Table definition,
// simhash index with its COMMENT, rows, fingerprints, the view and
// near_duplicates must come back the same.
func TestClientMariaDBDump(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	client := needClient(t, "mariadb")
	dump := needClient(t, "mariadb-dump")
	script, err := os.ReadFile(filepath.Join(clientsDir(t), "mariadb", "scenario.sql"))
	if err != nil {
		t.Fatal(err)
	}
	src := StartServer(t)
	runClient(t, exec.Command(client, mariadbArgs(src, "--batch", "simsql")...),
		string(script)+"CREATE VIEW zh AS SELECT id, title, fp FROM docs WHERE id >= 3;\n")
	check := "SHOW CREATE TABLE docs; SELECT id, title, body, fp FROM docs ORDER BY id; SELECT * FROM zh ORDER BY id; " +
		"SELECT * FROM near_duplicates('docs', 'fp', 3) ORDER BY left_id; SHOW INDEX FROM docs"
	want := runClient(t, exec.Command(client, mariadbArgs(src, "--batch", "--raw", "simsql", "-e", check)...), "")
	if !strings.Contains(want, "docs\t"+docsCreate+"\n") ||
		!strings.Contains(want, "3\t中文-甲\t相似文档检测使用局部敏感哈希，在海量网页中快速找到近似重复的内容\t7837894270656336789\n") ||
		!strings.Contains(want, "4\t中文-乙\t7840146070470022101\n") {
		t.Fatalf("the source database is not as the scenario made it:\n%s", want)
	}

	for _, flags := range [][]string{nil, {"--single-transaction"}, {"--all-databases", "--ignore-database=mysql"}} {
		t.Run("flags="+strings.Join(flags, ","), func(t *testing.T) {
			args := flags
			if len(flags) == 0 || flags[0] != "--all-databases" {
				args = append(args, "simsql")
			}
			dumped := runClient(t, exec.Command(dump, mariadbArgs(src, args...)...), "")
			if !strings.Contains(dumped, "INSERT INTO `docs` VALUES") || !strings.Contains(dumped, "KEY `fp_k3` (`fp`) COMMENT 'simhash k=3'") {
				t.Fatalf("mariadb-dump output lacks the table or its rows:\n%s", dumped)
			}
			dst := StartServer(t)
			runClient(t, exec.Command(client, mariadbArgs(dst, "--batch", "simsql")...), dumped)
			got := runClient(t, exec.Command(client, mariadbArgs(dst, "--batch", "--raw", "simsql", "-e", check)...), "")
			checkOut(t, "the restored database", got, want)
		})
	}

	// --all-databases without --ignore-database=mysql: go-mysql-server's
	// mysql database has no general_log or slow_log, which mariadb-dump
	// reads (README, Clients).
	ctx, cancel := context.WithTimeout(context.Background(), clientTimeout)
	defer cancel()
	out, err := exec.CommandContext(ctx, dump, mariadbArgs(src, "--all-databases")...).CombinedOutput()
	if err == nil || !strings.Contains(string(out), "Couldn't read status information for table general_log") {
		t.Errorf("mariadb-dump --all-databases: %v\n%s\nwant the general_log error", err, out)
	}
}

// TestClientRollback runs clients/python/rollback.py with Debian's PyMySQL,
// mysqlclient (MySQLdb) and SQLAlchemy over both, each with its default
// settings: autocommit off, which the drivers set only when the server's
// handshake says autocommit is on. rollback() must undo the INSERT before
// it and SQLAlchemy's Session.rollback() the flushed row, as on MariaDB.
// (go-mysql-server 0.20's handshake said autocommit was off, so the
// drivers sent nothing, every INSERT autocommitted and rollback() undid
// nothing.)
func TestClientRollback(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	python := needClient(t, "/usr/bin/python3")
	s := StartServer(t)
	dbapi := "autocommit\t0\nafter rollback\t0\ncommitted\t2\nautocommit\t1\nwith autocommit\t2\t4\n"
	orm := "flushed\t1\nafter rollback\t0\ncommitted\t2\n"
	for _, c := range []struct{ driver, module, want string }{
		{"pymysql", "pymysql", dbapi},
		{"mysqldb", "MySQLdb", dbapi},
		{"sqlalchemy-pymysql", "sqlalchemy", orm},
		{"sqlalchemy-mysqldb", "sqlalchemy", orm},
	} {
		t.Run(c.driver, func(t *testing.T) {
			if err := exec.Command(python, "-c", "import "+c.module).Run(); err != nil {
				simsqltest.Require(t, "CLIENTS", "python module "+c.module+" is missing")
			}
			db := s.DB(t)
			if _, err := db.Exec("DROP TABLE IF EXISTS rb"); err != nil {
				t.Fatal(err)
			}
			got := runClient(t, exec.Command(python, filepath.Join(clientsDir(t), "python", "rollback.py"), strconv.Itoa(s.Port), c.driver), "")
			checkOut(t, "python3 rollback.py "+c.driver, got, c.want)
		})
	}
}

// TestClientIsolation runs clients/python/isolation.py with Debian's
// PyMySQL against simsql and, when mariadbd is installed, MariaDB, whose
// answers it holds: with autocommit off (PyMySQL's autocommit=False, or
// SET autocommit=0), a transaction at READ COMMITTED or READ UNCOMMITTED
// sees a row another connection committed after its first read, one at
// REPEATABLE READ does not. (simsql gave the transaction open since the
// driver's SET autocommit=0 REPEATABLE READ's snapshot:
// catalog/gms_autocommit_characteristics.go.)
func TestClientIsolation(t *testing.T) {
	t.Parallel() // mostly waits on a client program (clients_test.go)
	python := needClient(t, "/usr/bin/python3")
	if err := exec.Command(python, "-c", "import pymysql").Run(); err != nil {
		needClient(t, "/usr/lib/python3/dist-packages/pymysql")
	}
	var want strings.Builder
	for _, level := range []string{"READ COMMITTED", "READ UNCOMMITTED", "REPEATABLE READ"} {
		for _, how := range []string{"connect", "set autocommit", "begin", "start transaction"} {
			seen := "sees the row"
			if level == "REPEATABLE READ" {
				seen = "does not"
			}
			fmt.Fprintf(&want, "%s\t%s\t%s\n", level, how, seen)
		}
	}
	script := filepath.Join(clientsDir(t), "python", "isolation.py")
	t.Run("simsql", func(t *testing.T) {
		s := StartServer(t)
		got := runClient(t, exec.Command(python, script, "tcp", strconv.Itoa(s.Port)), "")
		checkOut(t, "python3 isolation.py", got, want.String())
	})
	t.Run("mariadb", func(t *testing.T) {
		m := sharedMariaDB(t)
		got := runClient(t, exec.Command(python, script, "socket", m.Socket), "")
		checkOut(t, "python3 isolation.py on MariaDB", got, want.String())
	})
}
