package catalog

import (
	"context"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
)

// tableLocks are the LOCK TABLES locks of the store's sessions: each
// table (database.table, lower-case) is locked READ by any number of
// sessions or WRITE by one. A session's statement that writes a table
// another session locked, or reads one another locked WRITE, waits until
// the lock is released (UNLOCK TABLES, START TRANSACTION, the next LOCK
// TABLES, disconnect), lock_wait_timeout passes (error 1205) or it is
// killed; so does a LOCK TABLES that conflicts with another's locks.
type tableLocks struct {
	mu      sync.Mutex
	readers map[string]map[uint32]bool
	writer  map[string]uint32
	// released is closed, and replaced, whenever locks are released.
	released chan struct{}
}

// conflict reports whether session id may not use table, written or
// only read, for another session's lock; t.mu is held.
func (t *tableLocks) conflict(id uint32, table string, write bool) bool {
	if w, ok := t.writer[table]; ok && w != id {
		return true
	}
	if write {
		for r := range t.readers[table] {
			if r != id {
				return true
			}
		}
	}
	return false
}

// empty reports whether no session holds a table lock; t.mu is held.
func (t *tableLocks) empty() bool { return len(t.writer) == 0 && len(t.readers) == 0 }

// tableUseMode is a table a statement or LOCK TABLES uses and whether it
// writes (or locks WRITE) it.
type tableUseMode struct {
	table string
	write bool
}

// wait waits until session id may use tables, then, if take, locks them
// for it; it returns ErrLockWaitTimeout after timeout, or ctx's cause.
func (t *tableLocks) wait(ctx context.Context, id uint32, tables []tableUseMode, take bool, timeout time.Duration) error {
	var deadline <-chan time.Time
	for {
		t.mu.Lock()
		if t.readers == nil {
			t.readers, t.writer = map[string]map[uint32]bool{}, map[string]uint32{}
		}
		free := true
		for _, u := range tables {
			if t.conflict(id, u.table, u.write) {
				free = false
				break
			}
		}
		if free {
			if take {
				for _, u := range tables {
					if u.write {
						t.writer[u.table] = id
					} else {
						if t.readers[u.table] == nil {
							t.readers[u.table] = map[uint32]bool{}
						}
						t.readers[u.table][id] = true
					}
				}
			}
			t.mu.Unlock()
			return nil
		}
		if t.released == nil {
			t.released = make(chan struct{})
		}
		released := t.released
		t.mu.Unlock()
		if deadline == nil {
			timer := time.NewTimer(timeout)
			defer timer.Stop()
			deadline = timer.C
		}
		select {
		case <-released:
		case <-deadline:
			return ErrLockWaitTimeout
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

// release drops session id's table locks.
func (t *tableLocks) release(id uint32) {
	t.mu.Lock()
	defer t.mu.Unlock()
	changed := false
	for table, w := range t.writer {
		if w == id {
			delete(t.writer, table)
			changed = true
		}
	}
	for table, rs := range t.readers {
		if rs[id] {
			delete(rs, id)
			changed = true
			if len(rs) == 0 {
				delete(t.readers, table)
			}
		}
	}
	if changed && t.released != nil {
		close(t.released)
		t.released = nil
	}
}

// busy reports whether any session holds a table lock.
func (t *tableLocks) busy() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return !t.empty()
}

// tableLockTimeout is the session's lock_wait_timeout (MySQL's wait for a
// metadata lock), in seconds; a year by default.
func tableLockTimeout(ctx *sql.Context) time.Duration {
	v, err := ctx.GetSessionVariable(ctx, "lock_wait_timeout")
	if err != nil {
		return 365 * 24 * time.Hour
	}
	switch n := v.(type) {
	case int64:
		return time.Duration(n) * time.Second
	case int32:
		return time.Duration(n) * time.Second
	case uint64:
		return time.Duration(n) * time.Second
	case int:
		return time.Duration(n) * time.Second
	}
	return 365 * 24 * time.Hour
}
