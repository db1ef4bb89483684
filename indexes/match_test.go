package indexes

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/functions"
)

// TestMatchHamming is the table of predicates the SimHash index answers
// (matchHamming, match.go): each expression, and the column and k it is
// read as, or that it is not the index's. A predicate the index does not
// take stays a filter over a scan, so a row here read as "not matched"
// costs speed, and one wrongly matched would cost rows.
func TestMatchHamming(t *testing.T) {
	fp := expression.NewGetField(0, types.Uint64, "fp", false)
	other := expression.NewGetField(1, types.Uint64, "other", false)
	e := expression.NewLiteral(uint64(7), types.Uint64)
	n := func(v any) sql.Expression {
		switch v.(type) {
		case string:
			return expression.NewLiteral(v, types.LongText)
		case float64:
			return expression.NewLiteral(v, types.Float64)
		case nil:
			return expression.NewLiteral(nil, types.Null)
		}
		return expression.NewLiteral(v, types.Int64)
	}
	ham := functions.NewHamming(fp, e)
	for _, c := range []struct {
		name string
		e    sql.Expression
		k    int // -1: not matched
	}{
		{"hamming(fp, E) <= 3", expression.NewLessThanOrEqual(ham, n(int64(3))), 3},
		{"hamming(fp, E) < 4", expression.NewLessThan(ham, n(int64(4))), 3},
		{"3 >= hamming(E, fp)", expression.NewGreaterThanOrEqual(n(int64(3)), functions.NewHamming(e, fp)), 3},
		{"4 > hamming(fp, E)", expression.NewGreaterThan(n(int64(4)), ham), 3},
		{"hamming(fp, E) = 0", expression.NewEquals(ham, n(int64(0))), 0},
		{"0 = hamming(fp, E)", expression.NewEquals(n(int64(0)), ham), 0},
		{"hamming(fp, E) BETWEEN 0 AND 3", expression.NewBetween(ham, n(int64(0)), n(int64(3))), 3},
		{"hamming(fp, E) BETWEEN -1 AND 3", expression.NewBetween(ham, n(int64(-1)), n(int64(3))), 3},
		{"hamming(fp, E) <= 64", expression.NewLessThanOrEqual(ham, n(int64(64))), 64},
		{"hamming(fp, E) <= '3'", expression.NewLessThanOrEqual(ham, n("3")), 3},
		// Not the index's: a lower bound, an equality other than 0, k out of
		// 0…64, no constant side, no column side, not a number.
		{"hamming(fp, E) = 1", expression.NewEquals(ham, n(int64(1))), -1},
		{"hamming(fp, E) >= 3", expression.NewGreaterThanOrEqual(ham, n(int64(3))), -1},
		{"hamming(fp, E) > 3", expression.NewGreaterThan(ham, n(int64(3))), -1},
		{"hamming(fp, E) BETWEEN 1 AND 3", expression.NewBetween(ham, n(int64(1)), n(int64(3))), -1},
		{"hamming(fp, E) <= 65", expression.NewLessThanOrEqual(ham, n(int64(65))), -1},
		{"hamming(fp, E) < 0", expression.NewLessThan(ham, n(int64(0))), -1},
		{"hamming(fp, E) <= NULL", expression.NewLessThanOrEqual(ham, n(nil)), -1},
		{"hamming(fp, E) <= 2.5", expression.NewLessThanOrEqual(ham, n(2.5)), -1},
		{"hamming(fp, other) <= 3", expression.NewLessThanOrEqual(functions.NewHamming(fp, other), n(int64(3))), -1},
		{"hamming(E, E) <= 3", expression.NewLessThanOrEqual(functions.NewHamming(e, e), n(int64(3))), -1},
		{"hamming(fp, ?) <= 3", expression.NewLessThanOrEqual(functions.NewHamming(fp, expression.NewBindVar("v1")), n(int64(3))), -1},
		{"hamming(fp, E) <= other", expression.NewLessThanOrEqual(ham, other), -1},
		{"fp <= 3", expression.NewLessThanOrEqual(fp, n(int64(3))), -1},
	} {
		q, ok := matchHamming(sql.NewEmptyContext(), c.e)
		switch {
		case c.k < 0 && ok:
			t.Errorf("%s: matched as %s, k=%d; want no match", c.name, q.column, q.k)
		case c.k >= 0 && (!ok || q.column != "fp" || q.k != c.k):
			t.Errorf("%s: matched %v as %q, k=%d; want fp, k=%d", c.name, ok, q.column, q.k, c.k)
		}
	}
}

// TestMatchSimBound is the table of similarity bounds the MinHash index
// answers (matchSimBound, minhash_match.go): minhash_jaccard() or
// jaccard() bounded below by a constant, and the operator it is read as.
func TestMatchSimBound(t *testing.T) {
	sig := expression.NewGetField(0, types.LongBlob, "sig", false)
	body := expression.NewGetField(1, types.LongText, "body", false)
	q := expression.NewLiteral("a b c", types.LongText)
	f := func(v float64) sql.Expression { return expression.NewLiteral(v, types.Float64) }
	mj := functions.NewMinHashJaccard(sig, q)
	j := functions.NewJaccard(body, q)
	for _, c := range []struct {
		name    string
		e       sql.Expression
		op      string // "": not matched
		jaccard bool
	}{
		{"minhash_jaccard(sig, Q) >= 0.8", expression.NewGreaterThanOrEqual(mj, f(0.8)), ">=", false},
		{"minhash_jaccard(sig, Q) > 0.8", expression.NewGreaterThan(mj, f(0.8)), ">", false},
		{"0.8 <= minhash_jaccard(sig, Q)", expression.NewLessThanOrEqual(f(0.8), mj), ">=", false},
		{"0.8 < minhash_jaccard(sig, Q)", expression.NewLessThan(f(0.8), mj), ">", false},
		{"minhash_jaccard(sig, Q) BETWEEN 0.8 AND 1", expression.NewBetween(mj, f(0.8), f(1)), ">=", false},
		{"jaccard(body, Q) >= 0.8", expression.NewGreaterThanOrEqual(j, f(0.8)), ">=", true},
		{"0.8 < jaccard(body, Q)", expression.NewLessThan(f(0.8), j), ">", true},
		// Upper bounds, equality, a bound that is not constant, another
		// function: not the index's.
		{"minhash_jaccard(sig, Q) <= 0.8", expression.NewLessThanOrEqual(mj, f(0.8)), "", false},
		{"minhash_jaccard(sig, Q) < 0.8", expression.NewLessThan(mj, f(0.8)), "", false},
		{"minhash_jaccard(sig, Q) = 0.8", expression.NewEquals(mj, f(0.8)), "", false},
		{"jaccard(body, Q) >= sig", expression.NewGreaterThanOrEqual(j, sig), "", false},
		{"jaccard(body, Q) >= ?", expression.NewGreaterThanOrEqual(j, expression.NewBindVar("v1")), "", false},
		{"cosine(body, Q) >= 0.8", expression.NewGreaterThanOrEqual(functions.NewCosine(body, q), f(0.8)), "", false},
	} {
		b, ok := matchSimBound(c.e)
		switch {
		case c.op == "" && ok:
			t.Errorf("%s: matched as %s; want no match", c.name, b.op)
		case c.op != "" && (!ok || b.op != c.op || b.jaccard != c.jaccard):
			t.Errorf("%s: matched %v as %q (jaccard %v); want %q (jaccard %v)", c.name, ok, b.op, b.jaccard, c.op, c.jaccard)
		}
	}
}
