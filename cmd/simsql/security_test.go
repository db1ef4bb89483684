package main

import (
	"crypto/tls"
	"database/sql"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/simsqltest"
	"github.com/simsql/simsql/internal/tlstest"
	"github.com/simsql/simsql/sqltests"
)

// openAs opens a connection pool to s's database simsql as user with
// password, with the driver options tweak sets; closed at the end of the
// test.
func openAs(t *testing.T, s *sqltests.Server, user, password string, tweak func(*mysql.Config)) *sql.DB {
	t.Helper()
	cfg, err := mysql.ParseDSN(s.DSN("simsql"))
	if err != nil {
		t.Fatal(err)
	}
	cfg.User, cfg.Passwd = user, password
	if tweak != nil {
		tweak(cfg)
	}
	db, err := sql.Open("mysql", cfg.FormatDSN())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// execAll runs each statement on db, failing the test at the first error.
func execAll(t *testing.T, db *sql.DB, stmts ...string) {
	t.Helper()
	for _, q := range stmts {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
}

// accountCase is one statement run by one account, and what must happen:
// wantErr "" for success, else a substring of the error.
type accountCase struct {
	user, password, query, wantErr string
}

func checkAccountCases(t *testing.T, s *sqltests.Server, phase string, cases []accountCase) {
	t.Helper()
	for _, c := range cases {
		db := openAs(t, s, c.user, c.password, nil)
		_, err := db.Exec(c.query)
		switch {
		case c.wantErr == "" && err != nil:
			t.Errorf("%s: %s as %s: %v, want success", phase, c.query, c.user, err)
		case c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)):
			t.Errorf("%s: %s as %s: error %v, want %q", phase, c.query, c.user, err, c.wantErr)
		}
		db.Close()
	}
}

