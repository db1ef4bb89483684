package storage

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"time"
)

// Txn is one transaction over a Store, as SQL needs it: reads from a
// snapshot until the first write; then the store's single writer slot, so
// that every later read sees the latest committed data plus the
// transaction's own writes (no update is lost to a concurrent writer); an
// undo log for statement rollback and savepoints; deferred index writes
// applied in key order; and Commit, which is on disk (fsync) before it
// returns. A Txn is not safe for concurrent use; it is reusable: after
// Commit or Rollback it opens new engine transactions on demand.
type Txn struct {
	store    *Store
	readOnly bool

	read, write engineTx
	writes      uint64 // counts writes, so cursors know to seek again
	undo        []undoEntry
	marks       []savepoint
	// committing is set while Commit applies the deferred writes: they need
	// no undo entries.
	committing bool
	// pending holds deferred writes not yet applied, by keyspace and key
	// (the last write of a key wins): see Defer.
	pending map[string]map[string]pendingWrite
}

type savepoint struct {
	name string
	undo int // undo log length when set
}

// pendingWrite is a deferred put (or delete) of one key.
type pendingWrite struct {
	value []byte
	del   bool
}

// undoEntry restores one key of one keyspace to its value before a write.
type undoEntry struct {
	ks      []byte
	key     []byte
	old     []byte // nil: the key did not exist
	created bool   // the write created the keyspace: undo drops it
}

// NewTxn returns a transaction over s; a readOnly one refuses Write with
// ErrTxnReadOnly.
func (s *Store) NewTxn(readOnly bool) *Txn { return &Txn{store: s, readOnly: readOnly} }

// ReadOnly reports whether the transaction was begun read-only.
func (t *Txn) ReadOnly() bool { return t.readOnly }

// Writing reports whether the transaction holds the writer slot.
func (t *Txn) Writing() bool { return t.write != nil }

// Writes counts the transaction's writes (and its moves between snapshot
// and writer): a Cursor opened when it had another value may be invalid.
func (t *Txn) Writes() uint64 { return t.writes }

// Reader returns the view reads go through: the write transaction once
// there is one, else a read snapshot taken on first use.
func (t *Txn) Reader() (View, error) {
	if t.write != nil {
		return t.write, nil
	}
	if t.read == nil {
		tx, err := t.store.eng.begin(false)
		if err != nil {
			return nil, err
		}
		t.read = tx
		t.writes++
	}
	return t.read, nil
}

// NewSnapshot makes the next read see the latest committed data, unless the
// transaction writes (then it does already).
func (t *Txn) NewSnapshot() {
	if t.write == nil && t.read != nil {
		t.read.rollback()
		t.read = nil
		t.writes++
	}
}

// Write returns the write view, first taking the store's writer slot:
// waiting up to timeout (ErrLockWaitTimeout), or until ctx (if not nil) is
// done, when the error is ctx's cause (KILL, a vanished client). From then
// on reads see the latest committed data plus this transaction's writes.
// Errors: ErrTxnReadOnly; ErrReadOnly on a read-only Store.
func (t *Txn) Write(ctx context.Context, timeout time.Duration) (View, error) {
	if t.write != nil {
		return t.write, nil
	}
	if t.readOnly {
		return nil, ErrTxnReadOnly
	}
	if err := t.store.acquireWriter(ctx, timeout); err != nil {
		return nil, err
	}
	tx, err := t.store.eng.begin(true)
	if err != nil {
		t.store.releaseWriter()
		return nil, err
	}
	t.write = tx
	t.writes++
	if t.read != nil {
		t.read.rollback()
		t.read = nil
	}
	return tx, nil
}

func (t *Txn) writer() (engineTx, error) {
	if t.write == nil {
		return nil, fmt.Errorf("storage: write outside a write transaction")
	}
	return t.write, nil
}

// Put writes key = value in keyspace ks, recording the old value for undo.
// Errors: ErrNoKeyspace; the engine's.
func (t *Txn) Put(ks, key, value []byte) error {
	w, err := t.writer()
	if err != nil {
		return err
	}
	if !t.committing {
		// A missing keyspace fails the put below; its undo entry is then
		// skipped by undoTo.
		t.undo = append(t.undo, undoEntry{ks: ks, key: bytes.Clone(key), old: bytes.Clone(w.Get(ks, key))})
	}
	t.writes++
	return w.put(ks, key, value)
}

