package compat_test

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"strings"
	"testing"

	driver "github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/internal/mariadbtest"
)

// startMariaDB starts a throwaway mariadbd (or mysqld) from PATH in a
// temporary directory, listening on a Unix socket only
// (mariadbtest.Start), and returns one connection to it; the server stops
// when tb ends. It skips tb when no daemon is installed, and fails it
// instead under SIMSQL_REQUIRE_MARIADB=1 (as CI sets).
func startMariaDB(tb testing.TB) *sql.Conn {
	tb.Helper()
	return openConn(tb, mariadbtest.Start(tb, 0))
}

// openConn opens one connection to m, closed when tb ends.
func openConn(tb testing.TB, m *mariadbtest.Server) *sql.Conn {
	tb.Helper()
	db, err := sql.Open("mysql", m.Config().FormatDSN())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { db.Close() })
	conn, err := db.Conn(context.Background())
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { conn.Close() })
	return conn
}

// answer is one statement's result as the differential test compares it:
// the class of the column type, the value as text (NULL: null), or the
// MySQL error number.
type answer struct {
	class string // "integer", "decimal", "double", "string", "null"
	typ   string // the column type as go-sql-driver names it
	text  string
	null  bool
	err   int // MySQL error number; 0 for none
	msg   string
}

func (a answer) String() string {
	switch {
	case a.err != 0:
		return "ERROR " + strconv.Itoa(a.err) + ": " + a.msg
	case a.null:
		return "NULL (" + a.class + ")"
	}
	return a.text + " (" + a.class + ")"
}

// mariaAnswer runs q with args on c and returns its one value.
func mariaAnswer(c *sql.Conn, q string, args ...any) answer {
	rs, err := c.QueryContext(context.Background(), q, args...)
	if err != nil {
		return errAnswer(err)
	}
	defer rs.Close()
	cts, err := rs.ColumnTypes()
	if err != nil {
		return errAnswer(err)
	}
	var raw sql.RawBytes
	if !rs.Next() {
		if err := rs.Err(); err != nil {
			return errAnswer(err)
		}
		return answer{err: -1, msg: "no row"}
	}
	if err := rs.Scan(&raw); err != nil {
		return errAnswer(err)
	}
	a := answer{class: mariaClass(cts[0].DatabaseTypeName()), typ: cts[0].DatabaseTypeName(), text: string(raw), null: raw == nil}
	for rs.Next() {
	}
	if err := rs.Err(); err != nil {
		return errAnswer(err)
	}
	return a
}

func errAnswer(err error) answer {
	var me *driver.MySQLError
	if errors.As(err, &me) {
		return answer{err: int(me.Number), msg: me.Message}
	}
	return answer{err: -1, msg: err.Error()}
}

// mariaClass maps a column type name of go-sql-driver to a class.
func mariaClass(name string) string {
	switch {
	case strings.Contains(name, "INT"):
		return "integer"
	case name == "DECIMAL":
		return "decimal"
	case name == "DOUBLE" || name == "FLOAT":
		return "double"
	case name == "NULL":
		return "null"
	}
	return "string"
}

// mariaAnswerRows runs q with args on c and returns the first value of
// every row.
func mariaAnswerRows(c *sql.Conn, q string, args ...any) []answer {
	rs, err := c.QueryContext(context.Background(), q, args...)
	if err != nil {
		return []answer{errAnswer(err)}
	}
	defer rs.Close()
	cts, err := rs.ColumnTypes()
	if err != nil {
		return []answer{errAnswer(err)}
	}
	var out []answer
	for rs.Next() {
		var raw sql.RawBytes
		if err := rs.Scan(&raw); err != nil {
			return append(out, errAnswer(err))
		}
		out = append(out, answer{class: mariaClass(cts[0].DatabaseTypeName()), typ: cts[0].DatabaseTypeName(), text: string(raw), null: raw == nil})
	}
	if err := rs.Err(); err != nil {
		out = append(out, errAnswer(err))
	}
	return out
}
