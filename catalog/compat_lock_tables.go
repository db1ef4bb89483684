package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/compat"
	"github.com/simsql/simsql/statement"
)

// go-mysql-server v0.20.0 accepts LOCK TABLES and then ignores it: it
// warned (code 0) that simsql's tables are "not lockable", and after LOCK
// TABLES t READ an INSERT INTO t and a SELECT from a table not locked
// succeeded. MySQL 8 and MariaDB hold the session to its locks until
// UNLOCK TABLES, START TRANSACTION (BEGIN) or the next LOCK TABLES: a
// statement may use only the tables it locked, each by the name it was
// locked with (an alias, LOCK TABLES t AS a READ, must be used as the
// alias) and once per statement, else error 1100 (ER_TABLE_NOT_LOCKED)
// "Table 'x' was not locked with LOCK TABLES"; a table locked READ cannot
// be written, error 1099 (ER_TABLE_NOT_LOCKED_FOR_WRITE) "Table 't' was
// locked with a READ lock and can't be updated". Temporary tables and
// information_schema are not locked, and the tables a trigger of a locked
// table uses are locked with it (not checked: its INSERT was 1100 for
// the trigger's table). Left: another session is not kept from the
// trigger's tables. Another session's statement that
// writes a table locked READ, or uses one locked WRITE, waits until the
// locks are released (lock_wait_timeout, then 1205; KILL QUERY), and so
// does a LOCK TABLES that conflicts (table_locks.go). compat's LOCK TABLES
// (LockTables) gives the session its locks; the rule lockedTables checks
// each query and DML statement's tables against them, or waits. Pinned by
// TxnScripts "LOCK TABLES in the session: 1099 and 1100" (also on
// MariaDB) and TestLockTablesSessions. Delete this file when upstream
// checks its table locks.

// ruleLockedTables is the id of lockedTables, run in OnceAfterAll.
const ruleLockedTables analyzer.RuleId = 10_043

// Error numbers of LOCK TABLES (MySQL's ER_TABLE_NOT_LOCKED_FOR_WRITE and
// ER_TABLE_NOT_LOCKED).
const (
	erTableNotLockedForWrite = 1099
	erTableNotLocked         = 1100
)

// LockTables implements compat.TableLocker, LOCK TABLES for the session:
// locks replace the session's table locks (the previous LOCK TABLES's
// are released), once no other session's lock conflicts (table_locks.go).
func (s *Session) LockTables(ctx *sql.Context, locks []compat.TableLock) error {
	s.releaseLocks()
	modes := map[string]bool{}
	for _, l := range locks {
		key := l.Database + "." + l.Table
		modes[key] = modes[key] || l.Write
	}
	var tables []tableUseMode
	for key, write := range modes {
		tables = append(tables, tableUseMode{table: key, write: write})
	}
	if err := s.store.locks.wait(ctx, s.ID(), tables, true, tableLockTimeout(ctx)); err != nil {
		return err
	}
	s.locks = locks
	s.tablesLocked = true
	return nil
}

// releaseLocks releases the session's table locks.
func (s *Session) releaseLocks() {
	if s.locks != nil {
		s.locks = nil
		s.store.locks.release(s.ID())
	}
}

// tableUse is a table a statement reads or writes: as lower-case
// compat.TableLock fields, and the name as the statement wrote it.
type tableUse struct {
	database, table, name, written string
}

// lockedTables checks the tables of n, a statement of a session under
// LOCK TABLES, against the session's locks.
func lockedTables(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, scope *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	s, ok := ctx.Session.(*Session)
	if !ok || s.locks == nil && !s.store.locks.busy() || inTriggerBody(scope) {
		return n, transform.SameTree, nil
	}
	switch statement.LeadingKeyword(ctx.Query()) {
	case "select", "with", "table", "insert", "replace", "update", "delete", "truncate":
	default:
		return n, transform.SameTree, nil
	}
	var uses []tableUse
	collectUses(n, &uses)
	writes := writtenNames(n)
	if s.locks == nil {
		// Another session's LOCK TABLES: wait for its locks.
		var tables []tableUseMode
		for _, u := range uses {
			tables = append(tables, tableUseMode{table: u.database + "." + u.table, write: writes[u.name]})
		}
		return n, transform.SameTree, s.store.locks.wait(ctx, s.ID(), tables, false, tableLockTimeout(ctx))
	}
	used := make([]bool, len(s.locks))
	for _, u := range uses {
		i := lockOf(s.locks, u)
		if i < 0 || used[i] {
			return nil, transform.SameTree, mysql.NewSQLError(erTableNotLocked, mysql.SSUnknownSQLState,
				"Table '%s' was not locked with LOCK TABLES", u.written)
		}
		used[i] = true
		if writes[u.name] && !s.locks[i].Write {
			return nil, transform.SameTree, mysql.NewSQLError(erTableNotLockedForWrite, mysql.SSUnknownSQLState,
				"Table '%s' was locked with a READ lock and can't be updated", u.written)
		}
	}
	return n, transform.SameTree, nil
}

