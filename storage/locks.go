package storage

import (
	"context"
	"sync"
	"time"
)

// lockTable holds the row locks of concurrent transactions (Txn.Lock):
// exclusive locks on keys (keyspace and key), each held by one transaction
// until it commits or rolls back, as InnoDB's record locks are. A request
// for a lock another transaction holds waits until it is released, the
// timeout passes (ErrLockWaitTimeout) or ctx is done (its cause). Before
// waiting it follows the chain of waits from the holder (each waiting
// transaction waits for one lock, so the wait-for graph is a set of
// chains): if the chain comes back to the requester, waiting would never
// end, and the request fails at once with ErrDeadlock, as InnoDB's
// deadlock detector rolls back one transaction of the cycle.
type lockTable struct {
	mu       sync.Mutex
	held     map[string]*rowLock
	waitsFor map[uint64]uint64 // waiting transaction → the holder it waits for
}

type rowLock struct {
	owner uint64
	wake  chan struct{} // closed when the lock is released; made by the first waiter
}

func newLockTable() *lockTable {
	return &lockTable{held: map[string]*rowLock{}, waitsFor: map[uint64]uint64{}}
}

// lock takes the lock on key for transaction id; newly reports that id did
// not hold it before.
func (lt *lockTable) lock(ctx context.Context, id uint64, key string, timeout time.Duration) (newly bool, err error) {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	for {
		lt.mu.Lock()
		l := lt.held[key]
		if l == nil {
			lt.held[key] = &rowLock{owner: id}
			lt.mu.Unlock()
			return true, nil
		}
		if l.owner == id {
			lt.mu.Unlock()
			return false, nil
		}
		h := l.owner
		for range len(lt.waitsFor) + 1 {
			next, waits := lt.waitsFor[h]
			if !waits {
				break
			}
			if next == id {
				lt.mu.Unlock()
				return false, ErrDeadlock
			}
			h = next
		}
		if l.wake == nil {
			l.wake = make(chan struct{})
		}
		wake := l.wake
		lt.waitsFor[id] = l.owner
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

// release releases the locks on keys, which id holds, and wakes their
// waiters.
func (lt *lockTable) release(id uint64, keys []string) {
	if len(keys) == 0 {
		return
	}
	lt.mu.Lock()
	defer lt.mu.Unlock()
	for _, k := range keys {
		if l := lt.held[k]; l != nil && l.owner == id {
			delete(lt.held, k)
			if l.wake != nil {
				close(l.wake)
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
// writers wait for DDL. A waiting exclusive request keeps new shared ones
// waiting behind it, so that a stream of short writers cannot starve DDL.
type metaLock struct {
	mu        sync.Mutex
	shared    int
	exclusive bool
	xWaiting  int
	changed   chan struct{} // closed and replaced at every release
}

func newMetaLock() *metaLock { return &metaLock{changed: make(chan struct{})} }

// acquire takes the lock, shared or exclusive, waiting until deadline
// (ErrLockWaitTimeout) or until ctx is done (its cause).
func (m *metaLock) acquire(ctx context.Context, exclusive bool, deadline time.Time) error {
	var timer *time.Timer
	defer func() {
		if timer != nil {
			timer.Stop()
		}
	}()
	m.mu.Lock()
	if exclusive {
		m.xWaiting++
	}
	for {
		switch {
		case exclusive && !m.exclusive && m.shared == 0:
			m.xWaiting--
			m.exclusive = true
			m.mu.Unlock()
			return nil
		case !exclusive && !m.exclusive && m.xWaiting == 0:
			m.shared++
			m.mu.Unlock()
			return nil
		}
		ch := m.changed
		m.mu.Unlock()
		if timer == nil {
			timer = time.NewTimer(time.Until(deadline))
		}
		var done <-chan struct{}
		if ctx != nil {
			done = ctx.Done()
		}
		var err error
		select {
		case <-ch:
		case <-timer.C:
			err = ErrLockWaitTimeout
		case <-done:
			err = context.Cause(ctx)
		}
		m.mu.Lock()
		if err != nil {
			if exclusive {
				m.xWaiting--
				m.wake() // shared requests queued behind this one may go
			}
			m.mu.Unlock()
			return err
		}
	}
}

func (m *metaLock) release(exclusive bool) {
	m.mu.Lock()
	if exclusive {
		m.exclusive = false
	} else {
		m.shared--
	}
	m.wake()
	m.mu.Unlock()
}

// wake wakes every waiter; m.mu is held.
func (m *metaLock) wake() {
	close(m.changed)
	m.changed = make(chan struct{})
}
