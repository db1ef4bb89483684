package main

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/sirupsen/logrus"

	"github.com/simsql/simsql/functions"
)

// recoveringHandler is go-mysql-server's handler with two changes to every
// command that runs SQL. First, the errors of simsql's functions get their
// MySQL error numbers (functions.MySQLCode: 1210, 1411, 1235, 1582) where
// go-mysql-server would send 1105. Second, it is guarded against panics: a panic anywhere in parsing, planning,
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

// recoverAsError turns a panic into err and gives simsql's function errors
// their MySQL numbers; use as `defer recoverAsError(&err)`.
func recoverAsError(err *error) {
	if r := recover(); r != nil {
		logrus.Errorf("panic while running a statement (returned to the client as error 1105): %v\n%s", r, debug.Stack())
		*err = mysql.NewSQLError(mysql.ERUnknownError, mysql.SSUnknownSQLState,
			"internal error: %v (the statement was rolled back; the server logged the stack)", r)
		return
	}
	var se *mysql.SQLError
	if errors.As(*err, &se) && se.Num == mysql.ERUnknownError {
		if num, state, ok := functions.MySQLCode(se.Message); ok {
			*err = &mysql.SQLError{Num: num, State: state, Message: se.Message, Query: se.Query}
		}
	}
}

// ComInitDB implements mysql.Handler.
func (h recoveringHandler) ComInitDB(c *mysql.Conn, schemaName string) (err error) {
	defer recoverAsError(&err)
	return h.Handler.ComInitDB(c, schemaName)
}

// ComQuery implements mysql.Handler.
func (h recoveringHandler) ComQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (err error) {
	defer recoverAsError(&err)
	return h.Handler.ComQuery(ctx, c, query, callback)
}

// ComMultiQuery implements mysql.Handler.
func (h recoveringHandler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (rest string, err error) {
	defer recoverAsError(&err)
	return h.Handler.ComMultiQuery(ctx, c, query, callback)
}

// ComPrepare implements mysql.Handler.
func (h recoveringHandler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, prepare *mysql.PrepareData) (fields []*querypb.Field, err error) {
	defer recoverAsError(&err)
	return h.Handler.ComPrepare(ctx, c, query, prepare)
}

// ComStmtExecute implements mysql.Handler.
func (h recoveringHandler) ComStmtExecute(ctx context.Context, c *mysql.Conn, prepare *mysql.PrepareData, callback func(*sqltypes.Result) error) (err error) {
	defer recoverAsError(&err)
	return h.Handler.ComStmtExecute(ctx, c, prepare, callback)
}

// ComResetConnection implements mysql.Handler.
func (h recoveringHandler) ComResetConnection(c *mysql.Conn) (err error) {
	defer recoverAsError(&err)
	return h.Handler.ComResetConnection(c)
}
