package storage

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"go.etcd.io/bbolt"
)

// boltEngine keeps a data directory of format 1 in one bbolt file: a
// keyspace is a top-level bucket.
type boltEngine struct {
	path string
	opts *bbolt.Options
	// mu guards db, which a rewrite (reclaim.go) replaces by the DB of the
	// new file: begin holds it shared while it begins a transaction.
	mu sync.RWMutex
	db *bbolt.DB
	// retired counts the DBs of replaced files still closing: each closes
	// once the read transactions begun on it end.
	retired sync.WaitGroup
	// failed is set when a rewrite renamed the new file into place but
	// could not open it: the old DB (now of an unlinked file) must not
	// take writes, so every transaction is refused until a restart.
	failed atomic.Pointer[error]
}

// initialMmapSize is the size of bbolt's initial memory map: 16 GiB of address space, not
// of memory or disk. bbolt re-maps the file when it outgrows the map, and re-mapping waits
// for every open read transaction to finish; a goroutine that holds a read transaction
// while it (or anything it waits for) commits a write that grows the file would deadlock.
// With a map larger than any file we expect, no re-map happens below 16 GiB.
const initialMmapSize = 1 << 34

func openBolt(dir string, opts Options) (*boltEngine, error) {
	path := filepath.Join(dir, DBFile)
	bopts := &bbolt.Options{
		Timeout:         opts.Timeout,
		ReadOnly:        opts.ReadOnly,
		InitialMmapSize: initialMmapSize,
		FreelistType:    bbolt.FreelistMapType,
	}
	if !opts.ReadOnly {
		// A rewrite that crashed before its rename left its copy: the
		// old file is whole, the copy is not needed.
		if err := os.Remove(path + rewriteSuffix); err != nil && !errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("storage: remove %s: %w", path+rewriteSuffix, err)
		}
	}
	db, err := bbolt.Open(path, 0o644, bopts)
	if err != nil {
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	return &boltEngine{path: path, opts: bopts, db: db}, nil
}

func (e *boltEngine) begin(write bool) (engineTx, error) {
	if err := e.failed.Load(); err != nil {
		return nil, fmt.Errorf("%w: %v; restart the server", ErrEngineFailed, *err)
	}
	e.mu.RLock()
	tx, err := e.db.Begin(write)
	e.mu.RUnlock()
	if err != nil {
		if errors.Is(err, bbolt.ErrDatabaseReadOnly) {
			err = ErrReadOnly
		}
		return nil, fmt.Errorf("storage: begin transaction on %s: %w", e.path, err)
	}
	return &boltTx{tx: tx, path: e.path}, nil
}

func (e *boltEngine) close() error {
	e.retired.Wait()
	if err := e.db.Close(); err != nil {
		return fmt.Errorf("storage: close %s: %w", e.path, err)
	}
	return nil
}

func (e *boltEngine) size() (int64, error) {
	fi, err := os.Stat(e.path)
	if err != nil {
		return 0, fmt.Errorf("storage: stat %s: %w", e.path, err)
	}
	return fi.Size(), nil
}

type boltTx struct {
	tx   *bbolt.Tx
	path string
	// open holds, by keyspace, the block of a packed keyspace (packed.go)
	// whose writes are being gathered.
	open map[string]*openBlock
	// spare is an openBlock written back, kept for the next block opened.
	spare *openBlock
	// runs holds, by keyspace, the writes gathered for a packed-runs
	// keyspace (runs.go).
	runs map[string]*runsTable
	// blocks is the scratch of a packed block's write-back.
	blocks blockBuf
	// failed is the error of merging a packed block's writes before a
	// read (a cursor or a count), which has no error to return: the
	// commit returns it.
	failed error
	// buckets caches a read transaction's buckets by keyspace (nil: none
	// such): bbolt finds a top-level bucket by a cursor seek on every
	// Tx.Bucket, and caches them only in a write transaction, so each Get
	// of a duplicate-key check paid two seeks (Has and Get) before its own.
	buckets map[string]*bbolt.Bucket
}

// keyspace returns ks's bucket, nil if there is none. A read
// transaction's keyspaces never change, so it remembers them; a write
// transaction's bbolt remembers (and forgets on a drop) itself.
func (t *boltTx) keyspace(ks []byte) *bbolt.Bucket {
	if t.tx.Writable() {
		return t.tx.Bucket(ks)
	}
	if b, ok := t.buckets[string(ks)]; ok {
		return b
	}
	b := t.tx.Bucket(ks)
	if t.buckets == nil {
		t.buckets = map[string]*bbolt.Bucket{}
	}
	t.buckets[string(ks)] = b
	return b
}

func (t *boltTx) Get(ks, key []byte) []byte {
	if RunsHead(ks) > 0 {
		return t.runsGet(ks, key)
	}
	if PackedHead(ks) > 0 {
		return t.packedGet(ks, key)
	}
	if b := t.keyspace(ks); b != nil {
		return b.Get(key)
	}
	return nil
}

