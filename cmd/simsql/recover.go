package main

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/sirupsen/logrus"

	"github.com/simsql/simsql/mysqlerr"
)

// recoveringHandler is go-mysql-server's handler with two changes to every
// command that runs SQL. First, errors get MySQL's numbers, SQLSTATEs and
// wording (package mysqlerr: 1062 with 23000, 1064, 1193, 3105, the numbers
// of simsql's function errors, …) where go-mysql-server would send 1105 or
// its own text. Second, it is guarded against panics: a panic anywhere in parsing, planning,
// a function, an iterator, the index or storage code becomes MySQL error
// 1105 for that client, its statement is rolled back (the session's
// command end rolls back a failed autocommit statement; an explicit
// transaction stays open, as after any error) and the connection and the
// server keep serving. Without it, go-mysql-server turns only panics while
// streaming result rows into errors; others close the connection. The
// stack is logged at error level.
type recoveringHandler struct {
	*server.Handler
}

// wrapRecovering is a server.HandlerWrapper installing recoveringHandler.
func wrapRecovering(h mysql.Handler) (mysql.Handler, error) {
	gh, ok := h.(*server.Handler)
	if !ok {
		return nil, fmt.Errorf("unexpected handler type %T", h)
	}
	return recoveringHandler{gh}, nil
}

// recoverAsError turns a panic into err and gives other errors of
// statement query MySQL's numbers (mysqlerr.Convert); use as `defer
// recoverAsError(&err, query)`.
func recoverAsError(err *error, query string) {
	if r := recover(); r != nil {
		logrus.Errorf("panic while running a statement (returned to the client as error 1105): %v\n%s", r, debug.Stack())
		*err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"internal error: %v (the statement was rolled back; the server logged the stack)", r)
		return
	}
	if *err != nil {
		*err = mysqlerr.Convert(*err, query)
	}
}

// ComInitDB implements mysql.Handler.
func (h recoveringHandler) ComInitDB(c *mysql.Conn, schemaName string) (err error) {
	defer recoverAsError(&err, "")
	return h.Handler.ComInitDB(c, schemaName)
}

// ComQuery implements mysql.Handler.
func (h recoveringHandler) ComQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (err error) {
	defer recoverAsError(&err, query)
	return h.Handler.ComQuery(ctx, c, query, callback)
}

// ComMultiQuery implements mysql.Handler.
func (h recoveringHandler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (rest string, err error) {
	defer recoverAsError(&err, query)
	return h.Handler.ComMultiQuery(ctx, c, query, callback)
}

// ComPrepare implements mysql.Handler.
func (h recoveringHandler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, prepare *mysql.PrepareData) (fields []*querypb.Field, err error) {
	defer recoverAsError(&err, query)
	return h.Handler.ComPrepare(ctx, c, query, prepare)
}

// ComStmtExecute implements mysql.Handler.
func (h recoveringHandler) ComStmtExecute(ctx context.Context, c *mysql.Conn, prepare *mysql.PrepareData, callback func(*sqltypes.Result) error) (err error) {
	defer recoverAsError(&err, prepare.PrepareStmt)
	return h.Handler.ComStmtExecute(ctx, c, prepare, callback)
}

// ComResetConnection implements mysql.Handler.
func (h recoveringHandler) ComResetConnection(c *mysql.Conn) (err error) {
	defer recoverAsError(&err, "")
	return h.Handler.ComResetConnection(c)
}
