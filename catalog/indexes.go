package catalog

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/simsql/simsql/storage"
)

// Secondary B-tree indexes: bucket indexBucket(ix.ID) holds, for each row,
// the key EncodeKeyTuple(indexed values) + row key, with no value. The
// tuple encoding is self-delimiting, so the row key is what follows it.

var (
	_ sql.IndexAddressableTable = (*Table)(nil)
	_ sql.IndexAlterableTable   = (*Table)(nil)
	_ sql.IndexedTable          = (*indexedTable)(nil)
	_ sql.Index                 = (*btreeIndex)(nil)
)

// indexOrdinals returns the ordinals of the columns of ix.
func (t *Table) indexOrdinals(ix *indexMeta) []int {
	ords := make([]int, len(ix.Columns))
	for i, c := range ix.Columns {
		ords[i] = t.meta.column(c.Name)
	}
	return ords
}

func (t *Table) indexTypes(ix *indexMeta) []sql.Type {
	typs := make([]sql.Type, len(ix.Columns))
	for i, o := range t.indexOrdinals(ix) {
		typs[i] = t.sch.Schema[o].Type
	}
	return typs
}

// indexPrefix returns the encoding of row's values of ix's columns (a
// prefix length keeps that many characters or bytes).
func (t *Table) indexPrefix(ix *indexMeta, row sql.Row) ([]byte, error) {
	vals := make([]any, len(ix.Columns))
	for i, o := range t.indexOrdinals(ix) {
		if o < 0 {
			return nil, fmt.Errorf("catalog: index %s names a missing column %s", ix.Name, ix.Columns[i].Name)
		}
		vals[i] = truncatePrefix(row[o], ix.Columns[i].Length)
	}
	return t.keyFormat().EncodeKeyTuple(t.indexTypes(ix), vals)
}

// uniqueKey returns indexPrefix for a unique index, or nil when ix is not
// unique or row has a NULL in it (NULLs never clash in a unique index).
func (t *Table) uniqueKey(ix *indexMeta, row sql.Row) ([]byte, error) {
	if !ix.Unique {
		return nil, nil
	}
	for _, o := range t.indexOrdinals(ix) {
		if o >= 0 && row[o] == nil {
			return nil, nil
		}
	}
	return t.indexPrefix(ix, row)
}

// truncatePrefix keeps the first n characters of a string or bytes of a
// binary string; n ≤ 0 keeps all.
func truncatePrefix(v any, n int64) any {
	if n <= 0 {
		return v
	}
	switch s := v.(type) {
	case string:
		if r := []rune(s); int64(len(r)) > n {
			return string(r[:n])
		}
	case []byte:
		if int64(len(s)) > n {
			return s[:n]
		}
	}
	return v
}

// GetIndexes implements sql.IndexAddressable: PRIMARY (if the table has a
// primary key), then the secondary indexes in MySQL's order of keys
// (mysqlKeyOrder).
func (t *Table) GetIndexes(*sql.Context) ([]sql.Index, error) {
	var out []sql.Index
	if !t.keyless() && t.allowsIndex("PRIMARY") {
		pk := &indexMeta{Name: "PRIMARY", Unique: true}
		for i, o := range t.meta.PK {
			c := indexColumn{Name: t.meta.Columns[o].Name}
			if i < len(t.meta.PKLengths) {
				c.Length = t.meta.PKLengths[i]
			}
			pk.Columns = append(pk.Columns, c)
		}
		out = append(out, t.newBtreeIndex(pk, true))
	}
	for _, i := range t.mysqlKeyOrder() {
		if !t.allowsIndex(t.meta.Indexes[i].Name) {
			continue
		}
		if ix := &t.meta.Indexes[i]; ix.isCustom() {
			out = append(out, t.newKindIndex(ix))
		} else {
			out = append(out, t.newBtreeIndex(ix, false))
		}
	}
	return out, nil
}

// PreciseMatch implements sql.IndexAddressable: lookups may return a
// superset of the rows (a range on a leading column), so filters stay.
func (t *Table) PreciseMatch() bool { return false }

