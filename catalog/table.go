package catalog

import (
	"bytes"
	"context"
	"encoding/binary"
	"fmt"
	"io"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"

	"github.com/simsql/simsql/storage"
)

// Table is one table of the durable Store. Rows are stored in bucket
// rowsBucket(id), keyed by the order-preserving encoding of the primary key
// (KeyFormat.EncodeKeyTuple in the table's key format), or, for a table without one, by a hidden 8-byte
// row id in insertion order; values are storage.EncodeRow encodings of the
// whole row.
type Table struct {
	db   *Database
	meta *tableMeta
	sch  sql.PrimaryKeySchema
	hint *indexHint        // the query's USE, FORCE or IGNORE INDEX for this table, if any
	gen  *generatedColumns // the statement's stored generated columns to compute, if any (compat_generated_columns.go)
	// upsert: the table is the destination of an INSERT … ON DUPLICATE KEY
	// UPDATE or REPLACE, with its triggers (compat_upsert_triggers.go).
	upsert *upsert
	// narrow: the next read of the rows fits a modified column's values
	// to its new type (compat_alter_narrowing.go).
	narrow *narrowing
}

var (
	_ sql.Table              = (*Table)(nil)
	_ sql.CommentedTable     = (*Table)(nil)
	_ sql.PrimaryKeyTable    = (*Table)(nil)
	_ sql.InsertableTable    = (*Table)(nil)
	_ sql.UpdatableTable     = (*Table)(nil)
	_ sql.DeletableTable     = (*Table)(nil)
	_ sql.ReplaceableTable   = (*Table)(nil)
	_ sql.TruncateableTable  = (*Table)(nil)
	_ sql.AutoIncrementTable = (*Table)(nil)
	_ sql.Databaseable       = (*Table)(nil)
)

func newTable(d *Database, c *cachedTable) *Table {
	return &Table{db: d, meta: c.meta, sch: c.sch}
}

// simsqlTable returns the simsql Table under t (go-mysql-server wraps
// tables in nodes and in plan.ProcessTable).
func simsqlTable(t sql.Table) (*Table, bool) {
	for {
		var u sql.Table
		switch x := t.(type) {
		case *Table:
			return x, true
		case sql.TableWrapper:
			u = x.Underlying()
		case sql.TableNode:
			u = x.UnderlyingTable()
		}
		if u == nil || u == t {
			return nil, false
		}
		t = u
	}
}

// nodeTable returns the simsql table a plan node reads, when the node is a
// resolved table of simsql's (directly or wrapped).
func nodeTable(n sql.Node) (*Table, bool) {
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return nil, false
	}
	return simsqlTable(rt.Table)
}

// Name implements sql.Nameable.
func (t *Table) Name() string { return t.meta.Name }

// String implements fmt.Stringer.
func (t *Table) String() string { return t.meta.Name }

// Database implements sql.Databaseable.
func (t *Table) Database() string { return t.db.name }

// Schema implements sql.Table.
func (t *Table) Schema() sql.Schema { return t.sch.Schema }

// PrimaryKeySchema implements sql.PrimaryKeyTable.
func (t *Table) PrimaryKeySchema() sql.PrimaryKeySchema { return t.sch }

// Comment implements sql.CommentedTable.
func (t *Table) Comment() string { return t.meta.Comment }

// Collation implements sql.Table.
func (t *Table) Collation() sql.CollationID {
	if t.meta.Collation == "" {
		return sql.Collation_Default
	}
	c, err := sql.ParseCollation("", t.meta.Collation, false)
	if err != nil {
		return sql.Collation_Default
	}
	return c
}

// current returns t as stored in tr now. go-mysql-server may run several
// DDL operations on one Table value (CREATE TABLE with many indexes, CREATE
// UNIQUE INDEX followed by a rewrite), so DDL starts from this, never from
// the metadata t was resolved with.
func (t *Table) current(tr *Transaction) (*Table, error) {
	c, err := t.db.store.table(tr, t.db.name, t.meta.ID)
	if err != nil {
		return nil, err
	}
	return newTable(t.db, c), nil
}

// keyless reports whether the table has no primary key (rows keyed by a
// hidden row id).
func (t *Table) keyless() bool { return len(t.meta.PK) == 0 }

// pkKey returns the storage key of row's primary key: its values, each cut
// to the key's prefix length, so that two rows with the same prefix clash.
func (t *Table) pkKey(row sql.Row) ([]byte, error) {
	typs := make([]sql.Type, len(t.meta.PK))
	for i, o := range t.meta.PK {
		typs[i] = t.sch.Schema[o].Type
	}
	return t.keyFormat().EncodeKeyTuple(typs, t.pkValues(row))
}

// keyFormat returns the format of t's primary and secondary keys: what its
// metadata records (storage.KeyFormat0 for tables from before formats were
// recorded).
func (t *Table) keyFormat() storage.KeyFormat { return storage.KeyFormat(t.meta.KeyFormat) }

