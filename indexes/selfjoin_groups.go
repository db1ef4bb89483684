package indexes

import (
	"context"
	"math/bits"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
)

// Self-joins on a Hamming distance within groups of the primary key.
//
// The all-pairs form across shards (docs/scaling.md) joins a block table
// with itself on its block key, the first column of its primary key:
//
//	SELECT a.id, b.id FROM docs_blocks a JOIN docs_blocks b ON a.bkey = b.bkey
//	WHERE a.id < b.id AND hamming(a.fp, b.fp) <= 3 AND …
//
// Every pair it asks for shares the block key, so its candidates are the
// pairs within each run of rows with one key value, and a scan of the
// table in primary-key order meets each run whole. hammingGroupPairs
// answers such a join so: one scan, and in each run the pairs within k
// bits (compared one by one in a small run, by NearPairs in a large one).
// A shard holding 250,000 fingerprints (a million block rows) answered
// its part of the join in 9.5 s through the simhash index's search of the
// whole table, whose pairs mostly differ in block key and which then the
// join's filter drops; within the runs it needs one scan and about 2·10⁷
// distance checks.
//
// It applies where the self-join's condition (with the equalities a
// lookup took out of it: withLookupConditions) holds a.c = b.c for the
// first m ≥ 1 columns of the primary key, each of an integer type (whose
// equality is that of the stored values, so that equal values are
// adjacent in key order), beside a conjunct hamming(a.fp, b.fp) <= k on a
// BIGINT or BIGINT UNSIGNED column; no index is needed. The filter above
// the pairs holds the whole condition, as for every selfJoinPairs.

// groupedHammingMaxPairwise is the largest run whose pairs are compared
// one by one; NearPairs searches a larger one (it never compares more
// pairs than that, and fewer where the fingerprints differ).
const groupedHammingMaxPairwise = 64

// hammingGroupSearch returns the grouped search for conjunct c of a
// self-join of t whose sides are named a and b, given the join's whole
// condition full, or nil if it does not apply (see above).
func hammingGroupSearch(ctx *sql.Context, t *catalog.Table, c sql.Expression, full []sql.Expression, a, b string) allPairs {
	bd, ok := matchHammingAny(ctx, c)
	if !ok {
		return nil
	}
	args := bd.call.Children()
	if !sameColumnOfSides(args[0], args[1], a, b) {
		return nil
	}
	fp := args[0].(*expression.GetField).Name()
	sch := t.Schema()
	if o := sch.IndexOfColName(fp); o < 0 || !isBigint(sch[o].Type) {
		return nil
	}
	var prefix []string
	for _, o := range t.PrimaryKeySchema().PkOrdinals {
		col := sch[o]
		if !types.IsInteger(col.Type) || !equalOnSides(full, col.Name, a, b) {
			break
		}
		prefix = append(prefix, col.Name)
	}
	if len(prefix) == 0 {
		return nil
	}
	return &hammingGroupPairs{table: t, prefix: prefix, column: fp, k: bd.k}
}

// isBigint reports whether typ is BIGINT or BIGINT UNSIGNED, whose values
// hamming() reads as their 64 bits.
func isBigint(typ sql.Type) bool {
	if !types.IsInteger(typ) {
		return false
	}
	nt, ok := typ.(sql.NumberType)
	return ok && (nt.Type() == types.Int64.Type() || nt.Type() == types.Uint64.Type())
}

// equalOnSides reports whether a conjunct of conds is a.col = b.col (in
// either order) for sides a and b, alone or as a member of an equality
// of tuples (a merge join's comparison: (a.x, a.y) = (b.x, b.y)).
func equalOnSides(conds []sql.Expression, col, a, b string) bool {
	for _, c := range conds {
		eq, ok := c.(*expression.Equals)
		if !ok {
			continue
		}
		ls, rs := []sql.Expression{eq.Left()}, []sql.Expression{eq.Right()}
		if lt, ok := eq.Left().(expression.Tuple); ok {
			if rt, ok := eq.Right().(expression.Tuple); ok && len(lt) == len(rt) {
				ls, rs = lt, rt
			}
		}
		for i := range ls {
			if sameColumnOfSides(ls[i], rs[i], a, b) && strings.EqualFold(ls[i].(*expression.GetField).Name(), col) {
				return true
			}
		}
	}
	return false
}

// hammingGroupPairs is the pair search within the runs of rows whose
// first len(prefix) primary-key columns are equal.
type hammingGroupPairs struct {
	table  *catalog.Table
	prefix []string // the primary key's leading columns the join equates
	column string   // the fingerprint column
	k      int      // the largest Hamming distance
}

func (h *hammingGroupPairs) pairs(ctx *sql.Context) ([][2]int32, []float64, func(int32) []byte, error) {
	var (
		pairs   [][2]int32
		keys    [][]byte // the row keys of items in a pair, by item
		run     []any    // the current run's prefix values
		fps     []uint64 // the current run's fingerprints
		runKeys [][]byte // and row keys
		items   []int32  // and items (−1 until in a pair)
	)
	item := func(i int) int32 {
		if items[i] < 0 {
			items[i] = int32(len(keys))
			keys = append(keys, runKeys[i])
		}
		return items[i]
	}
	flush := func() error {
		if len(fps) >= 2 {
			items = items[:0]
			for range fps {
				items = append(items, -1)
			}
			emit := func(l, r, _ int) bool {
				pairs = append(pairs, [2]int32{item(l), item(r)})
				return true
			}
			if len(fps) <= groupedHammingMaxPairwise {
				for l := range fps {
					for r := l + 1; r < len(fps); r++ {
						if bits.OnesCount64(fps[l]^fps[r]) <= h.k {
							emit(l, r, 0)
						}
					}
				}
			} else if !NearPairs(fps, h.k, func() bool { return ctx.Err() != nil }, emit) {
				return context.Cause(ctx)
			}
		}
		fps, runKeys = fps[:0], runKeys[:0]
		return nil
	}
	cols := append(append([]string{}, h.prefix...), h.column)
	err := h.table.ScanColumns(ctx, cols, func(rowKey []byte, vals []any) error {
		p := vals[:len(h.prefix)]
		if run == nil || !equalValues(run, p) {
			if err := flush(); err != nil {
				return err
			}
			run = append(run[:0], p...)
		}
		v := vals[len(h.prefix)]
		if v == nil {
			return nil // hamming() of NULL is NULL: in no pair
		}
		fp, ok := functions.FingerprintBits(v)
		if !ok {
			return functions.ErrNotFingerprint.New("hamming", functions.Describe(v))
		}
		fps = append(fps, fp)
		runKeys = append(runKeys, append([]byte(nil), rowKey...))
		return nil
	})
	if err == nil {
		err = flush()
	}
	if err == nil {
		err = context.Cause(ctx)
	}
	return pairs, nil, func(i int32) []byte { return keys[i] }, err
}

// equalValues reports whether two rows of integer values are equal.
func equalValues(x, y []any) bool {
	for i := range x {
		if x[i] != y[i] {
			return false
		}
	}
	return true
}

func (h *hammingGroupPairs) reads() string { return "PRIMARY" }

func (h *hammingGroupPairs) describe() string {
	return "primary key groups (" + strings.Join(h.prefix, ", ") + ")"
}
