package compat

// Fault (go-mysql-server v0.20.0 and its vitess): SELECT 1e400 failed with
// error 1105 'strconv.ParseFloat: parsing "1e400": value out of range',
// where MySQL 8 gives error 1367 (22007) "Illegal double '1e400' value
// found during parsing"; and 0b1111, MySQL's binary literal (15, as
// b'1111'), was read as a column name ("column "0b1111" could not be
// found"). The rewriter (parser.go) replaces such a DOUBLE literal by an
// expression that fails with 1367 and such a name by the literal b'1111'.
// MySQL reads 0b… as a literal only with a lower-case b and binary
// digits, and never in backquotes: `0b1111` is a name. The syntax tree
// does not say whether a name was quoted, so a name that appears
// backquoted anywhere in the statement's text stays a name. Pinned by
// TestLiterals. Delete this file
// when upstream reads these literals.

import (
	"errors"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// erIllegalValueForType is MySQL's ER_ILLEGAL_VALUE_FOR_TYPE.
const erIllegalValueForType = 1367

// literalLeaf returns what replaces leaf e of the syntax tree of query, if
// it is a DOUBLE literal beyond the DOUBLE range, an unquoted 0b… name or,
// outside a column definition (columnDef), a bit-value literal
// (bit_literals.go).
func literalLeaf(e any, query string, columnDef bool) (ast.Expr, bool) {
	switch n := e.(type) {
	case *ast.SQLVal:
		if n.Type == ast.BitVal && !columnDef {
			return bitAsHex(n)
		}
		if n.Type != ast.FloatVal {
			return nil, false
		}
		if _, err := strconv.ParseFloat(string(n.Val), 64); !errors.Is(err, strconv.ErrRange) {
			return nil, false
		}
		text := string(n.Val)
		return ast.InjectedExpr{
			Expression: &injected{build: func([]sql.Expression) sql.Expression { return illegalDouble(text) }, text: text},
			Auth:       ast.AuthInformation{AuthType: ast.AuthType_IGNORE, TargetType: ast.AuthTargetType_Ignore},
		}, true
	case *ast.ColName:
		if !n.Qualifier.IsEmpty() {
			return nil, false
		}
		name := n.Name.String()
		if len(name) < 3 || name[:2] != "0b" {
			return nil, false
		}
		for _, c := range name[2:] {
			if c != '0' && c != '1' {
				return nil, false
			}
		}
		if strings.Contains(query, "`"+name+"`") {
			return nil, false // written as a quoted name
		}
		bit := &ast.SQLVal{Type: ast.BitVal, Val: []byte(name[2:])}
		if columnDef {
			return bit, true
		}
		return bitAsHex(bit)
	}
	return nil, false
}

// illegalDouble is a DOUBLE literal beyond the DOUBLE range: evaluating
// it is MySQL's parse error 1367.
type illegalDouble string

var _ sql.Expression = illegalDouble("")

func (d illegalDouble) Resolved() bool             { return true }
func (d illegalDouble) String() string             { return string(d) }
func (d illegalDouble) Type() sql.Type             { return types.Float64 }
func (d illegalDouble) IsNullable() bool           { return false }
func (d illegalDouble) Children() []sql.Expression { return nil }
func (d illegalDouble) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(d, len(children), 0)
	}
	return d, nil
}

// Eval implements sql.Expression: error 1367.
func (d illegalDouble) Eval(*sql.Context, sql.Row) (any, error) {
	return nil, mysql.NewSQLError(erIllegalValueForType, "22007", "Illegal double '%s' value found during parsing", string(d))
}
