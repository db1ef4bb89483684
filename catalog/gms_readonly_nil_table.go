package catalog

import "github.com/dolthub/go-mysql-server/sql"

// go-mysql-server v0.20.0's analyzer rule validateReadOnlyTransaction
// calls IsTemporary on every table a write in a READ ONLY transaction
// touches through a nil sql.TemporaryTable when the table is not one, so
// START TRANSACTION READ ONLY; INSERT … failed with a nil-pointer panic
// instead of MySQL's error 1792. Session.ValidateSession refuses such
// writes before the analyzer sees them; a table that says it is not
// temporary keeps the rule from crashing on the statements it does not
// recognise. Pinned by the script "read-only transactions" (TxnScripts,
// sqltests/scripts_txn.go); delete this file when upstream checks the type
// assertion.

var _ sql.TemporaryTable = (*Table)(nil)

// IsTemporary implements sql.TemporaryTable: simsql's tables are durable.
func (t *Table) IsTemporary() bool { return false }
