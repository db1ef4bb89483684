package storage

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/tidwall/btree"
)

// writeSet is what a concurrent Txn (see Txn.Concurrent) has written and not
// yet committed: puts and deletes (tombstones) of keys, kept in key order
// in one B-tree (github.com/tidwall/btree) under composite keys
// (len(ks) as 2 bytes big-endian, ks, key); keyspaces it created or
// dropped; and deltas to counters that are merged into the latest
// committed value at commit (AddCounters). Its clone is O(1) (the tree is
// copy-on-write), which is what savepoints and statement rollback take.
type writeSet struct {
	tree   *btree.BTreeG[wsItem]
	spaces map[string]ksState
	deltas map[string][]int64 // composite key → deltas to its words
	// upsert holds the composite keys of deltas that create their key,
	// zero words, where it is missing (Txn.UpsertCounters).
	upsert map[string]bool
}

// wsItem is one write: a put of value, or a delete (del).
type wsItem struct {
	key   []byte // composite
	value []byte
	del   bool
}

// ksState is what the transaction did to a keyspace as a whole: dropped
// hides the keyspace of the snapshot (it was dropped or cleared), created
// makes it exist.
type ksState struct{ created, dropped bool }

func wsLess(a, b wsItem) bool { return bytes.Compare(a.key, b.key) < 0 }

func newWriteSet() *writeSet {
	return &writeSet{tree: btree.NewBTreeGOptions(wsLess, btree.Options{NoLocks: true})}
}

// clone returns a copy that shares the tree copy-on-write.
func (w *writeSet) clone() *writeSet {
	c := &writeSet{tree: w.tree.Copy()}
	if len(w.spaces) > 0 {
		c.spaces = make(map[string]ksState, len(w.spaces))
		for k, v := range w.spaces {
			c.spaces[k] = v
		}
	}
	if len(w.deltas) > 0 {
		c.deltas = make(map[string][]int64, len(w.deltas))
		for k, v := range w.deltas {
			c.deltas[k] = slices.Clone(v)
		}
	}
	if len(w.upsert) > 0 {
		c.upsert = make(map[string]bool, len(w.upsert))
		for k := range w.upsert {
			c.upsert[k] = true
		}
	}
	return c
}

func (w *writeSet) empty() bool {
	return w.tree.Len() == 0 && len(w.spaces) == 0 && len(w.deltas) == 0
}

// wsPrefix is the composite prefix of keyspace ks.
func wsPrefix(ks []byte) []byte {
	return append(binary.BigEndian.AppendUint16(make([]byte, 0, 2+len(ks)+16), uint16(len(ks))), ks...)
}

func wsKey(ks, key []byte) []byte { return append(wsPrefix(ks), key...) }

// splitKey returns the keyspace and key of composite key c.
func splitKey(c []byte) (ks, key []byte) {
	n := int(binary.BigEndian.Uint16(c))
	return c[2 : 2+n], c[2+n:]
}

func (w *writeSet) set(ks, key, value []byte, del bool) {
	if value == nil && !del {
		value = []byte{}
	}
	ck := wsKey(ks, key)
	w.tree.Set(wsItem{key: ck, value: value, del: del})
	if w.deltas != nil {
		delete(w.deltas, string(ck)) // a put replaces the counters' value
		delete(w.upsert, string(ck))
	}
}

// get returns the write set's entry for key of ks: found, and then its
// value (nil for a delete).
func (w *writeSet) get(ks, key []byte) (value []byte, found bool) {
	if w.tree.Len() == 0 {
		return nil, false
	}
	it, ok := w.tree.Get(wsItem{key: wsKey(ks, key)})
	if !ok {
		return nil, false
	}
	if it.del {
		return nil, true
	}
	return it.value, true
}

// hasKeys reports whether the write set has entries in ks.
func (w *writeSet) hasKeys(ks []byte) bool {
	p := wsPrefix(ks)
	found := false
	w.tree.Ascend(wsItem{key: p}, func(it wsItem) bool {
		found = bytes.HasPrefix(it.key, p)
		return false
	})
	return found
}

// dropKeys removes the entries and deltas of ks.
func (w *writeSet) dropKeys(ks []byte) {
	p := wsPrefix(ks)
	var keys []wsItem
	w.tree.Ascend(wsItem{key: p}, func(it wsItem) bool {
		if !bytes.HasPrefix(it.key, p) {
			return false
		}
		keys = append(keys, it)
		return true
	})
	for _, it := range keys {
		w.tree.Delete(it)
	}
	for k := range w.deltas {
		if bytes.HasPrefix([]byte(k), p) {
			delete(w.deltas, k)
			delete(w.upsert, k)
		}
	}
}

