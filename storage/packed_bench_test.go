package storage

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/cespare/xxhash/v2"
	"github.com/dolthub/go-mysql-server/sql/types"
	"go.etcd.io/bbolt"
)

// minhashLike returns the 26 index entries of row r as a MinHash index
// (indexes/minhash.go, format 2) makes them, appended to dst: per band b,
// [b as a big-endian uint16][48 bits of hash][the row's 9-byte BIGINT key],
// hashes spread at random.
func minhashLike(dst [][]byte, r int) [][]byte {
	rowKey, err := CurrentKeyFormat.AppendKey(nil, types.Int64, int64(r))
	if err != nil {
		panic(err)
	}
	for b := range 26 {
		var in [16]byte
		binary.BigEndian.PutUint64(in[:], uint64(r))
		binary.BigEndian.PutUint64(in[8:], uint64(b))
		k := binary.BigEndian.AppendUint16(make([]byte, 0, 8+len(rowKey)), uint16(b))
		k = binary.BigEndian.AppendUint64(k, xxhash.Sum64(in[:]))[:8]
		dst = append(dst, append(k, rowKey...))
	}
	return dst
}

// commitEntries commits the entries of rows lo to hi-1 (minhashLike) to
// packed keyspace ks in one concurrent transaction, as a statement's
// index entries are (Txn.Defer, applied at Commit).
func commitEntries(tb testing.TB, s *Store, ks []byte, lo, hi int) {
	tx := s.NewTxn(false)
	if _, err := tx.Concurrent(context.Background(), time.Minute); err != nil {
		tb.Fatal(err)
	}
	tx.Reserve(ks, (hi-lo)*26) // as catalog's editor does
	var keys [][]byte
	for r := lo; r < hi; r++ {
		keys = minhashLike(keys[:0], r)
		for _, k := range keys {
			tx.Defer(ks, k, nil, false)
		}
	}
	if err := tx.Commit(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkPackedLoad is the index part of a LOAD DATA into a table with
// a MinHash index (bench/minhash -load-only): one statement's commit of
// the 26 band entries each of 40,000 new rows (1,040,000 entries) into a
// bbolt packed keyspace (head 8) that holds those of 80,000 rows already,
// so that nearly every block gets new entries merged into it; the commit's
// fsync included. Each iteration starts from a copy of the same store.
// Besides wall time it reports the process's CPU time (user and system,
// every thread: the collector's too) per entry, steadier on a shared
// machine.
func BenchmarkPackedLoad(b *testing.B) {
	const before, rows = 80_000, 40_000
	ks := PackedKeyspace([]byte("x1"), 8)
	src := b.TempDir()
	s, err := Open(src, Options{Engine: EngineBolt})
	if err != nil {
		b.Fatal(err)
	}
	if err := s.Update(func(tx *Txn) error { return tx.CreateKeyspace(ks) }); err != nil {
		b.Fatal(err)
	}
	for lo := 0; lo < before; lo += rows {
		commitEntries(b, s, ks, lo, lo+rows)
	}
	if err := s.Close(); err != nil {
		b.Fatal(err)
	}
	var cpu time.Duration
	for b.Loop() {
		b.StopTimer()
		dir := b.TempDir()
		copyDir(b, src, dir)
		s, err := Open(dir, Options{})
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		c0 := processCPU()
		commitEntries(b, s, ks, before, before+rows)
		cpu += processCPU() - c0
		b.StopTimer()
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows*26), "ns/entry")
	b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N*rows*26), "cpu-ns/entry")
}

// processCPU returns the CPU time (user and system) the process has used.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// copyDir copies the regular files of directory src into dst.
func copyDir(tb testing.TB, src, dst string) {
	des, err := os.ReadDir(src)
	if err != nil {
		tb.Fatal(err)
	}
	for _, de := range des {
		if !de.Type().IsRegular() {
			continue
		}
		in, err := os.Open(filepath.Join(src, de.Name()))
		if err != nil {
			tb.Fatal(err)
		}
		out, err := os.Create(filepath.Join(dst, de.Name()))
		if err == nil {
			_, err = io.Copy(out, in)
			if cerr := out.Close(); err == nil {
				err = cerr
			}
		}
		in.Close()
		if err != nil {
			tb.Fatal(err)
		}
	}
}

// TestPackedLayoutGolden pins the blocks that a sequence of commits
// leaves in a packed keyspace (the SHA-256 of its bbolt keys and values
// in order), so that a faster write path stores the same bytes: a first
// load into an empty keyspace (more than packedMaxChanges writes to one
// block), a load merged into every block, a concurrent transaction's
// deletes (deferred) with puts of values (through the write set), and an
// exclusive transaction's puts and deletes in random order; with blocks
// of the default size, and small ones (many cuts, many early write-backs).
func TestPackedLayoutGolden(t *testing.T) {
	for _, c := range []struct {
		name             string
		maxBytes, maxChg int
		want             string
	}{
		{"default", packedBlockMax, packedMaxChanges, "df0c008d6f6ab47a6d3a9918f84b1072473ea11f25ca1dd5d08a288be1624368"},
		{"small", 300, 40, "61dd8ae1289ecb8ee4b16995ff3d7c91d22115fe75ae67a06e316994edf0c1c4"},
	} {
		t.Run(c.name, func(t *testing.T) {
			smallBlocks(t, c.maxBytes, c.maxChg)
			if got := packedLayoutHash(t); got != c.want {
				t.Errorf("SHA-256 %s, want %s", got, c.want)
			}
		})
	}
}

