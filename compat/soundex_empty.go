package compat

// Fault (go-mysql-server v0.20.0): SOUNDEX of a string without letters
// ('123', '', a number, a date) is '0000'; MySQL 8 (Item_func_soundex)
// returns the empty string when the string has no letter. Pinned by
// TestTemporalText's and TestNumberText's SOUNDEX rows.

import (
	"unicode"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// soundex is go-mysql-server's SOUNDEX(s), with ” for a string without
// letters. inner is SOUNDEX of the first field of a one-value row, built
// once so that a row's text is coded without building an expression.
type soundex struct {
	*function.Soundex
	inner sql.Expression
}

var _ sql.FunctionExpression = soundex{}

func newSoundex(e sql.Expression) sql.Expression {
	return soundex{
		Soundex: function.NewSoundex(e).(*function.Soundex),
		inner:   function.NewSoundex(expression.NewGetField(0, types.LongText, "s", true)),
	}
}

// WithChildren implements sql.Expression.
func (s soundex) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	return newSoundex(children[0]), nil
}

// Eval implements sql.Expression: NULL for NULL.
func (s soundex) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := s.Child.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	var text any = v
	if b, ok := v.([]byte); ok {
		text = string(b) // a binary string's bytes
	} else if text, _, err = types.LongText.Convert(ctx, v); err != nil {
		return nil, err
	}
	hasLetter := false
	for _, c := range text.(string) {
		if unicode.IsLetter(c) {
			hasLetter = true
			break
		}
	}
	if !hasLetter {
		return "", nil
	}
	return s.inner.Eval(ctx, sql.Row{text})
}
