package compat

// Fault (go-mysql-server v0.20.0): sql_mode defaults to
// NO_ENGINE_SUBSTITUTION,ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES, without
// three of MySQL 8's default modes, and lists the modes of a value in
// alphabetical order. MySQL 8's default is
// ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,
// ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION, and it lists modes in
// the order of their bits (sql_mode_names in sys_vars.cc), as MariaDB
// 10.11 does. installSQLMode replaces the variable with one of MySQL's
// default and order; strict_modes.go gives the three modes their
// effect. Pinned by SQLModeScripts (sqltests, the order also on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// DefaultSQLMode is MySQL 8's default sql_mode, in MySQL's order.
const DefaultSQLMode = "ONLY_FULL_GROUP_BY,STRICT_TRANS_TABLES,NO_ZERO_IN_DATE,NO_ZERO_DATE,ERROR_FOR_DIVISION_BY_ZERO,NO_ENGINE_SUBSTITUTION"

// sqlModeNames are the modes sql_mode takes, in MySQL's order (MySQL 8
// has no NO_AUTO_CREATE_USER; go-mysql-server takes it, in MySQL 5.7's
// place).
var sqlModeNames = []string{
	"REAL_AS_FLOAT", "PIPES_AS_CONCAT", "ANSI_QUOTES", "IGNORE_SPACE", "ONLY_FULL_GROUP_BY",
	"NO_UNSIGNED_SUBTRACTION", "NO_DIR_IN_CREATE", "ANSI", "NO_AUTO_VALUE_ON_ZERO",
	"NO_BACKSLASH_ESCAPES", "STRICT_TRANS_TABLES", "STRICT_ALL_TABLES", "NO_ZERO_IN_DATE",
	"NO_ZERO_DATE", "ALLOW_INVALID_DATES", "ERROR_FOR_DIVISION_BY_ZERO", "TRADITIONAL",
	"HIGH_NOT_PRECEDENCE", "NO_AUTO_CREATE_USER", "NO_ENGINE_SUBSTITUTION",
	"PAD_CHAR_TO_FULL_LENGTH", "TIME_TRUNCATE_FRACTIONAL",
}

// installSQLMode replaces go-mysql-server's sql_mode with one of MySQL
// 8's default and order.
func installSQLMode() {
	v, _, ok := sql.SystemVariables.GetGlobal("sql_mode")
	mv, isMySQL := v.(*sql.MysqlSystemVariable)
	if !ok || !isMySQL {
		return
	}
	c := *mv
	c.Type = types.NewSystemSetType("sql_mode", sql.Collation_utf8mb4_0900_ai_ci, sqlModeNames...)
	c.Default = DefaultSQLMode
	sql.SystemVariables.AddSystemVariables([]sql.SystemVariable{&c})
}
