package indexes

import (
	"bytes"
	"context"
	"fmt"
	"slices"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

// similarityPairs is near_duplicates('table', 'column', t) and
// near_duplicate_groups over a column of minhash() signatures, the pairs
// whose MinHash estimate is at least t, or over a text column, the pairs
// whose exact jaccard() is at least t.
//
// Candidates are the pairs that agree on a whole band of their signatures
// and, checked before anything else is read, in at least the candidates'
// floor of slots. With a minhash index on the column (or, for a text
// column, on a stored minhash(column) column) the bands are the index's
// and each run of equal band keys is a group, read in one pass with the
// signature entries; rows are read only for the candidates' signatures or
// texts and the answer's ids. Without one, signatures are read (or, for
// texts, computed with the default 128 permutations) by a table scan and
// banded in memory. Signatures: exact bands for t (pigeonhole.ExactBands),
// so the answer equals the brute-force one; texts: bands and floor that
// miss a pair at Jaccard t with probability at most MissProbability, each
// candidate verified by the exact Jaccard, so precision is 1.
type similarityPairs struct {
	table  *catalog.Table
	column string
	text   bool    // verified by jaccard() on the text column
	t      float64 // the threshold
	index  *catalog.CustomIndex
	floor  int // with an index: the candidates' floor of agreeing slots
}

// newSimilarityPairs picks the index that answers near_duplicates over
// column at threshold th, if any (as the planner would for
// minhash_jaccard(column, E) >= th or jaccard(column, E) >= th).
func newSimilarityPairs(ctx *sql.Context, t *catalog.Table, column string, text bool, th float64) *similarityPairs {
	p := &similarityPairs{table: t, column: column, text: text, t: th}
	if c, ok := chooseMinhash(ctx, t.CustomIndexes(MinHashKind{}.Name()), thresholdBound(th, text), column); ok {
		p.index, p.floor = c.index, c.minAgree
	}
	return p
}

// thresholdBound is the bound "similarity >= th".
func thresholdBound(th float64, text bool) simBound {
	lit := expression.NewLiteral(th, types.Float64)
	return simBound{jaccard: text, bound: lit, op: ">=",
		test: func(l sql.Expression) sql.Expression { return expression.NewGreaterThanOrEqual(l, lit) }}
}

// how says, for EXPLAIN, what the search reads.
func (p *similarityPairs) how() string {
	switch {
	case p.index != nil:
		return fmt.Sprintf("minhash index %s, %s", p.index.Name, minhashOf(p.index).describe())
	case p.text:
		return "table scan, signatures computed, verified by jaccard"
	}
	return "table scan"
}

// simPair is a verified pair of items (rows numbered in primary-key
// order), i < j.
type simPair struct {
	i, j int32
	sim  float64
}

// rows returns the answer: (left_id, right_id, similarity) pairs, or with
// groups the (id, group_id) rows of the connected components.
func (p *similarityPairs) rows(ctx *sql.Context, groups bool) ([]sql.Row, error) {
	if p.index == nil {
		ids, pairs, err := p.fromScan(ctx)
		if err != nil {
			return nil, err
		}
		return answer(ctx, pairs, groups, func(i int32) (any, error) { return ids[i], nil })
	}
	var out []sql.Row
	err := p.table.ReadIndex(ctx, p.index, func(r *catalog.IndexReader) error {
		rowKeys, pairs, err := p.fromIndex(ctx, r)
		if err != nil {
			return err
		}
		pk := p.table.PrimaryKeySchema().PkOrdinals[0]
		out, err = answer(ctx, pairs, groups, func(i int32) (any, error) {
			row, err := r.Row(rowKeys[i])
			if err != nil {
				return nil, err
			}
			if row == nil {
				return nil, fmt.Errorf("minhash index %s: entry for a missing row", p.index.Name)
			}
			return row[pk], nil
		})
		return err
	})
	return out, err
}

// answer turns verified pairs into rows: sorted (left_id, right_id,
// similarity), or the (id, group_id) rows of the connected components of
// two or more, group_id being the component's smallest id.
func answer(ctx *sql.Context, pairs []simPair, groups bool, id func(i int32) (any, error)) ([]sql.Row, error) {
	ids := map[int32]any{}
	idOf := func(i int32) (any, error) {
		if v, ok := ids[i]; ok {
			return v, nil
		}
		v, err := id(i)
		ids[i] = v
		return v, err
	}
	if !groups {
		slices.SortFunc(pairs, func(a, b simPair) int {
			if a.i != b.i {
				return int(a.i - b.i)
			}
			return int(a.j - b.j)
		})
		rows := make([]sql.Row, 0, len(pairs))
		for _, pr := range pairs {
			l, err := idOf(pr.i)
			if err != nil {
				return nil, err
			}
			r, err := idOf(pr.j)
			if err != nil {
				return nil, err
			}
			rows = append(rows, sql.Row{l, r, pr.sim})
		}
		return rows, ctx.Err()
	}
	parent := map[int32]int32{}
	var find func(x int32) int32
	find = func(x int32) int32 {
		p, ok := parent[x]
		if !ok {
			parent[x] = x
			return x
		}
		if p == x {
			return x
		}
		root := find(p)
		parent[x] = root
		return root
	}
	for _, pr := range pairs {
		a, b := find(pr.i), find(pr.j)
		if a != b {
			parent[max(a, b)] = min(a, b) // the root is the smallest item
		}
	}
	members := make([]int32, 0, len(parent))
	for x := range parent {
		members = append(members, x)
	}
	slices.Sort(members)
	rows := make([]sql.Row, 0, len(members))
	for _, x := range members {
		v, err := idOf(x)
		if err != nil {
			return nil, err
		}
		g, err := idOf(find(x))
		if err != nil {
			return nil, err
		}
		rows = append(rows, sql.Row{v, g})
	}
	return rows, ctx.Err()
}

// runSearch verifies the pairs within each run of items that share a
// band key: pre(i, j) is the cheap check every candidate passes first;
// full(i, j) verifies it and gives the similarity (ok false to drop it).
// A pair found in several bands is verified once. It stops for a KILL or
// a deadline.
type runSearch struct {
	ctx    context.Context
	pre    func(i, j int32) bool
	full   func(i, j int32) (float64, bool, error)
	tried  map[uint64]struct{}
	pairs  []simPair
	checks int
}

func newRunSearch(ctx context.Context, pre func(i, j int32) bool, full func(i, j int32) (float64, bool, error)) *runSearch {
	return &runSearch{ctx: ctx, pre: pre, full: full, tried: map[uint64]struct{}{}}
}

// run verifies the pairs among members (ascending item numbers).
func (s *runSearch) run(members []int32) error {
	for a := 0; a < len(members); a++ {
		for b := a + 1; b < len(members); b++ {
			i, j := members[a], members[b]
			if s.checks++; s.checks&1023 == 0 && s.ctx.Err() != nil {
				return context.Cause(s.ctx)
			}
			key := uint64(i)<<32 | uint64(j)
			if _, done := s.tried[key]; done || !s.pre(i, j) {
				continue
			}
			s.tried[key] = struct{}{}
			sim, ok, err := s.full(i, j)
			if err != nil {
				return err
			}
			if ok {
				s.pairs = append(s.pairs, simPair{i, j, sim})
			}
		}
	}
	return nil
}

// fromIndex finds the pairs from the index's entries: each band's runs of
// equal keys are the groups, read in key order. Most runs are single rows;
// only the members of a run of two or more are numbered, on first sight,
// with their signature entry's low bits read then, so the search's memory
// and lookups follow the candidates, not the table. The items are
// renumbered in row-key (primary-key) order at the end.
func (p *similarityPairs) fromIndex(ctx *sql.Context, r *catalog.IndexReader) ([][]byte, []simPair, error) {
	x := minhashOf(p.index)
	var rowKeys [][]byte
	var lows [][]byte
	item := map[string]int32{}
	itemOf := func(rowKey []byte) (int32, error) {
		if it, ok := item[string(rowKey)]; ok {
			return it, nil
		}
		low, ok := r.Get(sigKey, rowKey)
		if !ok || len(low) != 2*x.numPerm {
			return 0, fmt.Errorf("minhash index %s: band entry without a valid signature entry", p.index.Name)
		}
		it := int32(len(rowKeys))
		item[string(rowKey)] = it
		rowKeys = append(rowKeys, bytes.Clone(rowKey))
		lows = append(lows, bytes.Clone(low))
		return it, nil
	}
	col := p.table.Schema().IndexOfColName(p.index.Columns[0])
	textCol := p.table.Schema().IndexOfColName(p.column)
	sigs := map[int32]textsim.Signature{}
	texts := map[int32]map[string]int64{}
	row := func(i int32) (sql.Row, error) {
		row, err := r.Row(rowKeys[i])
		if err == nil && row == nil {
			err = fmt.Errorf("minhash index %s: entry for a missing row", p.index.Name)
		}
		return row, err
	}
	floor := p.floor
	minAgree := pigeonhole.MinAgree(x.numPerm, p.t)
	pre := func(i, j int32) bool { return agreeLowBits(lows[i], lows[j]) >= floor }
	var full func(i, j int32) (float64, bool, error)
	if p.text {
		full = func(i, j int32) (float64, bool, error) {
			var tc [2]map[string]int64
			for k, it := range []int32{i, j} {
				if tc[k] = texts[it]; tc[k] == nil {
					rw, err := row(it)
					if err != nil {
						return 0, false, err
					}
					if tc[k], err = termCounts(ctx, rw[textCol]); err != nil {
						return 0, false, err
					}
					texts[it] = tc[k]
				}
			}
			if tc[0] == nil || tc[1] == nil {
				return 0, false, nil // NULL text
			}
			jc := textsim.JaccardCounts(tc[0], tc[1])
			return jc, jc >= p.t, nil
		}
	} else {
		full = func(i, j int32) (float64, bool, error) {
			var s [2]textsim.Signature
			for k, it := range []int32{i, j} {
				var ok bool
				if s[k], ok = sigs[it]; !ok {
					rw, err := row(it)
					if err != nil {
						return 0, false, err
					}
					if s[k], err = x.signature(rw[col]); err != nil {
						return 0, false, err
					}
					sigs[it] = s[k]
				}
			}
			a := agree(s[0].Values, s[1].Values)
			return float64(a) / float64(x.numPerm), a >= minAgree, nil
		}
	}
	search := newRunSearch(ctx, pre, full)
	for b := range x.bands {
		var key []byte
		var runKeys []byte // the run's row keys, end to end
		var ends []int
		var members []int32
		flush := func() error {
			if len(ends) < 2 {
				return nil
			}
			members = members[:0]
			start := 0
			for _, end := range ends {
				it, err := itemOf(runKeys[start:end])
				if err != nil {
					return err
				}
				members = append(members, it)
				start = end
			}
			slices.Sort(members)
			return search.run(members)
		}
		prefix := []byte{byte(b >> 8), byte(b)}
		entries := 0
		err := r.Scan(prefix, func(k, rowKey, _ []byte) error {
			if entries++; entries&4095 == 0 && ctx.Err() != nil {
				return context.Cause(ctx)
			}
			if !bytes.Equal(k, key) {
				if err := flush(); err != nil {
					return err
				}
				key, runKeys, ends = append(key[:0], k...), runKeys[:0], ends[:0]
			}
			runKeys = append(runKeys, rowKey...)
			ends = append(ends, len(runKeys))
			return nil
		})
		if err == nil {
			err = flush()
		}
		if err != nil {
			return nil, nil, err
		}
	}
	// Renumber the items in row-key order, which is primary-key order.
	order := make([]int32, len(rowKeys))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return bytes.Compare(rowKeys[a], rowKeys[b]) })
	rank := make([]int32, len(order))
	sorted := make([][]byte, len(order))
	for pos, it := range order {
		rank[it] = int32(pos)
		sorted[pos] = rowKeys[it]
	}
	pairs := search.pairs
	for i := range pairs {
		a, b := rank[pairs[i].i], rank[pairs[i].j]
		pairs[i].i, pairs[i].j = min(a, b), max(a, b)
	}
	return sorted, pairs, nil
}

