package storage

import (
	"encoding/binary"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
)

// txnState is the part of a Store that its transactions share: the
// metadata lock, the row locks, the commit queue and the sequences and
// counters handed out.
type txnState struct {
	meta    *metaLock
	locks   *lockTable
	commits atomic.Uint64 // commits applied (visible to new snapshots) so far
	txnIDs  atomic.Uint64

	qmu   sync.Mutex
	queue []*commitReq // concurrent commits waiting for the writer slot

	cmu      sync.Mutex
	counters map[string]uint64 // "s"+keyspace (sequences) or a composite counter key → next value
}

func newTxnState() txnState {
	return txnState{meta: newMetaLock(), locks: newLockTable(), counters: map[string]uint64{}}
}

// counter hands out the next value of counter name (atLeast 0), or moves
// it to at least atLeast and returns its next value; load reads the next
// value from storage the first time.
func (s *Store) counter(name string, atLeast uint64, load func() (uint64, error)) (uint64, error) {
	v, _, _, err := s.moveCounter(name, atLeast, load)
	return v, err
}

// moveCounter is counter, also returning the counter's next value before
// and after the move.
func (s *Store) moveCounter(name string, atLeast uint64, load func() (uint64, error)) (v, before, after uint64, err error) {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	next, ok := s.counters[name]
	if !ok {
		n, err := load()
		if err != nil {
			return 0, 0, 0, err
		}
		next = max(n, 1)
	}
	if atLeast != 0 {
		s.counters[name] = max(next, atLeast)
		return s.counters[name], next, s.counters[name], nil
	}
	s.counters[name] = next + 1
	return next, next, next + 1, nil
}

// giveBack moves counter name back from after to before, if no one moved
// it since: the values a rolled-back transaction was the last to take are
// handed out again. (InnoDB loses them; simsql keeps a single session's
// failed INSERT from leaving a gap.)
func (s *Store) giveBack(name string, before, after uint64) {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	if s.counters[name] == after {
		s.counters[name] = before
	}
}

func (s *Store) peekCounter(name string) (uint64, bool) {
	s.cmu.Lock()
	defer s.cmu.Unlock()
	v, ok := s.counters[name]
	return v, ok
}

func (s *Store) isCounter(name string) bool {
	_, ok := s.peekCounter(name)
	return ok
}

// forgetCounters drops the values handed out of counters an exclusive
// transaction set: the next use reads them from storage again.
func (s *Store) forgetCounters(names []string) {
	if len(names) == 0 {
		return
	}
	s.cmu.Lock()
	defer s.cmu.Unlock()
	for _, n := range names {
		delete(s.counters, n)
	}
}

// commitReq is one concurrent transaction's commit: its write set, the
// largest sequence values it was given (by keyspace) and the counters to
// move (by composite key).
type commitReq struct {
	ws       *writeSet
	pending  map[string]*pendingList // by keyspace, sorted, one write per key: newer than ws's
	seqs     map[string]uint64
	counters map[string]uint64
	err      error
	done     chan struct{}
}

// commit applies req durably. Commits are queued; whoever gets the writer
// slot applies every queued commit in one engine transaction and one
// commit (bbolt: two fsyncs for all; pebble: the batch is applied, the slot
// released, then the fsync waited for, which pebble shares between
// batches), so that concurrent committers share fsyncs (group commit).
// The commits of a batch cannot touch the same key: each holds the row
// locks of the keys it writes, and what it writes unlocked (index entries,
// counters, sequences) is covered by those locks or commutes.
func (s *Store) commit(req *commitReq) error {
	req.done = make(chan struct{})
	s.qmu.Lock()
	s.queue = append(s.queue, req)
	s.qmu.Unlock()
	select {
	case <-req.done:
		return req.err
	case s.writer <- struct{}{}:
	}
	s.qmu.Lock()
	batch := s.queue
	s.queue = nil
	s.qmu.Unlock()
	wait := s.applyBatch(batch)
	s.releaseWriter()
	if wait != nil {
		err := wait()
		for _, r := range batch {
			if r.err == nil {
				r.err = err
			}
		}
	}
	for _, r := range batch {
		close(r.done)
	}
	<-req.done // closed above, or by the leader of an earlier batch
	return req.err
}

