package catalog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0): a CHECK constraint without a name kept
// the empty name, and CREATE TABLE … LIKE lost checks.
//
//   - go-mysql-server leaves naming an unnamed check to the table's
//     CreateCheck (its memory table names it), so `CREATE TABLE c1 (a INT,
//     CHECK (a > 0))` stored a check named '' (SHOW CREATE TABLE printed
//     CONSTRAINT `` and a violation was 3819 "Check constraint '' is
//     violated."), and a second unnamed check failed the CREATE TABLE with
//     3822 "Duplicate check constraint name ''";
//   - CREATE TABLE … LIKE blanks the copied checks' names, as MySQL 8
//     renames them all, so the copy's were '' too;
//   - CREATE TABLE … LIKE of a table with a VIRTUAL generated column
//     copied none of its checks: go-mysql-server loads them from its
//     plan.VirtualColumnTable wrapper, which has none
//     (compat_virtual_column_checks.go), so the copy accepted every row.
//
// Here MySQL 8 names them (sql_table.cc): CREATE TABLE gives its unnamed
// checks <table>_chk_1, _chk_2, … in the order they are declared, counting
// the unnamed ones only; CREATE TABLE … LIKE gives every check of the
// source a generated name so ("the destination table preserves CHECK
// constraints from the original table, except that all the constraint
// names are generated", MySQL 8.0 reference manual, CREATE TABLE … LIKE),
// in the source's order (simsql's is the order the checks were added;
// MySQL's data dictionary lists a table's checks by name); ALTER TABLE …
// ADD CHECK names an unnamed check <table>_chk_<n+1>, n the largest number
// of the table's names of that form (Table.CreateCheck). MariaDB 10.11
// differs: it names an unnamed check CONSTRAINT_1, CONSTRAINT_2, … and
// CREATE TABLE … LIKE keeps the source's names, so the scripts that pin
// names (CheckNameScripts, sqltests/scripts_generated.go) run on simsql
// only, and those that pin the checks' effect also on MariaDB
// (CheckCopyScripts, and TestVirtualColumnDumpRestore's vr_like, a copy
// that survives a dump and restore). The rule createTableChecks runs before
// go-mysql-server's analysis; it reads the source of … LIKE from the
// statement's text (ctx.Query()), so a CREATE TABLE … LIKE in a stored
// procedure still loses a VIRTUAL table's checks. Delete this file when
// go-mysql-server names checks and its VirtualColumnTable passes
// sql.CheckTable on.

// ruleCreateTableChecks is the id of createTableChecks, a pre-analyze rule
// (NewEngine).
const ruleCreateTableChecks analyzer.RuleId = 10_044

// createTableChecks gives CREATE TABLE … LIKE of a simsql table with
// VIRTUAL columns the source's checks, and every unnamed check of a CREATE
// TABLE MySQL's generated name.
func createTableChecks(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	ct, ok := n.(*plan.CreateTable)
	if !ok {
		return n, transform.SameTree, nil
	}
	checks := ct.Checks()
	if len(checks) == 0 {
		if src := likeSource(ctx, a, ct); src != nil && src.hasVirtual() && len(src.meta.Checks) > 0 {
			copied, err := compileChecks(ctx, a, src)
			if err != nil {
				return nil, transform.SameTree, err
			}
			for _, c := range copied {
				c.Name = "" // named below, as go-mysql-server does for a source without VIRTUAL columns
			}
			checks = copied
		}
	}
	named := make(sql.CheckConstraints, len(checks))
	changed := len(checks) != len(ct.Checks())
	generated := 0
	for i, c := range checks {
		named[i] = c
		if c.Name == "" {
			generated++
			cc := *c
			cc.Name = generatedCheckName(ct.Name(), generated)
			named[i] = &cc
			changed = true
		}
	}
	if !changed {
		return n, transform.SameTree, nil
	}
	return ct.WithChecks(named), transform.NewTree, nil
}

// generatedCheckName is MySQL's name for the n-th generated check of
// table: <table>_chk_<n>.
func generatedCheckName(table string, n int) string {
	return fmt.Sprintf("%s_chk_%d", table, n)
}

// generatedCheckNumber returns n when name is MySQL's generated name
// <table>_chk_<n> (compared case-insensitively), 0 otherwise.
func generatedCheckNumber(table, name string) int {
	prefix := strings.ToLower(table) + "_chk_"
	if !strings.HasPrefix(strings.ToLower(name), prefix) {
		return 0
	}
	n, err := strconv.Atoi(name[len(prefix):])
	if err != nil || n < 0 {
		return 0
	}
	return n
}

// nextCheckName is the name MySQL's ALTER TABLE … ADD CHECK gives an
// unnamed check of table whose checks are checks: <table>_chk_<n+1>, n
// the largest number of their generated names.
func nextCheckName(table string, checks []checkMeta) string {
	n := 0
	for _, c := range checks {
		n = max(n, generatedCheckNumber(table, c.Name))
	}
	return generatedCheckName(table, n+1)
}

// likeSource returns the simsql table that CREATE TABLE ct copies when ct
// is the statement ctx runs and that statement is CREATE TABLE … LIKE;
// nil otherwise. ctx.Query() is the statement, followed in a
// multi-statement string by those after it.
func likeSource(ctx *sql.Context, a *analyzer.Analyzer, ct *plan.CreateTable) *Table {
	q := ctx.Query()
	if !strings.Contains(strings.ToLower(q), "like") {
		return nil
	}
	first, _, err := ast.SplitStatement(q)
	if err != nil {
		return nil
	}
	stmt, err := ast.Parse(first)
	if err != nil {
		return nil
	}
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.OptLike == nil || len(ddl.OptLike.LikeTables) != 1 || !strings.EqualFold(ddl.Table.Name.String(), ct.Name()) {
		return nil
	}
	like := ddl.OptLike.LikeTables[0]
	db := like.DbQualifier.String()
	if db == "" {
		db = ctx.GetCurrentDatabase()
	}
	t, _, err := a.Catalog.Table(ctx, db, like.Name.String())
	if err != nil {
		return nil
	}
	src, _ := simsqlTable(t)
	return src
}
