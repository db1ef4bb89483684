package storage

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
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

// encodeBlocks cuts entries (sorted, at least one) into blocks of at most
// about packedBlockMax bytes each, as a write-back does, and returns their
// keys and values.
func encodeBlocks(entries []pentry, headLen int) (keys, vals [][]byte) {
	first, body, n, _ := mergeBlock(nil, nil, nil, entries, headLen)
	return cutBlocks(first, body, n, headLen)
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
		if !bytes.Equal(b.key(i), e.key) || !bytes.Equal(b.value(i), e.value) {
			t.Errorf("entry %d decodes as %q = %q, want %q = %q", i, b.key(i), b.value(i), e.key, e.value)
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
			got = append(got, pentry{key: b.key(j), value: b.value(j)})
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
// not a wrong answer or an index out of range: every truncation of a block
// of short entries (each read without uvarints) and of one whose entries
// have 15 bytes or more of head, tail and value (nibbles of 15: read with
// uvarints).
func TestPackedDamagedBlock(t *testing.T) {
	long := bytes.Repeat([]byte{'a'}, 20)
	testDamagedBlock(t, []pentry{{key: []byte("k1")}, {key: []byte("k2"), value: []byte("x")}}, 1)
	testDamagedBlock(t, []pentry{
		{key: append([]byte("k1"), long...), value: long},
		{key: append(append([]byte("k2"), long...), 'b'), value: long[:16]},
		{key: append(bytes.Repeat([]byte{'z'}, 17), long...)},
	}, 16)
}

func testDamagedBlock(t *testing.T, entries []pentry, headLen int) {
	t.Helper()
	keys, vals := encodeBlocks(entries, headLen)
	if b := decodeBlock([]byte("test"), keys[0], vals[0], headLen); b.len() != len(entries) {
		t.Fatalf("decoded %d entries, want %d", b.len(), len(entries))
	}
	for cut := range len(vals[0]) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					if err, ok := r.(error); !ok || !bytes.Contains([]byte(err.Error()), []byte(ErrDamagedBlock.Error())) {
						t.Errorf("cut at %d: panic %v, want ErrDamagedBlock", cut, r)
					}
				}
			}()
			b := decodeBlock([]byte("test"), keys[0], vals[0][:cut], headLen)
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

// TestPackedCursorMoves walks a packed keyspace of 3,000 keys in blocks of
// the default size (a hundred or more keys each) with random First, Last,
// Seek, Next and Prev moves against a sorted model: a Seek into the middle
// of a block, then Prev before the first key it decoded, and moves across
// blocks, in both directions; and the keys a walk returns stay valid.
func TestPackedCursorMoves(t *testing.T) { cursorMoves(t, ksP, 1) }

// cursorMoves is TestPackedCursorMoves in keyspace ks, the keys written
// in commits transactions, each key in one chosen at random; and with
// more than one, keys that are not there: written in one and deleted in a
// later one.
func cursorMoves(t *testing.T, ks []byte, commits int) {
	s := openTxnStore(t, EngineBolt)
	rng := rand.New(rand.NewPCG(8, 9))
	var keys []string
	seen := map[string]bool{}
	writes := make([][][2]string, commits) // per commit: key, value ("": delete)
	for len(keys) < 3000 {
		k := fmt.Sprintf("%05d", rng.IntN(100000))
		if seen[k] {
			continue
		}
		seen[k] = true
		c := rng.IntN(commits)
		if commits > 1 && rng.IntN(4) == 0 {
			if c == commits-1 {
				c--
			}
			writes[c] = append(writes[c], [2]string{k, "old"})
			d := c + 1 + rng.IntN(commits-c-1)
			writes[d] = append(writes[d], [2]string{k, ""})
			continue
		}
		keys = append(keys, k)
		writes[c] = append(writes[c], [2]string{k, "v" + k})
	}
	for _, ws := range writes {
		ok(t, s.Update(func(tx *Txn) error {
			for _, w := range ws {
				var err error
				if w[1] == "" {
					err = tx.Delete(ks, []byte(w[0]))
				} else {
					err = tx.Put(ks, []byte(w[0]), []byte(w[1]))
				}
				if err != nil {
					return err
				}
			}
			return nil
		}))
	}
	slices.Sort(keys)
	ok(t, s.View(func(v View) error {
		c := v.Cursor(ks)
		defer c.Close()
		// Keys returned stay as they were while the cursor moves on.
		var held [][]byte
		for k, _ := c.First(); k != nil; k, _ = c.Next() {
			held = append(held, k)
		}
		for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
			held = append(held, k)
		}
		for i, k := range held {
			j := i
			if i >= len(keys) {
				j = 2*len(keys) - 1 - i
			}
			want := keys[j]
			if string(k) != want {
				t.Fatalf("key %d returned reads %q after the walk, want %q", i, k, want)
			}
		}
		pos := -1
		var moves []string
		for step := range 5000 {
			var k, val []byte
			switch r := rng.IntN(10); {
			case r == 0:
				moves, pos = append(moves, "first"), 0
				k, val = c.First()
			case r == 1:
				moves, pos = append(moves, "last"), len(keys)-1
				k, val = c.Last()
			case r < 4:
				target := fmt.Sprintf("%05d", rng.IntN(100001))
				moves = append(moves, "seek "+target)
				k, val = c.Seek([]byte(target))
				pos, _ = slices.BinarySearch(keys, target)
			case r < 7:
				if pos < 0 || pos >= len(keys) {
					continue
				}
				moves, pos = append(moves, "next"), pos+1
				k, val = c.Next()
			default:
				if pos < 0 || pos >= len(keys) {
					continue
				}
				moves, pos = append(moves, "prev"), pos-1
				k, val = c.Prev()
			}
			want := ""
			if pos >= 0 && pos < len(keys) {
				want = keys[pos] + "=v" + keys[pos]
			}
			got := ""
			if k != nil {
				got = string(k) + "=" + string(val)
			}
			if got != want {
				t.Fatalf("step %d after %v: at %q, want %q", step, moves[max(0, len(moves)-6):], got, want)
			}
		}
		return nil
	}))
}

