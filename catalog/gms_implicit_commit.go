package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/statement"
)

// go-mysql-server v0.20.0 commits the open transaction at the end of a DDL
// statement, with the DDL's own writes, and keeps the explicit transaction
// flag (ignore autocommit) set: after BEGIN; INSERT (1); CREATE INDEX …;
// INSERT (2); ROLLBACK only row 1 remained, though the server had
// acknowledged row 2, and a failed DDL statement committed nothing. MySQL
// commits before the DDL runs (even if it then fails), runs the DDL as a
// transaction of its own, and the statements after it are autocommitted.
// Nor did UNLOCK TABLES commit: after LOCK TABLES t WRITE; SET autocommit
// = 0; INSERT …; UNLOCK TABLES; ROLLBACK the acknowledged row was gone.
// MySQL 8: "UNLOCK TABLES implicitly commits any active transaction, but
// only if LOCK TABLES has been used to acquire table locks"
// (unlockCommits).
// Pinned by the scripts "DDL commits the open transaction" and "UNLOCK
// TABLES commits" (TxnScripts, sqltests/scripts_txn.go); delete this file
// and its callers (ValidateSession, CommitTransaction) when upstream does
// the same.

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

// unlockCommits reports whether statement q, about to run, commits the
// open transaction as UNLOCK TABLES after LOCK TABLES does, and keeps
// track of the session's table locks: LOCK TABLES takes them, UNLOCK
// TABLES and START TRANSACTION (or BEGIN) release them.
func (s *Session) unlockCommits(q string) bool {
	first, rest := statement.NextKeyword(q)
	switch first {
	case "lock":
		if second, _ := statement.NextKeyword(rest); second == "tables" || second == "table" {
			s.tablesLocked = true
			s.releaseLocks() // released even if the new ones are not taken
		}
	case "unlock":
		locked := s.tablesLocked
		s.tablesLocked = false
		s.releaseLocks()
		return locked
	case "start", "begin":
		s.tablesLocked = false
		s.releaseLocks()
	}
	return false
}
