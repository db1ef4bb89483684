package catalog

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/simsql/simsql/mysqlerr"
	"github.com/simsql/simsql/storage"
)

// Custom index kinds: everything the catalog knows of indexes other than
// B-trees is in this file. A kind (the SimHash block index, the MinHash
// band index) is given to Open (Extensions.IndexKinds) and asked for by the
// first word of an index's COMMENT:
//
//	CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'
//
// When the index's metadata loads, its kind compiles it once into a
// CompiledIndex that knows its parameters and key layout; nothing is parsed
// again per row. The catalog stores the index's entries — each the index
// key (KeyLength bytes) followed by the row's key, with a value of the
// kind's choosing — in a bucket of its own, written in the row's
// transaction and rebuilt by ALTER TABLE. A SearchableKind also answers
// predicates of queries: go-mysql-server sees its indexes through
// kindIndex, an sql.Index whose IndexType is the kind's name.

// IndexKind is a kind of secondary index other than a B-tree.
type IndexKind interface {
	// Name is the kind's name, the first word of the COMMENT, lower case.
	Name() string
	// Example is an example COMMENT of the kind, quoted as SQL, for
	// error messages ("'simhash k=3'").
	Example() string
	// Compile checks an index of this kind (its COMMENT's parameters, its
	// columns and their types) and returns it compiled; its error goes to
	// the client.
	Compile(spec IndexSpec) (CompiledIndex, error)
}

// CompiledIndex is one index of a custom kind, compiled from its metadata.
type CompiledIndex interface {
	// KeyLength is the length in bytes of every key of the index.
	KeyLength() int
	// Entries calls add with the key (KeyLength bytes) and value of each
	// entry of a row whose indexed columns hold vals; none for a row the
	// index leaves out, such as a NULL. Entries must depend on nothing but
	// the index and vals; add copies both slices. An error says what is
	// wrong with the value (the catalog adds which row it is).
	Entries(vals []any, add func(key, value []byte)) error
}

// IndexSpec describes one index of a custom kind.
type IndexSpec struct {
	Name    string
	Comment string
	Columns []string
	Types   []sql.Type
	// Generated holds, for each column, the SQL text of its generated
	// expression, or "" for a column that is not generated.
	Generated []string
	// Values reports whether the index is in the kind's current entry
	// format. Simhash indexes made before entries carried the fingerprint
	// have none (empty values) until they are dropped and made again or
	// the table is rewritten.
	Values bool
	// Layout is the index's layout (1: a key per entry; 2: packed), which
	// a kind may answer with other entries: the minhash kind writes no
	// signature entry in layout 2.
	Layout int
	// New reports that the index is being made now (CREATE INDEX, ALTER
	// TABLE … ADD INDEX, CREATE TABLE), not read from stored metadata: a
	// kind refuses there the looser COMMENT forms that earlier versions
	// accepted and that it still reads in stored metadata (a simhash
	// comment's commas).
	New bool
}

// CustomIndex is an index of a custom kind on a table, compiled.
type CustomIndex struct {
	IndexSpec
	Kind     IndexKind
	Compiled CompiledIndex
	meta     *indexMeta
}

// SearchableKind is an IndexKind whose indexes also answer predicates of
// queries, through go-mysql-server's sql.IndexSearchableTable: the planner
// offers each filter's conjuncts to Match, and a match turns the table scan
// into an IndexedTableAccess whose rows come from Scan.
type SearchableKind interface {
	IndexKind
	// Match looks among the conjuncts of a filter on table t for one that
	// an index of this kind, among indexes, answers. It returns the chosen
	// index, a description of the lookup for EXPLAIN, and the query that
	// Scan will be given; ok is false if nothing matches.
	Match(ctx *sql.Context, t *Table, indexes []*CustomIndex, conjuncts []sql.Expression) (index *CustomIndex, explain string, query any, ok bool, err error)
	// Scan returns the rows of t that index may hold for query: each row
	// at most once, a superset of the rows the matched conjunct keeps (the
	// filter stays above).
	Scan(ctx *sql.Context, t *Table, index *CustomIndex, query any) (sql.RowIter, error)
	// EqualQuery returns the query Scan takes for the rows whose indexed
	// column equals value (not NULL): exactly those, so that
	// go-mysql-server may use the index for = and IN as it would a B-tree
	// (its own lookups of equal values, in joins too); nil if the kind
	// cannot answer equality.
	EqualQuery(index *CustomIndex, value any) any
}

