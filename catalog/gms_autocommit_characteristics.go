package catalog

// go-mysql-server v0.20.0, with autocommit off, opens the session's
// transaction at its first statement, a SET included, and simsql gave the
// transaction its characteristics then (Session.StartTransaction); MySQL
// begins the transaction at its first read or write of a table and takes
// the session's characteristics of that moment. So a driver that turns
// autocommit off as it connects (PyMySQL's autocommit=False, JDBC) and
// then set SET SESSION TRANSACTION ISOLATION LEVEL READ COMMITTED (or SET
// SESSION transaction_isolation = 'READ-COMMITTED', tx_isolation)
// read REPEATABLE READ's snapshot, a wrong answer: the row another session
// committed after the first SELECT was not in the next; SET TRANSACTION
// ISOLATION LEVEL … or READ ONLY, for the next transaction, did not reach
// the one open since the SET (an INSERT wrote after SET TRANSACTION READ
// ONLY) but the one after; and SET SESSION TRANSACTION READ ONLY needed a
// case of its own. MySQL's Sys_var_transaction_isolation::session_update
// and Sys_var_transaction_read_only::session_update (sql/sys_vars.cc)
// give the value to the transaction while none is under way
// (in_active_multi_stmt_transaction false: no START TRANSACTION or BEGIN,
// no table read or written yet), and MariaDB does the same.
// characteristicsNow does so. Pinned by TestIsolationAutocommitOff
// (sqltests/txn_test.go, also on MariaDB), TestClientIsolation
// (clients_test.go, PyMySQL, also on MariaDB) and the scripts "SET
// SESSION TRANSACTION READ ONLY with autocommit off" and "SET TRANSACTION
// READ ONLY with autocommit off" (TxnScripts, sqltests/scripts_txn.go).
// Delete this file and its calls in Session.SetSessionVariable when
// upstream starts the transaction at its first table access.

// characteristicsNow gives the session's transaction the isolation level
// and access mode a transaction started now would take (takeNext) when it
// has not begun in MySQL's sense: not explicit (START TRANSACTION, BEGIN),
// and no table read or written yet.
func (s *Session) characteristicsNow() {
	s.mu.Lock()
	defer s.mu.Unlock()
	t := s.cur
	if t == nil || t.finished.Load() || s.explicit.Load() || t.active.Load() || t.kv.Writing() {
		return
	}
	iso, readOnly, oneShot := s.takeNext()
	if t.readOnly != readOnly {
		// The store transaction has read nothing: a new one in the new
		// mode stands for it.
		t.kv.Rollback()
		t.readOnly, t.kv = readOnly, s.store.kv.NewTxn(readOnly)
	}
	t.oneShot = oneShot
	t.isolate(iso, !s.autocommit())
}
