package indexes

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/pigeonhole"
)

// SimHashKind is the index kind "simhash": a block-partitioned index of a
// 64-bit fingerprint column for Hamming distances up to k,
//
//	CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'
//
// Each row with a non-NULL fingerprint has k+1 entries, one per block of
// pigeonhole.Blocks(k): the block number (1 byte) and the block's bits (big-endian, in
// as few bytes as the widest block needs). A query for fingerprints within
// distance k' ≤ k of q looks up q's k+1 block values and verifies each
// candidate with the exact distance (Manku, Jain & Das Sarma, WWW 2007).
type SimHashKind struct{}

var (
	_ catalog.SearchableKind = SimHashKind{}
	_ catalog.CompiledIndex  = (*simhashIndex)(nil)
)

// Name implements catalog.IndexKind.
func (SimHashKind) Name() string { return "simhash" }

// Example implements catalog.IndexKind.
func (SimHashKind) Example() string { return "'simhash k=3'" }

// ParseK returns k from a simhash index COMMENT: "simhash k=N", N in
// [0, MaxK], words separated by white space, case ignored; anything else
// in the comment is an error.
func ParseK(comment string) (int, error) {
	fields := strings.Fields(comment)
	if len(fields) == 0 || !strings.EqualFold(fields[0], "simhash") {
		return 0, fmt.Errorf("not a simhash index comment: %q", comment)
	}
	k := -1
	for _, f := range fields[1:] {
		name, val, ok := strings.Cut(f, "=")
		if !ok || !strings.EqualFold(name, "k") {
			return 0, catalog.IndexParameterError("simhash index: unknown parameter %q (want k=N, N from 0 to %d)", f, MaxK)
		}
		if k >= 0 {
			return 0, catalog.IndexParameterError("simhash index: k is given twice in %q", comment)
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 || n > MaxK {
			return 0, catalog.IndexParameterError("simhash index: k must be an integer from 0 to %d, got %q", MaxK, val)
		}
		k = n
	}
	if k < 0 {
		return 0, catalog.IndexParameterError("simhash index: the comment must give k, as in 'simhash k=3' (k from 0 to %d)", MaxK)
	}
	return k, nil
}

// simhashIndex is a simhash index compiled: its k, blocks and key width.
type simhashIndex struct {
	name   string
	k      int
	blocks []pigeonhole.Block
	width  int  // bytes of a block value in a key
	values bool // entries carry the fingerprint (the current format)
}

// Compile implements catalog.IndexKind: one BIGINT or BIGINT UNSIGNED
// column and a comment "simhash k=N".
func (SimHashKind) Compile(spec catalog.IndexSpec) (catalog.CompiledIndex, error) {
	comment := spec.Comment
	if !spec.New {
		// Stored metadata: before 2026-12-03 a comma separated words too
		// ('simhash k=3,'); such indexes stay readable.
		comment = strings.ReplaceAll(comment, ",", " ")
	}
	k, err := ParseK(comment)
	if err != nil {
		return nil, err
	}
	if len(spec.Columns) != 1 {
		return nil, catalog.IndexColumnCountError("simhash index %s: index one fingerprint column, not %d", spec.Name, len(spec.Columns))
	}
	if t := spec.Types[0].Type(); t != sqltypes.Int64 && t != sqltypes.Uint64 {
		return nil, catalog.IndexColumnError("simhash index %s: column %s is %s; a fingerprint column is BIGINT UNSIGNED or BIGINT",
			spec.Name, spec.Columns[0], spec.Types[0].String())
	}
	return &simhashIndex{name: spec.Name, k: k, blocks: pigeonhole.Blocks(k), width: valueBytes(k), values: spec.Values}, nil
}

// simhashOf returns the simhash index compiled in ci.
func simhashOf(ci *catalog.CustomIndex) *simhashIndex { return ci.Compiled.(*simhashIndex) }

// valueBytes is the number of bytes of the widest block of pigeonhole.Blocks(k),
// ⌈64/(k+1)⌉ bits: 8 for k = 0, 2 for k = 3, 1 for k ≥ 7.
func valueBytes(k int) int {
	width := (64 + k) / (k + 1)
	return (width + 7) / 8
}

// KeyLength implements catalog.CompiledIndex: the block number and the
// block's value.
func (x *simhashIndex) KeyLength() int { return 1 + x.width }

// blockKey returns the entry key of fingerprint fp in block b.
func (x *simhashIndex) blockKey(b int, fp uint64) []byte {
	key := make([]byte, 1+x.width)
	key[0] = byte(b)
	v := (fp & x.blocks[b].Mask) >> bits.TrailingZeros64(x.blocks[b].Mask)
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], v)
	copy(key[1:], buf[8-x.width:])
	return key
}

