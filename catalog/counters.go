package catalog

import (
	"encoding/binary"
	"fmt"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/storage"
	"github.com/simsql/simsql/textsim"
)

// Counting indexes: custom indexes whose entries are counters that the
// rows share (per-term document frequencies), not one entry per row. Each
// counter is an 8-byte big-endian uint64 under a key of the kind's choosing
// in the index's keyspace. A writing statement adds +1 for each counter of
// each row it writes and −1 for each counter of each row it replaces or
// deletes, summed per key, as commutative deltas
// (storage.Txn.UpsertCounters): merged into the latest committed counts at
// commit, without row locks, so that concurrent writers neither wait for
// each other nor lose counts, and undone with the statement, a savepoint
// or the transaction. CREATE INDEX and table rewrites count the existing
// rows in bulk.

// CountingIndex is a CompiledIndex of counters. Its Entries is never
// called; its KeyLength is 0 (keys vary).
type CountingIndex interface {
	CompiledIndex
	// Counters calls add with the key of each counter that a row whose
	// indexed columns hold vals counts in (once each); none for a row the
	// index leaves out, such as a NULL. It must depend on nothing but the
	// index and vals; add copies the key.
	Counters(vals []any, add func(key []byte)) error
}

// TermStatistics is a CountingIndex of the document frequencies of a text
// column: DocsKey counts the documents (non-NULL rows), TermKey(t) the
// documents holding term t.
type TermStatistics interface {
	CountingIndex
	DocsKey() []byte
	TermKey(term string) []byte
}

// TermStatisticsKind is an IndexKind whose indexes are TermStatistics;
// the error for a column without statistics shows its DDL.
type TermStatisticsKind interface {
	IndexKind
	KeepsDocumentFrequencies()
}

// countingIndex returns ix's compiled CountingIndex, if it is one.
func (t *Table) countingIndex(ix *indexMeta) (CountingIndex, bool) {
	if !ix.isCustom() {
		return nil, false
	}
	ci, err := t.customIndex(ix)
	if err != nil {
		return nil, false
	}
	c, ok := ci.Compiled.(CountingIndex)
	return c, ok
}

// counterDeltas are a statement's changes to counters, by index id and key.
type counterDeltas map[uint64]map[string]int64

// count adds sign to every counter of row in the counting indexes of t.
func (d counterDeltas) count(t *Table, row sql.Row, sign int64) error {
	for i := range t.meta.Indexes {
		ix := &t.meta.Indexes[i]
		if c, ok := t.countingIndex(ix); ok {
			if err := d.countIn(t, ix, c, row, sign); err != nil {
				return err
			}
		}
	}
	return nil
}

// countIn adds sign to every counter of row in index ix of t, compiled c.
func (d counterDeltas) countIn(t *Table, ix *indexMeta, c CountingIndex, row sql.Row, sign int64) error {
	vals := make([]any, len(ix.Columns))
	for j, o := range t.indexOrdinals(ix) {
		vals[j] = row[o]
	}
	m := d[ix.ID]
	if m == nil {
		m = map[string]int64{}
		d[ix.ID] = m
	}
	if err := c.Counters(vals, func(key []byte) { m[string(key)] += sign }); err != nil {
		return fmt.Errorf("%w, in the row %s", err, t.describeRow(row))
	}
	return nil
}

