package storage

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"go.etcd.io/bbolt"
)

var testBucket = []byte("t")

func put(t *testing.T, s *Store, key, val string) {
	t.Helper()
	err := s.Update(func(tx *Txn) error {
		r, err := tx.Reader()
		if err != nil {
			return err
		}
		if !r.Has(testBucket) {
			if err := tx.CreateKeyspace(testBucket); err != nil {
				return err
			}
		}
		return tx.Put(testBucket, []byte(key), []byte(val))
	})
	if err != nil {
		t.Fatalf("put %q: %v", key, err)
	}
}

func get(t *testing.T, s *Store, key string) string {
	t.Helper()
	var v []byte
	err := s.View(func(r View) error {
		v = bytes.Clone(r.Get(testBucket, []byte(key)))
		return nil
	})
	if err != nil {
		t.Fatalf("get %q: %v", key, err)
	}
	return string(v)
}

func TestOpenCreatesLayoutAndReopens(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "a") // Open creates the last component
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if s.Dir() != dir {
		t.Errorf("Dir() = %q, want %q", s.Dir(), dir)
	}
	format, _ := os.ReadFile(filepath.Join(dir, FormatFile))
	if string(format) != "simsql-data-format 1\n" {
		t.Errorf("FORMAT = %q", format)
	}
	lock, _ := os.ReadFile(filepath.Join(dir, LockFile))
	if want := strconv.Itoa(os.Getpid()) + "\n"; string(lock) != want {
		t.Errorf("LOCK = %q, want %q", lock, want)
	}
	put(t, s, "k", "v1")
	size, err := s.Size()
	if err != nil {
		t.Fatal(err)
	}
	fi, _ := os.Stat(filepath.Join(dir, DBFile))
	if size != fi.Size() || size < 4*4096 {
		t.Errorf("Size() = %d, stat says %d; want at least 4 pages", size, fi.Size())
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	s, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := get(t, s, "k"); got != "v1" {
		t.Errorf("after reopen k = %q, want v1", got)
	}
}

// TestOpenDataDirPath holds what Open does with the path it is given: it creates
// the last component only (issue 13 item 9: /nonexistent/x/y silently became an
// empty database, parents included), and refuses a file.
func TestOpenDataDirPath(t *testing.T) {
	root := t.TempDir()
	file := filepath.Join(root, "file")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name, dir string
		notExist  bool   // the error matches fs.ErrNotExist
		wantMsg   string // "" when Open must succeed
		mustExist string // a path that must not have been created
	}{
		{name: "last component created", dir: filepath.Join(root, "new")},
		{name: "trailing slash", dir: filepath.Join(root, "new2") + "/"},
		{name: "missing parents refused", dir: filepath.Join(root, "x", "y"), notExist: true,
			wantMsg: "data directory " + filepath.Join(root, "x", "y") + " does not exist, nor does its parent " +
				filepath.Join(root, "x") + ": simsql creates only the last component of the path (create the parent first, or correct the path)",
			mustExist: filepath.Join(root, "x")},
		{name: "a file refused", dir: file, wantMsg: "data directory " + file + " is not a directory"},
		{name: "under a file refused", dir: filepath.Join(file, "d"),
			wantMsg: "storage: data directory " + filepath.Join(file, "d") + ": stat " + filepath.Join(file, "d") + ": not a directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			s, err := Open(c.dir, Options{})
			if c.wantMsg == "" {
				if err != nil {
					t.Fatalf("Open(%s): %v", c.dir, err)
				}
				s.Close()
				if _, err := os.Stat(filepath.Join(c.dir, FormatFile)); err != nil {
					t.Errorf("no FORMAT: %v", err)
				}
				return
			}
			if err == nil {
				s.Close()
				t.Fatalf("Open(%s) succeeded, want %s", c.dir, c.wantMsg)
			}
			if err.Error() != c.wantMsg {
				t.Errorf("message\n got %s\nwant %s", err, c.wantMsg)
			}
			if errors.Is(err, os.ErrNotExist) != c.notExist {
				t.Errorf("errors.Is(err, fs.ErrNotExist) = %v, want %v", !c.notExist, c.notExist)
			}
			if c.mustExist != "" {
				if _, err := os.Stat(c.mustExist); err == nil {
					t.Errorf("refused Open created %s", c.mustExist)
				}
			}
		})
	}
}

