package storage

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math/bits"
	"slices"

	"go.etcd.io/bbolt"
)

// Packed keyspaces.
//
// A packed keyspace holds many keys in one engine key. Readers and writers
// see single keys, exactly as in any other keyspace (View, Cursor, Txn's
// writes, undo, savepoints): packing is the engine's business. It is made
// for index entries: an index key (the head, a fixed number of bytes)
// followed by a row key (the tail), with small or empty values, tens of
// them per row. In bbolt each key costs a 16-byte page element besides its
// bytes, keys inserted at random leave pages about two thirds full, and
// every key inserted is a search and an insertion into a page's element
// list; a MinHash index of 26 bands per row held more bytes of bbolt than
// of entries, and a bulk load spent most of its time inserting them.
//
// On bbolt a packed keyspace is a bucket of blocks: each block holds a run
// of consecutive keys, is stored under its first key, and covers the keys
// from its own up to the next block's (the first block also covers the
// keys below its own). Its value (format packedFormat, pinned by
// TestPackedBlockGolden):
//
//	0x01 uvarint(n) entry…                 n entries in key order
//	entry: byte A, [uvarint hs], [uvarint ts], byte B, [uvarint tl], [uvarint vl],
//	       head[hs:], tail[ts:], value
//
// where each key is head (its first headLen bytes) and tail (the rest),
// compressed against the previous key of the block (the first against the
// block's own key, which it equals): hs bytes of the head and ts bytes of
// the tail are the previous key's, tl is the length of what follows of the
// tail and vl the value's length. A's high nibble is hs and its low nibble
// ts, B's high nibble tl and its low nibble vl; a nibble of 15 means the
// number follows as a uvarint, in the order shown. A MinHash band entry (8
// bytes of band and hash, a 9-byte BIGINT row key, no value) takes about
// 10 bytes.
//
// Writes to a block are gathered in the transaction (one block per
// keyspace at a time: writes in key order, as a statement's sorted index
// entries are, change each block once) and merged into it when a write
// falls outside it, when the keyspace is read by a cursor or counted, and
// at commit. A block that grows past packedBlockMax bytes is cut into
// blocks of about equal size; a block left empty is deleted. pebble stores
// a packed keyspace as any other: its sstables are prefix-compressed
// already.
//
// Which keyspaces are packed, and their head length, is in their names
// (PackedKeyspace), so nothing else needs to be stored or copied with them.

// packedFormat is the first byte of a block's value.
const packedFormat = 1

// packedBlockMax is the size above which a block is cut in pieces (a
// variable for tests).
var packedBlockMax = 2048

// packedMaxChanges bounds the writes gathered for one block before they
// are merged into it.
var packedMaxChanges = 1024

// PackedKeyspace returns the name of a packed keyspace (see above) for the
// keyspace name and keys whose first headLen bytes (1 to 255) are the head:
// 0xFF 'P' headLen name. Every key written to it must have at least
// headLen bytes.
func PackedKeyspace(name []byte, headLen int) []byte { return headKeyspace('P', name, headLen) }

// PackedHead returns the head length of keyspace ks if it is packed
// (PackedKeyspace), else 0.
func PackedHead(ks []byte) int { return keyspaceHead('P', ks) }

// headKeyspace returns 0xFF marker headLen name.
func headKeyspace(marker byte, name []byte, headLen int) []byte {
	if headLen < 1 || headLen > 255 {
		panic(fmt.Sprintf("storage: keyspace head length %d, want 1 to 255", headLen))
	}
	return append([]byte{0xFF, marker, byte(headLen)}, name...)
}

// keyspaceHead returns the head length of ks if headKeyspace made it with
// marker, else 0.
func keyspaceHead(marker byte, ks []byte) int {
	if len(ks) >= 3 && ks[0] == 0xFF && ks[1] == marker {
		return int(ks[2])
	}
	return 0
}

// errPackedKey is the error of a key shorter than its packed keyspace's
// head.
var errPackedKey = errors.New("storage: a key shorter than its packed keyspace's head")

// ErrDamagedBlock is the panic value of a read of a packed block that
// does not decode (a damaged file); the server reports it to the client.
var ErrDamagedBlock = errors.New("storage: damaged block of a packed keyspace")

// pentry is one key and value of a packed keyspace.
type pentry struct {
	key, value []byte
	del        bool // a change: delete the key
}

// nibble returns v as a nibble of an entry's A or B byte, and whether it
// follows as a uvarint instead (15).
func nibble(v int) (byte, bool) {
	if v < 15 {
		return byte(v), false
	}
	return 15, true
}

// appendEntry appends the encoding of key = value, compressed against
// prev, to dst.
func appendEntry(dst, prev, key, value []byte, headLen int) []byte {
	ph, pt := prev[:headLen], prev[headLen:]
	h, tl := key[:headLen], key[headLen:]
	hs := commonPrefix(ph, h)
	ts := commonPrefix(pt, tl)
	dst = appendNibbles(dst, hs, ts)
	dst = appendNibbles(dst, len(tl)-ts, len(value))
	dst = append(dst, h[hs:]...)
	dst = append(dst, tl[ts:]...)
	return append(dst, value...)
}