// pkValues returns row's primary-key values as the key holds them (cut to
// their prefix lengths).
func (t *Table) pkValues(row sql.Row) []any {
	vals := make([]any, len(t.meta.PK))
	for i, o := range t.meta.PK {
		vals[i] = row[o]
		if i < len(t.meta.PKLengths) {
			vals[i] = truncatePrefix(row[o], t.meta.PKLengths[i])
		}
	}
	return vals
}

// singlePartition is the one partition of a table.
type singlePartition struct{}

func (singlePartition) Key() []byte { return []byte("all") }

type partitionIter struct{ done bool }

func (p *partitionIter) Next(*sql.Context) (sql.Partition, error) {
	if p.done {
		return nil, io.EOF
	}
	p.done = true
	return singlePartition{}, nil
}

func (p *partitionIter) Close(*sql.Context) error { return nil }

// Partitions implements sql.Table: one partition, the whole table.
func (t *Table) Partitions(*sql.Context) (sql.PartitionIter, error) {
	return &partitionIter{}, nil
}

// PartitionRows implements sql.Table: every row, in key order.
func (t *Table) PartitionRows(ctx *sql.Context, _ sql.Partition) (sql.RowIter, error) {
	it, err := t.rangeIter(ctx, rowsBucket(t.meta.rowsID()), nil, nil, nil)
	if err != nil {
		return nil, err
	}
	return t.narrowedRows(it), nil // compat_alter_narrowing.go
}

// rangeIter returns an iterator over the rows of bucket with keys in
// [start, end) (nil: unbounded). For an index bucket, rowKey maps each
// entry key to the row's key in the rows bucket. An unbounded range, a scan
// of the table or of a whole index, is noted for the statement's
// SERVER_QUERY_NO_INDEX_USED.
func (t *Table) rangeIter(ctx *sql.Context, bucket, start, end []byte, rowKey func(k []byte) []byte) (sql.RowIter, error) {
	if len(start) == 0 && end == nil {
		noteFullScan(ctx)
	}
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	tr.touch()
	return &rowIter{t: t, tr: tr, done: done, bucket: bucket, start: start, end: end, rowKey: rowKey}, nil
}

// rowIter walks a key range of a bucket. bbolt cursors are invalidated by
// writes to their transaction, so the iterator remembers the last key and
// seeks again when the transaction has written since.
type rowIter struct {
	t          *Table
	tr         *Transaction
	done       func()
	bucket     []byte
	start, end []byte
	rowKey     func([]byte) []byte

	cursor  storage.Cursor
	tx      storage.View
	writes  uint64
	last    []byte
	started bool
	closed  bool
	n       int // rows read, for checkInterrupt
}

func (it *rowIter) Next(ctx *sql.Context) (sql.Row, error) {
	if it.closed {
		return nil, io.EOF
	}
	it.n++
	if err := checkInterrupt(ctx, it.n); err != nil {
		return nil, err
	}
	for {
		k, v, err := it.advance()
		if err == io.EOF {
			// Release the cursor now: go-mysql-server v0.20.0's ANALYZE
			// TABLE (memory/stats.go, reservoirSample) reads each row
			// iterator to its end and never closes it, and an iterator left
			// open over pebble's sstables makes pebble panic when the store
			// closes (TestAnalyzeThenStop).
			it.Close(ctx)
		}
		if err != nil || k == nil {
			return nil, err
		}
		if it.rowKey != nil {
			v = it.tx.Get(rowsBucket(it.t.meta.rowsID()), it.rowKey(k))
			if v == nil {
				return nil, fmt.Errorf("catalog: index of %s points at a missing row", it.t.meta.Name)
			}
		}
		if it.tr.locking {
			// SELECT … FOR UPDATE: the row is locked; if another transaction
			// changed it since the snapshot, the statement runs again.
			rk := k
			if it.rowKey != nil {
				rk = it.rowKey(k)
			}
			skip, err := it.tr.lockRead(rowsBucket(it.t.meta.rowsID()), rk)
			if err != nil {
				return nil, err
			}
			if skip {
				continue // SKIP LOCKED: another transaction holds the row
			}
		}
		return storage.DecodeRow(v, it.t.sch.Schema)
	}
}

// checkInterrupt returns the cause of ctx's end (KILL QUERY,
// max_execution_time, a closed connection) once ctx is done, checking every
// 256th of n = 1, 2, 3, … calls, so that a scan stops within 256 rows
// however selective the filter above it is.
func checkInterrupt(ctx *sql.Context, n int) error {
	if n&255 != 0 || ctx == nil || ctx.Err() == nil {
		return nil
	}
	return context.Cause(ctx)
}

