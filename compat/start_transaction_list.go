package compat

import "strings"

// Fault (go-mysql-server v0.20.0, its vitess grammar go/vt/sqlparser/sql.y):
// START TRANSACTION takes one characteristic, WITH CONSISTENT SNAPSHOT,
// READ ONLY or READ WRITE; MySQL 8's start_transaction_option_list takes a
// comma-separated list of them, READ ONLY and READ WRITE not both
// (mysql-test commit.test, WL#5968), so START TRANSACTION WITH CONSISTENT
// SNAPSHOT, READ ONLY (and READ ONLY, WITH CONSISTENT SNAPSHOT, …) was
// error 1064. startTransactionList writes such a list without its WITH
// CONSISTENT SNAPSHOT items, which leaves what the grammar takes; the
// session still takes the snapshot at once, from the statement's text
// (catalog.Session.StartTransaction). syntaxFallback tries it only after a
// syntax error. Pinned by TestSyntaxFallback (sql_text_test.go) and
// TxnScripts "read-only transactions as MySQL's commit test" (also on
// MariaDB).

// startTransactionList returns the edit that writes START TRANSACTION's
// list of characteristics (q of tokens toks, the list from toks[2]) with
// its WITH CONSISTENT SNAPSHOT items left out, or none when q is not such
// a list of two or more.
func startTransactionList(q string, toks []textToken) []edit {
	word := func(i int, w string) bool {
		return i < len(toks) && toks[i].word && strings.EqualFold(q[toks[i].start:toks[i].end], w)
	}
	punct := func(i int, c byte) bool { return i < len(toks) && !toks[i].word && q[toks[i].start] == c }
	var kept []string
	items, i := 0, 2
	for {
		switch {
		case word(i, "with") && word(i+1, "consistent") && word(i+2, "snapshot"):
			i += 3
		case word(i, "read") && (word(i+1, "only") || word(i+1, "write")):
			kept = append(kept, "READ "+strings.ToUpper(q[toks[i+1].start:toks[i+1].end]))
			i += 2
		default:
			return nil
		}
		items++
		if !punct(i, ',') {
			break
		}
		i++
	}
	if punct(i, ';') {
		i++
	}
	if i < len(toks) || items < 2 || len(kept) == items {
		return nil
	}
	with := strings.Join(kept, ", ")
	if len(kept) == 0 {
		with = "WITH CONSISTENT SNAPSHOT"
	}
	end := toks[len(toks)-1].end
	if punct(len(toks)-1, ';') {
		end = toks[len(toks)-2].end
	}
	return []edit{{start: toks[2].start, end: end, with: with}}
}