// Load writes key = value in keyspace ks without an undo entry: for
// filling a keyspace this transaction created (whose undo drops it whole),
// as a bulk build or a table rewrite does.
func (t *Txn) Load(ks, key, value []byte) error {
	w, err := t.writer()
	if err != nil {
		return err
	}
	t.writes++
	return w.put(ks, key, value)
}

// Delete deletes key from keyspace ks, recording the old value for undo;
// deleting a missing key is no error.
func (t *Txn) Delete(ks, key []byte) error {
	w, err := t.writer()
	if err != nil {
		return err
	}
	if t.committing {
		t.writes++
		return w.delete(ks, key)
	}
	old := w.Get(ks, key)
	if old == nil {
		if !w.Has(ks) {
			return fmt.Errorf("%w: %q", ErrNoKeyspace, ks)
		}
		return nil
	}
	t.undo = append(t.undo, undoEntry{ks: ks, key: bytes.Clone(key), old: bytes.Clone(old)})
	t.writes++
	return w.delete(ks, key)
}

// CreateKeyspace creates keyspace ks, recording it for undo. Errors:
// ErrKeyspaceExists; the engine's.
func (t *Txn) CreateKeyspace(ks []byte) error {
	w, err := t.writer()
	if err != nil {
		return err
	}
	if err := w.createKeyspace(ks); err != nil {
		return err
	}
	t.undo = append(t.undo, undoEntry{ks: bytes.Clone(ks), created: true})
	t.writes++
	return nil
}

// DropKeyspace deletes keyspace ks and its keys (a missing ks is no
// error). It is not undone by RollbackTo or a failed statement, only by
// Rollback: SQL commits DDL implicitly, so no statement that drops data
// is rolled back to before the drop.
func (t *Txn) DropKeyspace(ks []byte) error {
	w, err := t.writer()
	if err != nil {
		return err
	}
	delete(t.pending, string(ks))
	t.writes++
	return w.dropKeyspace(ks)
}

// ClearKeyspace deletes every key of keyspace ks, creating ks if it is
// missing. Like DropKeyspace it is undone only by Rollback.
func (t *Txn) ClearKeyspace(ks []byte) error {
	if err := t.DropKeyspace(ks); err != nil {
		return err
	}
	return t.write.createKeyspace(ks)
}

// NextSequence returns the next value (1, 2, …) of keyspace ks's counter.
// Like AUTO_INCREMENT, a value handed out is not given back by a rollback
// to a savepoint.
func (t *Txn) NextSequence(ks []byte) (uint64, error) {
	w, err := t.writer()
	if err != nil {
		return 0, err
	}
	return w.nextSequence(ks)
}

// Defer records a put (or, del, a delete) of key in keyspace ks, applied
// by Flush in key order. bbolt splits pages only at commit, so one
// transaction that adds index entries in random order to a large keyspace
// moves ever more memory per entry; applied sorted, they are appended in
// order. A reader of ks must Flush it first. key and value are kept, not
// copied.
func (t *Txn) Defer(ks, key, value []byte, del bool) {
	if t.pending == nil {
		t.pending = map[string]map[string]pendingWrite{}
	}
	m := t.pending[string(ks)]
	if m == nil {
		m = map[string]pendingWrite{}
		t.pending[string(ks)] = m
	}
	m[string(key)] = pendingWrite{value: value, del: del}
	t.writes++
}

