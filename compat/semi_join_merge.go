package compat

// Fault (go-mysql-server v0.20.0): a semi join, which go-mysql-server
// makes of WHERE EXISTS (SELECT … WHERE b.c = a.x) and of x IN (SELECT c
// …), is planned as an inner join with the subquery's side made distinct;
// when the planner picks a merge join for it (both sides read in the order
// of an index on the compared columns), the merge join is built from the
// index scans and the distinct is lost, so each outer row comes back once
// per equal inner row: EXISTS (SELECT 1 FROM b WHERE b.c = a.x) returned
// a row three times where b held its x three times (explicit DISTINCT in
// the subquery is lost the same way). Hash and lookup joins of the same
// semi join answer right.
//
// semiJoinsNoMerge gives the root of each join tree holding a semi join
// go-mysql-server's NO_MERGE_JOIN hint, so that its planner picks one of
// those. It must run after the subqueries become joins and before the
// joins are planned (optimizeJoins), where only a package-level rule list
// reaches: InstallPlannerRules puts it there. Pinned by SemiJoinScripts
// (sqltests, also on MariaDB) and TestInSubqueryMatchesMariaDB.

import (
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ruleSemiJoinsNoMerge is the id of semiJoinsNoMerge.
const ruleSemiJoinsNoMerge analyzer.RuleId = 10_208

var plannerRules sync.Once

// InstallPlannerRules inserts semiJoinsNoMerge into go-mysql-server's
// analyzer.OnceAfterDefault, before its join planning, unsignedSelectLimit
// in place of its applyDefaultSelectLimit (select_limit.go), and strictModes,
// jsonPaths and jsonNumbers at the end of its OnceAfterAll, and wraps its
// read-only transaction rule (read_only_lock_tables.go) and its
// simplifyFilters, in keepHexLiterals (hex_filters.go), once per process;
// call it before analyzer.NewBuilder, which copies the lists.
func InstallPlannerRules() {
	plannerRules.Do(func() {
		installReadOnlyLockTables()
		// In the batch that a literal INSERT … VALUES and an UPDATE of one
		// table run too (which skip the rules of Rules).
		analyzer.OnceAfterAll = append(analyzer.OnceAfterAll,
			analyzer.Rule{Id: ruleStrictModes, Apply: strictModes},         // strict_modes.go
			analyzer.Rule{Id: ruleJSONPathsAfterAll, Apply: jsonPaths},     // json_paths.go
			analyzer.Rule{Id: ruleJSONNumbersAfterAll, Apply: jsonNumbers}) // json_numbers.go
		before := append([]analyzer.Rule{}, analyzer.OnceBeforeDefault...)
		for i, r := range before {
			switch r.Id.String() {
			case "applyDefaultSelectLimit": // a sql_select_limit of 2^63 or more limits nothing (select_limit.go)
				before[i].Apply = unsignedSelectLimit(r.Apply)
			case "simplifyFilters": // hex_filters.go
				before[i].Apply = keepHexLiterals(r.Apply)
			}
		}
		analyzer.OnceBeforeDefault = before
		rules := analyzer.OnceAfterDefault
		for i, r := range rules {
			if r.Id.String() == "optimizeJoins" {
				out := append(append(append([]analyzer.Rule{}, rules[:i]...),
					analyzer.Rule{Id: ruleSemiJoinsNoMerge, Apply: semiJoinsNoMerge}), rules[i:]...)
				analyzer.OnceAfterDefault = out
				return
			}
		}
		panic("compat: go-mysql-server's analyzer has no optimizeJoins rule")
	})
}

// noMergeJoin is go-mysql-server's join hint that keeps its planner from
// merge joins.
const noMergeJoin = "NO_MERGE_JOIN"

// semiJoinsNoMerge adds NO_MERGE_JOIN to the hints of every join whose
// tree holds a semi join (the root's hints are the ones read).
func semiJoinsNoMerge(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		j, ok := n.(*plan.JoinNode)
		if !ok || !holdsSemiJoin(j) || strings.Contains(strings.ToUpper(j.Comment()), noMergeJoin) {
			return n, transform.SameTree, nil
		}
		return j.WithComment(withHint(j.Comment(), noMergeJoin)), transform.NewTree, nil
	})
}

// holdsSemiJoin reports whether j, or a join below it in its tree, is a
// semi join.
func holdsSemiJoin(j *plan.JoinNode) bool {
	found := false
	transform.Inspect(j, func(n sql.Node) bool {
		if found {
			return false
		}
		switch x := n.(type) {
		case *plan.JoinNode:
			found = x.Op.IsSemi()
			return true
		case *plan.Filter, *plan.Project, *plan.TableAlias, *plan.Distinct:
			return true
		}
		return false
	})
	return found
}

// withHint returns comment, a statement's optimizer hint comment /*+ … */
// or "", with hint added.
func withHint(comment, hint string) string {
	if body, ok := strings.CutPrefix(comment, "/*+"); ok {
		if body, ok := strings.CutSuffix(strings.TrimSpace(body), "*/"); ok {
			return "/*+ " + strings.TrimSpace(body) + " " + hint + " */"
		}
	}
	return "/*+ " + hint + " */"
}
