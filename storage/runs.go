package storage

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"go.etcd.io/bbolt"
)

// Packed runs.
//
// A packed-runs keyspace (RunsKeyspace) is read and written key by key as
// any other, like a packed keyspace (packed.go), and holds its keys in the
// same blocks; but a commit does not merge its writes into the blocks they
// fall in. With keys spread at random (MinHash band hashes) nearly every
// block of a packed keyspace takes some of a large commit's writes, so
// each commit rewrites the whole index and a bulk load's statements cost
// more and more (BenchmarkPackedLoadGrowth). Here a commit's writes become
// a run of their own, written in key order without reading old blocks, as
// in a log-structured merge tree; the runs are merged size-tiered.
//
// On bbolt the keyspace is a bucket of runs: each run a nested bucket
// named by its number (8 bytes, big-endian; newer runs have higher
// numbers), whose sequence is its number of entries and whose keys are
// blocks, under their first keys, as in a packed keyspace. A block's value
// (format runsFormat, pinned by TestRunsGolden) is a packed block's
// (0x02 instead of 0x01) with each value prefixed by a byte: runLive, or
// runTomb for a deleted key (a tombstone, which hides the key in the older
// runs; its value is empty).
//
// A transaction gathers its writes to the keyspace (a sorted pending
// list's in order, without copying) and, at commit or before a cursor or
// a count reads the keyspace, sorts them (the last write of a key wins)
// and writes them: fewer than runsSmall merge into the newest run's blocks
// in place (so that single-row writes do not pile up runs), more make a
// new run. Then, while the newest run has at least half the entries of
// the one before, the two are merged into one new run: the runs' sizes at
// least halve from the oldest on, so there are at most about log₂ n of
// them. Tombstones are dropped from the oldest run (the only run, or a
// merge into it), which therefore has none. Get looks in the runs newest
// first; a cursor merges the runs' cursors, newest first among equal keys,
// tombstones skipped. Everything happens in the bbolt write transaction,
// so crash recovery, rollback and savepoints (the undo log writes keys
// back) are as for any keyspace. pebble stores the keyspace as any other.

// runsFormat is the first byte of a run's block's value.
const runsFormat = 2

// The first byte of a value in a run's block.
const (
	runLive = 0
	runTomb = 1
)

// runsSmall is the number of writes below which a commit's writes merge
// into the newest run instead of making a new one (a variable for tests).
var runsSmall = 4096

// RunsKeyspace returns the name of a packed-runs keyspace (see above) for
// the keyspace name and keys whose first headLen bytes (1 to 255) are the
// head: 0xFF 'R' headLen name. Every key written to it must have at least
// headLen bytes.
func RunsKeyspace(name []byte, headLen int) []byte { return headKeyspace('R', name, headLen) }

// RunsHead returns the head length of keyspace ks if it is a packed-runs
// keyspace (RunsKeyspace), else 0.
func RunsHead(ks []byte) int { return keyspaceHead('R', ks) }

// runsTable is the writes a transaction gathered for a runs keyspace:
// a sorted pending list as it is (a commit's deferred writes, the usual
// case: millions of them in a bulk load), or changes.
type runsTable struct {
	list    *pendingList // one write per key, in key order; then changes is empty
	changes []pentry
	sorted  bool   // changes are in key order (equal keys adjacent, later last)
	arena   []byte // copies of keys written one at a time
}

// spill moves the list's writes into changes.
func (m *runsTable) spill() {
	if p := m.list; p != nil {
		m.list = nil
		for _, w := range p.ws {
			var value []byte
			if !w.del {
				value = p.value(w)
			}
			m.add(p.key(w), value, w.del)
		}
	}
}

// empty reports whether m holds no writes.
func (m *runsTable) empty() bool { return m.list == nil && len(m.changes) == 0 }

// each calls fn with each write of m in key order, the last of each key
// only (m's changes are sorted in place).
func (m *runsTable) each(fn func(key []byte, del bool, value []byte) error) error {
	if p := m.list; p != nil {
		for _, w := range p.ws {
			var value []byte
			if !w.del {
				value = p.value(w)
			}
			if err := fn(p.key(w), w.del, value); err != nil {
				return err
			}
		}
		return nil
	}
	for _, c := range sortChanges(m.changes, m.sorted, true) {
		if err := fn(c.key, c.del, c.value); err != nil {
			return err
		}
	}
	return nil
}

