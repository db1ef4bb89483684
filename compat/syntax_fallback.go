package compat

import "strings"

// syntaxFallback works around statements MySQL 8 accepts that the vitess
// grammar of go-mysql-server v0.20.0 (go/vt/sqlparser/sql.y) refuses with
// a syntax error:
//
//   - SUBSTRING(s FROM pos) (the grammar has only SUBSTRING(col FROM pos
//     FOR n) and SUBSTRING('literal' FROM pos FOR n), so SUBSTRING(CONCAT(a,
//     b) FROM 2 FOR 1) was refused too), and the same of SUBSTR and MID:
//     written SUBSTRING(s, pos[, n]), which means the same;
//   - LOCK TABLE and UNLOCK TABLE: written LOCK TABLES and UNLOCK TABLES.
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
	return applyEdits(q, edits)
}
