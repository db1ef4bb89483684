package storage

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// fillKeys writes n keys k%06d (from first on) of 200-byte values into ks,
// creating it, 5,000 a transaction.
func fillKeys(t *testing.T, s *Store, ks []byte, first, n int) {
	t.Helper()
	for lo := first; lo < first+n; lo += 5000 {
		ok(t, s.Update(func(tx *Txn) error {
			r, err := tx.Reader()
			if err != nil {
				return err
			}
			if !r.Has(ks) {
				if err := tx.CreateKeyspace(ks); err != nil {
					return err
				}
			}
			for i := lo; i < min(lo+5000, first+n); i++ {
				if err := tx.Put(ks, fmt.Appendf(nil, "k%06d", i), valueOf(i)); err != nil {
					return err
				}
			}
			return nil
		}))
	}
}

// valueOf is key i's value: 200 bytes that differ between keys.
func valueOf(i int) []byte {
	return []byte(strings.Repeat(fmt.Sprintf("%08d", i), 25))
}

// deleteKeys deletes keys k%06d from first to first+n-1 of ks.
func deleteKeys(t *testing.T, s *Store, ks []byte, first, n int) {
	t.Helper()
	ok(t, s.Update(func(tx *Txn) error {
		for i := first; i < first+n; i++ {
			if err := tx.Delete(ks, fmt.Appendf(nil, "k%06d", i)); err != nil {
				return err
			}
		}
		return nil
	}))
}

// checkKeys fails unless ks holds exactly keys first … first+n-1 with
// their values.
func checkKeys(t *testing.T, v View, ks []byte, first, n int) {
	t.Helper()
	c := v.Cursor(ks)
	defer c.Close()
	i := first
	for k, val := c.First(); k != nil; k, val = c.Next() {
		if want := fmt.Sprintf("k%06d", i); string(k) != want || string(val) != string(valueOf(i)) {
			t.Fatalf("keyspace %s: key %d is %q = %.16q…, want %s", ks, i-first, k, val, want)
		}
		i++
	}
	if i != first+n {
		t.Fatalf("keyspace %s: %d keys, want %d", ks, i-first, n)
	}
}

// tableBytes is the size of the files that hold keys: bbolt's file, or
// pebble's sstables.
func tableBytes(t *testing.T, dir string) int64 {
	t.Helper()
	if fi, err := os.Stat(filepath.Join(dir, DBFile)); err == nil {
		return fi.Size()
	}
	ssts, err := filepath.Glob(filepath.Join(dir, PebbleDir, "*.sst"))
	ok(t, err)
	var n int64
	for _, f := range ssts {
		fi, err := os.Stat(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue // deleted by pebble since the glob (an obsolete table): it holds nothing
		}
		ok(t, err)
		n += fi.Size()
	}
	return n
}

func size(t *testing.T, s *Store) int64 {
	t.Helper()
	n, err := s.Size()
	ok(t, err)
	return n
}

// TestReclaimReturnsSpace: a keyspace of 40,000 keys (about 9 MB) is
// deleted; the file does not shrink by itself on bbolt; Reclaim returns
// the space (at most a quarter of the size is left, on either engine) and
// keeps the other keyspace's keys and sequence, before and after a reopen.
func TestReclaimReturnsSpace(t *testing.T) { forEngines(t, testReclaimReturnsSpace) }

func testReclaimReturnsSpace(t *testing.T, eng string) {
	dir := t.TempDir()
	s, err := Open(dir, Options{Engine: eng})
	ok(t, err)
	defer func() { s.Close() }()
	fillKeys(t, s, ksA, 0, 40000)
	fillKeys(t, s, ksB, 0, 1000)
	ok(t, s.Update(func(tx *Txn) error { return tx.setSeq(ksB, 41) }))
	if e, isPebble := s.eng.(*pebbleEngine); isPebble {
		ok(t, e.db.Flush()) // the keys into sstables, as a larger load puts them
	}
	full, fullTables := size(t, s), tableBytes(t, dir)
	deleteKeys(t, s, ksA, 0, 40000)
	if deleted := size(t, s); eng == EngineBolt && deleted < full {
		t.Errorf("bbolt shrank by itself: %d bytes, then %d", full, deleted)
	}
	r, err := s.Reclaim(context.Background(), time.Second, [][]byte{ksA})
	ok(t, err)
	if eng == EngineBolt && !r.Rewritten || eng == EnginePebble && !r.Compacted {
		t.Errorf("Reclaim did nothing: %+v", r)
	}
	// pebble's write-ahead log files are not the keyspaces' (it keeps a few
	// for reuse, see docs/storage.md): its sstables are.
	if after := tableBytes(t, dir); after > fullTables/4 {
		t.Errorf("after Reclaim %d bytes of tables, more than a quarter of %d (%+v)", after, fullTables, r)
	}
	if r.After != size(t, s) {
		t.Errorf("Reclaimed.After = %d, Size = %d", r.After, size(t, s))
	}
	check := func(a int) {
		ok(t, s.View(func(v View) error {
			checkKeys(t, v, ksA, 0, a)
			checkKeys(t, v, ksB, 0, 1000)
			return nil
		}))
		var seq uint64
		ok(t, s.Update(func(tx *Txn) error {
			seq, err = tx.NextSequence(ksB)
			return err
		}))
		if seq < 42 {
			t.Errorf("sequence of b after Reclaim: %d, want ≥ 42", seq)
		}
	}
	check(0)
	// The store writes and reads on after Reclaim, and the same survives a reopen.
	fillKeys(t, s, ksA, 0, 100)
	ok(t, s.Close())
	if _, err := os.Stat(filepath.Join(dir, DBFile+rewriteSuffix)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the rewrite's copy is left: %v", err)
	}
	s, err = Open(dir, Options{})
	ok(t, err)
	check(100)
}

