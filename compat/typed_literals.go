package compat

import "strings"

// typedLiterals works around a fault of the vitess grammar that
// go-mysql-server v0.20.0 uses (go/vt/sqlparser/sql.y, value: DATE STRING,
// TIME STRING, TIMESTAMP STRING): it reads MySQL's typed literals DATE
// '…', TIME '…' and TIMESTAMP '…' as the plain string, so they compared
// and computed as strings: TIMESTAMP '2020-01-01 00:00:00' = DATE
// '2020-01-01' was 0 and DATE '2020-01-01' + 1 was 2021, where MySQL 8
// (and MariaDB) compare a DATE, TIME or DATETIME value: 1. It returns q
// with each typed literal written CAST('…' AS DATE), CAST('…' AS TIME[(n)])
// or CAST('…' AS DATETIME[(n)]) (n the digits of its fraction of a
// second, as MySQL types the literal), outside literals, quoted
// identifiers and comments, or nil when there is none (found without
// scanning when q has no quote). The parser keeps the rewrite only when
// the rewritten text parses, and the select list keeps the names as
// written. Left: an invalid literal (DATE '2020-13-01') is NULL with
// warning 1292, as CAST gives it, where MySQL refuses it with 1525; the
// arithmetic of the values themselves (DATE '2020-01-01' + INTERVAL 1 DAY
// is a DATETIME, DATE + 1 and TIME + 0 go-mysql-server's) is as for any
// DATE, TIME or DATETIME. Pinned by TestTypedLiterals and
// CompatFaultScripts "typed DATE, TIME and TIMESTAMP literals".
func typedLiterals(q string, noBackslashEscapes bool) *editedText {
	if !strings.ContainsAny(q, `'"`) {
		return nil
	}
	toks := textTokens(q, noBackslashEscapes)
	var edits []edit
	for i, t := range toks {
		if !t.word || t.end-t.start > len("timestamp") || i > 0 && !toks[i-1].word && q[toks[i-1].start] == '.' {
			continue
		}
		var typ string
		switch strings.ToLower(q[t.start:t.end]) {
		case "date":
			typ = "DATE"
		case "time":
			typ = "TIME"
		case "timestamp":
			typ = "DATETIME"
		default:
			continue
		}
		start := skipSpace(q, t.end)
		if start == len(q) || q[start] != '\'' && q[start] != '"' {
			continue
		}
		// Adjacent literals are one string, as MySQL concatenates them.
		end := literalEnd(q, start, noBackslashEscapes)
		for next := skipSpace(q, end); next < len(q) && q[next] == q[start]; next = skipSpace(q, end) {
			end = literalEnd(q, next, noBackslashEscapes)
		}
		if typ != "DATE" {
			if n := fractionDigits(q[start:end]); n > 0 {
				typ += "(" + string(rune('0'+n)) + ")"
			}
		}
		edits = append(edits, edit{start: t.start, end: start, with: "CAST("}, edit{start: end, end: end, with: " AS " + typ + ")"})
	}
	if len(edits) == 0 {
		return nil
	}
	return applyEdits(q, edits)
}

// skipSpace returns the offset of the first byte of q from i on that is
// not a space or a control character.
func skipSpace(q string, i int) int {
	for i < len(q) && spaceOrControl(q[i]) {
		i++
	}
	return i
}

// fractionDigits returns the number of digits (at most 6) after the point
// that follows the seconds of the time in lit, a literal's text: 3 for
// '2020-01-01 10:00:00.123', 0 without a fraction.
func fractionDigits(lit string) int {
	colon := strings.LastIndexByte(lit, ':')
	if colon < 0 {
		return 0
	}
	dot := strings.IndexByte(lit[colon:], '.')
	if dot < 0 {
		return 0
	}
	n := 0
	for _, c := range lit[colon+dot+1:] {
		if c < '0' || c > '9' {
			break
		}
		n++
	}
	return min(n, 6)
}