// Entries implements catalog.CompiledIndex: k+1 entries for a
// fingerprint, none for NULL; each carries the fingerprint's 64 bits,
// big-endian, so that a candidate is verified without reading its row and
// near_duplicates reads the index alone.
func (x *simhashIndex) Entries(vals []any, add func(key, value []byte)) error {
	if vals[0] == nil {
		return nil
	}
	var fp uint64
	switch v := vals[0].(type) { // the column is BIGINT or BIGINT UNSIGNED (Compile)
	case uint64:
		fp = v
	case int64:
		fp = uint64(v)
	default:
		var ok bool
		if fp, ok = functions.FingerprintBits(v); !ok {
			return fmt.Errorf("simhash index %s: %v is not a 64-bit fingerprint", x.name, v)
		}
	}
	var value []byte
	if x.values {
		value = binary.BigEndian.AppendUint64(nil, fp)
	}
	for b := range x.blocks {
		add(x.blockKey(b, fp), value)
	}
	return nil
}

// entryFingerprint returns the fingerprint stored with an index entry; ok
// is false for an entry without one (an index made before entries carried
// values).
func entryFingerprint(value []byte) (uint64, bool) {
	if len(value) != 8 {
		return 0, false
	}
	return binary.BigEndian.Uint64(value), true
}

// hammingQuery is what Match finds: rows whose fingerprint is within
// distance k of the value of expr (constant for the query).
type hammingQuery struct {
	column string
	expr   sql.Expression
	k      int
}

// Match implements catalog.SearchableKind. It recognises, on an indexed
// column fp and an expression E that does not depend on the table's rows,
// hamming(fp, E) <= k, hamming(fp, E) < k+1, k >= hamming(E, fp),
// hamming(fp, E) BETWEEN 0 AND k and hamming(fp, E) = 0, and picks the
// index on fp with the smallest k' ≥ k.
func (SimHashKind) Match(ctx *sql.Context, t *catalog.Table, indexes []*catalog.CustomIndex, conjuncts []sql.Expression) (*catalog.CustomIndex, string, any, bool, error) {
	for _, c := range conjuncts {
		q, ok := matchHamming(ctx, c)
		if !ok {
			continue
		}
		if best := bestIndexOf(indexes, q.column, q.k); best != nil {
			explain := fmt.Sprintf("hamming(%s, %s) <= %d", q.column, q.expr, q.k)
			return best, explain, q, true, nil
		}
	}
	return nil, "", nil, false, nil
}