// TestAccountsPersistAndPrivileges: the bootstrap account from --user and
// --password, CREATE USER, GRANT, REVOKE, ALTER USER and DROP USER; an
// account with SELECT only cannot write; a table-level grant does not open
// other tables, near_duplicates included; all of it survives restarts
// and SIGKILL; and a later --password that does not match is refused.
func TestAccountsPersistAndPrivileges(t *testing.T) {
	dir := t.TempDir()
	s := sqltests.StartServer(t, "--data-dir", dir, "--password", "rootpw")
	root := s.DB(t)
	execAll(t, root,
		"CREATE TABLE t (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
		"INSERT INTO t VALUES (1, 5), (2, 7), (3, 1000000)",
		"CREATE TABLE u (id INT PRIMARY KEY)",
		"INSERT INTO u VALUES (10)",
		"CREATE USER 'reader'@'%' IDENTIFIED BY 'rpw'",
		"GRANT SELECT ON simsql.* TO 'reader'@'%'",
		"CREATE USER 'narrow'@'%' IDENTIFIED BY 'npw'",
		"GRANT SELECT ON simsql.u TO 'narrow'@'%'",
		"CREATE USER 'writer'@'%' IDENTIFIED BY 'wpw'",
		"GRANT SELECT, INSERT ON simsql.t TO 'writer'@'%'",
		"CREATE USER 'gone'@'%' IDENTIFIED BY 'gpw'",
		"GRANT SELECT ON simsql.* TO 'gone'@'%'",
		"CREATE USER 'none'@'%' IDENTIFIED BY 'xpw'",
	)
	const denied = "Error 1142 (42000): command denied to user"
	before := []accountCase{
		{"root", "rootpw", "SELECT COUNT(*) FROM t", ""},
		{"root", "wrong", "SELECT 1", "Error 1045"},
		{"reader", "rpw", "SELECT COUNT(*) FROM t", ""},
		{"reader", "rpw", "SELECT * FROM near_duplicates('t', 'fp', 3)", ""},
		{"reader", "rpw", "SELECT * FROM near_duplicate_groups('simsql.t', 'fp', 3)", ""},
		{"reader", "wrong", "SELECT 1", "Error 1045"},
		{"reader", "", "SELECT 1", "Error 1045"},
		{"reader", "rpw", "INSERT INTO t VALUES (4, 4)", denied},
		{"reader", "rpw", "UPDATE t SET fp = 0", denied},
		{"reader", "rpw", "DELETE FROM t", denied},
		{"reader", "rpw", "REPLACE INTO t VALUES (1, 1)", denied},
		{"reader", "rpw", "TRUNCATE TABLE t", denied},
		{"reader", "rpw", "CREATE TABLE v (id INT PRIMARY KEY)", denied},
		{"reader", "rpw", "DROP TABLE t", denied},
		{"reader", "rpw", "ALTER TABLE t ADD COLUMN c INT", denied},
		{"reader", "rpw", "CREATE INDEX fp_k3 ON t (fp) COMMENT 'simhash k=3'", denied},
		{"reader", "rpw", "CREATE DATABASE other", denied},
		{"reader", "rpw", "CREATE USER 'x'@'%'", denied},
		{"reader", "rpw", "GRANT INSERT ON simsql.* TO 'reader'@'%'", denied},
		{"narrow", "npw", "SELECT COUNT(*) FROM u", ""},
		{"narrow", "npw", "SELECT COUNT(*) FROM t", "Error 1142 (42000): Access denied for user 'narrow'@'%' to table 't'"},
		{"narrow", "npw", "SELECT * FROM near_duplicates('t', 'fp', 3)", denied},
		{"narrow", "npw", "SELECT * FROM near_duplicate_groups('simsql.t', 'fp', 3)", denied},
		{"writer", "wpw", "INSERT INTO t VALUES (4, 4)", ""},
		{"writer", "wpw", "DELETE FROM t WHERE id = 4", denied},
		{"gone", "gpw", "SELECT 1", ""},
		{"none", "xpw", "SELECT 1", "Error 1044 (42000): Access denied for user 'none'@'%' to database 'simsql'"},
	}
	checkAccountCases(t, s, "first start", before)
	execAll(t, root,
		"REVOKE SELECT ON simsql.u FROM 'narrow'@'%'",
		"DROP USER 'gone'@'%'",
		"ALTER USER 'reader'@'%' IDENTIFIED BY 'rpw2'",
	)
	after := []accountCase{
		{"root", "rootpw", "SELECT COUNT(*) FROM t", ""},
		{"reader", "rpw", "SELECT 1", "Error 1045"},
		{"reader", "rpw2", "SELECT COUNT(*) FROM t", ""},
		{"reader", "rpw2", "INSERT INTO t VALUES (5, 5)", denied},
		{"narrow", "npw", "SELECT COUNT(*) FROM u", "Access denied"},
		{"writer", "wpw", "INSERT INTO t SELECT MAX(id) + 1, 6 FROM t", ""},
		{"writer", "wpw", "DROP TABLE t", denied},
		{"gone", "gpw", "SELECT 1", "Error 1045 (28000): Access denied for user 'gone'"},
	}
	checkAccountCases(t, s, "after REVOKE, DROP USER, ALTER USER", after)
	s.Stop(t)

	// The same flags again: the stored accounts, unchanged.
	s = sqltests.StartServer(t, "--data-dir", dir, "--password", "rootpw")
	checkAccountCases(t, s, "after a restart", after)
	s.Stop(t)

	// No account flags: the stored accounts still rule (root keeps rootpw).
	s = sqltests.StartServer(t, "--data-dir", dir, "--user", "reader", "--password", "rpw2")
	checkAccountCases(t, s, "after a restart with --user reader", after)
	s.Stop(t)

	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--password", "other"}, "--password does not match the stored password of account 'root'"},
		{[]string{"--user", "nobody", "--password", "x"}, "account 'nobody' does not exist in " + filepath.Join(dir, accountsFile)},
	} {
		out, code := runServe(t, append([]string{"--data-dir", dir}, c.args...)...)
		if code != 1 || !strings.Contains(out, c.want) {
			t.Errorf("serve %q: exit %d, output %q; want exit 1 and %q", c.args, code, out, c.want)
		}
	}
	// An account is durable once CREATE USER and GRANT have returned: it
	// survives a SIGKILL right after.
	s = sqltests.StartServer(t, "--data-dir", dir)
	execAll(t, openAs(t, s, "root", "rootpw", nil),
		"CREATE USER 'late'@'%' IDENTIFIED BY 'lpw'",
		"GRANT SELECT ON simsql.* TO 'late'@'%'")
	s.Kill(t)
	s = sqltests.StartServer(t, "--data-dir", dir)
	checkAccountCases(t, s, "after SIGKILL", []accountCase{
		{"late", "lpw", "SELECT COUNT(*) FROM t", ""},
		{"late", "lpw", "DELETE FROM t", denied},
	})
	s.Stop(t)

	if fi, err := os.Stat(filepath.Join(dir, accountsFile)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("accounts file: %v, %v; want mode 0600", fi, err)
	}
}

// runServe runs `simsql serve --port 0` with args, for a start that must
// fail, and returns its combined output and exit code. A server that
// starts after all is stopped after 30 s and reported.
func runServe(t *testing.T, args ...string) (string, int) {
	t.Helper()
	cmd := exec.Command(sqltests.Binary(t), append([]string{"serve", "--port", "0"}, args...)...)
	var out strings.Builder
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	select {
	case err = <-done:
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		<-done
		t.Fatalf("serve %q still running after 30 s: %s", args, out.String())
	}
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		return out.String(), ee.ExitCode()
	}
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), 0
}

