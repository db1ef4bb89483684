// Package storage is simsql's durable embedded storage: a bbolt file in a data directory,
// guarded by a format stamp and an exclusive lock, plus the order-preserving key codec
// (keycodec.go) and the row codec (rowcodec.go) that the catalog stores tables with.
//
// A data directory holds:
//
//	FORMAT      "simsql-data-format 1\n", written once, atomically, before anything else
//	LOCK        flock'ed for the life of a Store; holds the pid of the process that owns it
//	simsql.db   the bbolt file
package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// Names of the files in a data directory, and the format this binary writes and reads.
const (
	// DBFile is the name of the bbolt file inside the data directory.
	DBFile = "simsql.db"
	// FormatFile is the name of the format stamp inside the data directory.
	FormatFile = "FORMAT"
	// LockFile is the name of the lock file inside the data directory.
	LockFile = "LOCK"
	// FormatMagic is the first word of FormatFile.
	FormatMagic = "simsql-data-format"
	// FormatBolt is format 1: every keyspace a bucket of the bbolt file DBFile.
	FormatBolt = 1
	// FormatPebble is format 2: the keyspaces in a pebble LSM under PebbleDir.
	FormatPebble = 2
	// FormatVersion is the newest data format this binary reads. It writes the format
	// of Options.Engine into a new data directory, and keeps an existing one's.
	FormatVersion = FormatPebble
)

// Engines a new data directory can be created with (Options.Engine).
const (
	EngineBolt   = "bbolt"
	EnginePebble = "pebble"
	// DefaultEngine is the engine of a new data directory when Options.Engine is "".
	DefaultEngine = EngineBolt
)

// DefaultTimeout is the Options.Timeout used when it is zero.
const DefaultTimeout = 100 * time.Millisecond

// Options configures Open. The zero value is ready to use.
type Options struct {
	// Timeout bounds the wait for bbolt's own lock on simsql.db; 0 means DefaultTimeout.
	// The LOCK file is never waited for: a held LOCK fails Open at once with ErrLocked.
	Timeout time.Duration
	// ReadOnly opens an existing data directory for reading only: the LOCK is taken shared
	// (several read-only Stores may coexist; a writer is refused while one is open), nothing
	// is created, and write transactions fail with ErrReadOnly.
	ReadOnly bool
	// Engine is the engine of a new data directory (EngineBolt, EnginePebble; "" is
	// DefaultEngine). An existing directory keeps the engine its FORMAT names.
	Engine string
}

// Store is an open data directory. It is safe for concurrent use: any number of read
// snapshots and concurrent writers (Txn.Concurrent), or one exclusive writer (Txn.Write).
type Store struct {
	dir      string
	eng      engine
	lock     *os.File
	readOnly bool
	writer   chan struct{} // the single writer slot: one engine write transaction at a time
	txnState
}

// Open opens the data directory dir, creating it (mode 0755) and its files if missing.
// Only dir itself is created, as mkdir does without -p and as `mysqld --initialize` does:
// a missing parent is refused (a mistyped path must not become a new, empty database).
// A directory that Open refuses is left as it was: no LOCK, FORMAT or simsql.db is
// written into it. Every write transaction committed through the returned Store is
// fsync'ed before Commit returns. Errors: ErrLocked if another Store holds dir;
// ErrUnknownFormat if dir is not empty and has no valid FORMAT; ErrNewerFormat if FORMAT
// is newer than FormatVersion; an error matching fs.ErrNotExist if dir's parent (or, when
// read-only, dir) does not exist; otherwise the underlying I/O error, wrapped with the path
// it concerns.
func Open(dir string, opts Options) (*Store, error) {
	if opts.Timeout == 0 {
		opts.Timeout = DefaultTimeout
	}
	if err := prepareDir(dir, opts.ReadOnly); err != nil {
		return nil, err
	}
	// Refuse a foreign or newer directory before the LOCK file is created in it; the
	// check is repeated under the lock, which decides. (A read-only Open never creates
	// the LOCK.)
	if !opts.ReadOnly {
		if _, err := checkFormat(dir, Options{Engine: opts.Engine}, false); err != nil {
			return nil, err
		}
	}
	lock, err := acquireLock(dir, opts.ReadOnly)
	if err != nil {
		return nil, err
	}
	s := &Store{dir: dir, lock: lock, readOnly: opts.ReadOnly, writer: make(chan struct{}, 1), txnState: newTxnState()}
	format, err := checkFormat(dir, opts, true)
	if err != nil {
		s.releaseLock()
		return nil, err
	}
	if format == FormatPebble {
		s.eng, err = openPebble(dir, opts)
	} else {
		s.eng, err = openBolt(dir, opts)
	}
	if err != nil {
		s.releaseLock()
		return nil, err
	}
	return s, nil
}

