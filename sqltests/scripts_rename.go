package sqltests

// RenameScripts rename tables of a database other than the current one
// (compat/stmt_rename.go): go-mysql-server v0.20.0 dropped the names'
// qualifiers, so RENAME TABLE rn_other.t TO rn_other.u renamed the
// current database's t (and rn_other.t stayed). TestRenameScripts runs
// them on MariaDB too.
var RenameScripts = []ScriptTest{
	{
		Name: "RENAME TABLE and ALTER TABLE … RENAME of another database's table",
		SetUpScript: []string{
			"DROP DATABASE IF EXISTS rn_other",
			"CREATE DATABASE rn_other",
			"CREATE TABLE rn_other.t (v CHAR(1))",
			"INSERT INTO rn_other.t VALUES ('A')",
			"CREATE TABLE t (v CHAR(1))",
			"INSERT INTO t VALUES ('B')",
		},
		Assertions: []Assertion{
			{Query: "RENAME TABLE rn_other.t TO rn_other.u"},
			{Query: "SHOW TABLES FROM rn_other", Expected: []Row{{"u"}}},
			{Query: "SELECT v FROM rn_other.u", Expected: []Row{{"A"}}},
			{Query: "SELECT v FROM t", Expected: []Row{{"B"}}},
			{Query: "ALTER TABLE rn_other.u RENAME TO rn_other.w"},
			{Query: "RENAME TABLE rn_other.w TO rn_other.x, rn_other.x TO rn_other.y"},
			{Query: "SHOW TABLES FROM rn_other", Expected: []Row{{"y"}}},
			{Query: "SELECT v FROM t", Expected: []Row{{"B"}}},
			{Query: "RENAME TABLE rn_other.nosuch TO rn_other.z", ExpectedErr: "nosuch", ExpectedErrCode: 1146},
			{Query: "DROP DATABASE rn_other"},
		},
	},
}

// RenameMoveScripts are the renames simsql refuses: a table moved to
// another database (MySQL and MariaDB move it).
var RenameMoveScripts = []ScriptTest{
	{
		Name: "RENAME TABLE to another database is error 1235",
		SetUpScript: []string{
			"DROP DATABASE IF EXISTS rn_move",
			"CREATE DATABASE rn_move",
			"CREATE TABLE rn_move.t (v CHAR(1))",
			"CREATE TABLE t (v CHAR(1))",
		},
		Assertions: []Assertion{
			{Query: "RENAME TABLE rn_move.t TO u", ExpectedErr: "doesn't yet support 'RENAME TABLE to another database'", ExpectedErrCode: 1235},
			{Query: "RENAME TABLE t TO rn_move.u", ExpectedErr: "doesn't yet support 'RENAME TABLE to another database'", ExpectedErrCode: 1235},
			{Query: "SHOW TABLES FROM rn_move", Expected: []Row{{"t"}}},
			{Query: "DROP DATABASE rn_move"},
		},
	},
}
