package compat

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// Fault (go-mysql-server v0.20.0): a system variable of both scopes can
// be set in either; MySQL 8 reads the session value of max_allowed_packet
// from the global one when a client connects and refuses to set it:
// SET SESSION max_allowed_packet = N (or SET @@max_allowed_packet, SET
// LOCAL) is error 1621 "SESSION variable 'max_allowed_packet' is
// read-only. Use SET GLOBAL to assign the value" (also MariaDB 10.11's).
// sessionReadOnly gives a variable that behaviour. Pinned by
// TestSessionReadOnly (session_read_only_test.go).

// erVariableIsReadonly is ER_VARIABLE_IS_READONLY.
const erVariableIsReadonly = 1621

// sessionReadOnly is a system variable of both scopes whose session value
// only SET GLOBAL changes, for the sessions that start after it.
type sessionReadOnly struct {
	*sql.MysqlSystemVariable
}

// SetValue implements sql.SystemVariable: the session value is MySQL's
// error 1621.
func (v sessionReadOnly) SetValue(ctx *sql.Context, val any, global bool) (sql.SystemVarValue, error) {
	if !global {
		return sql.SystemVarValue{}, mysql.NewSQLError(erVariableIsReadonly, mysql.SSUnknownSQLState,
			"%s", fmt.Sprintf("SESSION variable '%s' is read-only. Use SET GLOBAL to assign the value", v.Name))
	}
	svv, err := v.MysqlSystemVariable.SetValue(ctx, val, global)
	svv.Var = v
	return svv, err
}

// InitValue implements sql.SystemVariable, keeping v as the value's
// variable.
func (v sessionReadOnly) InitValue(ctx *sql.Context, val any, global bool) (sql.SystemVarValue, error) {
	svv, err := v.MysqlSystemVariable.InitValue(ctx, val, global)
	svv.Var = v
	return svv, err
}
