package storage

import "bytes"

// The engine-neutral key-value surface. Everything above this package (the
// catalog, the index kinds) reads and writes through View, Cursor and Txn;
// which engine keeps the bytes (engine) is this package's business alone.

// View is a consistent view of the store: a read snapshot, or the write
// transaction with its own writes. Keys live in keyspaces (named by short
// byte strings: a table's rows, one index's entries, metadata); keys of a
// keyspace are ordered bytewise. Slices a View returns are valid until the
// transaction ends or next writes, whichever comes first: copy what must
// live longer.
type View interface {
	// Get returns the value of key in keyspace ks; nil if the key or the
	// keyspace does not exist. A present key with an empty value returns a
	// non-nil empty slice.
	Get(ks, key []byte) []byte
	// Has reports whether keyspace ks exists.
	Has(ks []byte) bool
	// Cursor returns a cursor over ks in key order (an empty one if ks does
	// not exist). It must be closed; a write to the transaction invalidates
	// it (Txn.Writes tells when: seek again).
	Cursor(ks []byte) Cursor
	// Count returns the number of keys in ks (0 if it does not exist). It
	// may walk the keyspace: O(keys).
	Count(ks []byte) int
}

// Cursor walks one keyspace of a View in key order. Each move returns the
// key and value it lands on, or a nil key past either end.
type Cursor interface {
	First() (key, value []byte)
	Last() (key, value []byte)
	// Seek moves to the first key ≥ key.
	Seek(key []byte) (k, v []byte)
	Next() (key, value []byte)
	Prev() (key, value []byte)
	// Close releases the cursor; it may be called twice.
	Close()
}

// engineTx is one transaction of an engine: a read snapshot, or the single
// write transaction (whose reads see its own writes). Txn adds undo,
// savepoints, deferred writes, write sets and locks on top.
type engineTx interface {
	View
	put(ks, key, value []byte) error
	delete(ks, key []byte) error
	createKeyspace(ks []byte) error
	// dropKeyspace deletes ks and every key in it; a missing ks is no error.
	dropKeyspace(ks []byte) error
	// nextSequence returns the next value (1, 2, …) of ks's counter; the
	// counter is durable with the transaction and never reused.
	nextSequence(ks []byte) (uint64, error)
	// sequence returns ks's counter (0 before its first value).
	sequence(ks []byte) (uint64, error)
	// setSequence sets ks's counter to v.
	setSequence(ks []byte, v uint64) error
	// changed reports whether the transaction has written anything.
	changed() bool
	// commit makes the writes durable (fsync) before it returns; on error
	// nothing of the transaction is kept.
	commit() error
	rollback()
}

// applier is an engineTx that can commit in two steps: apply makes the
// writes visible to new transactions and returns the wait for their fsync,
// which may run after the writer slot is released, so that concurrent
// commits share fsyncs (group commit).
type applier interface {
	apply() (wait func() error, err error)
}

// engine is the store behind a data directory.
type engine interface {
	begin(write bool) (engineTx, error)
	close() error
	// size is the engine's bytes on disk.
	size() (int64, error)
}

// ScanPrefix calls fn with each key of keyspace ks in v that begins with
// prefix, and its value, in key order, until fn returns an error, which it
// returns. The slices are valid only during the call: a packed keyspace's
// cursor then hands out its keys as it decodes them, without copying.
func ScanPrefix(v View, ks, prefix []byte, fn func(k, val []byte) error) error {
	c := v.Cursor(ks)
	defer c.Close()
	if s, ok := c.(prefixScanner); ok {
		return s.scanPrefix(prefix, fn)
	}
	return scanPrefixCursor(c, prefix, fn)
}

// scanPrefixCursor is ScanPrefix with cursor c, key by key.
func scanPrefixCursor(c Cursor, prefix []byte, fn func(k, val []byte) error) error {
	for k, val := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, val = c.Next() {
		if err := fn(k, val); err != nil {
			return err
		}
	}
	return nil
}

// ScanRuns calls fn, in key order, with each run of two or more keys of
// keyspace ks in v that begin with prefix and share their first headLen
// bytes: the head they share and the rest of each (its tail). Keys shorter
// than headLen are skipped. The slices are valid only during the call; fn's
// error stops the scan and is returned. On a packed keyspace whose head is
// headLen the runs are found from the encoding, without handing out the
// keys that are alone.
func ScanRuns(v View, ks, prefix []byte, headLen int, fn func(head []byte, tails [][]byte) error) error {
	r := &runCollector{headLen: headLen, fn: fn}
	c := v.Cursor(ks)
	defer c.Close()
	if s, ok := c.(runScanner); ok && (PackedHead(ks) == headLen || RunsHead(ks) == headLen) {
		return s.scanRuns(prefix, r)
	}
	return scanRunsCursor(c, prefix, r)
}

// scanRunsCursor is ScanRuns with cursor c, key by key.
func scanRunsCursor(c Cursor, prefix []byte, r *runCollector) error {
	for k, _ := c.Seek(prefix); k != nil && bytes.HasPrefix(k, prefix); k, _ = c.Next() {
		if len(k) < r.headLen {
			continue
		}
		if err := r.add(k, r.sameHead(k)); err != nil {
			return err
		}
	}
	return r.flush()
}

// runScanner is a Cursor with a faster ScanRuns of its own.
type runScanner interface {
	scanRuns(prefix []byte, r *runCollector) error
}

// runCollector gathers the keys of ScanRuns into runs of equal heads.
type runCollector struct {
	headLen int
	fn      func(head []byte, tails [][]byte) error
	head    []byte
	started bool
	buf     []byte // the run's tails, end to end
	ends    []int
	tails   [][]byte
}

// sameHead reports whether key's head is the run's.
func (r *runCollector) sameHead(key []byte) bool {
	return r.started && bytes.Equal(key[:r.headLen], r.head)
}

// add adds key, whose head is the run's if same, else begins a run.
func (r *runCollector) add(key []byte, same bool) error {
	if !same {
		if err := r.flush(); err != nil {
			return err
		}
		r.head, r.started = append(r.head[:0], key[:r.headLen]...), true
	}
	r.buf = append(r.buf, key[r.headLen:]...)
	r.ends = append(r.ends, len(r.buf))
	return nil
}

// flush hands the run, if it has two keys or more, to fn and empties it.
func (r *runCollector) flush() error {
	if len(r.ends) < 2 {
		r.buf, r.ends = r.buf[:0], r.ends[:0]
		return nil
	}
	r.tails = r.tails[:0]
	start := 0
	for _, e := range r.ends {
		r.tails = append(r.tails, r.buf[start:e:e])
		start = e
	}
	err := r.fn(r.head, r.tails)
	r.buf, r.ends = r.buf[:0], r.ends[:0]
	return err
}

// prefixScanner is a Cursor with a faster ScanPrefix of its own.
type prefixScanner interface {
	scanPrefix(prefix []byte, fn func(k, val []byte) error) error
}

// emptyCursor is the cursor of a keyspace that does not exist.
type emptyCursor struct{}

func (emptyCursor) First() ([]byte, []byte)      { return nil, nil }
func (emptyCursor) Last() ([]byte, []byte)       { return nil, nil }
func (emptyCursor) Seek([]byte) ([]byte, []byte) { return nil, nil }
func (emptyCursor) Next() ([]byte, []byte)       { return nil, nil }
func (emptyCursor) Prev() ([]byte, []byte)       { return nil, nil }
func (emptyCursor) Close()                       {}