// commentWords splits an index COMMENT into its words: runs of letters,
// digits and '_'.
var commentWords = regexp.MustCompile(`[A-Za-z0-9_]+`)

// kindOf returns the kind of w a COMMENT asks for. The rule
// (docs/storage.md): a COMMENT with a word that is, or begins with, the
// name of a kind (case ignored: 'simhash', 'SimHashes', 'minhash_idx') is
// an index-kind specification. Its first white-space separated word must
// then be the kind's name exactly, and the kind's Compile parses the rest
// whole; anything else ('simhash: k=3', 'simhashy k=3', 'fast lookups via
// simhash k=3') is error 1210 rather than a silent B-tree. A COMMENT
// without such a word is an ordinary comment of a B-tree index.
func (w *wiring) kindOf(comment string) (IndexKind, bool, error) {
	if fields := strings.Fields(comment); len(fields) > 0 {
		if k, ok := w.kinds[strings.ToLower(fields[0])]; ok {
			return k, true, nil
		}
	}
	for _, word := range commentWords.FindAllString(comment, -1) {
		for name, k := range w.kinds {
			if strings.HasPrefix(strings.ToLower(word), name) {
				return nil, false, IndexParameterError("index comment %q names the %s index kind (the word %q) but does not begin with the word %s: write it as '%s …' (for example %s), or leave the word out for a B-tree index",
					comment, k.Name(), word, k.Name(), k.Name(), k.Example())
			}
		}
	}
	return nil, false, nil
}

// isCustom reports whether ix is of a custom kind.
func (ix *indexMeta) isCustom() bool { return ix.Kind != "" && ix.Kind != "btree" }

// customIndex returns ix, of a custom kind, compiled for table t: from the
// cache filled when the table's metadata loaded, or compiled now (for
// metadata being changed by DDL).
func (t *Table) customIndex(ix *indexMeta) (*CustomIndex, error) {
	if ix.compiled != nil {
		return ix.compiled, nil
	}
	return t.compileIndex(t.db.store.ext, ix)
}

// compileIndex compiles ix, of a custom kind of w, for table t.
func (t *Table) compileIndex(w *wiring, ix *indexMeta) (*CustomIndex, error) {
	k, ok := w.kinds[ix.Kind]
	if !ok {
		return nil, fmt.Errorf("catalog: index %s is of kind %s, which this binary does not know", ix.Name, ix.Kind)
	}
	spec := t.indexSpec(ix)
	spec.New = ix.made
	c, err := k.Compile(spec)
	if err != nil {
		return nil, err
	}
	if ix.KeyLen != 0 && c.KeyLength() != ix.KeyLen {
		return nil, fmt.Errorf("catalog: index %s has %d-byte keys on disk, but its kind now makes %d-byte keys", ix.Name, ix.KeyLen, c.KeyLength())
	}
	return &CustomIndex{IndexSpec: spec, Kind: k, Compiled: c, meta: ix}, nil
}

// chooseLayout sets the layout and key length of ix, a custom index being
// made or rebuilt: layoutPacked, unless its kind counts (CountingIndex) or
// its keys do not fit a packed keyspace's head (1 to 255 bytes). It
// compiles ix to find out; ix.compiled is left nil (buildIndex compiles
// it for the build).
func (t *Table) chooseLayout(ix *indexMeta) error {
	ix.Layout, ix.compiled = layoutPacked, nil
	ci, err := t.compileIndex(t.db.store.ext, ix)
	if err != nil {
		return err
	}
	n := ci.Compiled.KeyLength()
	if _, counting := ci.Compiled.(CountingIndex); counting || n < 1 || n > 255 || t.db.store.oldIndexLayout {
		ix.Layout = 0 // layoutKeys, as before layouts were recorded
	}
	ix.KeyLen = n
	return nil
}

// compileIndexes fills the compiled cache of every custom index of t's
// metadata with w's kinds; an index that does not compile is left to fail
// when used.
func (t *Table) compileIndexes(w *wiring) {
	for i := range t.meta.Indexes {
		ix := &t.meta.Indexes[i]
		if ix.isCustom() {
			ix.compiled, _ = t.compileIndex(w, ix)
		}
	}
}