// agreeLowBits counts the slots whose low 16 bits agree in two signature
// entries.
func agreeLowBits(a, b []byte) int {
	n := 0
	for i := 0; i+1 < len(a) && i+1 < len(b); i += 2 {
		if a[i] == b[i] && a[i+1] == b[i+1] {
			n++
		}
	}
	return n
}

// termCounts reads a text value as jaccard() does; nil for NULL.
func termCounts(ctx *sql.Context, v any) (map[string]int64, error) {
	if v == nil {
		return nil, nil
	}
	text, err := functions.Text(ctx, "jaccard", v)
	if err != nil {
		return nil, err
	}
	return textsim.Default().TermCounts(text), nil
}

// fromScan finds the pairs by a table scan: the signatures of the column
// (or of the texts, signed with the default parameters), banded in memory.
func (p *similarityPairs) fromScan(ctx *sql.Context) ([]any, []simPair, error) {
	pkCol := p.table.Schema()[p.table.PrimaryKeySchema().PkOrdinals[0]].Name
	var ids []any
	var sigs []textsim.Signature
	var texts []map[string]int64
	var hasher *textsim.MinHasher
	if p.text {
		var err error
		if hasher, err = textsim.NewMinHasher(textsim.DefaultNumPerm, textsim.DefaultSeed); err != nil {
			return nil, nil, err
		}
	}
	err := p.table.ScanColumns(ctx, []string{pkCol, p.column}, func(_ []byte, vals []any) error {
		if vals[1] == nil {
			return nil
		}
		var sig textsim.Signature
		if p.text {
			tc, err := termCounts(ctx, vals[1])
			if err != nil {
				return err
			}
			set := make([]string, 0, len(tc))
			for w := range tc {
				set = append(set, w)
			}
			sig = hasher.Sum(set)
			texts = append(texts, tc)
		} else {
			b, ok := vals[1].([]byte)
			if !ok || !textsim.IsSignature(b) {
				return functions.ErrInvalidSignature.New("near_duplicates", fmt.Sprintf("a %d-byte value that is not a minhash() signature", len(b)))
			}
			var err error
			if sig, err = textsim.ParseSignature(b); err != nil {
				return functions.ErrInvalidSignature.New("near_duplicates", err.Error())
			}
			if len(sigs) > 0 && (len(sig.Values) != len(sigs[0].Values) || sig.Seed != sigs[0].Seed) {
				return functions.ErrIncompatibleSignatures.New("near_duplicates", fmt.Sprintf("%d permutations with seed %d against %d with seed %d",
					len(sig.Values), sig.Seed, len(sigs[0].Values), sigs[0].Seed))
			}
		}
		ids = append(ids, vals[0])
		sigs = append(sigs, sig)
		return nil
	})
	if err != nil || len(sigs) < 2 {
		return ids, nil, err
	}
	n := len(sigs[0].Values)
	var bands []pigeonhole.Band
	var floor int
	var full func(i, j int32) (float64, bool, error)
	if p.text {
		b, r, ok := pigeonhole.ChooseRows(n, p.t, 1-MissProbability/2)
		if !ok {
			b, r = n, 1
		}
		bands = pigeonhole.Rows(b, r)
		floor, _ = pigeonhole.CandidateFloor(n, bands, p.t, MissProbability)
		full = func(i, j int32) (float64, bool, error) {
			jc := textsim.JaccardCounts(texts[i], texts[j])
			return jc, jc >= p.t, nil
		}
	} else {
		if bands, err = pigeonhole.ExactBands(n, p.t, 1); err != nil {
			return nil, nil, err
		}
		floor = pigeonhole.MinAgree(n, p.t)
		full = func(i, j int32) (float64, bool, error) {
			a := agree(sigs[i].Values, sigs[j].Values)
			return float64(a) / float64(n), true, nil
		}
	}
	pre := func(i, j int32) bool { return agree(sigs[i].Values, sigs[j].Values) >= floor }
	search := newRunSearch(ctx, pre, full)
	keys := make([]uint64, len(sigs))
	order := make([]int32, len(sigs))
	for _, band := range bands {
		for i := range sigs {
			keys[i] = bandHash(sigs[i].Values[band.Lo:band.Hi])
			order[i] = int32(i)
		}
		slices.SortFunc(order, func(a, b int32) int {
			if keys[a] != keys[b] {
				if keys[a] < keys[b] {
					return -1
				}
				return 1
			}
			return int(a - b)
		})
		for lo := 0; lo < len(order); {
			hi := lo + 1
			for hi < len(order) && keys[order[hi]] == keys[order[lo]] {
				hi++
			}
			if hi-lo > 1 {
				if err := search.run(order[lo:hi]); err != nil {
					return nil, nil, err
				}
			}
			lo = hi
		}
	}
	return ids, search.pairs, nil
}
