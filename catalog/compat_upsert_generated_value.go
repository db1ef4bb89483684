package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// Fault (go-mysql-server v0.20.0): INSERT … ON DUPLICATE KEY UPDATE c = 1
// of a generated column c was accepted, and the rest of the update ran
// (the table then computed c again, so the 1 was dropped silently):
// buildOnDupUpdateExprs lacks the check UPDATE's SET makes. MySQL 8 refuses
// it with 3105 "The value specified for generated column 'c' in table 't'
// is not allowed." (MariaDB: 1906), as in UPDATE, and keeps DEFAULT.
// computeGeneratedColumns (compat_generated_columns.go) calls
// onDupGeneratedValue. Pinned by CompatMySQLScripts "ON DUPLICATE KEY
// UPDATE of a generated column is 3105" (sqltests/scripts_compat_faults.go).
// Delete this file when buildOnDupUpdateExprs refuses them.

// onDupGeneratedValue returns error 3105 if an ON DUPLICATE KEY UPDATE
// assignment of ins sets a generated column to anything but DEFAULT.
func onDupGeneratedValue(ins *plan.InsertInto) error {
	for _, a := range onDupAssignments(ins) {
		sch := ins.Destination.Schema() // onDupAssignments: not nil

		if sch[a.col].Generated == nil {
			continue
		}
		if _, ok := a.set.RightChild.(generatedDefault); ok || isDefaultPlaceholder(a.set.RightChild) {
			continue // DEFAULT: allowed, as in MySQL (compat_upsert_default.go)
		}
		table := a.field.Table()
		if n, ok := ins.Destination.(sql.Nameable); ok {
			table = n.Name()
		}
		return sql.ErrGeneratedColumnValue.New(sch[a.col].Name, table)
	}
	return nil
}
