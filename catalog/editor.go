package catalog

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"

	"github.com/cespare/xxhash/v2"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/storage"
)

// editor applies one statement's inserts, updates and deletes to a table.
// Edits are buffered, each row encoded as it will be stored (stmtBuffer:
// no pointers for the garbage collector to scan), and written when the
// statement's iterator closes the editor (Close), so that the statement reads the table as it was when it
// began (no row is visited twice by an UPDATE that moves it) and a failed
// statement leaves nothing behind. Duplicate keys are found at once,
// against the stored rows and the statement's own edits, by key lookups
// (O(log n)), never a scan.
//
// go-mysql-server runs a statement between one StatementBegin and one
// StatementComplete, except INSERT IGNORE and UPDATE IGNORE, which it wraps
// in a CheckpointingTableEditorIter that calls both around every row and
// DiscardChanges for a row that failed. Writing at StatementComplete made
// those statements write each row while the scan was still running, so
// UPDATE IGNORE t SET pk = pk + 100 met the rows it had moved and never
// ended (issue 11, item 14). So StatementComplete only accepts the edits
// since the last StatementBegin, DiscardChanges with an ignorable error
// drops only those (the row), and Close writes the statement.
type editor struct {
	t *Table

	// buf holds the statement's rows: each key edited, in order of first
	// edit, with its row after the statement, and the unique index values
	// of the pending rows.
	buf *stmtBuffer
	enc []byte // scratch for a row's encoding

	// open is set from the statement's first StatementBegin until Close.
	open bool
	// For DiscardChanges of one row: sinceOrder is buf.len() at the last
	// StatementBegin (keys after it are new since), and since holds the
	// earlier pending rows that edits since then replaced.
	sinceOrder int
	since      []priorRow

	// fk is the statement's foreign-key work (foreign_key_editor.go); nil
	// until the first row that needs it.
	fk *fkStatement

	// written counts the rows the statement inserted or updated, for the
	// row number of an error.
	written int64

	// replacing is set for a REPLACE's editor: its deletes are counted in
	// the session's replaced (compat_replace_rows.go), but for one that
	// leaves replacement, the row being inserted, as it was.
	replacing   bool
	replacement sql.Row

	// hi is the table's last stored row key, for above.
	hi struct {
		last            []byte
		ok              bool   // last is known
		commits, writes uint64 // tr.kv's Commits and Writes when it was found
		misses          int64  // times it was found
	}
}

// priorRow is what pending row i held before an edit.
type priorRow struct {
	i int
	s rowState
}

var (
	_ sql.TableEditor         = (*editor)(nil)
	_ sql.AutoIncrementSetter = (*editor)(nil)
)

func (t *Table) editor(*sql.Context) *editor {
	return &editor{t: t, buf: newStmtBuffer()}
}

// StatementBegin implements sql.EditOpenerCloser. It starts the
// transaction's writing before the statement reads the rows it will change
// (go-mysql-server calls it before the first row is read; the session has
// usually done so in ValidateSession). A failure is reported by the first
// edit. Called again before Close, it marks the start of the next row
// of an IGNORE statement.
func (e *editor) StatementBegin(ctx *sql.Context) {
	e.written = 0
	if e.open {
		e.since, e.sinceOrder = e.since[:0], e.buf.len()
		e.fkMark(ctx)
		return
	}
	if tr, ok := ctx.GetTransaction().(*Transaction); ok && tr != nil {
		_, _, _ = e.t.db.store.writeTx(ctx)
		if tr.kv.Exclusive() {
			// Trims the undo log. (In concurrent mode the session marks
			// the statement once, in ValidateSession, for RetryStatement.)
			tr.kv.StatementBegin()
		}
	}
	e.reset()
	e.open = true
}

func (e *editor) reset() {
	e.buf.reset()
	e.since, e.sinceOrder = e.since[:0], 0
}

// DiscardChanges implements sql.EditOpenerCloser: an ignorable error (a row
// INSERT IGNORE or UPDATE IGNORE skips) drops the edits since the last
// StatementBegin; any other error drops the statement's.
func (e *editor) DiscardChanges(ctx *sql.Context, err error) error {
	e.fkDiscard(ctx, err)
	var ignorable sql.IgnorableError
	if !errors.As(err, &ignorable) {
		e.reset()
		return nil
	}
	for i := e.buf.len() - 1; i >= e.sinceOrder; i-- {
		e.unstageUnique(i)
	}
	e.buf.truncate(e.sinceOrder)
	for i := len(e.since) - 1; i >= 0; i-- {
		p := e.since[i]
		e.unstageUnique(p.i)
		e.buf.set(p.i, p.s)
		if row, err := e.rowAt(p.i); err == nil && row != nil {
			e.stageUnique(p.i, row)
		}
	}
	e.since = e.since[:0]
	return nil
}