func (t *Table) indexSpec(ix *indexMeta) IndexSpec {
	s := IndexSpec{Name: ix.Name, Comment: ix.Comment, Types: t.indexTypes(ix), Values: ix.Values, Layout: ix.layout()}
	for _, c := range ix.Columns {
		s.Columns = append(s.Columns, c.Name)
		gen := ""
		if o := t.meta.column(c.Name); o >= 0 && t.meta.Columns[o].Generated != nil {
			gen = t.meta.Columns[o].Generated.SQL
		}
		s.Generated = append(s.Generated, gen)
	}
	return s
}

// entry is one index entry: key (index key and row key) and value.
type entry struct{ key, value []byte }

// arena hands out copies of byte slices carved from chunks of arenaChunk
// bytes: the keys and values of a statement's index entries, which live
// until its transaction commits, take a few allocations instead of one
// each, and the chunks hold no pointers for the collector to scan.
type arena struct{ buf []byte }

const arenaChunk = 64 << 10

// concat returns a and b end to end, in the arena (a nil arena allocates).
func (r *arena) concat(a, b []byte) []byte {
	n := len(a) + len(b)
	if r == nil {
		return append(append(make([]byte, 0, n), a...), b...)
	}
	if cap(r.buf)-len(r.buf) < n {
		r.buf = make([]byte, 0, max(arenaChunk, n))
	}
	start := len(r.buf)
	r.buf = append(append(r.buf, a...), b...)
	return r.buf[start:len(r.buf):len(r.buf)]
}

// appendIndexEntries appends the entries of row, stored under row key k,
// in index ix to dst; their bytes are carved from a.
func (t *Table) appendIndexEntries(dst []entry, ix *indexMeta, row sql.Row, k []byte, a *arena) ([]entry, error) {
	if !ix.isCustom() {
		p, err := t.indexPrefix(ix, row)
		if err != nil {
			return dst, err
		}
		return append(dst, entry{key: append(p, k...)}), nil
	}
	ci, err := t.customIndex(ix)
	if err != nil {
		return dst, err
	}
	if _, ok := ci.Compiled.(CountingIndex); ok {
		return dst, nil // counters, not entries (counters.go)
	}
	vals := make([]any, len(ix.Columns))
	for i, o := range t.indexOrdinals(ix) {
		vals[i] = row[o]
	}
	var keyErr error
	n := ci.Compiled.KeyLength()
	err = ci.Compiled.Entries(vals, func(key, value []byte) {
		if len(key) != n {
			keyErr = fmt.Errorf("catalog: index kind %s gave a %d-byte key, want %d", ix.Kind, len(key), n)
		}
		e := entry{key: a.concat(key, k)}
		if value != nil {
			e.value = a.concat(value, nil)
		}
		dst = append(dst, e)
	})
	if err != nil {
		return dst, mysqlerr.ErrIndexValue.New(err.Error(), t.describeRow(row))
	}
	return dst, keyErr
}

// describeRow names a row by its primary key for error messages:
// "with id = 5", "with (a, b) = (1, 'x')".
func (t *Table) describeRow(row sql.Row) string {
	if t.keyless() {
		return "of a table without a primary key"
	}
	names := make([]string, len(t.meta.PK))
	vals := make([]string, len(t.meta.PK))
	for i, o := range t.meta.PK {
		names[i] = t.meta.Columns[o].Name
		switch v := row[o].(type) {
		case string:
			vals[i] = "'" + strings.ReplaceAll(v, "'", "''") + "'"
		default:
			vals[i] = fmt.Sprint(v)
		}
	}
	if len(names) == 1 {
		return fmt.Sprintf("with %s = %s", names[0], vals[0])
	}
	return fmt.Sprintf("with (%s) = (%s)", strings.Join(names, ", "), strings.Join(vals, ", "))
}

// CustomIndexes returns the indexes of t of the named kind, compiled;
// indexes that do not compile are left out.
func (t *Table) CustomIndexes(kind string) []*CustomIndex {
	var out []*CustomIndex
	for i := range t.meta.Indexes {
		if t.meta.Indexes[i].Kind == kind && t.allowsIndex(t.meta.Indexes[i].Name) {
			if ci, err := t.customIndex(&t.meta.Indexes[i]); err == nil {
				out = append(out, ci)
			}
		}
	}
	return out
}

