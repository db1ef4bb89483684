package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0): a trigger's CREATE TRIGGER statement is
// stored as written (`CREATE TRIGGER tai AFTER INSERT ON t … INSERT INTO
// lg …`) and parsed again whenever it is needed, in the session's current
// database rather than the trigger's own. So from another database an
// INSERT INTO a.t failed with 1146 (t not found there), or, where that
// database had a t and a lg of its own, succeeded and the trigger wrote the
// other database's lg; information_schema.TRIGGERS, which parses every
// database's triggers, failed with 1146 from any other database (so
// mariadb-dump of any other database stopped); SHOW TRIGGERS and DROP
// TABLE read them the same way. MySQL resolves a trigger's names in the
// trigger's database.
//
// Here the rules that parse triggers (applyTriggers, loadTriggers) and
// the TRIGGERS table's reader run with the trigger's database current,
// and back after. Pinned by CompatFaultScripts "a trigger runs in its own
// database" (sqltests/scripts_compat_faults.go, also run on MariaDB).
// Delete this file when go-mysql-server parses triggers in their database.

// inDatabase runs f with db as ctx's current database, then restores the
// one before. An empty db leaves it as it is.
func inDatabase[T any](ctx *sql.Context, db string, f func() (T, error)) (T, error) {
	cur := ctx.GetCurrentDatabase()
	if db == "" || strings.EqualFold(db, cur) {
		return f()
	}
	ctx.SetCurrentDatabase(db)
	defer ctx.SetCurrentDatabase(cur)
	return f()
}

// triggersInOwnDatabase replaces, in rules, go-mysql-server's applyTriggers
// and loadTriggers by the same rules run in the database of the table
// their statement writes or names.
func triggersInOwnDatabase(rules []analyzer.Rule) {
	for i, r := range rules {
		switch r.Id.String() {
		case "applyTriggers", "loadTriggers":
			rules[i].Apply = inTriggerDatabase(r.Apply)
		}
	}
}

// ruleResult is what an analyzer rule returns besides its error.
type ruleResult struct {
	n    sql.Node
	same transform.TreeIdentity
}

// inTriggerDatabase is rule run with the database of triggerDatabase(n)
// current.
func inTriggerDatabase(rule analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		r, err := inDatabase(ctx, triggerDatabase(n), func() (ruleResult, error) {
			n, same, err := rule(ctx, a, n, scope, sel, qFlags)
			return ruleResult{n, same}, err
		})
		return r.n, r.same, err
	}
}

// triggerDatabase is the database whose triggers statement n runs or
// lists: that of the table an INSERT, UPDATE or DELETE writes (the first
// in the plan), of SHOW TRIGGERS and DROP TRIGGER, or of DROP TABLE's
// first table; "" for other statements.
func triggerDatabase(n sql.Node) string {
	db := ""
	transform.Inspect(n, func(n sql.Node) bool {
		if db != "" {
			return false
		}
		switch x := n.(type) {
		case *plan.InsertInto:
			if d := x.Database(); d != nil {
				db = d.Name()
			}
		case *plan.Update:
			db = x.Database()
		case *plan.DeleteFrom:
			db = x.Database()
		case *plan.ShowTriggers:
			if d := x.Database(); d != nil {
				db = d.Name()
			}
		case *plan.DropTrigger:
			if d := x.Database(); d != nil {
				db = d.Name()
			}
		case *plan.DropTable:
			if len(x.Tables) > 0 {
				if t, ok := x.Tables[0].(*plan.ResolvedTable); ok && t.SqlDatabase != nil {
					db = t.SqlDatabase.Name()
				}
			}
		}
		return db == ""
	})
	return db
}

// triggersTableInOwnDatabase makes the information_schema.TRIGGERS table
// of c read each database's triggers with that database current.
func triggersTableInOwnDatabase(c *analyzer.Catalog) {
	t, ok, _ := c.InfoSchema.GetTableInsensitive(sql.NewEmptyContext(), information_schema.TriggersTableName)
	if !ok {
		return
	}
	ist, ok := t.(*information_schema.InformationSchemaTable)
	if !ok {
		return
	}
	read := ist.Reader
	ist.Reader = func(ctx *sql.Context, cat sql.Catalog) (sql.RowIter, error) {
		if ps, counter := ctx.GetPrivilegeSet(); ps == nil {
			// No accounts (an engine without the server's): every
			// trigger is visible, as to MySQL's root, where
			// go-mysql-server listed none.
			ctx.SetPrivilegeSet(mysql_db.NewPrivilegeSetWithAllPrivileges(), counter)
			defer ctx.SetPrivilegeSet(nil, counter)
		}
		var rows []sql.Row
		for _, db := range cat.AllDatabases(ctx) {
			part, err := inDatabase(ctx, db.Name(), func() ([]sql.Row, error) {
				iter, err := read(ctx, oneDatabase{Catalog: cat, db: db})
				if err != nil {
					return nil, err
				}
				return sql.RowIterToRows(ctx, iter)
			})
			if err != nil {
				return nil, err
			}
			rows = append(rows, part...)
		}
		return sql.RowsToRowIter(rows...), nil
	}
}

// oneDatabase is a catalog that lists only db.
type oneDatabase struct {
	sql.Catalog
	db sql.Database
}

// AllDatabases implements sql.Catalog: db alone.
func (c oneDatabase) AllDatabases(*sql.Context) []sql.Database { return []sql.Database{c.db} }
