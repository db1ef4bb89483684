package indexes

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
)

// SimHashKind is the index kind "simhash": a block-partitioned index of a
// 64-bit fingerprint column for Hamming distances up to k,
//
//	CREATE INDEX fp_k3 ON docs (fp) COMMENT 'simhash k=3'
//
// Each row with a non-NULL fingerprint has k+1 entries, one per block of
// Blocks(k): the block number (1 byte) and the block's bits (big-endian, in
// as few bytes as the widest block needs). A query for fingerprints within
// distance k' ≤ k of q looks up q's k+1 block values and verifies each
// candidate with the exact distance (Manku, Jain & Das Sarma, WWW 2007).
type SimHashKind struct{}

var (
	_ catalog.SearchableKind = SimHashKind{}
	_ catalog.ValuedKind     = SimHashKind{}
)

var registerOnce sync.Once

// Register makes the simsql index kinds available to CREATE INDEX and the
// planner. It may be called more than once.
func Register() {
	registerOnce.Do(func() {
		catalog.RegisterIndexKind(SimHashKind{})
		catalog.RegisterTableFunction(NewNearDuplicates(false))
		catalog.RegisterTableFunction(NewNearDuplicates(true))
		catalog.RegisterRule(ruleHammingLookups, hammingLookups)
	})
}

// Name implements catalog.IndexKind.
func (SimHashKind) Name() string { return "simhash" }

// ParseK returns k from a simhash index COMMENT: "simhash k=N", N in
// [0, MaxK].
func ParseK(comment string) (int, error) {
	fields := strings.Fields(strings.ReplaceAll(comment, ",", " "))
	if len(fields) == 0 || !strings.EqualFold(fields[0], "simhash") {
		return 0, fmt.Errorf("not a simhash index comment: %q", comment)
	}
	k := -1
	for _, f := range fields[1:] {
		name, val, ok := strings.Cut(f, "=")
		if !ok || !strings.EqualFold(name, "k") {
			return 0, fmt.Errorf("simhash index: unknown parameter %q (want k=N, N from 0 to %d)", f, MaxK)
		}
		if k >= 0 {
			return 0, fmt.Errorf("simhash index: k is given twice in %q", comment)
		}
		n, err := strconv.Atoi(val)
		if err != nil || n < 0 || n > MaxK {
			return 0, fmt.Errorf("simhash index: k must be an integer from 0 to %d, got %q", MaxK, val)
		}
		k = n
	}
	if k < 0 {
		return 0, fmt.Errorf("simhash index: the comment must give k, as in 'simhash k=3' (k from 0 to %d)", MaxK)
	}
	return k, nil
}

// Validate implements catalog.IndexKind: one BIGINT or BIGINT UNSIGNED
// column and a comment "simhash k=N".
func (SimHashKind) Validate(spec catalog.IndexSpec) error {
	if _, err := ParseK(spec.Comment); err != nil {
		return err
	}
	if len(spec.Columns) != 1 {
		return fmt.Errorf("simhash index %s: index one fingerprint column, not %d", spec.Name, len(spec.Columns))
	}
	if t := spec.Types[0].Type(); t != sqltypes.Int64 && t != sqltypes.Uint64 {
		return fmt.Errorf("simhash index %s: column %s is %s; a fingerprint column is BIGINT UNSIGNED or BIGINT",
			spec.Name, spec.Columns[0], spec.Types[0].String())
	}
	return nil
}

// valueBytes is the number of bytes of the widest block of Blocks(k),
// ⌈64/(k+1)⌉ bits: 8 for k = 0, 2 for k = 3, 1 for k ≥ 7.
func valueBytes(k int) int {
	width := (64 + k) / (k + 1)
	return (width + 7) / 8
}

// KeyLength implements catalog.IndexKind.
func (SimHashKind) KeyLength(spec catalog.IndexSpec) int {
	k, _ := ParseK(spec.Comment)
	return 1 + valueBytes(k)
}

// blockKey returns the entry key of fingerprint fp in block b of blocks.
func blockKey(blocks []Block, b, n int, fp uint64) []byte {
	key := make([]byte, 1+n)
	key[0] = byte(b)
	v := (fp & blocks[b].Mask) >> bits.TrailingZeros64(blocks[b].Mask)
	var buf [8]byte
	binary.BigEndian.PutUint64(buf[:], v)
	copy(key[1:], buf[8-n:])
	return key
}

// Keys implements catalog.IndexKind: k+1 keys for a fingerprint, none for
// NULL.
func (SimHashKind) Keys(spec catalog.IndexSpec, vals []any) ([][]byte, error) {
	if vals[0] == nil {
		return nil, nil
	}
	fp, ok := functions.FingerprintBits(vals[0])
	if !ok {
		return nil, fmt.Errorf("simhash index %s: %v is not a 64-bit fingerprint", spec.Name, vals[0])
	}
	k, err := ParseK(spec.Comment)
	if err != nil {
		return nil, err
	}
	blocks, n := Blocks(k), valueBytes(k)
	keys := make([][]byte, len(blocks))
	for b := range blocks {
		keys[b] = blockKey(blocks, b, n, fp)
	}
	return keys, nil
}

