package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/statement"
)

// go-mysql-server v0.20.0 runs a stored procedure's statements with no
// transaction in the context (rowexec/proc.go "Preserve existing
// transaction": it sets nil, and puts the caller's back after the CALL),
// so the procedure's first statement started a transaction of its own,
// and StartTransaction, which rolls back the session's open transaction,
// discarded the caller's writes; the procedure's writes then went into a
// transaction the caller's COMMIT or ROLLBACK did not know: with
// autocommit = 0, CALL p() (an INSERT); COMMIT lost the row, and ROLLBACK
// left SERVER_STATUS_IN_TRANS set. MySQL runs a procedure in its caller's
// transaction. callerTransaction keeps it so. Pinned by TestServerStatusFlags
// (sqltests/status_test.go, against MariaDB) and the script "a procedure
// writes in its caller's transaction" (TxnScripts, sqltests/scripts_txn.go,
// also on MariaDB); delete this file when upstream keeps the transaction.

// callerTransaction returns the session's open transaction when a
// statement of a CALL asks for a transaction of its own; nil otherwise.
// s.mu is held.
func (s *Session) callerTransaction(ctx *sql.Context) *Transaction {
	if s.cur == nil || s.cur.finished.Load() || ctx == nil || ctx.GetTransaction() != nil {
		return nil
	}
	if !s.inCall {
		return nil
	}
	return s.cur
}

// noteCall records whether top-level statement q, about to run, is a
// CALL (its procedure's statements come with no text: go-mysql-server's
// interpreter runs them parsed).
func (s *Session) noteCall(q string) {
	if q != "" {
		s.inCall = statement.LeadingKeyword(q) == "call"
		clear(s.liveParams) // compat_procedure_params.go
	}
}