// len returns the number of m's writes (at least the number of keys).
func (m *runsTable) len() int {
	if m.list != nil {
		return len(m.list.ws)
	}
	return len(m.changes)
}

func (m *runsTable) add(key, value []byte, del bool) {
	if n := len(m.changes); n > 0 && m.sorted && bytes.Compare(m.changes[n-1].key, key) > 0 {
		m.sorted = false
	}
	m.changes = append(m.changes, pentry{key: key, value: value, del: del})
}

// runsTable returns ks's table of gathered writes, made if need be.
func (t *boltTx) runsTable(ks []byte) *runsTable {
	m := t.runs[string(ks)]
	if m == nil {
		m = &runsTable{sorted: true}
		if t.runs == nil {
			t.runs = map[string]*runsTable{}
		}
		t.runs[string(ks)] = m
	}
	return m
}

// runsWrite gathers a put (or, del, a delete) of key in runs keyspace ks.
// value must stay unchanged until the transaction ends.
func (t *boltTx) runsWrite(ks, key, value []byte, del bool) error {
	if _, err := t.bucket(ks); err != nil {
		return err
	}
	if h := RunsHead(ks); len(key) < h {
		return fmt.Errorf("%w %q: %d bytes, head %d", errPackedKey, ks, len(key), h)
	}
	m := t.runsTable(ks)
	m.spill()
	m.add(arenaKeep(&m.arena, key), value, del)
	if !m.sorted && len(m.changes) >= packedMaxChanges {
		return t.runsFlush(ks) // so that a Get's search of them stays short
	}
	return nil
}

// runsWriteList is runsWrite of each write of p, a sorted pending list,
// whose keys live until the transaction ends: they are not copied.
func (t *boltTx) runsWriteList(ks []byte, p *pendingList) error {
	if _, err := t.bucket(ks); err != nil {
		return err
	}
	h := RunsHead(ks)
	for _, w := range p.ws {
		if int(w.key.n) < h {
			return fmt.Errorf("%w %q: %d bytes, head %d", errPackedKey, ks, w.key.n, h)
		}
	}
	m := t.runsTable(ks)
	if m.empty() {
		m.list = p
		return nil
	}
	m.spill()
	for _, w := range p.ws {
		var value []byte
		if !w.del {
			value = p.value(w)
		}
		m.add(p.key(w), value, w.del)
	}
	if !m.sorted && len(m.changes) >= packedMaxChanges {
		return t.runsFlush(ks)
	}
	return nil
}

// run is one run of a runs keyspace.
type run struct {
	name []byte // its number, 8 bytes big-endian
	b    *bbolt.Bucket
	size int // its entries, tombstones included
}

// runList returns the runs of bucket parent (of keyspace ks), oldest first.
func runList(ks []byte, parent *bbolt.Bucket) []run {
	var runs []run
	c := parent.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		b := parent.Bucket(k)
		if v != nil || len(k) != 8 || b == nil {
			panic(damaged(ks, k))
		}
		runs = append(runs, run{name: k, b: b, size: int(b.Sequence())})
	}
	return runs
}

// runsGet returns the value of key in runs keyspace ks, or nil.
func (t *boltTx) runsGet(ks, key []byte) []byte {
	if m := t.runs[string(ks)]; m != nil {
		c, found := changeOf(m.changes, m.sorted, key)
		if p := m.list; p != nil {
			var i int
			if i, found = p.search(key); found {
				w := p.ws[i]
				c = pentry{del: w.del}
				if !w.del {
					c.value = p.value(w)
				}
			}
		}
		if found {
			switch {
			case c.del:
				return nil
			case c.value == nil:
				return []byte{}
			}
			return c.value
		}
	}
	parent := t.keyspace(ks)
	headLen := RunsHead(ks)
	if parent == nil || len(key) < headLen {
		return nil
	}
	runs := runList(ks, parent)
	for i := len(runs) - 1; i >= 0; i-- {
		v := blockGet(ks, runs[i].b, key, headLen)
		if v == nil {
			continue
		}
		if len(v) == 0 {
			panic(damaged(ks, runs[i].name))
		}
		if v[0] == runTomb {
			return nil
		}
		return v[1:]
	}
	return nil
}

