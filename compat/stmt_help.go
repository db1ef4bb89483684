package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// helpStatement answers HELP 'search string', which go-mysql-server
// v0.20.0 refuses as a syntax error: MySQL looks the string up in its
// help tables (mysql.help_topic, filled from the manual at install), and
// simsql has none, so it answers as MySQL does for a string that matches
// nothing: a result set of the columns name and is_it_category with no
// rows (the mysql client prints "Nothing found"). Pinned by
// StatementScripts "HELP".
func helpStatement(toks []token) (ast.Statement, bool, error) {
	if len(toks) != 1 || (toks[0].quoted != '\'' && toks[0].quoted != '"') {
		return nil, false, nil
	}
	return emptyResult("HELP", sql.Schema{
		{Name: "name", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 64)},
		{Name: "is_it_category", Type: types.MustCreateStringWithDefaults(sqltypes.VarChar, 1)},
	}), true, nil
}