// StatementComplete implements sql.EditOpenerCloser: it accepts the edits
// since StatementBegin, which Close writes.
func (e *editor) StatementComplete(ctx *sql.Context) error {
	e.since, e.sinceOrder = e.since[:0], e.buf.len()
	e.fkComplete(ctx)
	return nil
}

// Close implements sql.Closer: it writes the statement's edits and ends
// the statement. go-mysql-server closes every editor of a statement when
// its iterator closes, before the statement's transaction commits.
func (e *editor) Close(ctx *sql.Context) error {
	e.open = false
	if e.buf.len() > 0 {
		err := e.write(ctx)
		e.reset()
		if err != nil {
			e.fk = nil
			return err
		}
	}
	return e.fkClose(ctx)
}

// write writes the pending edits: rows, index entries and hidden row ids.
func (e *editor) write(ctx *sql.Context) error {
	tr, tx, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	rows := rowsBucket(e.t.meta.rowsID())
	// Index entries (and a keyless table's hidden entries, when
	// deferredBucket says so) are handed to the transaction's deferred
	// writes as they are made (storage.Txn.Defer copies them; they are
	// applied in key order when the index is read or at commit): the old
	// entries of changed rows first, then the new rows' entries, so that
	// the last write of a key wins. Every other write (rows, hidden row
	// ids) is collected and applied sorted by bucket and key (applySorted):
	// bbolt splits pages only at commit, so random-order puts into a large
	// transaction cost more and more, sorted ones do not. An error part of
	// the way leaves some entries deferred: the statement fails, and its
	// rollback drops them (storage.Txn.RollbackStatement).
	var ops []writeOp
	var keys arena // an entry's bytes until Defer copies them: reused row by row
	var scratch []entry
	deferred := deferredBucket(tr)
	var dRows, dBytes int64     // the statement's change to the table's statistics
	counters := counterDeltas{} // the statement's change to counting indexes
	// The rows are decoded only for their index entries and counters.
	needRow := len(e.t.meta.Indexes) > 0
	b := e.buf
	for i := range b.rows {
		if b.rows[i].fresh {
			continue
		}
		k := b.key(i)
		old := tx.Get(rows, k)
		if old == nil {
			continue
		}
		dRows--
		dBytes -= int64(len(old))
		oldRow, err := storage.DecodeRow(old, e.t.sch.Schema)
		if err != nil {
			return err
		}
		keys.buf = keys.buf[:0]
		err = e.indexEntries(oldRow, k, old, &keys, &scratch, func(bucket, key, _ []byte) {
			if deferred(bucket) {
				tr.kv.Defer(bucket, key, nil, true)
			} else {
				ops = append(ops, writeOp{bucket: bucket, key: key, del: true})
			}
		})
		if err != nil {
			return err
		}
		if err := counters.count(e.t, oldRow, -1); err != nil {
			return err
		}
	}
	var first []bucketCount // the first row's deferred writes, by bucket
	for n := range b.rows {
		// The keys and values stay in b's arena until the transaction
		// ends (reset drops the arena, never reuses it).
		k, v := b.key(n), b.value(n)
		if v == nil {
			ops = append(ops, writeOp{bucket: rows, key: k, del: true})
			continue
		}
		var row sql.Row
		if needRow {
			// v stays in b's arena: the row's bytes values may share it.
			var err error
			if row, err = storage.DecodeRowShared(v, e.t.sch.Schema); err != nil {
				return err
			}
		}
		before := len(ops)
		ops = append(ops, writeOp{bucket: rows, key: k, value: v, fresh: b.rows[n].fresh})
		dRows++
		dBytes += int64(len(v))
		keys.buf = keys.buf[:0]
		err := e.indexEntries(row, k, v, &keys, &scratch, func(bucket, key, value []byte) {
			if value == nil {
				value = []byte{}
			}
			if !deferred(bucket) {
				ops = append(ops, writeOp{bucket: bucket, key: key, value: value})
				return
			}
			if n == 0 {
				first = countBucket(first, bucket)
			}
			tr.kv.Defer(bucket, key, value, false)
		})
		if err != nil {
			return err
		}
		if n == 0 {
			// Room for the other rows' writes, as many as the first's.
			ops = slices.Grow(ops, (len(ops)-before)*(b.len()-1))
			for _, c := range first {
				tr.kv.Reserve(c.bucket, c.n*(b.len()-1))
			}
		}
		if err := counters.count(e.t, row, 1); err != nil {
			return err
		}
	}
	if err := applySorted(tr, ops); err != nil {
		return err
	}
	if err := counters.apply(tr); err != nil {
		return err
	}
	return addStats(tr, e.t.meta.ID, dRows, dBytes)
}