// TestPackedScanPrefix: ScanPrefix over a packed keyspace (which decodes
// in place) finds exactly the keys with the prefix, in order, for prefixes
// inside blocks, across them, below the first key, past the last and
// empty; and stops at the callback's error. The same over a packed-runs
// keyspace of one run (decoded in place too) and of two (merged).
func TestPackedScanPrefix(t *testing.T) {
	t.Run("packed", func(t *testing.T) { testScanPrefix(t, ksP, 1) })
	t.Run("one run", func(t *testing.T) { testScanPrefix(t, ksR, 1) })
	t.Run("two runs", func(t *testing.T) {
		old := runsSmall
		runsSmall = 100
		t.Cleanup(func() { runsSmall = old })
		testScanPrefix(t, ksR, 4)
	})
}

// testScanPrefix is TestPackedScanPrefix in keyspace ks, the keys
// written in commits transactions.
func testScanPrefix(t *testing.T, ks []byte, commits int) {
	s := openTxnStore(t, EngineBolt)
	var keys []string
	for c := range commits {
		ok(t, s.Update(func(tx *Txn) error {
			for i := c; i < 4000; i += commits {
				k := fmt.Sprintf("%04d", 2*i+10)
				keys = append(keys, k)
				if err := tx.Put(ks, []byte(k), []byte("v"+k)); err != nil {
					return err
				}
			}
			return nil
		}))
	}
	slices.Sort(keys)
	if commits > 1 {
		if runs := runsDump(t, s, ks); len(runs) != 2 {
			t.Fatalf("%d runs, want 2", len(runs))
		}
	}
	ok(t, s.View(func(v View) error {
		for _, prefix := range []string{"", "0", "00", "001", "0010", "3", "55", "7999", "8", "9", "80", "0009"} {
			var got []string
			err := ScanPrefix(v, ks, []byte(prefix), func(k, val []byte) error {
				if string(val) != "v"+string(k) {
					t.Errorf("prefix %q: %q = %q", prefix, k, val)
				}
				got = append(got, string(k))
				return nil
			})
			ok(t, err)
			var want []string
			for _, k := range keys {
				if strings.HasPrefix(k, prefix) {
					want = append(want, k)
				}
			}
			if !slices.Equal(got, want) {
				t.Errorf("prefix %q: %d keys (%.3v…), want %d (%.3v…)", prefix, len(got), got, len(want), want)
			}
		}
		stop := errors.New("stop")
		n := 0
		if err := ScanPrefix(v, ks, nil, func(k, val []byte) error { n++; return stop }); err != stop || n != 1 {
			t.Errorf("a callback's error: %v after %d keys, want it after 1", err, n)
		}
		return nil
	}))
}

