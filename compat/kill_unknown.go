package compat

// Fault (go-mysql-server v0.20.0): KILL [QUERY | CONNECTION] of a
// connection id no connection has succeeded, doing nothing; MySQL 8 and
// MariaDB 10.11 refuse it with 1094 (ER_NO_SUCH_THREAD) "Unknown thread
// id: 999999". killUnknown gives that error before go-mysql-server's KILL
// runs. Pinned by CompatFaultScripts' "KILL of an unknown thread id: 1094"
// (also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/vitess/go/mysql"
)

// killUnknown answers n, a KILL of a connection that is not there, with
// 1094; ok is false for any other node, and for a KILL of a connection
// the process list holds (or of the session's own).
func killUnknown(ctx *sql.Context, n sql.Node) (ok bool, err error) {
	k, isKill := n.(*plan.Kill)
	if !isKill || k.ConnID == ctx.Session.ID() {
		return false, nil
	}
	if ctx.ProcessList != nil {
		for _, p := range ctx.ProcessList.Processes() {
			if p.Connection == k.ConnID {
				return false, nil
			}
		}
	}
	return true, mysql.NewSQLError(mysql.ERNoSuchThread, mysql.SSUnknownSQLState, "Unknown thread id: %d", k.ConnID)
}
