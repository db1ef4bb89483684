package main

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/server"
	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/dolthub/vitess/go/vt/sqlparser"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/compat"
)

// handler is go-mysql-server's protocol handler with every change simsql
// makes to it, in one wrapper (the server.HandlerWrapper that newHandler
// builds for `simsql serve`). Around each command that runs SQL, from the
// inside out:
//
//   - a panic becomes MySQL error 1105 and the statement is rolled back;
//     errors get MySQL's numbers, SQLSTATEs and wording (recoverAsError,
//     recover.go; package mysqlerr);
//   - a statement stopped by KILL or max_execution_time reports 1317 or
//     3024 (cancelled, limits.go);
//   - every packet carries the server_status flags MySQL sends
//     (setStatus, gms_status_flags.go);
//   - short OK infos are dropped for libmariadb (dropShortInfo, below);
//   - column definitions, binary rows, prepared EXPLAIN and the errors
//     SHOW ERRORS lists are fixed (protocol_compat.go).
//
// ComPrepare also refuses what go-mysql-server 0.20 and its vitess cannot
// prepare (below), and the connection registry conns (conns.go) follows
// NewConnection and ConnectionClosed.
type handler struct {
	*server.Handler
	pl    *limitedProcessList
	conns *connRegistry
}

// newHandler returns the server.HandlerWrapper that installs handler over
// go-mysql-server's own.
func newHandler(pl *limitedProcessList, conns *connRegistry) func(mysql.Handler) (mysql.Handler, error) {
	return func(h mysql.Handler) (mysql.Handler, error) {
		gh, ok := h.(*server.Handler)
		if !ok {
			return nil, fmt.Errorf("unexpected handler type %T", h)
		}
		return handler{Handler: gh, pl: pl, conns: conns}, nil
	}
}

// NewConnection implements mysql.Handler: the flags of the handshake.
func (h handler) NewConnection(c *mysql.Conn) {
	h.conns.add(c)
	h.Handler.NewConnection(c)
	setStatus(c, false)
}

// ConnectionClosed implements mysql.Handler.
func (h handler) ConnectionClosed(c *mysql.Conn) {
	h.Handler.ConnectionClosed(c)
	h.conns.remove(c)
	pointGets.forget(c.ConnectionID)
}

// ComInitDB implements mysql.Handler.
func (h handler) ComInitDB(c *mysql.Conn, schemaName string) (err error) {
	defer setStatus(c, false)
	defer func() { err = h.cancelled(c, err) }()
	defer recoverAsError(&err, c, "")
	return h.Handler.ComInitDB(c, schemaName)
}

// ComQuery implements mysql.Handler.
func (h handler) ComQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (err error) {
	defer setStatus(c, false)
	mark := markDiagnostics(c)
	defer func() { recordError(c, mark, err) }()
	defer func() { err = h.cancelled(c, err) }()
	defer recoverAsError(&err, c, query)
	spool := statusSpool(c, dropShortInfo(fieldsSpool(c, query, callback)))
	return retryConflicts(c, func(sent *bool) error {
		return h.Handler.ComQuery(ctx, c, query, func(res *sqltypes.Result, more bool) error {
			*sent = true
			return spool(res, more)
		})
	})
}

// retryConflicts runs a statement (run), and runs it again, on a new
// snapshot, while it fails with a write conflict (error 1213 after a row
// it had read was changed by the transaction whose lock it waited for)
// and has sent the client nothing: as CockroachDB retries implicit
// transactions, and as InnoDB's UPDATE would have read the latest row
// after the wait. catalog.Session.RetryStatement decides whether it can
// (bounded; a deadlock rolls the transaction back instead).
func retryConflicts(c *mysql.Conn, run func(sent *bool) error) error {
	for attempt := 0; ; attempt++ {
		sent := false
		err := run(&sent)
		if err == nil || !catalog.IsConflict(err) {
			return err
		}
		s, ok := c.ClientData.(*catalog.Session)
		if !ok || sent || !s.RetryStatement(err, attempt) {
			if ok && sent {
				s.RetryStatement(err, math.MaxInt) // not run again: roll back
			}
			return err
		}
	}
}

