package compat

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// StatementEnv is what the statements answered by Statements need from
// the engine they run in.
type StatementEnv struct {
	// Catalog finds the tables of CHECK, CHECKSUM, OPTIMIZE, REPAIR and
	// ANALYZE TABLE.
	Catalog sql.Catalog
	// Stats is the statistics provider ANALYZE TABLE refreshes.
	Stats sql.StatsProvider
	// Analyze plans a statement without running it, for EXPLAIN
	// FORMAT=JSON (sqle.Engine.AnalyzeQuery).
	Analyze func(ctx *sql.Context, query string) (sql.Node, error)
	// Bound plans a parsed statement with its parameters bound, for a
	// prepared EXPLAIN FORMAT=JSON (sqle.Engine.BoundQueryPlan).
	Bound func(ctx *sql.Context, query string, parsed ast.Statement, bindings map[string]ast.Expr) (sql.Node, error)
}

// Statements returns p with the statements that go-mysql-server v0.20.0
// refuses with a syntax error or an "unsupported" error, though MySQL 8
// and MariaDB answer them, answered here instead: DO (stmt_do.go), SHOW
// ERRORS, SHOW COUNT(*) WARNINGS and ERRORS, SHOW OPEN TABLES, SHOW
// PROFILES and SHOW PROFILE (stmt_show.go), CHECK, CHECKSUM, OPTIMIZE,
// REPAIR and ANALYZE TABLE (stmt_tables.go), HELP (stmt_help.go),
// EXPLAIN FORMAT=JSON (explain.go), SET NAMES … COLLATE
// (stmt_set_names.go), RENAME TABLE (stmt_rename.go) and DROP TABLE of
// several databases (stmt_drop_tables.go). Each becomes a vitess
// InjectedStatement whose node computes MySQL's answer, so that it runs
// the same in-engine and over the wire, inside a multi-statement string
// too. Other statements go to p unchanged; telling them apart costs a look
// at the statement's first keyword.
func Statements(p sql.Parser, env StatementEnv) sql.Parser { return stmtParser{Parser: p, env: env} }

type stmtParser struct {
	sql.Parser
	env StatementEnv
}

// Parse implements sql.Parser.
func (p stmtParser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	query, _ = AssignUserVars(query) // user_var_assign.go
	if stmt, parsed, rest, ok, err := p.answer(ctx, query, ';', multi); ok {
		return stmt, parsed, rest, err
	}
	return p.Parser.Parse(ctx, query, multi)
}

// ParseWithOptions implements sql.Parser.
func (p stmtParser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	query, _ = AssignUserVars(query) // user_var_assign.go
	if stmt, parsed, rest, ok, err := p.answer(ctx, query, delimiter, multi); ok {
		return stmt, parsed, rest, err
	}
	return p.Parser.ParseWithOptions(ctx, query, delimiter, multi, options)
}

// ParseOneWithOptions implements sql.Parser.
func (p stmtParser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	query, _ = AssignUserVars(query) // user_var_assign.go
	// Its callers (PREPARE, prepared statements) read one statement and
	// ignore the offset.
	if stmt, _, _, ok, err := p.answer(ctx, query, ';', false); ok {
		return stmt, len(query), err
	}
	return p.Parser.ParseOneWithOptions(ctx, query, options)
}

// answer returns the statement that stands for the first statement of
// query, if this file answers it (ok), with the text of that statement
// and, when multi, the statements after it.
func (p stmtParser) answer(ctx context.Context, query string, delimiter rune, multi bool) (stmt ast.Statement, parsed, rest string, ok bool, err error) {
	toks := lex(query, 1)
	if len(toks) == 0 || !answeredKeywords[toks[0].word] {
		return nil, "", "", false, nil
	}
	s := sql.RemoveSpaceAndDelimiter(query, delimiter)
	if multi {
		first, after, serr := ast.SplitStatement(s)
		if serr == nil && strings.TrimSpace(after) != "" {
			s, rest = first, after
		}
	}
	sctx, _ := ctx.(*sql.Context)
	stmt, ok, err = p.statement(sctx, s)
	if !ok {
		return nil, "", "", false, nil
	}
	return stmt, s, rest, true, err
}

// answeredKeywords are the first keywords of the statements Statements
// may answer.
var answeredKeywords = map[string]bool{
	"do": true, "show": true, "check": true, "checksum": true, "optimize": true,
	"repair": true, "analyze": true, "help": true, "explain": true, "describe": true, "desc": true,
	"set": true, "rename": true, "alter": true, "drop": true,
}

