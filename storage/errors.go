package storage

import "errors"

// Errors returned by this package. Each is a sentinel to test with errors.Is; the error
// actually returned carries a full message naming the data directory or the type.
var (
	// ErrLocked is returned by Open when another Store, in this process or another, holds
	// the data directory's LOCK file.
	ErrLocked = errors.New("data directory is in use by another simsql process")
	// ErrUnknownFormat is returned by Open when the data directory is not empty but has no
	// FORMAT file, or the FORMAT file does not start with FormatMagic.
	ErrUnknownFormat = errors.New("data directory has an unknown format")
	// ErrNewerFormat is returned by Open when the data directory's FORMAT names a version
	// newer than FormatVersion.
	ErrNewerFormat = errors.New("data directory was written by a newer simsql")
	// ErrUnsupportedKeyType is returned by AppendKey, DecodeKey and SkipKey for a column type
	// that has no order-preserving encoding (JSON, spatial types, strings whose collation
	// GMS gives no sort function).
	ErrUnsupportedKeyType = errors.New("type cannot be used in a key")
	// ErrIrreversibleKey is returned by DecodeKey for a string whose collation is not in byte
	// order (e.g. utf8mb4_0900_ai_ci): the key holds the collation's weights, not the text.
	ErrIrreversibleKey = errors.New("key holds collation weights and cannot be decoded")
	// ErrUnsupportedType is returned by EncodeRow and DecodeRow for a column type they cannot
	// store.
	ErrUnsupportedType = errors.New("type cannot be stored")
	// ErrCorrupt is returned by DecodeKey, DecodeRow and their helpers for bytes that are
	// not a valid encoding.
	ErrCorrupt = errors.New("corrupt encoding")
	// ErrReadOnly is returned by a write to a Store opened with Options.ReadOnly.
	ErrReadOnly = errors.New("data directory is open read-only")
	// ErrNoKeyspace is returned by a write to a keyspace that does not exist.
	ErrNoKeyspace = errors.New("keyspace does not exist")
	// ErrKeyspaceExists is returned by CreateKeyspace for a keyspace that exists.
	ErrKeyspaceExists = errors.New("keyspace exists")
	// ErrLockWaitTimeout is returned by Txn.Write, Concurrent and Lock when the
	// metadata lock, the writer slot or a row lock stays taken by another
	// transaction for longer than the timeout given.
	ErrLockWaitTimeout = errors.New("lock wait timeout: another transaction holds the lock")
	// ErrLockNotAvailable is returned by Txn.TryLock for a row lock another
	// transaction holds: the request does not wait (SELECT … FOR UPDATE
	// NOWAIT and SKIP LOCKED).
	ErrLockNotAvailable = errors.New("lock not available: another transaction holds it")
	// ErrDeadlock is returned by a concurrent Txn's Lock (and Put, Delete) when
	// waiting for the lock would close a cycle of transactions waiting for
	// each other: MySQL's error 1213.
	ErrDeadlock = errors.New("deadlock: transactions wait for each other's locks")
	// ErrWriteConflict is returned by a concurrent Txn's Put or Delete of a key
	// that another transaction committed after this one's snapshot was taken:
	// the write was computed from a stale value. The statement can be retried
	// on a new snapshot (the transaction keeps the lock).
	ErrWriteConflict = errors.New("write conflict: the key was changed by a transaction committed after this one's snapshot")
	// ErrTxnReadOnly is returned by Txn.Write on a transaction begun read-only.
	ErrTxnReadOnly = errors.New("write in a read-only transaction")
	// ErrEngineFailed is returned by every transaction of a pebble Store after a commit
	// failed once its batch was applied, and of a bbolt Store whose rewrite (Reclaim)
	// could not open the new file it had put in place (fail-stop until the server restarts).
	ErrEngineFailed = errors.New("storage engine stopped after a failed commit")
	// ErrNoSavepoint is returned by RollbackTo and Release for a savepoint name not set.
	ErrNoSavepoint = errors.New("savepoint does not exist")
)

// dirError is an error with its own message that matches a sentinel under errors.Is.
type dirError struct {
	kind error
	msg  string
}

func (e *dirError) Error() string        { return e.msg }
func (e *dirError) Is(target error) bool { return target == e.kind }
