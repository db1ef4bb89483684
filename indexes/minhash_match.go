package indexes

import (
	"context"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/compat"
	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

// MissProbability is the largest probability with which the minhash index
// path of jaccard(body, E) ≥ t may miss a row at Jaccard similarity t: the
// candidate floor (pigeonhole.CandidateFloor) is chosen for it.
const MissProbability = 0.01

// simBound is a recognised lower bound on a similarity:
// minhash_jaccard(a, b) or jaccard(a, b) compared with a constant.
type simBound struct {
	args    [2]sql.Expression
	jaccard bool // jaccard(a, b) rather than minhash_jaccard(a, b)
	bound   sql.Expression
	// test is the comparison with the similarity replaced by lit.
	test func(lit sql.Expression) sql.Expression
	op   string
}

// matchSimBound recognises minhash_jaccard(a, b) or jaccard(a, b) in
// "s >= c", "s > c", "c <= s", "c < s" and "s BETWEEN c AND d", c and d
// constants (the upper bound stays in the filter).
func matchSimBound(e sql.Expression) (simBound, bool) {
	var s, c sql.Expression
	var b simBound
	// compat's comparisons (MySQL's: a DOUBLE with a DECIMAL as DOUBLE)
	// stand where go-mysql-server's would; the bound is tested with the
	// same node, rebuilt with the literal in the similarity's place.
	if op, l, r, ok := compat.Comparison(e); ok {
		rebuild := func(l, r sql.Expression) sql.Expression {
			ne, err := e.WithChildren(l, r)
			if err != nil {
				return expression.NewLiteral(false, types.Boolean)
			}
			return ne
		}
		switch op {
		case ">=", ">":
			s, c, b.op = l, r, op
			b.test = func(lit sql.Expression) sql.Expression { return rebuild(lit, c) }
		case "<=", "<":
			s, c, b.op = r, l, map[string]string{"<=": ">=", "<": ">"}[op]
			b.test = func(lit sql.Expression) sql.Expression { return rebuild(c, lit) }
		default:
			return simBound{}, false
		}
		return finishSimBound(b, s, c)
	}
	if x, lo, _, ok := compat.Between(e); ok {
		s, c, b.op = x, lo, ">="
		// x BETWEEN lo AND hi holds at most when x >= lo does; the upper
		// bound stays in the filter.
		b.test = func(lit sql.Expression) sql.Expression {
			ne, err := e.WithChildren(lit, c, expression.NewLiteral(2.0, types.Float64))
			if err != nil {
				return expression.NewLiteral(false, types.Boolean)
			}
			return ne
		}
		return finishSimBound(b, s, c)
	}
	switch x := e.(type) {
	case *expression.GreaterThanOrEqual:
		s, c, b.op = x.Left(), x.Right(), ">="
		b.test = func(l sql.Expression) sql.Expression { return expression.NewGreaterThanOrEqual(l, c) }
	case *expression.GreaterThan:
		s, c, b.op = x.Left(), x.Right(), ">"
		b.test = func(l sql.Expression) sql.Expression { return expression.NewGreaterThan(l, c) }
	case *expression.LessThanOrEqual:
		s, c, b.op = x.Right(), x.Left(), ">="
		b.test = func(l sql.Expression) sql.Expression { return expression.NewLessThanOrEqual(c, l) }
	case *expression.LessThan:
		s, c, b.op = x.Right(), x.Left(), ">"
		b.test = func(l sql.Expression) sql.Expression { return expression.NewLessThan(c, l) }
	case *expression.Between:
		s, c, b.op = x.Val, x.Lower, ">="
		b.test = func(l sql.Expression) sql.Expression { return expression.NewGreaterThanOrEqual(l, c) }
	default:
		return simBound{}, false
	}
	return finishSimBound(b, s, c)
}

// finishSimBound completes a bound s OP c whose similarity side is s.
func finishSimBound(b simBound, s, c sql.Expression) (simBound, bool) {
	switch f := s.(type) {
	case *functions.MinHashJaccard:
		ch := f.Children()
		b.args = [2]sql.Expression{ch[0], ch[1]}
	case *functions.Jaccard:
		ch := f.Children()
		b.args = [2]sql.Expression{ch[0], ch[1]}
		b.jaccard = true
	default:
		return simBound{}, false
	}
	if !isConstant(c) {
		return simBound{}, false
	}
	b.bound = c
	return b, true
}

// passes reports whether similarity v passes the bound, as the filter
// itself computes it.
func (b simBound) passes(ctx *sql.Context, v float64) bool {
	r, err := b.test(expression.NewLiteral(v, types.Float64)).Eval(ctx, nil)
	if err != nil || r == nil {
		return false
	}
	ok, _ := sql.ConvertToBool(ctx, r)
	return ok
}

// minAgree returns the fewest agreeing slots of n whose estimate passes
// the bound (n+1 if none does).
func (b simBound) minAgree(ctx *sql.Context, n int) int {
	lo, hi := 0, n+1 // passes(hi/n) is taken as true
	for lo < hi {
		mid := (lo + hi) / 2
		if b.passes(ctx, float64(mid)/float64(n)) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo
}

// threshold returns the bound's value as a similarity; ok is false for
// NULL or a value that is not a number.
func (b simBound) threshold(ctx *sql.Context) (float64, bool) {
	v, err := b.bound.Eval(ctx, nil)
	if err != nil || v == nil {
		return 0, false
	}
	f, _, err := types.Float64.Convert(ctx, v)
	if err != nil {
		return 0, false
	}
	t, ok := f.(float64)
	return t, ok
}

// minhashQuery is what the minhash index answers: the rows whose
// signature agrees with E's in at least minAgree slots (a superset of what
// the filter above keeps).
type minhashQuery struct {
	expr     sql.Expression // E, constant for the query
	text     bool           // E is a text to sign (jaccard), not a minhash_jaccard() argument
	minAgree int
}

// minhashChoice is an index chosen for a bound, and the query's floor.
type minhashChoice struct {
	index    *catalog.CustomIndex
	minAgree int
	explain  string
}

// chooseMinhash returns the minhash index among indexes that answers the
// bound b on table column col (the signature column for minhash_jaccard,
// the text column for jaccard) with the fewest candidates, and the
// candidates' floor; ok is false if none answers it.
//
// minhash_jaccard: an exact index for t ≤ the bound answers exactly (the
// one with the highest t, the fewest bands, wins); banded indexes never
// answer it, so its answer is always a scan's. jaccard: any index on a
// stored minhash(col) column whose bands miss a pair at the bound's
// Jaccard with probability at most MissProbability (with the floor that
// keeps the total within it); the highest floor wins.
func chooseMinhash(ctx *sql.Context, indexes []*catalog.CustomIndex, b simBound, col string) (minhashChoice, bool) {
	var best minhashChoice
	var bestScore float64 = -1
	for _, ci := range indexes {
		x := minhashOf(ci)
		n := x.numPerm
		if b.jaccard {
			if !strings.EqualFold(x.source, col) {
				continue
			}
			t, ok := b.threshold(ctx)
			if !ok || !(t > 0) {
				// jaccard() ≥ t ≤ 0 holds for every pair of texts, those
				// sharing no band too: a scan answers it.
				continue
			}
			floor, ok := pigeonhole.CandidateFloor(n, x.bands, t, MissProbability)
			if !ok {
				continue
			}
			if score := float64(floor); score > bestScore {
				best, bestScore = minhashChoice{index: ci, minAgree: floor, explain: fmt.Sprintf(
					"candidates agreeing in at least %d of %d slots, verified by jaccard (P(miss | J = %v) ≤ %v; %s)",
					floor, n, t, MissProbability, x.describe())}, score
			}
			continue
		}
		if !strings.EqualFold(ci.Columns[0], col) {
			continue
		}
		m := b.minAgree(ctx, n)
		// Only exact indexes answer minhash_jaccard: a banded one could
		// drop rows a scan returns (it serves jaccard(), verified, below).
		if !x.exact || x.m > m {
			continue
		}
		score := x.t
		if score > bestScore {
			best, bestScore = minhashChoice{index: ci, minAgree: m, explain: fmt.Sprintf(
				"candidates agreeing in at least %d of %d slots (%s)", m, n, x.describe())}, score
		}
	}
	return best, bestScore >= 0
}

// Match implements catalog.SearchableKind. It recognises, on a column sig
// of minhash() signatures and an expression E that does not depend on the
// table's rows, minhash_jaccard(sig, E) >= t (also > t, t <= …, t < …,
// BETWEEN t AND u, either argument order), and, on a text column body that
// a stored minhash(body) column signs, jaccard(body, E) >= t (same forms);
// see chooseMinhash for the index chosen.
func (MinHashKind) Match(ctx *sql.Context, t *catalog.Table, indexes []*catalog.CustomIndex, conjuncts []sql.Expression) (*catalog.CustomIndex, string, any, bool, error) {
	for _, c := range conjuncts {
		b, ok := matchSimBound(c)
		if !ok {
			continue
		}
		for i := range 2 {
			col, isCol := b.args[i].(*expression.GetField)
			if !isCol || !isConstant(b.args[1-i]) {
				continue
			}
			choice, ok := chooseMinhash(ctx, indexes, b, col.Name())
			if !ok {
				continue
			}
			explain := fmt.Sprintf("%s %s %s: %s", simCall(b, col.Name(), b.args[1-i]), b.op, b.bound, choice.explain)
			q := minhashQuery{expr: b.args[1-i], text: b.jaccard, minAgree: choice.minAgree}
			return choice.index, explain, q, true, nil
		}
	}
	return nil, "", nil, false, nil
}

// simCall is the similarity call of a bound, for EXPLAIN.
func simCall(b simBound, col string, e sql.Expression) string {
	name := "minhash_jaccard"
	if b.jaccard {
		name = "jaccard"
	}
	return fmt.Sprintf("%s(%s, %s)", name, col, e)
}

// EqualQuery implements catalog.SearchableKind: a minhash index does not
// answer equality.
func (MinHashKind) EqualQuery(*catalog.CustomIndex, any) any { return nil }

// Scan implements catalog.SearchableKind: the rows whose signature agrees
// with the query's in at least minAgree slots, each once: the candidates
// of each band of the query's signature are checked first against their
// signature entry (low bits, without reading the row), then against the
// row's own signature.
func (MinHashKind) Scan(ctx *sql.Context, t *catalog.Table, index *catalog.CustomIndex, query any) (sql.RowIter, error) {
	q := query.(minhashQuery)
	x := minhashOf(index)
	v, err := q.expr.Eval(ctx, nil)
	if err != nil {
		return nil, err
	}
	if v == nil {
		return catalog.RowsIter(nil), nil // a similarity with NULL is NULL: no row
	}
	var sig textsim.Signature
	if q.text {
		sig, err = functions.SignText(ctx, "jaccard", v, x.hasher)
	} else {
		sig, err = functions.SignValue(ctx, v, x.hasher)
	}
	if err != nil {
		return nil, err
	}
	if q.minAgree > x.numPerm {
		return catalog.RowsIter(nil), nil
	}
	col := t.Schema().IndexOfColName(index.Columns[0])
	var rows []sql.Row
	err = t.ReadIndex(ctx, index, func(r *catalog.IndexReader) error {
		return x.candidates(ctx, r, sig.Values, q.minAgree, func(rowKey []byte) error {
			row, err := r.Row(rowKey)
			if err != nil || row == nil {
				return err
			}
			rs, err := x.signature(row[col])
			if err != nil {
				return err
			}
			if agree(rs.Values, sig.Values) >= q.minAgree {
				rows = append(rows, row)
			}
			return nil
		})
	})
	if err != nil {
		return nil, err
	}
	return catalog.RowsIter(rows), nil
}

// candidates calls fn once with the row key of every row that agrees with
// values on a whole band and, if the index has signature entries (format
// 1), whose entry agrees in at least minAgree slots' low bits. It stops
// for a KILL or a deadline.
func (x *minhashIndex) candidates(ctx context.Context, r *catalog.IndexReader, values []uint64, minAgree int, fn func(rowKey []byte) error) error {
	seen := map[string]struct{}{}
	n := 0
	for b := range x.bands {
		err := r.Scan(x.bandKey(b, values), func(_, rowKey, _ []byte) error {
			if n++; n&1023 == 0 && ctx.Err() != nil {
				return context.Cause(ctx)
			}
			if _, dup := seen[string(rowKey)]; dup {
				return nil
			}
			seen[string(rowKey)] = struct{}{}
			if x.sigEntry {
				if low, ok := r.Get(sigKey, rowKey); ok && agreeLow(low, values) < minAgree {
					return nil
				}
			}
			return fn(rowKey)
		})
		if err != nil {
			return err
		}
	}
	return ctx.Err()
}

// agree counts the slots in which two signatures agree.
func agree(a, b []uint64) int {
	n := 0
	for i, v := range a {
		if v == b[i] {
			n++
		}
	}
	return n
}

// minhashLookup is the lookup matcher of minhash indexes: a bound of
// Match whose column side is table.sig (or table.body) and whose other
// side E satisfies keyOK; each lookup signs E's value (signatureKey) and
// gives the rows agreeing in at least the floor's slots.
func minhashLookup(ctx *sql.Context, t *catalog.Table, e sql.Expression, table string, keyOK func(sql.Expression) bool) (lookup, bool) {
	b, ok := matchSimBound(e)
	if !ok {
		return lookup{}, false
	}
	indexes := t.CustomIndexes(MinHashKind{}.Name())
	if len(indexes) == 0 {
		return lookup{}, false
	}
	for i := range 2 {
		gf, isCol := b.args[i].(*expression.GetField)
		if !isCol || !strings.EqualFold(gf.Table(), table) || !keyOK(b.args[1-i]) {
			continue
		}
		choice, ok := chooseMinhash(ctx, indexes, b, gf.Name())
		if !ok {
			continue
		}
		x := minhashOf(choice.index)
		key := &signatureKey{UnaryExpression: expression.UnaryExpression{Child: b.args[1-i]}, x: x, text: b.jaccard, index: choice.index.Name}
		minAgree := choice.minAgree
		point := func(v any) any {
			return minhashQuery{expr: expression.NewLiteral(v, types.LongBlob), minAgree: minAgree}
		}
		return lookup{index: choice.index, key: key, point: point}, true
	}
	return lookup{}, false
}

// signatureKey is the key of a lookup through a minhash index: the
// signature, with the index's num_perm and seed, of Child's value — a
// minhash_jaccard() argument (a signature, or a text to sign), or with
// text a jaccard() argument (a text). NULL stays NULL (no rows); errors are
// minhash_jaccard()'s. EXPLAIN shows it as "E (minhash index NAME)".
type signatureKey struct {
	expression.UnaryExpression
	x     *minhashIndex
	text  bool
	index string
}

var _ sql.Expression = (*signatureKey)(nil)

func (s *signatureKey) String() string {
	return fmt.Sprintf("%s (minhash index %s)", s.Child, s.index)
}

func (s *signatureKey) Type() sql.Type { return types.LongBlob }

func (s *signatureKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	var sig textsim.Signature
	if s.text {
		sig, err = functions.SignText(ctx, "jaccard", v, s.x.hasher)
	} else {
		sig, err = functions.SignValue(ctx, v, s.x.hasher)
	}
	if err != nil {
		return nil, err
	}
	return sig.MarshalBinary()
}

func (s *signatureKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	ns := *s
	ns.Child = children[0]
	return &ns, nil
}
