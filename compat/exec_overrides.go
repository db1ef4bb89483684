package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
)

// execOverrides builds the plan nodes whose go-mysql-server v0.20.0
// iterators answer differently from MySQL under a case- or
// accent-insensitive collation: UPDATE (update_exact.go) and DISTINCT,
// COUNT(DISTINCT …) and UNION (collation_distinct.go); and the ALTER
// TABLEs that report the rows they copy (alter_rows.go); multi-table
// DELETE (delete_join_rows.go); DROP and CREATE DATABASE of a database
// missing or there (db_ddl_exists.go); DROP TRIGGER IF EXISTS
// (drop_trigger_exists.go); TRUNCATE TABLE (truncate_rows.go); SHOW INDEX (show_indexes.go); KILL of an unknown
// connection id (kill_unknown.go); LOCK TABLES (lock_tables.go); a VALUES
// table with a NULL in a DECIMAL column (values_types.go). It is consulted by
// go-mysql-server's builder for every node, at every depth; for any other
// node, or one already rewritten, it returns a nil iterator and the
// builder goes on as usual.
type execOverrides struct {
	// b is the builder that consults execOverrides, to build the rewritten
	// node with (and so its children, again through execOverrides).
	b sql.NodeExecBuilder
}

// newOverrideBuilder returns go-mysql-server's builder consulting
// execOverrides first.
func newOverrideBuilder() sql.NodeExecBuilder {
	o := &execOverrides{}
	o.b = rowexec.NewOverrideBuilder(o)
	return o.b
}

// Build implements sql.NodeExecBuilder: a nil iterator means "not mine".
func (o *execOverrides) Build(ctx *sql.Context, n sql.Node, r sql.Row) (sql.RowIter, error) {
	if m, ok := o.rewriteUpdate(n); ok {
		return o.b.Build(ctx, m, r)
	}
	if it, ok, err := o.buildDistinct(ctx, n, r); ok || err != nil {
		return it, err
	}
	if it, ok, err := alterRows(ctx, n, r); ok || err != nil { // alter_rows.go
		return it, err
	}
	if it, ok, err := o.deleteJoin(ctx, n, r); ok || err != nil { // delete_join_rows.go
		return it, err
	}
	if it, ok, err := dbExists(ctx, n); ok || err != nil { // db_ddl_exists.go
		return it, err
	}
	if it, ok, err := dropTriggerExists(ctx, n); ok || err != nil { // drop_trigger_exists.go
		return it, err
	}
	if it, ok, err := truncateRows(ctx, n, r); ok || err != nil { // truncate_rows.go
		return it, err
	}
	if it, ok, err := showIndexes(ctx, n, r); ok || err != nil { // show_indexes.go
		return it, err
	}
	if ok, err := killUnknown(ctx, n); ok || err != nil { // kill_unknown.go
		return nil, err
	}
	if it, ok, err := o.triggerSQLMode(ctx, n, r); ok || err != nil { // trigger_sql_mode.go
		return it, err
	}
	if it, ok, err := lockTables(ctx, n); ok || err != nil { // lock_tables.go
		return it, err
	}
	if it, ok, err := valuesRows(ctx, n, r); ok || err != nil { // values_types.go
		return it, err
	}
	return nil, nil
}
