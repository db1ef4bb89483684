package storage

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// pendingList is the deferred writes (Txn.Defer) to one keyspace, in the
// order made. Their keys and values are copied end to end into an Arena,
// and each write names its bytes by position, so that the millions of
// writes of a bulk load are a few large objects the garbage collector
// need not scan.
type pendingList struct {
	ws []pendingWrite
	Arena
}

// pendingWrite is a deferred put (or delete) of one key. The value's vn
// bytes follow the key's in the arena (32 bytes a write: a bulk load's
// millions of them are dealt out and sorted).
type pendingWrite struct {
	pre uint64 // the key's first 8 bytes (keyPrefix), for sorting
	key Span
	vn  uint32 // the value's length
	del bool
}

// Arena holds byte strings copied end to end into chunks that hold no
// pointers, each named by its Span: many small keys and values kept for
// the length of a statement or a transaction are then a few large objects
// that the garbage collector does not scan. Chunks grow from arenaFirst
// bytes, doubling up to arenaChunk (a larger string gets a chunk of its
// own), so a small statement's arena stays small. The zero Arena is empty
// and ready to use.
type Arena struct {
	chunks [][]byte
}

// Span is a run of bytes of an Arena (Arena.Bytes).
type Span struct{ chunk, off, n uint32 }

// Len returns the length of the bytes s names.
func (s Span) Len() int { return int(s.n) }

const (
	arenaFirst = 4 << 10   // the size of an Arena's first chunk
	arenaChunk = 256 << 10 // the largest size a chunk grows to
)

// keyPrefix is the first 8 bytes of key as a big-endian number, padded
// with zeros: keyPrefix(a) < keyPrefix(b) implies a < b, so a sort
// compares whole keys only when the prefixes are equal.
func keyPrefix(key []byte) uint64 {
	if len(key) >= 8 {
		return binary.BigEndian.Uint64(key)
	}
	var b [8]byte
	copy(b[:], key)
	return binary.BigEndian.Uint64(b[:])
}

// Keep copies b into the arena and returns its span.
func (a *Arena) Keep(b []byte) Span {
	last := a.room(len(b))
	c := a.chunks[last]
	s := Span{chunk: uint32(last), off: uint32(len(c)), n: uint32(len(b))}
	a.chunks[last] = append(c, b...)
	return s
}

// room makes the last chunk one with n bytes free, if it is not, and
// returns its number.
func (a *Arena) room(n int) int {
	last := len(a.chunks) - 1
	if last < 0 || cap(a.chunks[last])-len(a.chunks[last]) < n {
		size := arenaFirst
		if last >= 0 {
			size = min(arenaChunk, max(size, 2*cap(a.chunks[last])))
		}
		a.chunks = append(a.chunks, make([]byte, 0, max(size, n)))
		last++
	}
	return last
}

// keepPair copies x and then y into one chunk, y right after x, and
// returns x's span.
func (a *Arena) keepPair(x, y []byte) Span {
	a.room(len(x) + len(y))
	s := a.Keep(x)
	a.Keep(y) // in the same chunk: there was room for both
	return s
}

// Bytes returns the bytes of s (never nil). They stay valid as long as
// the arena or any slice of them is reachable (bbolt may keep them until
// its transaction ends: an arena's bytes are never reused); their capacity
// ends with them, so an append copies.
func (a *Arena) Bytes(s Span) []byte {
	end := s.off + s.n
	return a.chunks[s.chunk][s.off:end:end]
}

// with returns an arena that has a's chunks (shared, not copied) and then
// c, and c's chunk number.
func (a *Arena) with(c []byte) (Arena, uint32) {
	return Arena{chunks: append(slices.Clip(a.chunks), c)}, uint32(len(a.chunks))
}

// add appends a write of key (copied) = value (copied), or a delete.
func (p *pendingList) add(key, value []byte, del bool) {
	if del {
		value = nil
	}
	p.ws = append(p.ws, pendingWrite{pre: keyPrefix(key), key: p.keepPair(key, value), vn: uint32(len(value)), del: del})
}

func (p *pendingList) key(w pendingWrite) []byte { return p.Bytes(w.key) }

// value returns the value of a put: never nil.
func (p *pendingList) value(w pendingWrite) []byte {
	return p.Bytes(Span{chunk: w.key.chunk, off: w.key.off + w.key.n, n: w.vn})
}

// entry returns the span of w's key and value, end to end.
func (w pendingWrite) entry() Span {
	return Span{chunk: w.key.chunk, off: w.key.off, n: w.key.n + w.vn}
}

