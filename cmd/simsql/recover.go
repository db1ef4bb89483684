package main

import (
	"runtime/debug"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/sirupsen/logrus"

	"github.com/simsql/simsql/mysqlerr"
)

// recoverAsError turns a panic into err and gives other errors of
// statement query, run on connection c, MySQL's numbers
// (mysqlerr.ConvertIn, with c's current database); use as `defer
// recoverAsError(&err, c, query)`.
//
// Errors get MySQL's numbers, SQLSTATEs and wording (package mysqlerr:
// 1062 with 23000, 1064, 1193, 3105, the numbers of simsql's function
// errors, …) where go-mysql-server would send 1105 or its own text. A panic
// anywhere in parsing, planning, a function, an iterator, the index or
// storage code becomes MySQL error 1105 for that client, its statement is
// rolled back (the session's command end rolls back a failed autocommit
// statement; an explicit transaction stays open, as after any error) and
// the connection and the server keep serving. Without it, go-mysql-server
// turns only panics while streaming result rows into errors; others close
// the connection. The stack is logged at error level.
func recoverAsError(err *error, c *mysql.Conn, query string) {
	if r := recover(); r != nil {
		logrus.Errorf("panic while running a statement (returned to the client as error 1105): %v\n%s", r, debug.Stack())
		*err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"internal error: %v (the statement was rolled back; the server logged the stack)", r)
		return
	}
	if *err != nil {
		*err = mysqlerr.ConvertIn(*err, query, currentDatabase(c))
	}
}

// currentDatabase returns the current database of c's session, "" for
// none.
func currentDatabase(c *mysql.Conn) string {
	if c == nil {
		return ""
	}
	if s, ok := c.ClientData.(sql.Session); ok {
		return s.GetCurrentDatabase()
	}
	return ""
}