// apply adds the non-zero deltas to the counters, in key order.
func (d counterDeltas) apply(tr *Transaction) error {
	ids := make([]uint64, 0, len(d))
	for id := range d {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids {
		keys := make([]string, 0, len(d[id]))
		for k, n := range d[id] {
			if n != 0 {
				keys = append(keys, k)
			}
		}
		slices.Sort(keys)
		for _, k := range keys {
			if err := tr.kv.UpsertCounters(indexBucket(id), []byte(k), d[id][k]); err != nil {
				return err
			}
		}
	}
	return nil
}

// buildCounters counts every row of t into the counting index c (ix,
// whose keyspace this transaction created).
func (t *Table) buildCounters(tr *Transaction, tx storage.View, ix *indexMeta, c CountingIndex) error {
	counts := counterDeltas{}
	cur := tx.Cursor(rowsBucket(t.meta.rowsID()))
	defer cur.Close()
	progress := t.db.store.ext.newProgress(fmt.Sprintf("counting index %s on %s.%s", ix.Name, t.db.name, t.meta.Name), tx.Count(rowsBucket(t.meta.rowsID())))
	defer progress.done()
	for k, v := cur.First(); k != nil; k, v = cur.Next() {
		progress.add(1)
		row, err := storage.DecodeRow(v, t.sch.Schema)
		if err != nil {
			return err
		}
		if err := counts.countIn(t, ix, c, row, 1); err != nil {
			return err
		}
	}
	m := counts[ix.ID]
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	idx := ix.bucket()
	for _, k := range keys {
		if err := tr.kv.Load(idx, []byte(k), binary.BigEndian.AppendUint64(nil, uint64(m[k]))); err != nil {
			return err
		}
	}
	return nil
}

// ReadCounters returns the counters under keys of the counting index
// index, as ctx's transaction sees them (its own uncommitted deltas
// included); 0 for a key with no counter.
func (t *Table) ReadCounters(ctx *sql.Context, index *CustomIndex, keys [][]byte) ([]uint64, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	defer done()
	tr.touch()
	v, err := tr.reader()
	if err != nil {
		return nil, err
	}
	ks := index.meta.bucket()
	if !v.Has(ks) {
		return nil, fmt.Errorf("catalog: the counters of index %s are missing", index.Name)
	}
	out := make([]uint64, len(keys))
	for i, k := range keys {
		if b := v.Get(ks, k); len(b) == 8 {
			out[i] = binary.BigEndian.Uint64(b)
		} else if b != nil {
			return nil, fmt.Errorf("catalog: index %s has a damaged counter", index.Name)
		}
	}
	return out, nil
}

// errNoTermStatistics is MySQL's error 1191 (ER_FT_MATCHING_KEY_NOT_FOUND,
// which MATCH … AGAINST gives for a column without a FULLTEXT index), for
// a column named to cosine_tfidf, tfidf or keywords that has no
// document-frequency index.
func (w *wiring) errNoTermStatistics(db, table, column string) error {
	ddl := "(no index kind of this server keeps them)"
	for _, k := range w.kinds {
		if _, ok := k.(TermStatisticsKind); ok {
			ddl = fmt.Sprintf("create them with CREATE INDEX %s_%s ON %s (%s) COMMENT %s", column, k.Name(), table, column, k.Example())
		}
	}
	return mysql.NewSQLError(1191, mysql.SSUnknownSQLState,
		"Can't find a document-frequency index matching the column %s.%s.%s: %s", db, table, column, ddl)
}

var _ functions.Corpora = (*Session)(nil)

// DocumentFrequencies implements functions.Corpora: N and df(t) of each of
// terms over column of table (in database db, or the current one when
// db is ""), read from the column's document-frequency index as ctx's
// transaction sees it. Counts already read are kept for the rest of the
// statement (CommandEnd drops them), across its rows, while the
// transaction neither writes nor moves its snapshot. Errors: database, table or column not found (1049, 1146, 1054);
// ErrNoTermStatistics.
func (s *Session) DocumentFrequencies(ctx *sql.Context, db, table, column string, terms []string) (textsim.DocFreqMap, error) {
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	tr, _ := ctx.GetTransaction().(*Transaction)
	s.dfMu.Lock()
	defer s.dfMu.Unlock()
	name := strings.ToLower(db + "\x00" + table + "\x00" + column)
	c := s.dfCache[name]
	if c == nil || tr == nil || c.tr != tr || c.writes != tr.kv.Writes() {
		var err error
		if c, err = s.corpus(ctx, db, table, column); err != nil {
			return textsim.DocFreqMap{}, err
		}
		if s.dfCache == nil || len(s.dfCache) > 16 {
			s.dfCache = map[string]*corpusCache{}
		}
		s.dfCache[name] = c
	}
	out := textsim.DocFreqMap{Terms: make(map[string]int64, len(terms))}
	var missing []string
	for _, t := range terms {
		if n, ok := c.df[t]; ok {
			out.Terms[t] = n
		} else if !slices.Contains(missing, t) {
			missing = append(missing, t)
		}
	}
	keys := make([][]byte, 0, len(missing)+1)
	if !c.haveN {
		keys = append(keys, c.stats.DocsKey())
	}
	for _, t := range missing {
		keys = append(keys, c.stats.TermKey(t))
	}
	if len(keys) > 0 {
		vals, err := c.table.ReadCounters(ctx, c.index, keys)
		if err != nil {
			return textsim.DocFreqMap{}, err
		}
		if !c.haveN {
			c.n, c.haveN, vals = int64(vals[0]), true, vals[1:]
		}
		if len(c.df)+len(missing) > maxCachedTerms {
			clear(c.df)
		}
		for i, t := range missing {
			c.df[t] = int64(vals[i])
			out.Terms[t] = int64(vals[i])
		}
	}
	if tr != nil {
		c.tr, c.writes = tr, tr.kv.Writes()
	}
	out.N = c.n
	return out, nil
}

// maxCachedTerms bounds the terms a session keeps per column.
const maxCachedTerms = 1 << 20

// corpusCache is what a session has read of one column's statistics.
type corpusCache struct {
	table  *Table
	index  *CustomIndex
	stats  TermStatistics
	tr     *Transaction
	writes uint64
	n      int64
	haveN  bool
	df     map[string]int64
}

// corpus resolves a column and its document-frequency index.
func (s *Session) corpus(ctx *sql.Context, db, table, column string) (*corpusCache, error) {
	d, err := s.store.Database(ctx, db)
	if sql.ErrDatabaseNotFound.Is(err) {
		return nil, mysql.NewSQLError(mysql.ERBadDb, mysql.SSClientError, "Unknown database '%s'", db)
	}
	if err != nil {
		return nil, err
	}
	tbl, ok, err := d.GetTableInsensitive(ctx, table)
	if err != nil {
		return nil, err
	}
	t, isTable := simsqlTable(tbl)
	if !ok || !isTable {
		return nil, mysql.NewSQLError(mysql.ERNoSuchTable, mysql.SSUnknownTable, "Table '%s.%s' doesn't exist", d.Name(), table)
	}
	col := t.meta.column(column)
	if col < 0 {
		return nil, mysql.NewSQLError(mysql.ERBadFieldError, mysql.SSBadFieldError, "Unknown column '%s' in '%s'", column, t.meta.Name)
	}
	for i := range t.meta.Indexes {
		ix := &t.meta.Indexes[i]
		if len(ix.Columns) != 1 || !strings.EqualFold(ix.Columns[0].Name, column) {
			continue
		}
		c, ok := t.countingIndex(ix)
		if !ok {
			continue
		}
		if st, ok := c.(TermStatistics); ok {
			ci, _ := t.customIndex(ix)
			return &corpusCache{table: t, index: ci, stats: st, df: map[string]int64{}}, nil
		}
	}
	return nil, t.db.store.ext.errNoTermStatistics(d.Name(), t.meta.Name, t.meta.Columns[col].Name)
}
