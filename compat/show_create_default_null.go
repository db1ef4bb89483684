package compat

import (
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): SHOW CREATE TABLE wrote a nullable
// column without a default as "`a` int,", where MySQL 8 writes "`a` int
// DEFAULT NULL," (and "`t` timestamp NULL DEFAULT NULL"), so a dump
// differed from MySQL's. defaultNullFormatter writes them as MySQL does;
// columns that cannot have a default (TEXT, BLOB, JSON, geometry) and
// generated or AUTO_INCREMENT columns keep no DEFAULT, as in MySQL.
// Pinned by DefaultNullScripts (sqltests/scripts_compat_faults.go). Delete
// this file when upstream writes DEFAULT NULL.

// defaultNullFormatter is go-mysql-server's MySQL schema formatter with
// MySQL's DEFAULT NULL.
type defaultNullFormatter struct {
	sql.MySqlSchemaFormatter
}

// GenerateCreateTableColumnDefinition implements sql.SchemaFormatter.
func (f *defaultNullFormatter) GenerateCreateTableColumnDefinition(col *sql.Column, colDefault, onUpdate string, tableCollation sql.CollationID) string {
	if !col.Nullable || col.Default != nil || col.Generated != nil || col.AutoIncrement || !canHaveDefault(col.Type) {
		return f.MySqlSchemaFormatter.GenerateCreateTableColumnDefinition(col, colDefault, onUpdate, tableCollation)
	}
	c := *col
	c.Default = sql.NewUnresolvedColumnDefaultValue("NULL")
	stmt := f.MySqlSchemaFormatter.GenerateCreateTableColumnDefinition(&c, "NULL", onUpdate, tableCollation)
	if types.IsTimestampType(col.Type) {
		// MySQL writes a nullable TIMESTAMP's NULL: "timestamp NULL DEFAULT NULL".
		name := "  " + f.QuoteIdentifier(col.Name) + " "
		typ := col.Type.String()
		if len(stmt) >= len(name)+len(typ) && stmt[:len(name)+len(typ)] == name+typ {
			stmt = stmt[:len(name)+len(typ)] + " NULL" + stmt[len(name)+len(typ):]
		}
	}
	return stmt
}

// canHaveDefault reports whether MySQL allows a literal default for a
// column of type t (not TEXT, BLOB, JSON or geometry).
func canHaveDefault(t sql.Type) bool {
	return !types.IsTextBlob(t) && !types.IsJSON(t) && !types.IsGeometry(t)
}

var formatterOnce sync.Once

// InstallSchemaFormatter makes go-mysql-server's process-wide
// sql.GlobalSchemaFormatter, with which SHOW CREATE TABLE writes columns,
// defaultNullFormatter. It takes effect once per process.
func InstallSchemaFormatter() {
	formatterOnce.Do(func() { sql.GlobalSchemaFormatter = &defaultNullFormatter{} })
}
