package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): expr COLLATE utf8mb4_… of a utf8mb3
// expression fails ("COLLATION 'utf8mb4_0900_bin' is not valid for
// CHARACTER SET 'utf8mb3'"), where MySQL 8 converts the utf8mb3 string to
// utf8mb4 (every utf8mb3 string is one) and applies the collation. The
// information_schema columns are utf8mb3, and MySQL Connector/J's
// metadata queries write … WHERE IS_NULLABLE COLLATE utf8mb4_0900_bin =
// 'YES'. collateUtf8mb4 returns the replacement of such a COLLATE, when
// the collation is a utf8mb4 one go-mysql-server knows; others stay
// go-mysql-server's. Pinned by StatementScripts "COLLATE utf8mb4_… of
// information_schema columns".
func collateUtf8mb4(n *ast.CollateExpr) (ast.Expr, bool) {
	coll, err := sql.ParseCollation("", n.Collation, false)
	if err != nil || coll.CharacterSet() != sql.CharacterSet_utf8mb4 {
		return nil, false
	}
	return inject(n, func(a []sql.Expression) sql.Expression {
		child := a[0]
		if t, ok := child.Type().(sql.TypeWithCollation); ok && t.Collation().CharacterSet() == sql.CharacterSet_utf8mb3 {
			child = expression.NewConvertUsing(child, sql.CharacterSet_utf8mb4)
		}
		return expression.NewCollatedExpression(child, coll)
	}, n.Expr), true
}
