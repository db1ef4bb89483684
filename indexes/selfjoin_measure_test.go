package indexes

import (
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/functions"
)

// TestPairSimilarity checks that the filter above a jaccard() self-join
// reads the search's measure of the pair just returned instead of
// tokenizing both texts again (the self-join took 19.7 s where
// near_duplicates took 4.3 s, on 761 licence texts), and only for that
// pair's texts: a recorded measure of 0.5 stands for the pair's texts, in
// either order, and jaccard() itself answers other rows, NULLs and the
// similarity of other columns.
func TestPairSimilarity(t *testing.T) {
	ctx := sql.NewEmptyContext()
	col := func(i int, table, name string) sql.Expression {
		return expression.NewGetFieldWithTable(i, 1, types.LongText, "db", table, name, true)
	}
	// Rows: a.id, a.body, a.note, b.id, b.body, b.note.
	cond := expression.NewAnd(
		expression.NewGreaterThanOrEqual(functions.NewJaccard(col(1, "a", "body"), col(4, "b", "body")), expression.NewLiteral(0.8, types.Float64)),
		expression.NewGreaterThanOrEqual(functions.NewJaccard(col(2, "a", "note"), col(5, "b", "note")), expression.NewLiteral(0.0, types.Float64)))
	search := &similarityPairs{column: "body", text: true, t: 0.8}
	full, cur := measuredBySearch(cond, search, "a", "b")
	if cur == nil {
		t.Fatal("jaccard(a.body, b.body) not measured by the search")
	}
	var sims []sql.Expression
	transform.InspectExpr(full, func(e sql.Expression) bool {
		switch e.(type) {
		case *pairSimilarity, *functions.Jaccard:
			sims = append(sims, e)
		}
		return false
	})
	if len(sims) != 2 {
		t.Fatalf("similarities %v", sims)
	}
	body, note := sims[0], sims[1]
	if _, ok := body.(*pairSimilarity); !ok {
		t.Fatalf("%T for jaccard(a.body, b.body)", body)
	}
	if _, ok := note.(*functions.Jaccard); !ok {
		t.Fatalf("%T for jaccard(a.note, b.note): another column, not the search's", note)
	}
	if full.String() != cond.String() {
		t.Errorf("EXPLAIN shows %s, want %s", full, cond)
	}
	cur.p.Store(&measuredPair{a: "p q", b: "p r", sim: 0.25}) // a measure to tell apart (jaccard: 1/3)
	for _, c := range []struct {
		row  sql.Row
		want any
	}{
		{sql.Row{1, "p q", "n", 2, "p r", "n"}, 0.25},
		{sql.Row{2, "p r", "n", 1, "p q", "n"}, 0.25},
		{sql.Row{1, "p q", "n", 3, "p s", "n"}, 1.0 / 3},
		{sql.Row{1, "p q", "n", 1, "p q", "n"}, 1.0},
		{sql.Row{1, nil, "n", 2, "p r", "n"}, nil},
	} {
		got, err := body.Eval(ctx, c.row)
		if err != nil || got != c.want {
			t.Errorf("%v: %v (%v), want %v", c.row, got, err, c.want)
		}
	}
	// Hamming and minhash_jaccard searches measure nothing.
	if _, cur := measuredBySearch(cond, &similarityPairs{column: "sig"}, "a", "b"); cur != nil {
		t.Error("minhash_jaccard search took jaccard()")
	}
}
