package storage

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cockroachdb/pebble/v2"
)

// pebbleEngine keeps a data directory of format 2 in a pebble LSM
// (github.com/cockroachdb/pebble/v2) under dir/PebbleDir. One key space
// holds every keyspace:
//
//	0x01 len(ks) ks key      → value          a key of keyspace ks
//	0x00 'k' ks              → ""             keyspace ks exists
//	0x00 's' ks              → 8 bytes BE     ks's sequence (NextSequence)
//
// Keyspace names are at most 255 bytes. Reads go through a pebble snapshot
// (a read Txn) or an indexed batch (the write Txn: its own writes over the
// latest committed state, which no one else changes while it holds the
// writer slot); commit applies the batch to the write-ahead log with
// fsync. pebble's commit pipeline lets concurrent commits share one fsync
// (group commit): Txn.Commit releases the writer slot once its batch is
// applied and then waits for the fsync.
type pebbleEngine struct {
	dir string
	db  *pebble.DB
	// failed is set by a commit that failed after its batch reached the
	// memtable (a WAL write or sync error): the batch is visible there and
	// cannot be taken back, so from then on every transaction is refused
	// (fail-stop) rather than let anyone read a commit that was reported
	// failed. Reopening replays only what the WAL holds.
	failed atomic.Pointer[error]
	// dropped compacts the key ranges of dropped keyspaces in the
	// background (see compactDropped).
	dropped dropCompactor
}

// dropCompactor compacts, in one background goroutine, the key ranges that
// committed DROP TABLE, DROP DATABASE and TRUNCATE deleted (a DeleteRange
// each): pebble drops whole sstables under a range tombstone only once the
// tombstone has left the memtable, which may take many writes, so a
// dropped table's files would stay on disk until then.
//
// A compaction keeps the keys an open snapshot may read, so each range
// waits (up to snapshotWait) for the snapshots older than its drop to
// close: the reading transactions open when the table was dropped.
type dropCompactor struct {
	mu      sync.Mutex
	queue   []droppedRange
	running bool
	closed  bool
	done    sync.WaitGroup
	ctx     context.Context
	cancel  context.CancelFunc
}

// droppedRange is the key range of a dropped keyspace, and the sequence
// number of the commit that dropped it.
type droppedRange struct {
	start, end []byte
	seq        pebble.SeqNum
}

// snapshotWait bounds the wait of a dropped range's compaction for the
// snapshots older than the drop: a longer-lived snapshot keeps the range's
// keys on disk until a later compaction.
const snapshotWait = 30 * time.Second

// PebbleDir is the directory of the pebble files inside a data directory of format 2.
const PebbleDir = "pebble"

func openPebble(dir string, opts Options) (*pebbleEngine, error) {
	path := filepath.Join(dir, PebbleDir)
	cache := pebble.NewCache(32 << 20)
	defer cache.Unref()
	popts := &pebble.Options{
		Cache:        cache,
		MemTableSize: 32 << 20,
		ReadOnly:     opts.ReadOnly,
		Logger:       quietLogger{},
		// Readers of a data directory of format 2 need this pebble format or newer.
		FormatMajorVersion: pebble.FormatNewest,
	}
	if opts.ReadOnly {
		popts.ErrorIfNotExists = true
	}
	db, err := pebble.Open(path, popts)
	if err != nil {
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	return newPebbleEngine(path, db), nil
}

func newPebbleEngine(dir string, db *pebble.DB) *pebbleEngine {
	e := &pebbleEngine{dir: dir, db: db}
	e.dropped.ctx, e.dropped.cancel = context.WithCancel(context.Background())
	return e
}

// compactDropped queues the key ranges of keyspaces dropped by the commit
// of sequence number seq for compaction, if sstables hold any of their
// keys (keys still only in the memtable need none: the flush drops them
// under the tombstone).
func (e *pebbleEngine) compactDropped(ranges [][2][]byte, seq pebble.SeqNum) {
	c := &e.dropped
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return
	}
	for _, r := range ranges {
		if n, err := e.db.EstimateDiskUsage(r[0], r[1]); err == nil && n > 0 {
			c.queue = append(c.queue, droppedRange{r[0], r[1], seq})
		}
	}
	if c.running || len(c.queue) == 0 {
		return
	}
	c.running = true
	c.done.Add(1)
	go func() {
		defer c.done.Done()
		for {
			c.mu.Lock()
			q := c.queue
			c.queue = nil
			if len(q) == 0 || c.closed {
				c.running = false
				c.mu.Unlock()
				return
			}
			c.mu.Unlock()
			for _, r := range q {
				e.awaitSnapshotsAfter(c.ctx, r.seq)
				if err := e.db.Compact(c.ctx, r.start, r.end, false); err != nil && c.ctx.Err() == nil {
					log.Printf("storage: compacting a dropped keyspace of %s: %v", e.dir, err)
				}
			}
		}
	}()
}

