package storage

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"go.etcd.io/bbolt"
)

// smallBlocks makes packed blocks tiny for the test, so that a few dozen
// keys make many blocks and every write cuts, merges or deletes some.
func smallBlocks(t *testing.T, maxBytes, maxChanges int) {
	t.Helper()
	oldMax, oldChanges := packedBlockMax, packedMaxChanges
	packedBlockMax, packedMaxChanges = maxBytes, maxChanges
	t.Cleanup(func() { packedBlockMax, packedMaxChanges = oldMax, oldChanges })
}

// TestPackedBlockGolden pins the bytes of a packed block (format 1): its
// key is its first entry's, and each entry is compressed against the one
// before.
func TestPackedBlockGolden(t *testing.T) {
	entries := []pentry{
		// head "ab" (2 bytes), tail "1": the block's key; nothing differs.
		{key: []byte("ab1"), value: nil},
		// same head, tail "12": 1 tail byte shared, 1 new; value "v".
		{key: []byte("ab12"), value: []byte("v")},
		// head "ac": 1 head byte shared; tail "2": none shared.
		{key: []byte("ac2"), value: []byte{}},
		// a 20-byte tail and a 16-byte value: both lengths escaped (15+).
		{key: []byte("ac" + "2222222222222222222x"), value: bytes.Repeat([]byte{7}, 16)},
	}
	keys, vals := encodeBlocks(entries, 2)
	if len(keys) != 1 || string(keys[0]) != "ab1" {
		t.Fatalf("keys %q, want one block under ab1", keys)
	}
	const want = "01" + "04" + // format 1, 4 entries
		"21" + "00" + // ab1: hs 2, ts 1; nothing follows, no value
		"21" + "11" + "32" + "76" + // ab12: hs 2, ts 1; 1 tail byte "2", value "v"
		"10" + "10" + "63" + "32" + // ac2: hs 1 ("c" follows), ts 0; 1 tail byte "2"
		"21" + "ff" + "13" + "10" + "323232323232323232323232323232323232" + "78" + "07070707070707070707070707070707"
	if got := hex.EncodeToString(vals[0]); got != want {
		t.Errorf("block\n got %s\nwant %s", got, want)
	}
	b := decodeBlock([]byte("test"), keys[0], vals[0], 2)
	for i, e := range entries {
		if !bytes.Equal(b.key(i), e.key) || !bytes.Equal(b.vals[i], e.value) {
			t.Errorf("entry %d decodes as %q = %q, want %q = %q", i, b.key(i), b.vals[i], e.key, e.value)
		}
	}
}

// TestPackedBlocksCut: entries beyond packedBlockMax bytes are cut into
// blocks of about equal size, each under its first key, which decode back
// to the entries.
func TestPackedBlocksCut(t *testing.T) {
	smallBlocks(t, 100, 1024)
	var entries []pentry
	for i := range 50 {
		entries = append(entries, pentry{key: fmt.Appendf(nil, "h%03d/row%d", i, i*7), value: fmt.Appendf(nil, "%d", i)})
	}
	keys, vals := encodeBlocks(entries, 4)
	var got []pentry
	for i, k := range keys {
		if len(vals[i]) > 100+20 {
			t.Errorf("block %d: %d bytes, want about 100 at most", i, len(vals[i]))
		}
		b := decodeBlock([]byte("test"), k, vals[i], 4)
		if !bytes.Equal(b.key(0), k) {
			t.Errorf("block %d is under %q but begins with %q", i, k, b.key(0))
		}
		for j := range b.len() {
			got = append(got, pentry{key: b.key(j), value: b.vals[j]})
		}
	}
	if len(keys) < 3 {
		t.Errorf("%d blocks, want at least 3", len(keys))
	}
	if !slices.EqualFunc(got, entries, func(a, b pentry) bool { return bytes.Equal(a.key, b.key) && bytes.Equal(a.value, b.value) }) {
		t.Errorf("decoded %d entries, not the %d encoded", len(got), len(entries))
	}
}

