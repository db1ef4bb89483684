package catalog

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/statement"
	"github.com/simsql/simsql/storage"
)

// ErrLockWaitTimeout is MySQL's error 1205 (ER_LOCK_WAIT_TIMEOUT, SQLSTATE
// HY000: not 40001, which is the deadlock's), returned when a write waits
// longer than innodb_lock_wait_timeout for another session's transaction.
var ErrLockWaitTimeout = mysql.NewSQLError(mysql.ERLockWaitTimeout, mysql.SSUnknownSQLState,
	"Lock wait timeout exceeded; try restarting transaction")

// ErrDeadlock is MySQL's error 1213 (ER_LOCK_DEADLOCK, SQLSTATE 40001):
// the statement waited for a row lock in a cycle of transactions waiting
// for each other, or, after waiting, found that the row it had read was
// changed by the transaction it waited for (a write conflict), and could
// not be run again. The transaction is rolled back, as InnoDB rolls back
// a deadlock's victim.
var ErrDeadlock = mysql.NewSQLError(mysql.ERLockDeadlock, mysql.SSLockDeadlock,
	"Deadlock found when trying to get lock; try restarting transaction")

// ErrReadOnlyTransaction is MySQL's error 1792
// (ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, SQLSTATE 25006): a write in a
// READ ONLY transaction.
var ErrReadOnlyTransaction = mysql.NewSQLError(1792, "25006",
	"Cannot execute statement in a READ ONLY transaction.")

// Transaction is one SQL transaction over the durable store. Reads see the
// committed state at their first read (REPEATABLE READ, the default), or at
// the start of their statement (READ COMMITTED and READ UNCOMMITTED: see
// Session.CommandBegin). Each writing statement, before it is planned,
// starts or continues the store transaction's concurrent mode (storage.Txn:
// the metadata lock shared, writes in a write set) and takes a new snapshot
// (Session.ValidateSession); it locks the rows it writes (lockRow) and meets
// a write conflict, run again by the handler, where another transaction
// changed a row since, so no update is lost. Readers never wait; writers
// of different rows neither. DDL and a SERIALIZABLE transaction that may
// write (lockReads) take the exclusive mode instead, the latter at its
// first read, so that its reads stay true until it ends. Commit makes the
// writes durable (fsync) before it returns. A Transaction is reusable:
// after Commit or Rollback it opens new store transactions on demand.
type Transaction struct {
	store    *Store
	readOnly bool
	// freshReads gives each statement a new snapshot (READ COMMITTED, READ
	// UNCOMMITTED); lockReads makes the first read take the exclusive mode
	// (SERIALIZABLE, outside autocommit).
	freshReads, lockReads bool
	// pinned is set when the snapshot was taken at START TRANSACTION WITH
	// CONSISTENT SNAPSHOT; else, until the transaction reads table data
	// (active), each statement gets a new one (Session.CommandBegin).
	pinned bool
	// exclusive makes the transaction's first write take the store's
	// exclusive mode (storage.Txn.Write: DDL, SERIALIZABLE locking reads)
	// instead of concurrent mode.
	exclusive bool
	// locking is set for a locking read (SELECT … FOR UPDATE): the rows it
	// reads are locked; lockWait is what it does with a row another
	// transaction holds (waits, NOWAIT, SKIP LOCKED).
	locking  bool
	lockWait statement.LockWait
	// conflict is set when a statement met a write conflict (the handler
	// may run it again: Session.RetryStatement), deadlock when it was a
	// deadlock's victim; a statement that fails either way and is not run
	// again rolls the transaction back (Session.CommandBegin).
	conflict, deadlock atomic.Bool
	// retry is set by RetryStatement for an autocommitted statement that
	// runs again in this transaction.
	retry bool
	// oneShot is set when the transaction, an autocommitted statement's,
	// took the characteristics SET TRANSACTION gave the next transaction
	// (Session.takeNext).
	oneShot bool
	// stmtMark is the storage statement mark of the current writing
	// statement, for RetryStatement.
	stmtMark int
	// active is set from the first read of table data (touch) or write to
	// the end of the transaction: MySQL's SERVER_STATUS_IN_TRANS outside autocommit. It is
	// read by the protocol layer while the statement runs.
	active atomic.Bool
	// finished is set when the transaction commits or rolls back.
	finished atomic.Bool

	kv *storage.Txn

	// temp is the transaction's part over the session's temporary tables
	// (temporary.go), begun on first use; marks are its savepoints, in the
	// order set.
	temp  *Transaction
	marks []string
}

var _ sql.Transaction = (*Transaction)(nil)

// String implements sql.Transaction.
func (t *Transaction) String() string { return "simsql transaction" }

// IsReadOnly implements sql.Transaction.
func (t *Transaction) IsReadOnly() bool { return t.readOnly }

// reader returns the view reads go through: the write transaction once
// there is one, else a read snapshot opened on first use.
func (t *Transaction) reader() (storage.View, error) {
	if t.lockReads && !t.kv.Writing() {
		t.exclusive = true
		return t.writer(nil)
	}
	return t.kv.Reader()
}

// isolate gives t the isolation level iso (READ-UNCOMMITTED,
// READ-COMMITTED, REPEATABLE-READ or SERIALIZABLE); multiStatement is set
// for an explicit transaction or one without autocommit, where
// SERIALIZABLE locks the reads.
func (t *Transaction) isolate(iso string, multiStatement bool) {
	t.freshReads = iso == "READ-COMMITTED" || iso == "READ-UNCOMMITTED"
	t.lockReads = iso == "SERIALIZABLE" && !t.readOnly && multiStatement
}

