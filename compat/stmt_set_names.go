package compat

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// setNamesStatement answers SET NAMES charset COLLATE collation, whose
// COLLATE clause vitess's grammar drops (go-mysql-server v0.20.0): the
// connection kept the character set's default collation, so
// SET NAMES utf8mb4 COLLATE utf8mb4_unicode_ci left @@collation_connection
// at utf8mb4_0900_ai_ci. MySQL sets character_set_client,
// character_set_connection and character_set_results to the character
// set and collation_connection to the collation; the statement is parsed
// without the clause and given the fourth assignment. go-mysql-server
// checks the name (error 1273 for an unknown collation). Pinned by
// StatementScripts "SET NAMES … COLLATE".
func (p stmtParser) setNamesStatement(ctx *sql.Context, toks []token, s string) (ast.Statement, bool, error) {
	if len(toks) != 5 || !is(toks, "set", "names") || !is(toks[3:], "collate") || toks[2].quoted == '`' || toks[4].quoted == '`' {
		return nil, false, nil
	}
	collation := toks[4].word
	start := toks[3].end - len("collate")
	stmt, err := p.parseOne(ctx, s[:start])
	if err != nil {
		return nil, true, err
	}
	set, ok := stmt.(*ast.Set)
	if !ok {
		return nil, false, nil
	}
	set.Exprs = append(set.Exprs, &ast.SetVarExpr{
		Name:  ast.NewColName("collation_connection"),
		Expr:  ast.NewStrVal([]byte(strings.ToLower(collation))),
		Scope: ast.SetScope_Session,
	})
	return set, true, nil
}