// IndexReader reads the entries of one custom index as one transaction
// sees them.
type IndexReader struct {
	ix     *indexMeta
	get    func(key []byte) []byte
	seek   func(prefix []byte, fn func(k, v []byte) error) error
	runs   func(prefix []byte, fn func(key []byte, rowKeys [][]byte) error) error
	row    func(rowKey []byte) (sql.Row, error)
	keyLen int
}

// Row returns the row stored under rowKey, or nil, in the reader's
// transaction.
func (r *IndexReader) Row(rowKey []byte) (sql.Row, error) { return r.row(rowKey) }

// ReadIndex calls fn with a reader of the entries of index as ctx's
// transaction sees them (the statement's own index writes included). The
// reader is valid only during the call.
func (t *Table) ReadIndex(ctx *sql.Context, index *CustomIndex, fn func(r *IndexReader) error) error {
	ix := index.meta
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return err
	}
	defer done()
	tr.touch()
	ks := ix.bucket()
	if err := tr.kv.Flush(ks); err != nil {
		return err
	}
	tx, err := tr.reader()
	if err != nil {
		return err
	}
	if !tx.Has(ks) {
		return fmt.Errorf("catalog: entries of index %s are missing", ix.Name)
	}
	rows := rowsBucket(t.meta.rowsID())
	get := func(key []byte) []byte { return tx.Get(ks, key) }
	r := &IndexReader{ix: ix, get: get, keyLen: index.Compiled.KeyLength()}
	r.row = func(rowKey []byte) (sql.Row, error) {
		v := tx.Get(rows, rowKey)
		if v == nil {
			return nil, nil
		}
		return storage.DecodeRow(v, t.sch.Schema)
	}
	r.seek = func(prefix []byte, fn func(k, v []byte) error) error {
		return storage.ScanPrefix(tx, ks, prefix, fn)
	}
	r.runs = func(prefix []byte, fn func(key []byte, rowKeys [][]byte) error) error {
		return storage.ScanRuns(tx, ks, prefix, r.keyLen, fn)
	}
	return fn(r)
}

// Scan calls fn with the index key, the row key and the value of every
// entry whose key begins with prefix, in key order. The slices are valid
// only during the call. fn's error stops the scan and is returned.
func (r *IndexReader) Scan(prefix []byte, fn func(key, rowKey, value []byte) error) error {
	return r.seek(prefix, func(k, v []byte) error {
		if len(k) < r.keyLen {
			return fmt.Errorf("catalog: index %s has a damaged entry", r.ix.Name)
		}
		return fn(k[:r.keyLen], k[r.keyLen:], v)
	})
}

// Runs calls fn, in key order, with each index key that two or more
// entries beginning with prefix share, and their row keys. The slices are
// valid only during the call. fn's error stops the scan and is returned.
func (r *IndexReader) Runs(prefix []byte, fn func(key []byte, rowKeys [][]byte) error) error {
	return r.runs(prefix, fn)
}

// Get returns the value of the entry with index key key and row key
// rowKey, and whether there is one. The value is valid only during the
// ReadIndex call.
func (r *IndexReader) Get(key, rowKey []byte) ([]byte, bool) {
	v := r.get(append(append(make([]byte, 0, len(key)+len(rowKey)), key...), rowKey...))
	return v, v != nil
}

// ScanIndex calls fn with the index key, the row key and the value of
// every entry of the named index whose key begins with prefix, in key
// order, as ctx's transaction sees the table. The slices are valid only
// during the call. fn's error stops the scan and is returned.
func (t *Table) ScanIndex(ctx *sql.Context, name string, prefix []byte, fn func(key, rowKey, value []byte) error) error {
	i := t.meta.index(name)
	if i < 0 {
		return sql.ErrIndexNotFound.New(name)
	}
	ix := &t.meta.Indexes[i]
	if !ix.isCustom() {
		return fmt.Errorf("catalog: %s is not an index of a custom kind", name)
	}
	ci, err := t.customIndex(ix)
	if err != nil {
		return err
	}
	return t.ReadIndex(ctx, ci, func(r *IndexReader) error { return r.Scan(prefix, fn) })
}

// rowKeyOfEntry splits an index entry: custom kinds' keys have a fixed
// length; B-tree keys are self-delimiting.
func (t *Table) rowKeyOfEntry(ix *indexMeta, entry []byte) ([]byte, error) {
	if !ix.isCustom() {
		k := entry
		for _, typ := range t.indexTypes(ix) {
			var err error
			if k, err = storage.SkipKey(k, typ); err != nil {
				return nil, err
			}
		}
		return k, nil
	}
	n := ix.KeyLen
	if n <= 0 || n > len(entry) {
		return nil, fmt.Errorf("catalog: index %s has a damaged entry", ix.Name)
	}
	return entry[n:], nil
}