// packedLayoutHash makes TestPackedLayoutGolden's writes and returns the
// hash of the blocks.
func packedLayoutHash(t *testing.T) string {
	s := openTxnStore(t, EngineBolt)
	ks := PackedKeyspace([]byte("x1"), 8)
	ok(t, s.Update(func(tx *Txn) error { return tx.CreateKeyspace(ks) }))
	commitEntries(t, s, ks, 0, 3000)
	commitEntries(t, s, ks, 3000, 4000)
	tx := s.NewTxn(false)
	if _, err := tx.Concurrent(context.Background(), time.Minute); err != nil {
		t.Fatal(err)
	}
	var keys [][]byte
	for r := 0; r < 4100; r += 3 {
		keys = minhashLike(keys[:0], r)
		for i, k := range keys {
			switch {
			case r >= 4000:
				ok(t, tx.Put(ks, k, []byte{byte(i), byte(r)}))
			case i%2 == 0:
				tx.Defer(ks, k, nil, true)
			}
		}
	}
	ok(t, tx.Commit())
	rng := rand.New(rand.NewPCG(5, 6))
	ok(t, s.Update(func(tx *Txn) error {
		for range 2000 {
			keys = minhashLike(keys[:0], rng.IntN(5000))
			k := keys[rng.IntN(len(keys))]
			var err error
			if rng.IntN(3) == 0 {
				err = tx.Delete(ks, k)
			} else {
				err = tx.Put(ks, k, bytes.Repeat([]byte{'v'}, rng.IntN(20)))
			}
			if err != nil {
				return err
			}
		}
		return nil
	}))
	h := sha256.New()
	blocks := 0
	ok(t, s.eng.(*boltEngine).db.View(func(btx *bbolt.Tx) error {
		return btx.Bucket(ks).ForEach(func(k, v []byte) error {
			blocks++
			fmt.Fprintf(h, "%d %x %d %x\n", len(k), k, len(v), v)
			return nil
		})
	}))
	if blocks == 0 {
		t.Error("no blocks")
	}
	return hex.EncodeToString(h.Sum(nil))
}

// TestCompareKeys: compareKeys orders keys as bytes.Compare does, for keys
// shorter than, as long as and longer than its 8-byte first step, equal
// heads with different tails among them.
func TestCompareKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	key := func() []byte {
		k := make([]byte, rng.IntN(12))
		for i := range k {
			k[i] = byte(rng.IntN(3)) * 0x7F // 0x00, 0x7F, 0xFE: few values, many ties
		}
		return k
	}
	for range 20000 {
		a, b := key(), key()
		if got, want := compareKeys(a, b), bytes.Compare(a, b); got != want {
			t.Fatalf("compareKeys(%x, %x) = %d, want %d", a, b, got, want)
		}
	}
}

// BenchmarkPackedLoadGrowth is the index part of bench/minhash's
// 1,000,000-row load: 10 statements, each the commit of the band entries
// of 100,000 new rows (2,600,000 entries, minhashLike) into one bbolt
// keyspace, from empty, packed (layout 2) and packed runs (layout 3). Since
// band hashes are random, every statement merges entries into nearly
// every block of a packed keyspace and so rewrites the whole index: its
// cost grows with the index; in packed runs a statement writes a run of
// its own, and merges runs now and then (size-tiered). It reports the
// process's CPU seconds of the first statement and of the last, their
// ratio (1 if a statement's cost did not depend on the index's size), the
// CPU seconds of the slowest statement and of all 10. One iteration is
// about a minute.
func BenchmarkPackedLoadGrowth(b *testing.B) {
	for _, l := range []struct {
		name string
		ks   []byte
	}{
		{"packed", PackedKeyspace([]byte("x1"), 8)},
		{"runs", RunsKeyspace([]byte("x1"), 8)},
	} {
		b.Run(l.name, func(b *testing.B) { loadGrowth(b, l.ks) })
	}
}

func loadGrowth(b *testing.B, ks []byte) {
	const rows, stmts = 100_000, 10
	var first, last, slowest, all time.Duration
	for b.Loop() {
		b.StopTimer()
		s, err := Open(b.TempDir(), Options{Engine: EngineBolt})
		if err != nil {
			b.Fatal(err)
		}
		if err := s.Update(func(tx *Txn) error { return tx.CreateKeyspace(ks) }); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		for k := range stmts {
			c0 := processCPU()
			commitEntries(b, s, ks, k*rows, (k+1)*rows)
			d := processCPU() - c0
			all += d
			slowest = max(slowest, d)
			switch k {
			case 0:
				first += d
			case stmts - 1:
				last += d
			}
		}
		b.StopTimer()
		if err := s.Close(); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
	}
	n := float64(b.N)
	b.ReportMetric(first.Seconds()/n, "first-cpu-s")
	b.ReportMetric(last.Seconds()/n, "last-cpu-s")
	b.ReportMetric(last.Seconds()/first.Seconds(), "last/first")
	b.ReportMetric(slowest.Seconds(), "max-cpu-s")
	b.ReportMetric(all.Seconds()/n, "cpu-s")
}