func (w *writeSet) space(ks []byte) (ksState, bool) {
	st, ok := w.spaces[string(ks)]
	return st, ok
}

func (w *writeSet) setSpace(ks []byte, st ksState) {
	if w.spaces == nil {
		w.spaces = map[string]ksState{}
	}
	w.spaces[string(ks)] = st
}

// addDeltas adds deltas to the pending deltas of key of ks; upsert makes
// them create the key where it is missing.
func (w *writeSet) addDeltas(ks, key []byte, deltas []int64, upsert bool) {
	if w.deltas == nil {
		w.deltas = map[string][]int64{}
	}
	ck := string(wsKey(ks, key))
	if upsert {
		if w.upsert == nil {
			w.upsert = map[string]bool{}
		}
		w.upsert[ck] = true
	}
	d := w.deltas[ck]
	for len(d) < len(deltas) {
		d = append(d, 0)
	}
	for i, x := range deltas {
		d[i] += x
	}
	w.deltas[ck] = d
}

// applyDeltas returns v (8-byte big-endian words) with deltas added to its
// words, each clamped at 0; v itself is not changed. A nil v stays nil: a
// counter that does not exist is not created.
func applyDeltas(v []byte, deltas []int64) []byte {
	if v == nil {
		return nil
	}
	out := bytes.Clone(v)
	for i, d := range deltas {
		if 8*i+8 > len(out) {
			break
		}
		n := int64(binary.BigEndian.Uint64(out[8*i:])) + d
		binary.BigEndian.PutUint64(out[8*i:], uint64(max(n, 0)))
	}
	return out
}

// mergedView is a View of base (a snapshot, or the latest committed data)
// with a write set over it.
type mergedView struct {
	base engineTx
	ws   *writeSet
}

func (m *mergedView) baseHas(ks []byte) bool {
	if st, ok := m.ws.space(ks); ok && st.dropped {
		return false
	}
	return m.base.Has(ks)
}

func (m *mergedView) Has(ks []byte) bool {
	if st, ok := m.ws.space(ks); ok {
		return st.created || (!st.dropped && m.base.Has(ks))
	}
	return m.base.Has(ks)
}

func (m *mergedView) Get(ks, key []byte) []byte {
	v, found := m.ws.get(ks, key)
	if !found {
		if !m.baseHas(ks) {
			return nil
		}
		v = m.base.Get(ks, key)
	}
	if len(m.ws.deltas) > 0 {
		ck := string(wsKey(ks, key))
		if d, ok := m.ws.deltas[ck]; ok {
			if v == nil && m.ws.upsert[ck] && m.Has(ks) {
				v = make([]byte, 8*len(d))
			}
			v = applyDeltas(v, d)
		}
	}
	return v
}

func (m *mergedView) Count(ks []byte) int {
	n := 0
	hasBase := m.baseHas(ks)
	if hasBase {
		n = m.base.Count(ks)
	}
	p := wsPrefix(ks)
	m.ws.tree.Ascend(wsItem{key: p}, func(it wsItem) bool {
		if !bytes.HasPrefix(it.key, p) {
			return false
		}
		inBase := hasBase && m.base.Get(ks, it.key[len(p):]) != nil
		switch {
		case it.del && inBase:
			n--
		case !it.del && !inBase:
			n++
		}
		return true
	})
	return n
}

func (m *mergedView) Cursor(ks []byte) Cursor {
	if !m.Has(ks) {
		return emptyCursor{}
	}
	hasBase := m.baseHas(ks)
	if hasBase && !m.ws.hasKeys(ks) {
		return m.base.Cursor(ks)
	}
	var base Cursor = emptyCursor{}
	if hasBase {
		base = m.base.Cursor(ks)
	}
	// The cursor walks a copy of the tree: later writes of the transaction
	// copy the nodes they change and leave the cursor's view as it was.
	tree := m.ws.tree.Copy()
	return &mergedCursor{base: base, tree: tree, it: tree.Iter(), prefix: wsPrefix(ks)}
}

// mergedCursor walks a keyspace of a base cursor and a write set in key
// order: a write-set entry hides the base's entry of the same key, and a
// tombstone hides it without showing anything. Both sources are kept
// positioned on either side of the last key returned (cur): at or after it
// when moving forward, at or before it when moving back.
type mergedCursor struct {
	base   Cursor
	tree   *btree.BTreeG[wsItem]
	it     btree.IterG[wsItem]
	prefix []byte

	bk, bv []byte // the base's position; bk nil: past its end
	wok    bool   // the write set's position is valid
	back   bool   // moving backward
	cur    []byte // the last key returned; nil: none, or past an end
}