// runsFlushAll writes every runs keyspace's gathered writes.
func (t *boltTx) runsFlushAll() error {
	for ks := range t.runs {
		if err := t.runsFlush([]byte(ks)); err != nil {
			return err
		}
	}
	return nil
}

// runsFlushKeyspace writes ks's gathered writes before a cursor or a
// count reads ks; the commit returns the error.
func (t *boltTx) runsFlushKeyspace(ks []byte) {
	if err := t.runsFlush(ks); err != nil && t.failed == nil {
		t.failed = err
	}
}

// runsFlush writes the writes gathered for runs keyspace ks: into the
// newest run, or as a new one (see above), then merges runs.
func (t *boltTx) runsFlush(ks []byte) error {
	m := t.runs[string(ks)]
	if m == nil || m.empty() {
		return nil
	}
	defer func() { m.list, m.changes, m.arena, m.sorted = nil, m.changes[:0], m.arena[:0], true }()
	parent, err := t.bucket(ks)
	if err != nil {
		return err
	}
	headLen := RunsHead(ks)
	runs := runList(ks, parent)
	if m.len() < runsSmall && len(runs) > 0 {
		m.spill()
		changes := sortChanges(m.changes, m.sorted, true)
		err = t.mergeIntoRun(ks, parent, runs[len(runs)-1], changes, headLen, len(runs) == 1)
	} else {
		err = newRun(parent, runs, headLen, func(add func(key []byte, tomb bool, value []byte) error) error {
			return m.each(func(key []byte, del bool, value []byte) error {
				if del && len(runs) == 0 {
					return nil // nothing older to hide
				}
				return add(key, del, value)
			})
		})
	}
	if err != nil {
		return err
	}
	return compactRuns(ks, parent, headLen)
}

// mergeIntoRun merges changes (sorted, one per key) into the blocks of
// run r in place, as a packed keyspace's writes are; a delete is a
// tombstone unless r is the oldest run.
func (t *boltTx) mergeIntoRun(ks []byte, parent *bbolt.Bucket, r run, changes []pentry, headLen int, oldest bool) error {
	size := 0
	for _, c := range changes {
		size += 1 + len(c.value)
	}
	vals := make([]byte, 0, size) // the changes' values with their first byte
	fl := make([]pentry, len(changes))
	for i, c := range changes {
		switch {
		case c.del && oldest:
			fl[i] = pentry{key: c.key, del: true}
		case c.del:
			vals = append(vals, runTomb)
			fl[i] = pentry{key: c.key, value: vals[len(vals)-1:]}
		default:
			start := len(vals)
			vals = append(append(vals, runLive), c.value...)
			fl[i] = pentry{key: c.key, value: vals[start:len(vals):len(vals)]}
		}
	}
	b := r.b
	b.FillPercent = packedFill
	c := b.Cursor()
	bb := &t.blocks
	for j := 0; j < len(fl); {
		bk, bv := blockFor(c, fl[j].key)
		var hi []byte
		oldN := 0
		if bk != nil {
			bk = bytes.Clone(bk)
			if nk, _ := c.Next(); nk != nil {
				hi = bytes.Clone(nk)
			}
			it, ok := newBlockIter(bk, bv, headLen)
			if !ok {
				return damaged(ks, bk)
			}
			oldN = it.n
		}
		end := j + 1
		for end < len(fl) && (hi == nil || bytes.Compare(fl[end].key, hi) < 0) {
			end++
		}
		if err := bb.merge(ks, bk, bv, fl[j:end], headLen); err != nil {
			return err
		}
		var keys, vs [][]byte
		if bb.len() > 0 {
			keys, vs = bb.cut(headLen)
		}
		if bk != nil && (len(keys) == 0 || !bytes.Equal(keys[0], bk)) {
			if err := b.Delete(bk); err != nil {
				return err
			}
		}
		for i, k := range keys {
			vs[i][0] = runsFormat // cut makes packed blocks: the same but for this byte
			if err := b.Put(k, vs[i]); err != nil {
				return err
			}
		}
		r.size += bb.len() - oldN
		j = end
	}
	if r.size <= 0 {
		return parent.DeleteBucket(r.name)
	}
	return b.SetSequence(uint64(r.size))
}

