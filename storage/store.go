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

	"go.etcd.io/bbolt"
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
	// FormatVersion is the data format this binary writes, and the newest it reads.
	FormatVersion = 1
)

// initialMmapSize is the size of bbolt's initial memory map: 16 GiB of address space, not
// of memory or disk. bbolt re-maps the file when it outgrows the map, and re-mapping waits
// for every open read transaction to finish; a goroutine that holds a read transaction
// while it (or anything it waits for) commits a write that grows the file would deadlock.
// With a map larger than any file we expect, no re-map happens below 16 GiB.
const initialMmapSize = 1 << 34

// DefaultTimeout is the Options.Timeout used when it is zero.
const DefaultTimeout = 100 * time.Millisecond

// Options configures Open. The zero value is ready to use.
type Options struct {
	// Timeout bounds the wait for bbolt's own lock on simsql.db; 0 means DefaultTimeout.
	// The LOCK file is never waited for: a held LOCK fails Open at once with ErrLocked.
	Timeout time.Duration
	// ReadOnly opens an existing data directory for reading only: the LOCK is taken shared
	// (several read-only Stores may coexist; a writer is refused while one is open), nothing
	// is created, and write transactions fail with bbolt.ErrDatabaseReadOnly.
	ReadOnly bool
}

// Store is an open data directory. It is safe for concurrent use; bbolt allows one write
// transaction at a time and any number of read transactions.
type Store struct {
	dir  string
	db   *bbolt.DB
	lock *os.File
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
		if err := checkFormat(dir, false, false); err != nil {
			return nil, err
		}
	}
	lock, err := acquireLock(dir, opts.ReadOnly)
	if err != nil {
		return nil, err
	}
	s := &Store{dir: dir, lock: lock}
	if err := checkFormat(dir, opts.ReadOnly, true); err != nil {
		s.releaseLock()
		return nil, err
	}
	path := filepath.Join(dir, DBFile)
	db, err := bbolt.Open(path, 0o644, &bbolt.Options{
		Timeout:         opts.Timeout,
		ReadOnly:        opts.ReadOnly,
		InitialMmapSize: initialMmapSize,
		FreelistType:    bbolt.FreelistMapType,
	})
	if err != nil {
		s.releaseLock()
		return nil, fmt.Errorf("storage: open %s: %w", path, err)
	}
	s.db = db
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

// checkFormat reads dir/FORMAT, or, if write is set, writes it if dir holds nothing but the
// LOCK file (and a FORMAT temp file left by a crash).
func checkFormat(dir string, readOnly, write bool) error {
	path := filepath.Join(dir, FormatFile)
	b, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		entries, err := os.ReadDir(dir)
		if err != nil {
			return fmt.Errorf("storage: read data directory %s: %w", dir, err)
		}
		for _, e := range entries {
			if n := e.Name(); n != LockFile && n != FormatFile+".tmp" {
				return &dirError{ErrUnknownFormat, fmt.Sprintf(
					"data directory %s is not empty and has no %s file: not a simsql data directory (found %s)",
					dir, FormatFile, n)}
			}
		}
		if readOnly {
			return &dirError{ErrUnknownFormat, fmt.Sprintf(
				"data directory %s is empty: nothing to open read-only", dir)}
		}
		if !write {
			return nil
		}
		return writeFormat(dir)
	}
	if err != nil {
		return fmt.Errorf("storage: read %s: %w", path, err)
	}
	magic, rest, _ := strings.Cut(strings.TrimSpace(string(b)), " ")
	version, verr := strconv.Atoi(rest)
	if magic != FormatMagic || verr != nil || version < 1 {
		return &dirError{ErrUnknownFormat, fmt.Sprintf(
			"data directory %s has an unknown format stamp %q (expected %q)",
			dir, bytes.TrimSpace(b), fmt.Sprintf("%s %d", FormatMagic, FormatVersion))}
	}
	if version > FormatVersion {
		return &dirError{ErrNewerFormat, fmt.Sprintf(
			"data directory %s was written by a newer simsql (format %d; this binary reads format %d)",
			dir, version, FormatVersion)}
	}
	return nil
}

// writeFormat writes dir/FORMAT atomically.
func writeFormat(dir string) error {
	return WriteFileAtomic(dir, FormatFile, []byte(fmt.Sprintf("%s %d\n", FormatMagic, FormatVersion)), 0o644)
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

// Close closes the bbolt file and releases the LOCK. It waits for open transactions to
// finish. Closing a closed Store returns nil.
func (s *Store) Close() error {
	var err error
	if s.db != nil {
		err = s.db.Close()
		s.db = nil
	}
	s.releaseLock()
	if err != nil {
		return fmt.Errorf("storage: close %s: %w", s.path(), err)
	}
	return nil
}

// Dir returns the data directory the Store was opened on, as given to Open.
func (s *Store) Dir() string { return s.dir }

func (s *Store) path() string { return filepath.Join(s.dir, DBFile) }

// Begin starts a transaction, writable or read-only. The caller must Commit or Rollback a
// writable one and Rollback a read-only one; a read transaction left open pins old pages
// and grows the file. A successful Commit has been fsync'ed. Errors are bbolt's (for
// example bbolt.ErrDatabaseReadOnly), wrapped with the file's path.
func (s *Store) Begin(writable bool) (*bbolt.Tx, error) {
	tx, err := s.db.Begin(writable)
	if err != nil {
		return nil, fmt.Errorf("storage: begin transaction on %s: %w", s.path(), err)
	}
	return tx, nil
}

// Update runs fn in a write transaction and commits it if fn returns nil; the data is on
// disk when Update returns nil. An error from fn rolls back and is returned as is; an error
// from the commit (disk full, file too large, I/O error) is wrapped with the file's path,
// and leaves the data committed before it intact.
func (s *Store) Update(fn func(*bbolt.Tx) error) error {
	var fnErr error
	err := s.db.Update(func(tx *bbolt.Tx) error {
		fnErr = fn(tx)
		return fnErr
	})
	if fnErr != nil {
		return fnErr
	}
	if err != nil {
		return fmt.Errorf("storage: commit to %s: %w", s.path(), err)
	}
	return nil
}

// View runs fn in a read-only transaction and returns its error.
func (s *Store) View(fn func(*bbolt.Tx) error) error {
	return s.db.View(fn)
}

// Size returns the size of the bbolt file in bytes (pages in use and free pages alike).
func (s *Store) Size() (int64, error) {
	fi, err := os.Stat(s.path())
	if err != nil {
		return 0, fmt.Errorf("storage: stat %s: %w", s.path(), err)
	}
	return fi.Size(), nil
}