// appendNibbles appends the byte x<<4 | y, a nibble of 15 for a number of
// 15 or more, which then follows as a uvarint (x's first).
func appendNibbles(dst []byte, x, y int) []byte {
	a, ex := nibble(x)
	b, ey := nibble(y)
	dst = append(dst, a<<4|b)
	if ex {
		dst = binary.AppendUvarint(dst, uint64(x))
	}
	if ey {
		dst = binary.AppendUvarint(dst, uint64(y))
	}
	return dst
}

// readNibbles reads what appendNibbles appends at d[p:]: x, y and the
// position after them; ok is false if d ends first.
func readNibbles(d []byte, p int) (x, y, next int, ok bool) {
	if p >= len(d) {
		return 0, 0, p, false
	}
	x, y, p = int(d[p]>>4), int(d[p]&15), p+1
	if x == 15 {
		if x, p, ok = uvarintAt(d, p); !ok {
			return 0, 0, p, false
		}
	}
	if y == 15 {
		if y, p, ok = uvarintAt(d, p); !ok {
			return 0, 0, p, false
		}
	}
	return x, y, p, true
}

// compareKeys is bytes.Compare, with the first 8 bytes of keys at least
// that long compared as one number first: an index key's head, which
// mostly decides.
func compareKeys(a, b []byte) int {
	if len(a) >= 8 && len(b) >= 8 {
		x, y := binary.BigEndian.Uint64(a), binary.BigEndian.Uint64(b)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
		return bytes.Compare(a[8:], b[8:])
	}
	return bytes.Compare(a, b)
}

// commonPrefix returns the number of leading bytes a and b share,
// comparing 8 bytes at a time (every entry a merge encodes takes two).
func commonPrefix(a, b []byte) int {
	n := min(len(a), len(b))
	i := 0
	for ; i+8 <= n; i += 8 {
		if x := binary.LittleEndian.Uint64(a[i:]) ^ binary.LittleEndian.Uint64(b[i:]); x != 0 {
			return i + bits.TrailingZeros64(x)/8
		}
	}
	for ; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	return n
}

// blockIter decodes a block's entries in order. key is rebuilt in place:
// it is valid until the next call of next.
type blockIter struct {
	data    []byte
	start   int // where the entry last decoded begins in data
	pos     int
	n, i    int
	headLen int
	key     []byte
	vs, ve  int // where the value of the entry last decoded begins and ends in data
	hs      int // head bytes the entry last decoded shares with the one before it
}

// value returns the value of the entry last decoded (a slice of the
// block's data).
func (it *blockIter) value() []byte { return it.data[it.vs:it.ve:it.ve] }

// newBlockIter starts decoding block data stored under bkey; ok is false
// if the block is damaged.
func newBlockIter(bkey, data []byte, headLen int) (blockIter, bool) {
	it := blockIter{data: data, headLen: headLen}
	if len(data) < 2 || data[0] != packedFormat && data[0] != runsFormat || len(bkey) < headLen {
		return it, false
	}
	n, w := binary.Uvarint(data[1:])
	if w <= 0 || n > uint64(len(data)) {
		return it, false
	}
	it.n, it.pos = int(n), 1+w
	it.key = append(make([]byte, 0, len(bkey)+16), bkey...)
	return it, true
}

// next decodes the next entry into it.key and it.value; false at the end
// or on damage (then it.pos is -1). The usual entry, whose four numbers
// are all below 15 (no uvarints), is read without readNibbles; and no
// pointer is stored while the key fits its buffer (a pointer store
// through it needs a write barrier while the collector marks: most of a
// merge's time during a bulk load).
func (it *blockIter) next() bool {
	if it.i >= it.n || it.pos < 0 {
		return false
	}
	d := it.data
	p := it.pos
	it.start = p
	var hs, ts, rest, vl int
	if p+1 < len(d) && d[p]&0x0F != 15 && d[p]>>4 != 15 && d[p+1]&0x0F != 15 && d[p+1]>>4 != 15 {
		hs, ts, rest, vl = int(d[p]>>4), int(d[p]&15), int(d[p+1]>>4), int(d[p+1]&15)
		p += 2
	} else {
		var ok bool
		if hs, ts, p, ok = readNibbles(d, p); !ok {
			it.pos = -1
			return false
		}
		if rest, vl, p, ok = readNibbles(d, p); !ok {
			it.pos = -1
			return false
		}
	}
	it.hs = hs
	hl := it.headLen
	if hs > hl || ts > len(it.key)-hl || hl-hs > len(d)-p || rest > len(d)-p-(hl-hs) || vl > len(d)-p-(hl-hs)-rest {
		it.pos = -1
		return false
	}
	// The head's suffix, then the tail: its shared part stays in place
	// after the head.
	copy(it.key[hs:hl], d[p:p+hl-hs])
	p += hl - hs
	if n := hl + ts + rest; n <= cap(it.key) {
		it.key = it.key[:n]
		copy(it.key[hl+ts:], d[p:p+rest])
	} else {
		it.key = append(it.key[:hl+ts], d[p:p+rest]...)
	}
	p += rest
	it.vs, it.ve = p, p+vl
	it.pos = p + vl
	it.i++
	return true
}