// runWriter writes a run's entries, in key order, into blocks of at most
// runBlockMax() bytes (one entry larger, a block of its own), into a
// bucket filled in key order: pages filled whole (FillPercent 1), two
// blocks to a 4 KB page.
type runWriter struct {
	b            *bbolt.Bucket
	headLen      int
	body         []byte // the block's entries so far, after blockRoom bytes
	first, prev  []byte
	val          []byte // scratch: a value with its first byte
	n, total     int
	lastWasFirst bool
}

// add appends key with value (tomb: a tombstone).
func (w *runWriter) add(key []byte, tomb bool, value []byte) error {
	w.val = append(w.val[:0], runLive)
	if tomb {
		w.val[0] = runTomb
	} else {
		w.val = append(w.val, value...)
	}
	return w.addRaw(key, w.val)
}

// addRaw appends key with v, a value with its first byte.
func (w *runWriter) addRaw(key, v []byte) error {
	if w.n > 0 && len(w.body)-blockRoom+entrySize(w.prev, key, v, w.headLen) > runBlockMax() {
		if err := w.finish(); err != nil {
			return err
		}
	}
	ref := w.prev
	if w.n == 0 {
		w.body = make([]byte, blockRoom, blockRoom+packedBlockMax+len(key)+len(v)+8)
		w.first = append(w.first[:0], key...)
		ref = key
	}
	w.body = appendEntry(w.body, ref, key, v, w.headLen)
	w.prev = append(w.prev[:0], key...)
	w.n++
	return nil
}

// runBlockMax is the most bytes of entries a runWriter puts in a block:
// packedBlockMax less room for the block's header and two bbolt leaf
// elements and their keys, so that two blocks fill a page of twice
// packedBlockMax.
func runBlockMax() int { return max(packedBlockMax-64, packedBlockMax/2) }

// finish writes the block begun, if any.
func (w *runWriter) finish() error {
	if w.n == 0 {
		return nil
	}
	v := finishBlock(w.body, w.n)
	v[0] = runsFormat
	w.total += w.n
	w.n, w.body = 0, nil
	return w.b.Put(w.first, v) // bbolt copies the key; v is a new array
}

// newRun makes a run, newer than runs, of the entries that fill hands to
// add in key order (deleted if it has none).
func newRun(parent *bbolt.Bucket, runs []run, headLen int, fill func(add func(key []byte, tomb bool, value []byte) error) error) error {
	w, name, err := startRun(parent, runs, headLen)
	if err != nil {
		return err
	}
	if err := fill(w.add); err != nil {
		return err
	}
	return endRun(parent, w, name)
}

// startRun creates the bucket of a run newer than runs and returns its
// writer and name.
func startRun(parent *bbolt.Bucket, runs []run, headLen int) (*runWriter, []byte, error) {
	num := uint64(1)
	if len(runs) > 0 {
		num = binary.BigEndian.Uint64(runs[len(runs)-1].name) + 1
	}
	name := binary.BigEndian.AppendUint64(nil, num)
	b, err := parent.CreateBucket(name)
	if err != nil {
		return nil, nil, err
	}
	b.FillPercent = 1 // written in key order; later merges into it use packedFill
	return &runWriter{b: b, headLen: headLen}, name, nil
}

// endRun finishes w's run, named name: its size, or its deletion if it
// has no entries.
func endRun(parent *bbolt.Bucket, w *runWriter, name []byte) error {
	if err := w.finish(); err != nil {
		return err
	}
	if w.total == 0 {
		return parent.DeleteBucket(name)
	}
	return w.b.SetSequence(uint64(w.total))
}

