package compat

// Fault (go-mysql-server v0.20.0): the string function INSERT(s, pos,
// len, newstr) does not exist ("function: 'insert' not found"); simsql's
// INSERT of a binary string (binary_strings.go) worked on bytes only.
// MySQL 8 (Item_func_insert) replaces the len characters of s from the
// character pos on with newstr: s itself when pos is not within s, the
// rest of s when len is negative or past its end, NULL when an argument
// is NULL. Pinned by TestInsertText.

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// insertText is INSERT(s, pos, len, newstr) of character strings.
type insertText struct{ args }

var _ sql.FunctionExpression = (*insertText)(nil)
var _ sql.CollationCoercible = (*insertText)(nil)

func newInsertText(a []sql.Expression) sql.Expression { return &insertText{args(a)} }

// FunctionName implements sql.FunctionExpression.
func (*insertText) FunctionName() string { return "insert" }

// Description implements sql.FunctionExpression.
func (*insertText) Description() string {
	return "returns s with the len characters from position pos replaced by newstr."
}

// String implements sql.Expression.
func (e *insertText) String() string {
	return fmt.Sprintf("insert(%s, %s, %s, %s)", e.args[0], e.args[1], e.args[2], e.args[3])
}

// Type implements sql.Expression: LONGTEXT in s's collation.
func (e *insertText) Type() sql.Type {
	c, _ := e.CollationCoercibility(nil)
	return types.CreateLongText(c)
}

// CollationCoercibility implements sql.CollationCoercible: s's collation
// when s is a string, else the default.
func (e *insertText) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	if st, ok := e.args[0].Type().(sql.StringType); ok {
		return st.Collation(), 2
	}
	return sql.Collation_Default, 4
}

// WithChildren implements sql.Expression.
func (e *insertText) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 4 {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), 4)
	}
	return newInsertText(children), nil
}

// Eval implements sql.Expression. NULL if any argument is NULL.
func (e *insertText) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	var vals [4]any
	for i, a := range e.args {
		v, err := a.Eval(ctx, row)
		if err != nil || v == nil {
			return nil, err
		}
		vals[i] = v
	}
	s, err := textOf(ctx, e.args[0].Type(), vals[0])
	if err != nil {
		return nil, err
	}
	ins, err := textOf(ctx, e.args[3].Type(), vals[3])
	if err != nil {
		return nil, err
	}
	pos, _, err := types.Int64.Convert(ctx, vals[1])
	if err != nil {
		return nil, err
	}
	n, _, err := types.Int64.Convert(ctx, vals[2])
	if err != nil {
		return nil, err
	}
	r := []rune(s)
	p, l := pos.(int64), n.(int64)
	if p < 1 || p > int64(len(r)) {
		return s, nil
	}
	start, end := p-1, int64(len(r))
	if l >= 0 && l < end-start {
		end = start + l
	}
	return string(r[:start]) + ins + string(r[end:]), nil
}

// textOf is v, of type t, as the text a string function reads: a string
// itself, a number or date as MySQL prints it.
func textOf(ctx *sql.Context, t sql.Type, v any) (string, error) {
	switch x := v.(type) {
	case string:
		return x, nil
	case []byte:
		return string(x), nil
	}
	w, err := t.SQL(ctx, nil, v)
	if err != nil {
		return "", err
	}
	return w.ToString(), nil
}