// IndexedAccess implements sql.IndexAddressable.
func (t *Table) IndexedAccess(_ *sql.Context, lookup sql.IndexLookup) sql.IndexedTable {
	return &indexedTable{Table: t, lookup: lookup}
}

// indexedTable is a table read through one index lookup.
type indexedTable struct {
	*Table
	lookup sql.IndexLookup
}

// LookupPartitions implements sql.IndexedTable: for a B-tree index, one
// partition per key interval of the union of the ranges' intervals, in key
// order, so that each row comes once (see mergeSpans).
func (it *indexedTable) LookupPartitions(ctx *sql.Context, lookup sql.IndexLookup) (sql.PartitionIter, error) {
	if s, ok := lookup.Index.(*searchIndex); ok {
		return it.lookupSearch(s)
	}
	if j, ok := lookup.Index.(*joinIndex); ok {
		return it.lookupJoin(j, lookup)
	}
	if k, ok := lookup.Index.(*kindIndex); ok {
		return it.lookupEqual(ctx, k, lookup)
	}
	ix, ok := lookup.Index.(*btreeIndex)
	if !ok {
		return nil, fmt.Errorf("catalog: %s cannot use index %s", it.Table.meta.Name, lookup.Index.ID())
	}
	var parts []sql.Partition
	if !emptyLookup(lookup) {
		ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
		if !ok {
			return nil, fmt.Errorf("catalog: unsupported range collection %T", lookup.Ranges)
		}
		var lengths []int64
		for _, c := range ix.meta.Columns {
			lengths = append(lengths, c.Length)
		}
		spans := make([]keySpan, 0, len(ranges))
		for _, r := range ranges {
			start, end, err := keyRange(ctx, it.Table.keyFormat(), r, lengths)
			if err != nil {
				return nil, err
			}
			spans = append(spans, keySpan{start, end})
		}
		for _, s := range mergeSpans(spans) {
			parts = append(parts, &rangePartition{index: ix, start: s.start, end: s.end})
		}
	}
	return &partitionList{parts: parts}, nil
}

// Partitions implements sql.Table for the indexed table.
func (it *indexedTable) Partitions(ctx *sql.Context) (sql.PartitionIter, error) {
	return it.LookupPartitions(ctx, it.lookup)
}

// PartitionRows implements sql.Table for the indexed table.
func (it *indexedTable) PartitionRows(ctx *sql.Context, p sql.Partition) (sql.RowIter, error) {
	if sp, ok := p.(searchPartition); ok {
		return it.searchRows(ctx, sp)
	}
	if cp, ok := p.(columnScanPartition); ok {
		return it.columnScanRows(ctx, cp)
	}
	rp, ok := p.(*rangePartition)
	if !ok {
		return it.Table.PartitionRows(ctx, p)
	}
	if rp.index.primary {
		return it.Table.rangeIter(ctx, rowsBucket(it.Table.meta.rowsID()), rp.start, rp.end, nil)
	}
	typs := it.Table.indexTypes(rp.index.meta)
	rowKey := func(k []byte) []byte {
		for _, typ := range typs {
			var err error
			if k, err = storage.SkipKey(k, typ); err != nil {
				return nil
			}
		}
		return k
	}
	return it.Table.rangeIter(ctx, rp.index.meta.bucket(), rp.start, rp.end, rowKey)
}

type rangePartition struct {
	index      *btreeIndex
	start, end []byte
}

func (p *rangePartition) Key() []byte { return append(append([]byte{}, p.start...), p.end...) }

type partitionList struct {
	parts []sql.Partition
	i     int
}

func (p *partitionList) Next(*sql.Context) (sql.Partition, error) {
	if p.i >= len(p.parts) {
		return nil, io.EOF
	}
	p.i++
	return p.parts[p.i-1], nil
}

func (p *partitionList) Close(*sql.Context) error { return nil }

