package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/mysqlerr"
)

// go-mysql-server v0.20.0 records the errors INSERT IGNORE and UPDATE
// IGNORE skip as Notes worded as its errors ("duplicate unique key given:
// …"); MySQL records them as Warnings worded as MySQL's errors ("Duplicate
// entry 'abc' for key 't.k'"). Pinned by the script "errors and warnings
// as MySQL's" (ErrorScripts, sqltests/errors_test.go); delete this file
// when upstream words them so.

// Warn implements sql.Session: a warning that is an error of a kind in
// package mysqlerr's table is that error as MySQL gives it, at level
// Warning; a false 1831 is dropped (compat_duplicate_index_warning.go).
func (s *Session) Warn(w *sql.Warning) {
	if s.falseDuplicateIndex(w) {
		return
	}
	if w != nil && w.Level == "Note" {
		se := mysqlerr.Convert(mysql.NewSQLError(w.Code, "", "%s", w.Message), "").(*mysql.SQLError)
		if se.Message != w.Message || se.Num != w.Code {
			w = &sql.Warning{Level: "Warning", Code: se.Num, Message: se.Message}
		}
	}
	s.BaseSession.Warn(w)
}
