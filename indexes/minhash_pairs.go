package indexes

import (
	"context"
	"encoding/binary"
	"fmt"
	"math/bits"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

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
// floor of slots (bandCandidates, on both cores). With a minhash index on
// the column (or, for a text column, on a stored minhash(column) column)
// the bands are the index's, over the low 16 bits of the slots that its
// signature entries hold, read in one pass in key order; rows are read
// only for the candidates' signatures or texts (and ids). Without one,
// signatures are read (or, for texts, computed with the default 128
// permutations) by a table scan and banded in memory. Signatures: exact
// bands for t (pigeonhole.ExactBands), so the answer equals the
// brute-force one; texts: bands and floor that miss a pair at Jaccard t
// with probability at most MissProbability, each candidate verified by the
// exact Jaccard, so precision is 1.
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
// groups the rows of the connected components.
func (p *similarityPairs) rows(ctx *sql.Context, groups bool) ([]sql.Row, error) {
	if p.index == nil {
		ids, pairs, sim, err := p.fromScan(ctx)
		if err != nil {
			return nil, err
		}
		return answer(ctx, pairs, groups, func(i int32) any { return ids[i] }, sim)
	}
	var out []sql.Row
	err := p.table.ReadIndex(ctx, p.index, func(r *catalog.IndexReader) error {
		items, pairs, sim, err := p.fromEither(ctx, r)
		if err != nil {
			return err
		}
		out, err = answer(ctx, pairs, groups, func(i int32) any { return items.ids[i] }, sim)
		return err
	})
	return out, err
}

// indexItems are the items of a search through an index: their ids (nil
// for those not read) and row keys.
type indexItems struct {
	ids    []any
	rowKey func(i int32) []byte
}

// fromEither finds the pairs from the index, by its signature entries
// (format 1) or its bands' runs (format 2), with the similarity of any
// two of the items read (measured for a group's diameter).
func (p *similarityPairs) fromEither(ctx *sql.Context, r *catalog.IndexReader) (indexItems, []simPair, func(i, j int32) float64, error) {
	if minhashOf(p.index).sigEntry {
		return p.fromIndex(ctx, r)
	}
	return p.fromBands(ctx, r)
}

// minhashSelfJoin is the self-join matcher of minhash indexes:
// minhash_jaccard(a.sig, b.sig) >= t, or jaccard(a.body, b.body) >= t (the
// forms of matchSimBound), with the index that the point query would
// choose (chooseMinhash: for minhash_jaccard an exact index with t' ≤ t,
// so the search finds every pair; for jaccard any index on a stored
// minhash(body) whose candidates miss a pair at t with probability at most
// MissProbability, as the lookups do).
func minhashSelfJoin(ctx *sql.Context, t, other *catalog.Table, c sql.Expression, a, b string) (allPairs, bool) {
	bd, ok := matchSimBound(c)
	if !ok || !sameColumnOfSides(bd.args[0], bd.args[1], a, b) {
		return nil, false
	}
	th, ok := bd.threshold(ctx)
	if !ok {
		return nil, false
	}
	column := bd.args[0].(*expression.GetField).Name()
	choice, ok := chooseMinhash(ctx, t.CustomIndexes(MinHashKind{}.Name()), bd, column)
	if !ok || !allowsIndex(other, choice.index) {
		return nil, false
	}
	return &similarityPairs{table: t, column: column, text: bd.jaccard, t: th, index: choice.index, floor: choice.minAgree}, true
}

// pairs implements allPairs: the pairs near_duplicates would give, with
// their exact jaccard() for a text column.
func (p *similarityPairs) pairs(ctx *sql.Context) ([][2]int32, []float64, func(int32) []byte, error) {
	var out [][2]int32
	var sims []float64
	var rowKey func(int32) []byte
	err := p.table.ReadIndex(ctx, p.index, func(r *catalog.IndexReader) error {
		items, pairs, _, err := p.fromEither(ctx, r)
		out = make([][2]int32, len(pairs))
		if p.text {
			sims = make([]float64, len(pairs))
		}
		for k, pr := range pairs {
			out[k] = [2]int32{pr.i, pr.j}
			if p.text {
				sims[k] = pr.sim
			}
		}
		rowKey = items.rowKey
		return err
	})
	return out, sims, rowKey, err
}

func (p *similarityPairs) reads() string { return p.index.Name }

func (p *similarityPairs) describe() string {
	if p.text {
		return p.how() + ", verified by jaccard"
	}
	return p.how()
}

// answer turns verified pairs into rows: sorted (left_id, right_id,
// similarity), or for each member of a connected component of two or
// more, in primary-key order, (id, group_id, min_similarity,
// representative): group_id is the component's smallest id,
// min_similarity its diameter (the smallest similarity of any two of its
// members, measured by sim) and representative the id of the member in
// the most pairs (the smallest id among those tied). Items are numbered in
// primary-key order.
func answer(ctx *sql.Context, pairs []simPair, groups bool, id func(i int32) any, sim func(i, j int32) float64) ([]sql.Row, error) {
	if !groups {
		slices.SortFunc(pairs, func(a, b simPair) int {
			if a.i != b.i {
				return int(a.i - b.i)
			}
			return int(a.j - b.j)
		})
		rows := make([]sql.Row, 0, len(pairs))
		for _, pr := range pairs {
			rows = append(rows, sql.Row{id(pr.i), id(pr.j), pr.sim})
		}
		return rows, ctx.Err()
	}
	edges := make([][2]int32, len(pairs))
	for k, pr := range pairs {
		edges[k] = [2]int32{pr.i, pr.j}
	}
	type member struct {
		item int32
		row  sql.Row
	}
	var members []member
	for _, g := range nearGroups(edges, func(a, b int32) int { return int(a - b) }) {
		d, err := groupDiameter(ctx, g, sim, func(x, y float64) bool { return x < y })
		if err != nil {
			return nil, err
		}
		for _, m := range g.members {
			members = append(members, member{m, sql.Row{id(m), id(g.members[0]), d, id(g.rep)}})
		}
	}
	slices.SortFunc(members, func(a, b member) int { return int(a.item - b.item) })
	rows := make([]sql.Row, len(members))
	for k, m := range members {
		rows[k] = m.row
	}
	return rows, ctx.Err()
}

// bandSource is what the band search reads of n items (rows numbered in
// primary-key order, 0 … n−1) of slots slots each: for band b of item i a
// 32-bit key, equal for two items that agree on every slot of the band
// (and, by chance, now and then for two that do not); whether two items
// agree on every slot of band b; and the slots in which two items agree,
// as a bit set (bit s of word s/64 for slot s, ⌈slots/64⌉ words). The
// methods are called from several goroutines at once and must only read.
type bandSource interface {
	key(b, i int) uint32
	same(b, i, j int) bool
	agreement(i, j int, dst []uint64)
}

// ones counts the bits of a bit set.
func ones(set []uint64) int {
	n := 0
	for _, w := range set {
		n += bits.OnesCount64(w)
	}
	return n
}

// bandCandidates returns the candidate pairs among n items of slots slots
// over src's nBands bands: the pairs that agree on every slot of a band and in at least
// floor slots in all, each once, as i<<32 | j with i < j, sorted.
//
// The keys of every band are computed first, item by item (each item's
// data read once, in order, on runtime.GOMAXPROCS goroutines). Then each
// band is searched on its own, the bands shared among as many goroutines:
// the band's keys, each packed with its item, are sorted (sortHigh32) and
// each run of equal keys is compared pairwise. A pair must agree on no
// earlier band — it is taken only in the first band on which it agrees,
// which costs less than a set of every pair seen and keeps no state across
// bands; only bands with equal keys are compared — on every slot of this
// one (equal keys may hide different slots), and in floor slots in all.
// The memory is 4 bytes per band and item, and 16 bytes per item and
// goroutine. A crowded band costs at most the pairwise comparison of its
// items. The search stops with the cause of ctx's end (KILL QUERY,
// max_execution_time, a closed connection) within about a thousand
// comparisons or one band's sort.
func bandCandidates(ctx context.Context, src bandSource, n, slots, nBands, floor int) ([]uint64, error) {
	if n < 2 || nBands < 1 {
		return nil, nil
	}
	workers := runtime.GOMAXPROCS(0)
	// keys[i*nBands+b] is band b's key of item i.
	keys := make([]uint32, nBands*n)
	chunk := max(4096, (n+workers-1)/workers)
	var wg sync.WaitGroup
	for lo := 0; lo < n; lo += chunk {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := lo; i < min(n, lo+chunk); i++ {
				if i&0xFFFF == 0xFFFF && ctx.Err() != nil {
					return
				}
				for b := range nBands {
					keys[i*nBands+b] = src.key(b, i)
				}
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	workers = min(workers, nBands)
	var next atomic.Int64
	results := make([][]uint64, workers)
	errs := make([]error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := &bandSearcher{ctx: ctx, src: src, nb: nBands, floor: floor,
				packed: make([]uint64, n), tmp: make([]uint64, n), set: make([]uint64, (slots+63)/64)}
			for {
				b := int(next.Add(1) - 1)
				if b >= nBands || ctx.Err() != nil {
					break
				}
				if err := s.band(b, keys); err != nil {
					errs[w] = err
					return
				}
			}
			results[w] = s.out
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var out []uint64
	for _, r := range results {
		out = append(out, r...)
	}
	slices.Sort(out)
	return out, nil
}

// bandSearcher is one goroutine of bandCandidates, with its buffers.
type bandSearcher struct {
	ctx         context.Context
	src         bandSource
	nb          int // bands
	floor       int
	packed, tmp []uint64 // key<<32 | item
	set         []uint64 // the slots a pair agrees in
	checks      int
	out         []uint64
}

// band searches band b; keys[i*s.nb+b] is band b's key of item i.
func (s *bandSearcher) band(b int, keys []uint32) error {
	nb := s.nb
	for i := range s.packed {
		s.packed[i] = uint64(keys[i*nb+b])<<32 | uint64(i)
	}
	sorted := sortHigh32(s.packed, s.tmp) // stable: a run's items stay ascending
	if s.ctx.Err() != nil {
		return context.Cause(s.ctx)
	}
	for lo := 0; lo < len(sorted); {
		hi := lo + 1
		for hi < len(sorted) && sorted[hi]>>32 == sorted[lo]>>32 {
			hi++
		}
		for x := lo; x < hi; x++ {
			i := int(uint32(sorted[x]))
			ki := keys[i*nb : (i+1)*nb]
			for y := x + 1; y < hi; y++ {
				if s.checks++; s.checks&1023 == 0 && s.ctx.Err() != nil {
					return context.Cause(s.ctx)
				}
				j := int(uint32(sorted[y]))
				if s.earlier(b, i, j, ki, keys[j*nb:(j+1)*nb]) || !s.src.same(b, i, j) {
					continue
				}
				if s.src.agreement(i, j, s.set); ones(s.set) >= s.floor {
					s.out = append(s.out, uint64(i)<<32|uint64(j))
				}
			}
		}
		lo = hi
	}
	return nil
}

// earlier reports whether items i and j, whose band keys are ki and kj,
// agree on a band before b: only bands with equal keys are compared.
func (s *bandSearcher) earlier(b, i, j int, ki, kj []uint32) bool {
	for e := range b {
		if ki[e] == kj[e] && s.src.same(e, i, j) {
			return true
		}
	}
	return false
}

// sortHigh32 sorts a by its top 32 bits, stably, using tmp (as long as a)
// as scratch, and returns the sorted slice (a or tmp): a least significant
// digit first radix sort in three passes of 11, 11 and 10 bits, the
// counts of all three taken in one pass; a pass whose digit every element
// shares is skipped.
func sortHigh32(a, tmp []uint64) []uint64 {
	var counts [3][2048]int
	for _, v := range a {
		counts[0][v>>32&0x7FF]++
		counts[1][v>>43&0x7FF]++
		counts[2][v>>54]++
	}
	for pass, shift := range [3]uint{32, 43, 54} {
		c := &counts[pass]
		if c[a[0]>>shift&0x7FF] == len(a) {
			continue
		}
		sum := 0
		for d, n := range c {
			c[d] = sum
			sum += n
		}
		for _, v := range a {
			d := v >> shift & 0x7FF
			tmp[c[d]] = v
			c[d]++
		}
		a, tmp = tmp, a
	}
	return a
}

// verifyPairs verifies the candidates (i<<32 | j) in parallel: full gives
// a pair's similarity and whether it qualifies. full must only read. It
// stops with the cause of ctx's end.
func verifyPairs(ctx context.Context, cands []uint64, full func(i, j int32) (float64, bool)) ([]simPair, error) {
	workers := runtime.GOMAXPROCS(0)
	chunk := max(1024, (len(cands)+workers-1)/workers)
	found := make([][]simPair, (len(cands)+chunk-1)/chunk)
	var wg sync.WaitGroup
	for c := range found {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k, pk := range cands[c*chunk : min(len(cands), (c+1)*chunk)] {
				if k&1023 == 1023 && ctx.Err() != nil {
					return
				}
				i, j := int32(pk>>32), int32(uint32(pk))
				if sim, ok := full(i, j); ok {
					found[c] = append(found[c], simPair{i, j, sim})
				}
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return nil, context.Cause(ctx)
	}
	var out []simPair
	for _, f := range found {
		out = append(out, f...)
	}
	return out, nil
}

// candidateItems returns the items of the candidates, ascending, once each.
func candidateItems(cands []uint64) []int32 {
	items := make([]int32, 0, 2*len(cands))
	for _, pk := range cands {
		items = append(items, int32(pk>>32), int32(uint32(pk)))
	}
	slices.Sort(items)
	return slices.Compact(items)
}

// lowSource is the index path's bandSource: the items' signature entries
// (the low 16 bits of every slot, big-endian, 2·slots bytes each, end to
// end), banded as the index is. Two items that agree on a band agree on
// its low bits, so these bands' candidates include the index's.
type lowSource struct {
	lows  []byte
	slots int
	bands []pigeonhole.Band
}

func (s *lowSource) key(b, i int) uint32 {
	w := 2 * s.slots
	return uint32(mixBytes(s.lows[i*w+2*s.bands[b].Lo : i*w+2*s.bands[b].Hi]))
}

func (s *lowSource) same(b, i, j int) bool {
	w, lo, hi := 2*s.slots, 2*s.bands[b].Lo, 2*s.bands[b].Hi
	return string(s.lows[i*w+lo:i*w+hi]) == string(s.lows[j*w+lo:j*w+hi])
}

func (s *lowSource) agreement(i, j int, dst []uint64) {
	w := 2 * s.slots
	lowAgreement(s.lows[i*w:(i+1)*w], s.lows[j*w:(j+1)*w], dst)
}

// lowAgreement sets in dst (cleared first) the slots whose low 16 bits
// agree in two signature entries of equal length, four slots at a time.
func lowAgreement(a, b []byte, dst []uint64) {
	clear(dst)
	slot := 0
	for ; 2*slot+8 <= len(a); slot += 4 {
		x := binary.LittleEndian.Uint64(a[2*slot:]) ^ binary.LittleEndian.Uint64(b[2*slot:])
		// A lane of 16 zero bits is a slot that agrees; slot is a
		// multiple of 4, so the four stay in one word.
		var m uint64
		for lane := range 4 {
			if x>>(16*lane)&0xFFFF == 0 {
				m |= 1 << lane
			}
		}
		dst[slot/64] |= m << (slot % 64)
	}
	for ; 2*slot+1 < len(a); slot++ {
		if a[2*slot] == b[2*slot] && a[2*slot+1] == b[2*slot+1] {
			dst[slot/64] |= 1 << (slot % 64)
		}
	}
}

// mixBytes hashes a band's bytes, 8 at a time, for bandCandidates' keys
// (not stored: equal bytes give equal keys, and the runs are checked slot
// by slot).
func mixBytes(b []byte) uint64 {
	h := uint64(len(b)) * 0x9E3779B97F4A7C15
	for ; len(b) >= 8; b = b[8:] {
		h = (h ^ binary.LittleEndian.Uint64(b)) * 0xBF58476D1CE4E5B9
		h ^= h >> 29
	}
	for _, c := range b {
		h = (h ^ uint64(c)) * 0x94D049BB133111EB
	}
	return h ^ h>>32
}

// slotSource is the scan path's bandSource: the items' slot values
// (slots each, end to end).
type slotSource struct {
	vals  []uint64
	slots int
	bands []pigeonhole.Band
}

func (s *slotSource) key(b, i int) uint32 {
	h := uint64(0x9E3779B97F4A7C15)
	for _, v := range s.vals[i*s.slots+s.bands[b].Lo : i*s.slots+s.bands[b].Hi] {
		h = (h ^ v) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return uint32(h ^ h>>32)
}

func (s *slotSource) same(b, i, j int) bool {
	lo, hi := s.bands[b].Lo, s.bands[b].Hi
	return slices.Equal(s.vals[i*s.slots+lo:i*s.slots+hi], s.vals[j*s.slots+lo:j*s.slots+hi])
}

func (s *slotSource) agreement(i, j int, dst []uint64) {
	clear(dst)
	a, b := s.vals[i*s.slots:(i+1)*s.slots], s.vals[j*s.slots:(j+1)*s.slots]
	for k, v := range a {
		if v == b[k] {
			dst[k/64] |= 1 << (k % 64)
		}
	}
}

// fromIndex finds the pairs from the index: its signature entries, one
// per row, read in key order (row-key order, which is primary-key order),
// banded in memory as the index is (bandCandidates); rows are read only
// for the candidates, to verify them from their signatures or texts. It
// returns the ids of the items (nil for those not read) and the pairs.
func (p *similarityPairs) fromIndex(ctx *sql.Context, r *catalog.IndexReader) (indexItems, []simPair, func(i, j int32) float64, error) {
	x := minhashOf(p.index)
	w := 2 * x.numPerm
	// Count the entries first, so that the copies are made once.
	entries, keyBytes := 0, 0
	err := r.Scan(sigKey[:2], func(_, rowKey, _ []byte) error {
		if entries++; entries&65535 == 0 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		keyBytes += len(rowKey)
		return nil
	})
	if err != nil {
		return indexItems{}, nil, nil, err
	}
	lows, rowKeys, ends := make([]byte, 0, entries*w), make([]byte, 0, keyBytes), make([]int, 0, entries)
	entries = 0
	err = r.Scan(sigKey[:2], func(k, rowKey, low []byte) error {
		if entries++; entries&4095 == 0 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		if len(low) != w {
			return fmt.Errorf("minhash index %s: a damaged signature entry", p.index.Name)
		}
		lows = append(lows, low...)
		rowKeys = append(rowKeys, rowKey...)
		ends = append(ends, len(rowKeys))
		return nil
	})
	if err != nil {
		return indexItems{}, nil, nil, err
	}
	n := len(ends)
	rowKey := func(i int32) []byte {
		start := 0
		if i > 0 {
			start = ends[i-1]
		}
		return rowKeys[start:ends[i]]
	}
	src := &lowSource{lows: lows, slots: x.numPerm, bands: x.bands}
	cands, err := bandCandidates(ctx, src, n, x.numPerm, len(x.bands), p.floor)
	if err != nil {
		return indexItems{}, nil, nil, err
	}
	// Read the candidates' rows, in key order.
	items := candidateItems(cands)
	// The slots of the items read, and for a text column their term counts.
	read, vals, texts, err := p.readItems(ctx, r, len(items), func(k int) []byte { return rowKey(items[k]) }, true)
	if err != nil {
		return indexItems{}, nil, nil, err
	}
	ids := make([]any, n)
	at := make(map[int32]int32, len(items)) // item → its place among those read
	for k, it := range items {
		ids[it], at[it] = read[k], int32(k)
	}
	nv := x.numPerm
	agreeing := func(i, j int32) int {
		a, b := int(at[i])*nv, int(at[j])*nv
		return agree(vals[a:a+nv], vals[b:b+nv])
	}
	// measure is the similarity of two items read, whatever their slots:
	// a group's diameter is measured on pairs that are not candidates.
	var measure func(i, j int32) float64
	var full func(i, j int32) (float64, bool)
	if p.text {
		measure = func(i, j int32) float64 { return textsim.JaccardCounts(texts[at[i]], texts[at[j]]) }
		// The floor again on the full slots (the low bits may agree where
		// the slots do not), as a lookup checks its candidates.
		full = func(i, j int32) (float64, bool) {
			if texts[at[i]] == nil || texts[at[j]] == nil || agreeing(i, j) < p.floor {
				return 0, false // NULL text, or too few slots agree
			}
			jc := measure(i, j)
			return jc, jc >= p.t
		}
	} else {
		measure = func(i, j int32) float64 { return float64(agreeing(i, j)) / float64(nv) }
		m := pigeonhole.MinAgree(nv, p.t)
		full = func(i, j int32) (float64, bool) { return measure(i, j), agreeing(i, j) >= m }
	}
	pairs, err := verifyPairs(ctx, cands, full)
	return indexItems{ids, rowKey}, pairs, measure, err
}

// fromBands finds the pairs from an index without signature entries
// (format 2): in each band, the entries of equal keys — the rows that
// agree on the band, or whose band hashes collide — are adjacent; each
// such run of two or more (IndexReader.Runs) is kept (its rows, 4 bytes
// each). The runs' rows
// are read in key order (primary-key order: they are numbered so), and
// each run is compared pairwise on both cores, as bandCandidates compares
// a band's groups: a pair is taken only in the first band on which its
// slots agree in full, if it agrees in at least the floor of slots and,
// for a text column, its exact jaccard() reaches t. A crowded run costs
// its pairwise comparison and nothing more is kept of it than its
// qualifying pairs.
func (p *similarityPairs) fromBands(ctx *sql.Context, r *catalog.IndexReader) (indexItems, []simPair, func(i, j int32) float64, error) {
	x := minhashOf(p.index)
	seen := map[string]int32{} // row key → provisional item
	var keys []string          // provisional item → row key
	item := func(rowKey []byte) int32 {
		if i, ok := seen[string(rowKey)]; ok {
			return i
		}
		i := int32(len(keys))
		seen[string(rowKey)] = i
		keys = append(keys, string(rowKey))
		return i
	}
	type run struct{ band, lo, hi int } // members[lo:hi]
	var runs []run
	var members []int32
	for b := range x.bands {
		prefix := binary.BigEndian.AppendUint16(nil, uint16(b))
		n := 0
		err := r.Runs(prefix, func(_ []byte, rowKeys [][]byte) error {
			if n++; n&1023 == 0 && ctx.Err() != nil {
				return context.Cause(ctx)
			}
			lo := len(members)
			for _, rk := range rowKeys {
				members = append(members, item(rk))
			}
			runs = append(runs, run{b, lo, len(members)})
			return nil
		})
		if err == nil {
			err = ctx.Err()
		}
		if err != nil {
			return indexItems{}, nil, nil, err
		}
	}
	// Number the runs' rows in key order and read them.
	order := make([]int32, len(keys))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return strings.Compare(keys[a], keys[b]) })
	final := make([]int32, len(keys))
	for k, i := range order {
		final[i] = int32(k)
	}
	for k, m := range members {
		members[k] = final[m]
	}
	nv := x.numPerm
	ids, vals, texts, err := p.readItems(ctx, r, len(order), func(k int) []byte { return []byte(keys[order[k]]) }, true)
	if err != nil {
		return indexItems{}, nil, nil, err
	}
	sigOf := func(i int32) []uint64 { return vals[int(i)*nv : int(i+1)*nv] }
	sameBand := func(e int, a, b []uint64) bool {
		return slices.Equal(a[x.bands[e].Lo:x.bands[e].Hi], b[x.bands[e].Lo:x.bands[e].Hi])
	}
	// measure is the similarity of two items read, whatever their slots
	// (as fromIndex's).
	var measure func(i, j int32) float64
	var full func(i, j int32) (float64, bool)
	if p.text {
		measure = func(i, j int32) float64 { return textsim.JaccardCounts(texts[i], texts[j]) }
		full = func(i, j int32) (float64, bool) {
			if texts[i] == nil || texts[j] == nil || agree(sigOf(i), sigOf(j)) < p.floor {
				return 0, false
			}
			jc := measure(i, j)
			return jc, jc >= p.t
		}
	} else {
		measure = func(i, j int32) float64 { return float64(agree(sigOf(i), sigOf(j))) / float64(nv) }
		m := pigeonhole.MinAgree(nv, p.t)
		full = func(i, j int32) (float64, bool) {
			ag := agree(sigOf(i), sigOf(j))
			return float64(ag) / float64(nv), ag >= m
		}
	}
	// Compare the runs pairwise, the runs shared among the cores.
	workers := runtime.GOMAXPROCS(0)
	found := make([][]simPair, workers)
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			checks := 0
			for {
				k := int(next.Add(1) - 1)
				if k >= len(runs) || ctx.Err() != nil {
					return
				}
				rn := runs[k]
				ms := members[rn.lo:rn.hi]
				for a := range ms {
					for c := a + 1; c < len(ms); c++ {
						if checks++; checks&1023 == 0 && ctx.Err() != nil {
							return
						}
						i, j := min(ms[a], ms[c]), max(ms[a], ms[c])
						si, sj := sigOf(i), sigOf(j)
						if !sameBand(rn.band, si, sj) {
							continue // the band hashes collide
						}
						earlier := false
						for e := range rn.band {
							if sameBand(e, si, sj) {
								earlier = true
								break
							}
						}
						if earlier {
							continue // taken in its first band
						}
						if sim, ok := full(i, j); ok {
							found[w] = append(found[w], simPair{i, j, sim})
						}
					}
				}
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return indexItems{}, nil, nil, context.Cause(ctx)
	}
	var pairs []simPair
	for _, f := range found {
		pairs = append(pairs, f...)
	}
	rowKey := func(i int32) []byte { return []byte(keys[order[i]]) }
	return indexItems{ids, rowKey}, pairs, measure, nil
}

// readItems reads the rows of n items, the k-th under rowKey(k), as the
// index paths compare them: their ids; with sigs their signatures' slots,
// end to end; for a text column their term counts. It stops with the cause
// of ctx's end.
func (p *similarityPairs) readItems(ctx *sql.Context, r *catalog.IndexReader, n int, rowKey func(k int) []byte, sigs bool) (ids []any, vals []uint64, texts []map[string]int64, err error) {
	x := minhashOf(p.index)
	col := p.table.Schema().IndexOfColName(p.index.Columns[0])
	textCol := p.table.Schema().IndexOfColName(p.column)
	pk := p.table.PrimaryKeySchema().PkOrdinals[0]
	ids = make([]any, n)
	if sigs {
		vals = make([]uint64, 0, n*x.numPerm)
	}
	for k := range n {
		if k&1023 == 1023 && ctx.Err() != nil {
			return nil, nil, nil, context.Cause(ctx)
		}
		row, err := r.Row(rowKey(k))
		if err == nil && row == nil {
			err = fmt.Errorf("minhash index %s: entry for a missing row", p.index.Name)
		}
		if err != nil {
			return nil, nil, nil, err
		}
		ids[k] = row[pk]
		if sigs {
			sig, err := x.signature(row[col])
			if err != nil {
				return nil, nil, nil, err
			}
			vals = append(vals, sig.Values...)
		}
		if p.text {
			tc, err := termCounts(ctx, row[textCol])
			if err != nil {
				return nil, nil, nil, err
			}
			texts = append(texts, tc)
		}
	}
	return ids, vals, texts, nil
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
// (or of the texts, signed with the default parameters), banded in memory
// (bandCandidates) and verified.
func (p *similarityPairs) fromScan(ctx *sql.Context) ([]any, []simPair, func(i, j int32) float64, error) {
	pkCol := p.table.Schema()[p.table.PrimaryKeySchema().PkOrdinals[0]].Name
	var ids []any
	var vals []uint64 // the items' slots, end to end
	var texts []map[string]int64
	var hasher *textsim.MinHasher
	n, seed := -1, uint64(0) // the signatures' num_perm and seed
	if p.text {
		var err error
		if hasher, err = textsim.NewMinHasher(textsim.DefaultNumPerm, textsim.DefaultSeed); err != nil {
			return nil, nil, nil, err
		}
		n = textsim.DefaultNumPerm
	}
	var set []string
	err := p.table.ScanColumns(ctx, []string{pkCol, p.column}, func(_ []byte, v []any) error {
		if v[1] == nil {
			return nil
		}
		if len(ids)&4095 == 4095 && ctx.Err() != nil {
			return context.Cause(ctx)
		}
		var sig textsim.Signature
		if p.text {
			tc, err := termCounts(ctx, v[1])
			if err != nil {
				return err
			}
			set = set[:0]
			for w := range tc {
				set = append(set, w)
			}
			sig = hasher.Sum(set)
			texts = append(texts, tc)
		} else {
			b, ok := v[1].([]byte)
			if !ok || !textsim.IsSignature(b) {
				return functions.ErrInvalidSignature.New("near_duplicates", fmt.Sprintf("a %d-byte value that is not a minhash() signature", len(b)))
			}
			var err error
			if sig, err = textsim.ParseSignature(b); err != nil {
				return functions.ErrInvalidSignature.New("near_duplicates", err.Error())
			}
			if n < 0 {
				n, seed = len(sig.Values), sig.Seed
			} else if len(sig.Values) != n || sig.Seed != seed {
				return functions.ErrIncompatibleSignatures.New("near_duplicates", fmt.Sprintf("%d permutations with seed %d against %d with seed %d",
					len(sig.Values), sig.Seed, n, seed))
			}
		}
		ids = append(ids, v[0])
		vals = append(vals, sig.Values...)
		return nil
	})
	if err != nil || len(ids) < 2 {
		return ids, nil, nil, err
	}
	var bands []pigeonhole.Band
	var floor int
	var full func(i, j int32) (float64, bool)
	if p.text {
		b, r, ok := pigeonhole.ChooseRows(n, p.t, 1-MissProbability/2)
		if !ok {
			b, r = n, 1
		}
		bands = pigeonhole.Rows(b, r)
		floor, _ = pigeonhole.CandidateFloor(n, bands, p.t, MissProbability)
		full = func(i, j int32) (float64, bool) {
			jc := textsim.JaccardCounts(texts[i], texts[j])
			return jc, jc >= p.t
		}
	} else {
		if bands, err = pigeonhole.ExactBands(n, p.t, 1); err != nil {
			return nil, nil, nil, err
		}
		floor = pigeonhole.MinAgree(n, p.t)
		full = func(i, j int32) (float64, bool) {
			a := agree(vals[int(i)*n:int(i+1)*n], vals[int(j)*n:int(j+1)*n])
			return float64(a) / float64(n), true // pre checked a ≥ floor
		}
	}
	cands, err := bandCandidates(ctx, &slotSource{vals: vals, slots: n, bands: bands}, len(ids), n, len(bands), floor)
	if err != nil {
		return nil, nil, nil, err
	}
	pairs, err := verifyPairs(ctx, cands, full)
	return ids, pairs, func(i, j int32) float64 { sim, _ := full(i, j); return sim }, err
}
