package storage

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"go.etcd.io/bbolt"
)

// smallRuns makes commits of fewer than small writes merge into the
// newest run, and blocks tiny, so that a few writes make runs, merge into
// them and compact them.
func smallRuns(t *testing.T, small int) {
	t.Helper()
	smallBlocks(t, 24, 3)
	old := runsSmall
	runsSmall = small
	t.Cleanup(func() { runsSmall = old })
}

func TestRunsAgainstModel(t *testing.T) {
	for _, small := range []int{1, 3} {
		smallRuns(t, small)
		forModes(t, func(t *testing.T, eng, mode string) { testAgainstModelIn(t, eng, mode, ksR) })
	}
}

func TestRunsCursorAgainstModel(t *testing.T) {
	for _, small := range []int{1, 3} {
		smallRuns(t, small)
		forEngines(t, func(t *testing.T, eng string) { mergedCursorAgainstModelIn(t, eng, ksR) })
	}
}

// runsDump returns the runs of runs keyspace ks of s (bbolt) as
// "run-name-hex size: block-key-hex=block-value-hex …", oldest first,
// and checks what a run must be: its sequence the number of its entries,
// every block's key its first entry's, no tombstone in the oldest run.
func runsDump(t *testing.T, s *Store, ks []byte) []string {
	t.Helper()
	var out []string
	ok(t, s.eng.(*boltEngine).db.View(func(btx *bbolt.Tx) error {
		parent := btx.Bucket(ks)
		for i, r := range runList(ks, parent) {
			line := fmt.Sprintf("%x %d:", r.name, r.size)
			n := 0
			ok(t, r.b.ForEach(func(k, v []byte) error {
				b := decodeBlock(ks, k, v, RunsHead(ks))
				if v[0] != runsFormat || !bytes.Equal(b.key(0), k) {
					t.Errorf("run %x: block %x is format %d, first key %x", r.name, k, v[0], b.key(0))
				}
				for j := range b.len() {
					if i == 0 && b.value(j)[0] == runTomb {
						t.Errorf("a tombstone of %x in the oldest run", b.key(j))
					}
				}
				n += b.len()
				line += fmt.Sprintf(" %x=%x", k, v)
				return nil
			}))
			if n != r.size {
				t.Errorf("run %x: sequence %d, %d entries", r.name, r.size, n)
			}
			out = append(out, line)
		}
		return nil
	}))
	return out
}