// statement returns the statement standing for the single statement s,
// if this package answers it.
func (p stmtParser) statement(ctx *sql.Context, s string) (ast.Statement, bool, error) {
	toks := lex(s, 8)
	switch toks[0].word {
	case "do":
		return p.doStatement(ctx, s[toks[0].end:])
	case "show":
		if len(toks) > 1 && (toks[1].word == "index" || toks[1].word == "indexes" || toks[1].word == "keys") {
			return p.showIndexWhere(ctx, s) // show_index_where.go
		}
		return showStatement(ctx, toks[1:], s)
	case "check", "checksum", "optimize", "repair", "analyze":
		return p.tableStatement(toks, s)
	case "help":
		return helpStatement(toks[1:])
	case "explain", "describe", "desc":
		return p.explainStatement(ctx, toks, s)
	case "set":
		return p.setNamesStatement(ctx, toks, s)
	case "rename", "alter":
		if stmt, ok, err := p.alterTableComment(ctx, s); ok || err != nil { // alter_table_comment.go
			return stmt, ok, err
		}
		return p.renameStatement(ctx, s) // stmt_rename.go
	case "drop":
		return p.dropTablesStatement(ctx, s) // stmt_drop_tables.go
	}
	return nil, false, nil
}

// token is a word, quoted string or punctuation character of a statement,
// as lex returns it.
type token struct {
	// word is the token's text: a keyword or identifier lower-cased, a
	// quoted identifier or string without its quotes (and unescaped), a
	// punctuation character as itself.
	word string
	// quoted is the quote character of a quoted token ('`', '\'', '"'), or 0.
	quoted byte
	// end is the offset in the statement just after the token.
	end int
}

// lex returns the first max tokens of statement s, after blanks and
// comments. It is not a full SQL lexer: enough to recognise the
// statements this package answers and their table lists.
func lex(s string, max int) []token {
	var out []token
	i := 0
	for len(out) < max && i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
		case c == '#' || (c == '-' && strings.HasPrefix(s[i:], "-- ")) || (c == '-' && strings.HasPrefix(s[i:], "--\t")):
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
		case c == '/' && strings.HasPrefix(s[i:], "/*!"):
			i += 3
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
		case c == '/' && strings.HasPrefix(s[i:], "/*"):
			if j := strings.Index(s[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(s)
			}
		case c == '*' && strings.HasPrefix(s[i:], "*/"):
			i += 2 // the end of a versioned comment
		case isWordByte(c):
			j := i
			for j < len(s) && isWordByte(s[j]) {
				j++
			}
			out = append(out, token{word: strings.ToLower(s[i:j]), end: j})
			i = j
		case c == '`' || c == '\'' || c == '"':
			var b strings.Builder
			j := i + 1
			for j < len(s) {
				if s[j] == '\\' && c != '`' && j+1 < len(s) {
					b.WriteByte(s[j+1])
					j += 2
					continue
				}
				if s[j] == c {
					if j+1 < len(s) && s[j+1] == c {
						b.WriteByte(c)
						j += 2
						continue
					}
					break
				}
				b.WriteByte(s[j])
				j++
			}
			out = append(out, token{word: b.String(), quoted: c, end: min(j+1, len(s))})
			i = j + 1
		default:
			out = append(out, token{word: string(c), end: i + 1})
			i++
		}
	}
	return out
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c >= 0x80
}

// is reports whether toks starts with the unquoted words ws.
func is(toks []token, ws ...string) bool {
	if len(toks) < len(ws) {
		return false
	}
	for i, w := range ws {
		if toks[i].quoted != 0 || toks[i].word != w {
			return false
		}
	}
	return true
}

// parseOne parses the single statement s with p's parser, in ctx when
// there is one.
func (p stmtParser) parseOne(ctx *sql.Context, s string) (ast.Statement, error) {
	if ctx == nil {
		return p.Parser.ParseSimple(s)
	}
	stmt, _, _, err := p.Parser.Parse(ctx, s, false)
	return stmt, err
}

// injectStatement returns the InjectedStatement whose node build returns,
// from the planned expressions of children. auth is the privilege the
// statement needs.
func injectStatement(text string, build func(children []sql.Expression) (sql.Node, error), auth ast.AuthInformation, children ...ast.Expr) ast.Statement {
	return ast.InjectedStatement{
		Statement: &injectedStmt{build: build, text: text},
		Children:  children,
		Auth:      auth,
	}
}

// noAuth is the AuthInformation of a statement that needs no privilege.
var noAuth = ast.AuthInformation{AuthType: ast.AuthType_IGNORE, TargetType: ast.AuthTargetType_Ignore}

// injectedStmt is the ast.Injectable of this package's statements.
type injectedStmt struct {
	build func([]sql.Expression) (sql.Node, error)
	text  string
}

// WithResolvedChildren implements ast.Injectable.
func (s *injectedStmt) WithResolvedChildren(children []any) (any, error) {
	exprs := make([]sql.Expression, len(children))
	for j, c := range children {
		e, ok := c.(sql.Expression)
		if !ok {
			return nil, errNotExpression(j, s.text, c)
		}
		exprs[j] = e
	}
	return s.build(exprs)
}

// String implements fmt.Stringer: the statement's text.
func (s *injectedStmt) String() string { return s.text }
