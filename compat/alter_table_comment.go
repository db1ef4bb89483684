package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): ALTER TABLE t COMMENT [=] '…' answered
// OK and changed nothing: the parser drops a table option of ALTER TABLE
// (the statement becomes an ALTER with no change), so SHOW CREATE TABLE
// and information_schema.TABLES kept the old comment. MySQL 8 sets it.
// Here an ALTER TABLE whose only change is the comment is answered by
// setting it through the table's SetComment (CommentableTable: the
// catalog's tables), stored in the table's metadata. A COMMENT among
// other changes of one ALTER is still dropped. Pinned by CompatFaultScripts
// "ALTER TABLE changes the table comment" (sqltests/scripts_compat_faults.go,
// also on MariaDB). Delete this file when the parser keeps ALTER TABLE's
// table options.

// CommentableTable is a table whose comment ALTER TABLE … COMMENT sets.
type CommentableTable interface {
	sql.Table
	// SetComment replaces the table's comment.
	SetComment(ctx *sql.Context, comment string) error
}

// alterTableComment answers s if it is ALTER TABLE [db.]t COMMENT [=]
// 'text' and nothing else, on a CommentableTable.
func (p stmtParser) alterTableComment(ctx *sql.Context, s string) (ast.Statement, bool, error) {
	toks := lex(s, 10)
	if ctx == nil || p.env.Catalog == nil || !is(toks, "alter", "table") {
		return nil, false, nil
	}
	rest := toks[2:]
	db, name := ctx.GetCurrentDatabase(), ""
	switch {
	case len(rest) >= 3 && rest[1].word == "." && rest[1].quoted == 0:
		db, name, rest = rest[0].word, rest[2].word, rest[3:]
	case len(rest) >= 1:
		name, rest = rest[0].word, rest[1:]
	}
	if len(rest) > 0 && rest[len(rest)-1].word == ";" && rest[len(rest)-1].quoted == 0 {
		rest = rest[:len(rest)-1]
	}
	if len(rest) == 3 && rest[1].word == "=" && rest[1].quoted == 0 {
		rest = []token{rest[0], rest[2]}
	}
	if len(rest) != 2 || rest[0].word != "comment" || rest[0].quoted != 0 || rest[1].quoted != '\'' && rest[1].quoted != '"' {
		return nil, false, nil
	}
	comment := rest[1].word
	d, err := p.env.Catalog.Database(ctx, db)
	if err != nil {
		return nil, false, nil // go-mysql-server reports it
	}
	t, ok, err := d.GetTableInsensitive(ctx, name)
	if err != nil || !ok {
		return nil, false, nil
	}
	if _, ok := t.(CommentableTable); !ok {
		return nil, false, nil
	}
	cat := p.env.Catalog
	return injectStatement(s, func([]sql.Expression) (sql.Node, error) {
		return &resultNode{name: s, schema: okSchema, writes: true, rows: func(ctx *sql.Context, _ []sql.Expression) ([]sql.Row, error) {
			d, err := cat.Database(ctx, db)
			if err != nil {
				return nil, err
			}
			t, ok, err := d.GetTableInsensitive(ctx, name)
			if err != nil {
				return nil, err
			}
			ct, isCT := t.(CommentableTable)
			if !ok || !isCT {
				return nil, sql.ErrTableNotFound.New(name)
			}
			if err := ct.SetComment(ctx, comment); err != nil {
				return nil, err
			}
			return okRows(), nil
		}}, nil
	}, ast.AuthInformation{AuthType: ast.AuthType_ALTER, TargetType: ast.AuthTargetType_SingleTableIdentifier, TargetNames: []string{db, name}}), true, nil
}