func TestOpenFormatStamp(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string // files to create before Open
		wantErr error
		wantMsg string // "%s" stands for the directory
	}{
		{name: "empty dir is initialised", files: nil},
		{name: "crash left only a FORMAT temp file", files: map[string]string{"FORMAT.tmp": "simsql-da"}},
		{name: "current version", files: map[string]string{FormatFile: "simsql-data-format 1\n"}},
		{name: "no trailing newline", files: map[string]string{FormatFile: "simsql-data-format 1"}},
		{
			name:    "non-empty dir without FORMAT",
			files:   map[string]string{"ibdata1": "x"},
			wantErr: ErrUnknownFormat,
			wantMsg: "data directory %s is not empty and has no FORMAT file: not a simsql data directory (found ibdata1)",
		},
		{
			name:    "other magic",
			files:   map[string]string{FormatFile: "mysql-data 1\n"},
			wantErr: ErrUnknownFormat,
			wantMsg: `data directory %s has an unknown format stamp "mysql-data 1" (expected "simsql-data-format 1" to "simsql-data-format 2")`,
		},
		{
			name:    "version not a number",
			files:   map[string]string{FormatFile: "simsql-data-format one\n"},
			wantErr: ErrUnknownFormat,
			wantMsg: `data directory %s has an unknown format stamp "simsql-data-format one" (expected "simsql-data-format 1" to "simsql-data-format 2")`,
		},
		{
			name:    "version zero",
			files:   map[string]string{FormatFile: "simsql-data-format 0\n"},
			wantErr: ErrUnknownFormat,
			wantMsg: `data directory %s has an unknown format stamp "simsql-data-format 0" (expected "simsql-data-format 1" to "simsql-data-format 2")`,
		},
		{
			name:    "newer version",
			files:   map[string]string{FormatFile: "simsql-data-format 3\n"},
			wantErr: ErrNewerFormat,
			wantMsg: "data directory %s was written by a newer simsql (format 3; this binary reads formats 1 to 2)",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, content := range tt.files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(content), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			s, err := Open(dir, Options{})
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("Open: %v", err)
				}
				s.Close()
				format, _ := os.ReadFile(filepath.Join(dir, FormatFile))
				if !strings.HasPrefix(string(format), "simsql-data-format 1") {
					t.Errorf("FORMAT = %q", format)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Open error = %v, want %v", err, tt.wantErr)
			}
			if want := fmt.Sprintf(tt.wantMsg, dir); err.Error() != want {
				t.Errorf("message\n got %s\nwant %s", err, want)
			}
			// A refused directory is left as it was (issue 13 item 9: it got a LOCK).
			for _, name := range []string{DBFile, LockFile} {
				if _, serr := os.Stat(filepath.Join(dir, name)); serr == nil {
					t.Errorf("refused Open created %s", name)
				}
			}
			// The lock must have been released: a corrected directory opens.
			os.WriteFile(filepath.Join(dir, FormatFile), []byte("simsql-data-format 1\n"), 0o644)
			s, err = Open(dir, Options{})
			if err != nil {
				t.Fatalf("Open after fixing FORMAT: %v", err)
			}
			s.Close()
		})
	}
}

func TestLockInProcess(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	_, err = Open(dir, Options{})
	if !errors.Is(err, ErrLocked) {
		t.Fatalf("second Open error = %v, want ErrLocked", err)
	}
	if d := time.Since(start); d > 50*time.Millisecond {
		t.Errorf("second Open took %v; it must fail at once", d)
	}
	want := fmt.Sprintf("data directory %s is in use by another simsql process (pid %d)", dir, os.Getpid())
	if err.Error() != want {
		t.Errorf("message\n got %s\nwant %s", err, want)
	}
	if _, err := Open(dir, Options{ReadOnly: true}); !errors.Is(err, ErrLocked) {
		t.Errorf("read-only Open beside a writer: %v, want ErrLocked", err)
	}
	s.Close()
	s, err = Open(dir, Options{})
	if err != nil {
		t.Fatalf("Open after Close: %v", err)
	}
	s.Close()
}

// helperEnv names the environment variable that turns TestHelperProcess into a child
// process for the tests below; its value is the mode.
const helperEnv = "SIMSQL_STORAGE_HELPER"

// runHelper re-executes the test binary as a child running TestHelperProcess in mode on
// dir, and returns its combined output.
func runHelper(t *testing.T, mode, dir string, extraEnv ...string) string {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+mode, "SIMSQL_STORAGE_DIR="+dir)
	cmd.Env = append(cmd.Env, extraEnv...)
	done := make(chan struct{})
	var out []byte
	var err error
	go func() { out, err = cmd.CombinedOutput(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("helper %s did not finish in 20 s", mode)
	}
	if err != nil {
		t.Fatalf("helper %s: %v\n%s", mode, err, out)
	}
	return string(out)
}