// keyRange returns the key range [start, end), in key format f, covering range r: the leading
// columns with a single value form a prefix, the first other column bounds
// it, and later columns are left to the filters above (PreciseMatch). A
// column indexed by a prefix of lengths[i] characters has its bounds cut to
// that prefix and made inclusive, which covers every value they admit.
func keyRange(ctx *sql.Context, f storage.KeyFormat, r sql.MySQLRange, lengths []int64) (start, end []byte, err error) {
	var prefix []byte
	for i, col := range r {
		if i < len(lengths) && lengths[i] > 0 {
			col = widenToPrefix(col, lengths[i])
		}
		v, isPoint, err := pointValue(ctx, col)
		if err != nil {
			return nil, nil, err
		}
		if isPoint {
			if prefix, err = f.AppendKey(prefix, col.Typ, v); err != nil {
				return nil, nil, err
			}
			continue
		}
		start, err = lowerKey(f, prefix, col)
		if err != nil {
			return nil, nil, err
		}
		end, err = upperKey(f, prefix, col)
		return start, end, err
	}
	return prefix, prefixEnd(prefix), nil
}

// widenToPrefix cuts col's bounds to their first n characters and makes
// them inclusive.
func widenToPrefix(col sql.MySQLRangeColumnExpr, n int64) sql.MySQLRangeColumnExpr {
	switch lo := col.LowerBound.(type) {
	case sql.Below:
		col.LowerBound = sql.Below{Key: truncatePrefix(lo.Key, n)}
	case sql.Above:
		col.LowerBound = sql.Below{Key: truncatePrefix(lo.Key, n)}
	}
	switch hi := col.UpperBound.(type) {
	case sql.Below:
		col.UpperBound = sql.Above{Key: truncatePrefix(hi.Key, n)}
	case sql.Above:
		col.UpperBound = sql.Above{Key: truncatePrefix(hi.Key, n)}
	}
	return col
}

// pointValue reports whether col admits exactly one value (or only NULL).
func pointValue(ctx *sql.Context, col sql.MySQLRangeColumnExpr) (any, bool, error) {
	switch lo := col.LowerBound.(type) {
	case sql.BelowNull:
		if _, ok := col.UpperBound.(sql.AboveNull); ok {
			return nil, true, nil
		}
	case sql.Below:
		if hi, ok := col.UpperBound.(sql.Above); ok {
			c, err := col.Typ.Compare(ctx, lo.Key, hi.Key)
			if err != nil {
				return nil, false, err
			}
			return lo.Key, c == 0, nil
		}
	}
	return nil, false, nil
}

func lowerKey(f storage.KeyFormat, prefix []byte, col sql.MySQLRangeColumnExpr) ([]byte, error) {
	switch lo := col.LowerBound.(type) {
	case sql.Below:
		return f.AppendKey(bytes.Clone(prefix), col.Typ, lo.Key)
	case sql.Above:
		k, err := f.AppendKey(bytes.Clone(prefix), col.Typ, lo.Key)
		return prefixEnd(k), err
	case sql.AboveNull:
		k, err := f.AppendKey(bytes.Clone(prefix), col.Typ, nil)
		return prefixEnd(k), err
	default: // BelowNull: from the first key with the prefix
		return bytes.Clone(prefix), nil
	}
}

func upperKey(f storage.KeyFormat, prefix []byte, col sql.MySQLRangeColumnExpr) ([]byte, error) {
	switch hi := col.UpperBound.(type) {
	case sql.Below:
		return f.AppendKey(bytes.Clone(prefix), col.Typ, hi.Key)
	case sql.Above:
		k, err := f.AppendKey(bytes.Clone(prefix), col.Typ, hi.Key)
		return prefixEnd(k), err
	case sql.AboveNull:
		k, err := f.AppendKey(bytes.Clone(prefix), col.Typ, nil)
		return prefixEnd(k), err
	default: // AboveAll: to the end of the prefix
		return prefixEnd(prefix), nil
	}
}

