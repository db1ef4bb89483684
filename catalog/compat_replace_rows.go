package catalog

import "github.com/dolthub/go-mysql-server/sql"

// go-mysql-server v0.20.0 counts a REPLACE's rows affected as one per row
// inserted plus one if it deleted any row for it: REPLACE of a row whose
// primary key is one row's and whose UNIQUE key is another's deletes both
// and said 2 rows affected, where MySQL 8 and MariaDB say 3 (one insert,
// two deletes); nor does it know how many rows it deleted, which the OK
// packet's info string ("Records: 2  Duplicates: 1  Warnings: 0") gives.
// The REPLACE's editor counts its deletes in the session (ReplacedRows)
// and compat (ok_info.go) answers with them. Pinned by CompatFaultScripts
// "REPLACE rows affected" and TestOKInfo. Delete this file when upstream
// counts each delete.

// ReplacedRows returns the number of rows the session's REPLACE
// statements have deleted, in all: a statement's is the difference
// between the counts before and after it.
func (s *Session) ReplacedRows() uint64 { return s.replaced.Load() }

// countReplaced counts a row a REPLACE's editor e deleted.
func (e *editor) countReplaced(ctx *sql.Context) {
	if !e.replacing {
		return
	}
	if s, ok := ctx.Session.(*Session); ok {
		s.replaced.Add(1)
	}
}