// setFileSizeLimit limits the files this process writes to SIMSQL_FSIZE
// bytes: a write beyond fails with EFBIG, as on a full disk.
func setFileSizeLimit() error {
	n, _ := strconv.ParseUint(os.Getenv("SIMSQL_FSIZE"), 10, 64)
	signal.Ignore(syscall.SIGXFSZ) // else the kernel kills us instead of failing the write
	return syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
}

// TestHelperProcess is not a test: it is the child process of the tests that need one,
// selected by the SIMSQL_STORAGE_HELPER environment variable. It prints lines starting
// with "RESULT " for the parent to check.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv(helperEnv)
	if mode == "" {
		t.Skip("only runs as a child process")
	}
	dir := os.Getenv("SIMSQL_STORAGE_DIR")
	report := func(format string, args ...any) { fmt.Printf("RESULT "+format+"\n", args...) }
	limitFileSize := func() {
		if err := setFileSizeLimit(); err != nil {
			report("setrlimit: %v", err)
			os.Exit(0)
		}
	}
	switch mode {
	case "open":
		_, err := Open(dir, Options{})
		report("locked=%v %v", errors.Is(err, ErrLocked), err)
	case "open-fsize":
		limitFileSize()
		s, err := Open(dir, Options{})
		if err == nil {
			s.Close()
		}
		report("%v", err)
	case "commit-fsize":
		limitFileSize()
		s, err := Open(dir, Options{})
		if err != nil {
			report("open: %v", err)
			break
		}
		err = s.Update(func(tx *Txn) error {
			return tx.Put(testBucket, []byte("big"), bytes.Repeat([]byte{'x'}, 32<<20))
		})
		report("%v", err)
		// The Store must still serve the data committed before the failure.
		var v []byte
		s.View(func(r View) error {
			v = bytes.Clone(r.Get(testBucket, []byte("k")))
			return nil
		})
		report("k=%s", v)
		s.Close()
	default:
		if !crashHelper(mode, dir, report) && !reclaimHelper(mode, dir, report) {
			report("unknown mode %q", mode)
		}
	}
	os.Exit(0)
}

func TestLockAcrossProcesses(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := runHelper(t, "open", dir)
	want := fmt.Sprintf("RESULT locked=true data directory %s is in use by another simsql process (pid %d)\n",
		dir, os.Getpid())
	if !strings.Contains(out, want) {
		t.Errorf("child output\n%s\nwant line\n%s", out, want)
	}
	s.Close()
	out = runHelper(t, "open", dir)
	if !strings.Contains(out, "RESULT locked=false <nil>\n") {
		t.Errorf("after Close, child output\n%s", out)
	}
}

// TestReadTxDuringGrowth holds a read transaction open while a write transaction grows the
// file by ~50 MB. Without a large InitialMmapSize bbolt would re-map during the commit and
// wait for the read transaction forever.
func TestReadTxDuringGrowth(t *testing.T) {
	s, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	put(t, s, "k", "before")
	before, _ := s.Size()
	rtx := s.NewTxn(true)
	snap, err := rtx.Reader()
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() {
		done <- s.Update(func(tx *Txn) error {
			val := bytes.Repeat([]byte{'v'}, 1<<20)
			for i := range 50 {
				if err := tx.Put(testBucket, []byte(fmt.Sprintf("big%02d", i)), val); err != nil {
					return err
				}
			}
			return tx.Put(testBucket, []byte("k"), []byte("after"))
		})
	}()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		rtx.Rollback() // unblocks the writer, so Close does not hang too
		<-done
		t.Fatal("write transaction blocked behind an open read transaction (mmap re-map deadlock)")
	}
	if got := string(snap.Get(testBucket, []byte("k"))); got != "before" {
		t.Errorf("read tx sees k = %q, want its snapshot %q", got, "before")
	}
	rtx.Rollback()
	after, _ := s.Size()
	if after < before+50<<20 {
		t.Errorf("file grew from %d to %d bytes, want at least 50 MiB more", before, after)
	}
	if got := get(t, s, "k"); got != "after" {
		t.Errorf("k = %q, want after", got)
	}
}