// prepareDir checks that dir is a directory, creating it (but not its parents) if it is
// missing and the Store is writable.
func prepareDir(dir string, readOnly bool) error {
	fi, err := os.Stat(dir)
	switch {
	case err == nil && !fi.IsDir():
		return &dirError{syscall.ENOTDIR, fmt.Sprintf("data directory %s is not a directory", dir)}
	case err == nil:
		return nil
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("storage: data directory %s: %w", dir, err)
	case readOnly:
		return &dirError{fs.ErrNotExist, fmt.Sprintf("data directory %s does not exist: nothing to open read-only", dir)}
	}
	parent := filepath.Dir(filepath.Clean(dir))
	if _, err := os.Stat(parent); errors.Is(err, fs.ErrNotExist) {
		return &dirError{fs.ErrNotExist, fmt.Sprintf("data directory %s does not exist, nor does its parent %s: "+
			"simsql creates only the last component of the path (create the parent first, or correct the path)",
			dir, parent)}
	}
	if err := os.Mkdir(dir, 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
		return fmt.Errorf("storage: create data directory %s: %w", dir, err)
	}
	return nil
}

// acquireLock opens dir/LOCK and flocks it without waiting: exclusively (and records our
// pid in it) for a writable Store, shared for a read-only one.
func acquireLock(dir string, readOnly bool) (*os.File, error) {
	path := filepath.Join(dir, LockFile)
	flag, how := os.O_RDWR|os.O_CREATE, unix.LOCK_EX
	if readOnly {
		flag, how = os.O_RDONLY, unix.LOCK_SH
	}
	f, err := os.OpenFile(path, flag, 0o644)
	if err != nil {
		return nil, fmt.Errorf("storage: open lock file %s: %w", path, err)
	}
	if err := unix.Flock(int(f.Fd()), how|unix.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, unix.EWOULDBLOCK) {
			return nil, &dirError{ErrLocked, fmt.Sprintf(
				"data directory %s is in use by another simsql process (pid %s)", dir, lockHolder(path))}
		}
		return nil, fmt.Errorf("storage: lock %s: %w", path, err)
	}
	if !readOnly {
		pid := strconv.Itoa(os.Getpid()) + "\n"
		if err := f.Truncate(0); err == nil {
			_, err = f.WriteAt([]byte(pid), 0)
		}
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("storage: write pid to %s: %w", path, err)
		}
	}
	return f, nil
}

// lockHolder returns the pid recorded in the LOCK file at path, or "unknown".
func lockHolder(path string) string {
	b, err := os.ReadFile(path)
	if err != nil {
		return "unknown"
	}
	pid := strings.TrimSpace(string(b))
	if _, err := strconv.Atoi(pid); err != nil {
		return "unknown"
	}
	return pid
}

