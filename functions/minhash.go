package functions

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"

	"github.com/simsql/simsql/textsim"
)

// signatureType is the SQL type of a MinHash signature: VARBINARY large
// enough for 4,096 permutations (14 + 8·4096 bytes).
var signatureType = types.MustCreateBinary(sqltypes.VarBinary, 14+8*textsim.MaxNumPerm)

// defaultHasher is the MinHasher of minhash(text) with default parameters.
var defaultHasher = mustMinHasher(textsim.DefaultNumPerm, textsim.DefaultSeed)

func mustMinHasher(n int, seed uint64) *textsim.MinHasher {
	m, err := textsim.NewMinHasher(n, seed)
	if err != nil {
		panic(err)
	}
	return m
}

// minHasher returns the MinHasher for (n, seed), shared for the defaults.
func minHasher(n int, seed uint64) (*textsim.MinHasher, error) {
	if n == textsim.DefaultNumPerm && seed == textsim.DefaultSeed {
		return defaultHasher, nil
	}
	return textsim.NewMinHasher(n, seed)
}

// MinHash is minhash(text [, num_perm [, seed [, scheme]]]): the MinHash
// signature of the set of text's tokens (Broder 1997) as VARBINARY.
//
// scheme 'k-permutation' (the default): num_perm permutations (1 to 4096,
// default 128) drawn from seed (0 to 2^64−1, default 1), the minimum of each;
// 14 + 8·num_perm bytes holding num_perm, seed and the minima, format
// version 1 (textsim.Signature.MarshalBinary). Text without tokens has the
// empty set's signature.
//
// scheme 'bottom-k': one permutation drawn from seed, the num_perm (here k)
// smallest distinct values (Broder 1997's min_s; Cohen & Kaplan, PODC 2007);
// 14 + 8·n bytes, n = min(k, distinct tokens), format version 2
// (textsim.BottomK.MarshalBinary). Text without tokens has no values.
//
// Both forms are self-describing: minhash_jaccard reads the scheme from the
// bytes. NULL if any argument is NULL. Errors: ErrIncorrectArguments for
// num_perm, seed or scheme out of range.
type MinHash struct{ args }

var _ sql.FunctionExpression = (*MinHash)(nil)

// Scheme names of minhash()'s fourth argument.
const (
	SchemeKPermutation = "k-permutation"
	SchemeBottomK      = "bottom-k"
)

// NewMinHash returns minhash(text [, num_perm [, seed [, scheme]]]); an
// error unless given 1 to 4 arguments.
func NewMinHash(a ...sql.Expression) (sql.Expression, error) {
	if err := checkArity("minhash", a, 1, 4); err != nil {
		return nil, err
	}
	return &MinHash{args(a)}, nil
}

// FunctionName implements sql.FunctionExpression.
func (*MinHash) FunctionName() string { return "minhash" }

// Description implements sql.FunctionExpression.
func (*MinHash) Description() string {
	return "returns the MinHash signature of the text's token set."
}

// Type implements sql.Expression.
func (*MinHash) Type() sql.Type { return signatureType }

// String implements sql.Expression.
func (f *MinHash) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *MinHash) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return NewMinHash(children...)
}

// Eval implements sql.Expression.
func (f *MinHash) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	text, vals, null, err := f.evalText(ctx, row, f.FunctionName())
	if err != nil || null {
		return nil, err
	}
	n, seed := int64(textsim.DefaultNumPerm), uint64(textsim.DefaultSeed)
	if len(vals) > 1 {
		var ok bool
		if n, ok = toInt(vals[1]); !ok || n < textsim.MinNumPerm || n > textsim.MaxNumPerm {
			return nil, ErrIncorrectArguments.New(f.FunctionName(), fmt.Sprintf(
				"num_perm must be an integer from %d to %d, got %s", textsim.MinNumPerm, textsim.MaxNumPerm, Describe(vals[1])))
		}
	}
	if len(vals) > 2 {
		var ok bool
		if seed, ok = toUint(vals[2]); !ok {
			return nil, ErrIncorrectArguments.New(f.FunctionName(), fmt.Sprintf(
				"seed must be an integer from 0 to %d, got %s", uint64(math.MaxUint64), Describe(vals[2])))
		}
	}
	bottomK := false
	if len(vals) > 3 {
		b, ok := stringBytes(vals[3])
		switch sch := string(b); {
		case ok && strings.EqualFold(sch, SchemeKPermutation):
		case ok && strings.EqualFold(sch, SchemeBottomK):
			bottomK = true
		default:
			return nil, ErrIncorrectArguments.New(f.FunctionName(), fmt.Sprintf(
				"scheme must be '%s' or '%s', got %s", SchemeKPermutation, SchemeBottomK, Describe(vals[3])))
		}
	}
	if bottomK {
		h, err := textsim.NewBottomKHasher(int(n), seed)
		if err != nil {
			return nil, ErrIncorrectArguments.New(f.FunctionName(), err.Error())
		}
		return h.Sum(tokenSet(text)).MarshalBinary()
	}
	m, err := minHasher(int(n), seed)
	if err != nil {
		return nil, ErrIncorrectArguments.New(f.FunctionName(), err.Error())
	}
	b, err := m.Sum(tokenSet(text)).MarshalBinary()
	if err != nil {
		return nil, err
	}
	return b, nil
}

