package storage

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

var ksA, ksB = []byte("a"), []byte("b")

// ksP is a packed keyspace (packed.go) with 1-byte heads, made by
// openTxnStore too.
var ksP = PackedKeyspace([]byte("p"), 1)

// ksR is a packed-runs keyspace (runs.go) with a 1-byte head.
var ksR = RunsKeyspace([]byte("r"), 1)

// engines are the engines every transaction test runs on.
var engines = []string{EngineBolt, EnginePebble}

func forEngines(t *testing.T, test func(*testing.T, string)) {
	for _, eng := range engines {
		t.Run(eng, func(t *testing.T) { test(t, eng) })
	}
}

// The write modes of a Txn (see Txn): Write's and Concurrent's.
const (
	modeExclusive  = "exclusive"
	modeConcurrent = "concurrent"
)

// forModes runs test on every engine in both write modes.
func forModes(t *testing.T, test func(t *testing.T, eng, mode string)) {
	for _, eng := range engines {
		for _, mode := range []string{modeExclusive, modeConcurrent} {
			t.Run(eng+"/"+mode, func(t *testing.T) { test(t, eng, mode) })
		}
	}
}

// begin starts tx writing in mode and returns its view.
func begin(t *testing.T, tx *Txn, mode string) View {
	t.Helper()
	if mode == modeExclusive {
		return mustWrite(t, tx)
	}
	v, err := tx.Concurrent(context.Background(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// openTxnStore opens a store in a fresh directory with keyspaces a and b.
func openTxnStore(t *testing.T, eng string) *Store {
	t.Helper()
	s, err := Open(t.TempDir(), Options{Engine: eng})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	err = s.Update(func(tx *Txn) error {
		for _, ks := range [][]byte{ksA, ksB, ksP, ksR} {
			if err := tx.CreateKeyspace(ks); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// dump returns every key = value of ks as v sees it, sorted.
func dump(v View, ks []byte) string {
	c := v.Cursor(ks)
	defer c.Close()
	var b strings.Builder
	for k, val := c.First(); k != nil; k, val = c.Next() {
		fmt.Fprintf(&b, "%s=%s ", k, val)
	}
	return strings.TrimSpace(b.String())
}

func mustWrite(t *testing.T, tx *Txn) View {
	t.Helper()
	v, err := tx.Write(context.Background(), time.Second)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func ok(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestTxnSnapshot: a reader sees the data committed before its first read,
// not a later commit, until NewSnapshot; once it writes it sees the latest.
func TestTxnSnapshot(t *testing.T) { forEngines(t, testTxnSnapshot) }

func testTxnSnapshot(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	w := s.NewTxn(false)
	mustWrite(t, w)
	ok(t, w.Put(ksA, []byte("k"), []byte("1")))
	ok(t, w.Commit())

	r := s.NewTxn(false)
	v, err := r.Reader()
	ok(t, err)
	if got := string(v.Get(ksA, []byte("k"))); got != "1" {
		t.Fatalf("k = %q, want 1", got)
	}
	w2 := s.NewTxn(false)
	mustWrite(t, w2)
	ok(t, w2.Put(ksA, []byte("k"), []byte("2")))
	if v, _ := r.Reader(); string(v.Get(ksA, []byte("k"))) != "1" {
		t.Error("reader sees an uncommitted write")
	}
	ok(t, w2.Commit())
	if v, _ := r.Reader(); string(v.Get(ksA, []byte("k"))) != "1" {
		t.Error("reader's snapshot moved without NewSnapshot")
	}
	r.NewSnapshot()
	if v, _ := r.Reader(); string(v.Get(ksA, []byte("k"))) != "2" {
		t.Error("NewSnapshot does not see the latest commit")
	}
	r.Rollback()
}

// TestTxnWriterSlot: one writer at a time; a second waits, then times out
// with ErrLockWaitTimeout or ends with its context's cause; it gets the
// slot once the first ends.
func TestTxnWriterSlot(t *testing.T) { forEngines(t, testTxnWriterSlot) }

func testTxnWriterSlot(t *testing.T, eng string) {
	s := openTxnStore(t, eng)
	first := s.NewTxn(false)
	mustWrite(t, first)

	second := s.NewTxn(false)
	if _, err := second.Write(context.Background(), 20*time.Millisecond); !errors.Is(err, ErrLockWaitTimeout) {
		t.Errorf("second writer: %v, want ErrLockWaitTimeout", err)
	}
	killed := errors.New("KILL QUERY")
	ctx, cancel := context.WithCancelCause(context.Background())
	cancel(killed)
	if _, err := second.Write(ctx, time.Hour); !errors.Is(err, killed) {
		t.Errorf("second writer with a killed context: %v, want its cause", err)
	}
	got := make(chan error, 1)
	go func() {
		_, err := second.Write(context.Background(), time.Hour)
		got <- err
	}()
	first.Rollback()
	if err := <-got; err != nil {
		t.Errorf("second writer after the first ended: %v", err)
	}
	second.Rollback()

	ro := s.NewTxn(true)
	if _, err := ro.Write(nil, time.Second); !errors.Is(err, ErrTxnReadOnly) {
		t.Errorf("read-only Txn Write: %v, want ErrTxnReadOnly", err)
	}
}

// TestTxnUndo: a statement's writes (puts, deletes, overwrites, a created
// keyspace) are undone exactly by RollbackStatement; earlier statements stay.
func TestTxnUndo(t *testing.T) { forModes(t, testTxnUndo) }

func testTxnUndo(t *testing.T, eng, mode string) {
	s := openTxnStore(t, eng)
	tx := s.NewTxn(false)
	v := begin(t, tx, mode)
	tx.StatementBegin()
	ok(t, tx.Put(ksA, []byte("k1"), []byte("v1")))
	ok(t, tx.Put(ksA, []byte("k2"), []byte("v2")))
	mark := tx.StatementBegin()
	ok(t, tx.Put(ksA, []byte("k1"), []byte("changed")))
	ok(t, tx.Delete(ksA, []byte("k2")))
	ok(t, tx.Put(ksA, []byte("k3"), []byte("new")))
	ok(t, tx.CreateKeyspace([]byte("c")))
	ok(t, tx.Put([]byte("c"), []byte("x"), []byte("y")))
	ok(t, tx.Delete(ksA, []byte("missing")))
	ok(t, tx.RollbackStatement(mark))
	if got := dump(v, ksA); got != "k1=v1 k2=v2" {
		t.Errorf("after statement rollback a = %q, want k1=v1 k2=v2", got)
	}
	if v.Has([]byte("c")) {
		t.Error("keyspace created by the rolled-back statement survives")
	}
	if err := tx.Put([]byte("missing"), []byte("k"), nil); !errors.Is(err, ErrNoKeyspace) {
		t.Errorf("Put to a missing keyspace: %v, want ErrNoKeyspace", err)
	}
	if err := tx.Delete([]byte("missing"), []byte("k")); !errors.Is(err, ErrNoKeyspace) {
		t.Errorf("Delete in a missing keyspace: %v, want ErrNoKeyspace", err)
	}
	ok(t, tx.Commit())
	if err := s.View(func(r View) error {
		if got := dump(r, ksA); got != "k1=v1 k2=v2" {
			t.Errorf("committed a = %q", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestTxnSavepoints: nested savepoints; RollbackTo keeps the savepoint and
// drops later ones; Release keeps the writes; a name set again moves.
func TestTxnSavepoints(t *testing.T) { forModes(t, testTxnSavepoints) }

func testTxnSavepoints(t *testing.T, eng, mode string) {
	s := openTxnStore(t, eng)
	tx := s.NewTxn(false)
	v := begin(t, tx, mode)
	step := func(k, val string) { ok(t, tx.Put(ksA, []byte(k), []byte(val))) }
	step("k", "0")
	ok(t, tx.Savepoint("s1"))
	step("k", "1")
	ok(t, tx.Savepoint("s2"))
	step("k", "2")
	tx.Defer(ksB, []byte("d"), []byte("deferred"), false)
	ok(t, tx.RollbackTo("s2"))
	if got := dump(v, ksA) + "|" + dump(v, ksB); got != "k=1|" {
		t.Errorf("after ROLLBACK TO s2: %q, want k=1|", got)
	}
	step("k", "3")
	ok(t, tx.RollbackTo("s2")) // s2 survives its own rollback
	ok(t, tx.RollbackTo("s1"))
	if got := dump(v, ksA); got != "k=0" {
		t.Errorf("after ROLLBACK TO s1: %q", got)
	}
	if err := tx.RollbackTo("s2"); !errors.Is(err, ErrNoSavepoint) {
		t.Errorf("s2 after rolling back to s1: %v, want ErrNoSavepoint", err)
	}
	step("k", "4")
	ok(t, tx.Savepoint("s1")) // moves s1
	step("k", "5")
	ok(t, tx.RollbackTo("s1"))
	if got := dump(v, ksA); got != "k=4" {
		t.Errorf("after moving s1: %q, want k=4", got)
	}
	ok(t, tx.Release("s1"))
	if err := tx.Release("s1"); !errors.Is(err, ErrNoSavepoint) {
		t.Errorf("Release twice: %v", err)
	}
	// A statement begun while a savepoint is set keeps the undo log.
	ok(t, tx.Savepoint("s3"))
	step("k", "6")
	tx.StatementBegin()
	step("k", "7")
	ok(t, tx.RollbackTo("s3"))
	if got := dump(v, ksA); got != "k=4" {
		t.Errorf("after a later statement, ROLLBACK TO s3: %q, want k=4", got)
	}
	tx.Rollback()
}

// TestTxnDeferred: deferred writes are invisible until Flush, the last
// write of a key wins, and Commit applies them.
func TestTxnDeferred(t *testing.T) { forModes(t, testTxnDeferred) }

func testTxnDeferred(t *testing.T, eng, mode string) {
	s := openTxnStore(t, eng)
	tx := s.NewTxn(false)
	v := begin(t, tx, mode)
	ok(t, tx.Put(ksB, []byte("gone"), []byte("x")))
	tx.Defer(ksB, []byte("z"), []byte("1"), false)
	tx.Defer(ksB, []byte("a"), []byte("1"), false)
	tx.Defer(ksB, []byte("z"), []byte("2"), false)
	tx.Defer(ksB, []byte("gone"), nil, true)
	tx.Defer(ksA, []byte("m"), []byte("1"), false)
	// In concurrent mode a read applies the deferred writes of its keyspace
	// first: the transaction always reads all its writes.
	if got := dump(v, ksB); mode == modeExclusive && got != "gone=x" {
		t.Errorf("before Flush b = %q", got)
	}
	w := tx.Writes()
	ok(t, tx.Flush(ksB))
	want := "a=1 z=2|m=1"
	if mode == modeExclusive {
		want = "a=1 z=2|"
		if tx.Writes() == w {
			t.Error("Flush did not move Writes: cursors would not seek again")
		}
	}
	if got := dump(v, ksB) + "|" + dump(v, ksA); got != want {
		t.Errorf("after Flush(b): %q, want %s", got, want)
	}
	ok(t, tx.Commit())
	if err := s.View(func(r View) error {
		if got := dump(r, ksA) + "|" + dump(r, ksB); got != "m=1|a=1 z=2" {
			t.Errorf("committed: %q", got)
		}
		return nil
	}); err != nil {
		t.Fatal(err)
	}
}

// TestTxnClearAndDrop: ClearKeyspace empties a keyspace and keeps it;
// DropKeyspace removes it and its pending writes; Rollback restores both.
func TestTxnClearAndDrop(t *testing.T) { forModes(t, testTxnClearAndDrop) }

func testTxnClearAndDrop(t *testing.T, eng, mode string) {
	s := openTxnStore(t, eng)
	ok(t, s.Update(func(tx *Txn) error {
		ok(t, tx.Put(ksA, []byte("k"), []byte("v")))
		return tx.Put(ksB, []byte("k"), []byte("v"))
	}))
	tx := s.NewTxn(false)
	v := begin(t, tx, mode)
	ok(t, tx.ClearKeyspace(ksA))
	tx.Defer(ksB, []byte("p"), []byte("pending"), false)
	ok(t, tx.DropKeyspace(ksB))
	ok(t, tx.FlushAll())
	if !v.Has(ksA) || dump(v, ksA) != "" || v.Has(ksB) {
		t.Errorf("after clear and drop: a=%q has b %v", dump(v, ksA), v.Has(ksB))
	}
	tx.Rollback()
	ok(t, s.View(func(r View) error {
		if got := dump(r, ksA) + "|" + dump(r, ksB); got != "k=v|k=v" {
			t.Errorf("after Rollback: %q", got)
		}
		return nil
	}))
}

// TestTxnAgainstModel runs random puts, deletes, deferred writes,
// statements, savepoints and rollbacks against a map that does the same
// thing obviously, comparing the two after every step.
func TestTxnAgainstModel(t *testing.T) { forModes(t, testTxnAgainstModel) }

func testTxnAgainstModel(t *testing.T, eng, mode string) { testAgainstModelIn(t, eng, mode, ksA) }

// testAgainstModelIn is TestTxnAgainstModel in keyspace ks.
func testAgainstModelIn(t *testing.T, eng, mode string, ks []byte) {
	s := openTxnStore(t, eng)
	type state = map[string]string
	clone := func(m state) state {
		c := make(state, len(m))
		for k, v := range m {
			c[k] = v
		}
		return c
	}
	show := func(m state) string {
		var keys []string
		for k := range m {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%s=%s ", k, m[k])
		}
		return strings.TrimSpace(b.String())
	}
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 7))
		tx := s.NewTxn(false)
		t.Cleanup(tx.Rollback) // before the store closes, if a check fails
		v := begin(t, tx, mode)
		ok(t, tx.ClearKeyspace(ks))
		model := state{}
		var stmt state
		type sp struct {
			name string
			at   state
		}
		var sps []sp
		stmtMark := tx.StatementBegin()
		stmt = clone(model)
		var log []string
		for step := range 300 {
			k := fmt.Sprintf("k%02d", rng.IntN(20))
			val := fmt.Sprintf("v%d", step)
			var op string
			switch r := rng.IntN(100); {
			case r < 35:
				op = "put " + k
				ok(t, tx.Put(ks, []byte(k), []byte(val)))
				model[k] = val
			case r < 50:
				op = "del " + k
				ok(t, tx.Delete(ks, []byte(k)))
				delete(model, k)
			case r < 65:
				op = "defer " + k
				del := rng.IntN(3) == 0
				tx.Defer(ks, []byte(k), []byte(val), del)
				if del {
					delete(model, k)
				} else {
					model[k] = val
				}
			case r < 72:
				op = "statement"
				ok(t, tx.FlushAll())
				stmtMark = tx.StatementBegin()
				stmt = clone(model)
			case r < 78:
				op = "rollback statement"
				ok(t, tx.RollbackStatement(stmtMark))
				model = clone(stmt)
			case r < 86:
				name := fmt.Sprintf("s%d", rng.IntN(3))
				op = "savepoint " + name
				ok(t, tx.Savepoint(name))
				sps = slices.DeleteFunc(sps, func(p sp) bool { return p.name == name })
				sps = append(sps, sp{name, clone(model)})
			case r < 94:
				name := fmt.Sprintf("s%d", rng.IntN(3))
				op = "rollback to " + name
				i := slices.IndexFunc(sps, func(p sp) bool { return p.name == name })
				err := tx.RollbackTo(name)
				if i < 0 {
					if !errors.Is(err, ErrNoSavepoint) {
						t.Fatalf("seed %d: rollback to unset %s: %v", seed, name, err)
					}
					break
				}
				ok(t, err)
				model = clone(sps[i].at)
				sps = sps[:i+1]
			default:
				name := fmt.Sprintf("s%d", rng.IntN(3))
				op = "release " + name
				i := slices.IndexFunc(sps, func(p sp) bool { return p.name == name })
				err := tx.Release(name)
				if (i < 0) != errors.Is(err, ErrNoSavepoint) {
					t.Fatalf("seed %d: release %s: %v", seed, name, err)
				}
				if i >= 0 {
					sps = slices.Delete(sps, i, i+1)
				}
			}
			log = append(log, op)
			// SAVEPOINT, ROLLBACK TO and RELEASE are statements of their
			// own in SQL: the next write begins a new statement.
			if strings.HasPrefix(op, "savepoint") || strings.HasPrefix(op, "r") && op != "rollback statement" {
				ok(t, tx.FlushAll())
				stmtMark = tx.StatementBegin()
				stmt = clone(model)
			}
			ok(t, tx.FlushAll())
			if got, want := dump(v, ks), show(model); got != want {
				t.Fatalf("seed %d step %d after %v:\n got %s\nwant %s", seed, step, log[max(0, len(log)-8):], got, want)
			}
		}
		ok(t, tx.Commit())
		ok(t, s.View(func(r View) error {
			if got, want := dump(r, ks), show(model); got != want {
				t.Errorf("seed %d committed:\n got %s\nwant %s", seed, got, want)
			}
			return nil
		}))
	}
}

// crashHelper runs the crash-point modes of TestHelperProcess: the child
// writes, then kills itself with SIGKILL at the point the mode names.
func crashHelper(mode, dir string, report func(string, ...any)) bool {
	kill := func() { syscall.Kill(os.Getpid(), syscall.SIGKILL); select {} }
	concurrentMode := strings.HasSuffix(mode, "-concurrent")
	mode = strings.TrimSuffix(mode, "-concurrent")
	switch mode {
	case "crash-before-commit", "crash-after-commit", "crash-in-savepoint":
	case "pebble-commit-fsize":
		pebbleCommitFails(dir, report)
		return true
	default:
		return false
	}
	s, err := Open(dir, Options{})
	if err != nil {
		report("open: %v", err)
		return true
	}
	tx := s.NewTxn(false)
	begin := tx.Write
	if concurrentMode {
		begin = tx.Concurrent
	}
	if _, err := begin(nil, time.Second); err != nil {
		report("write: %v", err)
		return true
	}
	for i := range 1000 {
		tx.Put(testBucket, []byte(fmt.Sprintf("new%04d", i)), bytes.Repeat([]byte{'n'}, 100))
	}
	tx.Defer(testBucket, []byte("deferred"), []byte("d"), false)
	switch mode {
	case "crash-before-commit":
		kill()
	case "crash-in-savepoint":
		tx.Savepoint("s")
		tx.Put(testBucket, []byte("after-savepoint"), []byte("x"))
		tx.RollbackTo("s")
		if err := tx.Commit(); err != nil {
			report("commit: %v", err)
			return true
		}
		fmt.Println("RESULT committed")
		kill()
	case "crash-after-commit":
		if err := tx.Commit(); err != nil {
			report("commit: %v", err)
			return true
		}
		fmt.Println("RESULT committed")
		kill()
	}
	return true
}

// TestTxnCrashPoints kills a writer process with SIGKILL before its commit,
// and right after Commit returned (with and without a savepoint rolled
// back), in both write modes: reopened, the store holds exactly the
// committed transactions.
func TestTxnCrashPoints(t *testing.T) {
	for _, tc := range []struct {
		mode      string
		committed bool
	}{
		{"crash-before-commit", false},
		{"crash-after-commit", true},
		{"crash-in-savepoint", true},
		{"crash-before-commit-concurrent", false},
		{"crash-after-commit-concurrent", true},
		{"crash-in-savepoint-concurrent", true},
	} {
		for _, eng := range engines {
			t.Run(tc.mode+"/"+eng, func(t *testing.T) {
				dir := t.TempDir()
				s, err := Open(dir, Options{Engine: eng})
				ok(t, err)
				put(t, s, "old", "kept")
				s.Close()

				out := runKilled(t, tc.mode, dir)
				if tc.committed != strings.Contains(out, "RESULT committed") {
					t.Fatalf("child output:\n%s", out)
				}

				s, err = Open(dir, Options{})
				ok(t, err)
				defer s.Close()
				ok(t, s.View(func(r View) error {
					n := r.Count(testBucket)
					want := 1
					if tc.committed {
						want = 1 + 1000 + 1
					}
					if n != want || string(r.Get(testBucket, []byte("old"))) != "kept" {
						t.Errorf("after the crash: %d keys (want %d), old = %q", n, want, r.Get(testBucket, []byte("old")))
					}
					if tc.committed && string(r.Get(testBucket, []byte("deferred"))) != "d" {
						t.Error("a deferred write of the committed transaction is lost")
					}
					if r.Get(testBucket, []byte("after-savepoint")) != nil {
						t.Error("a write rolled back to its savepoint was committed")
					}
					return nil
				}))
			})
		}
	}
}

// pebbleCommitFails is the child of TestPebbleFailedCommitStops: under a
// file-size limit just above the store's size it commits 32 MiB, which
// cannot reach the write-ahead log, and reports what a reader sees next.
func pebbleCommitFails(dir string, report func(string, ...any)) {
	if err := setFileSizeLimit(); err != nil {
		report("setrlimit: %v", err)
		return
	}
	s, err := Open(dir, Options{})
	if err != nil {
		report("open: %v", err)
		return
	}
	err = s.Update(func(tx *Txn) error {
		return tx.Put(testBucket, []byte("big"), bytes.Repeat([]byte{'x'}, 32<<20))
	})
	report("commit failed=%v", err != nil)
	err = s.View(func(r View) error {
		report("big visible=%v", r.Get(testBucket, []byte("big")) != nil)
		return nil
	})
	report("view stopped=%v", errors.Is(err, ErrEngineFailed))
}

// TestPebbleFailedCommitStops: when a pebble commit fails after its batch
// reached the memtable (here: the write-ahead log cannot grow past a
// file-size limit), the store refuses every later transaction instead of
// showing the failed commit's data; reopened, it holds what was committed
// before.
func TestPebbleFailedCommitStops(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{Engine: EnginePebble})
	ok(t, err)
	put(t, s, "k", "committed")
	s.Close()
	var size int64
	filepath.WalkDir(dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				size = max(size, fi.Size())
			}
		}
		return nil
	})
	// pebble v2.1.7 panics (a fatal error, past recover) when it cannot
	// rotate its WAL, and returns an error when it cannot write it: either
	// way no one may read the failed commit.
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"=pebble-commit-fsize", "SIMSQL_STORAGE_DIR="+dir,
		"SIMSQL_FSIZE="+strconv.FormatInt(size+(1<<20), 10))
	outb, err := cmd.CombinedOutput()
	out := string(outb)
	switch {
	case err == nil:
		for _, want := range []string{"RESULT commit failed=true", "RESULT view stopped=true"} {
			if !strings.Contains(out, want+"\n") {
				t.Errorf("child output\n%s\nwant the line %q", out, want)
			}
		}
	case !strings.Contains(out, "panic"):
		t.Fatalf("child: %v\n%s", err, out)
	}
	if strings.Contains(out, "big visible=true") {
		t.Errorf("the failed commit's data was readable:\n%s", out)
	}
	s, err = Open(dir, Options{})
	ok(t, err)
	defer s.Close()
	if got := get(t, s, "k"); got != "committed" {
		t.Errorf("after reopening k = %q, want committed", got)
	}
	if got := get(t, s, "big"); got != "" {
		t.Errorf("after reopening the failed commit's key holds %d bytes", len(got))
	}
}
