package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"time"
)

// Txn is one transaction over a Store, as SQL needs it. It reads from a
// snapshot taken at its first read, and writes in one of two modes:
//
//   - Concurrent (Txn.Concurrent, what SQL's writing statements use): the
//     writes go to an in-memory write set over the snapshot (reads merge
//     the two), each key written is locked (a row lock, see Lock; a
//     transaction that waits for another's lock in a cycle gets
//     ErrDeadlock), and a key whose latest committed value is not the one
//     the snapshot holds is a write conflict (ErrWriteConflict: the write
//     was computed from a stale row, and no update may be lost). Commit
//     takes the store's writer slot only to apply the write set, in key
//     order, and shares it, and its fsync, with the transactions
//     committing at the same time (group commit). The transaction holds
//     the store's metadata lock shared from its first write to its end.
//   - Exclusive (Txn.Write: DDL, Store.Update): the metadata lock
//     exclusively (it waits for every concurrent writer to end and holds
//     off new ones) and the engine's one write transaction, whose reads see
//     the latest committed data and the transaction's writes; an undo log
//     for statement rollback and savepoints; deferred index writes applied
//     in key order; writes to keyspaces the transaction created (Load) go
//     straight to the engine.
//
// Sequences (NextSequence) and counters (NextCounter) are handed out
// outside the transaction, as InnoDB's AUTO_INCREMENT values are: never
// twice, and not given back by a rollback. Commit is on disk (fsync)
// before it returns. A Txn is not safe for concurrent use; it is reusable:
// after Commit or Rollback it opens new engine transactions on demand.
type Txn struct {
	store    *Store
	readOnly bool
	id       uint64 // the owner of its row locks

	read    engineTx // the read snapshot
	readSeq uint64   // store.commits when read was taken
	writes  uint64   // counts writes, so cursors know to seek again

	// Exclusive mode.
	write engineTx
	undo  []undoEntry
	// committing is set while Commit applies the deferred writes: they need
	// no undo entries.
	committing bool
	// pending holds deferred writes not yet applied, by keyspace, in the
	// order they were made (the last write of a key wins): see Defer.
	pending map[string]*pendingList
	// counterKeys are the counter keys (NextCounter) this exclusive
	// transaction wrote with Put or Delete: at commit the store forgets
	// their values handed out, and reads them again.
	counterKeys []string

	// Concurrent mode.
	shared     bool // holds the metadata lock shared; writes go to ws
	ws         *writeSet
	stmt       *writeSet // the write set at StatementBegin
	locks      []uint64  // row locks held (lockHash)
	lockBuf    []byte    // scratch for lockHash
	latest     engineTx  // the latest committed data, as of latestSeq
	latestSeq  uint64
	current    currentView       // Current's view, over latest
	ctx        context.Context   // of the current statement: ends lock waits
	timeout    time.Duration     // for one lock wait
	seqs       map[string]uint64 // keyspace → highest sequence value handed out
	counterMax map[string]uint64 // composite counter key → next value to store at least

	// moved holds, for each counter this transaction moved, its next value
	// before and after its last run of moves that no other transaction
	// interrupted: Rollback gives those values back if nobody moved the
	// counter since.
	moved map[string][2]uint64

	marks []savepoint
}

type savepoint struct {
	name string
	undo int       // undo log length when set (exclusive mode)
	ws   *writeSet // the write set when set (concurrent mode)
}

// undoEntry restores one key of one keyspace to its value before a write.
type undoEntry struct {
	ks      []byte
	key     []byte
	old     []byte // nil: the key did not exist
	created bool   // the write created the keyspace: undo drops it
}

// NewTxn returns a transaction over s; a readOnly one refuses Write and
// Concurrent with ErrTxnReadOnly.
func (s *Store) NewTxn(readOnly bool) *Txn {
	return &Txn{store: s, readOnly: readOnly, id: s.txnIDs.Add(1)}
}

// ReadOnly reports whether the transaction was begun read-only.
func (t *Txn) ReadOnly() bool { return t.readOnly }

// Writing reports whether the transaction writes, in either mode.
func (t *Txn) Writing() bool { return t.write != nil || t.shared }

// Exclusive reports whether the transaction writes in exclusive mode.
func (t *Txn) Exclusive() bool { return t.write != nil }

