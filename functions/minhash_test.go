package functions

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

func minhashOf(t *testing.T, a ...any) []byte {
	t.Helper()
	exprs := make([]sql.Expression, len(a))
	for i, v := range a {
		exprs[i] = lit(v)
	}
	e, err := NewMinHash(exprs...)
	if err != nil {
		t.Fatal(err)
	}
	return eval(t, e).([]byte)
}

// TestMinHashBottomK pins minhash(text, k, seed, 'bottom-k') and checks it
// agrees with textsim, and that minhash_jaccard reads either scheme.
func TestMinHashBottomK(t *testing.T) {
	// Golden: 0xFF 'M' 'H', version 2, k = 2, seed 3, the two smallest
	// values of one permutation ('a b c' has three tokens).
	if got := strings.ToUpper(hex.EncodeToString(minhashOf(t, "a b c", int64(2), int64(3), "bottom-k"))); got != "FF4D48020002000000000000000304572AD8DF2454A311FB772538027940" {
		t.Errorf("minhash('a b c', 2, 3, 'bottom-k') = %s", got)
	}
	// The default scheme is k-permutation, bit for bit (golden value of
	// sqltests' minhash script), by name too and in any case.
	for _, s := range []any{nil, "k-permutation", "K-Permutation"} {
		args := []any{"a b c", int64(2), int64(3)}
		if s != nil {
			args = append(args, s)
		}
		if got := strings.ToUpper(hex.EncodeToString(minhashOf(t, args...))); got != "FF4D48010002000000000000000304572AD8DF2454A303B52A25D675CCD8" {
			t.Errorf("minhash%v = %s, want the version 1 golden value", args, got)
		}
	}
	h, _ := textsim.NewBottomKHasher(16, 7)
	want, _ := h.Sum(tokenSet("the quick brown fox")).MarshalBinary()
	if got := minhashOf(t, "the quick brown fox", int64(16), int64(7), "bottom-k"); string(got) != string(want) {
		t.Errorf("SQL minhash differs from textsim: %x, %x", got, want)
	}
	if n := len(minhashOf(t, "", int64(16), int64(7), "bottom-k")); n != 14 {
		t.Errorf("bottom-k of no tokens: %d bytes, want the 14-byte header", n)
	}

	bk := func(text string) []byte { return minhashOf(t, text, int64(4), int64(1), "bottom-k") }
	kp := func(text string) []byte { return minhashOf(t, text, int64(4), int64(1)) }
	for _, c := range []struct {
		why  string
		a, b any
		want float64
	}{
		{"union within k: exact", bk("a b c"), bk("b c d"), 0.5},
		{"a text is signed like the sketch", bk("a b c"), "b c d", 0.5},
		{"either side", "a b c", bk("b c d"), 0.5},
		{"two empty sets", bk(""), bk(""), 1},
		{"one empty set", bk(""), "a", 0},
		{"k-permutation still", kp("a b"), "a b", 1},
	} {
		if got := eval(t, NewMinHashJaccard(lit(c.a), lit(c.b))); got != c.want {
			t.Errorf("%s: minhash_jaccard = %v, want %v", c.why, got, c.want)
		}
	}
	for _, c := range []struct {
		a, b any
		kind string
		msg  string
	}{
		{bk("a b"), kp("a b"), "incompatible", "minhash signatures of different schemes cannot be compared: a bottom-k signature (k=4, seed 1) against a k-permutation signature (4 permutations, seed 1)"},
		{kp("a b"), bk("a b"), "incompatible", "a k-permutation signature (4 permutations, seed 1) against a bottom-k signature (k=4, seed 1)"},
		{bk("a b"), minhashOf(t, "a b", int64(5), int64(1), "bottom-k"), "incompatible", "bottom-k with k=4 and seed 1 against k=5 and seed 1"},
		{bk("a b"), minhashOf(t, "a b", int64(4), int64(2), "bottom-k"), "incompatible", "seed 1 against k=4 and seed 2"},
		{bk("a b")[:20], "a", "invalid", "invalid minhash signature"},
	} {
		_, err := NewMinHashJaccard(lit(c.a), lit(c.b)).Eval(sql.NewEmptyContext(), nil)
		kind := ErrIncompatibleSignatures
		if c.kind == "invalid" {
			kind = ErrInvalidSignature
		}
		if err == nil || !kind.Is(err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("minhash_jaccard(%x, %v): error %v, want %s %q", c.a, c.b, err, c.kind, c.msg)
		}
	}
	// NULL in, NULL out, in every position.
	null := expression.NewLiteral(nil, types.Null)
	for _, e := range []sql.Expression{
		must(NewMinHash(lit("a"), lit(int64(4)), lit(int64(1)), null)),
		must(NewMinHash(null, lit(int64(4)), lit(int64(1)), lit("bottom-k"))),
		NewMinHashJaccard(lit(bk("a")), null),
	} {
		if v := eval(t, e); v != nil {
			t.Errorf("%s = %v, want NULL", e, v)
		}
	}
	for _, c := range []struct {
		scheme any
		msg    string
	}{
		{"bottomk", "scheme must be 'k-permutation' or 'bottom-k', got bottomk"},
		{"", "scheme must be 'k-permutation' or 'bottom-k', got "},
		{int64(2), "scheme must be 'k-permutation' or 'bottom-k', got 2"},
	} {
		_, err := must(NewMinHash(lit("a"), lit(int64(4)), lit(int64(1)), lit(c.scheme))).Eval(sql.NewEmptyContext(), nil)
		if err == nil || !ErrIncorrectArguments.Is(err) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("scheme %v: error %v, want %q", c.scheme, err, c.msg)
		}
	}
	// SignValue (the MinHash index's door) refuses a bottom-k signature.
	m, _ := textsim.NewMinHasher(4, 1)
	if _, err := SignValue(sql.NewEmptyContext(), bk("a"), m); err == nil || !ErrIncompatibleSignatures.Is(err) || !strings.Contains(err.Error(), "bottom-k") {
		t.Errorf("SignValue of a bottom-k signature: %v", err)
	}
}

