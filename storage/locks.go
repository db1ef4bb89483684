package storage

import (
	"context"
	"encoding/binary"
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
// hold it before.
func (lt *lockTable) lock(ctx context.Context, id, h uint64, timeout time.Duration) (newly bool, err error) {
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
