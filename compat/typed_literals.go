package compat

import (
	"context"
	"strings"

	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

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
// written. An invalid literal (DATE '2020-13-01', TIME '25:99',
// TIMESTAMP 'x'), which the CAST made NULL with warning 1292, is error
// 1525 (ER_WRONG_VALUE) "Incorrect DATE value: '2020-13-01'", as MySQL 8's
// create_temporal_literal (and MariaDB) refuse it: the second result, which
// the parser returns when the rewritten text parses. The arithmetic of
// the values themselves is as for any DATE, TIME or DATETIME
// (date_interval.go, temporal_number.go). Pinned by TestTypedLiterals and
// CompatFaultScripts "typed DATE, TIME and TIMESTAMP literals" and "an
// invalid typed literal is 1525".
func typedLiterals(q string, noBackslashEscapes bool) (*editedText, error) {
	if !strings.ContainsAny(q, `'"`) {
		return nil, nil
	}
	toks := textTokens(q, noBackslashEscapes)
	var edits []edit
	var invalid error
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
		value := literalValue(q[start:end], noBackslashEscapes)
		for next := skipSpace(q, end); next < len(q) && q[next] == q[start]; next = skipSpace(q, end) {
			end = literalEnd(q, next, noBackslashEscapes)
			value += literalValue(q[next:end], noBackslashEscapes)
		}
		if invalid == nil && !validTemporal(typ, value) {
			name, _, _ := strings.Cut(typ, "(")
			invalid = mysql.NewSQLError(erWrongValue, mysql.SSUnknownSQLState, "Incorrect %s value: '%s'", name, value)
		}
		if typ != "DATE" {
			if n := fractionDigits(q[start:end]); n > 0 {
				typ += "(" + string(rune('0'+n)) + ")"
			}
		}
		edits = append(edits, edit{start: t.start, end: start, with: "CAST("}, edit{start: end, end: end, with: " AS " + typ + ")"})
	}
	if len(edits) == 0 {
		return nil, nil
	}
	return applyEdits(q, edits), invalid
}

// erWrongValue is MySQL's ER_WRONG_VALUE.
const erWrongValue = 1525

// literalValue returns the string that lit, a quoted literal's text
// (quotes included), stands for: a doubled quote is one, and unless raw a
// backslash escapes the character after it (\n a newline, \0 NUL, …).
func literalValue(lit string, raw bool) string {
	if len(lit) < 2 {
		return ""
	}
	quote, body := lit[0], lit[1:]
	if body[len(body)-1] == quote {
		body = body[:len(body)-1]
	}
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		switch {
		case c == '\\' && !raw && i+1 < len(body):
			i++
			switch body[i] {
			case '0':
				b.WriteByte(0)
			case 'b':
				b.WriteByte('\b')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'Z':
				b.WriteByte(26)
			default:
				b.WriteByte(body[i])
			}
		case c == quote && i+1 < len(body) && body[i+1] == quote:
			b.WriteByte(c)
			i++
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// validTemporal reports whether s is a valid value of the typed literal
// of type typ (DATE, TIME[(n)] or DATETIME[(n)]), as MySQL 8 decides it
// (sql/item_create.cc, create_temporal_literal): it converts without a
// warning, a DATE has no time of day, a DATETIME has one, and a TIME is
// a time (not a date and time) within ±838:59:59. The conversion is
// go-mysql-server's, as CAST's.
func validTemporal(typ string, s string) bool {
	t := strings.TrimSpace(s)
	switch {
	case typ == "DATE":
		if hasTimeOfDay(t) {
			return false
		}
		_, _, err := types.Date.Convert(context.Background(), t)
		return err == nil
	case strings.HasPrefix(typ, "DATETIME"):
		if !hasTimeOfDay(t) {
			return false
		}
		_, _, err := types.DatetimeMaxPrecision.Convert(context.Background(), t)
		return err == nil
	default: // TIME
		if strings.Count(t, "-") > 1 {
			return false // a date and a time
		}
		ts, err := types.Time.ConvertToTimespan(t)
		if err != nil {
			return false
		}
		// go-mysql-server clamps a time beyond the range to its end.
		const maxTime = types.Timespan((838*3600 + 59*60 + 59) * 1_000_000)
		return ts != maxTime && ts != -maxTime || strings.HasPrefix(strings.TrimPrefix(t, "-"), "838:59:59")
	}
}

// hasTimeOfDay reports whether s, a date's text, has a time of day after
// the date: more than three groups of digits ('2020-01-01 10:00'), or,
// all digits, more than the eight of YYYYMMDD.
func hasTimeOfDay(s string) bool {
	groups := strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' })
	if len(groups) == 1 {
		return len(groups[0]) > 8
	}
	return len(groups) > 3
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
