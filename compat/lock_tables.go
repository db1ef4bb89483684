package compat

// Fault (go-mysql-server v0.20.0): LOCK TABLES asks each table whether it
// is sql.Lockable, warns with code 0 "table … is not lockable" for
// simsql's (MySQL: no warning) and takes no lock. lockTables hands the
// session (TableLocker: catalog.Session, catalog/compat_lock_tables.go,
// which checks later statements against them) the tables, the names they
// are locked as and their modes. Pinned by TxnScripts "LOCK TABLES in the
// session: 1099 and 1100" (also on MariaDB).

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/plan"
)

// TableLock is a table a session locked with LOCK TABLES: its database,
// its name, the name it is to be used by (its alias, else its name), all
// lower-case, and whether it is locked WRITE.
type TableLock struct {
	Database, Table, Name string
	Write                 bool
}

// TableLocker is a session that keeps the table locks of LOCK TABLES
// (catalog.Session).
type TableLocker interface {
	// LockTables replaces the session's table locks with locks, once
	// other sessions' locks allow.
	LockTables(ctx *sql.Context, locks []TableLock) error
}

// lockTables runs n, if it is LOCK TABLES of a session that keeps table
// locks; ok is false for any other node.
func lockTables(ctx *sql.Context, n sql.Node) (it sql.RowIter, ok bool, err error) {
	lt, isLock := n.(*plan.LockTables)
	s, keeps := ctx.Session.(TableLocker)
	if !isLock || !keeps {
		return nil, false, nil
	}
	var locks []TableLock
	for _, l := range lt.Locks {
		node, name := l.Table, ""
		if a, isAlias := node.(*plan.TableAlias); isAlias {
			node, name = a.Child, a.Name()
		}
		rt, isTable := node.(*plan.ResolvedTable)
		if !isTable {
			continue
		}
		if name == "" {
			name = rt.Name()
		}
		locks = append(locks, TableLock{
			Database: strings.ToLower(rt.Database().Name()),
			Table:    strings.ToLower(rt.Name()),
			Name:     strings.ToLower(name),
			Write:    l.Write,
		})
	}
	if err := s.LockTables(ctx, locks); err != nil {
		return nil, true, err
	}
	return sql.RowsToRowIter(), true, nil
}