// TestScanRuns: ScanRuns finds the same runs of equal heads, with the same
// tails, in a packed keyspace and a packed-runs one of one run (from the
// encoding) and in a plain one (by comparing keys) as a model does, for
// every prefix tried, and stops at the callback's error.
func TestScanRuns(t *testing.T) {
	smallBlocks(t, 200, 64) // runs across blocks
	s := openTxnStore(t, EngineBolt)
	packed, runs := PackedKeyspace([]byte("q"), 2), RunsKeyspace([]byte("q"), 2)
	rng := rand.New(rand.NewPCG(10, 11))
	keys := map[string]bool{}
	ok(t, s.Update(func(tx *Txn) error {
		if err := tx.CreateKeyspace(packed); err != nil {
			return err
		}
		if err := tx.CreateKeyspace(runs); err != nil {
			return err
		}
		for len(keys) < 3000 {
			head := fmt.Sprintf("%c%c", 'a'+rng.IntN(26), 'a'+rng.IntN(26))
			k := head + fmt.Sprint(rng.IntN(3)*rng.IntN(1000))
			keys[k] = true
			for _, ks := range [][]byte{packed, runs, ksA} {
				if err := tx.Put(ks, []byte(k), nil); err != nil {
					return err
				}
			}
		}
		return nil
	}))
	sorted := slices.Sorted(func(yield func(string) bool) {
		for k := range keys {
			if !yield(k) {
				return
			}
		}
	})
	ok(t, s.View(func(v View) error {
		for _, prefix := range []string{"", "a", "ab", "m", "zz", "abc", "{"} {
			var want []string
			for i := 0; i < len(sorted); {
				j := i + 1
				for j < len(sorted) && sorted[j][:2] == sorted[i][:2] {
					j++
				}
				if j-i >= 2 && strings.HasPrefix(sorted[i], prefix) {
					var tails []string
					for _, k := range sorted[i:j] {
						if strings.HasPrefix(k, prefix) {
							tails = append(tails, k[2:])
						}
					}
					if len(tails) >= 2 {
						want = append(want, sorted[i][:2]+":"+strings.Join(tails, ","))
					}
				}
				i = j
			}
			for _, ks := range [][]byte{packed, runs, ksA} {
				var got []string
				err := ScanRuns(v, ks, []byte(prefix), 2, func(head []byte, tails [][]byte) error {
					var ts []string
					for _, tl := range tails {
						ts = append(ts, string(tl))
					}
					got = append(got, string(head)+":"+strings.Join(ts, ","))
					return nil
				})
				ok(t, err)
				if !slices.Equal(got, want) {
					t.Errorf("keyspace %q, prefix %q: %d runs (%.2v…), want %d (%.2v…)", ks, prefix, len(got), got, len(want), want)
				}
			}
		}
		stop := errors.New("stop")
		n := 0
		if err := ScanRuns(v, packed, nil, 2, func([]byte, [][]byte) error { n++; return stop }); err != stop || n != 1 {
			t.Errorf("a callback's error: %v after %d runs, want it after 1", err, n)
		}
		return nil
	}))
}

// TestCommonPrefix: commonPrefix, which compares 8 bytes at a time,
// equals a byte-by-byte count for slices shorter than, as long as and
// longer than 8 and 16 bytes, of few byte values (many long prefixes).
func TestCommonPrefix(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	slow := func(a, b []byte) int {
		n := 0
		for n < len(a) && n < len(b) && a[n] == b[n] {
			n++
		}
		return n
	}
	for range 20000 {
		a := make([]byte, rng.IntN(25))
		for i := range a {
			a[i] = byte(rng.IntN(2))
		}
		b := slices.Clone(a[:rng.IntN(len(a)+1)])
		for len(b) < 25 && rng.IntN(3) > 0 {
			b = append(b, byte(rng.IntN(2)))
		}
		if rng.IntN(2) == 0 && len(b) > 0 {
			b[rng.IntN(len(b))] ^= 1
		}
		if got, want := commonPrefix(a, b), slow(a, b); got != want {
			t.Fatalf("commonPrefix(%x, %x) = %d, want %d", a, b, got, want)
		}
	}
}
