package storage

import (
	"context"
	"encoding/binary"
	"slices"
	"sync"
	"time"

	"github.com/cespare/xxhash/v2"
)

// lockTable holds the row locks of concurrent transactions (Txn.Lock):
// exclusive locks on keys (keyspace and key), each held by one transaction
// until it commits or rolls back, as InnoDB's record locks are. A key is
// named by its 64-bit xxhash (lockHash), so that a transaction loading a
// million rows keeps a million small entries the garbage collector need
// not scan; two keys with the same hash would share a lock (one writer
// would wait for the other's unrelated row, or see a false deadlock):
// with 2^64 hashes and a million locks held, a chance of about 10^-8.
// A request for a lock another transaction holds waits until it is
// released, the timeout passes (ErrLockWaitTimeout) or ctx is done (its
// cause). Before waiting it follows the chain of waits from the holder
// (each waiting transaction waits for one lock, so the wait-for graph is a
// set of chains): if the chain comes back to the requester, waiting would
// never end, and the request fails at once with ErrDeadlock, as InnoDB's
// deadlock detector rolls back one transaction of the cycle.
type lockTable struct {
	mu       sync.Mutex
	held     map[uint64]uint64        // lock → the transaction holding it
	wake     map[uint64]chan struct{} // lock → closed when it is released (made by the first waiter)
	waitsFor map[uint64]uint64        // waiting transaction → the holder it waits for
}

func newLockTable() *lockTable {
	return &lockTable{held: map[uint64]uint64{}, wake: map[uint64]chan struct{}{}, waitsFor: map[uint64]uint64{}}
}

// lockHash names the lock of key in keyspace ks; buf is scratch space.
func lockHash(buf *[]byte, ks, key []byte) uint64 {
	b := binary.BigEndian.AppendUint16((*buf)[:0], uint16(len(ks)))
	b = append(append(b, ks...), key...)
	*buf = b
	return xxhash.Sum64(b)
}

// lock takes lock h for transaction id; newly reports that id did not
// hold it before. With noWait, a lock another transaction holds is
// ErrLockNotAvailable at once.
func (lt *lockTable) lock(ctx context.Context, id, h uint64, timeout time.Duration, noWait bool) (newly bool, err error) {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		lt.mu.Lock()
		owner, held := lt.held[h]
		if !held {
			lt.held[h] = id
			lt.mu.Unlock()
			return true, nil
		}
		if owner == id {
			lt.mu.Unlock()
			return false, nil
		}
		if noWait {
			lt.mu.Unlock()
			return false, ErrLockNotAvailable
		}
		o := owner
		for range len(lt.waitsFor) + 1 {
			next, waits := lt.waitsFor[o]
			if !waits {
				break
			}
			if next == id {
				lt.mu.Unlock()
				return false, ErrDeadlock
			}
			o = next
		}
		wake := lt.wake[h]
		if wake == nil {
			wake = make(chan struct{})
			lt.wake[h] = wake
		}
		lt.waitsFor[id] = owner
		lt.mu.Unlock()
		if timer == nil {
			timer = time.NewTimer(timeout)
		}
		var done <-chan struct{}
		if ctx != nil {
			done = ctx.Done()
		}
		select {
		case <-wake:
			err = nil
		case <-timer.C:
			err = ErrLockWaitTimeout
		case <-done:
			err = context.Cause(ctx)
		}
		lt.mu.Lock()
		delete(lt.waitsFor, id)
		lt.mu.Unlock()
		if err != nil {
			return false, err
		}
	}
}

// release releases the locks hs, which id holds, and wakes their waiters.
func (lt *lockTable) release(id uint64, hs []uint64) {
	if len(hs) == 0 {
		return
	}
	lt.mu.Lock()
	defer lt.mu.Unlock()
	for _, h := range hs {
		if owner, held := lt.held[h]; held && owner == id {
			delete(lt.held, h)
			if w := lt.wake[h]; w != nil {
				close(w)
				delete(lt.wake, h)
			}
		}
	}
}

