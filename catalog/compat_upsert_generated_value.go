package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
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
	if len(ins.OnDupExprs) == 0 || ins.Destination == nil {
		return nil
	}
	sch := ins.Destination.Schema()
	for _, e := range ins.OnDupExprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := sf.LeftChild.(*expression.GetField) // a column of the destination (buildOnDupLeft)
		if !ok {
			continue
		}
		i := sch.IndexOfColName(gf.Name())
		if i < 0 || sch[i].Generated == nil {
			continue
		}
		if _, ok := sf.RightChild.(generatedDefault); ok || isDefaultPlaceholder(sf.RightChild) {
			continue // DEFAULT: allowed, as in MySQL (compat_upsert_default.go)
		}
		table := gf.Table()
		if n, ok := ins.Destination.(sql.Nameable); ok {
			table = n.Name()
		}
		return sql.ErrGeneratedColumnValue.New(sch[i].Name, table)
	}
	return nil
}
