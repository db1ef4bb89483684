package storage

import (
	"bytes"
	"encoding/binary"
	"slices"
)

// pendingList is the deferred writes (Txn.Defer) to one keyspace, in the
// order made. Their keys and values are copied end to end into chunks
// that hold no pointers, and each write names its bytes by position, so
// that the millions of writes of a bulk load are a few large objects the
// garbage collector need not scan.
type pendingList struct {
	ws     []pendingWrite
	chunks [][]byte
}

// pendingWrite is a deferred put (or delete) of one key.
type pendingWrite struct {
	pre        uint64 // the key's first 8 bytes (keyPrefix), for sorting
	key, value span
	seq        uint32 // position in the keyspace's pending writes: later wins
	del        bool
}

// span is a run of bytes of a pendingList's chunk.
type span struct{ chunk, off, n uint32 }

// pendingChunk is the size of a pendingList's chunks (a larger key or
// value gets a chunk of its own).
const pendingChunk = 256 << 10

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

// keep copies b into the list's chunks.
func (p *pendingList) keep(b []byte) span {
	last := len(p.chunks) - 1
	if last < 0 || cap(p.chunks[last])-len(p.chunks[last]) < len(b) {
		p.chunks = append(p.chunks, make([]byte, 0, max(pendingChunk, len(b))))
		last++
	}
	c := p.chunks[last]
	s := span{chunk: uint32(last), off: uint32(len(c)), n: uint32(len(b))}
	p.chunks[last] = append(c, b...)
	return s
}

// add appends a write of key (copied) = value (copied), or a delete.
func (p *pendingList) add(key, value []byte, del bool) {
	w := pendingWrite{pre: keyPrefix(key), key: p.keep(key), seq: uint32(len(p.ws)), del: del}
	if !del {
		w.value = p.keep(value)
	}
	p.ws = append(p.ws, w)
}

// bytes returns the bytes of s; they live as long as the list's chunks.
func (p *pendingList) bytes(s span) []byte {
	end := s.off + s.n
	return p.chunks[s.chunk][s.off:end:end]
}

func (p *pendingList) key(w pendingWrite) []byte { return p.bytes(w.key) }

// value returns the value of a put: never nil.
func (p *pendingList) value(w pendingWrite) []byte { return p.bytes(w.value) }

// sorted returns the list's writes in key order, the last write of each
// key only, with the keys copied end to end in that order (so that the
// writes are then read in the order of their bytes). The writes are first
// dealt out by the top 16 bits of their keys (an index's keys start with
// a small number: the MinHash index's band, the SimHash index's block),
// then each part is sorted on its own (sortPart), its keys copied beside
// each other first, so that what a part's sort touches lies near
// together, not across the whole list.
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
		keyStarts[w.pre>>48+1] += int(w.key.n)
	}
	for d := 1; d < len(starts); d++ {
		starts[d] += starts[d-1]
		keyStarts[d] += keyStarts[d-1]
	}
	// Deal the writes, and their keys, out by part (both read in the
	// order made, which is the order of the chunks' bytes).
	parts := make([]pendingWrite, n)
	dealt := make([]byte, keyStarts[len(keyStarts)-1])
	dealtChunk := uint32(len(p.chunks))
	next, nextKey := starts, keyStarts // copies: where each part's next write and key go
	for _, w := range p.ws {
		d := w.pre >> 48
		off := nextKey[d]
		nextKey[d] += copy(dealt[off:], p.key(w))
		w.key = span{chunk: dealtChunk, off: uint32(off), n: w.key.n}
		parts[next[d]] = w
		next[d]++
	}
	p = &pendingList{chunks: append(slices.Clip(p.chunks), dealt)}
	var tmp []pendingWrite
	for d := range 1 << 16 {
		if lo, hi := starts[d], starts[d+1]; hi-lo > 1 {
			tmp = p.sortPart(parts[lo:hi], tmp)
		}
	}
	return p.compact(parts)
}

// compact returns the sorted writes parts of p without the earlier writes
// of a key, with their keys copied end to end in order.
func (p *pendingList) compact(parts []pendingWrite) *pendingList {
	n := len(parts)
	keyBytes := 0
	for _, w := range parts {
		keyBytes += int(w.key.n)
	}
	keys := make([]byte, 0, keyBytes)
	chunk := uint32(len(p.chunks))
	out := parts[:0]
	for i, w := range parts {
		if i+1 < n && parts[i+1].pre == w.pre && bytes.Equal(p.key(parts[i+1]), p.key(w)) {
			continue // a later write of the key wins
		}
		off := uint32(len(keys))
		keys = append(keys, p.key(w)...)
		w.key = span{chunk: chunk, off: off, n: w.key.n}
		out = append(out, w)
	}
	return &pendingList{ws: out, chunks: append(slices.Clip(p.chunks), keys)}
}

// radixMin is the smallest part sortPart sorts by radix.
const radixMin = 512

// sortPart sorts a part of the writes, whose keys share their top 16 bits
// and which are in the order made, by key and then that order. A large
// part is sorted by the other 48 bits of the keys' prefixes, a least
// significant digit first radix sort in three stable passes of 16 bits
// (tmp, grown as needed and returned, is its scratch), then each run of
// equal prefixes by whole keys, stably; a small part by comparisons.
func (p *pendingList) sortPart(part, tmp []pendingWrite) []pendingWrite {
	byKey := func(a, b pendingWrite) int {
		if a.pre != b.pre {
			if a.pre < b.pre {
				return -1
			}
			return 1
		}
		return bytes.Compare(p.key(a), p.key(b))
	}
	if len(part) < radixMin {
		slices.SortStableFunc(part, byKey)
		return tmp
	}
	if cap(tmp) < len(part) {
		tmp = make([]pendingWrite, len(part))
	}
	src, dst := part, tmp[:len(part)]
	var counts [1 << 16]int32
	for shift := uint(0); shift < 48; shift += 16 {
		clear(counts[:])
		for _, w := range src {
			counts[w.pre>>shift&0xFFFF]++
		}
		sum := int32(0)
		for d, c := range counts {
			counts[d] = sum
			sum += c
		}
		for _, w := range src {
			d := w.pre >> shift & 0xFFFF
			dst[counts[d]] = w
			counts[d]++
		}
		src, dst = dst, src
	}
	copy(part, src) // three passes: the result is in tmp
	for lo := 0; lo < len(part); {
		hi := lo + 1
		for hi < len(part) && part[hi].pre == part[lo].pre {
			hi++
		}
		if hi-lo > 1 {
			slices.SortStableFunc(part[lo:hi], byKey)
		}
		lo = hi
	}
	return tmp
}

// search returns the index of the write of key in a sorted list, and
// whether there is one.
func (p *pendingList) search(key []byte) (int, bool) {
	return slices.BinarySearchFunc(p.ws, key, func(w pendingWrite, k []byte) int { return bytes.Compare(p.key(w), k) })
}
