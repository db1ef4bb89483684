package storage

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"unsafe"
)

// TestPendingSorted checks pendingList.sorted against a plain stable sort
// of the same writes with the last write of each key kept: parts large
// enough for the radix sort and small ones, keys shorter than the 8-byte
// prefix, keys whose prefixes tie (equal first 8 bytes, different tails),
// repeated keys (the last wins) and deletes.
func TestPendingSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tc := range []struct {
		name string
		n    int
		key  func(i int) []byte
	}{
		{"one large part, random prefixes", 5000, func(int) []byte {
			return fmt.Appendf([]byte{0, 7}, "%06x%d", rng.Uint32()&0xFFFFFF, rng.IntN(3))
		}},
		{"a few parts, prefixes tie", 3000, func(int) []byte {
			return fmt.Appendf([]byte{0, byte(rng.IntN(3))}, "tietie%d", rng.IntN(400))
		}},
		{"one large part, prefixes share 48 bits", 4000, func(int) []byte {
			return fmt.Appendf([]byte{0, 7, 1, 2, 3, 4, byte(rng.IntN(2)), byte(rng.IntN(256))}, "%d", rng.IntN(9))
		}},
		{"row keys in order, 256 to a prefix", 3000, func(i int) []byte {
			return []byte{0x80, 0, 0, 0, 0, 0, 0, byte(i >> 8), byte(i)}
		}},
		{"short keys, many parts", 2000, func(int) []byte {
			return []byte(fmt.Sprint(rng.IntN(700)))
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			type write struct {
				key, value string
				del        bool
			}
			var ws []write
			p := &pendingList{}
			for i := range tc.n {
				w := write{key: string(tc.key(i)), value: fmt.Sprint(i), del: rng.IntN(5) == 0}
				ws = append(ws, w)
				p.add([]byte(w.key), []byte(w.value), w.del)
			}
			slices.SortStableFunc(ws, func(a, b write) int { return bytes.Compare([]byte(a.key), []byte(b.key)) })
			var want []write
			for i, w := range ws {
				if i+1 < len(ws) && ws[i+1].key == w.key {
					continue
				}
				want = append(want, w)
			}
			s := p.sorted()
			if len(s.ws) != len(want) {
				t.Fatalf("%d writes, want %d", len(s.ws), len(want))
			}
			for i, w := range s.ws {
				got := write{key: string(s.key(w)), del: w.del}
				if !w.del {
					got.value = string(s.value(w))
				} else {
					got.value = want[i].value
				}
				if got != want[i] {
					t.Fatalf("write %d: %+v, want %+v", i, got, want[i])
				}
				if j, ok := s.search(s.key(w)); !ok || j != i {
					t.Fatalf("search %q: %d %v, want %d", s.key(w), j, ok, i)
				}
			}
		})
	}
}

// TestPendingWriteSize: a deferred write takes 32 bytes (a bulk load's
// millions of them are dealt out and sorted: 40 before its value's span
// became a length, its bytes after the key's, and its unread sequence
// number went).
func TestPendingWriteSize(t *testing.T) {
	if n := unsafe.Sizeof(pendingWrite{}); n != 32 {
		t.Errorf("pendingWrite is %d bytes, want 32", n)
	}
}
