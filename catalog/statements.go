package catalog

import (
	"regexp"
	"strings"
	"unicode"
)

// stmtClass is what a statement means for the transaction it runs in, as
// the session needs to know before go-mysql-server plans it.
type stmtClass int

const (
	// stmtOther controls the session and its transactions (SET, BEGIN,
	// COMMIT, …), shows something (SHOW, EXPLAIN), or is not recognised.
	stmtOther stmtClass = iota
	// stmtRead is a query: SELECT, WITH, TABLE, VALUES.
	stmtRead
	// stmtLockingRead is SELECT … FOR UPDATE, FOR SHARE or LOCK IN SHARE
	// MODE: it reads the latest committed rows and keeps others from
	// changing them until the transaction ends.
	stmtLockingRead
	// stmtWrite is INSERT, REPLACE, UPDATE, DELETE (also after WITH), LOAD
	// DATA, CREATE or DROP TEMPORARY TABLE, and CALL and EXECUTE, which may
	// write.
	stmtWrite
	// stmtImplicitCommit is a statement MySQL lists under "Statements That
	// Cause an Implicit Commit" that is not stmtDDL (GRANT, REVOKE, CREATE
	// USER, ANALYZE, OPTIMIZE, REPAIR, LOCK TABLES, FLUSH, …): it commits
	// the open transaction before it runs.
	stmtImplicitCommit
	// stmtDDL is CREATE, ALTER, DROP, RENAME and TRUNCATE of schema objects
	// (not of TEMPORARY tables, users or roles): it commits the open
	// transaction before it runs, then runs as a transaction of its own,
	// which go-mysql-server commits when it succeeds.
	stmtDDL
)

// lockingRead matches the clauses that make a SELECT a locking read.
var lockingRead = regexp.MustCompile(`(?i)\bfor\s+(update|share)\b|\block\s+in\s+share\s+mode\b`)

// cteWrite matches the UPDATE or DELETE after a WITH clause's last CTE.
var cteWrite = regexp.MustCompile(`(?i)\)\s*(update|delete)\b`)

// classifyStatement classifies statement q by its leading keywords.
func classifyStatement(q string) stmtClass {
	first, rest := nextKeyword(q)
	switch first {
	case "insert", "replace", "update", "delete", "load", "call", "execute":
		return stmtWrite
	case "create", "drop", "alter", "rename", "truncate":
		switch second, _ := nextKeyword(rest); second {
		case "temporary":
			return stmtWrite
		case "user", "role":
			return stmtImplicitCommit
		}
		return stmtDDL
	case "grant", "revoke", "analyze", "optimize", "repair", "lock", "flush", "install", "uninstall":
		return stmtImplicitCommit
	case "set":
		if second, _ := nextKeyword(rest); second == "password" {
			return stmtImplicitCommit
		}
	case "select", "(", "with", "table", "values":
		switch {
		case first == "with" && cteWrite.MatchString(rest):
			return stmtWrite
		case lockingRead.MatchString(rest):
			return stmtLockingRead
		}
		return stmtRead
	}
	return stmtOther
}

// leadingKeyword returns the first keyword of statement q, lower-cased,
// after blanks and comments (the code of a MySQL versioned comment
// /*!40101 … */ counts, as the server runs it); "(" for a parenthesised
// query, "" if q has no keyword.
func leadingKeyword(q string) string {
	w, _ := nextKeyword(q)
	return w
}

// nextKeyword returns the first keyword of q (as leadingKeyword) and the
// text after it.
func nextKeyword(q string) (word, rest string) {
	for {
		q = strings.TrimLeftFunc(q, unicode.IsSpace)
		switch {
		case strings.HasPrefix(q, "/*!"):
			q = strings.TrimLeftFunc(q[3:], unicode.IsDigit)
			continue
		case strings.HasPrefix(q, "/*"):
			_, after, ok := strings.Cut(q[2:], "*/")
			if !ok {
				return "", ""
			}
			q = after
			continue
		case strings.HasPrefix(q, "#"), strings.HasPrefix(q, "-- "), strings.HasPrefix(q, "--\t"), q == "--":
			_, after, ok := strings.Cut(q, "\n")
			if !ok {
				return "", ""
			}
			q = after
			continue
		case strings.HasPrefix(q, "("):
			return "(", q[1:]
		}
		end := strings.IndexFunc(q, func(r rune) bool { return !unicode.IsLetter(r) && r != '_' })
		if end < 0 {
			end = len(q)
		}
		return strings.ToLower(q[:end]), q[end:]
	}
}