// lockOf returns the index of the lock of locks that u uses, or -1.
func lockOf(locks []compat.TableLock, u tableUse) int {
	for i, l := range locks {
		if l.Database == u.database && l.Table == u.table && l.Name == u.name {
			return i
		}
	}
	return -1
}

// collectUses appends the locked tables n reads or writes (simsql's own,
// not temporary) to uses, in the order of the plan, subqueries included.
func collectUses(n sql.Node, uses *[]tableUse) {
	transform.Inspect(n, func(n sql.Node) bool {
		if n == nil {
			return false
		}
		if e, ok := n.(sql.Expressioner); ok {
			for _, x := range e.Expressions() {
				transform.InspectExpr(x, func(x sql.Expression) bool {
					if sq, ok := x.(*plan.Subquery); ok && sq.Query != nil {
						collectUses(sq.Query, uses)
					}
					return false
				})
			}
		}
		switch x := n.(type) {
		case *plan.InsertInto:
			addUse(x.Destination, "", uses)
			if x.Source != nil {
				collectUses(x.Source, uses)
			}
			return false
		case *plan.TriggerExecutor:
			// The tables a trigger's body uses are locked implicitly with
			// the table it is on (MySQL 8 reference manual, "LOCK TABLES
			// and Triggers"): the locked table's INSERT was 1100.
			collectUses(x.Left(), uses)
			return false
		case *plan.TableAlias:
			addUse(x.Child, x.Name(), uses)
			return false
		case *plan.ResolvedTable, *plan.IndexedTableAccess:
			addUse(x, "", uses)
			return false
		}
		return true
	})
}

// addUse appends to uses the table of n, a ResolvedTable (or an
// IndexedTableAccess or InsertDestination of one), used as alias ("": its
// name).
func addUse(n sql.Node, alias string, uses *[]tableUse) {
	switch x := n.(type) {
	case *plan.IndexedTableAccess:
		n = x.TableNode
	case *plan.InsertDestination:
		n = x.Child
	}
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return
	}
	t, ok := rt.UnderlyingTable().(*Table)
	if !ok || t.IsTemporary() {
		return
	}
	name := alias
	if name == "" {
		name = t.Name()
	}
	*uses = append(*uses, tableUse{
		database: strings.ToLower(rt.Database().Name()),
		table:    strings.ToLower(t.Name()),
		name:     strings.ToLower(name),
		written:  name,
	})
}

// writtenNames returns the lower-case names (aliases or table names) of
// the tables statement n writes: an INSERT's or REPLACE's destination, the
// tables an UPDATE sets columns of, a DELETE's targets (or its table), a
// TRUNCATE's table.
func writtenNames(n sql.Node) map[string]bool {
	names := map[string]bool{}
	transform.Inspect(n, func(n sql.Node) bool {
		switch x := n.(type) {
		case *plan.InsertInto:
			var uses []tableUse
			addUse(x.Destination, "", &uses)
			for _, u := range uses {
				names[u.name] = true
			}
			return false
		case *plan.UpdateSource:
			for _, e := range x.UpdateExprs {
				if sf, ok := e.(*expression.SetField); ok {
					if gf, ok := sf.LeftChild.(*expression.GetField); ok {
						names[strings.ToLower(gf.Table())] = true
					}
				}
			}
		case *plan.DeleteFrom:
			if x.HasExplicitTargets() {
				for _, t := range x.GetDeleteTargets() {
					if name, ok := t.(sql.Nameable); ok {
						names[strings.ToLower(name.Name())] = true
					}
				}
				return true
			}
			var uses []tableUse
			collectUses(x.Child, &uses)
			if len(uses) > 0 {
				names[uses[0].name] = true
			}
		case *plan.Truncate:
			var uses []tableUse
			collectUses(x.Child, &uses)
			for _, u := range uses {
				names[u.name] = true
			}
		}
		return true
	})
	return names
}

// inTriggerBody reports whether scope is that of a trigger's body, which
// go-mysql-server v0.20.0 analyzes on its own (getTriggerLogic) in a scope
// of the trigger's table aliased "new" or "old".
func inTriggerBody(scope *plan.Scope) bool {
	for _, n := range scope.InnerToOuter() {
		found := false
		transform.Inspect(n, func(n sql.Node) bool {
			if a, ok := n.(*plan.TableAlias); ok && (strings.EqualFold(a.Name(), "new") || strings.EqualFold(a.Name(), "old")) {
				found = true
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}
