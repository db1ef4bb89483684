package mysqlerr

import (
	"fmt"

	kinds "gopkg.in/src-d/go-errors.v1"
)

// A placeholder ? outside a prepared statement: go-mysql-server v0.20.0
// parses it in any statement and fails only when the statement runs,
// with 1105 `unbound variable "v1" in query` (COM_QUERY SELECT ?) or
// "bind variable not provided: 'v1'" (EXECUTE s of a statement with a
// placeholder, without USING). MySQL 8's grammar has no ? outside
// COM_STMT_PREPARE and PREPARE: 1064, near the ?; EXECUTE without the
// values is 1210 "Incorrect arguments to EXECUTE" (MariaDB 10.11 gives
// both the same). Pinned by TestPlaceholders (placeholders_test.go) and
// ProcScripts "a placeholder outside a prepared statement"
// (sqltests/scripts_proc.go, also on MariaDB).

// errBindVariableNotProvided is go-mysql-server's error of a placeholder
// EXECUTE gives no value (planbuilder/orderby.go, not a kind there).
var errBindVariableNotProvided = kinds.NewKind("bind variable not provided: '%s'")

// placeholderSyntaxError is MySQL's 1064 for query, which has a
// placeholder where its grammar allows none: near the first ? that is
// not in a string, a quoted name or a comment (the statement's start if
// none is).
func placeholderSyntaxError(_ []string, query string) string {
	at := firstPlaceholder(query)
	if at < 0 {
		at = 0
	}
	near := []rune(query[at:])
	if len(near) > 80 {
		near = near[:80]
	}
	line := 1
	for _, c := range query[:at] {
		if c == '\n' {
			line++
		}
	}
	return fmt.Sprintf("You have an error in your SQL syntax; check the manual that corresponds to your MySQL server version for the right syntax to use near '%s' at line %d",
		string(near), line)
}

// firstPlaceholder returns the offset of the first ? of query outside
// quotes and comments, -1 if there is none.
func firstPlaceholder(query string) int {
	for i := 0; i < len(query); i++ {
		switch c := query[i]; c {
		case '?':
			return i
		case '\'', '"', '`':
			for i++; i < len(query) && query[i] != c; i++ {
				if query[i] == '\\' && c != '`' {
					i++
				}
			}
		case '#':
			i = lineEnd(query, i)
		case '-':
			if i+2 < len(query) && query[i+1] == '-' && (query[i+2] == ' ' || query[i+2] == '\t' || query[i+2] == '\n') {
				i = lineEnd(query, i)
			}
		case '/':
			if i+1 < len(query) && query[i+1] == '*' {
				end := i + 2
				for end+1 < len(query) && !(query[end] == '*' && query[end+1] == '/') {
					end++
				}
				i = end + 1
			}
		}
	}
	return -1
}

// lineEnd returns the offset of the end of the line of query at i.
func lineEnd(query string, i int) int {
	for i < len(query) && query[i] != '\n' {
		i++
	}
	return i
}