// Row returns the row stored under rowKey, or nil, as ctx's transaction
// sees the table.
func (t *Table) Row(ctx *sql.Context, rowKey []byte) (sql.Row, error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	defer done()
	tr.touch()
	tx, err := tr.reader()
	if err != nil {
		return nil, err
	}
	v := tx.Get(rowsBucket(t.meta.rowsID()), rowKey)
	if v == nil {
		return nil, nil
	}
	return storage.DecodeRow(v, t.sch.Schema)
}

// kindIndex is the sql.Index of an index of a custom kind. It never
// serves go-mysql-server's ranges, but for points ([v, v]) when its kind
// answers equality (EqualQuery); its own predicates reach it through
// LookupForExpressions (searchIndex) and lookup joins (joinIndex).
type kindIndex struct {
	*btreeIndex
	ci *CustomIndex
	sk SearchableKind // nil if the kind answers no queries
}

func (t *Table) newKindIndex(ix *indexMeta) *kindIndex {
	k := &kindIndex{btreeIndex: t.newBtreeIndex(ix, false)}
	if ci, err := t.customIndex(ix); err == nil {
		k.ci = ci
		k.sk, _ = ci.Kind.(SearchableKind)
	}
	return k
}

// IndexType implements sql.Index: the kind's name, as SHOW INDEX and
// information_schema.STATISTICS show it (SIMHASH, MINHASH).
func (k *kindIndex) IndexType() string { return strings.ToUpper(k.meta.Kind) }

// CanSupport implements sql.Index: the points its kind answers exactly
// (EqualQuery), and the placeholder lookup go-mysql-server makes of a
// lookup join's key (zeroKeyLookup); that join's own lookups, a point or
// NULL, are all served (lookupEqual).
func (k *kindIndex) CanSupport(_ *sql.Context, ranges ...sql.Range) bool {
	if len(ranges) == 1 && zeroKeyLookup(ranges[0]) {
		return true
	}
	if k.sk == nil || k.ci == nil {
		return false
	}
	for _, r := range ranges {
		v, ok := pointKey(r)
		if !ok || k.sk.EqualQuery(k.ci, v) == nil {
			return false
		}
	}
	return true
}

// lookupEqual returns the partitions of a lookup of equal values (=, IN,
// <=>) through a custom index: one exact Scan per distinct value its kind
// answers (EqualQuery), and for a value it does not, NULL (<=> NULL) or
// every value ((NULL, ∞): a lookup join's placeholder, or IS NOT NULL) a
// scan of the table that keeps the rows whose column is that value
// (columnScanPartition).
func (it *indexedTable) lookupEqual(ctx *sql.Context, k *kindIndex, lookup sql.IndexLookup) (sql.PartitionIter, error) {
	pl := &partitionList{}
	if emptyLookup(lookup) {
		return pl, nil
	}
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if !ok {
		return nil, fmt.Errorf("catalog: unsupported range collection %T", lookup.Ranges)
	}
	ord := it.Table.indexOrdinals(k.meta)[0]
	var seen []any
	nullSeen := false
	for _, r := range ranges {
		key, ok := pointKey(r)
		if !ok {
			switch {
			case len(r) == 1 && isNullRange(r[0]) && !nullSeen:
				nullSeen = true
				pl.parts = append(pl.parts, columnScanPartition{ord: ord, typ: r[0].Typ, null: true})
			case len(r) == 1 && isNullRange(r[0]):
			case len(ranges) == 1 && zeroKeyLookup(r):
				pl.parts = append(pl.parts, columnScanPartition{ord: ord, typ: r[0].Typ, notNull: true})
			default:
				return nil, fmt.Errorf("catalog: index %s answers only lookups of equal values, not %s", k.meta.Name, r.String())
			}
			continue
		}
		dup := false
		for _, s := range seen {
			if c, err := r[0].Typ.Compare(ctx, s, key); err == nil && c == 0 {
				dup = true
			}
		}
		if dup {
			continue
		}
		seen = append(seen, key)
		var query any
		if k.sk != nil && k.ci != nil {
			query = k.sk.EqualQuery(k.ci, key)
		}
		if query == nil {
			pl.parts = append(pl.parts, columnScanPartition{ord: ord, typ: r[0].Typ, value: key})
			continue
		}
		pl.parts = append(pl.parts, searchPartition{idx: &searchIndex{kindIndex: k, query: query}})
	}
	return pl, nil
}

