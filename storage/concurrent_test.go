package storage

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
	"time"
)

// concurrent starts tx in concurrent mode with lock waits bounded by wait.
func concurrent(t *testing.T, tx *Txn, wait time.Duration) View {
	t.Helper()
	v, err := tx.Concurrent(context.Background(), wait)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// waitFor polls cond until it holds, for at most a minute (a busy machine
// may take a while to schedule the other goroutine).
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(time.Minute); !cond(); {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting until %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// waiting reports whether transaction tx waits for a row lock.
func waiting(s *Store, tx *Txn) bool {
	s.locks.mu.Lock()
	defer s.locks.mu.Unlock()
	_, ok := s.locks.waitsFor[tx.id]
	return ok
}

// TestConcurrentDifferentKeys: two concurrent transactions that write
// different keys both write and commit without waiting for each other (a
// wait would time out after a millisecond), and both commits are kept.
func TestConcurrentDifferentKeys(t *testing.T) { forEngines(t, testConcurrentDifferentKeys) }

func testConcurrentDifferentKeys(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	a, b := s.NewTxn(false), s.NewTxn(false)
	concurrent(t, a, time.Millisecond)
	concurrent(t, b, time.Millisecond)
	ok(t, a.Put(ksA, []byte("a"), []byte("1")))
	ok(t, b.Put(ksA, []byte("b"), []byte("2")))
	ok(t, a.Put(ksB, []byte("x"), []byte("a")))
	ok(t, b.Delete(ksB, []byte("y")))
	// Each sees its own writes only.
	if va, _ := a.Reader(); dump(va, ksA) != "a=1" {
		t.Errorf("a sees %q", dump(va, ksA))
	}
	if vb, _ := b.Reader(); dump(vb, ksA) != "b=2" {
		t.Errorf("b sees %q", dump(vb, ksA))
	}
	ok(t, b.Commit())
	ok(t, a.Commit())
	ok(t, s.View(func(r View) error {
		if got := dump(r, ksA) + "|" + dump(r, ksB); got != "a=1 b=2|x=a" {
			t.Errorf("committed: %q", got)
		}
		return nil
	}))
	if n := s.locks.holders(); n != 0 {
		t.Errorf("%d row locks held after both commits", n)
	}
}

// TestConcurrentSameKey: a second writer of a key waits for the first; when
// the first commits, the second's write is a write conflict (its snapshot
// is stale), and on a new snapshot it goes through; when the first rolls
// back, the second goes through at once. A wait ends with
// ErrLockWaitTimeout after its timeout, or with the context's cause.
func TestConcurrentSameKey(t *testing.T) { forEngines(t, testConcurrentSameKey) }

func testConcurrentSameKey(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	ok(t, s.Update(func(tx *Txn) error { return tx.Put(ksA, []byte("k"), []byte("0")) }))

	first, second := s.NewTxn(false), s.NewTxn(false)
	concurrent(t, first, time.Minute)
	concurrent(t, second, 5*time.Millisecond)
	if v, _ := second.Reader(); string(v.Get(ksA, []byte("k"))) != "0" { // snapshot before first's commit
		t.Fatal("second's snapshot")
	}
	ok(t, first.Put(ksA, []byte("k"), []byte("1")))
	if err := second.Put(ksA, []byte("k"), []byte("2")); !errors.Is(err, ErrLockWaitTimeout) {
		t.Errorf("second writer of k: %v, want ErrLockWaitTimeout", err)
	}
	killed := errors.New("KILL QUERY")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(killed)
	if _, err := second.Concurrent(ctx, time.Hour); err != nil {
		t.Fatal(err)
	}
	if err := second.Put(ksA, []byte("k"), []byte("2")); !errors.Is(err, killed) {
		t.Errorf("second writer with a killed context: %v, want its cause", err)
	}
	concurrent(t, second, time.Minute)
	got := make(chan error, 1)
	go func() { got <- second.Put(ksA, []byte("k"), []byte("2")) }()
	waitFor(t, "second waits for k", func() bool { return waiting(s, second) })
	ok(t, first.Commit())
	if err := <-got; !errors.Is(err, ErrWriteConflict) {
		t.Fatalf("second writer after the first committed: %v, want ErrWriteConflict", err)
	}
	second.NewSnapshot() // the statement again, on a new snapshot: it holds the lock
	if v, _ := second.Reader(); string(v.Get(ksA, []byte("k"))) != "1" {
		t.Fatal("second's new snapshot does not see the first's commit")
	}
	ok(t, second.Put(ksA, []byte("k"), []byte("2")))
	ok(t, second.Commit())
	if got := getKs(t, s, ksA, "k"); got != "2" {
		t.Errorf("k = %q, want 2", got)
	}

	// A rolled-back holder: no conflict.
	first, second = s.NewTxn(false), s.NewTxn(false)
	concurrent(t, first, time.Minute)
	concurrent(t, second, time.Minute)
	second.Reader()
	ok(t, first.Put(ksA, []byte("k"), []byte("3")))
	go func() { got <- second.Put(ksA, []byte("k"), []byte("4")) }()
	waitFor(t, "second waits for k", func() bool { return waiting(s, second) })
	first.Rollback()
	ok(t, <-got)
	ok(t, second.Commit())
	if got := getKs(t, s, ksA, "k"); got != "4" {
		t.Errorf("k = %q, want 4", got)
	}
}

func getKs(t *testing.T, s *Store, ks []byte, k string) string {
	t.Helper()
	var v string
	ok(t, s.View(func(r View) error { v = string(r.Get(ks, []byte(k))); return nil }))
	return v
}

// TestConcurrentDeadlock: A holds k1 and waits for k2, which B holds; B's
// request for k1 would close the cycle and fails at once with ErrDeadlock;
// when B rolls back, A gets k2.
func TestConcurrentDeadlock(t *testing.T) { forEngines(t, testConcurrentDeadlock) }

func testConcurrentDeadlock(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	a, b := s.NewTxn(false), s.NewTxn(false)
	concurrent(t, a, time.Minute)
	concurrent(t, b, time.Minute)
	ok(t, a.Put(ksA, []byte("k1"), []byte("a")))
	ok(t, b.Put(ksA, []byte("k2"), []byte("b")))
	got := make(chan error, 1)
	go func() { got <- a.Put(ksA, []byte("k2"), []byte("a")) }()
	waitFor(t, "a waits for k2", func() bool { return waiting(s, a) })
	if err := b.Put(ksA, []byte("k1"), []byte("b")); !errors.Is(err, ErrDeadlock) {
		t.Fatalf("b's request closing the cycle: %v, want ErrDeadlock", err)
	}
	b.Rollback()
	ok(t, <-got)
	ok(t, a.Commit())
	ok(t, s.View(func(r View) error {
		if got := dump(r, ksA); got != "k1=a k2=a" {
			t.Errorf("committed: %q", got)
		}
		return nil
	}))
}

// TestConcurrentStale: a key committed by another transaction after the
// snapshot was taken is stale once locked: Put and Delete of it are write
// conflicts, Lock itself succeeds, and Current sees the latest value.
func TestConcurrentStale(t *testing.T) { forEngines(t, testConcurrentStale) }

func testConcurrentStale(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	ok(t, s.Update(func(tx *Txn) error { return tx.Put(ksA, []byte("k"), []byte("0")) }))
	tx := s.NewTxn(false)
	v := concurrent(t, tx, time.Second)
	if string(v.Get(ksA, []byte("k"))) != "0" {
		t.Fatal("snapshot")
	}
	for _, k := range []string{"k", "new"} {
		other := s.NewTxn(false)
		concurrent(t, other, time.Second)
		ok(t, other.Put(ksA, []byte(k), []byte("other")))
		ok(t, other.Commit())
	}
	if stale, err := tx.Stale(ksA, []byte("k")); err != nil || !stale {
		t.Errorf("Stale(k) = %v, %v; want true", stale, err)
	}
	if stale, _ := tx.Stale(ksA, []byte("untouched")); stale {
		t.Error("a key nobody wrote is stale")
	}
	if err := tx.Put(ksA, []byte("k"), []byte("mine")); !errors.Is(err, ErrWriteConflict) {
		t.Errorf("Put of a stale key: %v, want ErrWriteConflict", err)
	}
	if err := tx.Delete(ksA, []byte("new")); !errors.Is(err, ErrWriteConflict) {
		t.Errorf("Delete of a key committed since the snapshot: %v, want ErrWriteConflict", err)
	}
	if v.Get(ksA, []byte("new")) != nil {
		t.Error("the snapshot sees a later commit")
	}
	cur, err := tx.Current()
	ok(t, err)
	if got := string(cur.Get(ksA, []byte("new"))); got != "other" {
		t.Errorf("Current sees new = %q, want other", got)
	}
	tx.Rollback()
}

// TestConcurrentCountersAndSequences: sequences and counters handed out to
// concurrent transactions are distinct, sequences are not given back by a
// rollback (counters only when nobody took a value after them), and
// stored by the commits (never moving backwards); counter deltas of
// concurrent transactions add up without either waiting.
func TestConcurrentCountersAndSequences(t *testing.T) {
	forEngines(t, testConcurrentCountersAndSequences)
}

func testConcurrentCountersAndSequences(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	stats := []byte("stats")
	ok(t, s.Update(func(tx *Txn) error {
		return tx.Put(ksB, stats, append(make([]byte, 7), 10)) // one word: 10
	}))
	a, b := s.NewTxn(false), s.NewTxn(false)
	concurrent(t, a, time.Millisecond)
	concurrent(t, b, time.Millisecond)
	var got []uint64
	for _, tx := range []*Txn{a, b, a, b} {
		n, err := tx.NextSequence(ksA)
		ok(t, err)
		got = append(got, n)
		c, err := tx.NextCounter(ksB, []byte("ai"))
		ok(t, err)
		got = append(got, c)
	}
	if want := []uint64{1, 1, 2, 2, 3, 3, 4, 4}; !slices.Equal(got, want) {
		t.Errorf("sequence and counter values %v, want %v", got, want)
	}
	ok(t, a.AdvanceCounter(ksB, []byte("ai"), 100))
	ok(t, a.AddCounters(ksB, stats, 5))
	ok(t, b.AddCounters(ksB, stats, -3))
	if v, _ := a.Reader(); counterValue(v.Get(ksB, stats)) != 15 {
		t.Errorf("a reads its delta as %d, want 15", counterValue(v.Get(ksB, stats)))
	}
	ok(t, b.Commit())
	a.Rollback()
	c := s.NewTxn(false)
	concurrent(t, c, time.Millisecond)
	n, err := c.NextSequence(ksA)
	ok(t, err)
	ai, err := c.NextCounter(ksB, []byte("ai"))
	ok(t, err)
	// a's last values (5 to 99, taken by AdvanceCounter after b's last) are
	// given back by its rollback, as nobody took one after them; its
	// earlier ones (1, 3) are not, since b took values after them.
	if n != 5 || ai != 5 {
		t.Errorf("after a rollback: sequence %d (want 5), counter %d (want 5)", n, ai)
	}
	ok(t, c.Commit())
	ok(t, s.View(func(r View) error {
		if got := counterValue(r.Get(ksB, stats)); got != 7 {
			t.Errorf("stats = %d, want 7 (10 - 3; the rolled-back +5 dropped)", got)
		}
		return nil
	}))
}

// TestConcurrentMetaLock: an exclusive transaction (DDL) waits for open
// concurrent writers and holds new ones off until it ends.
func TestConcurrentMetaLock(t *testing.T) { forEngines(t, testConcurrentMetaLock) }

func testConcurrentMetaLock(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	w := s.NewTxn(false)
	concurrent(t, w, time.Second)
	ddl := s.NewTxn(false)
	if _, err := ddl.Write(context.Background(), 5*time.Millisecond); !errors.Is(err, ErrLockWaitTimeout) {
		t.Errorf("exclusive while a concurrent writer is open: %v, want ErrLockWaitTimeout", err)
	}
	got := make(chan error, 1)
	go func() { _, err := ddl.Write(context.Background(), time.Minute); got <- err }()
	waitFor(t, "the exclusive request waits", func() bool {
		s.meta.mu.Lock()
		defer s.meta.mu.Unlock()
		return s.meta.xWaiting == 1
	})
	late := s.NewTxn(false)
	if _, err := late.Concurrent(context.Background(), 5*time.Millisecond); !errors.Is(err, ErrLockWaitTimeout) {
		t.Errorf("a new writer behind a waiting exclusive one: %v, want ErrLockWaitTimeout", err)
	}
	ok(t, w.Put(ksA, []byte("k"), []byte("w"))) // the open writer goes on
	ok(t, w.Commit())
	ok(t, <-got)
	ok(t, ddl.Put(ksA, []byte("k"), []byte("ddl")))
	go func() { _, err := late.Concurrent(context.Background(), time.Minute); got <- err }()
	ok(t, ddl.Commit())
	ok(t, <-got)
	if v, _ := late.Reader(); string(v.Get(ksA, []byte("k"))) != "ddl" {
		t.Error("the writer after the exclusive transaction does not see it")
	}
	late.Rollback()
}

// TestConcurrentMetaLockGrantsWaiters: when an exclusive transaction (a
// DDL statement) ends, the writers that waited for it hold the metadata
// lock before the end returns, so that the next exclusive request (the
// next DDL statement of a loop) waits for them; the waiters were only woken
// to try again, the next DDL statement came first, and a writer waited
// behind a loop of short DDL statements until error 1205
// (sqltests.TestDDLDuringWritesAndTransactions). Requests wait in arrival
// order: shared ones queued before an exclusive one go before it, those
// after it wait for it, and an exclusive request that ends its wait (KILL
// QUERY) lets the shared ones behind it go.
func TestConcurrentMetaLockGrantsWaiters(t *testing.T) {
	forEngines(t, testConcurrentMetaLockGrantsWaiters)
}

func testConcurrentMetaLockGrantsWaiters(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	bg := context.Background()
	queued := func(n int) func() bool { return func() bool { return s.meta.waiting() == n } }
	shared := func() int {
		s.meta.mu.Lock()
		defer s.meta.mu.Unlock()
		return s.meta.shared
	}
	ddl := s.NewTxn(false)
	if _, err := ddl.Write(bg, time.Second); err != nil {
		t.Fatal(err)
	}
	writers := []*Txn{s.NewTxn(false), s.NewTxn(false)}
	got := make(chan error, len(writers))
	for _, w := range writers {
		go func() { _, err := w.Concurrent(bg, time.Minute); got <- err }()
	}
	waitFor(t, "both writers wait for the DDL", queued(2))
	ok(t, ddl.Commit())
	if n := shared(); n != 2 {
		t.Errorf("after the DDL ended, %d writers hold the metadata lock, want the 2 that waited", n)
	}
	next := s.NewTxn(false)
	_, err := next.Write(bg, 5*time.Millisecond)
	if !errors.Is(err, ErrLockWaitTimeout) {
		next.Rollback() // so that the writers, and the store's Close, can go on
	}
	for range writers {
		ok(t, <-got)
	}
	if !errors.Is(err, ErrLockWaitTimeout) {
		for _, w := range writers {
			w.Rollback()
		}
		t.Fatalf("the next DDL, while the writers that waited before it are open: %v, want ErrLockWaitTimeout", err)
	}
	// An exclusive request waits for both; a writer that comes after it
	// waits for it.
	xgot := make(chan error, 1)
	go func() { _, err := next.Write(bg, time.Minute); xgot <- err }()
	waitFor(t, "the DDL waits for the writers", queued(1))
	late := s.NewTxn(false)
	go func() { _, err := late.Concurrent(bg, time.Minute); got <- err }()
	waitFor(t, "the late writer waits behind the DDL", queued(2))
	ok(t, writers[0].Commit())
	ok(t, writers[1].Commit())
	ok(t, <-xgot)
	if n := shared(); n != 0 {
		t.Errorf("%d writers hold the metadata lock with the DDL", n)
	}
	ok(t, next.Commit())
	ok(t, <-got)
	late.Rollback()
	// An exclusive request that ends its wait lets the writer behind it go.
	w := s.NewTxn(false)
	concurrent(t, w, time.Second)
	gaveUp := s.NewTxn(false)
	stop, cancel := context.WithCancelCause(bg)
	go func() { _, err := gaveUp.Write(stop, time.Minute); xgot <- err }()
	waitFor(t, "the DDL waits for the writer", queued(1))
	behind := s.NewTxn(false)
	go func() { _, err := behind.Concurrent(bg, time.Minute); got <- err }()
	waitFor(t, "a writer waits behind the DDL", queued(2))
	killed := errors.New("killed")
	cancel(killed) // KILL QUERY of the DDL statement
	if err := <-xgot; !errors.Is(err, killed) {
		t.Errorf("the DDL, killed while a writer is open: %v, want its cause", err)
	}
	ok(t, <-got)
	behind.Rollback()
	w.Rollback()
	if n, q := shared(), s.meta.waiting(); n != 0 || q != 0 {
		t.Errorf("at the end %d hold the metadata lock shared and %d wait, want none", n, q)
	}
}

// TestConcurrentGroupCommit: many concurrent committers of different keys
// all commit, and every commit is kept.
func TestConcurrentGroupCommit(t *testing.T) { forEngines(t, testConcurrentGroupCommit) }

func testConcurrentGroupCommit(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	const writers, each = 8, 20
	var wg sync.WaitGroup
	errs := make(chan error, writers*each)
	for w := range writers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range each {
				tx := s.NewTxn(false)
				if _, err := tx.Concurrent(context.Background(), time.Minute); err != nil {
					errs <- err
					return
				}
				k := fmt.Sprintf("w%d-%02d", w, i)
				if err := tx.Put(ksA, []byte(k), []byte(k)); err != nil {
					errs <- err
					tx.Rollback()
					return
				}
				if err := tx.Commit(); err != nil {
					errs <- err
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	ok(t, s.View(func(r View) error {
		if n := r.Count(ksA); n != writers*each {
			t.Errorf("%d keys committed, want %d", n, writers*each)
		}
		return nil
	}))
}

// TestMergedCursorAgainstModel: the cursor of a concurrent transaction's
// view (a committed base with the write set's puts and tombstones over it)
// walks exactly what a sorted model of the same keys walks, over random
// First, Last, Seek, Next and Prev moves, after random writes.
func TestMergedCursorAgainstModel(t *testing.T) { forEngines(t, testMergedCursorAgainstModel) }

func testMergedCursorAgainstModel(t *testing.T, eng string) { mergedCursorAgainstModelIn(t, eng, ksA) }

// mergedCursorAgainstModelIn is TestMergedCursorAgainstModel in keyspace
// ks.
func mergedCursorAgainstModelIn(t *testing.T, eng string, ks []byte) {
	s := openTxnStore(t, eng)
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 11))
		model := map[string]string{}
		ok(t, s.Update(func(tx *Txn) error {
			if err := tx.ClearKeyspace(ks); err != nil {
				return err
			}
			for range rng.IntN(30) {
				k := fmt.Sprintf("k%02d", rng.IntN(40))
				model[k] = "base"
				if err := tx.Put(ks, []byte(k), []byte("base")); err != nil {
					return err
				}
			}
			return nil
		}))
		tx := s.NewTxn(false)
		v := concurrent(t, tx, time.Second)
		for step := range 300 {
			k := fmt.Sprintf("k%02d", rng.IntN(40))
			switch r := rng.IntN(10); {
			case r < 4:
				val := fmt.Sprintf("v%d", step)
				ok(t, tx.Put(ks, []byte(k), []byte(val)))
				model[k] = val
			case r < 6:
				ok(t, tx.Delete(ks, []byte(k)))
				delete(model, k)
			default:
				checkCursor(t, seed, step, v.Cursor(ks), model, rng)
			}
			if n := v.Count(ks); n != len(model) {
				t.Fatalf("seed %d step %d: Count %d, want %d", seed, step, n, len(model))
			}
		}
		tx.Rollback()
	}
}

// checkCursor makes 20 random moves with c and with an index into the
// model's sorted keys, comparing where they land.
func checkCursor(t *testing.T, seed uint64, step int, c Cursor, model map[string]string, rng *rand.Rand) {
	t.Helper()
	defer c.Close()
	keys := make([]string, 0, len(model))
	for k := range model {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	pos := -1 // index into keys; -1 or len(keys): off an end
	var moves []string
	for range 20 {
		var k, val []byte
		var move string
		switch r := rng.IntN(5); {
		case r == 0:
			move = "first"
			k, val = c.First()
			pos = 0
		case r == 1:
			move = "last"
			k, val = c.Last()
			pos = len(keys) - 1
		case r == 2:
			target := fmt.Sprintf("k%02d", rng.IntN(42))
			if rng.IntN(4) == 0 {
				target += "x" // between keys
			}
			move = "seek " + target
			k, val = c.Seek([]byte(target))
			pos, _ = slices.BinarySearch(keys, target)
		case r == 3:
			if pos < 0 || pos >= len(keys) {
				continue // past an end, a cursor's move is undefined
			}
			move = "next"
			k, val = c.Next()
			pos++
		default:
			if pos < 0 || pos >= len(keys) {
				continue
			}
			move = "prev"
			k, val = c.Prev()
			pos--
		}
		moves = append(moves, move)
		want := ""
		if pos >= 0 && pos < len(keys) {
			want = keys[pos] + "=" + model[keys[pos]]
		}
		got := ""
		if k != nil {
			got = string(k) + "=" + string(val)
		}
		if got != want {
			t.Fatalf("seed %d step %d after %v: cursor at %q, want %q (keys %v)", seed, step, moves, got, want, keys)
		}
	}
}

// TestUpsertCounters: counters that two concurrent transactions both create
// (UpsertCounters of a missing key) add up at commit, neither waiting for
// the other; a rolled-back transaction's, a savepoint's and a statement's
// deltas are dropped; AddCounters never creates a key; exclusive mode
// creates and undoes them too.
func TestUpsertCounters(t *testing.T) { forEngines(t, testUpsertCounters) }

func testUpsertCounters(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	term := []byte("term")
	a, b, c := s.NewTxn(false), s.NewTxn(false), s.NewTxn(false)
	for _, tx := range []*Txn{a, b, c} {
		concurrent(t, tx, time.Millisecond)
	}
	ok(t, a.UpsertCounters(ksB, term, 2))
	ok(t, b.UpsertCounters(ksB, term, 3))
	ok(t, c.UpsertCounters(ksB, term, 100))
	ok(t, a.AddCounters(ksB, []byte("absent"), 1))
	ok(t, b.Savepoint("sp"))
	ok(t, b.UpsertCounters(ksB, term, 1000))
	if v, _ := b.Reader(); counterValue(v.Get(ksB, term)) != 1003 {
		t.Errorf("b reads %d, want 1003", counterValue(v.Get(ksB, term)))
	}
	ok(t, b.RollbackTo("sp"))
	mark := a.StatementBegin()
	ok(t, a.UpsertCounters(ksB, term, 50))
	ok(t, a.RollbackStatement(mark))
	if v, _ := a.Reader(); counterValue(v.Get(ksB, term)) != 2 {
		t.Errorf("a reads %d, want 2", counterValue(v.Get(ksB, term)))
	}
	ok(t, a.Commit())
	ok(t, b.Commit())
	c.Rollback()
	ok(t, s.View(func(r View) error {
		if got := counterValue(r.Get(ksB, term)); got != 5 {
			t.Errorf("term = %d, want 5 (2 + 3)", got)
		}
		if r.Get(ksB, []byte("absent")) != nil {
			t.Error("AddCounters created a key")
		}
		return nil
	}))
	// Exclusive mode.
	x := s.NewTxn(false)
	_, err := x.Write(context.Background(), time.Second)
	ok(t, err)
	ok(t, x.UpsertCounters(ksB, []byte("new"), 7))
	ok(t, x.UpsertCounters(ksB, term, -1))
	ok(t, x.Savepoint("sp"))
	ok(t, x.UpsertCounters(ksB, []byte("later"), 1))
	ok(t, x.RollbackTo("sp"))
	ok(t, x.Commit())
	ok(t, s.View(func(r View) error {
		if got, got2 := counterValue(r.Get(ksB, []byte("new"))), counterValue(r.Get(ksB, term)); got != 7 || got2 != 4 {
			t.Errorf("new = %d, term = %d, want 7 and 4", got, got2)
		}
		if r.Get(ksB, []byte("later")) != nil {
			t.Error("a counter created after the savepoint survived its rollback")
		}
		return nil
	}))
}