// writeOp is one put or delete of a statement.
type writeOp struct {
	bucket, key, value []byte
	del                bool
	fresh              bool // a put of a key known to be absent
}

// deferredBucket returns whether a write to a bucket is deferred
// (storage.Txn.Defer) in tr: index entries always; a keyless table's
// hidden entries in concurrent mode, where their row's lock covers them
// as it covers index entries (in exclusive mode they are written at once,
// since keyOf reads them without a Flush).
func deferredBucket(tr *Transaction) func(bucket []byte) bool {
	coverHidden := tr.kv.Writing() && !tr.kv.Exclusive()
	return func(bucket []byte) bool {
		return bucket[0] == 'x' || storage.PackedHead(bucket) > 0 || bucket[0] == 'h' && coverHidden
	}
}

// bucketCount is a number of writes to one bucket.
type bucketCount struct {
	bucket []byte
	n      int
}

// countBucket counts one more write to bucket in counts (a statement
// writes to a few buckets).
func countBucket(counts []bucketCount, bucket []byte) []bucketCount {
	i := slices.IndexFunc(counts, func(c bucketCount) bool { return bytes.Equal(c.bucket, bucket) })
	if i < 0 {
		i = len(counts)
		counts = append(counts, bucketCount{bucket: bucket})
	}
	counts[i].n++
	return counts
}