// setSeq sets ks's sequence (test helper).
func (t *Txn) setSeq(ks []byte, v uint64) error {
	w, err := t.writer()
	if err != nil {
		return err
	}
	return w.setSequence(ks, v)
}

// TestReclaimBoltLittleFree: with under RewriteShare of the file free,
// bbolt's file is not rewritten, and Reclaim says how much was free.
func TestReclaimBoltLittleFree(t *testing.T) {
	s := openTxnStore(t, EngineBolt)
	fillKeys(t, s, ksA, 0, 20000)
	deleteKeys(t, s, ksA, 0, 100)
	before := size(t, s)
	r, err := s.Reclaim(context.Background(), time.Second, [][]byte{ksA})
	ok(t, err)
	if r.Rewritten || r.After != before || r.Before != before || r.Free <= 0 || float64(r.Free) >= RewriteShare*float64(before) {
		t.Errorf("Reclaim = %+v, file %d bytes before", r, before)
	}
}

// TestReclaimWaitsForWriters: on bbolt, Reclaim waits for an open writing
// transaction (it holds the metadata lock shared) and gives up after its
// timeout with ErrLockWaitTimeout, or when its context ends; once the
// writer commits it runs, and the writer's commit is kept. On pebble it
// does not wait.
func TestReclaimWaitsForWriters(t *testing.T) { forEngines(t, testReclaimWaitsForWriters) }

func testReclaimWaitsForWriters(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	fillKeys(t, s, ksA, 0, 20000)
	deleteKeys(t, s, ksA, 0, 20000)
	w := s.NewTxn(false)
	concurrent(t, w, time.Second)
	ok(t, w.Put(ksB, []byte("w"), []byte("1")))
	_, err := s.Reclaim(context.Background(), 50*time.Millisecond, [][]byte{ksA})
	if eng == EngineBolt && !errors.Is(err, ErrLockWaitTimeout) || eng == EnginePebble && err != nil {
		t.Fatalf("Reclaim with a writer open: %v", err)
	}
	if eng == EngineBolt {
		ctx, cancel := context.WithCancelCause(context.Background())
		cancel(errors.New("killed"))
		if _, err := s.Reclaim(ctx, time.Minute, nil); err == nil || err.Error() != "killed" {
			t.Fatalf("Reclaim with its context ended: %v", err)
		}
	}
	ok(t, w.Commit())
	r, err := s.Reclaim(context.Background(), time.Second, [][]byte{ksA})
	ok(t, err)
	if eng == EngineBolt && !r.Rewritten {
		t.Errorf("not rewritten once the writer ended: %+v", r)
	}
	if got := getKs(t, s, ksB, "w"); got != "1" {
		t.Errorf("the writer's commit: %q", got)
	}
}

// TestReclaimDuringReadsAndWrites: Reclaim runs while readers read and
// writers commit. A reader that took its snapshot before a bbolt rewrite
// reads on from the old file, unchanged; every commit acknowledged
// before, during and after the rewrites is there afterwards, and after a
// reopen.
func TestReclaimDuringReadsAndWrites(t *testing.T) { forEngines(t, testReclaimDuringReadsAndWrites) }

