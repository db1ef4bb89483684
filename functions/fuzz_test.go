package functions

import (
	"fmt"
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	"gopkg.in/src-d/go-errors.v1"

	"github.com/simsql/simsql/textsim"
)

func lit(v any) sql.Expression {
	switch v.(type) {
	case string:
		return expression.NewLiteral(v, types.LongText)
	case []byte:
		return expression.NewLiteral(v, types.LongBlob)
	case int64:
		return expression.NewLiteral(v, types.Int64)
	}
	return expression.NewLiteral(v, types.Uint64)
}

func eval(t *testing.T, e sql.Expression) any {
	t.Helper()
	v, err := e.Eval(sql.NewEmptyContext(), nil)
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	return v
}

// FuzzFunctions evaluates every text function on arbitrary text pairs and
// checks the invariants they document: no error on any text, NULL exactly
// when documented, similarities in [0, 1], symmetry, hamming(x, x) = 0, and
// agreement with textsim.
func FuzzFunctions(f *testing.F) {
	for _, s := range []string{"", " ", "a b c", "没有做苦工的，那么学霸就来做苦工", "后脚龙族幻想恰烂钱", "！？。，、",
		"naïve résumé", "Привет мир", "ＡＢＣ１２３ 全角", "今天天气很好，🙋 我们去郊游。", "the of and", "\xff\xfe", "1 2"} {
		f.Add(s, "a b c")
	}
	f.Add("the cat sat on the mat", "bits=32 top=20 features=char2 weight=binary")
	f.Add("the cat sat on the mat", "v2")
	a := textsim.Default()
	f.Fuzz(func(t *testing.T, x, y string) {
		ctx := sql.NewEmptyContext()
		fp := eval(t, must(NewSimHash(lit(x))))
		want, ok := a.SimHash(x)
		if ok != (fp != nil) || (ok && fp.(uint64) != want) {
			t.Fatalf("simhash(%q) = %v, textsim %d %v", x, fp, want, ok)
		}
		if fp != nil {
			if d := eval(t, NewHamming(lit(fp), lit(fp))); d != int32(0) {
				t.Fatalf("hamming(fp, fp) = %v", d)
			}
			if d := eval(t, NewHamming(lit(fp), lit(int64(fp.(uint64))))); d != int32(0) {
				t.Fatalf("hamming(unsigned, signed) = %v for the same bits", d)
			}
		}
		// y as options: parsed or a documented error, never a panic; the
		// 32-bit form is the low half of the 64-bit one.
		if o, err := textsim.ParseSimHashOptions(y); err == nil {
			got := eval(t, must(NewSimHash(lit(x), lit(y))))
			o.Bits = 64
			want, ok := a.SimHashWith(x, o)
			if ok != (got != nil) || (ok && got.(uint64) != want && got.(uint64) != want&math.MaxUint32) {
				t.Fatalf("simhash(%q, %q) = %v, textsim %d %v", x, y, got, want, ok)
			}
		} else if _, err := must(NewSimHash(lit(x), lit(y))).Eval(ctx, nil); !ErrIncorrectArguments.Is(err) {
			t.Fatalf("simhash(%q, %q): %v", x, y, err)
		}
		if _, err := NewSimHashNgram(lit(x), lit(int64(3))).Eval(ctx, nil); err != nil {
			t.Fatal(err)
		}
		if eval(t, must(NewKeywords(lit(x), lit(int64(5))))) == nil {
			t.Fatalf("keywords(%q, 5) is NULL", x)
		}
		if eval(t, NewTokenize(lit(x))) == nil {
			t.Fatalf("tokenize(%q) is NULL", x)
		}
		for _, mk := range []func(a, b sql.Expression) sql.Expression{NewJaccard, NewTanimoto, NewCosine, NewMinHashJaccard,
			func(a, b sql.Expression) sql.Expression { e, _ := NewCosineTFIDF(a, b); return e }} {
			xy, yx := eval(t, mk(lit(x), lit(y))), eval(t, mk(lit(y), lit(x)))
			if (xy == nil) != (yx == nil) {
				t.Fatalf("%s: NULL one way only", mk(lit(x), lit(y)))
			}
			if xy == nil {
				continue
			}
			v, w := xy.(float64), yx.(float64)
			if math.IsNaN(v) || v < 0 || v > 1 || math.Abs(v-w) > 1e-12 {
				t.Fatalf("%s = %v, reversed %v", mk(lit(x), lit(y)), v, w)
			}
		}
		if j := eval(t, NewJaccard(lit(x), lit(x))); j != 1.0 {
			t.Fatalf("jaccard(x, x) = %v", j)
		}
		sig, err := NewMinHash(lit(x), lit(int64(16)), lit(int64(7)))
		if err != nil {
			t.Fatal(err)
		}
		s := eval(t, sig)
		if j := eval(t, NewMinHashJaccard(lit(s), lit(x))); j != 1.0 {
			t.Fatalf("minhash_jaccard(minhash(x, 16, 7), x) = %v", j)
		}
		bx := eval(t, must(NewMinHash(lit(x), lit(int64(16)), lit(int64(7)), lit("bottom-k"))))
		by := eval(t, must(NewMinHash(lit(y), lit(int64(16)), lit(int64(7)), lit("bottom-k"))))
		if j := eval(t, NewMinHashJaccard(lit(bx), lit(x))); j != 1.0 {
			t.Fatalf("minhash_jaccard(minhash(x, 16, 7, 'bottom-k'), x) = %v", j)
		}
		jxy, jyx := eval(t, NewMinHashJaccard(lit(bx), lit(by))).(float64), eval(t, NewMinHashJaccard(lit(by), lit(bx))).(float64)
		if jxy != jyx || jxy < 0 || jxy > 1 {
			t.Fatalf("bottom-k minhash_jaccard(x, y) = %v, reversed %v", jxy, jyx)
		}
		if len(slices.Compact(slices.Sorted(slices.Values(append(tokenSet(x), tokenSet(y)...))))) <= 16 {
			if j := eval(t, NewJaccard(lit(x), lit(y))); j != jxy {
				t.Fatalf("bottom-k within k: estimate %v, jaccard %v", jxy, j)
			}
		}
	})
}