// TestCommitFailsFileTooLarge stands in for a full disk: a child process with a file-size
// limit (RLIMIT_FSIZE) 64 KiB above the file's size commits 32 MiB (bbolt grows the file in
// 16 MiB steps, so a fresh file is already 16 MiB); the commit must fail with an error, not a panic, and
// the data committed before must survive, in the child and on reopening.
func TestCommitFailsFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	put(t, s, "k", "committed")
	size, _ := s.Size()
	s.Close()

	out := runHelper(t, "commit-fsize", dir, "SIMSQL_FSIZE="+strconv.FormatInt(size+64<<10, 10))
	wantErr := "storage: commit to " + filepath.Join(dir, DBFile) + ": "
	if !strings.Contains(out, wantErr) || !strings.Contains(out, "file too large") {
		t.Errorf("child output\n%s\nwant a line starting %q naming EFBIG", out, wantErr)
	}
	if !strings.Contains(out, "RESULT k=committed\n") {
		t.Errorf("child lost committed data after the failed commit:\n%s", out)
	}

	s, err = Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := get(t, s, "k"); got != "committed" {
		t.Errorf("after reopen k = %q, want committed", got)
	}
	err = s.View(func(r View) error {
		if v := r.Get(testBucket, []byte("big")); v != nil {
			return fmt.Errorf("failed commit left %d bytes under big", len(v))
		}
		return nil
	})
	if err == nil {
		err = s.eng.(*boltEngine).db.View(func(tx *bbolt.Tx) error {
			for err := range tx.Check() {
				return err
			}
			return nil
		})
	}
	if err != nil {
		t.Error(err)
	}
	put(t, s, "k2", "still writable")
}

// TestOpenFailsFileTooLarge: creating the bbolt file (four 4 KiB pages) under a 1 KiB
// file-size limit fails with an error naming the file.
func TestOpenFailsFileTooLarge(t *testing.T) {
	dir := t.TempDir()
	out := runHelper(t, "open-fsize", dir, "SIMSQL_FSIZE=1024")
	want := "RESULT storage: open " + filepath.Join(dir, DBFile) + ": "
	if !strings.Contains(out, want) || !strings.Contains(out, "file too large") {
		t.Errorf("child output\n%s\nwant a line starting %q naming EFBIG", out, want)
	}
}

// TestOpenReadOnlyDirectory checks a directory without write permission. Root ignores
// permission bits, so the test only means something, and only runs, as another user; the
// file-size tests above cover write failures as root.
func TestOpenReadOnlyDirectory(t *testing.T) {
	if os.Geteuid() == 0 {
		t.Skip("running as root: permission bits do not stop writes")
	}
	dir := t.TempDir()
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	defer os.Chmod(dir, 0o755)
	_, err := Open(dir, Options{})
	if err == nil || !errors.Is(err, os.ErrPermission) {
		t.Fatalf("Open on a read-only directory: %v, want a permission error", err)
	}
}

func TestReadOnlyOption(t *testing.T) {
	dir := t.TempDir()
	if _, err := Open(dir, Options{ReadOnly: true}); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("read-only Open of a missing directory: %v, want not-exist", err)
	}
	s, err := Open(dir, Options{})
	if err != nil {
		t.Fatal(err)
	}
	put(t, s, "k", "v")
	s.Close()

	r1, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	defer r1.Close()
	r2, err := Open(dir, Options{ReadOnly: true})
	if err != nil {
		t.Fatalf("second read-only Open: %v", err)
	}
	defer r2.Close()
	if got := get(t, r2, "k"); got != "v" {
		t.Errorf("k = %q", got)
	}
	err = r1.Update(func(tx *Txn) error { return nil })
	if !errors.Is(err, ErrReadOnly) {
		t.Errorf("Update on read-only Store: %v", err)
	}
	if _, err := Open(dir, Options{}); !errors.Is(err, ErrLocked) {
		t.Errorf("writer beside readers: %v, want ErrLocked", err)
	}
}

func TestUpdateReturnsFnErrorUnwrapped(t *testing.T) {
	s, err := Open(t.TempDir(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	sentinel := errors.New("abort")
	err = s.Update(func(tx *Txn) error {
		tx.CreateKeyspace(testBucket)
		return sentinel
	})
	if err != sentinel {
		t.Errorf("Update = %v, want the fn's own error", err)
	}
	s.View(func(r View) error {
		if r.Has(testBucket) {
			t.Error("rolled-back bucket is visible")
		}
		return nil
	})
}