// touch records that the transaction reads table data (not only metadata):
// from now on it is "in a transaction" for SERVER_STATUS_IN_TRANS.
func (t *Transaction) touch() { t.active.Store(true) }

// newSnapshot makes the next read see the latest committed data, unless the
// transaction writes (then it does already).
func (t *Transaction) newSnapshot() { t.kv.NewSnapshot() }

// writer returns the transaction's write view. Its first write starts
// storage's concurrent mode (the store's metadata lock shared, writes in
// a write set, row locks) or, for DDL and SERIALIZABLE locking reads,
// exclusive mode (the metadata lock exclusively and the engine's writer);
// either waits up to lockWaitTimeout (then MySQL's error 1205), or until
// ctx (if not nil) is done. Later calls pass ctx on to bound the row-lock
// waits of the statement.
func (t *Transaction) writer(ctx *sql.Context) (storage.View, error) {
	if t.readOnly && !t.kv.Writing() {
		return nil, ErrReadOnlyTransaction
	}
	var c context.Context // not a nil *sql.Context in an interface
	if ctx != nil {
		c = ctx
	}
	begin := t.kv.Concurrent
	if t.exclusive {
		begin = t.kv.Write
	}
	v, err := begin(c, lockWaitTimeout(ctx))
	if err != nil {
		return nil, t.lockError(err)
	}
	t.active.Store(true)
	return v, nil
}

// lockError maps storage's lock and conflict errors to MySQL's: 1205 for
// a lock wait timeout; 1213 for a deadlock or a write conflict, which
// also marks the statement for RetryStatement.
func (t *Transaction) lockError(err error) error {
	switch {
	case errors.Is(err, storage.ErrLockWaitTimeout):
		return ErrLockWaitTimeout
	case errors.Is(err, storage.ErrTxnReadOnly):
		return ErrReadOnlyTransaction
	case errors.Is(err, storage.ErrDeadlock):
		t.deadlock.Store(true)
		return ErrDeadlock
	case errors.Is(err, storage.ErrWriteConflict):
		t.conflict.Store(true)
		return ErrDeadlock
	}
	return err
}

// lockRow takes the row lock on key of keyspace ks; stale makes a row
// committed by another transaction since the snapshot a write conflict
// (the statement read an old version of it). Errors as lockError's.
func (t *Transaction) lockRow(ks, key []byte, stale bool) error {
	newly, err := t.kv.Lock(ks, key)
	if err == nil && newly && stale {
		var changed bool
		if changed, err = t.kv.Stale(ks, key); err == nil && changed {
			err = storage.ErrWriteConflict
		}
	}
	if err != nil {
		return t.lockError(err)
	}
	return nil
}

// ErrLockNowait is MySQL 8's error 3572 (ER_LOCK_NOWAIT, SQLSTATE HY000):
// a locking read with NOWAIT met a row another transaction holds.
var ErrLockNowait = mysql.NewSQLError(3572, mysql.SSUnknownSQLState,
	"Statement aborted because lock(s) could not be acquired immediately and NOWAIT is set.")

// lockRead takes the row lock of a locking read on key of ks, as lockRow
// with stale set, under the statement's lock wait: with SKIP LOCKED a row
// another transaction holds gives skip (the row is left out of the
// answer, as InnoDB's skip-locked read does), with NOWAIT error 3572.
func (t *Transaction) lockRead(ks, key []byte) (skip bool, err error) {
	if t.lockWait == statement.Wait {
		return false, t.lockRow(ks, key, true)
	}
	newly, err := t.kv.TryLock(ks, key)
	switch {
	case errors.Is(err, storage.ErrLockNotAvailable) && t.lockWait == statement.SkipLocked:
		return true, nil
	case errors.Is(err, storage.ErrLockNotAvailable):
		return false, ErrLockNowait
	case err == nil && newly:
		var changed bool
		if changed, err = t.kv.Stale(ks, key); err == nil && changed {
			err = storage.ErrWriteConflict
		}
	}
	if err != nil {
		return false, t.lockError(err)
	}
	return false, nil
}

// current returns the latest committed data with the transaction's writes
// over it (storage.Txn.Current): what a duplicate-key check looks at once
// it holds the key's lock.
func (t *Transaction) current() (storage.View, error) { return t.kv.Current() }

// lockRowOf takes the row lock on key of ks for ctx's transaction, as
// Transaction.lockRow with stale set.
func (s *Store) lockRowOf(ctx *sql.Context, ks, key []byte) error {
	tr, _, err := s.writeTx(ctx)
	if err != nil {
		return err
	}
	return tr.lockRow(ks, key, true)
}

// commit makes the transaction's writes durable and ends it.
func (t *Transaction) commit() error {
	err := t.kv.Commit()
	if terr := t.endTemporary(err == nil); err == nil {
		err = terr
	}
	t.ended()
	return err
}

// rollback discards the transaction's writes and ends it.
func (t *Transaction) rollback() error {
	t.kv.Rollback()
	_ = t.endTemporary(false)
	t.ended()
	return nil
}

func (t *Transaction) ended() {
	t.finished.Store(true)
	t.active.Store(false)
	t.pinned = false
	t.exclusive, t.locking, t.lockWait, t.retry = false, false, statement.Wait, false
	t.conflict.Store(false)
	t.deadlock.Store(false)
}