// documentedErrors are the error kinds a simsql function may return; any
// other error, or a panic, is a bug.
var documentedErrors = []*errors.Kind{ErrIncorrectArguments, ErrNotFingerprint, ErrLengthMismatch,
	ErrIncompatibleSignatures, ErrInvalidSignature, ErrTextTooLong, ErrNotSupported, sql.ErrInvalidArgumentNumber}

// FuzzEveryFunction calls every registered function with 0 to 4 arguments
// drawn from arbitrary text, arbitrary bytes (damaged signatures, invalid
// UTF-8), an arbitrary signed and unsigned integer, a float, NULL and a
// valid signature, chosen by pick. It checks that no call panics and that
// every error is of a documented kind.
func FuzzEveryFunction(f *testing.F) {
	sig, _ := NewMinHash(lit("a b c"), lit(int64(4)), lit(int64(9)))
	v, err := sig.Eval(sql.NewEmptyContext(), nil)
	if err != nil {
		f.Fatal(err)
	}
	good := v.([]byte)
	bottom, err := must(NewMinHash(lit("a b c"), lit(int64(4)), lit(int64(9)), lit("bottom-k"))).Eval(sql.NewEmptyContext(), nil)
	if err != nil {
		f.Fatal(err)
	}
	for i, s := range []string{"", "a b c", "\xff\xfe", "！？。", "后脚龙族幻想恰烂钱", "e\u0301\u200d👩‍👩‍👧"} {
		f.Add(s, []byte(s), int64(i-2), uint64(1)<<uint(i*13), uint32(i*7919))
	}
	f.Add("x", good, int64(4), uint64(9), uint32(123456))
	f.Add("x", good[:20], int64(4097), uint64(0), uint32(654321))
	f.Add("bottom-k", bottom.([]byte)[:22], int64(4), uint64(9), uint32(4242))
	f.Add("bits=32 top=20 features=char2 weight=binary", []byte("v2"), int64(32), uint64(64), uint32(77))
	f.Fuzz(func(t *testing.T, text string, raw []byte, n int64, u uint64, pick uint32) {
		pool := []sql.Expression{
			lit(text), lit(raw), lit(n), lit(u),
			expression.NewLiteral(float64(n)/3, types.Float64),
			expression.NewLiteral(nil, types.Null), lit(good), lit(bottom),
		}
		fns := All()
		fn := fns[int(pick)%len(fns)]
		pick /= uint32(len(fns))
		arity := int(pick % 5)
		pick /= 5
		exprs := make([]sql.Expression, arity)
		for i := range exprs {
			exprs[i] = pool[int(pick)%len(pool)]
			pick /= uint32(len(pool))
		}
		call := fmt.Sprintf("%s%v", fn.FunctionName(), exprs)
		defer func() {
			if r := recover(); r != nil {
				t.Fatalf("%s panicked: %v", call, r)
			}
		}()
		e, err := fn.NewInstance(exprs)
		if err == nil {
			_, err = e.Eval(sql.NewEmptyContext(), nil)
		}
		if err != nil && !slices.ContainsFunc(documentedErrors, func(k *errors.Kind) bool { return k.Is(err) }) {
			t.Fatalf("%s: undocumented error %T %v", call, err, err)
		}
	})
}

// TestLongTextMemory is a regression test: on long texts of few distinct
// words, jaccard(), tanimoto() and cosine() kept every token and sized maps
// by the token count (two 8 MiB texts allocated 1,087 MiB; two 64 MiB
// texts, over 10 GB), and minhash() and simhash_ngram() sized maps and
// offset tables by the text's length. Counting distinct tokens and
// shingles as they come, each allocates a few copies of its texts.
func TestLongTextMemory(t *testing.T) {
	x, y := strings.Repeat("a b ", 2<<20), strings.Repeat("b c ", 2<<20) // 8 MiB each
	// Load the Chinese dictionaries first, so that no measurement holds
	// them (these texts have no Han ideographs, but a case added may).
	if err := textsim.Default().LoadChinese(); err != nil {
		t.Fatal(err)
	}
	for _, e := range []sql.Expression{
		NewJaccard(lit(x), lit(y)), NewTanimoto(lit(x), lit(y)), NewCosine(lit(x), lit(y)),
		must(NewMinHash(lit(x), lit(int64(128)))), NewSimHashNgram(lit(x), lit(int64(64))), must(NewSimHash(lit(x))), NewTokenize(lit(x)),
	} {
		var m runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&m)
		before := m.TotalAlloc
		eval(t, e)
		runtime.ReadMemStats(&m)
		alloc := m.TotalAlloc - before
		name := e.(sql.FunctionExpression).FunctionName()
		t.Logf("%s of 8 MiB texts: %d MiB allocated", name, alloc>>20)
		limit := uint64(8 * len(x))
		if name == "tokenize" {
			// Its answer is bigger than the text: ["a", "b", …] is 2.5
			// bytes per byte of "a b ", and the buffer grows by doubling.
			limit = uint64(12 * len(x))
		}
		if alloc > limit {
			t.Errorf("%s of 8 MiB texts allocated %d MiB, want at most %d MiB", name, alloc>>20, limit>>20)
		}
	}
}

func must(e sql.Expression, err error) sql.Expression {
	if err != nil {
		panic(err)
	}
	return e
}