func (it *blockIter) damaged() bool { return it.pos < 0 }

func uvarintAt(d []byte, p int) (int, int, bool) {
	if p >= len(d) {
		return 0, p, false
	}
	v, w := binary.Uvarint(d[p:])
	if w <= 0 || v > uint64(len(d)) {
		return 0, p, false
	}
	return int(v), p + w, true
}

// pblock is entries of a block decoded, keys and values copied end to
// end into buf (key 0, value 0, key 1, …); ends holds where each ends.
// Entries are appended as they are decoded; a slice once returned stays
// valid (a larger buf is a new array).
type pblock struct {
	buf  []byte
	ends []int32 // 2i: the end of key i, 2i+1: of value i
}

func (b *pblock) len() int { return len(b.ends) / 2 }

func (b *pblock) key(i int) []byte {
	start := int32(0)
	if i > 0 {
		start = b.ends[2*i-1]
	}
	return b.buf[start:b.ends[2*i]:b.ends[2*i]]
}

func (b *pblock) value(i int) []byte { return b.buf[b.ends[2*i]:b.ends[2*i+1]:b.ends[2*i+1]] }

// add appends an entry.
func (b *pblock) add(key, value []byte) {
	b.buf = append(b.buf, key...)
	b.ends = append(b.ends, int32(len(b.buf)))
	b.buf = append(b.buf, value...)
	b.ends = append(b.ends, int32(len(b.buf)))
}

