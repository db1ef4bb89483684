package compat

import (
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): the global, read-only system variables
// have_ssl and have_openssl do not exist (error 1193, "Unknown system
// variable"), and drivers and tools read @@have_ssl to decide whether to
// offer TLS. MySQL 8 answers YES when the server can use TLS and DISABLED
// when it was built with TLS but has no certificate; both start as
// DISABLED here and the server sets them to YES when it has a certificate
// (cmd/simsql). Pinned by StatementScripts "@@have_ssl".

var sysvarsOnce sync.Once

// InstallSystemVariables adds have_ssl and have_openssl to
// go-mysql-server's process-wide system variables, valued DISABLED, the
// session's read-only warning_count and error_count, max_allowed_packet
// with MySQL 8's default of 64 MiB (packet_limit.go), which only SET
// GLOBAL sets (session_read_only.go), sql_select_limit unsigned
// (select_limit.go), and
// makes the collation_* variables default to DefaultCollation
// (default_collation.go) and sql_mode to DefaultSQLMode (sql_mode.go). It takes effect once per process; later calls do
// nothing.
func InstallSystemVariables() {
	sysvarsOnce.Do(func() {
		var vars []sql.SystemVariable
		for _, name := range []string{"have_ssl", "have_openssl"} {
			vars = append(vars, &sql.MysqlSystemVariable{
				Name:    name,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Global),
				Dynamic: false,
				Type:    types.NewSystemStringType(name),
				Default: "DISABLED",
			})
		}
		// The counts of the last statement's conditions; the session gives
		// their values (catalog/compat_warning_count.go).
		for _, name := range []string{"warning_count", "error_count"} {
			vars = append(vars, &sql.MysqlSystemVariable{
				Name:    name,
				Scope:   sql.GetMysqlScope(sql.SystemVariableScope_Session),
				Dynamic: false,
				Type:    types.NewSystemIntType(name, 0, 65535, false),
				Default: int64(0),
			})
		}
		vars = append(vars, sessionReadOnly{maxAllowedPacketVar()}) // packet_limit.go, session_read_only.go
		vars = append(vars, selectLimitVariable())                  // select_limit.go
		sql.SystemVariables.AddSystemVariables(vars)
		installDefaultCollation()
		installSQLMode() // sql_mode.go
	})
}
