package functions

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/textsim"
)

// SimHash is simhash(text): the 64-bit Charikar SimHash fingerprint of
// text's tokens weighted by tf × idf (Charikar, STOC 2002), as BIGINT
// UNSIGNED; NULL for NULL or for text without tokens (empty, blank,
// punctuation or symbols only). See textsim.Analyzer.SimHash.
type SimHash struct{ args }

var _ sql.FunctionExpression = (*SimHash)(nil)

// NewSimHash returns simhash(text).
func NewSimHash(text sql.Expression) sql.Expression { return &SimHash{args{text}} }

// FunctionName implements sql.FunctionExpression.
func (*SimHash) FunctionName() string { return "simhash" }

// Description implements sql.FunctionExpression.
func (*SimHash) Description() string {
	return "returns the 64-bit SimHash fingerprint of the text's tf-idf weighted tokens."
}

// Type implements sql.Expression.
func (*SimHash) Type() sql.Type { return types.Uint64 }

// String implements sql.Expression.
func (f *SimHash) String() string { return f.format(f.FunctionName()) }

// WithChildren implements sql.Expression.
func (f *SimHash) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return NewSimHash(children[0]), nil
}

// Eval implements sql.Expression.
func (f *SimHash) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	vals, null, err := f.eval(ctx, row)
	if err != nil || null {
		return nil, err
	}
	text, err := Text(ctx, f.FunctionName(), vals[0])
	if err != nil {
		return nil, err
	}
	fp, ok := textsim.Default().SimHash(text)
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
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 2)
	}
	return NewSimHashNgram(children[0], children[1]), nil
}

// Eval implements sql.Expression.
func (f *SimHashNgram) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	vals, null, err := f.eval(ctx, row)
	if err != nil || null {
		return nil, err
	}
	text, err := Text(ctx, f.FunctionName(), vals[0])
	if err != nil {
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
// give a value in [0, 64]; two binary strings of equal length give a value
// in [0, 8·length]. If either argument is a number, both are read as 64-bit
// integers. NULL if either is NULL. Errors: ErrNotFingerprint for a
// non-integer number; ErrLengthMismatch for strings of different lengths.
type Hamming struct{ args }

var _ sql.FunctionExpression = (*Hamming)(nil)

// NewHamming returns hamming(a, b).
func NewHamming(a, b sql.Expression) sql.Expression { return &Hamming{args{a, b}} }

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
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 2)
	}
	return NewHamming(children[0], children[1]), nil
}

// Eval implements sql.Expression.
func (f *Hamming) Eval(ctx *sql.Context, row sql.Row) (interface{}, error) {
	vals, null, err := f.eval(ctx, row)
	if err != nil || null {
		return nil, err
	}
	a, aStr := stringBytes(vals[0])
	b, bStr := stringBytes(vals[1])
	if aStr && bStr {
		d, err := textsim.HammingBytes(a, b)
		if err != nil {
			return nil, ErrLengthMismatch.New(f.FunctionName(), len(a), len(b))
		}
		return int32(d), nil
	}
	x, ok := toBits64(vals[0])
	if !ok {
		return nil, ErrNotFingerprint.New(f.FunctionName(), Describe(vals[0]))
	}
	y, ok := toBits64(vals[1])
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
