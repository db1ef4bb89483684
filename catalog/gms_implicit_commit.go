package catalog

import "github.com/dolthub/go-mysql-server/sql"

// go-mysql-server v0.20.0 commits the open transaction at the end of a DDL
// statement, with the DDL's own writes, and keeps the explicit transaction
// flag (ignore autocommit) set: after BEGIN; INSERT (1); CREATE INDEX …;
// INSERT (2); ROLLBACK only row 1 remained, though the server had
// acknowledged row 2, and a failed DDL statement committed nothing. MySQL
// commits before the DDL runs (even if it then fails), runs the DDL as a
// transaction of its own, and the statements after it are autocommitted.
// Pinned by the script "DDL commits the open transaction" (TxnScripts,
// sqltests/scripts_txn.go); delete this file and its two callers
// (ValidateSession, CommitTransaction) when upstream does the same.

// commitBeforeDDL commits ctx's open transaction and ends the explicit
// transaction, before a statement that causes an implicit commit.
func (s *Session) commitBeforeDDL(ctx *sql.Context) error {
	if tx := ctx.GetTransaction(); tx != nil {
		if err := s.CommitTransaction(ctx, tx); err != nil {
			return err
		}
		ctx.SetTransaction(nil)
	}
	s.SetIgnoreAutoCommit(false)
	return nil
}

// endExplicit ends the explicit transaction at every commit: go-mysql-server
// commits for COMMIT (which ends it too), START TRANSACTION (which starts a
// new one right after) and the implicit commit after DDL (which forgets to).
func (s *Session) endExplicit() { s.SetIgnoreAutoCommit(false) }
