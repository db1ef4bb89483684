package compat

import (
	"slices"
	"strings"
)

// Fault (go-mysql-server v0.20.0, its vitess grammar go/vt/sqlparser/sql.y):
// statement modifiers MySQL 8 accepts were syntax errors (1064): INSERT
// LOW_PRIORITY, HIGH_PRIORITY or DELAYED, REPLACE LOW_PRIORITY or DELAYED,
// UPDATE LOW_PRIORITY, DELETE LOW_PRIORITY, and SELECT HIGH_PRIORITY,
// SQL_SMALL_RESULT, SQL_BIG_RESULT and SQL_BUFFER_RESULT (SELECT
// SQL_BUFFER_RESULT id FROM t read SQL_BUFFER_RESULT as a column aliased
// id); DELETE QUICK FROM t was read as a multi-table DELETE of a table
// named QUICK (1146). In MySQL 8 each is a scheduling or optimizer hint
// that changes no result: LOW_PRIORITY and HIGH_PRIORITY affect only
// table-level locking engines (MyISAM, MEMORY, MERGE), DELAYED "is
// ignored" for InnoDB ("INSERT DELAYED is no longer supported. The
// statement was converted to INSERT", 13.2.6.2), QUICK affects only
// MyISAM index merging (13.2.2), and the SELECT options are hints to the
// optimizer (13.2.13). The words are reserved in those positions, so
// statementModifiers drops them there, before the statement is parsed.
// (DELETE IGNORE, which changes what a DELETE does, is not among them.)
// Pinned by StatementScripts "statement modifiers MySQL 8 accepts"
// (sqltests, also on MariaDB).

// headModifiers are the modifiers statementModifiers drops after a
// statement's first word, by that word.
var headModifiers = map[string][]string{
	"insert":  {"low_priority", "high_priority", "delayed"},
	"replace": {"low_priority", "delayed"},
	"update":  {"low_priority"},
	"delete":  {"low_priority", "quick"},
}

// selectOptions are the words MySQL 8 reads as SELECT's options right
// after SELECT (select_option), and whether statementModifiers drops the
// word.
var selectOptions = map[string]bool{
	"all": false, "distinct": false, "distinctrow": false, "straight_join": false,
	"sql_calc_found_rows": false, "sql_no_cache": false, "sql_cache": false,
	"high_priority": true, "sql_small_result": true, "sql_big_result": true, "sql_buffer_result": true,
}

// statementModifiers returns q without the modifiers of headModifiers and
// selectOptions that the grammar refuses, or nil when it has none.
func statementModifiers(q string, noBackslashEscapes bool) *editedText {
	toks := textTokens(q, noBackslashEscapes)
	text := func(i int) string {
		if i < 0 || i >= len(toks) || !toks[i].word {
			return ""
		}
		return strings.ToLower(q[toks[i].start:toks[i].end])
	}
	var edits []edit
	drop := func(i int) { edits = append(edits, edit{start: toks[i].start, end: toks[i].end}) }
	if mods, ok := headModifiers[text(0)]; ok {
		for i := 1; i < len(toks); i++ {
			w := text(i)
			switch {
			case slices.Contains(mods, w):
				drop(i)
			case w != "ignore":
				i = len(toks) // the modifiers end
			}
		}
	}
	for i := range toks {
		if text(i) != "select" {
			continue
		}
		for j := i + 1; j < len(toks); j++ {
			dropped, ok := selectOptions[text(j)]
			if !ok {
				break
			}
			if dropped {
				drop(j)
			}
		}
	}
	if len(edits) == 0 {
		return nil
	}
	return applyEdits(q, edits)
}
