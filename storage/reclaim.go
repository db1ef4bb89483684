package storage

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"go.etcd.io/bbolt"
)

// Reclaimed says what Store.Reclaim did.
type Reclaimed struct {
	// Before and After are the engine's bytes on disk (Store.Size) before
	// and after.
	Before, After int64
	// Free is, on bbolt, the bytes of the file's free pages before (pages
	// freed by deletes, which later writes reuse); 0 on pebble.
	Free int64
	// Rewritten reports that bbolt's file was rewritten without its free
	// pages.
	Rewritten bool
	// Compacted reports that pebble compacted the keyspaces' key ranges.
	Compacted bool
}

// Note says what Reclaim did, for a person: on pebble that it compacted
// what (the keyspaces Reclaim was given, as the caller names them), and
// the sizes before and after.
func (r Reclaimed) Note(what string) string {
	switch {
	case r.Compacted:
		return fmt.Sprintf("compacted %s: pebble's files %s before, %s after", what, mib(r.Before), mib(r.After))
	case r.Rewritten:
		return fmt.Sprintf("rewrote simsql.db (every table's data) without its %s of free pages: %s before, %s after", mib(r.Free), mib(r.Before), mib(r.After))
	default:
		return fmt.Sprintf("simsql.db not rewritten: %s of its %s are free pages (under %d%%), which later writes reuse",
			mib(r.Free), mib(r.Before), int(RewriteShare*100))
	}
}

