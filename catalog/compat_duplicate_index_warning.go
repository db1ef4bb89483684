package catalog

import (
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
)

// Fault (go-mysql-server v0.20.0): after creating an index, rowexec's
// warnOnDuplicateSecondaryIndex warns 1831 "Duplicate index …" when any
// other secondary index has the same number of columns: its `continue`
// on a column that differs skips to the next column, not to the next
// index. So `CREATE TABLE tw (pk INT PRIMARY KEY, a INT, b INT, KEY ia
// (a), KEY ib (b))` warns. MySQL 8 (sql_table.cc, check_duplicate_key)
// and MariaDB warn only for an index of the same kind and uniqueness on
// the same columns in the same order with the same prefix lengths.
// CreateIndex records whether the new index duplicates another
// (noteDuplicateIndex), and Session.Warn drops the 1831 of one that does
// not. Pinned by the script "warning 1831 only for an index on the same
// columns" (IndexScripts, sqltests/scripts_index.go, also run on MariaDB).
// Delete this file when upstream compares the columns.

// duplicateIndexWarning is MySQL's ER_DUP_INDEX.
const duplicateIndexWarning = 1831

// duplicatesIndex reports whether m has an index other than ix of ix's
// kind and uniqueness on the same columns, in the same order, with the
// same prefix lengths (names compared as MySQL does, case-insensitively).
func duplicatesIndex(m *tableMeta, ix *indexMeta) bool {
	for i := range m.Indexes {
		o := &m.Indexes[i]
		if strings.EqualFold(o.Name, ix.Name) || o.Unique != ix.Unique || o.Kind != ix.Kind {
			continue
		}
		if slices.EqualFunc(o.Columns, ix.Columns, func(a, b indexColumn) bool {
			return strings.EqualFold(a.Name, b.Name) && a.Length == b.Length
		}) {
			return true
		}
	}
	return false
}

// noteDuplicateIndex records on ctx's session the name of index ix just
// created on m if it duplicates no other index, "" if it does.
func noteDuplicateIndex(ctx *sql.Context, m *tableMeta, ix *indexMeta) {
	s, ok := ctx.Session.(*Session)
	if !ok {
		return
	}
	name := ix.Name
	if duplicatesIndex(m, ix) {
		name = ""
	}
	s.mu.Lock()
	s.distinctIndex = name
	s.mu.Unlock()
}

// falseDuplicateIndex reports whether w is go-mysql-server's warning 1831
// for the index CreateIndex last found to duplicate nothing.
func (s *Session) falseDuplicateIndex(w *sql.Warning) bool {
	if w == nil || w.Code != duplicateIndexWarning {
		return false
	}
	_, rest, ok := strings.Cut(w.Message, "Duplicate index '")
	name, _, ok2 := strings.Cut(rest, "' defined on the table '")
	if !ok || !ok2 {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.distinctIndex != "" && strings.EqualFold(s.distinctIndex, name)
}