// TestPackedDamagedBlock: a block that does not decode is ErrDamagedBlock,
// not a wrong answer or an index out of range.
func TestPackedDamagedBlock(t *testing.T) {
	keys, vals := encodeBlocks([]pentry{{key: []byte("k1")}, {key: []byte("k2"), value: []byte("x")}}, 1)
	for cut := range len(vals[0]) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					if err, ok := r.(error); !ok || !bytes.Contains([]byte(err.Error()), []byte(ErrDamagedBlock.Error())) {
						t.Errorf("cut at %d: panic %v, want ErrDamagedBlock", cut, r)
					}
				}
			}()
			b := decodeBlock([]byte("test"), keys[0], vals[0][:cut], 1)
			t.Errorf("cut at %d: decoded %d entries from a damaged block", cut, b.len())
		}()
	}
}

func TestPackedAgainstModel(t *testing.T) {
	smallBlocks(t, 24, 3)
	forModes(t, func(t *testing.T, eng, mode string) { testAgainstModelIn(t, eng, mode, ksP) })
}

func TestPackedCursorAgainstModel(t *testing.T) {
	smallBlocks(t, 24, 3)
	forEngines(t, func(t *testing.T, eng string) { mergedCursorAgainstModelIn(t, eng, ksP) })
}

// TestPackedBulk writes 20,000 keys in random order and then in sorted
// batches into a packed keyspace over several transactions, deleting some:
// every read (Get, cursor, Count) equals a model, the blocks stay under
// their size and the bbolt bucket holds far fewer keys than the keyspace.
func TestPackedBulk(t *testing.T) {
	smallBlocks(t, 512, 64)
	s := openTxnStore(t, EngineBolt)
	rng := rand.New(rand.NewPCG(3, 4))
	model := map[string]string{}
	key := func(i int) []byte { return fmt.Appendf(nil, "%08x/%d", rng.Uint32(), i) }
	for round := range 6 {
		var keys [][]byte
		for i := range 4000 {
			keys = append(keys, key(round*10000+i))
		}
		if round%2 == 1 {
			slices.SortFunc(keys, bytes.Compare)
		}
		ok(t, s.Update(func(tx *Txn) error {
			for _, k := range keys {
				v := fmt.Sprintf("v%d", round)
				if err := tx.Put(ksP, k, []byte(v)); err != nil {
					return err
				}
				model[string(k)] = v
			}
			n := 0
			for k := range model {
				if n++; n%7 == 0 {
					if err := tx.Delete(ksP, []byte(k)); err != nil {
						return err
					}
					delete(model, k)
				}
			}
			return nil
		}))
	}
	ok(t, s.View(func(v View) error {
		if n := v.Count(ksP); n != len(model) {
			t.Errorf("Count %d, want %d", n, len(model))
		}
		want := slices.Sorted(func(yield func(string) bool) {
			for k := range model {
				if !yield(k) {
					return
				}
			}
		})
		c := v.Cursor(ksP)
		defer c.Close()
		i := 0
		for k, val := c.First(); k != nil; k, val = c.Next() {
			if i >= len(want) || string(k) != want[i] || string(val) != model[want[i]] {
				t.Fatalf("key %d: %q = %q, want %q", i, k, val, want[i])
			}
			i++
		}
		if i != len(want) {
			t.Errorf("cursor walked %d keys, want %d", i, len(want))
		}
		for _, k := range want[:100] {
			if got := string(v.Get(ksP, []byte(k))); got != model[k] {
				t.Errorf("Get %q = %q, want %q", k, got, model[k])
			}
			if v.Get(ksP, append([]byte(k), 'x')) != nil {
				t.Errorf("Get of %q+x found a key", k)
			}
		}
		return nil
	}))
	bt := s.eng.(*boltEngine)
	ok(t, bt.db.View(func(tx *bbolt.Tx) error {
		b := tx.Bucket(ksP)
		blocks, maxLen := 0, 0
		b.ForEach(func(k, v []byte) error {
			blocks++
			maxLen = max(maxLen, len(v))
			return nil
		})
		if blocks == 0 || blocks > len(model)/20 {
			t.Errorf("%d blocks for %d keys, want between 1 and %d", blocks, len(model), len(model)/20)
		}
		if maxLen > 512+64 {
			t.Errorf("a block of %d bytes, want at most about 512", maxLen)
		}
		return nil
	}))
}
