package compat

// Fault (go-mysql-server v0.20.0): SHOW WARNINGS sends each message as
// utf8mb4 text and fails with error 1366 "invalid string for charset
// utf8mb4" when one quotes bytes that are not UTF-8, and this package's
// warnings quoted a binary string's bytes as they are: after SELECT
// CAST(b AS UNSIGNED), b + 0, b | 0 or WHERE b > 5 of a VARBINARY b
// holding 0xFFFE, SHOW WARNINGS (which drivers and the mariadb client
// send after a statement with warnings) failed. MySQL 8 quotes a value in
// a message with err_conv (sql/sql_error.cc; the manual's "Error Message
// Character Set"): of a binary string the bytes 0x20 to 0x7E as they are
// and every other byte as \xHH, a character string as its characters:
// 'Truncated incorrect INTEGER value: '\xFF\xFE''. quoteValue does that
// for this package's warnings, and the rule warningBytes escapes, as a
// last resort, the bytes of any other warning that are not UTF-8, so that
// SHOW WARNINGS always answers. Pinned by TestWarningBytes and
// CompatFaultScripts "a binary value in numeric context answers with a
// warning".

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// isBinaryString reports whether t is a binary string type (BINARY,
// VARBINARY, BLOB): a string type of the binary collation.
func isBinaryString(t sql.Type) bool {
	st, ok := t.(sql.StringType)
	return ok && st.Collation() == sql.Collation_binary
}

// quoteValue is MySQL's err_conv of s, a binary string's bytes when binary
// is set, for a message: a binary string's bytes 0x20 to 0x7E as they are,
// every other byte as \xHH; a character string as it is, its bytes that
// are not UTF-8 (which it should not have) as \xHH.
func quoteValue(s string, binary bool) string {
	if !binary && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		c := s[i]
		if binary {
			if c >= 0x20 && c <= 0x7E {
				b.WriteByte(c)
			} else {
				fmt.Fprintf(&b, `\x%02X`, c)
			}
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n == 1 {
			fmt.Fprintf(&b, `\x%02X`, c)
		} else {
			b.WriteString(s[i : i+n])
		}
		i += n
	}
	return b.String()
}

// quoted is v's string as a message quotes it (quoteValue).
func (v value) quoted() string { return quoteValue(v.s, v.binary) }

// ruleWarningBytes is the id of warningBytes.
const ruleWarningBytes analyzer.RuleId = 10_230

// warningBytes gives SHOW WARNINGS, for each warning whose message has
// bytes that are not UTF-8, a copy with those bytes as \xHH.
func warningBytes(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		w, ok := n.(plan.ShowWarnings)
		if !ok {
			return n, transform.SameTree, nil
		}
		var r plan.ShowWarnings
		for i, x := range w {
			if utf8.ValidString(x.Message) {
				continue
			}
			if r == nil {
				r = append(plan.ShowWarnings{}, w...)
			}
			c := *x
			c.Message = quoteValue(x.Message, false)
			r[i] = &c
		}
		if r == nil {
			return n, transform.SameTree, nil
		}
		return r, transform.NewTree, nil
	})
}