// applySorted applies ops, the writes that are not deferred
// (deferredBucket): rows and hidden row ids, ordered by key, so that bbolt
// appends them in order. (No two ops have the same bucket and key.)
func applySorted(tr *Transaction, ops []writeOp) error {
	nFresh := 0
	for _, op := range ops {
		if op.fresh {
			nFresh++
		}
	}
	if nFresh > 0 && !tr.kv.Exclusive() {
		// PutNew defers them (storage.Txn.PutNew): room for them. (A
		// statement's fresh puts are all of one table's rows.)
		for _, op := range ops {
			if op.fresh {
				tr.kv.Reserve(op.bucket, nFresh)
				break
			}
		}
	}
	byKey := func(a, b writeOp) int {
		if c := bytes.Compare(a.bucket, b.bucket); c != 0 {
			return c
		}
		return bytes.Compare(a.key, b.key)
	}
	if !slices.IsSortedFunc(ops, byKey) { // a load in key order is
		slices.SortFunc(ops, byKey)
	}
	for _, op := range ops {
		var err error
		switch {
		case op.del:
			err = tr.kv.Delete(op.bucket, op.key)
		case op.fresh:
			err = tr.kv.PutNew(op.bucket, op.key, op.value)
		default:
			err = tr.kv.Put(op.bucket, op.key, op.value)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// indexEntries calls f with the bucket, key and value of each index entry
// of row (stored under row key k, encoded as v), their bytes carved from
// keys; scratch is a buffer for the entries of one index.
func (e *editor) indexEntries(row sql.Row, k, v []byte, keys *arena, scratch *[]entry, f func(bucket, key, value []byte)) error {
	if e.t.keyless() {
		f(hiddenBucket(e.t.meta.rowsID()), hiddenKey(v, k), nil)
	}
	for i := range e.t.meta.Indexes {
		ix := &e.t.meta.Indexes[i]
		entries, err := e.t.appendIndexEntries((*scratch)[:0], ix, row, k, keys)
		*scratch = entries
		if err != nil {
			return err
		}
		bucket := ix.bucket()
		for _, en := range entries {
			f(bucket, en.key, en.value)
		}
	}
	return nil
}

// hiddenKey is the entry of a keyless row: 8 bytes of hash of its encoding,
// then its row id.
func hiddenKey(encoded, rowID []byte) []byte {
	return append(binary.BigEndian.AppendUint64(nil, xxhash.Sum64(encoded)), rowID...)
}

// Insert implements sql.RowInserter.
func (e *editor) Insert(ctx *sql.Context, row sql.Row) error {
	tr, tx, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if e.t.gen != nil && e.t.gen.onInsert {
		if err := e.t.gen.compute(ctx, row); err != nil {
			return err
		}
	}
	row = row.Copy()
	e.written++
	if err := e.t.roundScaled(ctx, row, e.written); err != nil { // compat_float_scale.go
		return err
	}
	if err := e.bumpAutoIncrement(ctx, tr, tx, row); err != nil {
		return err
	}
	if e.replacing {
		e.replacement = row // compat_replace_rows.go
	}
	var k []byte
	pend := -1 // k's pending row
	if e.t.keyless() {
		id, err := tr.kv.NextSequence(rowsBucket(e.t.meta.rowsID()))
		if err != nil {
			return err
		}
		k = binaryID(id)
	} else {
		if k, err = e.t.pkKey(row); err != nil {
			return err
		}
		// Locked, the key is looked for in the latest committed rows: a row
		// another transaction committed since the snapshot is a duplicate
		// too, as InnoDB finds it after waiting for its lock.
		if err := tr.lockRow(e.rowsBucket(), k, false); err != nil {
			return err
		}
		if tx, err = tr.current(); err != nil {
			return err
		}
		if pend = e.buf.find(k); pend >= 0 || !e.above(tr, tx, k) {
			if existing, err := e.lookup(tx, k); err != nil {
				return err
			} else if existing != nil {
				return e.t.duplicateKey(nil, row, existing)
			}
		}
	}
	if err := e.checkUnique(tr, tx, row, k); err != nil {
		return err
	}
	if err := e.t.checkIndexValues(row); err != nil {
		return err
	}
	if err := e.fkInsert(ctx, row); err != nil {
		return err
	}
	// Not pending and not stored (lookup found none, or a new row id):
	// the key is fresh.
	if e.t.hasUnique() || e.fk != nil {
		pend = e.buf.find(k) // checkUnique or fkInsert may have staged rows
	}
	i, added, err := e.stageAt(pend, k, row)
	if err != nil {
		return err
	}
	if added {
		e.buf.rows[i].fresh = true
	}
	return e.t.upsert.afterInserted(ctx, row)
}

// above reports whether row key k is above every stored row key of the
// table in tx (tr's current view), so that no stored row has it: a load
// in key order then checks each key against the table's last key, found
// once, instead of looking it up. The last key is found again when tx
// may have changed (a commit, or a write of tr's), and the lookup is made
// anyway while tx keeps changing.
func (e *editor) above(tr *Transaction, tx storage.View, k []byte) bool {
	if e.buf.len() < aboveAfter {
		return false // a short statement: its lookups cost less than the cursor
	}
	h := &e.hi
	if commits, writes := tr.kv.Commits(), tr.kv.Writes(); !h.ok || h.commits != commits || h.writes != writes {
		if h.misses++; h.misses > 64 && h.misses > int64(e.buf.len()/4) {
			return false // tx changes too often for the last key to help
		}
		commits := tr.kv.CurrentCommits()
		c := tx.Cursor(e.rowsBucket())
		last, _ := c.Last()
		h.last = append(h.last[:0], last...)
		c.Close()
		// Writes read after the cursor, which may have applied deferred writes.
		h.ok, h.commits, h.writes = true, commits, tr.kv.Writes()
	}
	return bytes.Compare(k, h.last) > 0
}

// aboveAfter is the number of rows a statement writes before its INSERTs
// look at the table's last key (above).
const aboveAfter = 16

// Delete implements sql.RowDeleter.
func (e *editor) Delete(ctx *sql.Context, row sql.Row) error {
	_, tx, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	k, err := e.keyOf(tx, row)
	if err != nil || k == nil {
		return err
	}
	// The row was read from the statement's snapshot: if another
	// transaction changed it since, the statement runs again (1213).
	if err := e.t.db.store.lockRowOf(ctx, e.rowsBucket(), k); err != nil {
		return err
	}
	if err := e.t.upsert.deleting(ctx, row); err != nil {
		return err
	}
	if err := e.fkBeforeDelete(ctx, row); err != nil {
		return err
	}
	if _, _, err := e.stage(k, nil); err != nil {
		return err
	}
	if err := e.fkAfterDelete(ctx, row); err != nil {
		return err
	}
	e.countReplaced(ctx, row)
	return e.t.upsert.deleted(ctx, row)
}

func (e *editor) rowsBucket() []byte { return rowsBucket(e.t.meta.rowsID()) }

// Update implements sql.RowUpdater.
func (e *editor) Update(ctx *sql.Context, old, new sql.Row) error {
	tr, tx, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	oldKey, err := e.keyOf(tx, old)
	if err != nil {
		return err
	}
	if oldKey == nil {
		return fmt.Errorf("catalog: row to update not found in %s", e.t.meta.Name)
	}
	if err := tr.lockRow(e.rowsBucket(), oldKey, true); err != nil {
		return err
	}
	if u := e.t.upsert; u != nil && u.beforeUpdate != nil {
		// The BEFORE UPDATE trigger sees the generated columns of the
		// row after the SET, and may change the row (compat_upsert_triggers.go).
		if err := e.t.gen.compute(ctx, new); err != nil {
			return err
		}
		if err := u.beforeUpdated(ctx, old, new); err != nil {
			return err
		}
	}
	if err := e.t.gen.compute(ctx, new); err != nil {
		return err
	}
	new = new.Copy()
	e.written++
	if err := e.t.roundScaled(ctx, new, e.written); err != nil { // compat_float_scale.go
		return err
	}
	newKey := oldKey
	if !e.t.keyless() {
		if newKey, err = e.t.pkKey(new); err != nil {
			return err
		}
		if !bytes.Equal(newKey, oldKey) {
			if err := tr.lockRow(e.rowsBucket(), newKey, false); err != nil {
				return err
			}
			if tx, err = tr.current(); err != nil {
				return err
			}
			if existing, err := e.lookup(tx, newKey); err != nil {
				return err
			} else if existing != nil {
				return e.t.duplicateKey(nil, new, existing)
			}
		}
	}
	if err := e.t.checkIndexValues(new); err != nil {
		return err
	}
	if err := e.fkBeforeUpdate(ctx, old, new); err != nil {
		return err
	}
	// The row's own old entries do not count against it.
	oldPending := e.buf.find(oldKey)
	e.unstageUnique(oldPending)
	if tx, err = tr.current(); err != nil {
		return err
	}
	if err := e.checkUnique(tr, tx, new, newKey, oldKey); err != nil {
		if row, _ := e.rowAt(oldPending); row != nil {
			e.stageUnique(oldPending, row)
		}
		return err
	}
	if !bytes.Equal(newKey, oldKey) {
		if _, _, err := e.stage(oldKey, nil); err != nil {
			return err
		}
	}
	if _, _, err := e.stage(newKey, new); err != nil {
		return err
	}
	if err := e.fkAfterUpdate(ctx, old, new); err != nil {
		return err
	}
	return e.t.upsert.afterUpdated(ctx, old, new)
}

// stage records that the row under key k becomes row (nil: deleted), and
// returns the index of its pending row and whether the statement had not
// edited k before. The row is encoded now, as it will be stored.
func (e *editor) stage(k []byte, row sql.Row) (int, bool, error) {
	return e.stageAt(e.buf.find(k), k, row)
}

// stageAt is stage of a key whose pending row is i (-1: none).
func (e *editor) stageAt(i int, k []byte, row sql.Row) (int, bool, error) {
	var v []byte
	if row != nil {
		var err error
		if e.enc, err = storage.EncodeRow(e.enc[:0], e.t.sch.Schema, row); err != nil {
			return -1, false, err
		}
		v = e.enc
	}
	added := i < 0
	kept := false // the row's present state is kept for DiscardChanges
	if !added {
		e.unstageUnique(i)
		if i < e.sinceOrder { // pending from an earlier row
			e.since = append(e.since, priorRow{i: i, s: e.buf.state(i)})
			kept = true
		}
	}
	i = e.buf.put(i, k, v, !kept)
	if row != nil {
		e.stageUnique(i, row)
	}
	return i, added, nil
}

// stageUnique records that pending row i, which is row, holds its values
// of the table's unique indexes.
func (e *editor) stageUnique(i int, row sql.Row) {
	for j := range e.t.meta.Indexes {
		ix := &e.t.meta.Indexes[j]
		if !ix.Unique {
			continue
		}
		prefix, err := e.t.uniqueKey(ix, row)
		if err != nil || prefix == nil {
			continue
		}
		e.buf.scratch = bufUniqueKey(e.buf.scratch[:0], ix.ID, prefix)
		e.buf.setUnique(e.buf.scratch, i)
	}
}

// unstageUnique forgets the unique index values of pending row i (-1:
// none).
func (e *editor) unstageUnique(i int) {
	if i < 0 || !e.t.hasUnique() {
		return
	}
	row, err := e.rowAt(i)
	if err != nil || row == nil {
		return
	}
	for j := range e.t.meta.Indexes {
		ix := &e.t.meta.Indexes[j]
		if !ix.Unique {
			continue
		}
		if prefix, err := e.t.uniqueKey(ix, row); err == nil && prefix != nil {
			e.buf.scratch = bufUniqueKey(e.buf.scratch[:0], ix.ID, prefix)
			e.buf.unsetUnique(e.buf.scratch, i)
		}
	}
}

// hasUnique reports whether t has a unique index besides its primary key.
func (t *Table) hasUnique() bool {
	for i := range t.meta.Indexes {
		if t.meta.Indexes[i].Unique {
			return true
		}
	}
	return false
}

// rowAt returns pending row i decoded: nil if it is deleted (or i is -1).
func (e *editor) rowAt(i int) (sql.Row, error) {
	if i < 0 {
		return nil, nil
	}
	v := e.buf.value(i)
	if v == nil {
		return nil, nil
	}
	return storage.DecodeRow(v, e.t.sch.Schema)
}

// pendingRow returns the statement's version of the row under key k: ok
// if the statement edited k, and then the row (nil: deleted).
func (e *editor) pendingRow(k []byte) (row sql.Row, ok bool, err error) {
	i := e.buf.find(k)
	if i < 0 {
		return nil, false, nil
	}
	row, err = e.rowAt(i)
	return row, true, err
}

// pending reports whether the statement edited the row under key k.
func (e *editor) pending(k []byte) bool { return e.buf.find(k) >= 0 }

// lookup returns the row under key k as the statement sees it: its pending
// version, else the stored one; nil if there is none.
func (e *editor) lookup(tx storage.View, k []byte) (sql.Row, error) {
	if row, ok, err := e.pendingRow(k); ok || err != nil {
		return row, err
	}
	v := tx.Get(rowsBucket(e.t.meta.rowsID()), k)
	if v == nil {
		return nil, nil
	}
	return storage.DecodeRow(v, e.t.sch.Schema)
}

// keyOf returns the row key of a row given by value; nil if absent. A
// keyless table's row is the first pending or stored row whose encoding
// is the row's.
func (e *editor) keyOf(tx storage.View, row sql.Row) ([]byte, error) {
	if !e.t.keyless() {
		return e.t.pkKey(row)
	}
	v, err := storage.EncodeRow(nil, e.t.sch.Schema, row)
	if err != nil {
		return nil, err
	}
	for i := range e.buf.len() { // a row this statement inserted
		if bytes.Equal(e.buf.value(i), v) {
			return bytes.Clone(e.buf.key(i)), nil
		}
	}
	prefix := binary.BigEndian.AppendUint64(nil, xxhash.Sum64(v))
	c := tx.Cursor(hiddenBucket(e.t.meta.rowsID()))
	defer c.Close()
	rows := rowsBucket(e.t.meta.rowsID())
	for hk, _ := c.Seek(prefix); hk != nil && bytes.HasPrefix(hk, prefix); hk, _ = c.Next() {
		id := hk[8:]
		if e.pending(id) {
			continue // already deleted or changed by this statement
		}
		if bytes.Equal(tx.Get(rows, id), v) {
			return bytes.Clone(id), nil
		}
	}
	return nil, nil
}

// checkUnique returns MySQL's duplicate-entry error if row, stored under
// key k, would repeat a value of a unique index, as tx (the transaction's
// current view: Transaction.current) has it, locking each value first.
// Keys in ignore are rows being replaced.
func (e *editor) checkUnique(tr *Transaction, tx storage.View, row sql.Row, k []byte, ignore ...[]byte) error {
	skip := func(other []byte) bool {
		if bytes.Equal(other, k) {
			return true
		}
		for _, ig := range ignore {
			if bytes.Equal(other, ig) {
				return true
			}
		}
		return false
	}
	for i := range e.t.meta.Indexes {
		ix := &e.t.meta.Indexes[i]
		if !ix.Unique {
			continue
		}
		prefix, err := e.t.uniqueKey(ix, row)
		if err != nil {
			return err
		}
		if prefix == nil {
			continue // a NULL never clashes
		}
		// The value's lock: two transactions cannot both add it. tx is the
		// latest committed data (Transaction.current), so a value another
		// transaction committed since the snapshot clashes too.
		if err := tr.lockRow(ix.bucket(), prefix, false); err != nil {
			return err
		}
		if err := tr.kv.Flush(ix.bucket()); err != nil {
			return err
		}
		e.buf.scratch = bufUniqueKey(e.buf.scratch[:0], ix.ID, prefix)
		if j := e.buf.uniqueRow(e.buf.scratch); j >= 0 && !skip(e.buf.key(j)) {
			existing, err := e.rowAt(j)
			if err != nil {
				return err
			}
			return e.t.duplicateKey(ix, row, existing)
		}
		var clash []byte
		c := tx.Cursor(ix.bucket())
		for ik, _ := c.Seek(prefix); ik != nil && bytes.HasPrefix(ik, prefix); ik, _ = c.Next() {
			other := ik[len(prefix):]
			if skip(other) {
				continue
			}
			if e.pending(other) {
				continue // changed by this statement: its new value is in e.buf's unique values
			}
			clash = bytes.Clone(other)
			break
		}
		c.Close()
		if clash != nil {
			existing, err := e.lookup(tx, clash)
			if err != nil {
				return err
			}
			return e.t.duplicateKey(ix, row, existing)
		}
	}
	return nil
}

// bumpAutoIncrement moves the table's AUTO_INCREMENT counter past the
// value row gives its AUTO_INCREMENT column.
func (e *editor) bumpAutoIncrement(ctx *sql.Context, tr *Transaction, tx storage.View, row sql.Row) error {
	for i, c := range e.t.sch.Schema {
		if !c.AutoIncrement || row[i] == nil {
			continue
		}
		u, ok := positiveUint(ctx, row[i])
		if ok && u < ^uint64(0) {
			return tr.kv.AdvanceCounter(bucketAutoInc, binaryID(e.t.meta.ID), u+1)
		}
	}
	return nil
}

// SetAutoIncrementValue implements sql.AutoIncrementSetter (ALTER TABLE
// … AUTO_INCREMENT = v). As in InnoDB, the counter never goes to or below
// a value in use: v is raised to the column's largest value plus one.
func (e *editor) SetAutoIncrementValue(ctx *sql.Context, v uint64) error {
	tr, tx, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	for i, c := range e.t.sch.Schema {
		if !c.AutoIncrement {
			continue
		}
		cur := tx.Cursor(rowsBucket(e.t.meta.rowsID()))
		defer cur.Close()
		for _, val := cur.First(); val != nil; _, val = cur.Next() {
			row, err := storage.DecodeRow(val, e.t.sch.Schema)
			if err != nil {
				return err
			}
			if u, ok := positiveUint(ctx, row[i]); ok && u >= v && u < ^uint64(0) {
				v = u + 1
			}
		}
	}
	return tr.kv.Put(bucketAutoInc, binaryID(e.t.meta.ID), binaryID(v))
}

// positiveUint returns v as a uint64 if it is a positive integer; negative
// values and zero never move an AUTO_INCREMENT counter.
func positiveUint(ctx *sql.Context, v any) (uint64, bool) {
	if v == nil {
		return 0, false
	}
	if n, _, err := types.Int64.Convert(ctx, v); err == nil {
		if i := n.(int64); i <= 0 {
			return 0, false
		}
	}
	u, _, err := types.Uint64.Convert(ctx, v)
	if err != nil {
		return 0, false
	}
	x := u.(uint64)
	return x, x > 0
}

// AcquireAutoIncrementLock implements sql.AutoIncrementSetter. Values are
// handed out by the store atomically (storage.Txn.NextCounter), outside
// the transaction, so there is nothing to lock.
func (e *editor) AcquireAutoIncrementLock(*sql.Context) (func(), error) {
	return func() {}, nil
}