// Scan implements catalog.SearchableKind: the rows within the query's
// distance, each once: a candidate found through block b is kept only if b
// is the first block on which it agrees with the query.
func (SimHashKind) Scan(ctx *sql.Context, t *catalog.Table, index *catalog.CustomIndex, query any) (sql.RowIter, error) {
	q := query.(hammingQuery)
	v, err := q.expr.Eval(ctx, nil)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return catalog.RowsIter(nil), nil // hamming(fp, NULL) is NULL: no row
	}
	fp, ok := functions.FingerprintBits(v)
	if !ok {
		return nil, functions.ErrNotFingerprint.New("hamming", functions.Describe(v))
	}
	x := simhashOf(index)
	col := t.Schema().IndexOfColName(index.Columns[0])
	blocks := x.blocks
	var rows []sql.Row
	err = t.ReadIndex(ctx, index, func(r *catalog.IndexReader) error {
		for b := range blocks {
			err := r.Scan(x.blockKey(b, fp), func(_, rowKey, value []byte) error {
				// A candidate is verified from the entry's fingerprint when
				// it has one, and its row read only if it qualifies.
				near := func(cand uint64) bool {
					return pigeonhole.FirstAgreeing(fp, cand, blocks) == b && bits.OnesCount64(fp^cand) <= q.k
				}
				if cand, ok := entryFingerprint(value); ok && !near(cand) {
					return nil
				}
				row, err := r.Row(rowKey)
				if err != nil || row == nil {
					return err
				}
				if cand, ok := functions.FingerprintBits(row[col]); ok && near(cand) {
					rows = append(rows, row)
				}
				return nil
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return catalog.RowsIter(rows), nil
}

// EqualQuery implements catalog.SearchableKind: the rows whose fingerprint
// is value's 64 bits (distance 0), for = and IN.
func (SimHashKind) EqualQuery(index *catalog.CustomIndex, value any) any {
	return hammingQuery{column: index.Columns[0], expr: expression.NewLiteral(value, nil), k: 0}
}

// hammingLookup is the lookup matcher of simhash indexes: hamming(table.fp,
// E) <= k (or another form of Match) with keyOK(E), answered by the
// simhash index on fp with the smallest k' ≥ k, each lookup giving the
// rows within k' of E's value.
func hammingLookup(ctx *sql.Context, t *catalog.Table, e sql.Expression, table string, keyOK func(sql.Expression) bool) (lookup, bool) {
	b, ok := matchHammingAny(ctx, e)
	if !ok {
		return lookup{}, false
	}
	args := b.call.Children()
	for i := range 2 {
		gf, isCol := args[i].(*expression.GetField)
		if !isCol || !strings.EqualFold(gf.Table(), table) || !keyOK(args[1-i]) {
			continue
		}
		return simhashLookup(t, gf, args[1-i], b.k)
	}
	return lookup{}, false
}

// equalLookup is the lookup matcher of simhash indexes for table.fp = E
// with keyOK(E) and E of an integer type: the rows whose fingerprint has
// E's 64 bits (distance 0), a superset of those equal to E (a signed and
// an unsigned value with the same bits differ), which the condition,
// kept, then keeps. E of another type (a string, a DECIMAL) is left alone:
// its bits need not be those of the integers equal to it.
func equalLookup(ctx *sql.Context, t *catalog.Table, e sql.Expression, table string, keyOK func(sql.Expression) bool) (lookup, bool) {
	eq, ok := e.(*expression.Equals)
	if !ok {
		return lookup{}, false
	}
	for _, side := range [2][2]sql.Expression{{eq.Left(), eq.Right()}, {eq.Right(), eq.Left()}} {
		gf, isCol := side[0].(*expression.GetField)
		if !isCol || !strings.EqualFold(gf.Table(), table) || !types.IsInteger(side[1].Type()) || !keyOK(side[1]) {
			continue
		}
		return simhashLookup(t, gf, side[1], 0)
	}
	return lookup{}, false
}

// simhashLookup reads the rows of t whose column gf is within k bits of
// key's value through the simhash index of t on gf with the smallest
// k' ≥ k (each lookup giving the rows within k'), if there is one.
func simhashLookup(t *catalog.Table, gf *expression.GetField, keyExpr sql.Expression, k int) (lookup, bool) {
	best := bestIndex(t, gf.Name(), k, false)
	if best == nil {
		return lookup{}, false
	}
	column, ik := best.Columns[0], simhashOf(best).k
	key := &fingerprintKey{UnaryExpression: expression.UnaryExpression{Child: keyExpr},
		unsigned: best.Types[0].Type() == sqltypes.Uint64, index: best.Name}
	point := func(v any) any {
		return hammingQuery{column: column, expr: expression.NewLiteral(v, nil), k: ik}
	}
	return lookup{index: best, key: key, point: point}, true
}

// bestIndex returns the simhash index of t on column with the smallest
// k' ≥ k, or nil. With withValues, only an index whose entries carry the
// fingerprint counts.
func bestIndex(t *catalog.Table, column string, k int, withValues bool) *catalog.CustomIndex {
	indexes := t.CustomIndexes(SimHashKind{}.Name())
	if withValues {
		indexes = slices.DeleteFunc(indexes, func(ci *catalog.CustomIndex) bool { return !ci.Values })
	}
	return bestIndexOf(indexes, column, k)
}

// bestIndexOf returns the simhash index among indexes on column with the
// smallest k' ≥ k, or nil.
func bestIndexOf(indexes []*catalog.CustomIndex, column string, k int) *catalog.CustomIndex {
	var best *catalog.CustomIndex
	for _, ci := range indexes {
		ik := simhashOf(ci).k
		if strings.EqualFold(ci.Columns[0], column) && ik >= k && (best == nil || ik < simhashOf(best).k) {
			best = ci
		}
	}
	return best
}

// fingerprintKey is the key of a lookup through a simhash index: the
// value of Child as the 64-bit pattern hamming() reads (BIGINT −1 and
// BIGINT UNSIGNED 2^64−1 are the same fingerprint), typed as the indexed
// column, so that go-mysql-server's conversion of lookup keys to the
// column's type cannot change or zero it. NULL stays NULL (no rows); a
// value that is not a fingerprint is hamming()'s error. EXPLAIN shows it
// as "E (simhash index NAME)".
type fingerprintKey struct {
	expression.UnaryExpression
	unsigned bool
	index    string
}

var _ sql.Expression = (*fingerprintKey)(nil)

func (f *fingerprintKey) String() string {
	return fmt.Sprintf("%s (simhash index %s)", f.Child, f.index)
}

func (f *fingerprintKey) Type() sql.Type {
	if f.unsigned {
		return types.Uint64
	}
	return types.Int64
}

func (f *fingerprintKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	fp, ok := functions.FingerprintBits(v)
	if !ok {
		return nil, functions.ErrNotFingerprint.New("hamming", functions.Describe(v))
	}
	if f.unsigned {
		return fp, nil
	}
	return int64(fp), nil
}

func (f *fingerprintKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	nf := *f
	nf.Child = children[0]
	return &nf, nil
}