// compactRuns merges the two newest runs of parent into one while the
// newest has at least half the entries of the one before it; tombstones
// merged into the oldest run are dropped.
func compactRuns(ks []byte, parent *bbolt.Bucket, headLen int) error {
	for {
		runs := runList(ks, parent)
		n := len(runs)
		if n < 2 || 2*runs[n-1].size < runs[n-2].size {
			return nil
		}
		oldest := n == 2
		w, name, err := startRun(parent, runs, headLen)
		if err != nil {
			return err
		}
		a := runIter{ks: ks, c: runs[n-2].b.Cursor(), headLen: headLen}
		b := runIter{ks: ks, c: runs[n-1].b.Cursor(), headLen: headLen}
		a.load(a.c.First())
		b.load(b.c.First())
		for a.ok || b.ok {
			from, both := &b, false
			if !b.ok {
				from = &a
			} else if a.ok {
				switch c := compareKeys(a.it.key, b.it.key); {
				case c < 0:
					from = &a
				case c == 0:
					both = true // the newer run's wins
				}
			}
			if v := from.it.value(); len(v) == 0 {
				panic(damaged(ks, from.it.key))
			} else if !oldest || v[0] != runTomb {
				if err := w.addRaw(from.it.key, v); err != nil {
					return err
				}
			}
			from.next()
			if both {
				a.next()
			}
		}
		if err := endRun(parent, w, name); err != nil {
			return err
		}
		for _, r := range runs[n-2:] {
			if err := parent.DeleteBucket(r.name); err != nil {
				return err
			}
		}
	}
}

// runIter walks the entries of a run in key order, decoding them in
// place.
type runIter struct {
	ks      []byte
	c       *bbolt.Cursor
	headLen int
	it      blockIter // at the entry, if ok
	ok      bool
}

// load starts at block k = v (nil k: none) and moves to its first entry.
func (r *runIter) load(k, v []byte) {
	r.ok = false
	if k == nil {
		return
	}
	var ok bool
	if r.it, ok = newBlockIter(k, v, r.headLen); !ok {
		panic(damaged(r.ks, k))
	}
	r.next()
}

// next moves to the next entry, in the next block if need be.
func (r *runIter) next() {
	for {
		if r.it.next() {
			r.ok = true
			return
		}
		if r.it.damaged() {
			panic(damaged(r.ks, r.it.key))
		}
		k, v := r.c.Next()
		if k == nil {
			r.ok = false
			return
		}
		var ok bool
		if r.it, ok = newBlockIter(k, v, r.headLen); !ok {
			panic(damaged(r.ks, k))
		}
	}
}

// runsCursor returns a cursor over runs keyspace ks.
func (t *boltTx) runsCursor(ks []byte) Cursor {
	t.runsFlushKeyspace(ks)
	parent := t.keyspace(ks)
	if parent == nil {
		return emptyCursor{}
	}
	return newRunsMerge(ks, runList(ks, parent), RunsHead(ks))
}

// runsCount returns the number of keys of runs keyspace ks: the oldest
// run has no tombstones, so if it is the only one its blocks' counts.
func (t *boltTx) runsCount(ks []byte) int {
	t.runsFlushKeyspace(ks)
	parent := t.keyspace(ks)
	if parent == nil {
		return 0
	}
	runs := runList(ks, parent)
	if len(runs) == 1 {
		return blockCount(ks, runs[0].b, RunsHead(ks))
	}
	c := newRunsMerge(ks, runs, RunsHead(ks))
	n := 0
	for k, _ := c.First(); k != nil; k, _ = c.Next() {
		n++
	}
	return n
}

// newRunsMerge returns the merge of runs' cursors.
func newRunsMerge(ks []byte, runs []run, headLen int) *runsMerge {
	m := &runsMerge{ks: ks}
	for _, r := range runs {
		m.cs = append(m.cs, &packedCursor{ks: ks, c: r.b.Cursor(), headLen: headLen})
	}
	m.keys, m.vals = make([][]byte, len(runs)), make([][]byte, len(runs))
	return m
}