// ComMultiQuery implements mysql.Handler.
func (h handler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (rest string, err error) {
	defer setStatus(c, false)
	mark := markDiagnostics(c)
	defer func() { recordError(c, mark, err) }()
	defer func() { err = h.cancelled(c, err) }()
	defer recoverAsError(&err, c, query)
	return h.Handler.ComMultiQuery(ctx, c, query, statusSpool(c, dropShortInfo(fieldsSpool(c, query, callback))))
}

// ComPrepare implements mysql.Handler.
func (h handler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, prepare *mysql.PrepareData) (fields []*querypb.Field, err error) {
	defer recoverAsError(&err, c, query)
	query = restoreCarried(query, prepare) // prepare_carried.go
	if err := h.preparable(c, query); err != nil {
		return nil, err
	}
	fixPrepare(query, prepare) // protocol_compat.go
	fields, err = h.Handler.ComPrepare(ctx, c, query, prepare)
	fixFields(c, query, fields)
	return fields, err
}

// ComStmtExecute implements mysql.Handler.
func (h handler) ComStmtExecute(ctx context.Context, c *mysql.Conn, prepare *mysql.PrepareData, callback func(*sqltypes.Result) error) (err error) {
	defer setStatus(c, false)
	mark := markDiagnostics(c)
	defer func() { recordError(c, mark, err) }()
	defer func() { err = h.cancelled(c, err) }()
	defer recoverAsError(&err, c, prepare.PrepareStmt)
	// Binary rows: vitess reads a DOUBLE's or FLOAT's bytes back from
	// go-mysql-server's exact text, not MySQL's (compat/double_text.go).
	ctx = compat.BinaryResults(ctx)
	return retryConflicts(c, func(sent *bool) error {
		return pointGets.stmtExecute(ctx, h.Handler, c, prepare, func(res *sqltypes.Result) error { // pointget.go
			*sent = true
			setStatus(c, false)
			if res != nil { // protocol_compat.go
				fixFields(c, prepare.PrepareStmt, res.Fields)
				fixBinaryRows(res)
				fixUpdateInfo(c, res)
			}
			return callback(res)
		})
	})
}

// ComResetConnection implements mysql.Handler.
func (h handler) ComResetConnection(c *mysql.Conn) (err error) {
	defer setStatus(c, false)
	defer recoverAsError(&err, c, "")
	return h.Handler.ComResetConnection(c)
}

// MySQL error numbers vitess does not name.
const (
	erUnsupportedPS = 1295 // ER_UNSUPPORTED_PS
	erPSManyParam   = 1390 // ER_PS_MANY_PARAM
)

// maxPreparedPlaceholders is the most placeholders a prepared statement may have.
// MySQL allows 65,535; vitess (dolthub, 2025-05-12) keeps the count in a
// uint16 and reads the NULL bitmap of COM_STMT_EXECUTE as
// (count+7)/8 bytes in uint16 arithmetic, which wraps from 65,529 on: the
// bitmap read was empty and the server panicked (index out of range), and
// above 65,535 the count itself wrapped. Pinned by TestManyPlaceholders
// (sqltests/valid_test.go).
const maxPreparedPlaceholders = 65_528

// sqlPreparedStmt matches a statement that starts, after blanks and
// comments, with PREPARE, EXECUTE, DEALLOCATE PREPARE or DROP PREPARE.
var sqlPreparedStmt = regexp.MustCompile(`(?is)^(\s+|/\*.*?\*/|--[^\n]*\n|#[^\n]*\n)*(prepare|execute|deallocate|drop\s+prepare)\b`)

// preparable returns the error MySQL gives for what go-mysql-server 0.20
// cannot prepare in the prepared-statement protocol (COM_STMT_PREPARE):
//
//   - the SQL statements that manage prepared statements themselves
//     (PREPARE, EXECUTE, DEALLOCATE or DROP PREPARE): MySQL's 1295
//     (ER_UNSUPPORTED_PS); go-mysql-server panicked on EXECUTE and sent a
//     malformed packet for PREPARE, which dropped the connection (ODBC's
//     isql prepares every statement it runs, so it met this first);
//   - more than maxPreparedPlaceholders placeholders: 1390 (ER_PS_MANY_PARAM),
//     which MySQL gives above 65,535.
func (h handler) preparable(c *mysql.Conn, query string) error {
	if sqlPreparedStmt.MatchString(query) {
		return mysql.NewSQLError(erUnsupportedPS, mysql.SSUnknownSQLState,
			"This command is not supported in the prepared statement protocol yet")
	}
	if strings.Count(query, "?") <= maxPreparedPlaceholders {
		return nil // an upper bound of the count: no need to parse
	}
	opts, err := h.Handler.ParserOptionsForConnection(c)
	if err != nil {
		return err
	}
	stmt, err := sqlparser.ParseWithOptions(context.Background(), query, opts)
	if err != nil {
		return nil // go-mysql-server reports the syntax error
	}
	n := 0
	_ = sqlparser.Walk(func(node sqlparser.SQLNode) (bool, error) {
		if v, ok := node.(*sqlparser.SQLVal); ok && strings.HasPrefix(string(v.Val), ":v") {
			n++ // as vitess counts them
		}
		return true, nil
	}, stmt)
	if n > maxPreparedPlaceholders {
		return mysql.NewSQLError(erPSManyParam, mysql.SSUnknownSQLState,
			"Prepared statement contains too many placeholders (%d; simsql takes at most %d)", n, maxPreparedPlaceholders)
	}
	return nil
}

// fieldsSpool corrects the column definitions of each result of query,
// and a SET's rows affected, before it goes to callback
// (protocol_compat.go).
func fieldsSpool(c *mysql.Conn, query string, callback mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		if res != nil {
			fixFields(c, query, res.Fields)
			fixSetAffected(query, res)
			fixYearRows(res)
			fixUpdateInfo(c, res) // protocol_compat.go
		}
		return callback(res, more)
	}
}

// vitessInfoLen is the length libmariadb reads from Vitess's '#' info prefix.
const vitessInfoLen = '#'

// dropShortInfo drops the info string of an OK packet when it is shorter
// than 35 bytes. Vitess writes the info as '#' followed by the text; a
// client that negotiated CLIENT_SESSION_TRACK (libmariadb: the mariadb
// CLI, Connector/ODBC) reads that as a length-encoded string of 0x23 = 35
// bytes, so a shorter info ("Statement prepared", the answer to a SQL
// PREPARE) runs past the packet: "Received malformed packet" (2027). The
// info is only a message; longer ones ("Rows matched: …") are read cut
// short but intact.
func dropShortInfo(callback mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		if res != nil && len(res.Fields) == 0 && res.Info != "" && len(res.Info) < vitessInfoLen {
			res.Info = ""
		}
		return callback(res, more)
	}
}
