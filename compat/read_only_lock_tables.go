package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// Fault (go-mysql-server v0.20.0, sql/analyzer/validation_rules.go,
// validateReadOnlyTransaction): in a READ ONLY transaction every LOCK
// TABLES is refused, "cannot execute statement in a READ ONLY
// transaction"; MySQL 8 refuses only a WRITE lock (its write lock request,
// sql_base.cc open_table) and takes READ locks (mysql-test commit.test,
// WL#5968: LOCK TABLE t1 WRITE is 1792, LOCK TABLE t1 READ succeeds;
// MariaDB alike). readOnlyLockTables, in the rule's place in
// analyzer.OnceBeforeDefault (installReadOnlyLockTables, from
// InstallPlannerRules), decides LOCK TABLES so and leaves every other
// statement to go-mysql-server's rule. Pinned by TxnScripts "read-only
// transactions as MySQL's commit test" (also on MariaDB).

// installReadOnlyLockTables wraps go-mysql-server's
// validateReadOnlyTransaction rule of analyzer.OnceBeforeDefault in
// readOnlyLockTables.
func installReadOnlyLockTables() {
	for i, r := range analyzer.OnceBeforeDefault {
		if r.Id.String() == "validateReadOnlyTransaction" {
			analyzer.OnceBeforeDefault[i].Apply = readOnlyLockTables(r.Apply)
			return
		}
	}
	panic("compat: go-mysql-server's analyzer has no validateReadOnlyTransaction rule")
}

// readOnlyLockTables returns the rule that refuses LOCK TABLES with a
// WRITE lock in a READ ONLY transaction (error 1792) and passes it
// otherwise, and runs gms, go-mysql-server's rule, on other statements.
func readOnlyLockTables(gms analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		lt, ok := n.(*plan.LockTables)
		if !ok {
			return gms(ctx, a, n, scope, sel, qf)
		}
		if t := ctx.GetTransaction(); t != nil && t.IsReadOnly() {
			for _, l := range lt.Locks {
				if l.Write {
					return nil, transform.SameTree, sql.ErrReadOnlyTransaction.New()
				}
			}
		}
		return n, transform.SameTree, nil
	}
}
