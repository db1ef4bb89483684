package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// changedColumnName works around a go-mysql-server v0.20.0 fault: ALTER
// TABLE … CHANGE b a, where the table has a column a, is not refused
// (analyzer.ValidateModifyColumn checks that the old column exists, not
// that the new name is free, as ValidateRenameColumn does), and the table
// ends with two columns named a. MySQL refuses it with 1060 "Duplicate
// column name 'a'" (the error go-mysql-server's ErrColumnExists becomes in
// mysqlerr). Both ways a column changes, ModifyColumn (same stored
// values) and RewriteInserter (the table rewritten), check the new schema
// sch when the statement runs. Pinned by StorageScripts "CHANGE to a name
// the table has"; delete this file when go-mysql-server checks the new
// name.
func changedColumnName(sch sql.Schema, oldName, newName string) error {
	if strings.EqualFold(oldName, newName) {
		return nil
	}
	n := 0
	for _, c := range sch {
		if strings.EqualFold(c.Name, newName) {
			n++
		}
	}
	if n > 1 {
		return sql.ErrColumnExists.New(newName)
	}
	return nil
}
