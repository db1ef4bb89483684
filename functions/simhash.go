package functions

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// SimHash is simhash(text [, options]): the Charikar SimHash fingerprint
// (Charikar, STOC 2002) of text as BIGINT UNSIGNED. Without options (or
// with an empty string or 'v1') it is fingerprint version 1: 64 bits, text's tokens
// weighted by tf × idf (textsim.Analyzer.SimHash). options is a string of
// fields such as 'bits=32 top=20 features=char2 weight=binary' or 'v2'
// (textsim.ParseSimHashOptions): 32 or 64 bits (a 32-bit fingerprint is in
// [0, 2^32)), the top K features, words or character n-grams, weights
// tf × idf, tf, 1 + ln tf or binary, stop words, tie-breaking. NULL for a
// NULL argument or text without tokens (empty, blank, punctuation or
// symbols only). Errors: ErrIncorrectArguments naming a bad option.
type SimHash struct{ args }

var _ sql.FunctionExpression = (*SimHash)(nil)

// NewSimHash returns simhash(text [, options]); an error unless given 1 or
// 2 arguments.
func NewSimHash(a ...sql.Expression) (sql.Expression, error) {
	if err := checkArity("simhash", a, 1, 2); err != nil {
		return nil, err
	}
	return &SimHash{args(a)}, nil
}

// FunctionName implements sql.FunctionExpression.
func (*SimHash) FunctionName() string { return "simhash" }

// Description implements sql.FunctionExpression.
func (*SimHash) Description() string {
	return "returns the SimHash fingerprint of the text: 64 bits of tf-idf weighted tokens, or the variant an options string selects."
}

// Type implements sql.Expression.
func (*SimHash) Type() sql.Type { return types.Uint64 }

// String implements sql.Expression.
func (f *SimHash) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *SimHash) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return NewSimHash(children...)
}

// Eval implements sql.Expression.
func (f *SimHash) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	text, vals, null, err := f.evalText(ctx, row, f.FunctionName())
	if err != nil || null {
		return nil, err
	}
	opts := textsim.Version1
	if len(vals) > 1 {
		b, ok := stringBytes(vals[1])
		if !ok {
			return nil, ErrIncorrectArguments.New(f.FunctionName(), fmt.Sprintf("options must be a string such as 'bits=32 top=20 features=char2 weight=binary', got %s", Describe(vals[1])))
		}
		if opts, err = textsim.ParseSimHashOptions(string(b)); err != nil {
			return nil, ErrIncorrectArguments.New(f.FunctionName(), err.Error())
		}
	}
	fp, ok := textsim.Default().SimHashWith(text, opts)
	if !ok {
		return nil, nil
	}
	return fp, nil
}

// SimHashNgram is simhash_ngram(text, n): the SimHash fingerprint of the
// character n-grams (shingles of n code points) of the analysed text, each
// weighted by its count, as BIGINT UNSIGNED; n from 1 to 64, else an
// ErrIncorrectArguments error; NULL for NULL or for text without tokens.
// See textsim.Analyzer.SimHashNgram.
type SimHashNgram struct{ args }

var _ sql.FunctionExpression = (*SimHashNgram)(nil)

// NewSimHashNgram returns simhash_ngram(text, n).
func NewSimHashNgram(text, n sql.Expression) sql.Expression {
	return &SimHashNgram{args{text, n}}
}

// FunctionName implements sql.FunctionExpression.
func (*SimHashNgram) FunctionName() string { return "simhash_ngram" }

// Description implements sql.FunctionExpression.
func (*SimHashNgram) Description() string {
	return "returns the 64-bit SimHash fingerprint of the text's character n-grams."
}

// Type implements sql.Expression.
func (*SimHashNgram) Type() sql.Type { return types.Uint64 }

// String implements sql.Expression.
func (f *SimHashNgram) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *SimHashNgram) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewSimHashNgram)
}