// EntryValue implements catalog.ValuedKind: the fingerprint's 64 bits,
// big-endian, stored with each of the row's k+1 entries, so that a
// candidate is verified without reading its row and near_duplicates reads
// the index alone.
func (SimHashKind) EntryValue(spec catalog.IndexSpec, vals []any) ([]byte, error) {
	fp, ok := functions.FingerprintBits(vals[0])
	if !ok {
		return nil, fmt.Errorf("simhash index %s: %v is not a 64-bit fingerprint", spec.Name, vals[0])
	}
	return binary.BigEndian.AppendUint64(nil, fp), nil
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
func (SimHashKind) Match(ctx *sql.Context, t *catalog.Table, specs []catalog.IndexSpec, conjuncts []sql.Expression) (catalog.IndexSpec, string, any, bool, error) {
	for _, c := range conjuncts {
		q, ok := matchHamming(ctx, c)
		if !ok {
			continue
		}
		if best := bestIndexOf(specs, q.column, q.k); best != nil {
			explain := fmt.Sprintf("hamming(%s, %s) <= %d", q.column, q.expr, q.k)
			return *best, explain, q, true, nil
		}
	}
	return catalog.IndexSpec{}, "", nil, false, nil
}

// hammingBoundExpr is a recognised bound on a hamming() call.
type hammingBoundExpr struct {
	call *functions.Hamming
	k    int
}

// matchHamming recognises one of the predicate forms of Match with a
// column on one side and a constant on the other.
func matchHamming(ctx *sql.Context, e sql.Expression) (hammingQuery, bool) {
	b, ok := matchHammingAny(ctx, e)
	if !ok {
		return hammingQuery{}, false
	}
	args := b.call.Children()
	for i := range 2 {
		col, isCol := args[i].(*expression.GetField)
		if isCol && isConstant(args[1-i]) {
			return hammingQuery{column: col.Name(), expr: args[1-i], k: b.k}, true
		}
	}
	return hammingQuery{}, false
}

// matchHammingAny recognises "hamming(a, b) <= k" in any of the forms of
// Match, whatever a and b are.
func matchHammingAny(ctx *sql.Context, e sql.Expression) (hammingBoundExpr, bool) {
	// "hamming(...) OP n" gives k: <= n → n, < n → n−1, = 0 → 0.
	var h, limit sql.Expression
	var adjust int
	switch x := e.(type) {
	case *expression.LessThanOrEqual:
		h, limit = x.Left(), x.Right()
	case *expression.LessThan:
		h, limit, adjust = x.Left(), x.Right(), -1
	case *expression.GreaterThanOrEqual:
		h, limit = x.Right(), x.Left()
	case *expression.GreaterThan:
		h, limit, adjust = x.Right(), x.Left(), -1
	case *expression.Equals:
		h, limit = x.Left(), x.Right()
		if _, ok := h.(*functions.Hamming); !ok {
			h, limit = limit, h
		}
		if n, ok := constInt(ctx, limit); !ok || n != 0 {
			return hammingBoundExpr{}, false
		}
	case *expression.Between:
		if n, ok := constInt(ctx, x.Lower); !ok || n > 0 {
			return hammingBoundExpr{}, false
		}
		h, limit = x.Val, x.Upper
	default:
		return hammingBoundExpr{}, false
	}
	ham, ok := h.(*functions.Hamming)
	if !ok {
		return hammingBoundExpr{}, false
	}
	n, ok := constInt(ctx, limit)
	if !ok {
		return hammingBoundExpr{}, false
	}
	k := int(n) + adjust
	if k < 0 || k > 64 {
		return hammingBoundExpr{}, false
	}
	return hammingBoundExpr{call: ham, k: k}, true
}

// constInt evaluates a constant integer expression.
func constInt(ctx *sql.Context, e sql.Expression) (int64, bool) {
	if !isConstant(e) {
		return 0, false
	}
	v, err := e.Eval(ctx, nil)
	if err != nil || v == nil {
		return 0, false
	}
	bits, ok := functions.FingerprintBits(v)
	if !ok || int64(bits) < -1 || bits > 1<<31 {
		return 0, false
	}
	return int64(bits), true
}

// isConstant reports whether e is the same for every row of the query: no
// column, no unbound parameter, no subquery.
func isConstant(e sql.Expression) bool {
	constant := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.BindVar:
			constant = false
		case *plan.Subquery:
			// The planner rewrites a subquery after the match; the copy
			// kept for Scan would not run. The rule hammingLookups reads
			// such filters through the index once the subquery is final.
			constant = false
		}
		return !constant
	})
	return constant
}

// Scan implements catalog.SearchableKind: the rows within the query's
// distance, each once: a candidate found through block b is kept only if b
// is the first block on which it agrees with the query.
func (SimHashKind) Scan(ctx *sql.Context, t *catalog.Table, spec catalog.IndexSpec, query any) (sql.RowIter, error) {
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
	kIndex, err := ParseK(spec.Comment)
	if err != nil {
		return nil, err
	}
	col := -1
	for i, c := range t.Schema() {
		if strings.EqualFold(c.Name, spec.Columns[0]) {
			col = i
		}
	}
	blocks, n := Blocks(kIndex), valueBytes(kIndex)
	var rows []sql.Row
	for b := range blocks {
		err := t.ScanIndex(ctx, spec.Name, blockKey(blocks, b, n, fp), func(_, rowKey, value []byte) error {
			// A candidate is verified from the entry's fingerprint when it
			// has one, and its row read only if it qualifies.
			near := func(cand uint64) bool {
				return firstAgreeing(fp, cand, blocks) == b && bits.OnesCount64(fp^cand) <= q.k
			}
			if cand, ok := entryFingerprint(value); ok && !near(cand) {
				return nil
			}
			row, err := t.Row(ctx, rowKey)
			if err != nil || row == nil {
				return err
			}
			if cand, ok := functions.FingerprintBits(row[col]); ok && near(cand) {
				rows = append(rows, row)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	return catalog.RowsIter(rows), nil
}
