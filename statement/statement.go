// Package statement classifies SQL statements by their leading keywords,
// before go-mysql-server parses them: what a statement means for its
// transaction (the session, catalog/session.go), whether it is a query
// (max_execution_time, cmd/simsql/limits.go) or an EXPLAIN (compat's
// max1Row rule). It is the one classifier of statement text in simsql;
// it imports nothing of simsql or go-mysql-server.
package statement

import (
	"regexp"
	"strings"
	"unicode"
)

// Class is what a statement means for the transaction it runs in, as
// the session needs to know before go-mysql-server plans it.
type Class int

const (
	// Other controls the session and its transactions (SET, BEGIN,
	// COMMIT, …), shows something (SHOW, EXPLAIN), or is not recognised.
	Other Class = iota
	// Read is a query: SELECT, WITH, TABLE, VALUES.
	Read
	// LockingRead is SELECT … FOR UPDATE, FOR SHARE or LOCK IN SHARE
	// MODE: it reads the latest committed rows and keeps others from
	// changing them until the transaction ends.
	LockingRead
	// Write is INSERT, REPLACE, UPDATE, DELETE (also after WITH), LOAD
	// DATA, CREATE or DROP TEMPORARY TABLE, and CALL and EXECUTE, which may
	// write.
	Write
	// ImplicitCommit is a statement MySQL lists under "Statements That
	// Cause an Implicit Commit" that is not DDL (GRANT, REVOKE, CREATE
	// USER, ANALYZE, OPTIMIZE, REPAIR, LOCK TABLES, FLUSH, …): it commits
	// the open transaction before it runs.
	ImplicitCommit
	// DDL is CREATE, ALTER, DROP, RENAME and TRUNCATE of schema objects
	// (not of TEMPORARY tables, users or roles): it commits the open
	// transaction before it runs, then runs as a transaction of its own,
	// which go-mysql-server commits when it succeeds.
	DDL
)

// lockingRead matches the clauses that make a SELECT a locking read.
var lockingRead = regexp.MustCompile(`(?i)\bfor\s+(update|share)\b|\block\s+in\s+share\s+mode\b`)

// cteWrite matches the UPDATE or DELETE after a WITH clause's last CTE.
var cteWrite = regexp.MustCompile(`(?i)\)\s*(update|delete)\b`)

// Classify classifies statement q by its leading keywords (after blanks
// and comments, as LeadingKeyword); Other for text it does not recognise,
// including "".
func Classify(q string) Class {
	first, rest := NextKeyword(q)
	switch first {
	case "insert", "replace", "update", "delete", "load", "call", "execute":
		return Write
	case "create", "drop", "alter", "rename", "truncate":
		switch second, _ := NextKeyword(rest); second {
		case "temporary":
			return Write
		case "user", "role":
			return ImplicitCommit
		}
		return DDL
	case "grant", "revoke", "analyze", "optimize", "repair", "lock", "flush", "install", "uninstall":
		return ImplicitCommit
	case "set":
		if second, _ := NextKeyword(rest); second == "password" {
			return ImplicitCommit
		}
	case "select", "(", "with", "table", "values":
		switch {
		case first == "with" && cteWrite.MatchString(rest):
			return Write
		case (containsFold(rest, "update") || containsFold(rest, "share")) && lockingRead.MatchString(rest):
			return LockingRead
		}
		return Read
	}
	return Other
}

// LockWait is what a locking read does with a row another transaction
// holds locked.
type LockWait int

const (
	// Wait waits for the lock (innodb_lock_wait_timeout): the default.
	Wait LockWait = iota
	// NoWait fails the statement at once: FOR UPDATE / FOR SHARE … NOWAIT
	// (MySQL 8.0.1+, error 3572).
	NoWait
	// SkipLocked leaves the row out of the answer: … SKIP LOCKED.
	SkipLocked
)

// lockWaitOption matches the NOWAIT or SKIP LOCKED of a locking clause.
var lockWaitOption = regexp.MustCompile(`(?i)\bfor\s+(?:update|share)\b(?:\s+of\s+[\w\x60.]+(?:\s*,\s*[\w\x60.]+)*)?\s+(nowait|skip\s+locked)\b`)

// LockWaitOf returns the lock wait of locking read q (Classify's
// LockingRead): NoWait or SkipLocked as its FOR UPDATE or FOR SHARE
// clause says, else Wait. A statement whose clauses differ (FOR UPDATE OF
// a NOWAIT FOR SHARE OF b) gets its first clause's option.
func LockWaitOf(q string) LockWait {
	m := lockWaitOption.FindStringSubmatch(q)
	switch {
	case m == nil:
		return Wait
	case strings.EqualFold(m[1], "nowait"):
		return NoWait
	}
	return SkipLocked
}

// containsFold reports whether s contains word (lower-case ASCII letters),
// ignoring ASCII case: the cheap test before lockingRead's regular
// expression, which every query would otherwise pay (2.5% of a point
// select's CPU).
func containsFold(s, word string) bool {
	for i := 0; i+len(word) <= len(s); i++ {
		if s[i]|0x20 == word[0] && strings.EqualFold(s[i:i+len(word)], word) {
			return true
		}
	}
	return false
}

// LeadingKeyword returns the first keyword of statement q, lower-cased,
// after blanks and comments (the code of a MySQL versioned comment
// /*!40101 … */ counts, as the server runs it); "(" for a parenthesised
// query, "" if q has no keyword.
func LeadingKeyword(q string) string {
	w, _ := NextKeyword(q)
	return w
}

// NextKeyword returns the first keyword of q (as LeadingKeyword) and the
// text after it.
func NextKeyword(q string) (word, rest string) {
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

// IsQuery reports whether statement q is a query: SELECT, WITH … SELECT,
// TABLE, VALUES or a parenthesised query, locking or not (Read or
// LockingRead) — the statements MySQL's max_execution_time applies to.
func IsQuery(q string) bool {
	c := Classify(q)
	return c == Read || c == LockingRead
}

// IsExplain reports whether statement q is EXPLAIN, DESCRIBE or DESC
// (of a query or of a table).
func IsExplain(q string) bool {
	switch LeadingKeyword(q) {
	case "explain", "describe", "desc":
		return true
	}
	return false
}