// runsMerge is a k-way merge of runs' cursors (oldest first): of equal
// keys the newest run's wins, and a tombstone hides the key. Every cursor
// stands after the key last returned (cur) when moving forward, before it
// when moving back; a change of direction seeks them all again.
type runsMerge struct {
	ks         []byte
	cs         []Cursor
	keys, vals [][]byte // where each cursor stands
	back       bool
	cur        []byte // the key last returned; nil: none (past an end)
}

func (m *runsMerge) First() ([]byte, []byte) {
	for i, c := range m.cs {
		m.keys[i], m.vals[i] = c.First()
	}
	m.back = false
	return m.step()
}

func (m *runsMerge) Last() ([]byte, []byte) {
	for i, c := range m.cs {
		m.keys[i], m.vals[i] = c.Last()
	}
	m.back = true
	return m.step()
}

func (m *runsMerge) Seek(key []byte) ([]byte, []byte) {
	for i, c := range m.cs {
		m.keys[i], m.vals[i] = c.Seek(key)
	}
	m.back = false
	return m.step()
}

func (m *runsMerge) Next() ([]byte, []byte) {
	if m.cur == nil {
		return nil, nil
	}
	if m.back {
		for i, c := range m.cs {
			k, v := c.Seek(m.cur)
			if k != nil && bytes.Equal(k, m.cur) {
				k, v = c.Next()
			}
			m.keys[i], m.vals[i] = k, v
		}
		m.back = false
	}
	return m.step()
}

func (m *runsMerge) Prev() ([]byte, []byte) {
	if m.cur == nil {
		return nil, nil
	}
	if !m.back {
		for i, c := range m.cs {
			k, v := c.Seek(m.cur)
			if k == nil {
				k, v = c.Last()
			} else {
				k, v = c.Prev()
			}
			m.keys[i], m.vals[i] = k, v
		}
		m.back = true
	}
	return m.step()
}

func (m *runsMerge) Close() {}

// single returns the cursor of the one run, if there is only one: the
// oldest, which has no tombstones.
func (m *runsMerge) single() *packedCursor {
	if len(m.cs) == 1 {
		return m.cs[0].(*packedCursor)
	}
	return nil
}

// scanPrefix implements prefixScanner: with one run, its blocks decoded in
// place (packedCursor.scanPrefix).
func (m *runsMerge) scanPrefix(prefix []byte, fn func(k, val []byte) error) error {
	p := m.single()
	if p == nil {
		return scanPrefixCursor(m, prefix, fn)
	}
	return p.scanPrefix(prefix, func(k, v []byte) error {
		if len(v) == 0 {
			panic(damaged(m.ks, k))
		}
		if v[0] == runTomb {
			return nil
		}
		return fn(k, v[1:])
	})
}

// scanRuns implements runScanner: with one run (no tombstones), from its
// encoding (packedCursor.scanRuns).
func (m *runsMerge) scanRuns(prefix []byte, r *runCollector) error {
	if p := m.single(); p != nil {
		return p.scanRuns(prefix, r)
	}
	return scanRunsCursor(m, prefix, r)
}

// step returns the next key in the cursor's direction and moves the
// cursors standing on it on.
func (m *runsMerge) step() ([]byte, []byte) {
	for {
		best := -1
		for i, k := range m.keys {
			if k == nil {
				continue
			}
			if best < 0 {
				best = i
				continue
			}
			c := bytes.Compare(k, m.keys[best])
			if m.back {
				c = -c
			}
			if c <= 0 { // later runs are newer: they win ties
				best = i
			}
		}
		if best < 0 {
			m.cur = nil
			return nil, nil
		}
		k, v := m.keys[best], m.vals[best]
		for i, ki := range m.keys {
			if ki != nil && bytes.Equal(ki, k) {
				if m.back {
					m.keys[i], m.vals[i] = m.cs[i].Prev()
				} else {
					m.keys[i], m.vals[i] = m.cs[i].Next()
				}
			}
		}
		if len(v) == 0 {
			panic(damaged(m.ks, k))
		}
		m.cur = k
		if v[0] == runTomb {
			continue
		}
		return k, v[1:]
	}
}