// MinHashJaccard is minhash_jaccard(a, b): the MinHash estimate of the
// Jaccard similarity of two token sets, as DOUBLE in [0, 1]. Each argument
// is a signature from minhash() or a text; a text is signed like the other
// argument (scheme, num_perm and seed), or as minhash(text) (k-permutation,
// 128, 1) when both are texts. For k-permutation signatures the estimate is
// the fraction of agreeing slots (Broder 1997; standard error about
// √(J(1−J)/num_perm)); for bottom-k sketches it is |Z ∩ X ∩ Y| / |Z|, Z the
// k smallest values of the union of both sketches (Broder 1997, section 3;
// Cohen & Kaplan 2007), unbiased and exact when the union has at most k
// tokens (textsim.EstimateJaccardBottomK). NULL if either is NULL. Errors:
// ErrIncompatibleSignatures for signatures of different schemes, num_perm or
// seed; ErrInvalidSignature for damaged signature bytes.
type MinHashJaccard struct {
	args
	// signed holds, per argument, the last text it signed and the sketch:
	// a constant text (minhash_jaccard(sig, 'text') over a table scan) is
	// analysed once, not once per row. Atomic: a tree may be evaluated by
	// several goroutines.
	signed [2]atomic.Pointer[signedText]
}

// signedText is a text and its sketch under one scheme and its parameters
// (k or num_perm, seed).
type signedText struct {
	text    string
	bottomK bool
	n       int
	seed    uint64
	sk      sketch
}

// sign returns the sketch of argument i's text under the scheme and
// parameters given, from the argument's cache when the text and parameters
// are those of the last call, else by make (which may fail).
func (f *MinHashJaccard) sign(i int, text string, bottomK bool, n int, seed uint64, build func() (sketch, error)) (sketch, error) {
	if c := f.signed[i].Load(); c != nil && c.text == text && c.bottomK == bottomK && c.n == n && c.seed == seed {
		return c.sk, nil
	}
	sk, err := build()
	if err != nil {
		return sketch{}, err
	}
	f.signed[i].Store(&signedText{text: text, bottomK: bottomK, n: n, seed: seed, sk: sk})
	return sk, nil
}

var _ sql.FunctionExpression = (*MinHashJaccard)(nil)

// NewMinHashJaccard returns minhash_jaccard(a, b).
func NewMinHashJaccard(a, b sql.Expression) sql.Expression {
	return &MinHashJaccard{args: args{a, b}}
}

// FunctionName implements sql.FunctionExpression.
func (*MinHashJaccard) FunctionName() string { return "minhash_jaccard" }

// Description implements sql.FunctionExpression.
func (*MinHashJaccard) Description() string {
	return "returns the MinHash estimate of the Jaccard similarity of two signatures or texts."
}

// Type implements sql.Expression.
func (*MinHashJaccard) Type() sql.Type { return types.Float64 }

// String implements sql.Expression.
func (f *MinHashJaccard) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *MinHashJaccard) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewMinHashJaccard)
}

// sketch is one minhash_jaccard() argument: a parsed signature of either
// scheme, or nil for text.
type sketch struct {
	kperm  *textsim.Signature
	bottom *textsim.BottomK
}

func (s sketch) isSignature() bool { return s.kperm != nil || s.bottom != nil }

// describe names the scheme and parameters, for errors.
func (s sketch) describe() string {
	if s.bottom != nil {
		return fmt.Sprintf("a bottom-k signature (k=%d, seed %d)", s.bottom.K, s.bottom.Seed)
	}
	return fmt.Sprintf("a k-permutation signature (%d permutations, seed %d)", len(s.kperm.Values), s.kperm.Seed)
}