// search returns the index of the first key ≥ key.
func (b *pblock) search(key []byte) int {
	lo, hi := 0, b.len()
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if bytes.Compare(b.key(m), key) < 0 {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo
}

// damaged is the panic of a read of a block that does not decode.
func damaged(ks, bkey []byte) error { return fmt.Errorf("%w %q (key %x)", ErrDamagedBlock, ks, bkey) }

// decodeBlock decodes the block data stored under bkey.
func decodeBlock(ks, bkey, data []byte, headLen int) *pblock {
	it, ok := newBlockIter(bkey, data, headLen)
	if !ok {
		panic(damaged(ks, bkey))
	}
	b := &pblock{buf: make([]byte, 0, len(data)+it.n*(len(bkey)-2)), ends: make([]int32, 0, 2*it.n)}
	for it.next() {
		b.add(it.key, it.value())
	}
	if it.damaged() || b.len() != it.n {
		panic(damaged(ks, bkey))
	}
	return b
}

// blockRoom is the room left before a block's entries in the bodies that
// mergeBlock and cutBlocks make, for finishBlock's header.
const blockRoom = 1 + binary.MaxVarintLen64

// blockBuf is a block's entries as mergeBlock makes them: their
// encoding, after blockRoom bytes of room (body), where each begins
// (offs, with len(body) last) and their keys end to end (keys; kends[i]
// is where key i ends), so that cutting the block in pieces decodes
// nothing again. A write transaction reuses one for every block.
type blockBuf struct {
	body  []byte
	offs  []int32
	keys  []byte
	kends []int32
}

// len returns the number of entries.
func (bb *blockBuf) len() int { return len(bb.kends) }

// key returns key i (valid until the next merge).
func (bb *blockBuf) key(i int) []byte {
	start := int32(0)
	if i > 0 {
		start = bb.kends[i-1]
	}
	return bb.keys[start:bb.kends[i]:bb.kends[i]]
}

// value returns the value of entry i (the last bytes of its encoding).
func (bb *blockBuf) value(i int) []byte {
	_, _, p, _ := readNibbles(bb.body, int(bb.offs[i]))
	_, vl, _, _ := readNibbles(bb.body, p)
	end := int(bb.offs[i+1])
	return bb.body[end-vl : end : end]
}

// add records an entry whose encoding begins at off.
func (bb *blockBuf) add(off int, key []byte) {
	bb.offs = append(bb.offs, int32(off))
	bb.keys = append(bb.keys, key...)
	bb.kends = append(bb.kends, int32(len(bb.keys)))
}

// mergeBlock merges changes (in key order, one per key) into the block
// data stored under bkey (nil: none) and returns the first key, the
// entries' encoding (after blockRoom bytes of room) and their number (0:
// none left). An entry whose
// predecessor stays the same is copied as it is encoded; only those after
// a change are encoded again. err is ErrDamagedBlock.
func mergeBlock(ks, bkey, data []byte, changes []pentry, headLen int) (first, body []byte, n int, err error) {
	var bb blockBuf
	if err := bb.merge(ks, bkey, data, changes, headLen); err != nil {
		return nil, nil, 0, err
	}
	if bb.len() > 0 {
		first = bytes.Clone(bb.key(0))
	}
	return first, bb.body, bb.len(), nil
}

// merge is mergeBlock into bb, whose body is a new array (the caller may
// keep it) and whose other parts are reused.
func (bb *blockBuf) merge(ks, bkey, data []byte, changes []pentry, headLen int) error {
	// The merge works on a copy of bb on the stack, stored back at the
	// end: its appends then need no write barriers while the collector
	// marks (a fifth of a merge's time during a bulk load).
	l := blockBuf{offs: bb.offs[:0], keys: bb.keys[:0], kends: bb.kends[:0]}
	defer func() { *bb = l }()
	var it blockIter
	base := false
	if bkey != nil {
		var ok bool
		if it, ok = newBlockIter(bkey, data, headLen); !ok {
			return damaged(ks, bkey)
		}
		base = it.next()
	}
	size := len(data)
	for _, c := range changes {
		size += len(c.key) + len(c.value) + 4
	}
	l.body = make([]byte, blockRoom, blockRoom+size)
	chain := false // it was the base entry before it.key
	// A run of base entries copied as encoded is appended at once when it
	// ends: its entries' bytes are it.data[runFrom:runTo].
	runFrom, runTo := -1, 0
	flush := func() {
		if runFrom >= 0 {
			l.body = append(l.body, it.data[runFrom:runTo]...)
			runFrom = -1
		}
	}
	write := func(key, value []byte) {
		flush()
		ref := key // the first entry is encoded against itself
		if n := l.len(); n > 0 {
			ref = l.key(n - 1)
		}
		off := len(l.body)
		l.body = appendEntry(l.body, ref, key, value, headLen)
		l.add(off, key)
	}
	j := 0
	for base || j < len(changes) {
		if base && (j == len(changes) || compareKeys(it.key, changes[j].key) < 0) {
			if chain {
				if runFrom < 0 {
					runFrom = it.start
				}
				l.add(len(l.body)+it.start-runFrom, it.key)
				runTo = it.pos
			} else {
				write(it.key, it.value())
			}
			chain = true
			base = it.next()
			continue
		}
		c := changes[j]
		j++
		if base && bytes.Equal(it.key, c.key) {
			base = it.next() // replaced or deleted
		}
		chain = false
		if !c.del {
			write(c.key, c.value)
		}
	}
	if it.damaged() {
		return damaged(ks, bkey)
	}
	flush()
	l.offs = append(l.offs, int32(len(l.body)))
	return nil
}

// cutBlocks returns the blocks of n entries encoded in body, the first
// under key first: one block if it has at most packedBlockMax bytes, else
// as many as needed, of about equal size. Each block's first entry is
// encoded again (against itself); the others are copied.
func cutBlocks(first, body []byte, n, headLen int) (keys, vals [][]byte) {
	bb := blockBuf{body: body}
	it := blockIter{data: body, pos: blockRoom, n: n, headLen: headLen, key: append(make([]byte, 0, len(first)+16), first...)}
	for it.next() {
		bb.add(it.start, it.key)
	}
	bb.offs = append(bb.offs, int32(len(body)))
	keys, vals = bb.cut(headLen)
	for i, k := range keys {
		keys[i] = bytes.Clone(k)
	}
	return keys, vals
}

// cut is cutBlocks of bb's entries (at least one); the keys are bb's
// (valid until its next merge), the values new arrays, or bb.body itself
// if it is one block.
func (bb *blockBuf) cut(headLen int) (keys, vals [][]byte) {
	n := bb.len()
	size := len(bb.body) - blockRoom
	if size <= packedBlockMax {
		return [][]byte{bb.key(0)}, [][]byte{finishBlock(bb.body, n)}
	}
	pieces := (size + packedBlockMax - 1) / packedBlockMax
	target := (size + pieces - 1) / pieces
	// piece returns the block of entries from to end-1.
	piece := func(from, end int) []byte {
		k, v := bb.key(from), bb.value(from)
		rest := bb.body[bb.offs[from+1]:bb.offs[end]]
		cur := make([]byte, blockRoom, blockRoom+entrySize(k, k, v, headLen)+len(rest))
		cur = appendEntry(cur, k, k, v, headLen)
		return finishBlock(append(cur, rest...), end-from)
	}
	from, curLen := 0, 0 // the piece's first entry, and its bytes so far
	for i := range n {
		if i > from && curLen >= target && len(keys)+1 < pieces {
			keys, vals = append(keys, bb.key(from)), append(vals, piece(from, i))
			from = i
		}
		if i == from {
			k := bb.key(i)
			curLen = entrySize(k, k, bb.value(i), headLen)
		} else {
			curLen += int(bb.offs[i+1] - bb.offs[i])
		}
	}
	return append(keys, bb.key(from)), append(vals, piece(from, n))
}

// finishBlock returns a block's value: the format byte, the entry count n
// and the entries' encoding, which body holds after blockRoom bytes of
// room, where the header goes.
func finishBlock(body []byte, n int) []byte {
	var head [blockRoom]byte
	h := binary.AppendUvarint(append(head[:0], packedFormat), uint64(n))
	start := blockRoom - len(h)
	copy(body[start:], h)
	return body[start:]
}

// entrySize is the length of appendEntry's encoding.
func entrySize(prev, key, value []byte, headLen int) int {
	hs := commonPrefix(prev[:headLen], key[:headLen])
	ts := commonPrefix(prev[headLen:], key[headLen:])
	rest := len(key) - headLen - ts
	return 2 + uvarintExtra(hs) + uvarintExtra(ts) + uvarintExtra(rest) + uvarintExtra(len(value)) +
		headLen - hs + rest + len(value)
}

func uvarintExtra(v int) int {
	if v < 15 {
		return 0
	}
	n := 1
	for v >= 0x80 {
		v >>= 7
		n++
	}
	return n
}

// openBlock is the block of a packed keyspace that a transaction is
// writing: the block as stored and the writes gathered for it.
type openBlock struct {
	bkey    []byte // the block's key; nil: the keyspace has no block yet
	first   bool   // no block precedes it: the keys below bkey are its too
	hi      []byte // the next block's key; nil: none
	data    []byte // the block's value as stored
	headLen int
	changes []pentry
	sorted  bool   // changes are in key order (equal keys adjacent, later last)
	dups    bool   // changes may hold a key more than once (else: all from one sorted pending list)
	arena   []byte // copies of the changes' keys, bkey and hi
	// bucket and cursor are the bucket's, kept as the openBlock is
	// reused for the keyspace's next block (boltTx.spare).
	bucket *bbolt.Bucket
	cursor *bbolt.Cursor
}

// keep returns a copy of key that lives as long as the block is open.
// (Values are kept as given: bbolt's Put keeps them too.)
func (o *openBlock) keep(key []byte) []byte { return arenaKeep(&o.arena, key) }

// arenaKeep returns a copy of key in *arena, a new array when it is full
// (so that the copies made before stay as they are).
func arenaKeep(arena *[]byte, key []byte) []byte {
	a := *arena
	if len(a)+len(key) > cap(a) {
		a = make([]byte, 0, max(16<<10, 2*cap(a), len(key)))
	}
	start := len(a)
	a = append(a, key...)
	*arena = a
	return a[start:len(a):len(a)]
}

// covers reports whether key belongs to the block.
func (o *openBlock) covers(key []byte) bool {
	return (o.bkey == nil || o.first || bytes.Compare(key, o.bkey) >= 0) &&
		(o.hi == nil || bytes.Compare(key, o.hi) < 0)
}

// get returns the block's value of key, with the changes, and whether the
// key is there.
func (o *openBlock) get(key []byte) ([]byte, bool) {
	if c, found := changeOf(o.changes, o.sorted, key); found {
		return c.value, !c.del
	}
	if o.bkey == nil {
		return nil, false
	}
	it, ok := newBlockIter(o.bkey, o.data, o.headLen)
	for ok && it.next() {
		switch c := bytes.Compare(it.key, key); {
		case c == 0:
			return it.value(), true
		case c > 0:
			return nil, false
		}
	}
	return nil, false
}

// changeOf returns the last change of key in changes (sorted: in key
// order, equal keys adjacent, later last) and whether there is one.
func changeOf(changes []pentry, sorted bool, key []byte) (pentry, bool) {
	if sorted {
		i, found := slices.BinarySearchFunc(changes, key, func(e pentry, k []byte) int { return bytes.Compare(e.key, k) })
		if found {
			for i+1 < len(changes) && bytes.Equal(changes[i+1].key, key) {
				i++
			}
			return changes[i], true
		}
		return pentry{}, false
	}
	for i := len(changes) - 1; i >= 0; i-- {
		if bytes.Equal(changes[i].key, key) {
			return changes[i], true
		}
	}
	return pentry{}, false
}

// sortedChanges returns the changes in key order, the last of each key
// only.
func (o *openBlock) sortedChanges() []pentry { return sortChanges(o.changes, o.sorted, o.dups) }

// sortChanges returns changes (sorted: already in key order; dups: a key
// may be there more than once) in key order, the last of each key only,
// in changes' array.
func sortChanges(ch []pentry, sorted, dups bool) []pentry {
	if sorted && !dups {
		return ch // one sorted pending list's: one write per key already
	}
	if !sorted {
		slices.SortStableFunc(ch, func(a, b pentry) int { return bytes.Compare(a.key, b.key) })
	}
	out := ch[:0]
	for j, c := range ch {
		if j+1 < len(ch) && bytes.Equal(ch[j+1].key, c.key) {
			continue // a later change of the key wins
		}
		out = append(out, c)
	}
	return out
}

// packedBucket returns the bucket of packed keyspace ks and its head
// length.
func (t *boltTx) packedBucket(ks []byte) (*bbolt.Bucket, int, error) {
	b, err := t.bucket(ks)
	return b, PackedHead(ks), err
}

// packedWrite gathers a put (or, del, a delete) of key in packed keyspace
// ks. value must stay unchanged until the transaction ends, as bbolt's
// Put requires.
func (t *boltTx) packedWrite(ks, key, value []byte, del bool) error {
	b, headLen, err := t.packedBucket(ks)
	if err != nil {
		return err
	}
	if len(key) < headLen {
		return fmt.Errorf("%w %q: %d bytes, head %d", errPackedKey, ks, len(key), headLen)
	}
	o := t.open[string(ks)]
	if o != nil && !o.covers(key) {
		if err := t.writeBack(ks, b, o); err != nil {
			return err
		}
		o = nil
	}
	if o == nil {
		o = t.openAt(ks, b, key, headLen)
		if t.open == nil {
			t.open = map[string]*openBlock{}
		}
		t.open[string(ks)] = o
	}
	if n := len(o.changes); n > 0 && o.sorted && bytes.Compare(o.changes[n-1].key, key) > 0 {
		o.sorted = false
	}
	o.dups = true
	o.changes = append(o.changes, pentry{key: o.keep(key), value: value, del: del})
	if len(o.changes) >= packedMaxChanges {
		return t.writeBack(ks, b, o)
	}
	return nil
}

// packedWriteList is packedWrite of each write of p, a sorted pending
// list (one write per key, in key order), leaving the same blocks: the
// bucket and the open block are found once for the list, not once per
// write, a key is compared with the block's end only (the keys after the
// first that the block covers are above its start), and the changes hold
// p's keys, which live until the transaction ends, without copying them.
func (t *boltTx) packedWriteList(ks []byte, p *pendingList) error {
	if RunsHead(ks) > 0 {
		return t.runsWriteList(ks, p)
	}
	b, headLen, err := t.packedBucket(ks)
	if err != nil {
		return err
	}
	o := t.open[string(ks)]
	delete(t.open, string(ks))
	checked := false // o covers the keys from its start on: only hi is compared
	var hiPre uint64 // keyPrefix(o.hi) once checked, so that few keys are read to compare them
	for _, w := range p.ws {
		if int(w.key.n) < headLen {
			return fmt.Errorf("%w %q: %d bytes, head %d", errPackedKey, ks, w.key.n, headLen)
		}
		if o != nil && (checked && o.hi != nil && w.pre >= hiPre && (w.pre > hiPre || compareKeys(p.key(w), o.hi) >= 0) ||
			!checked && !o.covers(p.key(w))) {
			if err := t.writeBack(ks, b, o); err != nil {
				return err
			}
			o = nil
		}
		key := p.key(w)
		if o == nil {
			o = t.openAt(ks, b, key, headLen)
			hiPre = keyPrefix(o.hi)
		} else if !checked {
			if len(o.changes) > 0 {
				o.dups = true // o was open before the list: its changes may repeat the list's keys
				if o.sorted && bytes.Compare(o.changes[len(o.changes)-1].key, key) > 0 {
					o.sorted = false
				}
			}
			hiPre = keyPrefix(o.hi)
		}
		checked = true
		var value []byte
		if !w.del {
			value = p.value(w)
		}
		o.changes = append(o.changes, pentry{key: key, value: value, del: w.del})
		if len(o.changes) >= packedMaxChanges {
			if err := t.writeBack(ks, b, o); err != nil {
				return err
			}
			o = nil
		}
	}
	if o != nil {
		if t.open == nil {
			t.open = map[string]*openBlock{}
		}
		t.open[string(ks)] = o
	}
	return nil
}

// openAt returns the block of b that covers key, opened for writing (in
// the spare openBlock, if there is one).
func (t *boltTx) openAt(ks []byte, b *bbolt.Bucket, key []byte, headLen int) *openBlock {
	o := t.spare
	t.spare = nil
	if o == nil {
		o = &openBlock{}
	}
	if o.bucket != b {
		o.bucket, o.cursor = b, b.Cursor()
	}
	o.bkey, o.hi, o.data, o.first, o.sorted, o.dups, o.headLen = nil, nil, nil, false, true, false, headLen
	o.changes, o.arena = o.changes[:0], o.arena[:0]
	c := o.cursor
	k, v := c.Seek(key)
	switch {
	case k != nil && bytes.Equal(k, key):
		nk, _ := c.Next()
		o.hi = o.keepOrNil(nk)
		c.Seek(k)
		pk, _ := c.Prev()
		o.first = pk == nil
	case k == nil:
		k, v = c.Last()
		if k == nil {
			o.first = true
			return o // no block yet
		}
		pk, _ := c.Prev()
		o.first = pk == nil
	default: // k > key: the block before k, if there is one
		pk, pv := c.Prev()
		if pk == nil {
			o.first = true
			c.Seek(k)
			nk, _ := c.Next()
			o.hi = o.keepOrNil(nk)
		} else {
			o.hi = o.keep(k)
			k, v = pk, pv
			pp, _ := c.Prev()
			o.first = pp == nil
		}
	}
	o.bkey, o.data = o.keep(k), v
	return o
}

// keepOrNil is keep, but nil for nil.
func (o *openBlock) keepOrNil(key []byte) []byte {
	if key == nil {
		return nil
	}
	return o.keep(key)
}

// writeBack merges the open block's changes into the bucket and closes it
// (it becomes the spare).
func (t *boltTx) writeBack(ks []byte, b *bbolt.Bucket, o *openBlock) error {
	delete(t.open, string(ks))
	defer func() { t.spare = o }()
	if len(o.changes) == 0 {
		return nil
	}
	bb := &t.blocks
	if err := bb.merge(ks, o.bkey, o.data, o.sortedChanges(), o.headLen); err != nil {
		return err
	}
	var keys, vals [][]byte
	if bb.len() > 0 {
		keys, vals = bb.cut(o.headLen) // bbolt's Put copies the keys
	}
	if o.bkey != nil && (len(keys) == 0 || !bytes.Equal(keys[0], o.bkey)) {
		if err := b.Delete(o.bkey); err != nil {
			return err
		}
	}
	b.FillPercent = packedFill
	for i, k := range keys {
		if err := b.Put(k, vals[i]); err != nil {
			return err
		}
	}
	return nil
}

// packedFill is the bbolt fill percent of packed buckets' pages.
var packedFill = 0.9

// writeBackAll merges every open block.
func (t *boltTx) writeBackAll() error {
	for ks, o := range t.open {
		b, err := t.bucket([]byte(ks))
		if err != nil {
			delete(t.open, ks)
			continue // dropped: nothing to write
		}
		if err := t.writeBack([]byte(ks), b, o); err != nil {
			return err
		}
	}
	return nil
}

// writeBackKeyspace merges ks's open block, before a cursor or a count
// reads ks.
func (t *boltTx) writeBackKeyspace(ks []byte) {
	o := t.open[string(ks)]
	if o == nil {
		return
	}
	b := t.keyspace(ks)
	if b == nil {
		delete(t.open, string(ks))
		return
	}
	if err := t.writeBack(ks, b, o); err != nil {
		t.failed = err
	}
}

// packedGet returns the value of key in packed keyspace ks, or nil.
func (t *boltTx) packedGet(ks, key []byte) []byte {
	headLen := PackedHead(ks)
	if o := t.open[string(ks)]; o != nil && o.covers(key) {
		v, ok := o.get(key)
		if !ok {
			return nil
		}
		if v == nil {
			v = []byte{}
		}
		return v
	}
	b := t.keyspace(ks)
	if b == nil || len(key) < headLen {
		return nil
	}
	return blockGet(ks, b, key, headLen)
}

// blockGet returns the value of key in the blocks of bucket b (of
// keyspace ks), or nil.
func blockGet(ks []byte, b *bbolt.Bucket, key []byte, headLen int) []byte {
	c := b.Cursor()
	k, v := c.Seek(key)
	if k == nil || !bytes.Equal(k, key) {
		if k == nil {
			k, v = c.Last()
		} else {
			k, v = c.Prev()
		}
		if k == nil {
			return nil
		}
	}
	it, ok := newBlockIter(k, v, headLen)
	if !ok {
		panic(damaged(ks, k))
	}
	for it.next() {
		switch c := bytes.Compare(it.key, key); {
		case c == 0:
			return it.value()
		case c > 0:
			return nil
		}
	}
	if it.damaged() {
		panic(damaged(ks, k))
	}
	return nil
}

// packedCount returns the number of keys of packed keyspace ks.
func (t *boltTx) packedCount(ks []byte) int {
	t.writeBackKeyspace(ks)
	b := t.keyspace(ks)
	if b == nil {
		return 0
	}
	return blockCount(ks, b, PackedHead(ks))
}

// blockCount returns the number of entries of the blocks of bucket b (of
// keyspace ks).
func blockCount(ks []byte, b *bbolt.Bucket, headLen int) int {
	n := 0
	c := b.Cursor()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		it, ok := newBlockIter(k, v, headLen)
		if !ok {
			panic(damaged(ks, k))
		}
		n += it.n
	}
	return n
}