func (c *mergedCursor) wKey() []byte { return c.it.Item().key[len(c.prefix):] }

func (c *mergedCursor) wIn(ok bool) bool {
	c.wok = ok && bytes.HasPrefix(c.it.Item().key, c.prefix)
	return c.wok
}

func (c *mergedCursor) wSeek(k []byte) bool {
	return c.wIn(c.it.Seek(wsItem{key: append(bytes.Clone(c.prefix), k...)}))
}

func (c *mergedCursor) wLast() bool {
	end := prefixEnd(c.prefix)
	if end == nil || !c.it.Seek(wsItem{key: end}) {
		return c.wIn(c.it.Last())
	}
	return c.wIn(c.it.Prev())
}

func (c *mergedCursor) wNext() { c.wIn(c.it.Next()) }
func (c *mergedCursor) wPrev() { c.wIn(c.it.Prev()) }

// baseStep moves the base one key on in the cursor's direction (c.back).
func (c *mergedCursor) baseStep() ([]byte, []byte) {
	if c.back {
		return c.base.Prev()
	}
	return c.base.Next()
}

// wStep moves the write set one key on in the cursor's direction (c.back).
func (c *mergedCursor) wStep() {
	if c.back {
		c.wPrev()
	} else {
		c.wNext()
	}
}

// visible returns the nearest visible key at or beyond both positions in direction back:
// backward the largest at or before them, forward the smallest at or after them. A write-set
// deletion hides the base's entry at the same key.
func (c *mergedCursor) visible(back bool) ([]byte, []byte) {
	c.back = back
	for {
		if c.wok && (c.bk == nil || c.wFirst()) {
			it := c.it.Item()
			if c.bk != nil && bytes.Equal(c.wKey(), c.bk) && it.del {
				c.bk, c.bv = c.baseStep()
				c.wStep()
				continue
			}
			if it.del {
				c.wStep()
				continue
			}
			c.cur = c.wKey()
			return c.cur, it.value
		}
		if c.bk != nil {
			c.cur = c.bk
			return c.bk, c.bv
		}
		c.cur = nil
		return nil, nil
	}
}

// wFirst reports whether the write set's key comes no later than the base's in the cursor's
// direction; both positions must be valid.
func (c *mergedCursor) wFirst() bool {
	cmp := bytes.Compare(c.wKey(), c.bk)
	if c.back {
		return cmp >= 0
	}
	return cmp <= 0
}

// stepPast moves each source standing on cur one key on in direction back and returns the
// visible key there.
func (c *mergedCursor) stepPast(cur []byte, back bool) ([]byte, []byte) {
	c.back = back
	if c.bk != nil && bytes.Equal(c.bk, cur) {
		c.bk, c.bv = c.baseStep()
	}
	if c.wok && bytes.Equal(c.wKey(), cur) {
		c.wStep()
	}
	return c.visible(back)
}

func (c *mergedCursor) First() ([]byte, []byte) {
	c.bk, c.bv = c.base.First()
	c.wSeek(nil)
	return c.visible(false)
}

func (c *mergedCursor) Last() ([]byte, []byte) {
	c.bk, c.bv = c.base.Last()
	c.wLast()
	return c.visible(true)
}

func (c *mergedCursor) Seek(k []byte) ([]byte, []byte) {
	c.bk, c.bv = c.base.Seek(k)
	c.wSeek(k)
	return c.visible(false)
}

func (c *mergedCursor) Next() ([]byte, []byte) {
	if c.cur == nil {
		return nil, nil
	}
	cur := bytes.Clone(c.cur)
	if c.back {
		// Turn round: both sources to the first key at or after cur, then past cur.
		c.bk, c.bv = c.base.Seek(cur)
		c.wSeek(cur)
	}
	return c.stepPast(cur, false)
}

func (c *mergedCursor) Prev() ([]byte, []byte) {
	if c.cur == nil {
		return nil, nil
	}
	cur := bytes.Clone(c.cur)
	if !c.back {
		// Turn round: both sources to the last key before cur.
		c.bk, c.bv = c.base.Seek(cur)
		if c.bk == nil {
			c.bk, c.bv = c.base.Last()
		}
		if c.bk != nil && bytes.Compare(c.bk, cur) >= 0 {
			c.bk, c.bv = c.base.Prev()
		}
		if !c.wSeek(cur) {
			c.wLast()
		}
		if c.wok && bytes.Compare(c.wKey(), cur) >= 0 {
			c.wPrev()
		}
		return c.visible(true)
	}
	return c.stepPast(cur, true)
}

func (c *mergedCursor) Close() {
	if c.base != nil {
		c.base.Close()
		c.base = nil
		c.it.Release()
	}
}
