package compat

// Fault (go-mysql-server v0.20.0, sql/rowexec/ddl.go buildDropTrigger):
// DROP TRIGGER IF EXISTS of a trigger that is not there succeeds with no
// note; MySQL 8 and MariaDB 10.11 note 1360 (ER_TRG_DOES_NOT_EXIST)
// "Trigger does not exist". dropTriggerExists runs DROP TRIGGER IF EXISTS
// so. (Without IF EXISTS the error is mysqlerr's 1360.) Pinned by
// CompatFaultScripts' "DROP TRIGGER of a trigger that is not there: 1360"
// (also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// erTrgDoesNotExist is MySQL's ER_TRG_DOES_NOT_EXIST.
const erTrgDoesNotExist = 1360

// dropTriggerExists runs n if it is DROP TRIGGER IF EXISTS: a trigger that
// is not there is a note; ok is false for any other node.
func dropTriggerExists(ctx *sql.Context, n sql.Node) (it sql.RowIter, ok bool, err error) {
	dt, isDrop := n.(*plan.DropTrigger)
	if !isDrop || !dt.IfExists {
		return nil, false, nil
	}
	err = sql.ErrTriggerDoesNotExist.New(dt.TriggerName)
	if tdb, isTrig := dt.Db.(sql.TriggerDatabase); isTrig {
		err = tdb.DropTrigger(ctx, dt.TriggerName)
	}
	if sql.ErrTriggerDoesNotExist.Is(err) {
		ctx.Session.Warn(&sql.Warning{Level: "Note", Code: erTrgDoesNotExist, Message: "Trigger does not exist"})
		err = nil
	}
	if err != nil {
		return nil, true, err
	}
	return sql.RowsToRowIter(sql.NewRow(types.OkResult{})), true, nil
}
