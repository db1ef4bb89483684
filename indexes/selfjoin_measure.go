package indexes

import (
	"bytes"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/functions"
)

// A self-join on jaccard(a.body, b.body) >= t verifies every pair in the
// index's search (similarityPairs), with the exact Jaccard of the texts'
// term counts; the filter above, which holds the join's whole condition,
// would measure it again, tokenizing both texts of every joined row
// (twice per pair: both orders). 761 real licence texts, 1,232 pairs:
// 19.7 s against 4.3 s for near_duplicates, four fifths of it in
// textsim.Analyzer.TermCounts. The filter's jaccard(a.body, b.body) reads
// the search's measure instead (pairSimilarity), for the pair just
// returned, whenever its texts are those of that pair.

// currentPair is the pair selfPairIter returned last, its two texts and
// their similarity, read by the filter above it. col is the texts' column
// in the table's rows, found at the first pair (colFound).
type currentPair struct {
	p        atomic.Pointer[measuredPair]
	col      int
	colFound bool
}

// measuredPair is a pair's two column values and their similarity.
type measuredPair struct {
	a, b any
	sim  float64
}

// set records the pair of rows l and r of search p's table, whose texts
// (p.column) have similarity sim.
func (c *currentPair) set(p *similarityPairs, l, r sql.Row, sim float64) {
	if !c.colFound { // once, not per pair (set is called by one iterator)
		c.col, c.colFound = p.table.Schema().IndexOfColName(p.column), true
	}
	col := c.col
	if col < 0 || col >= len(l) || col >= len(r) {
		c.p.Store(nil)
		return
	}
	c.p.Store(&measuredPair{a: l[col], b: r[col], sim: sim})
}

// measuredBySearch returns cond with each jaccard() of the searched text
// column of both sides (la, ra) read from the pair just returned, and the
// pair's holder; cond itself and nil if the search does not measure
// jaccard().
func measuredBySearch(cond sql.Expression, search allPairs, la, ra string) (sql.Expression, *currentPair) {
	sp, ok := search.(*similarityPairs)
	if !ok || !sp.text {
		return cond, nil
	}
	cur := &currentPair{}
	ne, same, err := transform.Expr(cond, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		j, ok := e.(*functions.Jaccard)
		if !ok {
			return e, transform.SameTree, nil
		}
		ch := j.Children()
		if !sameColumnOfSides(ch[0], ch[1], la, ra) || !strings.EqualFold(ch[0].(*expression.GetField).Name(), sp.column) {
			return e, transform.SameTree, nil
		}
		return &pairSimilarity{Jaccard: j, cur: cur}, transform.NewTree, nil
	})
	if err != nil || same == transform.SameTree {
		return cond, nil
	}
	return ne, cur
}

// pairSimilarity is jaccard(a.body, b.body) in the filter above a
// selfJoinPairs: the search's measure of the pair just returned when the
// row's two texts are that pair's (equal values, in either order), else
// jaccard() itself. EXPLAIN shows it as jaccard().
type pairSimilarity struct {
	*functions.Jaccard
	cur *currentPair
}

var _ sql.Expression = (*pairSimilarity)(nil)

// Eval implements sql.Expression.
func (p *pairSimilarity) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	if m := p.cur.p.Load(); m != nil {
		ch := p.Jaccard.Children()
		x, err := ch[0].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		y, err := ch[1].Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		if (sameText(x, m.a) && sameText(y, m.b)) || (sameText(x, m.b) && sameText(y, m.a)) {
			return m.sim, nil
		}
	}
	return p.Jaccard.Eval(ctx, row)
}

// sameText reports whether two column values are the same non-NULL text
// (a string or bytes), whose jaccard() is therefore the same.
func sameText(x, y any) bool {
	switch a := x.(type) {
	case string:
		b, ok := y.(string)
		return ok && a == b
	case []byte:
		b, ok := y.([]byte)
		return ok && bytes.Equal(a, b)
	}
	return false
}

// WithChildren implements sql.Expression.
func (p *pairSimilarity) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	ne, err := p.Jaccard.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	j, ok := ne.(*functions.Jaccard)
	if !ok {
		return ne, nil
	}
	return &pairSimilarity{Jaccard: j, cur: p.cur}, nil
}