// sorted returns the list's writes in key order, the last write of each
// key only. The writes are first dealt out by the top 16 bits of their
// keys (an index's keys start with a small number: the MinHash index's
// band, the SimHash index's block), then each part is sorted on its own
// (sortPart), its keys and values copied beside each other first, so that what a
// part's sort, and then the part's reader, touches lies near together,
// not across the whole list.
func (p *pendingList) sorted() *pendingList {
	n := len(p.ws)
	if n < radixMin {
		// Few writes: no parts (their tables alone are 768 KB).
		parts := slices.Clone(p.ws)
		p.sortPart(parts, nil)
		return p.compact(parts)
	}
	var starts [1<<16 + 1]int32
	var keyStarts [1<<16 + 1]int
	for _, w := range p.ws {
		starts[w.pre>>48+1]++
		keyStarts[w.pre>>48+1] += int(w.key.n + w.vn)
	}
	for d := 1; d < len(starts); d++ {
		starts[d] += starts[d-1]
		keyStarts[d] += keyStarts[d-1]
	}
	// Deal the writes, and their keys and values, out by part (both read
	// in the order made, which is the order of the chunks' bytes).
	parts := make([]pendingWrite, n)
	dealt := make([]byte, keyStarts[len(keyStarts)-1])
	arena, dealtChunk := p.with(dealt)
	next, nextKey := starts, keyStarts // copies: where each part's next write and key go
	for _, w := range p.ws {
		d := w.pre >> 48
		off := nextKey[d]
		nextKey[d] += copy(dealt[off:], p.Bytes(w.entry()))
		w.key = Span{chunk: dealtChunk, off: uint32(off), n: w.key.n}
		parts[next[d]] = w
		next[d]++
	}
	p = &pendingList{Arena: arena}
	var tmp []pendingWrite
	for d := range 1 << 16 {
		if lo, hi := starts[d], starts[d+1]; hi-lo > 1 {
			tmp = p.sortPart(parts[lo:hi], tmp)
		}
	}
	return p.compact(parts)
}

// compact returns the sorted writes parts of p without the earlier writes
// of a key. The keys stay where they are (copying them in order cost more
// than the reads of them it saved).
func (p *pendingList) compact(parts []pendingWrite) *pendingList {
	n := len(parts)
	out := parts[:0]
	for i, w := range parts {
		if i+1 < n && parts[i+1].pre == w.pre && bytes.Equal(p.key(parts[i+1]), p.key(w)) {
			continue // a later write of the key wins
		}
		out = append(out, w)
	}
	return &pendingList{ws: out, Arena: p.Arena}
}

// radixMin is the smallest part sortPart sorts by radix.
const radixMin = 512

// sortPart sorts a part of the writes, whose keys share their top 16 bits
// and which are in the order made, by key and then that order. A large
// part is sorted by the other 48 bits of the keys' prefixes, most
// significant 16 first (msd), a small one by comparisons; tmp, grown as
// needed and returned, is the radix sort's scratch.
func (p *pendingList) sortPart(part, tmp []pendingWrite) []pendingWrite {
	if len(part) < radixMin {
		slices.SortStableFunc(part, p.byKey)
		return tmp
	}
	if cap(tmp) < len(part) {
		tmp = make([]pendingWrite, len(part))
	}
	var counts [3][]int32
	p.msd(part, tmp[:len(part)], 32, &counts)
	return tmp
}

// byKey orders writes by key (their prefixes first).
func (p *pendingList) byKey(a, b pendingWrite) int {
	if a.pre != b.pre {
		if a.pre < b.pre {
			return -1
		}
		return 1
	}
	return bytes.Compare(p.key(a), p.key(b))
}

// msd sorts part, whose prefixes agree above bit shift+16 and which is in
// the order made, by key and then that order: one stable counting pass
// deals it out by the prefixes' bits shift to shift+15 (through tmp, as
// long), then each run of equal digits is sorted the same way by the next
// 16 bits if it is large, else by comparisons. One pass where three
// least-significant-digit passes each scattered every write at random
// over 65,536 places: an index's keys (a band or block, then hash bits)
// leave a few writes per digit. counts holds a count table per level,
// made on first use.
func (p *pendingList) msd(part, tmp []pendingWrite, shift uint, counts *[3][]int32) {
	level := shift / 16
	if counts[level] == nil {
		counts[level] = make([]int32, 1<<16+1)
	}
	c := counts[level]
	clear(c)
	for _, w := range part {
		c[w.pre>>shift&0xFFFF+1]++
	}
	for d := 1; d < len(c); d++ {
		c[d] += c[d-1]
	}
	next := c[:1<<16] // where each digit's next write goes
	ends := make([]int32, 0, 64)
	for _, w := range part {
		d := w.pre >> shift & 0xFFFF
		tmp[next[d]] = w
		next[d]++
	}
	copy(part, tmp)
	// next[d] is now where digit d's run ends; runs are walked in order.
	lo := int32(0)
	for d := range 1 << 16 {
		hi := next[d]
		if hi-lo > 1 {
			ends = append(ends, lo, hi)
		}
		lo = max(lo, hi)
	}
	for i := 0; i < len(ends); i += 2 {
		lo, hi := ends[i], ends[i+1]
		if shift > 0 && hi-lo >= radixMin {
			p.msd(part[lo:hi], tmp[lo:hi], shift-16, counts)
		} else {
			slices.SortStableFunc(part[lo:hi], p.byKey)
		}
	}
}

// search returns the index of the write of key in a sorted list, and
// whether there is one.
func (p *pendingList) search(key []byte) (int, bool) {
	return slices.BinarySearchFunc(p.ws, key, func(w pendingWrite, k []byte) int { return bytes.Compare(p.key(w), k) })
}