// awaitSnapshotsAfter waits until every open snapshot is newer than seq,
// for at most snapshotWait or until ctx is done.
func (e *pebbleEngine) awaitSnapshotsAfter(ctx context.Context, seq pebble.SeqNum) {
	for deadline := time.Now().Add(snapshotWait); time.Now().Before(deadline); {
		if m := e.db.Metrics(); m.Snapshots.Count == 0 || m.Snapshots.EarliestSeqNum > seq {
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// quietLogger drops pebble's informational lines; errors go to the
// process log.
type quietLogger struct{}

func (quietLogger) Infof(string, ...any)              {}
func (quietLogger) Errorf(format string, args ...any) { log.Printf("pebble: "+format, args...) }
func (quietLogger) Fatalf(format string, args ...any) { log.Fatalf("pebble: "+format, args...) }

func (e *pebbleEngine) begin(write bool) (engineTx, error) {
	if err := e.failed.Load(); err != nil {
		return nil, fmt.Errorf("%w: a commit to %s failed (%v); restart the server once the cause is fixed (statements are refused so that no one reads the failed commit)", ErrEngineFailed, e.dir, *err)
	}
	if write {
		return &pebbleTx{e: e, b: e.db.NewIndexedBatch()}, nil
	}
	snap := e.db.NewSnapshot()
	return &pebbleTx{e: e, snap: snap}, nil
}

func (e *pebbleEngine) close() error {
	c := &e.dropped
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
	c.cancel()
	c.done.Wait()
	if err := e.db.Close(); err != nil {
		return fmt.Errorf("storage: close %s: %w", e.dir, err)
	}
	return nil
}

func (e *pebbleEngine) size() (int64, error) {
	if e.dir == memoryDir {
		return int64(e.db.Metrics().DiskSpaceUsage()), nil
	}
	var n int64
	err := filepath.WalkDir(e.dir, func(_ string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fi, err := d.Info()
		if err == nil {
			n += fi.Size()
		}
		if errors.Is(err, fs.ErrNotExist) {
			return nil // an obsolete file pebble deleted meanwhile
		}
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("storage: size of %s: %w", e.dir, err)
	}
	return n, nil
}

type pebbleTx struct {
	e    *pebbleEngine
	snap *pebble.Snapshot // a read transaction's snapshot
	b    *pebble.Batch    // the write transaction's indexed batch
	done bool
	// known caches whether keyspaces exist: only this transaction changes
	// that while it lives (a snapshot does not change; a writer holds the
	// writer slot).
	known map[string]bool
	// dropped are the key ranges of keyspaces the transaction dropped.
	dropped [][2][]byte
}

func dataPrefix(ks []byte) []byte {
	p := make([]byte, 0, 2+len(ks)+16)
	return append(append(p, 1, byte(len(ks))), ks...)
}

func dataKey(ks, key []byte) []byte { return append(dataPrefix(ks), key...) }

func markerKey(kind byte, ks []byte) []byte { return append([]byte{0, kind}, ks...) }

// prefixEnd returns the first key after every key beginning with p.
func prefixEnd(p []byte) []byte {
	end := bytes.Clone(p)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xff {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}

func (t *pebbleTx) get(key []byte) ([]byte, error) {
	var (
		v      []byte
		closer io.Closer
		err    error
	)
	if t.b != nil {
		v, closer, err = t.b.Get(key)
	} else {
		v, closer, err = t.snap.Get(key)
	}
	if errors.Is(err, pebble.ErrNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := append([]byte{}, v...)
	closer.Close()
	return out, nil
}

// Get implements View. A read error (a damaged file) is logged and reads
// as absent: View has no error path, and bbolt, mmap'ed, has none either.
func (t *pebbleTx) Get(ks, key []byte) []byte {
	v, err := t.get(dataKey(ks, key))
	if err != nil {
		log.Printf("storage: read of keyspace %q: %v", ks, err)
		return nil
	}
	return v
}

func (t *pebbleTx) Has(ks []byte) bool {
	if has, ok := t.known[string(ks)]; ok {
		return has
	}
	v, err := t.get(markerKey('k', ks))
	if err != nil {
		return false
	}
	t.setKnown(ks, v != nil)
	return v != nil
}

func (t *pebbleTx) setKnown(ks []byte, has bool) {
	if t.known == nil {
		t.known = map[string]bool{}
	}
	t.known[string(ks)] = has
}

func (t *pebbleTx) need(ks []byte) error {
	if !t.Has(ks) {
		return fmt.Errorf("%w: %q", ErrNoKeyspace, ks)
	}
	return nil
}

func (t *pebbleTx) iter(ks []byte) (*pebble.Iterator, error) {
	p := dataPrefix(ks)
	o := &pebble.IterOptions{LowerBound: p, UpperBound: prefixEnd(p)}
	if t.b != nil {
		return t.b.NewIter(o)
	}
	return t.snap.NewIter(o)
}

func (t *pebbleTx) Cursor(ks []byte) Cursor {
	if !t.Has(ks) {
		return emptyCursor{}
	}
	it, err := t.iter(ks)
	if err != nil {
		log.Printf("storage: cursor on keyspace %q: %v", ks, err)
		return emptyCursor{}
	}
	return &pebbleCursor{it: it, skip: 2 + len(ks), prefix: dataPrefix(ks)}
}

func (t *pebbleTx) Count(ks []byte) int {
	it, err := t.iter(ks)
	if err != nil {
		return 0
	}
	defer it.Close()
	n := 0
	for ok := it.First(); ok; ok = it.Next() {
		n++
	}
	return n
}

func (t *pebbleTx) put(ks, key, value []byte) error {
	if err := t.need(ks); err != nil {
		return err
	}
	if value == nil {
		value = []byte{}
	}
	return t.b.Set(dataKey(ks, key), value, nil)
}

func (t *pebbleTx) delete(ks, key []byte) error {
	if err := t.need(ks); err != nil {
		return err
	}
	return t.b.Delete(dataKey(ks, key), nil)
}

func (t *pebbleTx) createKeyspace(ks []byte) error {
	if len(ks) == 0 || len(ks) > 255 {
		return fmt.Errorf("storage: keyspace name of %d bytes (1 to 255)", len(ks))
	}
	if t.Has(ks) {
		return fmt.Errorf("%w: %q", ErrKeyspaceExists, ks)
	}
	if err := t.b.Set(markerKey('k', ks), []byte{}, nil); err != nil {
		return err
	}
	t.setKnown(ks, true)
	return nil
}

func (t *pebbleTx) dropKeyspace(ks []byte) error {
	p := dataPrefix(ks)
	end := prefixEnd(p)
	if err := t.b.DeleteRange(p, end, nil); err != nil {
		return err
	}
	t.dropped = append(t.dropped, [2][]byte{p, end})
	if err := t.b.Delete(markerKey('s', ks), nil); err != nil {
		return err
	}
	if err := t.b.Delete(markerKey('k', ks), nil); err != nil {
		return err
	}
	t.setKnown(ks, false)
	return nil
}

func (t *pebbleTx) nextSequence(ks []byte) (uint64, error) {
	if err := t.need(ks); err != nil {
		return 0, err
	}
	k := markerKey('s', ks)
	v, err := t.get(k)
	if err != nil {
		return 0, err
	}
	var n uint64
	if len(v) == 8 {
		n = binary.BigEndian.Uint64(v)
	}
	n++
	return n, t.b.Set(k, binary.BigEndian.AppendUint64(nil, n), nil)
}

func (t *pebbleTx) sequence(ks []byte) (uint64, error) {
	if err := t.need(ks); err != nil {
		return 0, err
	}
	v, err := t.get(markerKey('s', ks))
	if err != nil || len(v) != 8 {
		return 0, err
	}
	return binary.BigEndian.Uint64(v), nil
}

func (t *pebbleTx) setSequence(ks []byte, v uint64) error {
	if err := t.need(ks); err != nil {
		return err
	}
	return t.b.Set(markerKey('s', ks), binary.BigEndian.AppendUint64(nil, v), nil)
}

func (t *pebbleTx) changed() bool { return t.b != nil && !t.b.Empty() }

func (t *pebbleTx) commit() error {
	wait, err := t.apply()
	if err != nil {
		return err
	}
	return wait()
}

// apply applies the batch (visible to new readers) and returns the wait
// for its fsync; concurrent waits share fsyncs.
func (t *pebbleTx) apply() (wait func() error, err error) {
	b, dropped := t.b, t.dropped
	t.b, t.done, t.dropped = nil, true, nil
	if err := t.e.db.ApplyNoSyncWait(b, pebble.Sync); err != nil {
		b.Close()
		t.e.failed.CompareAndSwap(nil, &err)
		return nil, fmt.Errorf("storage: commit to %s: %w", t.e.dir, err)
	}
	return func() error {
		err := b.SyncWait()
		b.Close()
		if err != nil {
			t.e.failed.CompareAndSwap(nil, &err)
			return fmt.Errorf("storage: commit to %s: %w", t.e.dir, err)
		}
		if dropped != nil {
			t.e.compactDropped(dropped, b.SeqNum())
		}
		return nil
	}, nil
}

func (t *pebbleTx) rollback() {
	if t.done {
		return
	}
	t.done = true
	if t.b != nil {
		t.b.Close()
		t.b = nil
	}
	if t.snap != nil {
		t.snap.Close()
		t.snap = nil
	}
}

// pebbleCursor strips the keyspace prefix from the keys of a pebble
// iterator bounded to one keyspace. Keys and values are copied: a View's
// slices must outlive the next move.
type pebbleCursor struct {
	it     *pebble.Iterator
	skip   int
	prefix []byte
}

func (c *pebbleCursor) at(ok bool) ([]byte, []byte) {
	if !ok {
		return nil, nil
	}
	v, err := c.it.ValueAndErr()
	if err != nil {
		log.Printf("storage: cursor read: %v", err)
		return nil, nil
	}
	k := c.it.Key()[c.skip:]
	return append([]byte{}, k...), append([]byte{}, v...)
}

func (c *pebbleCursor) First() ([]byte, []byte) { return c.at(c.it.First()) }
func (c *pebbleCursor) Last() ([]byte, []byte)  { return c.at(c.it.Last()) }
func (c *pebbleCursor) Seek(k []byte) ([]byte, []byte) {
	return c.at(c.it.SeekGE(append(bytes.Clone(c.prefix), k...)))
}
func (c *pebbleCursor) Next() ([]byte, []byte) { return c.at(c.it.Next()) }
func (c *pebbleCursor) Prev() ([]byte, []byte) { return c.at(c.it.Prev()) }
func (c *pebbleCursor) Close() {
	if c.it != nil {
		c.it.Close()
		c.it = nil
	}
}