// Eval implements sql.Expression.
func (f *MinHashJaccard) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	vals, null, err := f.eval(ctx, row)
	if err != nil || null {
		return nil, err
	}
	var sks [2]sketch
	var texts [2]string
	for i, v := range vals {
		// A signature may arrive as a string: prepared-statement
		// parameters do. Text never begins with its 0xFF byte.
		if b, ok := stringBytes(v); ok && textsim.IsSignature(b) {
			if textsim.IsBottomK(b) {
				s, err := textsim.ParseBottomK(b)
				if err != nil {
					return nil, ErrInvalidSignature.New(f.FunctionName(), err.Error())
				}
				sks[i].bottom = &s
			} else {
				s, err := textsim.ParseSignature(b)
				if err != nil {
					return nil, ErrInvalidSignature.New(f.FunctionName(), err.Error())
				}
				sks[i].kperm = &s
			}
			continue
		}
		if texts[i], err = Text(ctx, f.FunctionName(), v); err != nil {
			return nil, err
		}
	}
	if sks[0].isSignature() && sks[1].isSignature() && (sks[0].bottom == nil) != (sks[1].bottom == nil) {
		return nil, ErrIncompatibleSignatures.New(f.FunctionName(), fmt.Sprintf("%s: %s against %s",
			textsim.ErrScheme, sks[0].describe(), sks[1].describe()))
	}
	// The scheme and parameters of the first signature sign the texts.
	like := sketch{}
	for _, s := range sks {
		if s.isSignature() {
			like = s
			break
		}
	}
	if like.bottom != nil {
		k, seed := like.bottom.K, like.bottom.Seed
		for i := range sks {
			if !sks[i].isSignature() {
				if sks[i], err = f.sign(i, texts[i], true, k, seed, func() (sketch, error) {
					h, err := textsim.NewBottomKHasher(k, seed)
					if err != nil {
						return sketch{}, ErrIncorrectArguments.New(f.FunctionName(), err.Error())
					}
					s := h.Sum(tokenSet(texts[i]))
					return sketch{bottom: &s}, nil
				}); err != nil {
					return nil, err
				}
			}
		}
		j, err := textsim.EstimateJaccardBottomK(*sks[0].bottom, *sks[1].bottom)
		if err != nil {
			return nil, ErrIncompatibleSignatures.New(f.FunctionName(), err.Error())
		}
		return j, nil
	}
	n, seed := textsim.DefaultNumPerm, uint64(textsim.DefaultSeed)
	if like.kperm != nil {
		n, seed = len(like.kperm.Values), like.kperm.Seed
	}
	for i := range sks {
		if !sks[i].isSignature() {
			if sks[i], err = f.sign(i, texts[i], false, n, seed, func() (sketch, error) {
				m, err := minHasher(n, seed)
				if err != nil {
					return sketch{}, ErrIncorrectArguments.New(f.FunctionName(), err.Error())
				}
				s := m.Sum(tokenSet(texts[i]))
				return sketch{kperm: &s}, nil
			}); err != nil {
				return nil, err
			}
		}
	}
	j, err := textsim.EstimateJaccard(*sks[0].kperm, *sks[1].kperm)
	if err != nil {
		return nil, ErrIncompatibleSignatures.New(f.FunctionName(), err.Error())
	}
	return j, nil
}

// tokenSet returns text's distinct tokens, in no particular order: all a
// MinHash signature depends on, without keeping every token of a long text.
func tokenSet(text string) []string {
	counts := textsim.Default().TermCounts(text)
	set := make([]string, 0, len(counts))
	for t := range counts {
		set = append(set, t)
	}
	return set
}

// SignValue returns the MinHash signature that a minhash_jaccard()
// argument v stands for when the other argument's signatures are made by
// m: a signature (bytes beginning 0xFF 'M' 'H', as a VARBINARY or a
// parameter string) is parsed and must be a k-permutation one with m's
// num_perm and seed; any other value is read as text and signed with m. The
// caller handles NULL. Errors: ErrInvalidSignature,
// ErrIncompatibleSignatures (a bottom-k signature too), and toText's.
func SignValue(ctx *sql.Context, v any, m *textsim.MinHasher) (textsim.Signature, error) {
	const name = "minhash_jaccard"
	if b, ok := stringBytes(v); ok && textsim.IsSignature(b) {
		s, err := textsim.ParseSignature(b)
		if errors.Is(err, textsim.ErrScheme) {
			return textsim.Signature{}, ErrIncompatibleSignatures.New(name, err.Error())
		}
		if err != nil {
			return textsim.Signature{}, ErrInvalidSignature.New(name, err.Error())
		}
		if len(s.Values) != m.NumPerm() || s.Seed != m.Seed() {
			return textsim.Signature{}, ErrIncompatibleSignatures.New(name, fmt.Sprintf("%s: %d permutations with seed %d against %d with seed %d",
				textsim.ErrIncompatible, len(s.Values), s.Seed, m.NumPerm(), m.Seed()))
		}
		return s, nil
	}
	return SignText(ctx, name, v, m)
}

// SignText returns the MinHash signature, made by m, of the token set of
// v read as text by the function named name (as jaccard() reads its
// arguments). The caller handles NULL. Errors: toText's.
func SignText(ctx *sql.Context, name string, v any, m *textsim.MinHasher) (textsim.Signature, error) {
	text, err := Text(ctx, name, v)
	if err != nil {
		return textsim.Signature{}, err
	}
	return m.Sum(tokenSet(text)), nil
}