// advance moves to the next key in range; k is nil at the end.
func (it *rowIter) advance() (k, v []byte, err error) {
	if err := it.tr.kv.Flush(it.bucket); err != nil {
		return nil, nil, err
	}
	tx, err := it.tr.reader()
	if err != nil {
		return nil, nil, err
	}
	if it.cursor == nil || tx != it.tx || it.writes != it.tr.kv.Writes() {
		if !tx.Has(it.bucket) {
			return nil, nil, sql.ErrTableNotFound.New(it.t.meta.Name)
		}
		if it.cursor != nil {
			it.cursor.Close()
		}
		it.tx, it.writes, it.cursor = tx, it.tr.kv.Writes(), tx.Cursor(it.bucket)
		switch {
		case it.started:
			k, v = it.cursor.Seek(it.last)
			if k != nil && bytes.Equal(k, it.last) {
				k, v = it.cursor.Next()
			}
		case it.start != nil:
			k, v = it.cursor.Seek(it.start)
		default:
			k, v = it.cursor.First()
		}
	} else {
		k, v = it.cursor.Next()
	}
	it.started = true
	if k == nil || (it.end != nil && bytes.Compare(k, it.end) >= 0) {
		return nil, nil, io.EOF
	}
	it.last = append(it.last[:0], k...)
	return k, v, nil
}

func (it *rowIter) Close(*sql.Context) error {
	if !it.closed {
		it.closed = true
		if it.cursor != nil {
			it.cursor.Close()
			it.cursor = nil
		}
		it.done()
	}
	return nil
}

// PeekNextAutoIncrementValue implements sql.AutoIncrementGetter.
func (t *Table) PeekNextAutoIncrementValue(ctx *sql.Context) (uint64, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return 0, err
	}
	defer done()
	return tr.kv.PeekCounter(bucketAutoInc, binaryID(t.meta.ID))
}

func readCounter(tx storage.View, id uint64) uint64 {
	v := tx.Get(bucketAutoInc, binaryID(id))
	if len(v) != 8 {
		return 1
	}
	return binary.BigEndian.Uint64(v)
}

// GetNextAutoIncrementValue implements sql.AutoIncrementTable: the value
// for a row whose AUTO_INCREMENT column is insertVal (nil or 0 asks for the
// next value). A larger explicit value moves the counter past it.
func (t *Table) GetNextAutoIncrementValue(ctx *sql.Context, insertVal interface{}) (uint64, error) {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return 0, err
	}
	key := binaryID(t.meta.ID)
	if u, ok := positiveUint(ctx, insertVal); ok {
		// An explicit value: the counter moves past it (the value
		// returned is not used).
		if u == ^uint64(0) {
			return u, nil
		}
		return u, tr.kv.AdvanceCounter(bucketAutoInc, key, u+1)
	}
	// Handed out outside the transaction, as InnoDB's are: concurrent
	// inserts get distinct values, and a rollback does not give it back.
	return tr.kv.NextCounter(bucketAutoInc, key)
}

// AutoIncrementSetter implements sql.AutoIncrementTable.
func (t *Table) AutoIncrementSetter(ctx *sql.Context) sql.AutoIncrementSetter {
	return t.editor(ctx)
}

// Truncate implements sql.TruncateableTable: deletes every row and index
// entry and resets AUTO_INCREMENT to 1; returns the number of rows deleted.
func (t *Table) Truncate(ctx *sql.Context) (int, error) {
	tr, tx, err := t.db.store.writeTx(ctx)
	if err != nil {
		return 0, err
	}
	if t, err = t.current(tr); err != nil {
		return 0, err
	}
	if err := tr.kv.FlushAll(); err != nil {
		return 0, err
	}
	buckets := [][]byte{rowsBucket(t.meta.rowsID())}
	if t.keyless() {
		buckets = append(buckets, hiddenBucket(t.meta.rowsID()))
	}
	for _, ix := range t.meta.Indexes {
		buckets = append(buckets, ix.bucket())
	}
	n := tx.Count(rowsBucket(t.meta.rowsID()))
	for _, b := range buckets {
		if err := tr.kv.ClearKeyspace(b); err != nil {
			return 0, err
		}
	}
	if err := putStats(tr, t.meta.ID, tableStats{}); err != nil {
		return 0, err
	}
	return n, tr.kv.Put(bucketAutoInc, binaryID(t.meta.ID), binaryID(1))
}

// hiddenBucket holds, for a table without a primary key, entries
// hash(row) + row id → nothing, so that a row given by value is found
// without a scan.
func hiddenBucket(id uint64) []byte { return idKey('h', id) }

// Inserter implements sql.InsertableTable.
func (t *Table) Inserter(ctx *sql.Context) sql.RowInserter {
	e := t.editor(ctx)
	if t.upsert != nil {
		t.upsert.editor = e // for the statement's Updater
	}
	return e
}

// Updater implements sql.UpdatableTable. The Updater of an INSERT … ON
// DUPLICATE KEY UPDATE is its Inserter, so that the statement sees its own
// inserts and updates (compat_upsert_triggers.go).
func (t *Table) Updater(ctx *sql.Context) sql.RowUpdater {
	if u := t.upsert; u != nil && u.editor != nil {
		e := u.editor
		u.editor = nil
		return e
	}
	return t.editor(ctx)
}

// Deleter implements sql.DeletableTable.
func (t *Table) Deleter(ctx *sql.Context) sql.RowDeleter { return t.editor(ctx) }

// Replacer implements sql.ReplaceableTable: an editor that counts the
// rows it deletes (compat_replace_rows.go).
func (t *Table) Replacer(ctx *sql.Context) sql.RowReplacer {
	e := t.editor(ctx)
	e.replacing = true
	return e
}
