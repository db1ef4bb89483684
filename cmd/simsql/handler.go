package main

import (
	"context"
	"regexp"

	"github.com/dolthub/vitess/go/mysql"
	"github.com/dolthub/vitess/go/sqltypes"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
)

// wrapHandler wraps go-mysql-server's protocol handler with the fixes of
// clientHandler; it is the server.HandlerWrapper of `simsql serve`.
func wrapHandler(h mysql.Handler) (mysql.Handler, error) {
	return clientHandler{h}, nil
}

// clientHandler fixes protocol faults of go-mysql-server 0.20 that real
// clients (sqltests/clients_test.go) met: the two below, the
// server_status flags of every packet (gms_status_flags.go), and column
// definitions, binary rows, prepared EXPLAIN and diagnostics
// (protocol_compat.go).
//
// ComPrepare refuses, in the prepared-statement protocol (COM_STMT_PREPARE),
// the SQL statements that manage prepared statements themselves: PREPARE,
// EXECUTE and DEALLOCATE (or DROP) PREPARE. MySQL answers them with error
// 1295 (ER_UNSUPPORTED_PS); go-mysql-server 0.20 panics on EXECUTE and sends
// a malformed packet for PREPARE, which drops the connection. ODBC's isql
// prepares every statement it runs, so it met this first.
//
// ComQuery and ComMultiQuery drop the info string of an OK packet when it is
// shorter than 35 bytes. Vitess writes the info as '#' followed by the text;
// a client that negotiated CLIENT_SESSION_TRACK (libmariadb: the mariadb
// CLI, Connector/ODBC) reads that as a length-encoded string of 0x23 = 35
// bytes, so a shorter info ("Statement prepared", the answer to a SQL
// PREPARE) runs past the packet: "Received malformed packet" (2027). The
// info is only a message; longer ones ("Rows matched: …") are read cut short
// but intact.
type clientHandler struct {
	mysql.Handler
}

// vitessInfoLen is the length libmariadb reads from Vitess's '#' info prefix.
const vitessInfoLen = '#'

// erUnsupportedPS is MySQL's ER_UNSUPPORTED_PS; vitess has no constant.
const erUnsupportedPS = 1295

// sqlPreparedStmt matches a statement that starts, after blanks and
// comments, with PREPARE, EXECUTE, DEALLOCATE PREPARE or DROP PREPARE.
var sqlPreparedStmt = regexp.MustCompile(`(?is)^(\s+|/\*.*?\*/|--[^\n]*\n|#[^\n]*\n)*(prepare|execute|deallocate|drop\s+prepare)\b`)

// ComPrepare implements mysql.Handler.
func (h clientHandler) ComPrepare(ctx context.Context, c *mysql.Conn, query string, prepare *mysql.PrepareData) ([]*querypb.Field, error) {
	if sqlPreparedStmt.MatchString(query) {
		return nil, mysql.NewSQLError(erUnsupportedPS, mysql.SSUnknownSQLState,
			"This command is not supported in the prepared statement protocol yet")
	}
	fixPrepare(query, prepare)
	fields, err := h.Handler.ComPrepare(ctx, c, query, prepare)
	fixFields(query, fields)
	return fields, err
}

// ComQuery implements mysql.Handler.
func (h clientHandler) ComQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) error {
	defer setStatus(c, false)
	mark := markDiagnostics(c)
	err := h.Handler.ComQuery(ctx, c, query, statusSpool(c, dropShortInfo(fieldsSpool(query, callback))))
	recordError(c, mark, err)
	return err
}

// ComMultiQuery implements mysql.Handler.
func (h clientHandler) ComMultiQuery(ctx context.Context, c *mysql.Conn, query string, callback mysql.ResultSpoolFn) (string, error) {
	defer setStatus(c, false)
	mark := markDiagnostics(c)
	rest, err := h.Handler.ComMultiQuery(ctx, c, query, statusSpool(c, dropShortInfo(fieldsSpool(query, callback))))
	recordError(c, mark, err)
	return rest, err
}

// fieldsSpool corrects the column definitions of each result of query
// before it goes to callback (protocol_compat.go).
func fieldsSpool(query string, callback mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		if res != nil {
			fixFields(query, res.Fields)
		}
		return callback(res, more)
	}
}

func dropShortInfo(callback mysql.ResultSpoolFn) mysql.ResultSpoolFn {
	return func(res *sqltypes.Result, more bool) error {
		if res != nil && len(res.Fields) == 0 && res.Info != "" && len(res.Info) < vitessInfoLen {
			res.Info = ""
		}
		return callback(res, more)
	}
}
