package compat

// Fault (go-mysql-server v0.20.0): sql_select_limit is a signed 64-bit
// variable defaulting to 2147483647, so SET sql_select_limit =
// 18446744073709551615 (MySQL 8's own default and maximum, which client
// libraries set to reset a row limit) was -1 and every later SELECT
// failed with 1105 "Invalid syntax: negative limit". MySQL 8's
// sql_select_limit is unsigned, 0 to 18446744073709551615, defaulting to
// the maximum, and a limit of 2^63 or more limits nothing.
// selectLimitVariable is MySQL's; InstallPlannerRules puts
// unsignedSelectLimit in place of go-mysql-server's rule, which leaves
// such a limit out. Pinned by SystemVariableScripts
// (sqltests/scripts_sysvars.go), which also run on MariaDB.

import (
	"math"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// selectLimitVariable returns MySQL 8's sql_select_limit.
func selectLimitVariable() sql.SystemVariable {
	return &sql.MysqlSystemVariable{
		Name:              "sql_select_limit",
		Scope:             sql.GetMysqlScope(sql.SystemVariableScope_Both),
		Dynamic:           true,
		SetVarHintApplies: true,
		Type:              types.NewSystemUintType("sql_select_limit", 0, math.MaxUint64),
		Default:           uint64(math.MaxUint64),
	}
}

// unsignedSelectLimit returns go-mysql-server's applyDefaultSelectLimit
// rule, next, run only when the session's sql_select_limit is one it can
// apply (below 2^63; it panics on a larger one).
func unsignedSelectLimit(next analyzer.RuleFunc) analyzer.RuleFunc {
	return func(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, scope *plan.Scope, sel analyzer.RuleSelector, qf *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
		if v, err := ctx.GetSessionVariable(ctx, "sql_select_limit"); err == nil {
			if u, ok := v.(uint64); ok && u > math.MaxInt64 {
				return n, transform.SameTree, nil
			}
		}
		return next(ctx, a, n, scope, sel, qf)
	}
}
