package catalog

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/cespare/xxhash/v2"

	"github.com/simsql/simsql/storage"
)

// stmtBuffer is the rows one statement has written to a table and not yet
// handed to the transaction (editor): each row key with the row's stored
// encoding (storage.EncodeRow) or a deletion, in the order of the keys'
// first edits, and, per unique index, which pending row holds each value.
// Keys and values live in a storage.Arena and every other part holds no
// pointers (spans, indexes into slices, and maps from hashes to indexes),
// so that the million rows of a LOAD DATA are a few large objects the
// garbage collector does not scan, where a map of sql.Row values was
// millions of small ones it scanned at every cycle.
type stmtBuffer struct {
	arena storage.Arena
	rows  []bufRow
	// byKey maps the hash of a row key to 1 + the index of the latest row
	// of that hash in rows; bufRow.next chains the earlier ones. It is
	// made only once a key comes out of order: while sorted, each key
	// added was above the ones before (a load in key order), and a key is
	// found by comparing it with the last and searching the rows.
	byKey  map[uint64]uint32
	sorted bool
	// uniq holds, per unique index value (the index's id, then its key
	// prefix), the pending row that has it: byUniq maps the hash of such
	// a key to 1 + the index of its latest entry, uniqNode.next chains the
	// earlier ones.
	uniq   []uniqNode
	byUniq map[uint64]uint32
	// scratch is a buffer for keys made by the buffer's callers.
	scratch []byte
}

// bufRow is one pending row of a stmtBuffer.
type bufRow struct {
	key, value storage.Span
	next       uint32 // 1 + the index of the previous row with the key's hash; 0: none
	del        bool   // deleted (value is empty)
	// fresh: the key has no stored row (an INSERT found none, or a new
	// hidden row id), so the write needs neither the old row nor an undo
	// read.
	fresh bool
}

// uniqNode says that row (1 + its index; 0: none now) holds unique index
// value key.
type uniqNode struct {
	key  storage.Span
	row  uint32
	next uint32
}

func newStmtBuffer() *stmtBuffer {
	return &stmtBuffer{byKey: map[uint64]uint32{}, sorted: true, byUniq: map[uint64]uint32{}}
}

// reset empties the buffer.
func (b *stmtBuffer) reset() {
	b.arena = storage.Arena{} // not reused: bbolt may hold the old bytes until commit
	b.rows = b.rows[:0]
	b.uniq = b.uniq[:0]
	clear(b.byKey)
	b.sorted = true
	clear(b.byUniq)
}

// len returns the number of keys the statement has edited.
func (b *stmtBuffer) len() int { return len(b.rows) }

// find returns the index of the pending row of key k, or -1.
func (b *stmtBuffer) find(k []byte) int {
	if b.sorted {
		n := len(b.rows)
		if n == 0 || bytes.Compare(k, b.key(n-1)) > 0 {
			return -1
		}
		i, found := slices.BinarySearchFunc(b.rows, k, func(r bufRow, k []byte) int {
			return bytes.Compare(b.arena.Bytes(r.key), k)
		})
		if !found {
			return -1
		}
		return i
	}
	for i := b.byKey[xxhash.Sum64(k)]; i != 0; i = b.rows[i-1].next {
		if bytes.Equal(b.arena.Bytes(b.rows[i-1].key), k) {
			return int(i - 1)
		}
	}
	return -1
}

// key returns the row key of pending row i.
func (b *stmtBuffer) key(i int) []byte { return b.arena.Bytes(b.rows[i].key) }

// value returns the encoding of pending row i; nil if it is deleted.
func (b *stmtBuffer) value(i int) []byte {
	if b.rows[i].del {
		return nil
	}
	return b.arena.Bytes(b.rows[i].value)
}

// state is what pending row i holds: its encoding's span, or a deletion.
type rowState struct {
	value storage.Span
	del   bool
}

func (b *stmtBuffer) state(i int) rowState {
	return rowState{value: b.rows[i].value, del: b.rows[i].del}
}