// checkFormat reads dir/FORMAT and returns its version, or, if write is set, writes the
// format of opts.Engine if dir holds nothing but the LOCK file (and a FORMAT temp file left
// by a crash); without write such a directory is version 0.
func checkFormat(dir string, opts Options, write bool) (int, error) {
	readOnly := opts.ReadOnly
	path := filepath.Join(dir, FormatFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return 0, fmt.Errorf("storage: read data directory %s: %w", dir, err)
		}
		for _, e := range entries {
			if n := e.Name(); n != LockFile && n != FormatFile+".tmp" {
				return 0, &dirError{ErrUnknownFormat, fmt.Sprintf(
					"data directory %s is not empty and has no %s file: not a simsql data directory (found %s)",
					dir, FormatFile, n)}
			}
		}
		if readOnly {
			return 0, &dirError{ErrUnknownFormat, fmt.Sprintf(
				"data directory %s is empty: nothing to open read-only", dir)}
		}
		if !write {
			return 0, nil
		}
		format := FormatBolt
		switch opts.Engine {
		case EnginePebble:
			format = FormatPebble
		case EngineBolt:
		case "":
			if DefaultEngine == EnginePebble {
				format = FormatPebble
			}
		default:
			return 0, fmt.Errorf("storage: unknown engine %q (%s or %s)", opts.Engine, EngineBolt, EnginePebble)
		}
		return format, writeFormat(dir, format)
	}
	if err != nil {
		return 0, fmt.Errorf("storage: read %s: %w", path, err)
	}
	magic, rest, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
	version, verr := strconv.Atoi(rest)
	if magic != FormatMagic || verr != nil || version < 1 {
		return 0, &dirError{ErrUnknownFormat, fmt.Sprintf(
			"data directory %s has an unknown format stamp %q (expected \"%s %d\" to \"%s %d\")",
			dir, bytes.TrimSpace(b), FormatMagic, FormatBolt, FormatMagic, FormatVersion)}
	}
	if version > FormatVersion {
		return 0, &dirError{ErrNewerFormat, fmt.Sprintf(
			"data directory %s was written by a newer simsql (format %d; this binary reads formats %d to %d)",
			dir, version, FormatBolt, FormatVersion)}
	}
	return version, nil
}

// writeFormat writes dir/FORMAT atomically.
func writeFormat(dir string, format int) error {
	return WriteFileAtomic(dir, FormatFile, []byte(fmt.Sprintf("%s %d\n", FormatMagic, format)), 0o644)
}

// WriteFileAtomic replaces dir/name with data durably: it writes
// dir/name.tmp with permissions perm, fsyncs it, renames it over dir/name and fsyncs dir, so that
// after a crash dir/name holds either the old or the new data in full.
// Errors name the file; the temp file is removed on error.
func WriteFileAtomic(dir, name string, data []byte, perm os.FileMode) error {
	path := filepath.Join(dir, name)
	tmp := path + ".tmp"
	f, err := os.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, perm)
	if err != nil {
		return fmt.Errorf("storage: write %s: %w", tmp, err)
	}
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, path)
	}
	if err == nil {
		err = syncDir(dir)
	}
	if err != nil {
		os.Remove(tmp)
		return fmt.Errorf("storage: write %s: %w", path, err)
	}
	return nil
}

func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}

func (s *Store) releaseLock() {
	if s.lock != nil {
		s.lock.Close() // closing the descriptor releases the flock
		s.lock = nil
	}
}

// Close closes the engine and releases the LOCK. It waits for open transactions to
// finish. Closing a closed Store returns nil.
func (s *Store) Close() error {
	var err error
	if s.eng != nil {
		err = s.eng.close()
		s.eng = nil
	}
	s.releaseLock()
	return err
}

// Dir returns the data directory the Store was opened on, as given to Open.
func (s *Store) Dir() string { return s.dir }

// updateTimeout bounds Update's wait for the writer slot.
const updateTimeout = time.Minute

// Update runs fn in a write transaction and commits it if fn returns nil; the data is on
// disk when Update returns nil. An error from fn rolls back and is returned as is; an error
// from the commit (disk full, file too large, I/O error) names the file and leaves the data
// committed before it intact. Update waits up to a minute for the writer slot.
func (s *Store) Update(fn func(*Txn) error) error {
	t := s.NewTxn(false)
	if _, err := t.Write(nil, updateTimeout); err != nil {
		return err
	}
	if err := fn(t); err != nil {
		t.Rollback()
		return err
	}
	return t.Commit()
}

// View runs fn on a read snapshot and returns its error.
func (s *Store) View(fn func(View) error) error {
	t := s.NewTxn(true)
	defer t.Rollback()
	v, err := t.Reader()
	if err != nil {
		return err
	}
	return fn(v)
}

// Size returns the engine's bytes on disk (pages in use and free pages alike).
func (s *Store) Size() (int64, error) { return s.eng.size() }
