package sqltests

import (
	"context"
	dbsql "database/sql"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/go-sql-driver/mysql"
)

// mariaDB is a throwaway mariadbd (or MySQL's mysqld) started by
// startMariaDB, the reference the differential tests compare simsql with.
type mariaDB struct {
	// Socket is the path of its Unix socket.
	Socket string
	// Addr is its host:port on 127.0.0.1 when started by startMariaDBTCP,
	// else "" (it listens on no TCP port).
	Addr string
}

// startMariaDB starts mariadbd (or mysqld) from PATH with its default
// settings (InnoDB, REPEATABLE READ) in a temporary directory, with a
// database simsql, and stops it when tb ends. It skips tb when no daemon is
// installed, and fails it instead under SIMSQL_REQUIRE_MARIADB=1 (as CI
// sets).
func startMariaDB(tb testing.TB) *mariaDB {
	tb.Helper()
	return startMariaDBOn(tb, 0)
}

// startMariaDBTCP is startMariaDB listening on 127.0.0.1 too, on a free
// port, for clients that need TCP; extra are more mariadbd options.
func startMariaDBTCP(tb testing.TB, extra ...string) *mariaDB {
	tb.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		tb.Fatal(err)
	}
	port := l.Addr().(*net.TCPAddr).Port
	l.Close()
	return startMariaDBOn(tb, port, extra...)
}

// startMariaDBOn starts mariadbd listening on 127.0.0.1:port, or on its
// socket only when port is 0, with the options extra.
func startMariaDBOn(tb testing.TB, port int, extra ...string) *mariaDB {
	tb.Helper()
	var daemon string
	for _, name := range []string{"mariadbd", "mysqld"} {
		if p, err := exec.LookPath(name); err == nil {
			daemon = p
			break
		}
	}
	if daemon == "" {
		if os.Getenv("SIMSQL_REQUIRE_MARIADB") == "1" {
			tb.Fatal("mariadbd not on PATH and SIMSQL_REQUIRE_MARIADB=1")
		}
		tb.Skip("mariadbd not on PATH (SIMSQL_REQUIRE_MARIADB=1 makes this a failure)")
	}
	dir := tb.TempDir()
	data := filepath.Join(dir, "data")
	// A tmpdir of its own: with the shared /tmp, mariadb-install-db
	// failed now and then with "Could not remove temporary table:
	// '/tmp/#sql-temptable-3a00-1-8'" (names made of a process id, which
	// other MariaDB processes on the machine, in other PID namespaces,
	// reuse).
	tmp := filepath.Join(dir, "tmp")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		tb.Fatal(err)
	}
	common := []string{"--no-defaults", "--datadir=" + data, "--tmpdir=" + tmp}
	if os.Geteuid() == 0 {
		common = append(common, "--user=root")
	}
	var initCmd *exec.Cmd
	if p, err := exec.LookPath("mariadb-install-db"); err == nil {
		initCmd = exec.Command(p, append(common, "--auth-root-authentication-method=normal", "--skip-test-db")...)
	} else {
		initCmd = exec.Command(daemon, append(common, "--initialize-insecure")...)
	}
	if out, err := initCmd.CombinedOutput(); err != nil {
		tb.Fatalf("%s: %v\n%s", initCmd.Path, err, out)
	}
	m := &mariaDB{Socket: filepath.Join(dir, "mysqld.sock")}
	network := []string{"--skip-networking"}
	if port > 0 {
		m.Addr = net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		network = []string{"--bind-address=127.0.0.1", "--port=" + strconv.Itoa(port)}
	}
	network = append(network, extra...)
	cmd := exec.Command(daemon, append(append(common, network...), "--socket="+m.Socket,
		"--pid-file="+filepath.Join(dir, "mysqld.pid"), "--skip-grant-tables", "--skip-name-resolve",
		"--innodb-buffer-pool-size=16M", "--performance-schema=0")...)
	var stderr syncBuffer
	cmd.Stderr = &stderr
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
	if err := cmd.Start(); err != nil {
		tb.Fatal(err)
	}
	exited := make(chan struct{})
	go func() { cmd.Wait(); close(exited) }()
	tb.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-exited:
		case <-time.After(30 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	db, err := dbsql.Open("mysql", m.DSN(""))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	for deadline := time.Now().Add(60 * time.Second); ; {
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		err = db.PingContext(ctx)
		cancel()
		if err == nil {
			break
		}
		select {
		case <-exited:
			tb.Fatalf("%s exited: %s", daemon, stderr.String())
		case <-time.After(100 * time.Millisecond): // polling for readiness
		}
		if time.Now().After(deadline) {
			tb.Fatalf("%s not answering on %s: %v", daemon, m.Socket, err)
		}
	}
	if _, err := db.Exec("CREATE DATABASE simsql"); err != nil {
		tb.Fatal(err)
	}
	return m
}

// DSN returns a go-sql-driver/mysql data source name for database db, with
// the settings of Server.DSN.
func (m *mariaDB) DSN(db string) string {
	cfg := mysql.NewConfig()
	cfg.User = "root"
	cfg.Net = "unix"
	cfg.Addr = m.Socket
	cfg.DBName = db
	cfg.ParseTime = true
	cfg.AllowAllFiles = true
	cfg.Timeout = 10 * time.Second
	return cfg.FormatDSN()
}

// DB returns a connection pool to database simsql, closed at the end of
// the test.
func (m *mariaDB) DB(tb testing.TB) *dbsql.DB {
	tb.Helper()
	db, err := dbsql.Open("mysql", m.DSN("simsql"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	return db
}

// newMariaDBConn opens one connection to m in a fresh database name,
// closed when t ends.
func newMariaDBConn(t testing.TB, m *mariaDB, name string) *wireConn {
	t.Helper()
	c, err := m.DB(t).Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	wc := &wireConn{conn: c}
	for _, q := range []string{"DROP DATABASE IF EXISTS " + name, "CREATE DATABASE " + name, "USE " + name} {
		if _, err := wc.query(q); err != nil {
			t.Fatal(err)
		}
	}
	return wc
}

// mariaDBName shortens a test name into a database name MariaDB accepts.
func mariaDBName(s string) string {
	s = strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r - 'A' + 'a'
		}
		return '_'
	}, s)
	if len(s) > 60 {
		s = s[:60]
	}
	return "t_" + s
}
