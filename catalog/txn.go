package catalog

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	"go.etcd.io/bbolt"
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

	read   *bbolt.Tx
	write  *bbolt.Tx
	writes uint64 // counts writes, so iterators know to re-seek
	undo   []undoEntry
	marks  map[string]int // savepoint name → undo log length
	// committing is set while commit applies the deferred writes: they
	// need no undo entries.
	committing bool

	// pending holds index-entry writes not yet applied, by bucket and key
	// (the last write of a key wins). bbolt splits pages only at commit, so
	// one transaction that adds entries in random order to a new bucket
	// moves ever more memory per entry; applied sorted, at commit or before
	// the bucket is read, they are appended in order.
	pending map[string]map[string]pendingWrite
}

// pendingWrite is a deferred put (or delete) of one key.
type pendingWrite struct {
	value []byte
	del   bool
}

var _ sql.Transaction = (*Transaction)(nil)

// undoEntry restores one key of one bucket to its value before a write.
type undoEntry struct {
	bucket  []byte
	key     []byte
	old     []byte // nil: the key did not exist
	created bool   // the write created the bucket: undo deletes it
}

// String implements sql.Transaction.
func (t *Transaction) String() string { return "simsql transaction" }

// IsReadOnly implements sql.Transaction.
func (t *Transaction) IsReadOnly() bool { return t.readOnly }

// reader returns the store transaction reads go through: the write
// transaction once there is one, else a read snapshot opened on first use.
func (t *Transaction) reader() (*bbolt.Tx, error) {
	if t.write != nil {
		return t.write, nil
	}
	if t.lockReads {
		return t.writer(nil)
	}
	if t.read == nil {
		tx, err := t.store.kv.Begin(false)
		if err != nil {
			return nil, fmt.Errorf("catalog: starting read: %w", err)
		}
		t.read = tx
	}
	return t.read, nil
}

// touch records that the transaction reads table data (not only metadata):
// from now on it is "in a transaction" for SERVER_STATUS_IN_TRANS.
func (t *Transaction) touch() { t.active.Store(true) }

// newSnapshot makes the next read see the latest committed data, unless the
// transaction writes (then it does already).
func (t *Transaction) newSnapshot() {
	if t.write == nil && t.read != nil {
		_ = t.read.Rollback()
		t.read = nil
	}
}

// writer returns the transaction's write transaction, waiting for the
// store's writer slot up to lockWaitTimeout, or until ctx (if not nil) is
// done.
func (t *Transaction) writer(ctx *sql.Context) (*bbolt.Tx, error) {
	if t.write != nil {
		return t.write, nil
	}
	if t.readOnly {
		return nil, ErrReadOnlyTransaction
	}
	if err := t.store.acquireWriter(ctx, lockWaitTimeout(ctx)); err != nil {
		return nil, err
	}
	tx, err := t.store.kv.Begin(true)
	if err != nil {
		t.store.releaseWriter()
		return nil, fmt.Errorf("catalog: starting write: %w", err)
	}
	t.write = tx
	t.active.Store(true)
	// From now on reads see the latest committed data plus this
	// transaction's writes: an UPDATE must never write back a row version
	// another transaction has since changed or deleted. Iterators on the old
	// snapshot seek again on the write transaction.
	if t.read != nil {
		_ = t.read.Rollback()
		t.read = nil
	}
	return tx, nil
}

// put writes key = value in bucket, recording the old value for undo.
func (t *Transaction) put(tx *bbolt.Tx, bucket, key, value []byte) error {
	b := tx.Bucket(bucket)
	if b == nil {
		return fmt.Errorf("catalog: bucket %q is missing", bucket)
	}
	if !t.committing {
		t.undo = append(t.undo, undoEntry{bucket: bucket, key: bytes.Clone(key), old: bytes.Clone(b.Get(key))})
	}
	t.writes++
	return b.Put(key, value)
}

// del deletes key from bucket, recording the old value for undo.
func (t *Transaction) del(tx *bbolt.Tx, bucket, key []byte) error {
	b := tx.Bucket(bucket)
	if b == nil {
		return fmt.Errorf("catalog: bucket %q is missing", bucket)
	}
	if t.committing {
		t.writes++
		return b.Delete(key)
	}
	old := b.Get(key)
	if old == nil {
		return nil
	}
	t.undo = append(t.undo, undoEntry{bucket: bucket, key: bytes.Clone(key), old: bytes.Clone(old)})
	t.writes++
	return b.Delete(key)
}

