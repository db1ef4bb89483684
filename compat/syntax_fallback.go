package compat

import (
	"slices"
	"strconv"
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
//     INT, ADD COLUMN d INT, ADD INDEX i (c), which MySQL takes it for;
//   - GROUP_CONCAT(… SEPARATOR x'00'), a hexadecimal or bit literal as the
//     separator (MySQL 8's text_string: TEXT_STRING_literal, HEX_NUM or
//     BIN_NUM; the grammar takes only a quoted string): written as the
//     string literal of its bytes (separatorLiteral);
//   - SELECT … FOR UPDATE NOWAIT and FOR SHARE [OF t, …] NOWAIT (MySQL
//     8.0.1+): written without NOWAIT, which the session reads from the
//     statement's own text (statement.LockWaitOf: the lock wait fails at
//     once with error 3572), and FOR SHARE where the grammar refuses it
//     (FOR SHARE SKIP LOCKED, FOR SHARE OF t): written FOR UPDATE, the
//     same in simsql, whose row locks are all exclusive
//     (docs/transactions.md);
//   - START TRANSACTION's list of characteristics with WITH CONSISTENT
//     SNAPSHOT in it (start_transaction_list.go).
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
	if word(0, "start") && word(1, "transaction") {
		edits = append(edits, startTransactionList(q, toks)...)
	}
	for i := range toks {
		if word(i, "share") && word(i-1, "for") {
			edits = append(edits, edit{start: toks[i].start, end: toks[i].end, with: "UPDATE"})
		}
		if word(i, "nowait") && lockingClauseBefore(q, toks, i) {
			edits = append(edits, edit{start: toks[i].start, end: toks[i].end, with: ""})
		}
		if word(i, "separator") && i+1 < len(toks) {
			if e, ok := separatorLiteral(q, toks[i+1], noBackslashEscapes); ok {
				edits = append(edits, e)
			}
		}
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

// separatorLiteral returns the edit that writes the hexadecimal or bit
// literal beginning at token t of q (x'…', X'…', b'…', B'…', 0x…, 0b…)
// as the quoted string of its bytes; ok is false when t begins no such
// literal, or an invalid one (x'…' of an odd number of digits, as MySQL
// refuses it).
func separatorLiteral(q string, t textToken, noBackslashEscapes bool) (edit, bool) {
	w := q[t.start:t.end]
	var digits string
	var base, end int
	switch {
	case (w == "x" || w == "X" || w == "b" || w == "B") && t.end < len(q) && q[t.end] == '\'':
		end = literalEnd(q, t.end, true)
		if end-t.end < 2 || q[end-1] != '\'' {
			return edit{}, false
		}
		digits = q[t.end+1 : end-1]
		base = 16
		if w == "b" || w == "B" {
			base = 2
		} else if len(digits)%2 != 0 {
			return edit{}, false
		}
	case len(w) > 2 && w[0] == '0' && (w[1] == 'x' || w[1] == 'b'):
		digits, end = w[2:], t.end
		base = 16
		if w[1] == 'b' {
			base = 2
		}
	default:
		return edit{}, false
	}
	b, ok := literalBytes(digits, base)
	if !ok {
		return edit{}, false
	}
	var lit strings.Builder
	lit.WriteByte('\'')
	for _, c := range b {
		switch {
		case c == '\'':
			lit.WriteString("''")
		case c == '\\' && !noBackslashEscapes:
			lit.WriteString(`\\`)
		case c == 0 && !noBackslashEscapes:
			lit.WriteString(`\0`)
		default:
			lit.WriteByte(c)
		}
	}
	lit.WriteByte('\'')
	return edit{start: t.start, end: end, with: lit.String()}, true
}

// literalBytes returns the bytes of digits in base 16 or 2, the first
// byte padded with zero bits on the left as MySQL pads them.
func literalBytes(digits string, base int) ([]byte, bool) {
	per := 2 // digits a byte
	if base == 2 {
		per = 8
	}
	if pad := len(digits) % per; pad != 0 {
		digits = strings.Repeat("0", per-pad) + digits
	}
	out := make([]byte, 0, len(digits)/per)
	for i := 0; i < len(digits); i += per {
		n, err := strconv.ParseUint(digits[i:i+per], base, 8)
		if err != nil {
			return nil, false
		}
		out = append(out, byte(n))
	}
	return out, true
}

// lockingClauseBefore reports whether the tokens before toks[i] end a
// locking clause: FOR UPDATE or FOR SHARE, with or without OF and a list
// of table names.
func lockingClauseBefore(q string, toks []textToken, i int) bool {
	word := func(j int, w string) bool {
		return j >= 0 && toks[j].word && strings.EqualFold(q[toks[j].start:toks[j].end], w)
	}
	lockWord := func(j int) bool { return (word(j, "update") || word(j, "share")) && word(j-1, "for") }
	if lockWord(i - 1) {
		return true
	}
	// FOR UPDATE OF a, b.c NOWAIT: back over the names, dots and commas
	// (a quoted name is no token).
	j := i - 1
	for j >= 0 && !word(j, "of") && (toks[j].word || q[toks[j].start] == ',' || q[toks[j].start] == '.') {
		j--
	}
	return word(j, "of") && lockWord(j-1)
}