// packedCursor walks the keys of a packed keyspace: the bucket's blocks,
// and in the block it stands in, the entries decoded so far. Moving
// forward decodes one entry at a time (a Seek skips those below its key
// without copying them); moving back before the first entry decoded
// decodes the whole block.
type packedCursor struct {
	ks      []byte
	c       blockCursor
	headLen int
	bkey    []byte    // the block it stands in; nil: none (past an end)
	data    []byte    // its value
	it      blockIter // after the last entry decoded
	blk     pblock    // the entries decoded: the block's from index from on
	from    int
	i       int // position in the block; from-1 or less: before, from+blk.len(): after
}

// load makes k = v (nil k: none) the block, nothing decoded, and returns
// whether there is one.
func (p *packedCursor) load(k, v []byte) bool {
	p.bkey, p.data, p.from, p.i = k, v, 0, 0
	p.blk = pblock{}
	if k == nil {
		return false
	}
	var ok bool
	if p.it, ok = newBlockIter(k, v, p.headLen); !ok {
		panic(damaged(p.ks, k))
	}
	p.blk.buf = make([]byte, 0, min(len(v)*2, 4096))
	return true
}

// decodeNext decodes the next entry of the block into blk; false at the
// block's end.
func (p *packedCursor) decodeNext() bool {
	if !p.it.next() {
		if p.it.damaged() {
			panic(damaged(p.ks, p.bkey))
		}
		return false
	}
	p.blk.add(p.it.key, p.it.value())
	return true
}

