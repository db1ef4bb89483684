package catalog

import (
	"context"
	"errors"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/storage"
)

// ErrLockWaitTimeout is MySQL's error 1205, returned when a write waits
// longer than innodb_lock_wait_timeout for another session's transaction.
var ErrLockWaitTimeout = mysql.NewSQLError(mysql.ERLockWaitTimeout, mysql.SSLockDeadlock,
	"Lock wait timeout exceeded; try restarting transaction")

// ErrReadOnlyTransaction is MySQL's error 1792
// (ER_CANT_EXECUTE_IN_READ_ONLY_TRANSACTION, SQLSTATE 25006): a write in a
// READ ONLY transaction.
var ErrReadOnlyTransaction = mysql.NewSQLError(1792, "25006",
	"Cannot execute statement in a READ ONLY transaction.")

// Transaction is one SQL transaction over the durable store. Reads before
// the transaction's first write see the committed state at their first read
// (REPEATABLE READ, the default), or at the start of their statement (READ
// COMMITTED and READ UNCOMMITTED: see Session.CommandBegin); the first
// writing statement takes the store's single writer slot before it is
// planned (writers are serialised, readers never wait), and from then on
// every read sees the latest committed data and the transaction's own
// writes, so no update is lost to a concurrent transaction. A SERIALIZABLE
// transaction that may write (lockReads) takes the writer slot at its first
// read instead, so its reads stay true until it ends. Commit makes the
// writes durable (fsync) before it returns. A Transaction is reusable:
// after Commit or Rollback it opens new store transactions on demand.
type Transaction struct {
	store    *Store
	readOnly bool
	// freshReads gives each statement a new snapshot (READ COMMITTED, READ
	// UNCOMMITTED); lockReads makes the first read take the writer slot
	// (SERIALIZABLE, outside autocommit).
	freshReads, lockReads bool
	// active is set from the first read of table data (touch) or write to
	// the end of the transaction: MySQL's SERVER_STATUS_IN_TRANS outside autocommit. It is
	// read by the protocol layer while the statement runs.
	active atomic.Bool

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
		return t.writer(nil)
	}
	return t.kv.Reader()
}

// touch records that the transaction reads table data (not only metadata):
// from now on it is "in a transaction" for SERVER_STATUS_IN_TRANS.
func (t *Transaction) touch() { t.active.Store(true) }

// newSnapshot makes the next read see the latest committed data, unless the
// transaction writes (then it does already).
func (t *Transaction) newSnapshot() { t.kv.NewSnapshot() }

// writer returns the transaction's write view, waiting for the store's
// writer slot up to lockWaitTimeout (then MySQL's error 1205), or until ctx
// (if not nil) is done. From then on reads see the latest committed data
// plus this transaction's writes: an UPDATE must never write back a row
// version another transaction has since changed or deleted.
func (t *Transaction) writer(ctx *sql.Context) (storage.View, error) {
	if t.kv.Writing() {
		return t.kv.Reader()
	}
	if t.readOnly {
		return nil, ErrReadOnlyTransaction
	}
	var c context.Context // not a nil *sql.Context in an interface
	if ctx != nil {
		c = ctx
	}
	v, err := t.kv.Write(c, lockWaitTimeout(ctx))
	switch {
	case errors.Is(err, storage.ErrLockWaitTimeout):
		return nil, ErrLockWaitTimeout
	case errors.Is(err, storage.ErrTxnReadOnly):
		return nil, ErrReadOnlyTransaction
	case err != nil:
		return nil, err
	}
	t.active.Store(true)
	return v, nil
}

// commit makes the transaction's writes durable and ends it.
func (t *Transaction) commit() error {
	err := t.kv.Commit()
	if terr := t.endTemporary(err == nil); err == nil {
		err = terr
	}
	t.active.Store(false)
	return err
}

// rollback discards the transaction's writes and ends it.
func (t *Transaction) rollback() error {
	t.kv.Rollback()
	_ = t.endTemporary(false)
	t.active.Store(false)
	return nil
}