// Writes counts the transaction's writes (and its moves between
// snapshots): a Cursor opened when it had another value may be invalid.
func (t *Txn) Writes() uint64 { return t.writes }

// Commits counts the store's commits so far.
func (t *Txn) Commits() uint64 { return t.store.commits.Load() }

// CurrentCommits is the count of commits that Current's view, as last
// returned, is known to hold (it may hold more): while Commits still
// equals it and Writes keeps its value, Current shows the same data.
func (t *Txn) CurrentCommits() uint64 {
	if t.write == nil && t.latest != nil {
		return t.latestSeq
	}
	return t.store.commits.Load() // exclusive mode: nobody else commits
}

// snapshot returns the read snapshot, taking it on first use.
func (t *Txn) snapshot() (engineTx, error) {
	if t.read == nil {
		seq := t.store.commits.Load() // before the snapshot: it holds every commit up to seq
		tx, err := t.store.eng.begin(false)
		if err != nil {
			return nil, err
		}
		t.read, t.readSeq = tx, seq
		t.writes++
	}
	return t.read, nil
}

// Reader returns the view reads go through: in exclusive mode the engine's
// write transaction; otherwise the read snapshot (taken on first use) with
// the transaction's write set over it.
func (t *Txn) Reader() (View, error) {
	if t.write != nil {
		return t.write, nil
	}
	r, err := t.snapshot()
	if err != nil {
		return nil, err
	}
	if !t.shared {
		return r, nil
	}
	return liveView{t}, nil
}

// liveView is a concurrent transaction's view: its snapshot, whatever it
// is at the time of the call, with its write set over it.
type liveView struct{ t *Txn }

func (l liveView) v() View {
	if l.t.read == nil || l.t.ws == nil {
		if _, err := l.t.snapshot(); err != nil || l.t.ws == nil {
			return emptyView{}
		}
	}
	if l.t.ws.empty() {
		return l.t.read
	}
	return &mergedView{base: l.t.read, ws: l.t.ws}
}

// Reads of a keyspace with deferred writes apply them first (Flush), so
// that a concurrent transaction's reads always see all its writes.
func (l liveView) Get(ks, key []byte) []byte { l.t.flushPending(ks); return l.v().Get(ks, key) }
func (l liveView) Has(ks []byte) bool        { return l.v().Has(ks) }
func (l liveView) Cursor(ks []byte) Cursor   { l.t.flushPending(ks); return l.v().Cursor(ks) }
func (l liveView) Count(ks []byte) int       { l.t.flushPending(ks); return l.v().Count(ks) }

// flushPending applies ks's deferred writes, if it has any.
func (t *Txn) flushPending(ks []byte) {
	if p := t.pending[string(ks)]; p != nil && len(p.ws) > 0 {
		_ = t.Flush(ks) // cannot fail in concurrent mode
	}
}

// currentView is Current's view: the latest committed data with the write
// set over it, applying deferred writes first as liveView does.
type currentView struct {
	t *Txn
	m *mergedView
}

func (c currentView) Get(ks, key []byte) []byte {
	c.t.flushPending(ks)
	return c.m.Get(ks, key)
}
func (c currentView) Has(ks []byte) bool { return c.m.Has(ks) }
func (c currentView) Cursor(ks []byte) Cursor {
	c.t.flushPending(ks)
	c.m.ws = c.t.ws
	return c.m.Cursor(ks)
}
func (c currentView) Count(ks []byte) int {
	c.t.flushPending(ks)
	return c.m.Count(ks)
}

// emptyView is the view of a transaction that has ended.
type emptyView struct{}

func (emptyView) Get([]byte, []byte) []byte { return nil }
func (emptyView) Has([]byte) bool           { return false }
func (emptyView) Cursor([]byte) Cursor      { return emptyCursor{} }
func (emptyView) Count([]byte) int          { return 0 }

// NewSnapshot makes the next read see the latest committed data (with the
// transaction's own writes over it). In exclusive mode reads see it
// already. In concurrent mode this is safe at any point: every key the
// transaction wrote is locked, so no one has changed it since.
func (t *Txn) NewSnapshot() {
	if t.write == nil && t.read != nil {
		t.read.rollback()
		t.read = nil
		t.writes++
	}
}