// Flush applies the deferred writes of keyspace ks, in key order.
func (t *Txn) Flush(ks []byte) error {
	m := t.pending[string(ks)]
	if len(m) == 0 || t.write == nil {
		return nil
	}
	delete(t.pending, string(ks))
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		w := m[k]
		var err error
		if w.del {
			err = t.Delete(ks, []byte(k))
		} else {
			err = t.Put(ks, []byte(k), w.value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// FlushAll applies every deferred write, keyspace by keyspace in order.
func (t *Txn) FlushAll() error {
	names := make([]string, 0, len(t.pending))
	for ks := range t.pending {
		names = append(names, ks)
	}
	slices.Sort(names)
	for _, ks := range names {
		if err := t.Flush([]byte(ks)); err != nil {
			return err
		}
	}
	return nil
}

// StatementBegin marks the start of a statement and returns the mark to
// RollbackStatement to; the undo log of earlier statements is dropped
// unless a savepoint needs it.
func (t *Txn) StatementBegin() int {
	if len(t.marks) == 0 {
		t.undo = t.undo[:0]
	}
	return len(t.undo)
}

// RollbackStatement undoes every write after mark (from StatementBegin).
// RollbackTo invalidates the marks taken after its savepoint: in SQL,
// ROLLBACK TO SAVEPOINT is a statement of its own.
func (t *Txn) RollbackStatement(mark int) error { return t.undoTo(mark) }

// Savepoint sets savepoint name (replacing one of the same name) at the
// current point. Names are compared exactly; SQL's case-insensitivity is
// the caller's.
func (t *Txn) Savepoint(name string) error {
	if err := t.FlushAll(); err != nil {
		return err
	}
	t.marks = slices.DeleteFunc(t.marks, func(s savepoint) bool { return s.name == name })
	t.marks = append(t.marks, savepoint{name: name, undo: len(t.undo)})
	return nil
}

// RollbackTo undoes every write since savepoint name and drops the
// savepoints set after it (name stays). Errors: ErrNoSavepoint.
func (t *Txn) RollbackTo(name string) error {
	i := slices.IndexFunc(t.marks, func(s savepoint) bool { return s.name == name })
	if i < 0 {
		return fmt.Errorf("%w: %s", ErrNoSavepoint, name)
	}
	// Savepoints set later than name are deleted (MySQL 8.0 reference,
	// 15.3.4): t.marks is in the order they were set.
	n := t.marks[i].undo
	t.marks = t.marks[:i+1]
	return t.undoTo(n)
}

// Release drops savepoint name, keeping its writes. Errors: ErrNoSavepoint.
func (t *Txn) Release(name string) error {
	i := slices.IndexFunc(t.marks, func(s savepoint) bool { return s.name == name })
	if i < 0 {
		return fmt.Errorf("%w: %s", ErrNoSavepoint, name)
	}
	t.marks = slices.Delete(t.marks, i, i+1)
	return nil
}

// undoTo undoes every write after the first n entries of the undo log.
func (t *Txn) undoTo(n int) error {
	if err := t.FlushAll(); err != nil {
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
			err = t.write.dropKeyspace(u.ks)
		case !t.write.Has(u.ks):
			// dropped after the write: nothing to restore
		case u.old == nil:
			err = t.write.delete(u.ks, u.key)
		default:
			err = t.write.put(u.ks, u.key, u.old)
		}
		if err != nil {
			return fmt.Errorf("storage: undoing a write: %w", err)
		}
	}
	if n < len(t.undo) {
		t.undo = t.undo[:n]
	}
	return nil
}

// Commit makes the transaction's writes durable (fsync) and ends it. A
// failed commit keeps nothing of the transaction, and says so.
func (t *Txn) Commit() error {
	if t.write != nil && len(t.pending) == 0 && !t.write.changed() {
		// The writer slot was taken but nothing written: no commit, no fsync.
		t.Rollback()
		return nil
	}
	var err error
	if t.write != nil {
		// Nothing is undone after this point (a failed commit rolls the
		// whole engine transaction back), so the deferred writes keep no
		// undo log: that halves the key lookups of a large commit.
		t.committing = true
		err = t.FlushAll()
		t.committing = false
		var wait func() error
		if err != nil {
			t.write.rollback()
		} else if a, ok := t.write.(applier); ok {
			wait, err = a.apply()
		} else {
			err = t.write.commit()
		}
		t.write = nil
		t.store.releaseWriter()
		if wait != nil {
			// Group commit: the next writer runs while this one waits for
			// its fsync, and their fsyncs are shared.
			err = wait()
		}
		if err != nil {
			err = fmt.Errorf("storage: commit failed, the transaction was rolled back: %w", err)
		}
	}
	t.end()
	return err
}

// Rollback discards the transaction's writes and ends it.
func (t *Txn) Rollback() {
	if t.write != nil {
		t.write.rollback()
		t.write = nil
		t.store.releaseWriter()
	}
	t.end()
}

func (t *Txn) end() {
	t.pending = nil
	if t.read != nil {
		t.read.rollback()
		t.read = nil
	}
	t.undo = nil
	t.marks = nil
	t.writes++
}

// acquireWriter takes the writer slot, waiting up to timeout, or until ctx
// (if not nil) is done: then the error is ctx's cause.
func (s *Store) acquireWriter(ctx context.Context, timeout time.Duration) error {
	select {
	case s.writer <- struct{}{}:
		return nil
	default:
	}
	tm := time.NewTimer(timeout)
	defer tm.Stop()
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
	}
	select {
	case s.writer <- struct{}{}:
		return nil
	case <-tm.C:
		return ErrLockWaitTimeout
	case <-done:
		return context.Cause(ctx)
	}
}

func (s *Store) releaseWriter() { <-s.writer }