// applyBatch applies the write sets of batch in one engine transaction
// and commits it; a write set that fails to apply gets its error and is
// left out (the others are applied again without it). It returns the wait
// for the fsync, if the engine commits in two steps.
func (s *Store) applyBatch(batch []*commitReq) (wait func() error) {
	live := slices.Clone(batch)
	for len(live) > 0 {
		tx, err := s.eng.begin(true)
		if err != nil {
			for _, r := range live {
				r.err = err
			}
			return nil
		}
		failed := -1
		for i, r := range live {
			if err := r.apply(tx); err != nil {
				r.err, failed = err, i
				break
			}
		}
		if failed >= 0 {
			tx.rollback()
			live = slices.Delete(live, failed, failed+1)
			continue
		}
		if a, ok := tx.(applier); ok {
			wait, err = a.apply()
		} else {
			err = tx.commit()
		}
		if err != nil {
			for _, r := range live {
				r.err = err
			}
			return nil
		}
		s.commits.Add(1)
		return wait
	}
	return nil
}

// listWriter is an engine transaction that writes a sorted pending list
// to a packed keyspace at once (bbolt's: boltTx.packedWriteList), as put
// and delete of each write in turn would.
type listWriter interface {
	packedWriteList(ks []byte, p *pendingList) error
}

// apply writes the commit into tx: keyspaces dropped and created, then
// the writes in key order, then counter deltas, sequences and counters
// merged into the latest values.
func (r *commitReq) apply(tx engineTx) error {
	names := make([]string, 0, len(r.ws.spaces))
	for ks := range r.ws.spaces {
		names = append(names, ks)
	}
	slices.Sort(names)
	for _, ks := range names {
		st := r.ws.spaces[ks]
		if st.dropped {
			if err := tx.dropKeyspace([]byte(ks)); err != nil {
				return err
			}
		}
		if st.created {
			if err := tx.createKeyspace([]byte(ks)); err != nil {
				return err
			}
		}
	}
	var err error
	r.ws.tree.Scan(func(it wsItem) bool {
		ks, key := splitKey(it.key)
		if p := r.pending[string(ks)]; p != nil {
			if _, found := p.search(key); found {
				return true // a later deferred write of the key wins
			}
		}
		if it.del {
			err = tx.delete(ks, key)
		} else {
			err = tx.put(ks, key, it.value)
		}
		return err == nil
	})
	if err != nil {
		return err
	}
	pks := make([]string, 0, len(r.pending))
	for ks := range r.pending {
		pks = append(pks, ks)
	}
	slices.Sort(pks)
	for _, ks := range pks {
		p := r.pending[ks]
		if lw, ok := tx.(listWriter); ok && (PackedHead([]byte(ks)) > 0 || RunsHead([]byte(ks)) > 0) {
			if err := lw.packedWriteList([]byte(ks), p); err != nil {
				return err
			}
			continue
		}
		for _, w := range p.ws {
			if w.del {
				err = tx.delete([]byte(ks), p.key(w))
			} else {
				err = tx.put([]byte(ks), p.key(w), p.value(w))
			}
			if err != nil {
				return err
			}
		}
	}
	for ck, d := range r.ws.deltas {
		ks, key := splitKey([]byte(ck))
		v := tx.Get(ks, key)
		if v == nil && r.ws.upsert[ck] && tx.Has(ks) {
			v = make([]byte, 8*len(d)) // created (UpsertCounters)
		}
		if v := applyDeltas(v, d); v != nil {
			if err := tx.put(ks, key, v); err != nil {
				return err
			}
		}
	}
	for ks, v := range r.seqs {
		cur, err := tx.sequence([]byte(ks))
		if errors.Is(err, ErrNoKeyspace) {
			continue // dropped since
		}
		if err != nil {
			return err
		}
		if v > cur {
			if err := tx.setSequence([]byte(ks), v); err != nil {
				return err
			}
		}
	}
	for ck, next := range r.counters {
		ks, key := splitKey([]byte(ck))
		old := tx.Get(ks, key)
		if old == nil || counterValue(old) >= next {
			continue // gone with its table, or moved further by another commit
		}
		if err := tx.put(ks, key, binary.BigEndian.AppendUint64(nil, next)); err != nil {
			return err
		}
	}
	return nil
}
