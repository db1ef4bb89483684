package compat

// Fault (go-mysql-server v0.20.0): a hexadecimal literal (0xFF, X'FF') is a
// binary string everywhere, so in numeric context it reads as a string of
// those bytes, 0: 0xFF + 1 is 1, fp ^ 0xFFFFFFFFFFFFFFFF is fp, and
// fp = 0xFFFFFFFFFFFFFFFF is never true. In MySQL it is a binary string in
// string context and a BIGINT UNSIGNED in numeric context (its last eight
// bytes, big-endian; Item_hex_string::val_int). The operands of this
// package's operators that are hexadecimal literals become hexLit, which
// the operators read as numbers and give back to go-mysql-server as the
// literal it built. Pinned by TestHexLiterals.

import (
	"encoding/hex"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// hexLit is a hexadecimal literal operand: go-mysql-server's LONGBLOB
// literal of its bytes, with the number MySQL reads in numeric context.
type hexLit struct {
	*expression.Literal
	bits uint64 // the last eight bytes, big-endian
	// held, when not nil, is its one child while simplifyFilters runs, a
	// bind variable, which keeps it from folding the literal
	// (hex_filters.go).
	held sql.Expression
}

var _ sql.Expression = (*hexLit)(nil)

// hexLiteral returns the hexLit of the vitess literal v, if v is a
// hexadecimal literal (HexNum: 0xFF; HexVal: X'FF').
func hexLiteral(v *ast.SQLVal) (*hexLit, bool) {
	var digits string
	switch v.Type {
	case ast.HexNum:
		digits = strings.TrimPrefix(strings.ToLower(string(v.Val)), "0x")
	case ast.HexVal:
		digits = string(v.Val)
	default:
		return nil, false
	}
	if len(digits)%2 == 1 {
		digits = "0" + digits
	}
	b, err := hex.DecodeString(digits)
	if err != nil {
		return nil, false
	}
	var bits uint64
	for _, c := range b[max(len(b)-8, 0):] {
		bits = bits<<8 | uint64(c)
	}
	return &hexLit{Literal: expression.NewLiteral(b, types.LongBlob), bits: bits}, true
}

// Children implements sql.Expression: none, or the bind variable that
// holds it (hex_filters.go).
func (h *hexLit) Children() []sql.Expression {
	if h.held != nil {
		return []sql.Expression{h.held}
	}
	return nil
}

// WithChildren implements sql.Expression.
func (h *hexLit) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(h.Children()) {
		return nil, sql.ErrInvalidChildrenNumber.New(h, len(children), len(h.Children()))
	}
	if len(children) == 0 {
		return h, nil
	}
	held := *h
	held.held = children[0]
	return &held, nil
}

// LiteralNumber returns the number MySQL reads the literal as in numeric
// context (functions.NumberLiteral, which hamming() reads beside a
// number).
func (h *hexLit) LiteralNumber() uint64 { return h.bits }

func isHex(e sql.Expression) bool { _, ok := e.(*hexLit); return ok }

// unwrap returns e as go-mysql-server built it: the literal of a hexLit.
func unwrap(e sql.Expression) sql.Expression {
	if h, ok := e.(*hexLit); ok {
		return h.Literal
	}
	return e
}

// unwrapAll is unwrap of each of es.
func unwrapAll(es ...sql.Expression) []sql.Expression {
	out := make([]sql.Expression, len(es))
	for i, e := range es {
		out[i] = unwrap(e)
	}
	return out
}