// createBucket creates bucket, recording it for undo.
func (t *Transaction) createBucket(tx *bbolt.Tx, bucket []byte) error {
	if _, err := tx.CreateBucket(bucket); err != nil {
		return fmt.Errorf("catalog: creating bucket %q: %w", bucket, err)
	}
	t.undo = append(t.undo, undoEntry{bucket: bytes.Clone(bucket), created: true})
	t.writes++
	return nil
}

// deferWrite records a put (or delete) of key in bucket, applied by flush.
func (t *Transaction) deferWrite(bucket, key, value []byte, del bool) {
	if t.pending == nil {
		t.pending = map[string]map[string]pendingWrite{}
	}
	m := t.pending[string(bucket)]
	if m == nil {
		m = map[string]pendingWrite{}
		t.pending[string(bucket)] = m
	}
	m[string(key)] = pendingWrite{value: value, del: del}
	t.writes++
}

// flush applies the deferred writes of bucket, in key order.
func (t *Transaction) flush(bucket []byte) error {
	m := t.pending[string(bucket)]
	if len(m) == 0 || t.write == nil {
		return nil
	}
	delete(t.pending, string(bucket))
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		w := m[k]
		var err error
		if w.del {
			err = t.del(t.write, bucket, []byte(k))
		} else {
			err = t.put(t.write, bucket, []byte(k), w.value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// flushAll applies every deferred write.
func (t *Transaction) flushAll() error {
	buckets := make([]string, 0, len(t.pending))
	for b := range t.pending {
		buckets = append(buckets, b)
	}
	slices.Sort(buckets)
	for _, b := range buckets {
		if err := t.flush([]byte(b)); err != nil {
			return err
		}
	}
	return nil
}

// undoTo undoes every write after the first n entries of the undo log.
func (t *Transaction) undoTo(n int) error {
	if err := t.flushAll(); err != nil {
		return err
	}
	if t.write == nil {
		t.undo = t.undo[:0]
		return nil
	}
	t.writes++
	for i := len(t.undo) - 1; i >= n; i-- {
		u := t.undo[i]
		var err error
		switch {
		case u.created:
			err = t.write.DeleteBucket(u.bucket)
		case u.old == nil:
			if b := t.write.Bucket(u.bucket); b != nil {
				err = b.Delete(u.key)
			}
		default:
			if b := t.write.Bucket(u.bucket); b != nil {
				err = b.Put(u.key, u.old)
			}
		}
		if err != nil && !errors.Is(err, bbolt.ErrBucketNotFound) {
			return fmt.Errorf("catalog: undoing a write: %w", err)
		}
	}
	if n < len(t.undo) {
		t.undo = t.undo[:n]
	}
	return nil
}

// statementBegin marks the start of a statement; earlier statements cannot
// be undone any more unless a savepoint needs them.
func (t *Transaction) statementBegin() int {
	if len(t.marks) == 0 {
		t.undo = t.undo[:0]
	}
	return len(t.undo)
}

// commit makes the transaction's writes durable and ends its store
// transactions.
func (t *Transaction) commit() error {
	var err error
	if t.write != nil && len(t.pending) == 0 && noChanges(t.write) {
		// The writer slot was taken (Session.ValidateSession) but nothing
		// written: no commit, no fsync.
		return t.rollback()
	}
	if t.write != nil {
		// Nothing is undone after this point (a failed commit rolls the
		// whole bbolt transaction back), so the deferred writes keep no
		// undo log: that halves the B-tree searches of a large commit.
		t.committing = true
		err = t.flushAll()
		t.committing = false
		if err != nil {
			_ = t.write.Rollback()
			t.write = nil
			t.store.releaseWriter()
			t.end()
			return fmt.Errorf("catalog: commit failed, the transaction was rolled back: %w", err)
		}
		err = t.write.Commit()
		t.write = nil
		t.store.releaseWriter()
		if err != nil {
			err = fmt.Errorf("catalog: commit failed, the transaction was rolled back: %w", err)
		}
	}
	t.end()
	return err
}

// rollback discards the transaction's writes and ends its store transactions.
func (t *Transaction) rollback() error {
	if t.write != nil {
		_ = t.write.Rollback()
		t.write = nil
		t.store.releaseWriter()
	}
	t.end()
	return nil
}

func (t *Transaction) end() {
	t.active.Store(false)
	t.pending = nil
	if t.read != nil {
		_ = t.read.Rollback()
		t.read = nil
	}
	t.undo = nil
	t.marks = nil
}

// noChanges reports whether write transaction tx has changed nothing: bbolt
// materialises a node for every change (put, delete, bucket, sequence).
func noChanges(tx *bbolt.Tx) bool {
	st := tx.Stats()
	return st.GetNodeCount() == 0
}