// decodeAll decodes the whole block (to move back before its first
// decoded entry).
func (p *packedCursor) decodeAll() {
	p.blk, p.from = *decodeBlock(p.ks, p.bkey, p.data, p.headLen), 0
	p.it.i = p.it.n // nothing more to decode
}

func (p *packedCursor) at() ([]byte, []byte) {
	j := p.i - p.from
	if p.bkey == nil || j < 0 || j >= p.blk.len() {
		return nil, nil
	}
	return p.blk.key(j), p.blk.value(j)
}

// forward returns the entry at p.i, decoding it or moving to the next
// block if it is past what is decoded.
func (p *packedCursor) forward() ([]byte, []byte) {
	for p.bkey != nil && p.i-p.from >= p.blk.len() {
		if p.decodeNext() {
			continue
		}
		if !p.load(p.c.Next()) {
			return nil, nil
		}
	}
	return p.at()
}

// backward returns the entry at p.i, decoding the whole block or moving
// to the one before if it is before what is decoded.
func (p *packedCursor) backward() ([]byte, []byte) {
	for p.bkey != nil && p.i < p.from {
		if p.i >= 0 {
			p.decodeAll()
			break
		}
		if !p.load(p.c.Prev()) {
			return nil, nil
		}
		p.decodeAll()
		p.i = p.blk.len() - 1
	}
	return p.at()
}