// mib formats a size in bytes as MiB with one decimal, or KiB below 1 MiB.
func mib(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d KiB", (n+1<<9)>>10)
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

// RewriteShare is the share of a bbolt file that must be free pages for
// Reclaim to rewrite the file: below it the rewrite (a copy of every live
// page, with writers held off) costs more than the space it returns, and
// the free pages are reused by later writes anyway.
const RewriteShare = 0.10

// rewriteSuffix names the copy a bbolt rewrite writes beside simsql.db
// before it renames it into place.
const rewriteSuffix = ".rewrite"

// reclaimHook, if set (by tests), is called at each step of a bbolt
// rewrite: "copied" (the copy is written and synced), "renamed" (it
// replaced simsql.db, the directory not yet synced), "reopened".
var reclaimHook func(step string)

func reclaimStep(step string) {
	if reclaimHook != nil {
		reclaimHook(step)
	}
}

// Reclaim returns space that deleted keys hold to the file system, as
// InnoDB's OPTIMIZE TABLE does by rebuilding a table:
//
//   - pebble: compacts the key ranges of keyspaces (a table's rows and
//     indexes; nil: every keyspace), so that deleted keys and their tombstones are dropped and
//     the sstables that held them deleted. Readers and writers go on
//     meanwhile.
//   - bbolt: the file holds every keyspace and can only shrink by being
//     rewritten, so keyspaces is ignored: if at least RewriteShare of the
//     file is free pages, it is copied without them into simsql.db.rewrite
//     (fsync'ed), renamed over simsql.db (the directory fsync'ed) and
//     reopened. Writers are held off for the whole copy: Reclaim takes the
//     metadata lock exclusively and the writer slot, as DDL does, waiting
//     up to timeout for open writing transactions to end
//     (ErrLockWaitTimeout) or until ctx is done; readers go on reading the
//     old file, which is closed once the last of them ends. A crash at any
//     point leaves either the old file (and a copy that Open removes) or
//     the new one, whole.
//
// Errors: ErrReadOnly on a read-only Store; ErrLockWaitTimeout; ctx's
// cause; the engine's I/O errors, naming the file (a failed copy leaves
// the old file in use, unchanged).
func (s *Store) Reclaim(ctx context.Context, timeout time.Duration, keyspaces [][]byte) (Reclaimed, error) {
	if s.readOnly {
		return Reclaimed{}, fmt.Errorf("storage: reclaim space of %s: %w", s.dir, ErrReadOnly)
	}
	before, err := s.Size()
	if err != nil {
		return Reclaimed{}, err
	}
	r := Reclaimed{Before: before, After: before}
	switch e := s.eng.(type) {
	case *pebbleEngine:
		ranges := [][2][]byte{{{0}, {2}}} // every key (markers 0x00…, keys 0x01…)
		if keyspaces != nil {
			ranges = ranges[:0]
			for _, ks := range keyspaces {
				p := dataPrefix(ks)
				ranges = append(ranges, [2][]byte{p, prefixEnd(p)})
			}
		}
		for _, kr := range ranges {
			if err := e.db.Compact(ctx, kr[0], kr[1], true); err != nil {
				return r, fmt.Errorf("storage: compact %s: %w", e.dir, err)
			}
		}
		r.Compacted = true
		// pebble deletes the files a compaction made obsolete in the
		// background: wait for that, so that After says what is on disk.
		if err := e.awaitObsoleteDeleted(ctx); err != nil {
			return r, err
		}
	case *boltEngine:
		if ctx == nil {
			ctx = context.Background()
		}
		deadline := time.Now().Add(timeout)
		if err := s.meta.acquire(ctx, true, deadline); err != nil {
			return r, err
		}
		defer s.meta.release(true)
		if err := s.acquireWriter(ctx, time.Until(deadline)); err != nil {
			return r, err
		}
		defer s.releaseWriter()
		if r.Rewritten, r.Free, err = e.rewrite(before); err != nil {
			return r, err
		}
	}
	r.After, err = s.Size()
	return r, err
}

// obsoleteWait bounds Reclaim's wait for pebble to delete obsolete files.
const obsoleteWait = 30 * time.Second

// awaitObsoleteDeleted waits until pebble has deleted the sstables no
// version refers to any more (for at most obsoleteWait, or until ctx is
// done).
func (e *pebbleEngine) awaitObsoleteDeleted(ctx context.Context) error {
	for deadline := time.Now().Add(obsoleteWait); e.db.Metrics().Table.ObsoleteCount > 0 && time.Now().Before(deadline); {
		select {
		case <-ctx.Done():
			return context.Cause(ctx)
		case <-time.After(time.Millisecond):
		}
	}
	return nil
}

// rewrite copies the file without its free pages and puts the copy in
// its place, if at least RewriteShare of size bytes are free; the caller
// holds off every writer. It returns whether it did and the free bytes
// found.
func (e *boltEngine) rewrite(size int64) (bool, int64, error) {
	e.mu.RLock()
	old := e.db
	e.mu.RUnlock()
	st := old.Stats()
	free := int64(st.FreePageN+st.PendingPageN) * int64(old.Info().PageSize)
	if size == 0 || float64(free) < RewriteShare*float64(size) {
		return false, free, nil
	}
	tmp := e.path + rewriteSuffix
	if err := copyBolt(tmp, old); err != nil {
		os.Remove(tmp)
		return false, free, fmt.Errorf("storage: rewrite %s into %s: %w", e.path, tmp, err)
	}
	reclaimStep("copied")
	if err := os.Rename(tmp, e.path); err != nil {
		os.Remove(tmp)
		return false, free, fmt.Errorf("storage: rewrite %s: %w", e.path, err)
	}
	reclaimStep("renamed")
	// From here on simsql.db is the new file: the old DB must not commit
	// again (its writes would go to an unlinked file).
	err := syncDir(filepath.Dir(e.path))
	var db *bbolt.DB
	if err == nil {
		db, err = bbolt.Open(e.path, 0o644, e.opts)
	}
	if err != nil {
		err = fmt.Errorf("storage: reopen %s after rewriting it: %w", e.path, err)
		e.failed.CompareAndSwap(nil, &err)
		return true, free, err
	}
	e.mu.Lock()
	e.db = db
	e.mu.Unlock()
	e.retired.Add(1)
	go func() {
		defer e.retired.Done()
		old.Close() // waits for the read transactions begun on it
	}()
	reclaimStep("reopened")
	return true, free, nil
}

// rewriteTxSize bounds the bytes of one transaction of a rewrite's copy.
const rewriteTxSize = 64 << 20

// copyBolt writes every bucket of src into a new bbolt file at path,
// densely (bbolt.Compact), and fsyncs it.
func copyBolt(path string, src *bbolt.DB) error {
	if err := os.Remove(path); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	dst, err := bbolt.Open(path, 0o644, &bbolt.Options{
		Timeout:      DefaultTimeout,
		NoSync:       true, // one fsync at the end
		FreelistType: bbolt.FreelistMapType,
	})
	if err != nil {
		return err
	}
	err = bbolt.Compact(dst, src, rewriteTxSize)
	if err == nil {
		err = dst.Sync()
	}
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	return err
}