func testReclaimDuringReadsAndWrites(t *testing.T, eng string) {
	dir := t.TempDir()
	s, err := Open(dir, Options{Engine: eng})
	ok(t, err)
	defer func() { s.Close() }()
	fillKeys(t, s, ksB, 0, 1000)
	fillKeys(t, s, ksA, 0, 20000)

	old := s.NewTxn(true)
	v, err := old.Reader()
	ok(t, err)
	checkKeys(t, v, ksA, 0, 20000)

	const writers, perWriter = 3, 40
	var wg sync.WaitGroup
	errs := make(chan error, writers+2)
	stop := make(chan struct{})
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range perWriter {
				tx := s.NewTxn(false)
				if _, err := tx.Concurrent(context.Background(), time.Minute); err != nil {
					errs <- err
					return
				}
				if err := tx.Put(ksB, fmt.Appendf(nil, "w%d-%03d", w, i), []byte("x")); err != nil {
					tx.Rollback()
					errs <- err
					return
				}
				if err := tx.Commit(); err != nil {
					errs <- err
					return
				}
			}
		}()
	}
	wg.Add(1)
	go func() { // a reader: b's first 1,000 keys are always there
		defer wg.Done()
		for {
			select {
			case <-stop:
				return
			default:
			}
			err := s.View(func(v View) error {
				c := v.Cursor(ksB)
				defer c.Close()
				n := 0
				for k, _ := c.First(); k != nil && k[0] == 'k'; k, _ = c.Next() {
					n++
				}
				if n != 1000 {
					return fmt.Errorf("a reader saw %d of b's 1,000 keys", n)
				}
				return nil
			})
			if err != nil {
				errs <- err
				return
			}
		}
	}()
	for round := range 3 {
		deleteKeys(t, s, ksA, round*5000, 5000)
		if _, err := s.Reclaim(context.Background(), time.Minute, [][]byte{ksA}); err != nil {
			t.Fatal(err)
		}
	}
	checkKeys(t, v, ksA, 0, 20000) // the old snapshot, unchanged
	old.Rollback()
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	check := func() {
		ok(t, s.View(func(v View) error {
			checkKeys(t, v, ksA, 15000, 5000)
			if n := v.Count(ksB); n != 1000+writers*perWriter {
				t.Errorf("b holds %d keys, want %d", n, 1000+writers*perWriter)
			}
			return nil
		}))
	}
	check()
	ok(t, s.Close())
	s, err = Open(dir, Options{})
	ok(t, err)
	check()
}

// reclaimHelper runs the modes of TestHelperProcess that kill a bbolt
// rewrite: "reclaim-STEP" kills the process with SIGKILL at that step of
// the rewrite (see reclaimHook).
//
// "reclaim-fsize" rewrites under a file-size limit (SIMSQL_FSIZE bytes)
// that the copy outgrows, and reports the error, whether the copy is left
// and the keys the store still reads.
func reclaimHelper(mode, dir string, report func(string, ...any)) bool {
	step, found := strings.CutPrefix(mode, "reclaim-")
	if !found {
		return false
	}
	s, err := Open(dir, Options{})
	if err != nil {
		report("open: %v", err)
		return true
	}
	if step == "fsize" {
		if err := setFileSizeLimit(); err != nil {
			report("setrlimit: %v", err)
			return true
		}
		_, err := s.Reclaim(context.Background(), time.Second, nil)
		_, statErr := os.Stat(filepath.Join(dir, DBFile+rewriteSuffix))
		keys := 0
		s.View(func(v View) error { keys = v.Count(ksA); return nil })
		report("err=%v copy-left=%v keys=%d", err != nil && strings.Contains(err.Error(), "file too large"), statErr == nil, keys)
		s.Close()
		return true
	}
	reclaimHook = func(at string) {
		if at == step {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
	}
	r, err := s.Reclaim(context.Background(), time.Second, nil)
	report("reclaim finished: %+v %v", r, err)
	return true
}

// runKilled runs TestHelperProcess in mode on dir as a child process,
// which must die by SIGKILL, and returns its output.
func runKilled(t *testing.T, mode, dir string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "SIMSQL_STORAGE_DIR="+dir)
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("child did not die by SIGKILL: %v\n%s", err, out)
	}
	return string(out)
}