// TestListenRefusesOpenAccounts: a non-loopback --host is refused, before
// anything listens, while an account has an empty password: at the first
// start (root from the default flags) and later (an account created
// without a password). The tests never listen beyond 127.0.0.1.
func TestListenRefusesOpenAccounts(t *testing.T) {
	fresh := t.TempDir()
	for _, host := range []string{"0.0.0.0", "", "::"} {
		out, code := runServe(t, "--data-dir", fresh, "--host", host)
		want := `refusing to listen on "` + host + `", which is not a loopback address, while account 'root'@'%' has an empty password`
		if code != 1 || !strings.Contains(out, want) {
			t.Errorf("--host %q, no password: exit %d, output %q; want exit 1 and %q", host, code, out, want)
		}
	}

	dir := t.TempDir()
	s := sqltests.StartServer(t, "--data-dir", dir, "--password", "rootpw")
	execAll(t, s.DB(t), "CREATE USER 'open'@'%'")
	s.Stop(t)
	out, code := runServe(t, "--data-dir", dir, "--host", "0.0.0.0")
	want := "while account 'open'@'%' has an empty password"
	if code != 1 || !strings.Contains(out, want) {
		t.Errorf("--host 0.0.0.0 with a password-less account: exit %d, output %q; want exit 1 and %q", code, out, want)
	}
}

func TestCheckListenAddress(t *testing.T) {
	withPassword := mysql_db.CreateEmptyMySQLDb()
	ed := withPassword.Editor()
	withPassword.AddSuperUser(ed, "root", "%", "pw")
	ed.Close()
	open := mysql_db.CreateEmptyMySQLDb()
	ed = open.Editor()
	open.AddSuperUser(ed, "root", "%", "pw")
	open.AddSuperUser(ed, "guest", "localhost", "")
	ed.Close()
	for _, c := range []struct {
		db      *mysql_db.MySQLDb
		host    string
		wantErr string
	}{
		{withPassword, "0.0.0.0", ""},
		{withPassword, "127.0.0.1", ""},
		{open, "127.0.0.1", ""},
		{open, "::1", ""},
		{open, "0.0.0.0", `refusing to listen on "0.0.0.0", which is not a loopback address, while account 'guest'@'localhost' has an empty password`},
		{open, "192.0.2.1", "account 'guest'@'localhost'"},
	} {
		err := checkListenAddress(c.db, c.host)
		if (err == nil) != (c.wantErr == "") || (err != nil && !strings.Contains(err.Error(), c.wantErr)) {
			t.Errorf("checkListenAddress(%q) = %v, want %q", c.host, err, c.wantErr)
		}
	}
}

func TestIsLoopback(t *testing.T) {
	for host, want := range map[string]bool{
		"127.0.0.1": true,
		"127.0.0.2": true, // all of 127/8 is loopback
		"::1":       true,
		"localhost": true, // resolved: /etc/hosts maps it to loopback addresses
		"0.0.0.0":   false,
		"::":        false,
		"":          false, // every interface
		"192.0.2.1": false,
		"10.0.0.1":  false,
	} {
		if got := isLoopback(host); got != want {
			t.Errorf("isLoopback(%q) = %v, want %v", host, got, want)
		}
	}
}

func TestNativePasswordHash(t *testing.T) {
	for pw, want := range map[string]string{
		"":         "",
		"password": "*2470C0C06DEE42FD1618BB99005ADCA2EC9D1E19", // MySQL 5.7 PASSWORD('password')
		"rootpw":   nativePasswordHash("rootpw"),
	} {
		if got := nativePasswordHash(pw); got != want {
			t.Errorf("nativePasswordHash(%q) = %q, want %q", pw, got, want)
		}
	}
}

// statusValue returns SHOW STATUS LIKE name's value on db.
func statusValue(t *testing.T, db *sql.DB, name string) (string, error) {
	t.Helper()
	var n, v string
	err := db.QueryRow("SHOW STATUS LIKE '"+name+"'").Scan(&n, &v)
	return v, err
}