// prefixEnd returns the smallest key greater than every key beginning with
// p; nil (no bound) for an empty p or one of only 0xFF bytes.
func prefixEnd(p []byte) []byte {
	end := bytes.Clone(p)
	for i := len(end) - 1; i >= 0; i-- {
		if end[i] < 0xFF {
			end[i]++
			return end[:i+1]
		}
	}
	return nil
}

// btreeIndex is the sql.Index of PRIMARY or a secondary B-tree index.
type btreeIndex struct {
	t       *Table
	meta    *indexMeta
	primary bool
	exprs   []string
	typs    []sql.ColumnExpressionType
}

func (t *Table) newBtreeIndex(ix *indexMeta, primary bool) *btreeIndex {
	b := &btreeIndex{t: t, meta: ix, primary: primary}
	for _, o := range t.indexOrdinals(ix) {
		c := t.sch.Schema[o]
		e := expression.NewGetFieldWithTable(o, 0, c.Type, t.db.name, t.meta.Name, c.Name, c.Nullable).String()
		b.exprs = append(b.exprs, e)
		b.typs = append(b.typs, sql.ColumnExpressionType{Expression: e, Type: c.Type})
	}
	return b
}

func (b *btreeIndex) ID() string            { return b.meta.Name }
func (b *btreeIndex) Database() string      { return b.t.db.name }
func (b *btreeIndex) Table() string         { return b.t.meta.Name }
func (b *btreeIndex) Expressions() []string { return b.exprs }
func (b *btreeIndex) IsUnique() bool        { return b.meta.Unique }
func (b *btreeIndex) IsSpatial() bool       { return false }
func (b *btreeIndex) IsFullText() bool      { return false }
func (b *btreeIndex) IsVector() bool        { return false }
func (b *btreeIndex) Comment() string       { return b.meta.Comment }
func (b *btreeIndex) IndexType() string     { return "BTREE" }
func (b *btreeIndex) IsGenerated() bool     { return false }
func (b *btreeIndex) ColumnExpressionTypes() []sql.ColumnExpressionType {
	return b.typs
}

// CanSupport implements sql.Index: B-tree indexes serve every range.
func (b *btreeIndex) CanSupport(*sql.Context, ...sql.Range) bool { return true }

// pointKey returns the value of a range that holds one non-NULL value of
// one column, [v, v].
func pointKey(r sql.Range) (any, bool) {
	mr, ok := r.(sql.MySQLRange)
	if !ok || len(mr) != 1 {
		return nil, false
	}
	lo, ok1 := mr[0].LowerBound.(sql.Below)
	hi, ok2 := mr[0].UpperBound.(sql.Above)
	if !ok1 || !ok2 || lo.Key == nil || hi.Key == nil {
		return nil, false
	}
	if c, err := mr[0].Typ.Compare(context.Background(), lo.Key, hi.Key); err != nil || c != 0 {
		return nil, false
	}
	return lo.Key, true
}

func (b *btreeIndex) CanSupportOrderBy(sql.Expression) bool { return false }

// Order implements sql.OrderedIndex: entries come in ascending key order.
func (b *btreeIndex) Order() sql.IndexOrder { return sql.IndexOrderAsc }

// Reversible implements sql.OrderedIndex: scans only go forward, so
// go-mysql-server keeps a descending sort instead of asking for a reverse
// scan (which this index would ignore: MAX(pk) and ORDER BY pk DESC
// LIMIT n used to return the smallest keys).
func (b *btreeIndex) Reversible() bool { return false }

// PrefixLengths implements sql.Index: nil when no column is cut to a
// prefix (go-mysql-server takes any non-empty list to mean a prefix index,
// which cannot serve a foreign key).
func (b *btreeIndex) PrefixLengths() []uint16 {
	var out []uint16
	cut := false
	for _, c := range b.meta.Columns {
		out = append(out, uint16(c.Length))
		cut = cut || c.Length > 0
	}
	if !cut {
		return nil
	}
	return out
}