// TestRunsGolden pins the bytes of a packed-runs keyspace (block format
// 2, runs named by 8-byte numbers): a commit of three keys makes run 1,
// then a commit deletes one of them.
func TestRunsGolden(t *testing.T) {
	ks := RunsKeyspace([]byte("g"), 2)
	for _, c := range []struct {
		name  string
		small int
		want  []string
	}{
		// Run 1: block "ab1", format 02, 03 entries, encoded as in format
		// 1 (TestPackedBlockGolden) but each value after a byte 00 (live):
		// ab1 21 01 [00]; ab12 21 12 "2" [00]"v"; ac2 10 11 "c" "2" [00].
		// Run 2 (1 write, runsSmall 1): ab12 against itself, 22 01, and
		// its tombstone, value [01]; 1 entry, less than half of 3: no
		// merge.
		{"new run", 1, []string{
			"0000000000000001 3: 616231=02" + "03" + "210100" + "2112" + "32" + "0076" + "1011" + "6332" + "00",
			"0000000000000002 1: 61623132=02" + "01" + "2201" + "01",
		}},
		// runsSmall 2: the delete merges into run 1, the only one: the
		// entry goes, no tombstone.
		{"in place", 2, []string{
			"0000000000000001 2: 616231=02" + "02" + "210100" + "1011" + "6332" + "00",
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			old := runsSmall
			runsSmall = c.small
			t.Cleanup(func() { runsSmall = old })
			s := openTxnStore(t, EngineBolt)
			ok(t, s.Update(func(tx *Txn) error { return tx.CreateKeyspace(ks) }))
			ok(t, s.Update(func(tx *Txn) error {
				ok(t, tx.Put(ks, []byte("ab1"), nil))
				ok(t, tx.Put(ks, []byte("ab12"), []byte("v")))
				return tx.Put(ks, []byte("ac2"), []byte{})
			}))
			ok(t, s.Update(func(tx *Txn) error { return tx.Delete(ks, []byte("ab12")) }))
			if got := runsDump(t, s, ks); !slices.Equal(got, c.want) {
				t.Errorf("runs\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

// TestRunsBulk commits writes of many sizes (one key to thousands, puts
// and deletes, deferred and not, over keys seen before) to a packed-runs
// keyspace with small blocks and a small runsSmall, so that commits make
// runs, merge into the newest and compact: after each, Get, the cursor
// both ways and Count equal a model, the runs are as runsDump checks, and
// there are at most about log₂ n of them, their sizes at least halving;
// and all of it again after the store is reopened. A rolled back
// transaction's writes, gathered and flushed by a cursor read, leave
// nothing.
func TestRunsBulk(t *testing.T) {
	smallBlocks(t, 300, 64)
	old := runsSmall
	runsSmall = 50
	t.Cleanup(func() { runsSmall = old })
	dir := t.TempDir()
	s, err := Open(dir, Options{Engine: EngineBolt})
	ok(t, err)
	ok(t, s.Update(func(tx *Txn) error { return tx.CreateKeyspace(ksR) }))
	rng := rand.New(rand.NewPCG(12, 13))
	model := map[string]string{}
	check := func(s *Store, round int) {
		t.Helper()
		want := slices.Sorted(maps.Keys(model))
		ok(t, s.View(func(v View) error {
			if n := v.Count(ksR); n != len(model) {
				t.Fatalf("round %d: Count %d, want %d", round, n, len(model))
			}
			c := v.Cursor(ksR)
			defer c.Close()
			i := 0
			for k, val := c.First(); k != nil; k, val = c.Next() {
				if i >= len(want) || string(k) != want[i] || string(val) != model[want[i]] {
					t.Fatalf("round %d: key %d: %q = %q, want %q", round, i, k, val, want[min(i, len(want)-1)])
				}
				i++
			}
			i = len(want) - 1
			for k, _ := c.Last(); k != nil; k, _ = c.Prev() {
				if i < 0 || string(k) != want[i] {
					t.Fatalf("round %d: backwards, key %q, want index %d", round, k, i)
				}
				i--
			}
			for range 50 {
				k := fmt.Sprintf("%05d", rng.IntN(30000))
				if got, m := v.Get(ksR, []byte(k)), model[k]; string(got) != m || (got == nil) != (m == "") {
					t.Fatalf("round %d: Get %q = %q, want %q", round, k, got, m)
				}
			}
			return nil
		}))
		runs := runsDump(t, s, ksR)
		if limit := bits.Len(uint(len(model)+1)) + 1; len(runs) > limit {
			t.Errorf("round %d: %d runs for %d keys, want at most %d", round, len(runs), len(model), limit)
		}
	}
	for round := range 40 {
		n := []int{1, 3, 49, 50, 200, 2000}[rng.IntN(6)]
		deferred := rng.IntN(2) == 0
		tx := s.NewTxn(false)
		if deferred {
			_, err = tx.Concurrent(context.Background(), time.Minute)
			ok(t, err)
		} else {
			mustWrite(t, tx)
		}
		for range n {
			k := fmt.Sprintf("%05d", rng.IntN(30000))
			v := fmt.Sprintf("v%d", round)
			del := rng.IntN(4) == 0
			if deferred {
				tx.Defer(ksR, []byte(k), []byte(v), del)
			} else if del {
				ok(t, tx.Delete(ksR, []byte(k)))
			} else {
				ok(t, tx.Put(ksR, []byte(k), []byte(v)))
			}
			if del {
				delete(model, k)
			} else {
				model[k] = v
			}
		}
		ok(t, tx.Commit())
		check(s, round)
	}
	before := runsDump(t, s, ksR)
	tx := s.NewTxn(false)
	wv := mustWrite(t, tx)
	for i := range 3000 {
		ok(t, tx.Put(ksR, fmt.Appendf(nil, "%05d", i*7), []byte("gone")))
	}
	c := wv.Cursor(ksR) // flushes the writes: a new run, compactions
	c.First()
	c.Close()
	tx.Rollback()
	if after := runsDump(t, s, ksR); !slices.Equal(after, before) {
		t.Errorf("a rolled back transaction changed the runs")
	}
	check(s, -1)
	ok(t, s.Close())
	s, err = Open(dir, Options{})
	ok(t, err)
	t.Cleanup(func() { s.Close() })
	check(s, -2)
}

// TestRunsCursorMoves is TestPackedCursorMoves over the runs of 8 commits
// of about 400 keys each, tombstones among them (runsSmall 100: each a
// run of its own before compaction).
func TestRunsCursorMoves(t *testing.T) {
	old := runsSmall
	runsSmall = 100
	t.Cleanup(func() { runsSmall = old })
	cursorMoves(t, ksR, 8)
}

// TestRunsReclaim: a rewrite of the bbolt file (Reclaim) copies a
// packed-runs keyspace as it is: the same runs, blocks and run sizes (the
// nested buckets' sequences).
func TestRunsReclaim(t *testing.T) {
	old := runsSmall
	runsSmall = 10
	t.Cleanup(func() { runsSmall = old })
	s := openTxnStore(t, EngineBolt)
	for c, n := range []int{400, 100, 30, 12} { // each under half the one before: 4 runs
		ok(t, s.Update(func(tx *Txn) error {
			for i := range n {
				if err := tx.Put(ksR, fmt.Appendf(nil, "%05d", i*(c+1)), fmt.Appendf(nil, "v%d", c)); err != nil {
					return err
				}
			}
			return tx.Delete(ksR, []byte("00000"))
		}))
	}
	before := runsDump(t, s, ksR)
	if len(before) != 4 {
		t.Fatalf("%d runs, want 4", len(before))
	}
	fillKeys(t, s, ksA, 0, 40000)
	deleteKeys(t, s, ksA, 0, 40000)
	r, err := s.Reclaim(context.Background(), time.Second, [][]byte{ksA})
	ok(t, err)
	if !r.Rewritten {
		t.Fatalf("Reclaim did not rewrite the file: %+v", r)
	}
	if after := runsDump(t, s, ksR); !slices.Equal(after, before) {
		t.Errorf("after the rewrite\n%q\nwant\n%q", after, before)
	}
}