// holders returns the number of locks held (for tests).
func (lt *lockTable) holders() int {
	lt.mu.Lock()
	defer lt.mu.Unlock()
	return len(lt.held)
}

// metaLock is the store's metadata lock, the coarse counterpart of MySQL's
// metadata locks: a concurrent transaction holds it shared from its first
// write to its end, and an exclusive transaction (DDL, Store.Update) holds
// it exclusively, so that DDL waits for open writing transactions and
// writers wait for DDL. Requests that cannot be granted at once wait in
// arrival order, and a release itself grants the waiting requests it makes
// grantable, as MySQL's MDL_lock::reschedule_waiters does: when an
// exclusive holder ends, the shared requests that waited for it hold the
// lock before its session can ask again. (Woken to try again, they lost
// the lock to the next statement of a client looping short DDL, over and
// over: a writer waited behind tens to hundreds of them, in a trial under
// load 50 s, and failed with error 1205; TestConcurrentMetaLockGrantsWaiters,
// sqltests.TestDDLDuringWritesAndTransactions.) A waiting exclusive
// request keeps new shared ones waiting behind it, so that a stream of
// short writers cannot starve DDL either.
type metaLock struct {
	mu        sync.Mutex
	shared    int
	exclusive bool
	queue     []*metaWaiter // requests waiting, in arrival order
	xWaiting  int           // exclusive requests in queue
}

// metaWaiter is one waiting request of a metaLock.
type metaWaiter struct {
	exclusive bool
	granted   bool          // set with ready closed, under the lock's mu
	ready     chan struct{} // closed when the request is granted
}

func newMetaLock() *metaLock { return &metaLock{} }

// acquire takes the lock, shared or exclusive, waiting until deadline
// (ErrLockWaitTimeout) or until ctx is done (its cause).
func (m *metaLock) acquire(ctx context.Context, exclusive bool, deadline time.Time) error {
	m.mu.Lock()
	switch {
	case exclusive && !m.exclusive && m.shared == 0 && len(m.queue) == 0:
		m.exclusive = true
		m.mu.Unlock()
		return nil
	case !exclusive && !m.exclusive && m.xWaiting == 0:
		m.shared++
		m.mu.Unlock()
		return nil
	}
	w := &metaWaiter{exclusive: exclusive, ready: make(chan struct{})}
	m.queue = append(m.queue, w)
	if exclusive {
		m.xWaiting++
	}
	m.mu.Unlock()
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	var done <-chan struct{}
	if ctx != nil {
		done = ctx.Done()
	}
	var err error
	select {
	case <-w.ready:
		return nil
	case <-timer.C:
		err = ErrLockWaitTimeout
	case <-done:
		err = context.Cause(ctx)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if w.granted {
		return nil // granted as the wait ended: the caller holds it
	}
	if i := slices.Index(m.queue, w); i >= 0 {
		m.queue = slices.Delete(m.queue, i, i+1)
	}
	if exclusive {
		m.xWaiting--
	}
	m.grant() // shared requests queued behind this one may go
	return err
}

func (m *metaLock) release(exclusive bool) {
	m.mu.Lock()
	if exclusive {
		m.exclusive = false
	} else {
		m.shared--
	}
	m.grant()
	m.mu.Unlock()
}

// grant grants the waiting requests from the head of the queue while they
// are compatible with the lock's holders: every shared request up to the
// first exclusive one, or that exclusive one alone once nobody holds the
// lock; m.mu is held.
func (m *metaLock) grant() {
	for len(m.queue) > 0 {
		w := m.queue[0]
		if m.exclusive || w.exclusive && m.shared > 0 {
			return
		}
		m.queue[0] = nil
		m.queue = m.queue[1:]
		w.granted = true
		close(w.ready)
		if w.exclusive {
			m.xWaiting--
			m.exclusive = true
			return
		}
		m.shared++
	}
}

// waiting returns the number of requests waiting (for tests).
func (m *metaLock) waiting() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.queue)
}