// isNullRange reports whether col admits NULL only ([NULL, NULL]).
func isNullRange(col sql.MySQLRangeColumnExpr) bool {
	_, lo := col.LowerBound.(sql.BelowNull)
	_, hi := col.UpperBound.(sql.AboveNull)
	return lo && hi
}

// isNotNullRange reports whether col admits every value but NULL ((NULL, ∞)).
func isNotNullRange(col sql.MySQLRangeColumnExpr) bool {
	_, lo := col.LowerBound.(sql.AboveNull)
	_, hi := col.UpperBound.(sql.AboveAll)
	return lo && hi
}

// columnScanPartition is a lookup through a custom index that its kind
// does not answer, read by a scan of the table: the rows whose indexed
// column (ordinal ord, of type typ) is NULL (null), not NULL (notNull), or
// else equal to value.
type columnScanPartition struct {
	ord           int
	typ           sql.Type
	value         any
	null, notNull bool
}

func (columnScanPartition) Key() []byte { return []byte("column scan") }

// columnScanRows returns the rows of p.
func (it *indexedTable) columnScanRows(ctx *sql.Context, p columnScanPartition) (sql.RowIter, error) {
	rows, err := it.Table.PartitionRows(ctx, nil)
	if err != nil {
		return nil, err
	}
	return &columnScanIter{rows: rows, p: p}, nil
}

// columnScanIter keeps the rows of a scan that a columnScanPartition
// admits.
type columnScanIter struct {
	rows sql.RowIter
	p    columnScanPartition
}

func (c *columnScanIter) Next(ctx *sql.Context) (sql.Row, error) {
	for {
		row, err := c.rows.Next(ctx)
		if err != nil {
			return nil, err
		}
		v := row[c.p.ord]
		switch {
		case c.p.null || v == nil:
			if c.p.null == (v == nil) {
				return row, nil
			}
		case c.p.notNull:
			return row, nil
		default:
			cmp, err := c.p.typ.Compare(ctx, v, c.p.value)
			if err != nil {
				return nil, err
			}
			if cmp == 0 {
				return row, nil
			}
		}
	}
}

func (c *columnScanIter) Close(ctx *sql.Context) error { return c.rows.Close(ctx) }

// JoinIndex returns index as an sql.Index for a lookup join
// (plan.NewLookupBuilder with one key expression): each point lookup on it
// becomes a Scan of point(the key's value), the query for the rows the
// index holds near that value (the join's condition stays above).
func (t *Table) JoinIndex(index *CustomIndex, point func(value any) any) (sql.Index, error) {
	k := t.newKindIndex(index.meta)
	if k.sk == nil || k.ci == nil {
		return nil, fmt.Errorf("catalog: index %s cannot answer lookups", index.Name)
	}
	return &joinIndex{kindIndex: k, point: point}, nil
}

// joinIndex is a custom index used by a lookup join.
type joinIndex struct {
	*kindIndex
	point func(value any) any
}

// CanSupport implements sql.Index.
func (j *joinIndex) CanSupport(*sql.Context, ...sql.Range) bool { return true }

// lookupJoin returns the partitions of a lookup join's point lookup.
func (it *indexedTable) lookupJoin(j *joinIndex, lookup sql.IndexLookup) (sql.PartitionIter, error) {
	ranges, ok := lookup.Ranges.(sql.MySQLRangeCollection)
	if lookup.IsEmptyRange || !ok || len(ranges) != 1 || len(ranges[0]) != 1 {
		return &partitionList{}, nil
	}
	lo, ok := ranges[0][0].LowerBound.(sql.Below)
	if !ok || lo.Key == nil {
		return &partitionList{}, nil
	}
	s := &searchIndex{kindIndex: j.kindIndex, query: j.point(lo.Key)}
	return it.lookupSearch(s)
}

var _ sql.IndexSearchableTable = (*Table)(nil)

// SkipIndexCosting implements sql.IndexSearchable: when no custom kind
// matches, go-mysql-server's own costing picks among the B-tree indexes.
func (t *Table) SkipIndexCosting() bool { return false }

