package catalog

import "github.com/dolthub/go-mysql-server/sql"

// SameTable reports whether a and b, each a table as go-mysql-server
// resolved it (wrappers such as plan.ProcessTable are looked through),
// are one simsql table with one definition: the same stored metadata
// object, which Store.table replaces whenever the table's stored
// definition changes (ALTER TABLE, CREATE or DROP INDEX, RENAME, DROP and
// CREATE again under the name), in the same store (a temporary table
// shadowing a base table is another). A plan built for a stays valid for
// b when it is true (the point-get fast path of cmd/simsql relies on it).
// False for tables of other kinds (views, information_schema) and nil.
func SameTable(a, b sql.Table) bool {
	if a == nil || b == nil {
		return false
	}
	ta, aok := tableOf(a)
	tb, bok := tableOf(b)
	return aok && bok && ta.meta == tb.meta && ta.db.store == tb.db.store && ta.db.name == tb.db.name
}

// tableOf is simsqlTable, also through a table read by an index lookup
// (what an IndexedTableAccess's resolved table holds).
// TableOf returns the simsql table under t: t itself, or the table of an
// index access to it (what an IndexedTableAccess's table node holds);
// false if t is not a simsql table.
func TableOf(t sql.Table) (*Table, bool) { return tableOf(t) }

func tableOf(t sql.Table) (*Table, bool) {
	if it, ok := t.(*indexedTable); ok {
		return it.Table, true
	}
	return simsqlTable(t)
}

// Resolves reports whether name resolves, in ctx's transaction and in
// t's database, to t's definition (SameTable): what the planner would
// find for the name now, without the privilege checker's wrappers (the
// caller checks privileges). False when t is not a simsql table, the
// table or its database is gone, or a temporary table shadows it.
func Resolves(ctx *sql.Context, t sql.Table, name string) bool {
	ta, ok := tableOf(t)
	if !ok {
		return false
	}
	cur, ok, err := ta.db.GetTableInsensitive(ctx, name)
	return err == nil && ok && SameTable(cur, t)
}
