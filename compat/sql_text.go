package compat

import (
	"strings"

	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// The text of a statement, scanned as MySQL's lexer scans it, for the few
// rewrites of the text itself (minus_minus.go, syntax_fallback.go): they
// change only what lies outside string literals, quoted identifiers and
// comments.

// textToken is one token of a statement's text outside literals and comments:
// a word (keyword, unquoted identifier or number) or one character of
// punctuation, q[start:end].
type textToken struct {
	start, end int
	word       bool
}

// textTokens returns the tokens of q that are neither literals ('…', "…"),
// quoted identifiers (`…`) nor comments (/* … */, # … and -- … where the
// second dash is followed by a space, a control character or the end, as
// MySQL has it). Backslash escapes in literals count unless
// noBackslashEscapes (the sql_mode NO_BACKSLASH_ESCAPES).
func textTokens(q string, noBackslashEscapes bool) []textToken {
	var out []textToken
	for i := 0; i < len(q); {
		c := q[i]
		switch {
		case c == '\'' || c == '"' || c == '`':
			i = literalEnd(q, i, c == '`' || noBackslashEscapes)
		case c == '/' && i+1 < len(q) && q[i+1] == '*':
			if j := strings.Index(q[i+2:], "*/"); j >= 0 {
				i += 2 + j + 2
			} else {
				i = len(q)
			}
		case c == '#' || c == '-' && i+1 < len(q) && q[i+1] == '-' && (i+2 == len(q) || spaceOrControl(q[i+2])):
			if j := strings.IndexByte(q[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(q)
			}
		case spaceOrControl(c):
			i++
		case wordByte(c):
			j := i
			for j < len(q) && wordByte(q[j]) {
				j++
			}
			out = append(out, textToken{start: i, end: j, word: true})
			i = j
		default:
			out = append(out, textToken{start: i, end: i + 1})
			i++
		}
	}
	return out
}

// literalEnd returns the end of the literal or quoted identifier that
// begins at q[i]: its quote doubled stands for itself, and so does any
// character after a backslash unless raw.
func literalEnd(q string, i int, raw bool) int {
	quote := q[i]
	for j := i + 1; j < len(q); j++ {
		switch {
		case q[j] == '\\' && !raw:
			j++
		case q[j] == quote:
			if j+1 < len(q) && q[j+1] == quote {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(q)
}

// spaceOrControl reports whether MySQL's lexer takes c for a space or a
// control character.
func spaceOrControl(c byte) bool { return c <= ' ' || c == 0x7f }

// wordByte reports whether c belongs to a word: letters, digits, _, $ and
// the bytes of non-ASCII characters.
func wordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c >= 0x80
}

// editedText is a statement's text after rewrites, with the way back to
// the text the client sent.
type editedText struct {
	text string
	// orig[i] is the offset in the original text of text's offset i (for
	// i up to len(text)).
	orig []int
	from string // the original text
}

// edit is one replacement of q[start:end] by with.
type edit struct {
	start, end int
	with       string
}

// applyEdits returns q with edits (in order, not overlapping) made.
func applyEdits(q string, edits []edit) *editedText {
	var b strings.Builder
	orig := make([]int, 0, len(q)+len(edits)+1)
	at := 0
	copyTo := func(end int) {
		b.WriteString(q[at:end])
		for i := at; i < end; i++ {
			orig = append(orig, i)
		}
	}
	for _, e := range edits {
		copyTo(e.start)
		b.WriteString(e.with)
		for range len(e.with) {
			orig = append(orig, e.start)
		}
		at = e.end
	}
	copyTo(len(q))
	orig = append(orig, len(q))
	return &editedText{text: b.String(), orig: orig, from: q}
}

// then returns the text of next, rewritten from e.text, mapped back to
// e's original text.
func (e *editedText) then(next *editedText) *editedText {
	if e == nil {
		return next
	}
	orig := make([]int, len(next.orig))
	for i, o := range next.orig {
		orig[i] = e.orig[o]
	}
	return &editedText{text: next.text, orig: orig, from: e.from}
}

// restoreNames gives the select expressions of stmt, parsed from e.text,
// the names the client's text gives them (go-mysql-server names a column
// of a select expression by its text): SELECT --1 is column "--1", not
// "- -1".
func (e *editedText) restoreNames(stmt ast.Statement) {
	_ = ast.Walk(func(n ast.SQLNode) (bool, error) {
		a, ok := n.(*ast.AliasedExpr)
		if !ok || a.InputExpression == "" || a.StartParsePos < 0 || a.EndParsePos > len(e.text) || a.EndParsePos <= a.StartParsePos {
			return true, nil
		}
		if rewritten := e.text[a.StartParsePos:a.EndParsePos]; strings.Trim(rewritten, " \n\t") == a.InputExpression {
			if o := e.from[e.orig[a.StartParsePos]:e.orig[a.EndParsePos]]; o != rewritten {
				a.InputExpression = strings.Trim(o, " \n\t")
			}
		}
		return true, nil
	}, stmt)
}
