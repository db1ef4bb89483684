package catalog

import (
	"fmt"
	"io"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"

	"github.com/simsql/simsql/storage"
)

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
	Match(ctx *sql.Context, t *Table, indexes []IndexSpec, conjuncts []sql.Expression) (index IndexSpec, explain string, query any, ok bool, err error)
	// Scan returns the rows of t that index may hold for query: each row
	// at most once, a superset of the rows the matched conjunct keeps (the
	// filter stays above).
	Scan(ctx *sql.Context, t *Table, index IndexSpec, query any) (sql.RowIter, error)
	// PointQuery returns the query Scan takes for a lookup join: the rows
	// index holds near value (the join's condition stays above).
	PointQuery(index IndexSpec, value any) any
	// EqualQuery returns the query Scan takes for the rows whose indexed
	// column equals value (not NULL): exactly those, so that go-mysql-server
	// may use the index for = and IN as it would a B-tree (its own lookups
	// of equal values, in joins too).
	EqualQuery(index IndexSpec, value any) any
}

// CustomIndexes returns the indexes of t of the named kind.
func (t *Table) CustomIndexes(kind string) []IndexSpec {
	var out []IndexSpec
	for i := range t.meta.Indexes {
		if t.meta.Indexes[i].Kind == kind {
			out = append(out, t.indexSpec(&t.meta.Indexes[i]))
		}
	}
	return out
}

// JoinIndex returns the named custom index as an sql.Index for a lookup
// join (plan.NewLookupBuilder with one key expression): each point lookup
// on it becomes a Scan of the kind's PointQuery for the key's value.
func (t *Table) JoinIndex(name string) (sql.Index, error) {
	i := t.meta.index(name)
	if i < 0 {
		return nil, sql.ErrIndexNotFound.New(name)
	}
	ix := &t.meta.Indexes[i]
	kind, isCustom, err := ix.custom()
	if err != nil || !isCustom {
		return nil, fmt.Errorf("catalog: %s is not an index of a custom kind", name)
	}
	sk, ok := kind.(SearchableKind)
	if !ok {
		return nil, fmt.Errorf("catalog: index %s cannot answer lookups", name)
	}
	return &joinIndex{btreeIndex: t.newBtreeIndex(ix, false), kind: sk, spec: t.indexSpec(ix)}, nil
}

// joinIndex is a custom index used by a lookup join.
type joinIndex struct {
	*btreeIndex
	kind SearchableKind
	spec IndexSpec
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
	s := &searchIndex{btreeIndex: j.btreeIndex, kind: j.kind, spec: j.spec, query: j.kind.PointQuery(j.spec, lo.Key)}
	return it.lookupSearch(s)
}

var _ sql.IndexSearchableTable = (*Table)(nil)

// SkipIndexCosting implements sql.IndexSearchable: when no custom kind
// matches, go-mysql-server's own costing picks among the B-tree indexes.
func (t *Table) SkipIndexCosting() bool { return false }

// LookupForExpressions implements sql.IndexSearchable.
func (t *Table) LookupForExpressions(ctx *sql.Context, exprs ...sql.Expression) (sql.IndexLookup, *sql.FuncDepSet, sql.Expression, bool, error) {
	byKind := map[string][]int{}
	for i := range t.meta.Indexes {
		if k := t.meta.Indexes[i].Kind; k != "" && k != "btree" {
			byKind[k] = append(byKind[k], i)
		}
	}
	for kindName, positions := range byKind {
		kind, _, err := t.meta.Indexes[positions[0]].custom()
		if err != nil {
			return sql.IndexLookup{}, nil, nil, false, err
		}
		sk, ok := kind.(SearchableKind)
		if !ok {
			continue
		}
		specs := make([]IndexSpec, len(positions))
		for i, p := range positions {
			specs[i] = t.indexSpec(&t.meta.Indexes[p])
		}
		spec, explain, query, ok, err := sk.Match(ctx, t, specs, exprs)
		if err != nil || !ok {
			if err != nil {
				return sql.IndexLookup{}, nil, nil, false, err
			}
			continue
		}
		ix := &t.meta.Indexes[t.meta.index(spec.Name)]
		idx := &searchIndex{btreeIndex: t.newBtreeIndex(ix, false), kind: sk, spec: spec, query: query}
		lookup := sql.IndexLookup{Index: idx, Ranges: searchRanges{desc: explain + " (" + kindName + " index " + spec.Name + ")"}}
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
		out = andExpr(out, e)
	}
	return out
}

// searchIndex is the sql.Index of one lookup through a custom index: it
// carries the query Match returned.
type searchIndex struct {
	*btreeIndex
	kind  SearchableKind
	spec  IndexSpec
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
	return p.idx.kind.Scan(ctx, it.Table, p.idx.spec, p.idx.query)
}

// RowsIter returns an iterator over rows.
func RowsIter(rows []sql.Row) sql.RowIter { return &sliceIter{rows: rows} }

type sliceIter struct {
	rows []sql.Row
	i    int
}

func (s *sliceIter) Next(*sql.Context) (sql.Row, error) {
	if s.i >= len(s.rows) {
		return nil, io.EOF
	}
	s.i++
	return s.rows[s.i-1], nil
}

func (s *sliceIter) Close(*sql.Context) error { return nil }

func andExpr(a, b sql.Expression) sql.Expression { return expression.NewAnd(a, b) }

var (
	tableFuncsMu sync.RWMutex
	tableFuncs   = map[string]sql.TableFunction{}
)

// RegisterTableFunction makes a table function available to every Store,
// by its lower-case name.
func RegisterTableFunction(fn sql.TableFunction) {
	tableFuncsMu.Lock()
	defer tableFuncsMu.Unlock()
	tableFuncs[strings.ToLower(fn.Name())] = fn
}

var _ sql.TableFunctionProvider = (*Store)(nil)

// TableFunction implements sql.TableFunctionProvider.
func (s *Store) TableFunction(_ *sql.Context, name string) (sql.TableFunction, bool) {
	tableFuncsMu.RLock()
	defer tableFuncsMu.RUnlock()
	fn, ok := tableFuncs[strings.ToLower(name)]
	return fn, ok
}

// WithTableFunctions implements sql.TableFunctionProvider: it registers fns
// and returns s.
func (s *Store) WithTableFunctions(fns ...sql.TableFunction) (sql.TableFunctionProvider, error) {
	for _, fn := range fns {
		RegisterTableFunction(fn)
	}
	return s, nil
}

// ScanColumns calls fn with the row key and the values of the named
// columns of every row of t, in primary-key order, as ctx's transaction
// sees the table.
func (t *Table) ScanColumns(ctx *sql.Context, columns []string, fn func(rowKey []byte, vals []any) error) error {
	ords := make([]int, len(columns))
	for i, c := range columns {
		if ords[i] = t.meta.column(c); ords[i] < 0 {
			return sql.ErrTableColumnNotFound.New(t.meta.Name, c)
		}
	}
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return err
	}
	defer done()
	tx, err := tr.reader()
	if err != nil {
		return err
	}
	c := tx.Bucket(rowsBucket(t.meta.rowsID())).Cursor()
	vals := make([]any, len(columns))
	n := 0
	for k, v := c.First(); k != nil; k, v = c.Next() {
		n++
		if err := checkInterrupt(ctx, n); err != nil {
			return err
		}
		row, err := storage.DecodeRow(v, t.sch.Schema)
		if err != nil {
			return err
		}
		for i, o := range ords {
			vals[i] = row[o]
		}
		if err := fn(k, vals); err != nil {
			return err
		}
	}
	return nil
}