func (t *boltTx) Has(ks []byte) bool { return t.keyspace(ks) != nil }

func (t *boltTx) Cursor(ks []byte) Cursor {
	if RunsHead(ks) > 0 {
		return t.runsCursor(ks)
	}
	if h := PackedHead(ks); h > 0 {
		t.writeBackKeyspace(ks)
		if b := t.keyspace(ks); b != nil {
			return &packedCursor{ks: ks, c: b.Cursor(), headLen: h}
		}
		return emptyCursor{}
	}
	if b := t.keyspace(ks); b != nil {
		return boltCursor{b.Cursor()}
	}
	return emptyCursor{}
}

func (t *boltTx) Count(ks []byte) int {
	if RunsHead(ks) > 0 {
		return t.runsCount(ks)
	}
	if PackedHead(ks) > 0 {
		return t.packedCount(ks)
	}
	if b := t.keyspace(ks); b != nil {
		return b.Stats().KeyN
	}
	return 0
}

func (t *boltTx) bucket(ks []byte) (*bbolt.Bucket, error) {
	b := t.keyspace(ks)
	if b == nil {
		return nil, fmt.Errorf("%w: %q", ErrNoKeyspace, ks)
	}
	return b, nil
}

func (t *boltTx) put(ks, key, value []byte) error {
	if RunsHead(ks) > 0 {
		return t.runsWrite(ks, key, value, false)
	}
	if PackedHead(ks) > 0 {
		return t.packedWrite(ks, key, value, false)
	}
	b, err := t.bucket(ks)
	if err != nil {
		return err
	}
	return b.Put(key, value)
}

func (t *boltTx) delete(ks, key []byte) error {
	if RunsHead(ks) > 0 {
		return t.runsWrite(ks, key, nil, true)
	}
	if PackedHead(ks) > 0 {
		return t.packedWrite(ks, key, nil, true)
	}
	b, err := t.bucket(ks)
	if err != nil {
		return err
	}
	return b.Delete(key)
}

func (t *boltTx) createKeyspace(ks []byte) error {
	if _, err := t.tx.CreateBucket(ks); err != nil {
		if errors.Is(err, bbolt.ErrBucketExists) {
			return fmt.Errorf("%w: %q", ErrKeyspaceExists, ks)
		}
		return fmt.Errorf("storage: creating keyspace %q: %w", ks, err)
	}
	return nil
}

func (t *boltTx) dropKeyspace(ks []byte) error {
	delete(t.open, string(ks))
	delete(t.runs, string(ks))
	t.spare = nil
	if err := t.tx.DeleteBucket(ks); err != nil && !errors.Is(err, bbolt.ErrBucketNotFound) {
		return err
	}
	return nil
}

func (t *boltTx) nextSequence(ks []byte) (uint64, error) {
	b, err := t.bucket(ks)
	if err != nil {
		return 0, err
	}
	return b.NextSequence()
}

func (t *boltTx) sequence(ks []byte) (uint64, error) {
	b, err := t.bucket(ks)
	if err != nil {
		return 0, err
	}
	return b.Sequence(), nil
}

func (t *boltTx) setSequence(ks []byte, v uint64) error {
	b, err := t.bucket(ks)
	if err != nil {
		return err
	}
	return b.SetSequence(v)
}

// changed: bbolt materialises a node for every change (put, delete,
// bucket, sequence); a packed keyspace's writes may still be gathered.
func (t *boltTx) changed() bool {
	if len(t.open) > 0 {
		return true
	}
	for _, m := range t.runs {
		if !m.empty() {
			return true
		}
	}
	st := t.tx.Stats()
	return st.GetNodeCount() != 0
}

func (t *boltTx) commit() error {
	err := t.failed
	if err == nil {
		err = t.writeBackAll()
	}
	if err == nil {
		err = t.runsFlushAll()
	}
	if err != nil {
		_ = t.tx.Rollback()
		return fmt.Errorf("storage: commit to %s: %w", t.path, err)
	}
	if err := t.tx.Commit(); err != nil {
		return fmt.Errorf("storage: commit to %s: %w", t.path, err)
	}
	return nil
}

func (t *boltTx) rollback() {
	t.open, t.spare, t.runs = nil, nil, nil
	_ = t.tx.Rollback()
}

type boltCursor struct{ c *bbolt.Cursor }

func (c boltCursor) First() ([]byte, []byte)        { return c.c.First() }
func (c boltCursor) Last() ([]byte, []byte)         { return c.c.Last() }
func (c boltCursor) Seek(k []byte) ([]byte, []byte) { return c.c.Seek(k) }
func (c boltCursor) Next() ([]byte, []byte)         { return c.c.Next() }
func (c boltCursor) Prev() ([]byte, []byte)         { return c.c.Prev() }
func (c boltCursor) Close()                         {}
