package compat

import (
	"slices"
	"strings"
)

// syntaxFallback works around statements MySQL 8 accepts that the vitess
// grammar of go-mysql-server v0.20.0 (go/vt/sqlparser/sql.y) refuses with
// a syntax error:
//
//   - SUBSTRING(s FROM pos) (the grammar has only SUBSTRING(col FROM pos
//     FOR n) and SUBSTRING('literal' FROM pos FOR n), so SUBSTRING(CONCAT(a,
//     b) FROM 2 FOR 1) was refused too), and the same of SUBSTR and MID:
//     written SUBSTRING(s, pos[, n]), which means the same;
//   - LOCK TABLE and UNLOCK TABLE: written LOCK TABLES and UNLOCK TABLES;
//   - ALTER TABLE t ADD [COLUMN] (c INT, d INT, INDEX i (c)), MySQL's
//     parenthesised list of new columns (and keys): written ADD COLUMN c
//     INT, ADD COLUMN d INT, ADD INDEX i (c), which MySQL takes it for.
//
// It returns q so rewritten, or nil when no rewrite applies. The parser
// tries it only after q failed to parse, and keeps it only when it parses,
// so a statement that parses is never changed. Pinned by
// TestSyntaxFallback and StatementScripts "statements the grammar refused";
// delete this file when the grammar has these forms.
func syntaxFallback(q string, noBackslashEscapes bool) *editedText {
	toks := textTokens(q, noBackslashEscapes)
	var edits []edit
	word := func(i int, w string) bool {
		return i >= 0 && i < len(toks) && toks[i].word && strings.EqualFold(q[toks[i].start:toks[i].end], w)
	}
	if (word(0, "lock") || word(0, "unlock")) && word(1, "table") {
		edits = append(edits, edit{start: toks[1].end, end: toks[1].end, with: "S"})
	}
	if word(0, "alter") {
		edits = append(edits, addColumnList(q, toks)...)
	}
	// substring[d] reports whether the parenthesis open at depth d is a
	// SUBSTRING call's.
	var substring []bool
	for i, t := range toks {
		switch {
		case !t.word && q[t.start] == '(':
			substring = append(substring, word(i-1, "substring") || word(i-1, "substr") || word(i-1, "mid"))
		case !t.word && q[t.start] == ')':
			if len(substring) > 0 {
				substring = substring[:len(substring)-1]
			}
		case len(substring) > 0 && substring[len(substring)-1] && (word(i, "from") || word(i, "for")):
			edits = append(edits, edit{start: t.start, end: t.end, with: ","})
		}
	}
	if len(edits) == 0 {
		return nil
	}
	slices.SortFunc(edits, func(a, b edit) int { return a.start - b.start })
	return applyEdits(q, edits)
}

// addColumnList returns the edits that write each ADD [COLUMN] (…) of
// ALTER TABLE statement q, of tokens toks, as one ADD COLUMN per column
// definition of the list (ADD for a key or constraint in it).
func addColumnList(q string, toks []textToken) []edit {
	word := func(i int, w string) bool {
		return i < len(toks) && toks[i].word && strings.EqualFold(q[toks[i].start:toks[i].end], w)
	}
	punct := func(i int, c byte) bool { return i < len(toks) && !toks[i].word && q[toks[i].start] == c }
	// element returns the words that begin the list element at toks[i].
	element := func(i int) string {
		for _, w := range []string{"index", "key", "primary", "unique", "fulltext", "spatial", "constraint", "foreign", "check"} {
			if word(i, w) {
				return " ADD "
			}
		}
		return " ADD COLUMN "
	}
	var edits []edit
	depth := 0
	for i := 0; i < len(toks); i++ {
		switch {
		case punct(i, '('):
			depth++
			continue
		case punct(i, ')'):
			depth--
			continue
		}
		if depth != 0 || !word(i, "add") {
			continue
		}
		open := i + 1
		if word(open, "column") {
			open++
		}
		if !punct(open, '(') {
			continue
		}
		// The list: its top-level commas, and its closing parenthesis.
		var commas []int
		closing := -1
		for j, d := open+1, 1; j < len(toks) && closing < 0; j++ {
			switch {
			case punct(j, '('):
				d++
			case punct(j, ')'):
				if d--; d == 0 {
					closing = j
				}
			case punct(j, ',') && d == 1:
				commas = append(commas, j)
			}
		}
		if closing < 0 {
			return nil
		}
		edits = append(edits, edit{start: toks[i].start, end: toks[open].end, with: strings.TrimLeft(element(open+1), " ")})
		for _, c := range commas {
			edits = append(edits, edit{start: toks[c].start, end: toks[c].end, with: "," + strings.TrimRight(element(c+1), " ")})
		}
		edits = append(edits, edit{start: toks[closing].start, end: toks[closing].end})
		i = closing
	}
	return edits
}
