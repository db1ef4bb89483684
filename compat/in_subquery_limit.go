package compat

import (
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): x IN (SELECT … LIMIT n) was answered;
// MySQL 8 and MariaDB 10.11 refuse a LIMIT in the subquery of IN (and of
// ALL, ANY and SOME, which go-mysql-server's parser lacks) with error 1235
// "This version of MySQL doesn't yet support 'LIMIT & IN/ALL/ANY/SOME
// subquery'" (a LIMIT in a derived table within it is allowed). Pinned by
// CompatFaultScripts' "IN (SELECT … LIMIT n) is error 1235" (also on
// MariaDB).

// erNotSupportedYet is MySQL's ER_NOT_SUPPORTED_YET.
const erNotSupportedYet = 1235

// limitInSubquery returns MySQL's error 1235 if the subquery sub of an IN
// has a LIMIT of its own, else nil.
func limitInSubquery(sub *ast.Subquery) error {
	var limit *ast.Limit
	switch s := sub.Select.(type) {
	case *ast.Select:
		limit = s.Limit
	case *ast.SetOp:
		limit = s.Limit
	case *ast.ParenSelect:
		return limitInSubquery(&ast.Subquery{Select: s.Select})
	}
	if limit == nil {
		return nil
	}
	return mysql.NewSQLError(erNotSupportedYet, "42000", "This version of MySQL doesn't yet support 'LIMIT & IN/ALL/ANY/SOME subquery'")
}

// refuse returns an expression whose planning fails with err.
func refuse(orig ast.Expr, err error) ast.Expr {
	return ast.InjectedExpr{
		Expression: &injected{text: ast.String(orig), err: err},
		Auth:       ast.AuthInformation{AuthType: ast.AuthType_IGNORE, TargetType: ast.AuthTargetType_Ignore},
	}
}
