package compat

import (
	"context"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// TestMinusMinus pins where two dashes are two minus signs (MySQL) and
// where they begin a comment, as MySQL's lexer has it.
func TestMinusMinus(t *testing.T) {
	for _, tc := range []struct {
		q, want string // want "" for no rewrite
		raw     bool
	}{
		{q: "SELECT --1", want: "SELECT - -1"},
		{q: "SELECT 5--1", want: "SELECT 5- -1"},
		{q: "SELECT ---1", want: "SELECT - - -1"},
		{q: "SELECT 1 WHERE a=1--1", want: "SELECT 1 WHERE a=1- -1"},
		// MySQL: the first dash is a minus, then "-- 1" a comment.
		{q: "SELECT 2--- 1", want: "SELECT 2- -- 1"},
		{q: "SELECT 1 -- comment --1", want: ""},
		{q: "SELECT 1 --\tcomment", want: ""},
		{q: "SELECT 1 --\n, 2", want: ""},
		{q: "SELECT 1 --", want: ""}, // the end: a comment
		{q: "SELECT 1 # --1\n", want: ""},
		{q: "SELECT 1 /* --1 */", want: ""},
		{q: "SELECT '--1', \"--1\", `--1`", want: ""},
		{q: "SELECT 'it''s --1', 'a\\' --1'", want: ""},
		{q: "SELECT 'a\\' --1", want: "", raw: false}, // the literal runs to the end
		{q: "SELECT 'a\\' --1", want: "SELECT 'a\\' - -1", raw: true},
		{q: "SELECT 1", want: ""},
		{q: "SELECT a->'$.x' FROM t", want: ""},
	} {
		got := ""
		if e := minusMinus(tc.q, tc.raw); e != nil {
			got = e.text
		}
		if got != tc.want {
			t.Errorf("minusMinus(%q, %v) = %q, want %q", tc.q, tc.raw, got, tc.want)
		}
	}
}

// TestSyntaxFallback pins the rewrites tried after a syntax error.
func TestSyntaxFallback(t *testing.T) {
	for _, tc := range []struct{ q, want string }{
		{"SELECT SUBSTRING(s FROM 2)", "SELECT SUBSTRING(s , 2)"},
		{"SELECT substr(CONCAT(a, 'FROM') from 2 for 3)", "SELECT substr(CONCAT(a, 'FROM') , 2 , 3)"},
		{"SELECT MID((SELECT s FROM t LIMIT 1) FROM 2), 1 FROM t", "SELECT MID((SELECT s FROM t LIMIT 1) , 2), 1 FROM t"},
		{"SELECT SUBSTRING(SUBSTRING(s FROM 2) FROM 3)", "SELECT SUBSTRING(SUBSTRING(s , 2) , 3)"},
		{"SELECT `substring`(s FROM 2)", ""}, // a quoted name is no keyword
		{"lock table t READ", "lock tableS t READ"},
		{"UNLOCK TABLE", "UNLOCK TABLES"},
		{"LOCK TABLES t READ", ""},
		{"SELECT 'SUBSTRING(s FROM 2)'", ""},
		{"SELECT a FROM t", ""},
		{"ALTER TABLE t ADD COLUMN (c INT, d INT)", "ALTER TABLE t ADD COLUMN c INT, ADD COLUMN d INT"},
		{"alter table t add (c DECIMAL(5, 2) DEFAULT (1 + 2), `key` INT, INDEX ic (c, `key`))",
			"alter table t ADD COLUMN c DECIMAL(5, 2) DEFAULT (1 + 2), ADD COLUMN `key` INT, ADD INDEX ic (c, `key`)"},
		{"ALTER TABLE t ADD (c INT), ADD COLUMN (d VARCHAR(3) COMMENT 'a, b)'), DROP x", "ALTER TABLE t ADD COLUMN c INT, ADD COLUMN d VARCHAR(3) COMMENT 'a, b)', DROP x"},
		{"ALTER TABLE t ADD COLUMN c INT", ""},
		{"ALTER TABLE t ADD (c INT", ""},
		{"SELECT GROUP_CONCAT(a SEPARATOR x'00') FROM t", `SELECT GROUP_CONCAT(a SEPARATOR '\0') FROM t`},
		{"SELECT GROUP_CONCAT(a SEPARATOR X'2C275C41') FROM t", `SELECT GROUP_CONCAT(a SEPARATOR ',''\\A') FROM t`},
		{"SELECT GROUP_CONCAT(a ORDER BY a separator 0x7C) FROM t", "SELECT GROUP_CONCAT(a ORDER BY a separator '|') FROM t"},
		{"SELECT GROUP_CONCAT(a SEPARATOR b'111100') FROM t", "SELECT GROUP_CONCAT(a SEPARATOR '<') FROM t"},
		{"SELECT GROUP_CONCAT(a SEPARATOR 0b101110) FROM t", "SELECT GROUP_CONCAT(a SEPARATOR '.') FROM t"},
		{"SELECT GROUP_CONCAT(a SEPARATOR x'') FROM t", "SELECT GROUP_CONCAT(a SEPARATOR '') FROM t"},
		{"SELECT GROUP_CONCAT(a SEPARATOR x'0') FROM t", ""}, // an odd number of digits: MySQL's syntax error too
		{"SELECT GROUP_CONCAT(a SEPARATOR x'zz') FROM t", ""},
		{"SELECT id FROM q WHERE id = 1 FOR UPDATE NOWAIT", "SELECT id FROM q WHERE id = 1 FOR UPDATE "},
		{"select id from q for share of q, `r` nowait", "select id from q for UPDATE of q, `r` "},
		{"SELECT id FROM q FOR SHARE SKIP LOCKED", "SELECT id FROM q FOR UPDATE SKIP LOCKED"},
		{"SELECT nowait FROM t FOR UPDATE", ""},
		{"SELECT 'for update nowait' FROM t", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY", "START TRANSACTION READ ONLY"},
		{"start transaction read write , with /* c */ consistent snapshot;", "start transaction READ WRITE;"},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT, WITH CONSISTENT SNAPSHOT", "START TRANSACTION WITH CONSISTENT SNAPSHOT"},
		{"START TRANSACTION READ ONLY, WITH CONSISTENT SNAPSHOT, READ WRITE", "START TRANSACTION READ ONLY, READ WRITE"}, // still MySQL's 1064
		{"START TRANSACTION READ ONLY, READ WRITE", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ", ""},
		{"START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY x", ""},
	} {
		got := ""
		if e := syntaxFallback(tc.q, false); e != nil {
			got = e.text
		}
		if got != tc.want {
			t.Errorf("syntaxFallback(%q) = %q, want %q", tc.q, got, tc.want)
		}
	}
}

// TestRewrittenText parses statements the rewrites change: each parses,
// and its select expressions keep the names the client's text gives
// them; one that parses is never rewritten.
func TestRewrittenText(t *testing.T) {
	p := Parser(sql.NewMysqlParser())
	for _, tc := range []struct {
		q     string
		names []string
	}{
		{"SELECT --1", []string{"--1"}},
		{"SELECT 5--1, 'x--1'", []string{"5--1", "x--1"}},
		{"SELECT SUBSTRING('abcdef' FROM 2), 1--1", []string{"SUBSTRING('abcdef' FROM 2)", "1--1"}},
		// vitess keeps the AS (go-mysql-server names the column s).
		{"SELECT SUBSTRING(CONCAT('ab', 'cd') FROM 2 FOR 2) AS s", []string{"SUBSTRING(CONCAT('ab', 'cd') FROM 2 FOR 2) AS"}},
		{"SELECT SUBSTRING('abcdef' FROM 2 FOR 3)", []string{"SUBSTRING('abcdef' FROM 2 FOR 3)"}},
	} {
		stmt, _, _, err := p.ParseWithOptions(context.Background(), tc.q, ';', false, ast.ParserOptions{})
		if err != nil {
			t.Errorf("%s: %v", tc.q, err)
			continue
		}
		sel, ok := stmt.(*ast.Select)
		if !ok || len(sel.SelectExprs) != len(tc.names) {
			t.Errorf("%s: %T %v", tc.q, stmt, stmt)
			continue
		}
		for i, e := range sel.SelectExprs {
			if a, ok := e.(*ast.AliasedExpr); !ok || a.InputExpression != tc.names[i] {
				t.Errorf("%s: expression %d named %q, want %q", tc.q, i, a.InputExpression, tc.names[i])
			}
		}
	}
	for _, q := range []string{"SELECT SUBSTRING(", "SELECT a FROM FROM t"} {
		if _, _, _, err := p.ParseWithOptions(context.Background(), q, ';', false, ast.ParserOptions{}); err == nil {
			t.Errorf("%s parses", q)
		}
	}
}
