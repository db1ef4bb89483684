package catalog

import (
	"encoding/binary"
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestStmtBuffer checks stmtBuffer against a map, through runs of puts
// (deletions among them), truncations and unique values: keys in order
// (the buffer stays sorted, without its hash index), out of order from
// the start, and in order then out of order (it builds the index then).
func TestStmtBuffer(t *testing.T) {
	key := func(n int) []byte { return binary.BigEndian.AppendUint64(nil, uint64(n)) }
	for _, c := range []struct {
		name string
		next func(r *rand.Rand, i int) int // the i-th key to write
	}{
		{"ascending", func(_ *rand.Rand, i int) int { return i * 2 }},
		{"random", func(r *rand.Rand, _ int) int { return r.IntN(300) }},
		{"ascending then random", func(r *rand.Rand, i int) int {
			if i < 200 {
				return i
			}
			return r.IntN(400)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(1, 2))
			b := newStmtBuffer()
			type state struct {
				v     string
				del   bool
				index int
			}
			want := map[int]state{}
			var order []int // keys by first write
			for i := range 400 {
				n := c.next(r, i)
				var v []byte
				if r.IntN(5) > 0 {
					v = fmt.Appendf(nil, "v%d-%d", n, i)
				}
				if r.IntN(2) == 0 && v != nil { // same length as others of n: may be overwritten
					v = fmt.Appendf(nil, "w%05d", n)
				}
				j := b.put(b.find(key(n)), key(n), v, r.IntN(2) == 0)
				st, ok := want[n]
				if !ok {
					st.index = len(order)
					order = append(order, n)
				}
				if j != st.index {
					t.Fatalf("put %d: index %d, want %d", n, j, st.index)
				}
				st.v, st.del = string(v), v == nil
				want[n] = st
				if i%97 == 96 { // drop the keys first written in the last few puts
					keep := max(0, len(order)-3)
					b.truncate(keep)
					for _, k := range order[keep:] {
						delete(want, k)
					}
					order = order[:keep]
				}
			}
			if b.len() != len(order) {
				t.Fatalf("len %d, want %d", b.len(), len(order))
			}
			for n := range 500 {
				i := b.find(key(n))
				st, ok := want[n]
				switch {
				case !ok && i >= 0:
					t.Errorf("find %d: %d, want none", n, i)
				case ok && i != st.index:
					t.Errorf("find %d: %d, want %d", n, i, st.index)
				case ok && st.del && b.value(i) != nil:
					t.Errorf("%d: value %q, want deleted", n, b.value(i))
				case ok && !st.del && string(b.value(i)) != st.v:
					t.Errorf("%d: value %q, want %q", n, b.value(i), st.v)
				}
			}
			uk := bufUniqueKey(nil, 7, []byte("u"))
			b.setUnique(uk, 3)
			b.unsetUnique(uk, 2) // another row's: stays
			if got := b.uniqueRow(uk); got != 3 {
				t.Errorf("uniqueRow %d, want 3", got)
			}
			b.unsetUnique(uk, 3)
			if got := b.uniqueRow(bufUniqueKey(nil, 7, []byte("u"))); got != -1 {
				t.Errorf("uniqueRow after unset %d, want -1", got)
			}
			b.reset()
			if b.len() != 0 || b.find(key(order[0])) != -1 {
				t.Errorf("after reset: len %d", b.len())
			}
		})
	}
}
