package compat

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// errStub is stubParser's answer to everything.
var errStub = errors.New("stub parser")

// stubParser stands for go-mysql-server's parser under Statements.
type stubParser struct{}

func (stubParser) ParseSimple(string) (ast.Statement, error) { return nil, errStub }
func (stubParser) Parse(*sql.Context, string, bool) (ast.Statement, string, string, error) {
	return nil, "", "", errStub
}
func (stubParser) ParseWithOptions(context.Context, string, rune, bool, ast.ParserOptions) (ast.Statement, string, string, error) {
	return nil, "", "", errStub
}
func (stubParser) ParseOneWithOptions(context.Context, string, ast.ParserOptions) (ast.Statement, int, error) {
	return nil, 0, errStub
}

// TestLex pins the tokens the statement recogniser reads.
func TestLex(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"DO 1", []string{"do", "1"}},
		{"  /* c */ -- x\n# y\nSHOW  COUNT(*) Warnings", []string{"show", "count", "(", "*", ")", "warnings"}},
		{"/*!40101 CHECK */ TABLE `My``Tab`, db.t2", []string{"check", "table", "My`Tab", ",", "db", ".", "t2"}},
		{`HELP 'it''s \'x\''`, []string{"help", "it's 'x'"}},
		{"EXPLAIN FORMAT=JSON SELECT", []string{"explain", "format", "=", "json", "select"}},
		{"'unterminated", []string{"unterminated"}},
		{"/* unterminated", nil},
		{"中文 x", []string{"中文", "x"}},
	} {
		var got []string
		for _, tk := range lex(c.in, 100) {
			got = append(got, tk.word)
		}
		if len(got) != len(c.want) {
			t.Errorf("lex(%q) = %q, want %q", c.in, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("lex(%q) = %q, want %q", c.in, got, c.want)
				break
			}
		}
	}
}

// TestTableList pins the table lists of the maintenance statements.
func TestTableList(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []tableName
		rest int
		ok   bool
	}{
		{"t", []tableName{{"", "t"}}, 0, true},
		{"a.b, c QUICK", []tableName{{"a", "b"}, {"", "c"}}, 1, true},
		{"`x y`.`z`", []tableName{{"x y", "z"}}, 0, true},
		{"", nil, 0, false},
		{"'t'", nil, 0, false},
		{"t,", nil, 0, false},
		{", t", nil, 0, false},
	} {
		names, rest, ok := tableList(lex(c.in, 100))
		if ok != c.ok || len(rest) != c.rest || len(names) != len(c.want) {
			t.Errorf("tableList(%q) = %v, %d left, %v; want %v, %d, %v", c.in, names, len(rest), ok, c.want, c.rest, c.ok)
			continue
		}
		for i := range names {
			if names[i] != c.want[i] {
				t.Errorf("tableList(%q) = %v, want %v", c.in, names, c.want)
			}
		}
	}
}

// TestShowLimit pins SHOW ERRORS' LIMIT forms.
func TestShowLimit(t *testing.T) {
	for _, c := range []struct {
		in            string
		offset, limit int
		ok            bool
	}{
		{"", 0, -1, true},
		{"LIMIT 3", 0, 3, true},
		{"LIMIT 2, 3", 2, 3, true},
		{"LIMIT 3 OFFSET 2", 2, 3, true},
		{"LIMIT x", 0, 0, false},
		{"LIMIT '3'", 0, 0, false},
		{"WHERE 1", 0, 0, false},
	} {
		o, l, ok := showLimit(lex(c.in, 8))
		if ok != c.ok || ok && (o != c.offset || l != c.limit) {
			t.Errorf("showLimit(%q) = %d, %d, %v; want %d, %d, %v", c.in, o, l, ok, c.offset, c.limit, c.ok)
		}
	}
}

// FuzzStatements checks that recognising statements never panics, on any
// text, and that a statement it does not answer is left to the parser
// under it.
func FuzzStatements(f *testing.F) {
	for _, s := range []string{"DO 1", "SHOW ERRORS LIMIT 1", "SHOW OPEN TABLES FROM db WHERE x", "CHECK TABLE a, b.c",
		"CHECKSUM TABLE t QUICK", "ANALYZE LOCAL TABLE t", "HELP 'x'", "EXPLAIN FORMAT=JSON SELECT 1", "SELECT 1",
		"DO", "SHOW COUNT(*)", "CHECK TABLE `", "EXPLAIN FORMAT=", "do 1; select 2", "/*!"} {
		f.Add(s)
	}
	p := Statements(stubParser{}, StatementEnv{})
	ctx := sql.NewEmptyContext()
	f.Fuzz(func(t *testing.T, q string) {
		for _, multi := range []bool{false, true} {
			stmt, parsed, rest, err := p.Parse(ctx, q, multi)
			if err == errStub {
				continue // left to the parser under it
			}
			if err == nil && stmt == nil {
				t.Fatalf("Parse(%q) = nil statement, no error", q)
			}
			if len(parsed) > len(q) || len(rest) > len(q) {
				t.Fatalf("Parse(%q): parsed %q, rest %q", q, parsed, rest)
			}
		}
		if stmt, _, err := p.ParseOneWithOptions(context.Background(), q, ast.ParserOptions{}); err == nil && stmt == nil {
			t.Fatalf("ParseOneWithOptions(%q) = nil statement, no error", q)
		}
	})
}

// optimizeStub is a table whose Optimize fails with err, or says note.
type optimizeStub struct {
	sql.Table
	note string
	err  error
}

func (o optimizeStub) Optimize(*sql.Context) (string, error) { return o.note, o.err }

// TestOptimizeRows: OPTIMIZE TABLE's rows when the table's Optimize fails
// are MySQL's Error row, with MySQL's text of the error (no errno or
// SQLSTATE suffix), then "status: Operation failed"; a table that cannot
// optimize says so in a note.
func TestOptimizeRows(t *testing.T) {
	ctx := sql.NewEmptyContext()
	timeout := mysql.NewSQLError(mysql.ERLockWaitTimeout, mysql.SSLockDeadlock, "Lock wait timeout exceeded; try restarting transaction")
	for _, c := range []struct {
		tbl  sql.Table
		want []sql.Row
	}{
		{optimizeStub{err: timeout}, []sql.Row{
			{"db.t", "optimize", "Error", "Lock wait timeout exceeded; try restarting transaction"},
			{"db.t", "optimize", "status", "Operation failed"},
		}},
		{optimizeStub{err: errors.New("disk on fire")}, []sql.Row{
			{"db.t", "optimize", "Error", "disk on fire"},
			{"db.t", "optimize", "status", "Operation failed"},
		}},
		{nil, []sql.Row{{"db.t", "optimize", "note", "The storage engine for the table doesn't support optimize"}}},
	} {
		got, err := optimize(ctx, StatementEnv{}, c.tbl, "db", "db.t")
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("optimize(%T) = %v, %v; want %v", c.tbl, got, err, c.want)
		}
	}
}