// TestTLS: with --tls-cert and --tls-key a client that verifies the
// certificate connects over TLS (Ssl_version, Ssl_cipher), a plain client
// still connects without it, and --require-secure-transport refuses plain
// clients. The mariadb client connects with --ssl too.
func TestTLS(t *testing.T) {
	certFile, keyFile, pool := tlstest.WriteSelfSigned(t, t.TempDir())
	if err := mysql.RegisterTLSConfig("simsql-test", &tls.Config{RootCAs: pool, ServerName: "127.0.0.1"}); err != nil {
		t.Fatal(err)
	}
	withTLS := func(c *mysql.Config) { c.TLSConfig = "simsql-test" }

	s := sqltests.StartServer(t, "--password", "pw", "--tls-cert", certFile, "--tls-key", keyFile)
	secure := openAs(t, s, "root", "pw", withTLS)
	if v, err := statusValue(t, secure, "Ssl_version"); err != nil || !strings.HasPrefix(v, "TLSv1.") {
		t.Errorf("over TLS: Ssl_version = %q, %v; want TLSv1.x", v, err)
	}
	if v, err := statusValue(t, secure, "Ssl_cipher"); err != nil || !strings.HasPrefix(v, "TLS_") {
		t.Errorf("over TLS: Ssl_cipher = %q, %v; want a TLS cipher suite name", v, err)
	}
	plain := openAs(t, s, "root", "pw", nil)
	if v, err := statusValue(t, plain, "Ssl_cipher"); err != nil || v != "" {
		t.Errorf("without TLS: Ssl_cipher = %q, %v; want empty", v, err)
	}
	// A server with a certificate can use TLS: @@have_ssl is YES (DISABLED
	// without one: sqltests.StatementScripts).
	var haveSSL, haveOpenSSL string
	if err := plain.QueryRow("SELECT @@have_ssl, @@have_openssl").Scan(&haveSSL, &haveOpenSSL); err != nil || haveSSL != "YES" || haveOpenSSL != "YES" {
		t.Errorf("@@have_ssl, @@have_openssl = %q, %q (%v); want YES, YES", haveSSL, haveOpenSSL, err)
	}
	mariadbSSL(t, s, certFile)
	s.Stop(t)

	s = sqltests.StartServer(t, "--password", "pw", "--tls-cert", certFile, "--tls-key", keyFile, "--require-secure-transport")
	if err := openAs(t, s, "root", "pw", nil).Ping(); err == nil || !strings.Contains(err.Error(), "insecure connections") {
		t.Errorf("plain client with --require-secure-transport: %v; want refused", err)
	}
	if err := openAs(t, s, "root", "pw", withTLS).Ping(); err != nil {
		t.Errorf("TLS client with --require-secure-transport: %v", err)
	}

	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--tls-cert", certFile}, 2, "--tls-cert and --tls-key go together"},
		{[]string{"--require-secure-transport"}, 2, "--require-secure-transport needs --tls-cert and --tls-key"},
		{[]string{"--tls-cert", keyFile, "--tls-key", certFile}, 1, "loading the TLS certificate " + keyFile},
	} {
		out, code := runServe(t, append([]string{"--data-dir", t.TempDir()}, c.args...)...)
		if code != c.code || !strings.Contains(out, c.want) {
			t.Errorf("serve %q: exit %d, output %q; want exit %d and %q", c.args, code, out, c.code, c.want)
		}
	}
}

// mariadbSSL connects with `mariadb --ssl`, verifying the server
// certificate, and checks that the session is encrypted, and that an
// unknown user gets error 1045. CI sets
// SIMSQL_REQUIRE_MARIADB=1 so that a missing client fails.
func mariadbSSL(t *testing.T, s *sqltests.Server, caFile string) {
	client, err := exec.LookPath("mariadb")
	if err != nil {
		if simsqltest.Required("MARIADB") {
			t.Fatal("mariadb client not on PATH and SIMSQL_REQUIRE_MARIADB=1")
		}
		t.Log("mariadb client not on PATH: skipping its TLS check")
		return
	}
	cmd := exec.Command(client, "--no-defaults", "--batch", "--skip-column-names", "--ssl", "--ssl-ca="+caFile,
		"--ssl-verify-server-cert", "-h127.0.0.1", "-P"+strconv.Itoa(s.Port), "-uroot", "-ppw",
		"-e", "SHOW STATUS LIKE 'Ssl_version'")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.HasPrefix(string(out), "Ssl_version\tTLSv1.") {
		t.Errorf("mariadb --ssl: %v, output %q; want Ssl_version TLSv1.x", err, out)
	}
	// An unknown user: 1045, like a wrong password.
	out, err = exec.Command(client, "--no-defaults", "-h127.0.0.1", "-P"+strconv.Itoa(s.Port), "-unobody", "-px",
		"-e", "SELECT 1").CombinedOutput()
	if err == nil || !strings.Contains(string(out), "ERROR 1045 (28000): Access denied for user 'nobody'") {
		t.Errorf("mariadb as an unknown user: %v, output %q; want error 1045", err, out)
	}
}