// Write starts exclusive mode (see Txn) and returns the write view: it
// takes the store's metadata lock exclusively (waiting for the concurrent
// writers to end) and the writer slot, waiting up to timeout in all
// (ErrLockWaitTimeout), or until ctx (if not nil) is done, when the error
// is ctx's cause (KILL, a vanished client). From then on reads see the
// latest committed data plus this transaction's writes. A transaction
// already in concurrent mode stays in it (Write returns Reader's view).
// Errors: ErrTxnReadOnly; ErrReadOnly on a read-only Store.
func (t *Txn) Write(ctx context.Context, timeout time.Duration) (View, error) {
	if t.write != nil {
		return t.write, nil
	}
	if t.shared {
		return t.Concurrent(ctx, timeout)
	}
	if t.readOnly {
		return nil, ErrTxnReadOnly
	}
	deadline := time.Now().Add(timeout)
	if err := t.store.meta.acquire(ctx, true, deadline); err != nil {
		return nil, err
	}
	if err := t.store.acquireWriter(ctx, time.Until(deadline)); err != nil {
		t.store.meta.release(true)
		return nil, err
	}
	tx, err := t.store.eng.begin(true)
	if err != nil {
		t.store.releaseWriter()
		t.store.meta.release(true)
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

// Concurrent starts concurrent mode (see Txn), taking the store's metadata
// lock shared (waiting up to timeout, or until ctx is done, while an
// exclusive transaction holds it or waits for it), and returns Reader's
// view. ctx and timeout also bound each row-lock wait of the writes that
// follow, until the next call (one per statement). In exclusive mode it
// returns the write view. Errors: ErrTxnReadOnly; ErrReadOnly on a
// read-only Store.
func (t *Txn) Concurrent(ctx context.Context, timeout time.Duration) (View, error) {
	if t.write != nil {
		return t.write, nil
	}
	t.ctx, t.timeout = ctx, timeout
	if !t.shared {
		if t.readOnly {
			return nil, ErrTxnReadOnly
		}
		if t.store.readOnly {
			return nil, fmt.Errorf("storage: write transaction on %s: %w", t.store.dir, ErrReadOnly)
		}
		if err := t.store.meta.acquire(ctx, false, time.Now().Add(timeout)); err != nil {
			return nil, err
		}
		t.shared = true
		t.ws = newWriteSet()
		t.writes++
	}
	return t.Reader()
}

// Lock takes the row lock on key of keyspace ks for this concurrent
// transaction, waiting for the transaction that holds it to end (bounded
// as Concurrent says; ErrDeadlock if that transaction waits, through a
// chain of others, for this one); newly reports that this transaction did
// not hold it before. Put and Delete lock their keys themselves; Lock is
// for keys to lock before a write (or without one: a locking read, or a
// UNIQUE index value). In exclusive mode there is nothing to lock: it
// returns false, nil.
func (t *Txn) Lock(ks, key []byte) (newly bool, err error) { return t.lock(ks, key, false) }

// TryLock is Lock without the wait: a lock another transaction holds is
// ErrLockNotAvailable at once (no deadlock can follow, as nothing waits).
func (t *Txn) TryLock(ks, key []byte) (newly bool, err error) { return t.lock(ks, key, true) }

func (t *Txn) lock(ks, key []byte, noWait bool) (newly bool, err error) {
	if t.write != nil {
		return false, nil
	}
	if !t.shared {
		return false, fmt.Errorf("storage: lock outside a write transaction")
	}
	h := lockHash(&t.lockBuf, ks, key)
	newly, err = t.store.locks.lock(t.ctx, t.id, h, t.timeout, noWait)
	if newly {
		t.locks = append(t.locks, h)
	}
	return newly, err
}

// Stale reports whether the latest committed value of key in ks differs
// from the value in the transaction's snapshot (presence included): some
// transaction committed it after the snapshot was taken. It is meaningful
// once the caller holds the key's lock (after that nobody else commits
// it). Always false in exclusive mode.
func (t *Txn) Stale(ks, key []byte) (bool, error) {
	if t.write != nil {
		return false, nil
	}
	snap, err := t.snapshot()
	if err != nil {
		return false, err
	}
	if t.store.commits.Load() == t.readSeq {
		return false, nil // nothing committed since the snapshot
	}
	latest, err := t.latestTx()
	if err != nil {
		return false, err
	}
	a, b := snap.Get(ks, key), latest.Get(ks, key)
	return (a == nil) != (b == nil) || !bytes.Equal(a, b), nil
}

// latestTx returns a read transaction of the latest committed data.
func (t *Txn) latestTx() (engineTx, error) {
	seq := t.store.commits.Load()
	if t.latest != nil && t.latestSeq == seq {
		return t.latest, nil
	}
	if t.latest != nil {
		t.latest.rollback()
		t.latest = nil
	}
	tx, err := t.store.eng.begin(false)
	if err != nil {
		return nil, err
	}
	t.latest, t.latestSeq = tx, seq
	return tx, nil
}

// Current returns the latest committed data with this transaction's writes
// over it: what a duplicate-key check must look at once it holds the
// lock of the key it checks (a key absent from the snapshot may have been
// committed since). In exclusive mode it is the write view.
func (t *Txn) Current() (View, error) {
	if t.write != nil {
		return t.write, nil
	}
	if !t.shared {
		return nil, fmt.Errorf("storage: Current outside a write transaction")
	}
	latest, err := t.latestTx()
	if err != nil {
		return nil, err
	}
	if t.current.m == nil || t.current.m.base != latest {
		t.current = currentView{t: t, m: &mergedView{base: latest}}
	}
	t.current.m.ws = t.ws
	return t.current, nil
}

// lockWrite locks key of ks for a concurrent write: a key newly locked
// whose latest committed value is not the snapshot's is ErrWriteConflict.
func (t *Txn) lockWrite(ks, key []byte) error {
	newly, err := t.Lock(ks, key)
	if err != nil || !newly {
		return err
	}
	stale, err := t.Stale(ks, key)
	if err == nil && stale {
		err = fmt.Errorf("%w: key %x of keyspace %q", ErrWriteConflict, key, ks)
	}
	return err
}

// needKeyspace returns ErrNoKeyspace unless the transaction's view has ks.
func (t *Txn) needKeyspace(ks []byte) error {
	v, err := t.Reader()
	if err != nil {
		return err
	}
	if !v.Has(ks) {
		return fmt.Errorf("%w: %q", ErrNoKeyspace, ks)
	}
	return nil
}

// wsWrite writes to the write set, after checking ks; lock locks the key
// first (lockWrite).
func (t *Txn) wsWrite(ks, key, value []byte, del, lock bool) error {
	if err := t.needKeyspace(ks); err != nil {
		return err
	}
	if lock {
		if err := t.lockWrite(ks, key); err != nil {
			return err
		}
	}
	if err := t.Flush(ks); err != nil { // the deferred writes are older
		return err
	}
	t.ws.set(bytes.Clone(ks), bytes.Clone(key), bytes.Clone(value), del)
	t.writes++
	return nil
}

// errNotWriting is the error of a write outside a write transaction.
var errNotWriting = errors.New("storage: write outside a write transaction")

func (t *Txn) writer() (engineTx, error) {
	if t.write == nil {
		return nil, errNotWriting
	}
	return t.write, nil
}

// noteCounterKey records, in exclusive mode, a Put or Delete of a key that
// holds a counter (NextCounter).
func (t *Txn) noteCounterKey(ks, key []byte) {
	if ck := string(wsKey(ks, key)); t.store.isCounter(ck) {
		t.counterKeys = append(t.counterKeys, ck)
	}
}

// Put writes key = value in keyspace ks. In exclusive mode it records the
// old value for undo; in concurrent mode it locks the key first (a stale
// key is ErrWriteConflict). Errors: ErrNoKeyspace; lock errors
// (ErrLockWaitTimeout, ErrDeadlock, ctx's cause); the engine's.
func (t *Txn) Put(ks, key, value []byte) error {
	if t.shared {
		return t.wsWrite(ks, key, value, false, true)
	}
	w, err := t.writer()
	if err != nil {
		return err
	}
	if !t.committing {
		// A missing keyspace fails the put below; its undo entry is then
		// skipped by undoTo.
		t.undo = append(t.undo, undoEntry{ks: ks, key: bytes.Clone(key), old: bytes.Clone(w.Get(ks, key))})
		t.noteCounterKey(ks, key)
	}
	t.writes++
	return w.put(ks, key, value)
}

// PutNew is Put of a key the caller knows is absent from ks and that no
// other transaction can write: it looked in this transaction and holds
// the key's lock (Lock), or the key is a fresh sequence value. In
// exclusive mode it records the undo entry without reading the old value;
// in concurrent mode it neither locks nor checks, and is deferred as Defer
// is (key and value are copied; a reader of ks must Flush it).
func (t *Txn) PutNew(ks, key, value []byte) error {
	if t.shared {
		if err := t.needKeyspace(ks); err != nil {
			return err
		}
		t.Defer(ks, key, value, false)
		return nil
	}
	w, err := t.writer()
	if err != nil {
		return err
	}
	if !t.committing {
		t.undo = append(t.undo, undoEntry{ks: ks, key: bytes.Clone(key)})
	}
	t.writes++
	return w.put(ks, key, value)
}

// Load writes key = value in keyspace ks without an undo entry or a lock:
// for filling a keyspace this transaction created (whose undo drops it
// whole), as a bulk build or a table rewrite does. In exclusive mode the
// write goes straight to the engine.
func (t *Txn) Load(ks, key, value []byte) error {
	if t.shared {
		return t.wsWrite(ks, key, value, false, false)
	}
	w, err := t.writer()
	if err != nil {
		return err
	}
	t.writes++
	return w.put(ks, key, value)
}

// Delete deletes key from keyspace ks, as Put writes it; deleting a missing
// key is no error.
func (t *Txn) Delete(ks, key []byte) error {
	if t.shared {
		return t.wsWrite(ks, key, nil, true, true)
	}
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
	t.noteCounterKey(ks, key)
	t.writes++
	return w.delete(ks, key)
}

// CreateKeyspace creates keyspace ks, recording it for undo. Errors:
// ErrKeyspaceExists; the engine's.
func (t *Txn) CreateKeyspace(ks []byte) error {
	if t.shared {
		v, err := t.Reader()
		if err != nil {
			return err
		}
		if v.Has(ks) {
			return fmt.Errorf("%w: %q", ErrKeyspaceExists, ks)
		}
		st, _ := t.ws.space(ks)
		st.created = true
		t.ws.setSpace(bytes.Clone(ks), st)
		t.writes++
		return nil
	}
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
// error). In exclusive mode it is not undone by RollbackTo or a failed
// statement, only by Rollback: SQL commits DDL implicitly, so no statement
// that drops data is rolled back to before the drop. (In concurrent mode
// savepoints and statement rollback undo it with everything else.)
func (t *Txn) DropKeyspace(ks []byte) error {
	if t.shared {
		if _, err := t.Reader(); err != nil {
			return err
		}
		delete(t.pending, string(ks))
		t.ws.dropKeys(ks)
		t.ws.setSpace(bytes.Clone(ks), ksState{dropped: true})
		t.writes++
		return nil
	}
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
	if t.shared {
		t.ws.setSpace(bytes.Clone(ks), ksState{dropped: true, created: true})
		return nil
	}
	return t.write.createKeyspace(ks)
}

// NextSequence returns the next value (1, 2, …) of keyspace ks's sequence.
// Values are handed out outside the transaction: concurrent transactions
// get distinct values, and, as with AUTO_INCREMENT, a value handed out is
// not given back by a rollback. The sequence is stored with the
// transaction's commit (in exclusive mode at once, in concurrent mode
// moved at commit to the largest value the transaction was given).
// Errors: ErrNoKeyspace; the engine's.
func (t *Txn) NextSequence(ks []byte) (uint64, error) {
	if !t.Writing() {
		return 0, errNotWriting
	}
	if err := t.needKeyspace(ks); err != nil && !t.Exclusive() {
		return 0, err
	}
	v, err := t.store.counter("s"+string(ks), 0, func() (uint64, error) {
		src, err := t.sequenceSource()
		if err != nil {
			return 0, err
		}
		n, err := src.sequence(ks)
		if errors.Is(err, ErrNoKeyspace) {
			return 0, nil // created by this transaction: not committed yet
		}
		return n + 1, err
	})
	if err != nil {
		return 0, err
	}
	if t.write != nil {
		return v, t.write.setSequence(ks, v)
	}
	if t.seqs == nil {
		t.seqs = map[string]uint64{}
	}
	t.seqs[string(ks)] = max(t.seqs[string(ks)], v)
	return v, nil
}

// sequenceSource is the engine transaction a sequence or counter is first
// read from: the write transaction in exclusive mode, else the latest
// committed data.
func (t *Txn) sequenceSource() (engineTx, error) {
	if t.write != nil {
		return t.write, nil
	}
	return t.latestTx()
}

// NextCounter returns the next value of the counter stored under key of
// keyspace ks (an 8-byte big-endian next value; 1 if absent) and moves the
// counter past it. Like NextSequence, values are handed out outside the
// transaction, never twice, and not given back by a rollback; the stored
// counter moves with the commit (never backwards). AUTO_INCREMENT is such
// a counter.
func (t *Txn) NextCounter(ks, key []byte) (uint64, error) { return t.moveCounter(ks, key, 0) }

// AdvanceCounter moves the counter of NextCounter to at least next.
func (t *Txn) AdvanceCounter(ks, key []byte, next uint64) error {
	_, err := t.moveCounter(ks, key, next)
	return err
}

// moveCounter hands out the next value (atLeast 0) or moves the counter to
// at least atLeast, and records what to store.
func (t *Txn) moveCounter(ks, key []byte, atLeast uint64) (uint64, error) {
	if !t.Writing() {
		return 0, errNotWriting
	}
	ck := string(wsKey(ks, key))
	v, before, after, err := t.store.moveCounter(ck, atLeast, func() (uint64, error) {
		src, err := t.sequenceSource()
		if err != nil {
			return 0, err
		}
		return counterValue(src.Get(ks, key)), nil
	})
	if err != nil {
		return 0, err
	}
	if t.moved == nil {
		t.moved = map[string][2]uint64{}
	}
	if m, ok := t.moved[ck]; ok && m[1] == before {
		t.moved[ck] = [2]uint64{m[0], after} // nobody moved it in between
	} else {
		t.moved[ck] = [2]uint64{before, after}
	}
	next := v + 1 // the stored counter: the next value to hand out
	if atLeast != 0 {
		next = v
	}
	if t.write != nil {
		if old := t.write.Get(ks, key); old != nil && counterValue(old) < next {
			t.undo = append(t.undo, undoEntry{ks: bytes.Clone(ks), key: bytes.Clone(key), old: bytes.Clone(old)})
			t.writes++
			return v, t.write.put(ks, key, binary.BigEndian.AppendUint64(nil, next))
		}
		return v, nil
	}
	if t.counterMax == nil {
		t.counterMax = map[string]uint64{}
	}
	t.counterMax[ck] = max(t.counterMax[ck], next)
	return v, nil
}

// PeekCounter returns the value NextCounter would hand out next, without
// moving the counter.
func (t *Txn) PeekCounter(ks, key []byte) (uint64, error) {
	ck := string(wsKey(ks, key))
	if v, ok := t.store.peekCounter(ck); ok {
		return v, nil
	}
	r, err := t.Reader()
	if err != nil {
		return 0, err
	}
	return counterValue(r.Get(ks, key)), nil
}

// counterValue decodes a counter (NextCounter); 1 if absent.
func counterValue(v []byte) uint64 {
	if len(v) != 8 {
		return 1
	}
	return binary.BigEndian.Uint64(v)
}

// AddCounters adds deltas to the 8-byte big-endian words of the value of
// key in ks, each clamped at 0, if the key exists (a missing key stays
// missing). In concurrent mode the deltas are merged into the latest
// committed value at commit, without a lock: table statistics, which every
// writer of a table changes, do not make writers wait for each other.
// Reads of the key in this transaction see the deltas. Deltas are undone
// by a savepoint or statement rollback like writes.
func (t *Txn) AddCounters(ks, key []byte, deltas ...int64) error {
	return t.addCounters(ks, key, deltas, false)
}

// UpsertCounters is AddCounters for a key that may be missing: a missing
// key is first created with len(deltas) zero words, in the latest
// committed data at commit (concurrent mode), so that two transactions
// that both create it add up instead of one overwriting the other. Per
// term document frequencies, whose terms appear as rows are written, are
// such counters. In this transaction's reads a key it creates appears to
// Get (not to cursors or Count until it commits). If ks is gone at commit
// the deltas go with it.
func (t *Txn) UpsertCounters(ks, key []byte, deltas ...int64) error {
	return t.addCounters(ks, key, deltas, true)
}

func (t *Txn) addCounters(ks, key []byte, deltas []int64, upsert bool) error {
	if t.shared {
		if err := t.needKeyspace(ks); err != nil {
			return err
		}
		t.ws.addDeltas(bytes.Clone(ks), bytes.Clone(key), deltas, upsert)
		t.writes++
		return nil
	}
	w, err := t.writer()
	if err != nil {
		return err
	}
	v := w.Get(ks, key)
	if v == nil {
		if !upsert {
			return nil
		}
		v = make([]byte, 8*len(deltas))
	}
	return t.Put(ks, key, applyDeltas(v, deltas))
}

// Defer records a put (or, del, a delete) of key in keyspace ks whose lock
// is covered by another key's (an index entry by its row's). In exclusive
// mode it is applied by Flush in key order: bbolt splits pages only at
// commit, so one transaction that adds index entries in random order to a
// large keyspace moves ever more memory per entry; applied sorted, they
// are appended in order. pebble's batch index is a skiplist, where sorted
// inserts are several times cheaper than random ones too. A reader of ks
// must Flush it first. key and value are copied (pending.go: into chunks
// the garbage collector need not scan). In concurrent mode Flush moves the
// writes into the write set, and Commit applies what was never flushed,
// sorted, straight from the pending list: a bulk load's index entries
// never go through the write set's tree.
func (t *Txn) Defer(ks, key, value []byte, del bool) {
	if value == nil && !del {
		value = []byte{}
	}
	t.pendingOf(ks).add(key, value, del)
	t.writes++
}

// pendingOf returns the deferred writes of ks, made on first use (a
// lookup by a []byte key does not copy it).
func (t *Txn) pendingOf(ks []byte) *pendingList {
	if p := t.pending[string(ks)]; p != nil {
		return p
	}
	if t.pending == nil {
		t.pending = map[string]*pendingList{}
	}
	p := &pendingList{}
	t.pending[string(ks)] = p
	return p
}

// Reserve makes room for n more deferred writes (Defer) to ks.
func (t *Txn) Reserve(ks []byte, n int) {
	p := t.pendingOf(ks)
	p.ws = slices.Grow(p.ws, n)
}

// Flush applies the deferred writes of keyspace ks: the last write of each
// key, in key order.
func (t *Txn) Flush(ks []byte) error {
	p := t.pending[string(ks)]
	if p == nil || len(p.ws) == 0 || t.write == nil && !t.shared {
		return nil
	}
	delete(t.pending, string(ks))
	p = p.sorted()
	if t.shared {
		for _, w := range p.ws {
			var v []byte
			if !w.del {
				v = p.value(w)
			}
			t.ws.set(bytes.Clone(ks), p.key(w), v, w.del)
		}
		t.writes++
		return nil
	}
	for _, w := range p.ws {
		var err error
		if w.del {
			err = t.Delete(ks, p.key(w))
		} else {
			err = t.Put(ks, p.key(w), p.value(w))
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
// RollbackStatement to; in exclusive mode the undo log of earlier
// statements is dropped unless a savepoint needs it, in concurrent mode
// the mark is an O(1) copy of the write set.
func (t *Txn) StatementBegin() int {
	if t.shared {
		_ = t.FlushAll() // cannot fail in concurrent mode
		t.stmt = t.ws.clone()
		return 0
	}
	if len(t.marks) == 0 {
		t.undo = t.undo[:0]
	}
	return len(t.undo)
}

// RollbackStatement undoes every write after mark (from StatementBegin).
// RollbackTo invalidates the marks taken after its savepoint: in SQL,
// ROLLBACK TO SAVEPOINT is a statement of its own. In concurrent mode the
// row locks the statement took stay, as InnoDB keeps them.
func (t *Txn) RollbackStatement(mark int) error {
	if t.shared {
		t.pending = nil
		if t.stmt != nil {
			t.setWS(t.stmt.clone())
		}
		return nil
	}
	return t.undoTo(mark)
}

func (t *Txn) setWS(ws *writeSet) {
	t.ws = ws
	t.writes++
}

// Savepoint sets savepoint name (replacing one of the same name) at the
// current point. Names are compared exactly; SQL's case-insensitivity is
// the caller's.
func (t *Txn) Savepoint(name string) error {
	if err := t.FlushAll(); err != nil {
		return err
	}
	sp := savepoint{name: name, undo: len(t.undo)}
	if t.shared {
		sp.ws = t.ws.clone()
	}
	t.marks = slices.DeleteFunc(t.marks, func(s savepoint) bool { return s.name == name })
	t.marks = append(t.marks, sp)
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
	sp := t.marks[i]
	t.marks = t.marks[:i+1]
	if t.shared {
		t.pending = nil
		if sp.ws != nil {
			t.setWS(sp.ws.clone())
		} else {
			t.setWS(newWriteSet()) // set before the transaction's first write
		}
		return nil
	}
	if sp.ws != nil {
		return nil // set in concurrent mode, which the transaction left: nothing to undo
	}
	return t.undoTo(sp.undo)
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
	var err error
	switch {
	case t.write != nil:
		err = t.commitExclusive()
	case t.shared:
		err = t.commitConcurrent()
	}
	if err != nil {
		err = fmt.Errorf("storage: commit failed, the transaction was rolled back: %w", err)
	}
	t.end()
	return err
}

func (t *Txn) commitExclusive() error {
	defer t.store.meta.release(true)
	if len(t.pending) == 0 && !t.write.changed() {
		// The writer slot was taken but nothing written: no commit, no fsync.
		t.write.rollback()
		t.write = nil
		t.store.releaseWriter()
		return nil
	}
	// Nothing is undone after this point (a failed commit rolls the
	// whole engine transaction back), so the deferred writes keep no
	// undo log: that halves the key lookups of a large commit.
	t.committing = true
	err := t.FlushAll()
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
	if err == nil {
		t.store.commits.Add(1)
		t.store.forgetCounters(t.counterKeys)
	}
	t.store.releaseWriter()
	if wait != nil {
		// Group commit: the next writer runs while this one waits for
		// its fsync, and their fsyncs are shared.
		err = wait()
	}
	return err
}

func (t *Txn) commitConcurrent() error {
	defer t.releaseConcurrent()
	if t.ws.empty() && len(t.pending) == 0 && len(t.seqs) == 0 && len(t.counterMax) == 0 {
		return nil
	}
	t.closeReads() // a bbolt commit that grows the file would wait for them
	pending := make(map[string]*pendingList, len(t.pending))
	for ks, p := range t.pending {
		pending[ks] = p.sorted()
	}
	return t.store.commit(&commitReq{ws: t.ws, pending: pending, seqs: t.seqs, counters: t.counterMax})
}

// releaseConcurrent releases the row locks and the metadata lock.
func (t *Txn) releaseConcurrent() {
	t.store.locks.release(t.id, t.locks)
	t.locks = nil
	t.shared = false
	t.store.meta.release(false)
}

func (t *Txn) closeReads() {
	if t.read != nil {
		t.read.rollback()
		t.read = nil
	}
	if t.latest != nil {
		t.latest.rollback()
		t.latest = nil
	}
	t.current = currentView{}
}

// Rollback discards the transaction's writes and ends it. Counter values
// (NextCounter) it was the last to take are given back.
func (t *Txn) Rollback() {
	for name, m := range t.moved {
		t.store.giveBack(name, m[0], m[1])
	}
	switch {
	case t.write != nil:
		t.write.rollback()
		t.write = nil
		t.store.releaseWriter()
		t.store.meta.release(true)
	case t.shared:
		t.closeReads()
		t.releaseConcurrent()
	}
	t.end()
}

func (t *Txn) end() {
	t.pending = nil
	t.closeReads()
	t.undo = nil
	t.marks = nil
	t.ws, t.stmt = nil, nil
	t.seqs, t.counterMax, t.counterKeys, t.moved = nil, nil, nil, nil
	t.ctx = nil
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
