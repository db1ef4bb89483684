package catalog

import (
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
)

// go-mysql-server v0.20.0 has no @@warning_count and @@error_count: SELECT
// @@warning_count was error 1193 "Unknown system variable". MySQL 8 (and
// MariaDB) give the number of conditions (errors, warnings and notes) and
// of errors the last statement left in the diagnostics area, as SHOW
// COUNT(*) WARNINGS and SHOW COUNT(*) ERRORS do; the SELECT that reads
// them is itself a statement that clears the area ("SHOW WARNINGS
// Statement"). compat.InstallSystemVariables declares them; the session
// records the counts when a statement first clears its warnings
// (go-mysql-server does so before the statement runs, SHOW WARNINGS and
// SHOW ERRORS excepted) and GetSessionVariable answers from them. Pinned
// by CompatFaultScripts "@@warning_count and @@error_count" (also on
// MariaDB). Delete this file when upstream has the variables.

// warningCounts are the counts of the last statement's conditions.
type warningCounts struct {
	mu sync.Mutex
	// cleared is set when the current command has cleared the warnings.
	cleared bool
	// conditions and errors are the counts the warnings held then.
	conditions, errors int64
}

// ClearWarnings implements sql.Session: go-mysql-server's, recording the
// counts of the warnings it clears first in a command.
func (s *Session) ClearWarnings() {
	c := &s.counts
	c.mu.Lock()
	if !c.cleared {
		c.cleared = true
		c.conditions, c.errors = 0, 0
		for _, w := range s.BaseSession.Warnings() {
			c.conditions++
			if w.Level == "Error" {
				c.errors++
			}
		}
	}
	c.mu.Unlock()
	s.BaseSession.ClearWarnings()
}

// beginCounts starts a command (CommandBegin): its first ClearWarnings
// records the counts again.
func (s *Session) beginCounts() {
	s.counts.mu.Lock()
	s.counts.cleared = false
	s.counts.mu.Unlock()
}

// GetSessionVariable implements sql.Session: go-mysql-server's, and
// warning_count, error_count and last_insert_id.
func (s *Session) GetSessionVariable(ctx *sql.Context, name string) (any, error) {
	switch strings.ToLower(name) {
	case "warning_count", "error_count":
		s.counts.mu.Lock()
		defer s.counts.mu.Unlock()
		if strings.EqualFold(name, "error_count") {
			return s.counts.errors, nil
		}
		return s.counts.conditions, nil
	case "sql_mode":
		if s.modeOverride != nil {
			return *s.modeOverride, nil
		}
	case "last_insert_id":
		// go-mysql-server keeps it apart from LAST_INSERT_ID(), and read
		// 0; MySQL's @@last_insert_id is LAST_INSERT_ID()'s value.
		return s.GetLastQueryInfoInt(sql.LastInsertId), nil
	}
	return s.BaseSession.GetSessionVariable(ctx, name)
}
