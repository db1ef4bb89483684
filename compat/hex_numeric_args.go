package compat

// Fault (go-mysql-server v0.20.0): a hexadecimal or bit-value literal
// argument of a numeric function is a binary string, read as a number
// from its bytes' text, 0: ABS(0x10), ROUND(0x10), TRUNCATE(0x10, 0),
// SIGN(0x10) and SIGN(b'101') were 0 where MySQL 8 gives 16, 16, 16, 1
// and 1, and SQRT, EXP, LOG, POW, RADIANS, CEIL, FLOOR and the rest the
// same. MySQL reads such a literal in numeric context as the BIGINT
// UNSIGNED of its last eight bytes (Item_hex_string::val_int, val_real;
// hex_literal.go), and a numeric function reads its arguments with
// val_int, val_real or val_decimal. hexNumberArgs makes each such
// argument of a function of numericArgFuncs that number, a BIGINT
// UNSIGNED literal.
//
// And (the same version): go-mysql-server's SQRT, SIGN, CEIL, FLOOR, POW,
// EXP and the rest read a binary string argument (a VARBINARY column) as
// a big-endian integer of its bytes, SQRT of VARBINARY '12' was
// SQRT(0x3132), and refused a character string that is not a number
// (SQRT('x'): error 1366). MySQL reads a string column as the number its
// text spells (Field_varstring::val_real), 0 with warning 1292 for 'x';
// numericArgsFunction wraps each string argument of these built-ins so
// (binaryAsDouble). Pinned by TestNumericLiteralsDifferential.

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// numericArgFuncs are the functions whose every argument is a number.
var numericArgFuncs = map[string]bool{
	"abs": true, "acos": true, "asin": true, "atan": true, "atan2": true,
	"ceil": true, "ceiling": true, "cos": true, "cot": true, "degrees": true,
	"exp": true, "floor": true, "ln": true, "log": true, "log10": true,
	"log2": true, "pow": true, "power": true, "radians": true, "round": true,
	"sign": true, "sin": true, "sqrt": true, "tan": true, "truncate": true,
}

// hexLitArgFuncs are simsql's functions that read an argument as a number
// or a string by the other's type, and so take a hexadecimal literal
// argument as a hexLit, which says both (functions.NumberLiteral):
// hamming(fp, 0xFFFFFFFFFFFFFFFF) was error 1411, its binary string not
// being a fingerprint beside a number (docs/functions.md: "If either
// argument is a number, both are read as numbers").
var hexLitArgFuncs = map[string]bool{"hamming": true}

// hexNumberArgs makes the hexadecimal literal arguments of n, a call of a
// function of numericArgFuncs, their numbers, and those of a function of
// hexLitArgFuncs hexLits.
func hexNumberArgs(n *ast.FuncExpr) {
	name := strings.ToLower(n.Name.String())
	if hexLitArgFuncs[name] {
		for _, se := range n.Exprs {
			if ae, ok := se.(*ast.AliasedExpr); ok {
				if h, ok := hexChild(ae.Expr); ok {
					ae.Expr = h
				}
			}
		}
		return
	}
	if !numericArgFuncs[name] {
		return
	}
	for _, se := range n.Exprs {
		ae, ok := se.(*ast.AliasedExpr)
		if !ok {
			continue
		}
		v, ok := unparen(ae.Expr).(*ast.SQLVal)
		if !ok {
			continue
		}
		h, ok := hexLiteral(v)
		if !ok {
			continue
		}
		lit := expression.NewLiteral(h.bits, types.Uint64)
		ae.Expr = ast.InjectedExpr{
			Expression: &injected{build: func([]sql.Expression) sql.Expression { return lit }, text: ast.String(v)},
			Auth:       ast.AuthInformation{AuthType: ast.AuthType_IGNORE, TargetType: ast.AuthTargetType_Ignore},
		}
	}
}

// numericArgsFunction is a go-mysql-server built-in of numericArgFuncs
// that reads a binary string argument as the number its text spells.
type numericArgsFunction struct{ sql.Function }

// NewInstance implements sql.Function: each binary string argument
// (a VARBINARY or BLOB column, …) read as its text.
func (f numericArgsFunction) NewInstance(a []sql.Expression) (sql.Expression, error) {
	out := make([]sql.Expression, len(a))
	for i, e := range a {
		out[i] = e
		if e.Resolved() && (types.IsBinaryType(e.Type()) || types.IsText(e.Type())) && !isHex(e) {
			out[i] = &binaryAsDouble{e, types.IsBinaryType(e.Type())}
		}
	}
	return f.Function.NewInstance(out)
}

// withNumericArgs returns fns with go-mysql-server's built-ins of
// numericArgFuncs that fns lacks added as numericArgsFunctions.
func withNumericArgs(fns []sql.Function) []sql.Function {
	have := map[string]bool{}
	var names []string
	for _, f := range fns {
		have[strings.ToLower(f.FunctionName())] = true
	}
	for name := range numericArgFuncs {
		names = append(names, name)
	}
	return appendBuiltins(fns, have, names, func(b sql.Function) sql.Function { return numericArgsFunction{b} })
}

// binaryAsDouble is a binary string read as the DOUBLE its text starts
// with, warning 1292 when it is not wholly a number, as MySQL's val_real
// of a binary string reads it (go-mysql-server's numeric functions read a
// []byte as a big-endian integer: SQRT of a VARBINARY '12' was
// SQRT(0x3132)).
type binaryAsDouble struct {
	sql.Expression
	binary bool
}

var _ sql.Expression = (*binaryAsDouble)(nil)

// Type implements sql.Expression: DOUBLE.
func (b *binaryAsDouble) Type() sql.Type { return types.Float64 }

// Eval implements sql.Expression.
func (b *binaryAsDouble) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := b.Expression.Eval(ctx, row)
	var s string
	switch x := v.(type) {
	case []byte:
		s = string(x)
	case string:
		s = x
	default:
		return v, err
	}
	f, exact := strtod(s)
	if !exact {
		ctx.Warn(1292, "Truncated incorrect DOUBLE value: '%s'", quoteValue(s, b.binary))
	}
	return f, nil
}

// Children implements sql.Expression.
func (b *binaryAsDouble) Children() []sql.Expression { return []sql.Expression{b.Expression} }

// WithChildren implements sql.Expression.
func (b *binaryAsDouble) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(b, len(children), 1)
	}
	return &binaryAsDouble{children[0], b.binary}, nil
}

// String implements sql.Expression: the argument's.
func (b *binaryAsDouble) String() string { return b.Expression.String() }