// set makes pending row i hold s.
func (b *stmtBuffer) set(i int, s rowState) { b.rows[i].value, b.rows[i].del = s.value, s.del }

// put makes the row under key k, whose index is i (find's: -1 for a new
// key), become the row encoded as v (nil: deleted), adding k if it is
// new, and returns its index. With overwrite, a value of the same length
// as the row's present one is copied over it (no one keeps its state:
// see editor.since), so that a row a statement updates many times (ON
// DUPLICATE KEY UPDATE n = n + 1) does not grow the arena each time.
func (b *stmtBuffer) put(i int, k, v []byte, overwrite bool) int {
	if overwrite && i >= 0 && v != nil && !b.rows[i].del && b.rows[i].value.Len() == len(v) {
		copy(b.arena.Bytes(b.rows[i].value), v)
		return i
	}
	s := rowState{del: v == nil}
	if v != nil {
		s.value = b.arena.Keep(v)
	}
	if i >= 0 {
		b.set(i, s)
		return i
	}
	if b.sorted && (len(b.rows) == 0 || bytes.Compare(k, b.key(len(b.rows)-1)) > 0) {
		b.rows = append(b.rows, bufRow{key: b.arena.Keep(k), value: s.value, del: s.del})
		return len(b.rows) - 1
	}
	if b.sorted {
		// Out of order: index the rows by hash from now on.
		b.sorted = false
		for j := range b.rows {
			h := xxhash.Sum64(b.key(j))
			b.rows[j].next = b.byKey[h]
			b.byKey[h] = uint32(j + 1)
		}
	}
	h := xxhash.Sum64(k)
	b.rows = append(b.rows, bufRow{key: b.arena.Keep(k), value: s.value, del: s.del, next: b.byKey[h]})
	b.byKey[h] = uint32(len(b.rows))
	return len(b.rows) - 1
}

// truncate drops the pending rows from index n on (keys first edited
// since then), newest first.
func (b *stmtBuffer) truncate(n int) {
	if b.sorted {
		b.rows = b.rows[:n] // still in order
		return
	}
	for i := len(b.rows) - 1; i >= n; i-- {
		h := xxhash.Sum64(b.key(i))
		// Row i is the newest of its hash: it heads its chain.
		if b.rows[i].next == 0 {
			delete(b.byKey, h)
		} else {
			b.byKey[h] = b.rows[i].next
		}
	}
	b.rows = b.rows[:n]
}

// bufUniqueKey appends the key under which the buffer keeps index id's
// value prefix to dst.
func bufUniqueKey(dst []byte, id uint64, prefix []byte) []byte {
	return append(binary.BigEndian.AppendUint64(dst, id), prefix...)
}

// findUnique returns the index of the uniqNode of key uk, or -1.
func (b *stmtBuffer) findUnique(uk []byte) int {
	for i := b.byUniq[xxhash.Sum64(uk)]; i != 0; i = b.uniq[i-1].next {
		if bytes.Equal(b.arena.Bytes(b.uniq[i-1].key), uk) {
			return int(i - 1)
		}
	}
	return -1
}

// uniqueRow returns the pending row that holds unique key uk, or -1.
func (b *stmtBuffer) uniqueRow(uk []byte) int {
	if n := b.findUnique(uk); n >= 0 {
		return int(b.uniq[n].row) - 1
	}
	return -1
}

// setUnique records that pending row holds unique key uk.
func (b *stmtBuffer) setUnique(uk []byte, row int) {
	if n := b.findUnique(uk); n >= 0 {
		b.uniq[n].row = uint32(row + 1)
		return
	}
	h := xxhash.Sum64(uk)
	b.uniq = append(b.uniq, uniqNode{key: b.arena.Keep(uk), row: uint32(row + 1), next: b.byUniq[h]})
	b.byUniq[h] = uint32(len(b.uniq))
}

// unsetUnique forgets unique key uk if pending row holds it.
func (b *stmtBuffer) unsetUnique(uk []byte, row int) {
	if n := b.findUnique(uk); n >= 0 && int(b.uniq[n].row)-1 == row {
		b.uniq[n].row = 0
	}
}