// Eval implements sql.Expression.
func (f *SimHashNgram) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	text, vals, null, err := f.evalText(ctx, row, f.FunctionName())
	if err != nil || null {
		return nil, err
	}
	n, ok := toInt(vals[1])
	if !ok || n < textsim.MinNgram || n > textsim.MaxNgram {
		return nil, ErrIncorrectArguments.New(f.FunctionName(),
			fmt.Sprintf("n must be an integer from %d to %d, got %s", textsim.MinNgram, textsim.MaxNgram, Describe(vals[1])))
	}
	fp, ok, err := textsim.Default().SimHashNgram(text, int(n))
	if err != nil || !ok {
		return nil, err
	}
	return fp, nil
}

// Hamming is hamming(a, b): the Hamming distance, the number of differing
// bits, as INT. Two 64-bit fingerprints (BIGINT signed or unsigned, or any
// integer in [−2^63, 2^64−1]: the same bit pattern gives the same answer)
// give a value in [0, 64]; two 32-bit fingerprints (simhash(text,
// 'bits=32'), in [0, 2^32)) a value in [0, 32], their upper bits being 0; two binary strings of equal length give a value
// in [0, 8·length]. If either argument is a number, both are read as 64-bit
// integers. NULL if either is NULL. Errors: ErrNotFingerprint for a
// non-integer number; ErrLengthMismatch for strings of different lengths.
type Hamming struct{ args }

var _ sql.FunctionExpression = (*Hamming)(nil)

// NewHamming returns hamming(a, b). A NumberLiteral beside an argument of
// a numeric type is its number from the start, so that an index reads it.
func NewHamming(a, b sql.Expression) sql.Expression {
	return &Hamming{args{numberBeside(a, b), numberBeside(b, a)}}
}

// numberBeside returns e, or its number if e is a NumberLiteral and other
// an expression of a numeric type.
func numberBeside(e, other sql.Expression) sql.Expression {
	n, ok := e.(NumberLiteral)
	if !ok || !other.Resolved() || !types.IsNumber(other.Type()) {
		return e
	}
	return expression.NewLiteral(n.LiteralNumber(), types.Uint64)
}

// FunctionName implements sql.FunctionExpression.
func (*Hamming) FunctionName() string { return "hamming" }

// Description implements sql.FunctionExpression.
func (*Hamming) Description() string {
	return "returns the Hamming distance between two 64-bit fingerprints or two equal-length binary strings."
}

// Type implements sql.Expression.
func (*Hamming) Type() sql.Type { return types.Int32 }

// String implements sql.Expression.
func (f *Hamming) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *Hamming) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	return with2(f, children, NewHamming)
}

// Eval implements sql.Expression.
func (f *Hamming) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	vals, null, err := f.eval(ctx, row)
	if err != nil || null {
		return nil, err
	}
	a, aStr := stringBytes(vals[0])
	b, bStr := stringBytes(vals[1])
	// A hexadecimal or bit-value literal beside a number is a number.
	if n, ok := f.args[0].(NumberLiteral); ok && aStr && !bStr {
		vals[0], aStr = n.LiteralNumber(), false
	}
	if n, ok := f.args[1].(NumberLiteral); ok && bStr && !aStr {
		vals[1], bStr = n.LiteralNumber(), false
	}
	if aStr && bStr {
		d, err := textsim.HammingBytes(a, b)
		if err != nil {
			return nil, ErrLengthMismatch.New(f.FunctionName(), len(a), len(b))
		}
		return int32(d), nil
	}
	x, ok := FingerprintBits(vals[0])
	if !ok {
		return nil, ErrNotFingerprint.New(f.FunctionName(), Describe(vals[0]))
	}
	y, ok := FingerprintBits(vals[1])
	if !ok {
		return nil, ErrNotFingerprint.New(f.FunctionName(), Describe(vals[1]))
	}
	return int32(textsim.Hamming(x, y)), nil
}

// stringBytes returns the bytes of a string or binary string value.
func stringBytes(v interface{}) ([]byte, bool) {
	switch x := v.(type) {
	case string:
		return []byte(x), true
	case []byte:
		return x, true
	}
	return nil, false
}