// CreateIndex implements sql.IndexAlterableTable: it builds the index from
// the table's rows in the same transaction. t itself then has the index:
// go-mysql-server names each unnamed index of a CREATE TABLE from the
// GetIndexes of the one Table it creates them all on (the second UNIQUE
// KEY (i) is i_2, not a duplicate i).
func (t *Table) CreateIndex(ctx *sql.Context, def sql.IndexDef) error {
	self := t
	if def.IsFullText() || def.IsSpatial() || def.IsVector() {
		return fmt.Errorf("catalog: FULLTEXT, SPATIAL and VECTOR indexes are not supported (index %s)", def.Name)
	}
	if strings.EqualFold(def.Name, "PRIMARY") {
		return fmt.Errorf("catalog: changing the primary key is not supported")
	}
	tr, tx, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	if t.meta.index(def.Name) >= 0 {
		return sql.ErrDuplicateKey.New(def.Name)
	}
	m := t.meta.clone()
	id, err := nextID(tr)
	if err != nil {
		return err
	}
	ix := indexMeta{ID: id, Name: def.Name, Unique: def.IsUnique(), Comment: def.Comment}
	for _, c := range def.Columns {
		o := m.column(c.Name)
		if o < 0 {
			return sql.ErrKeyColumnDoesNotExist.New(c.Name)
		}
		if m.Columns[o].Virtual {
			// go-mysql-server 0.20 leaves indexes on VIRTUAL columns out of
			// SHOW CREATE TABLE and SHOW INDEX, so a dump would lose them.
			return fmt.Errorf("index %s: column %s is a VIRTUAL generated column; simsql indexes STORED generated columns only (declare it … AS (…) STORED)", def.Name, c.Name)
		}
		if c.Length == wholeColumn {
			c.Length = 0 // a custom kind's TEXT column (compat_text_custom_index.go)
		}
		ix.Columns = append(ix.Columns, indexColumn{Name: c.Name, Length: c.Length})
	}
	kind, isKind, err := t.db.store.ext.kindOf(def.Comment)
	if err != nil {
		return err
	}
	if isKind {
		if ix.Unique {
			return IndexParameterError("a %s index cannot be UNIQUE", kind.Name())
		}
		ix.Kind, ix.Values, ix.made = strings.ToLower(kind.Name()), true, true
		if err := t.chooseLayout(&ix); err != nil {
			return err
		}
		for _, c := range ix.Columns {
			if c.Length > 0 {
				return prefixError(ix.Name, ix.Kind, c.Name, c.Length)
			}
		}
	}
	noteDuplicateIndex(ctx, m, &ix)
	m.Indexes = append(m.Indexes, ix)
	if err := tr.kv.CreateKeyspace(ix.bucket()); err != nil {
		return err
	}
	nt := &Table{db: t.db, meta: m, sch: t.sch}
	if err := nt.buildIndex(tr, tx, &m.Indexes[len(m.Indexes)-1]); err != nil {
		return err
	}
	if err := t.db.store.putTableMeta(tr, m); err != nil {
		return err
	}
	self.meta = m
	return nil
}