// TestMinHashJaccardSignedOnce checks that minhash_jaccard's cache of a
// text's sketch never answers for another text or another scheme: one
// expression over rows whose signature (and so the scheme, num_perm and seed
// the text is signed with) and text change gives, row by row, what a fresh
// expression gives.
func TestMinHashJaccardSignedOnce(t *testing.T) {
	sig := func(text string, a ...any) []byte { return minhashOf(t, append([]any{text}, a...)...) }
	rows := []sql.Row{
		{sig("a b c d"), "a b c x"},
		{sig("a b c d"), "a b c x"},
		{sig("a b c d", int64(64), int64(7)), "a b c x"},
		{sig("a b c d", int64(16), int64(7), "bottom-k"), "a b c x"},
		{sig("a b c d", int64(16), int64(8), "bottom-k"), "a b c x"},
		{sig("a b c d", int64(16), int64(8), "bottom-k"), "a b y x"},
		{sig("a b c d"), "a b y x"},
		{"a b c d", "a b y x"},
		{"a b y x", "a b c d"},
		{sig("p q r"), "p q r"},
	}
	for _, order := range [][2]int{{0, 1}, {1, 0}} {
		a := expression.NewGetField(order[0], types.LongBlob, "a", true)
		b := expression.NewGetField(order[1], types.LongText, "b", true)
		e := NewMinHashJaccard(a, b)
		for i, r := range rows {
			got, err := e.Eval(sql.NewEmptyContext(), r)
			if err != nil {
				t.Fatalf("row %d: %v", i, err)
			}
			want, err := NewMinHashJaccard(a, b).Eval(sql.NewEmptyContext(), r)
			if err != nil {
				t.Fatalf("row %d, fresh: %v", i, err)
			}
			if got != want {
				t.Errorf("order %v row %d: %v, a fresh expression gives %v", order, i, got, want)
			}
		}
	}
	// The cases above differ: a cache keyed only by the text would
	// repeat row 0's answer for rows 2-4.
	first, _ := NewMinHashJaccard(lit(rows[0][0]), lit("a b c x")).Eval(sql.NewEmptyContext(), nil)
	bottom, _ := NewMinHashJaccard(lit(rows[4][0]), lit("a b c x")).Eval(sql.NewEmptyContext(), nil)
	if first == bottom {
		t.Fatalf("test rows do not tell the schemes apart: %v and %v", first, bottom)
	}
}

// BenchmarkMinHashJaccardConstantText is minhash_jaccard(sig, 'text') over
// rows of stored signatures, as a forced scan evaluates it: the text is
// signed once, not once per row.
func BenchmarkMinHashJaccardConstantText(b *testing.B) {
	text := strings.Repeat("the quick brown fox jumps over the lazy dog ", 3)
	s, _ := defaultHasher.Sum(tokenSet("a quick brown fox jumps over a lazy cat")).MarshalBinary()
	e := NewMinHashJaccard(expression.NewGetField(0, types.LongBlob, "sig", true), lit(text))
	ctx, row := sql.NewEmptyContext(), sql.Row{s}
	b.ResetTimer()
	for range b.N {
		if _, err := e.Eval(ctx, row); err != nil {
			b.Fatal(err)
		}
	}
}