// TestReclaimCrashPoints kills a process in the middle of a bbolt rewrite
// with SIGKILL: after the copy is written (before the rename), after the
// rename (before the directory's fsync), after the reopen. Reopened, the
// store holds exactly its keys, and the copy is gone; after the rename the
// file is the new, smaller one.
func TestReclaimCrashPoints(t *testing.T) {
	for _, tc := range []struct {
		step   string
		shrunk bool
	}{
		{"copied", false},
		{"renamed", true},
		{"reopened", true},
	} {
		t.Run(tc.step, func(t *testing.T) {
			dir := t.TempDir()
			s, err := Open(dir, Options{Engine: EngineBolt})
			ok(t, err)
			fillKeys(t, s, ksA, 0, 20000)
			fillKeys(t, s, ksB, 0, 1000)
			deleteKeys(t, s, ksA, 0, 19000)
			before := size(t, s)
			ok(t, s.Close())

			runKilled(t, "reclaim-"+tc.step, dir)
			if tc.step == "copied" {
				if _, err := os.Stat(filepath.Join(dir, DBFile+rewriteSuffix)); err != nil {
					t.Fatalf("the copy is not there after a crash before the rename: %v", err)
				}
			}
			s, err = Open(dir, Options{})
			ok(t, err)
			defer s.Close()
			if _, err := os.Stat(filepath.Join(dir, DBFile+rewriteSuffix)); !errors.Is(err, os.ErrNotExist) {
				t.Errorf("the copy is left after Open: %v", err)
			}
			if after := size(t, s); tc.shrunk != (after < before/4) {
				t.Errorf("file %d bytes before, %d after (shrunk: want %v)", before, after, tc.shrunk)
			}
			ok(t, s.View(func(v View) error {
				checkKeys(t, v, ksA, 19000, 1000)
				checkKeys(t, v, ksB, 0, 1000)
				return nil
			}))
			fillKeys(t, s, ksA, 0, 10) // and it takes writes
		})
	}
}

// TestReclaimReadOnly: a read-only Store refuses Reclaim.
func TestReclaimReadOnly(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	ok(t, err)
	fillKeys(t, s, ksA, 0, 10)
	ok(t, s.Close())
	s, err = Open(dir, Options{ReadOnly: true})
	ok(t, err)
	defer s.Close()
	if _, err := s.Reclaim(context.Background(), time.Second, [][]byte{ksA}); !errors.Is(err, ErrReadOnly) {
		t.Errorf("Reclaim on a read-only Store: %v", err)
	}
}

// TestPebbleDropCompacts: on pebble, dropping a keyspace whose keys are in
// sstables (DROP TABLE, DROP DATABASE, TRUNCATE) compacts its key range
// in the background, so the sstables that held it are deleted without
// waiting for later writes; the other keyspace stays whole.
//
// With a reader open when the keyspace is dropped, the reader goes on
// reading it whole, and the compaction waits for it to end.
func TestPebbleDropCompacts(t *testing.T) {
	for _, tc := range []struct {
		name          string
		clear, reader bool
	}{
		{"drop", false, false},
		{"clear", true, false},
		{"drop-with-reader", false, true},
	} {
		clear := tc.clear
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			s, err := Open(dir, Options{Engine: EnginePebble})
			ok(t, err)
			defer s.Close()
			fillKeys(t, s, ksA, 0, 40000)
			fillKeys(t, s, ksB, 0, 1000)
			e := s.eng.(*pebbleEngine)
			ok(t, e.db.Flush())
			full := tableBytes(t, dir)
			reader := s.NewTxn(true)
			if tc.reader {
				v, err := reader.Reader()
				ok(t, err)
				checkKeys(t, v, ksA, 0, 40000)
			}
			tx := s.NewTxn(false)
			concurrent(t, tx, time.Second) // SQL's DROP runs exclusive, TRUNCATE concurrent: both reach dropKeyspace
			if clear {
				ok(t, tx.ClearKeyspace(ksA))
			} else {
				ok(t, tx.DropKeyspace(ksA))
			}
			ok(t, tx.Commit())
			if tc.reader {
				checkKeys(t, mustReader(t, reader), ksA, 0, 40000)
				reader.Rollback()
			}
			waitFor(t, "the dropped keyspace's sstables are deleted", func() bool {
				return e.db.Metrics().Table.ObsoleteCount == 0 && tableBytes(t, dir) <= full/4
			})
			ok(t, s.View(func(v View) error {
				checkKeys(t, v, ksA, 0, 0)
				checkKeys(t, v, ksB, 0, 1000)
				return nil
			}))
		})
	}
}

func mustReader(t *testing.T, tx *Txn) View {
	t.Helper()
	v, err := tx.Reader()
	ok(t, err)
	return v
}

// TestReclaimDiskFull: a bbolt rewrite whose copy cannot be written (the
// file-size limit stands for a full disk) fails with the I/O error,
// removes its copy, and leaves the old file in use and whole.
func TestReclaimDiskFull(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{Engine: EngineBolt})
	ok(t, err)
	fillKeys(t, s, ksA, 0, 20000)
	deleteKeys(t, s, ksA, 0, 19000)
	ok(t, s.Close())
	out := runHelper(t, "reclaim-fsize", dir, "SIMSQL_FSIZE=65536")
	if !strings.Contains(out, "RESULT err=true copy-left=false keys=1000") {
		t.Fatalf("child output:\n%s", out)
	}
	s, err = Open(dir, Options{})
	ok(t, err)
	defer s.Close()
	ok(t, s.View(func(v View) error { checkKeys(t, v, ksA, 19000, 1000); return nil }))
}