// LookupForExpressions implements sql.IndexSearchable: the first custom
// kind, in the order of the table's indexes, whose Match takes one of the
// filter's conjuncts.
func (t *Table) LookupForExpressions(ctx *sql.Context, exprs ...sql.Expression) (sql.IndexLookup, *sql.FuncDepSet, sql.Expression, bool, error) {
	var order []string
	byKind := map[string][]*CustomIndex{}
	for i := range t.meta.Indexes {
		ix := &t.meta.Indexes[i]
		if !ix.isCustom() || !t.allowsIndex(ix.Name) {
			continue
		}
		ci, err := t.customIndex(ix)
		if err != nil {
			return sql.IndexLookup{}, nil, nil, false, err
		}
		if _, seen := byKind[ix.Kind]; !seen {
			order = append(order, ix.Kind)
		}
		byKind[ix.Kind] = append(byKind[ix.Kind], ci)
	}
	for _, kindName := range order {
		cis := byKind[kindName]
		sk, ok := cis[0].Kind.(SearchableKind)
		if !ok {
			continue
		}
		ci, explain, query, ok, err := sk.Match(ctx, t, cis, exprs)
		if err != nil {
			return sql.IndexLookup{}, nil, nil, false, err
		}
		if !ok {
			continue
		}
		idx := &searchIndex{kindIndex: t.newKindIndex(ci.meta), query: query}
		lookup := sql.IndexLookup{Index: idx, Ranges: searchRanges{desc: explain + " (" + kindName + " index " + ci.Name + ")"}}
		return lookup, nil, expressionAnd(exprs), true, nil
	}
	return sql.IndexLookup{}, nil, nil, false, nil
}

// expressionAnd joins conjuncts back into one filter.
func expressionAnd(exprs []sql.Expression) sql.Expression {
	if len(exprs) == 0 {
		return nil
	}
	out := exprs[0]
	for _, e := range exprs[1:] {
		out = expression.NewAnd(out, e)
	}
	return out
}

// searchIndex is the sql.Index of one lookup through a custom index: it
// carries the query Match returned.
type searchIndex struct {
	*kindIndex
	query any
}

// CanSupport implements sql.Index: the lookup was made for this index.
func (s *searchIndex) CanSupport(*sql.Context, ...sql.Range) bool { return true }

// searchRanges stands for a custom lookup where go-mysql-server expects
// ranges; EXPLAIN prints its description.
type searchRanges struct{ desc string }

var (
	_ sql.RangeCollection = searchRanges{}
	_ sql.Range           = searchRange{}
)

func (r searchRanges) String() string      { return r.desc }
func (r searchRanges) DebugString() string { return r.desc }
func (r searchRanges) Len() int            { return 1 }
func (r searchRanges) ToRanges() []sql.Range {
	return []sql.Range{searchRange(r)}
}
func (r searchRanges) Equals(other sql.RangeCollection) (bool, error) {
	o, ok := other.(searchRanges)
	return ok && o.desc == r.desc, nil
}

// searchRange is the one range of searchRanges.
type searchRange struct{ desc string }

func (r searchRange) String() string      { return r.desc }
func (r searchRange) DebugString() string { return r.desc }
func (r searchRange) Equals(other sql.Range) (bool, error) {
	o, ok := other.(searchRange)
	return ok && o.desc == r.desc, nil
}

// searchPartition is the one partition of a custom lookup.
type searchPartition struct{ idx *searchIndex }

func (searchPartition) Key() []byte { return []byte("search") }

// lookupSearch returns the partitions of a custom lookup.
func (it *indexedTable) lookupSearch(s *searchIndex) (sql.PartitionIter, error) {
	return &partitionList{parts: []sql.Partition{searchPartition{idx: s}}}, nil
}

// searchRows returns the rows of a custom lookup partition.
func (it *indexedTable) searchRows(ctx *sql.Context, p searchPartition) (sql.RowIter, error) {
	return p.idx.sk.Scan(ctx, it.Table, p.idx.ci, p.idx.query)
}

// IsJoinIndex reports whether idx is an index made by JoinIndex, whose
// lookups take no condition out of their join: it stays above them whole.
func IsJoinIndex(idx sql.Index) bool {
	_, ok := idx.(*joinIndex)
	return ok
}
