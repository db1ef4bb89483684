package compat

import "strings"

// minusMinus works around a fault of the vitess tokenizer that
// go-mysql-server v0.20.0 uses (go/vt/sqlparser/token.go): it takes every
// "--" for the start of a comment, where MySQL does only when the second
// dash is followed by a space or a control character. So SELECT --1 (1 in
// MySQL) was a syntax error, and worse, SELECT 5--1 returned 5 and
// WHERE a=1--1 dropped its end, where MySQL computes 5-(-1) = 6. It
// returns q with a space after each dash that MySQL reads as an operator
// and is followed by another, outside literals, quoted identifiers and
// comments, or nil when there is none (the common case, found without
// scanning when q has no "--"). Pinned by TestMinusMinus and
// StatementScripts "two dashes without a space are two minus signs";
// delete this file when the tokenizer follows MySQL.
func minusMinus(q string, noBackslashEscapes bool) *editedText {
	if !strings.Contains(q, "--") {
		return nil
	}
	var edits []edit
	for _, t := range textTokens(q, noBackslashEscapes) {
		if !t.word && q[t.start] == '-' && t.end < len(q) && q[t.end] == '-' {
			edits = append(edits, edit{start: t.end, end: t.end, with: " "})
		}
	}
	if len(edits) == 0 {
		return nil
	}
	return applyEdits(q, edits)
}
