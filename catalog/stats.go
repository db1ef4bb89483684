package catalog

import (
	"encoding/binary"

	"github.com/dolthub/go-mysql-server/sql"
)

// Table statistics kept current by every writing transaction: the number of
// rows and the bytes of their stored encodings, per table, in keyspace
// bucketStats under the table id (16 bytes: rows, then bytes, both
// big-endian uint64). SHOW TABLE STATUS, information_schema.TABLES (which
// BI tools read) and the planner's row estimates read them instead of
// counting. A table created before statistics existed has no entry: its
// rows are counted (one walk of the table) until a rewrite (ALTER TABLE)
// or TRUNCATE stores one.
var bucketStats = []byte("stats")

// tableStats is one table's statistics.
type tableStats struct {
	rows, bytes uint64
}

func decodeStats(v []byte) (tableStats, bool) {
	if len(v) != 16 {
		return tableStats{}, false
	}
	return tableStats{binary.BigEndian.Uint64(v), binary.BigEndian.Uint64(v[8:])}, true
}

func (s tableStats) encode() []byte {
	return binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(make([]byte, 0, 16), s.rows), s.bytes)
}

// putStats stores table id's statistics.
func putStats(tr *Transaction, id uint64, s tableStats) error {
	return tr.kv.Put(bucketStats, binaryID(id), s.encode())
}

// addStats adds a statement's change (rows and bytes, each possibly
// negative) to table id's statistics, if it has any. The change is a
// delta merged into the latest statistics at commit
// (storage.Txn.AddCounters), so that writers of one table do not wait for
// each other's statistics.
func addStats(tr *Transaction, id uint64, rows, bytes int64) error {
	if rows == 0 && bytes == 0 {
		return nil
	}
	return tr.kv.AddCounters(bucketStats, binaryID(id), rows, bytes)
}

var _ sql.StatisticsTable = (*Table)(nil)

// stats returns the table's statistics as ctx's transaction sees them:
// stored, or counted for a table that has none.
func (t *Table) stats(ctx *sql.Context) (tableStats, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return tableStats{}, err
	}
	defer done()
	v, err := tr.reader()
	if err != nil {
		return tableStats{}, err
	}
	if s, ok := decodeStats(v.Get(bucketStats, binaryID(t.meta.ID))); ok {
		return s, nil
	}
	var s tableStats
	c := v.Cursor(rowsBucket(t.meta.rowsID()))
	defer c.Close()
	for k, val := c.First(); k != nil; k, val = c.Next() {
		s.rows++
		s.bytes += uint64(len(val))
	}
	return s, nil
}

// RowCount implements sql.StatisticsTable: the number of rows as ctx's
// transaction sees them. It is exact, but reported as not exact: then
// go-mysql-server 0.20 does not answer COUNT(*) from it
// (replaceCountStar), which would keep the count in a plan that a prepared
// statement reuses after later writes; COUNT(*) reads the rows, as InnoDB's
// does (and reports SERVER_QUERY_NO_INDEX_USED). The planner's estimates and
// information_schema.TABLES use the count either way.
func (t *Table) RowCount(ctx *sql.Context) (uint64, bool, error) {
	s, err := t.stats(ctx)
	return s.rows, false, err
}

// ExactRowCount returns the number of rows of the table as ctx's
// transaction sees it, by the table's id: also through a handle planned
// before an ALTER of the same statement rewrote the table (compat's ALTER
// rows affected).
func (t *Table) ExactRowCount(ctx *sql.Context) (uint64, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return 0, err
	}
	cur, err := t.current(tr)
	done()
	if err != nil {
		return 0, err
	}
	s, err := cur.stats(ctx)
	return s.rows, err
}

// DataLength implements sql.StatisticsTable: the bytes of the rows' stored
// encodings (keys, index entries and the engine's own overhead not
// included).
func (t *Table) DataLength(ctx *sql.Context) (uint64, error) {
	s, err := t.stats(ctx)
	return s.bytes, err
}