func (p *packedCursor) First() ([]byte, []byte) {
	p.load(p.c.First())
	return p.forward()
}

func (p *packedCursor) Last() ([]byte, []byte) {
	if !p.load(p.c.Last()) {
		return nil, nil
	}
	p.decodeAll()
	p.i = p.blk.len() - 1
	return p.backward()
}

// blockFor moves the bbolt cursor to the block that covers key and
// returns it: the last block whose key is at most key, or the first block
// if key is below it; nil if there are no blocks.
func (p *packedCursor) blockFor(key []byte) (k, v []byte) { return blockFor(p.c, key) }

// blockCursor is a cursor over a bucket of blocks (bbolt's).
type blockCursor interface {
	First() ([]byte, []byte)
	Last() ([]byte, []byte)
	Seek([]byte) ([]byte, []byte)
	Next() ([]byte, []byte)
	Prev() ([]byte, []byte)
}

// blockFor is packedCursor.blockFor with cursor c.
func blockFor(c blockCursor, key []byte) (k, v []byte) {
	k, v = c.Seek(key)
	if k != nil && bytes.Equal(k, key) {
		return k, v
	}
	var pk, pv []byte
	if k == nil {
		pk, pv = c.Last()
	} else {
		pk, pv = c.Prev()
	}
	if pk == nil {
		return c.First() // key is below the first block, or there are none
	}
	return pk, pv
}