// buildIndex adds the entries of every row to index ix, checking
// uniqueness.
func (t *Table) buildIndex(tr *Transaction, tx storage.View, ix *indexMeta) error {
	c := tx.Cursor(rowsBucket(t.meta.rowsID()))
	defer c.Close()
	idx := ix.bucket()
	// Entries are collected and put in key order (see applySorted).
	var entries []entry
	var keys arena
	total := tx.Count(rowsBucket(t.meta.rowsID()))
	if ix.isCustom() && ix.compiled == nil {
		// Compiled once for the build, not per row (ix is not shared yet).
		ci, err := t.compileIndex(t.db.store.ext, ix)
		if err != nil {
			return err
		}
		ix.compiled = ci
	}
	if ix.isCustom() {
		if c, ok := ix.compiled.Compiled.(CountingIndex); ok {
			return t.buildCounters(tr, tx, ix, c)
		}
	}
	progress := t.db.store.ext.newProgress(fmt.Sprintf("building index %s on %s.%s", ix.Name, t.db.name, t.meta.Name), total)
	defer progress.done()
	for k, v := c.First(); k != nil; k, v = c.Next() {
		progress.add(1)
		row, err := storage.DecodeRow(v, t.sch.Schema)
		if err != nil {
			return err
		}
		if entries, err = t.appendIndexEntries(entries, ix, row, k, &keys); err != nil {
			return err
		}
	}
	slices.SortFunc(entries, func(a, b entry) int { return bytes.Compare(a.key, b.key) })
	for i, en := range entries {
		e := en.key
		if ix.Unique && i > 0 {
			// Sorted, a clash is two neighbouring entries with the same
			// index key (and a NULL never clashes).
			prev := entries[i-1].key
			rk, err1 := t.rowKeyOfEntry(ix, e)
			prk, err2 := t.rowKeyOfEntry(ix, prev)
			if err1 == nil && err2 == nil && bytes.Equal(e[:len(e)-len(rk)], prev[:len(prev)-len(prk)]) {
				row, err := t.rowAt(tx, rk)
				if err != nil {
					return err
				}
				if uk, _ := t.uniqueKey(ix, row); uk != nil {
					return t.duplicateKey(ix, row, row)
				}
			}
		}
		// The keyspace is new in this transaction: no undo (Load).
		if err := tr.kv.Load(idx, e, en.value); err != nil {
			return err
		}
	}
	return nil
}

// progress reports a long operation of 100,000 items or more to log
// (Extensions.Progress), about every 100,000 items.
type progress struct {
	log          func(line string)
	what         string
	total, count int
	start        time.Time
	next         int
}

// newProgress starts reporting an operation of total items on w's log.
func (w *wiring) newProgress(what string, total int) *progress {
	p := &progress{log: w.progress, what: what, total: total, start: time.Now(), next: 100_000}
	if p.log == nil || total < 100_000 {
		p.log = nil
		return p
	}
	p.log(fmt.Sprintf("%s: %d rows", what, total))
	return p
}

func (p *progress) add(n int) {
	p.count += n
	if p.count >= p.next && p.log != nil {
		p.log(fmt.Sprintf("%s: %d of %d rows (%.0f%%) in %.1f s", p.what, p.count, p.total,
			100*float64(p.count)/float64(p.total), time.Since(p.start).Seconds()))
		p.next += 100_000
	}
}

func (p *progress) done() {
	if p.log != nil {
		p.log(fmt.Sprintf("%s: done, %d rows in %.1f s", p.what, p.count, time.Since(p.start).Seconds()))
	}
}

// rowAt returns the stored row under key k.
func (t *Table) rowAt(tx storage.View, k []byte) (sql.Row, error) {
	v := tx.Get(rowsBucket(t.meta.rowsID()), k)
	if v == nil {
		return nil, fmt.Errorf("catalog: row missing in %s", t.meta.Name)
	}
	return storage.DecodeRow(v, t.sch.Schema)
}

// DropIndex implements sql.IndexAlterableTable.
func (t *Table) DropIndex(ctx *sql.Context, name string) error {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	i := t.meta.index(name)
	if i < 0 {
		return sql.ErrIndexNotFound.New(name)
	}
	if err := tr.kv.FlushAll(); err != nil {
		return err
	}
	m := t.meta.clone()
	ks := m.Indexes[i].bucket()
	m.Indexes = append(m.Indexes[:i], m.Indexes[i+1:]...)
	if err := tr.kv.DropKeyspace(ks); err != nil {
		return err
	}
	return t.db.store.putTableMeta(tr, m)
}

// RenameIndex implements sql.IndexAlterableTable.
func (t *Table) RenameIndex(ctx *sql.Context, from, to string) error {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	i := t.meta.index(from)
	if i < 0 {
		return sql.ErrIndexNotFound.New(from)
	}
	if j := t.meta.index(to); j >= 0 && j != i {
		return sql.ErrDuplicateKey.New(to)
	}
	m := t.meta.clone()
	m.Indexes[i].Name = to
	return t.db.store.putTableMeta(tr, m)
}
