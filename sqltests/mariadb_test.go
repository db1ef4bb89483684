package sqltests

import (
	"context"
	dbsql "database/sql"
	"net"
	"strings"
	"testing"

	"github.com/simsql/simsql/internal/mariadbtest"
)

// mariaDB is a throwaway mariadbd (or MySQL's mysqld) started by
// startMariaDB, the reference the differential tests compare simsql with:
// its Socket, and its Addr on 127.0.0.1 when started by startMariaDBTCP.
type mariaDB struct{ *mariadbtest.Server }

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
// socket only when port is 0, with the options extra (mariadbtest.Start),
// and creates the database simsql.
func startMariaDBOn(tb mariadbtest.TB, port int, extra ...string) *mariaDB {
	tb.Helper()
	m := &mariaDB{mariadbtest.Start(tb, port, extra...)}
	db, err := dbsql.Open("mysql", m.DSN(""))
	if err != nil {
		tb.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec("CREATE DATABASE simsql"); err != nil {
		tb.Fatal(err)
	}
	return m
}

// DSN returns a go-sql-driver/mysql data source name for database db, with
// the settings of Server.DSN.
func (m *mariaDB) DSN(db string) string { return testDSN(m.Config(), db) }

// DB returns a connection pool to database simsql, closed at the end of
// the test.
func (m *mariaDB) DB(tb testing.TB) *dbsql.DB {
	tb.Helper()
	return openDB(tb, m.DSN("simsql"))
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
	useNewDatabase(t, wc, name)
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