func (p *packedCursor) Seek(key []byte) ([]byte, []byte) {
	p.load(p.blockFor(key))
	if p.bkey == nil {
		return nil, nil
	}
	// Skip the entries below key without copying them.
	for {
		if !p.it.next() {
			if p.it.damaged() {
				panic(damaged(p.ks, p.bkey))
			}
			p.i, p.from = p.it.i, p.it.i // past the block's end
			return p.forward()
		}
		if bytes.Compare(p.it.key, key) >= 0 {
			p.i, p.from = p.it.i-1, p.it.i-1
			p.blk.add(p.it.key, p.it.value())
			return p.at()
		}
	}
}

func (p *packedCursor) Next() ([]byte, []byte) {
	if p.bkey == nil {
		return nil, nil
	}
	p.i++
	return p.forward()
}

func (p *packedCursor) Prev() ([]byte, []byte) {
	if p.bkey == nil {
		return nil, nil
	}
	p.i--
	return p.backward()
}

func (p *packedCursor) Close() {}

// scanRuns implements runScanner: equal heads are known from the
// encoding (the whole head shared with the key before), compared only at
// a block's first entry.
func (p *packedCursor) scanRuns(prefix []byte, r *runCollector) error {
	reached := false
	for k, v := p.blockFor(prefix); k != nil; k, v = p.c.Next() {
		it, ok := newBlockIter(k, v, p.headLen)
		if !ok {
			panic(damaged(p.ks, k))
		}
		for first := true; it.next(); first = false {
			if !reached {
				if bytes.Compare(it.key, prefix) < 0 {
					continue
				}
				reached, first = true, true
			}
			if !bytes.HasPrefix(it.key, prefix) {
				return r.flush()
			}
			same := !first && it.hs == p.headLen
			if first {
				same = r.sameHead(it.key)
			}
			if err := r.add(it.key, same); err != nil {
				return err
			}
		}
		if it.damaged() {
			panic(damaged(p.ks, k))
		}
	}
	return r.flush()
}

// scanPrefix implements prefixScanner: the blocks' entries decoded in
// place, from the block that covers prefix on.
func (p *packedCursor) scanPrefix(prefix []byte, fn func(k, val []byte) error) error {
	reached := false // past the keys below prefix: from then on, the first key without it ends the scan
	for k, v := p.blockFor(prefix); k != nil; k, v = p.c.Next() {
		it, ok := newBlockIter(k, v, p.headLen)
		if !ok {
			panic(damaged(p.ks, k))
		}
		for it.next() {
			if !reached {
				if bytes.Compare(it.key, prefix) < 0 {
					continue
				}
				reached = true
			}
			if !bytes.HasPrefix(it.key, prefix) {
				return nil
			}
			if err := fn(it.key, it.value()); err != nil {
				return err
			}
		}
		if it.damaged() {
			panic(damaged(p.ks, k))
		}
	}
	return nil
}
