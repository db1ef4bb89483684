// Package catalog holds the databases and tables simsql serves, durably:
// a go-mysql-server sql.MutableDatabaseProvider (Store) whose tables keep
// their rows, secondary indexes, AUTO_INCREMENT counters and metadata in one
// bbolt file under the data directory (package storage), and the engine
// and sessions over it.
package catalog

import (
	sqle "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"

	"github.com/simsql/simsql/compat"
	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/statement"
)

// DefaultDatabase is the database every session starts in when the client
// names none. Open creates it if it is missing.
const DefaultDatabase = "simsql"

// NewEngine returns a go-mysql-server engine over s's databases with every
// function of functions.All registered and the rules of the Extensions s
// was opened with. User accounts are left disabled:
// the engine accepts any user until the caller adds one to
// engine.Analyzer.Catalog.MySQLDb.
func NewEngine(s *Store) *sqle.Engine {
	installAfterAllRules()
	compat.InstallPlannerRules()
	b := analyzer.NewBuilder(withFunctions(s, compat.Functions())).AddPreAnalyzeRule(ruleNotExistsNulls, notExistsNulls).
		AddPreAnalyzeRule(ruleIndexHints, applyIndexHints).
		AddPreAnalyzeRule(ruleLoadDataTriggers, loadDataTriggers).
		AddPreAnalyzeRule(ruleTextCustomIndex, s.ext.textCustomIndex).
		AddPreAnalyzeRule(ruleModifyCustomIndexed, modifyCustomIndexed).
		AddPreAnalyzeRule(ruleVirtualColumnCheckDDL, virtualColumnCheckDDL).
		AddPreAnalyzeRule(ruleCreateTableChecks, createTableChecks).
		AddPostAnalyzeRule(ruleViewsKeepTransaction, viewsKeepTransaction).
		AddPostAnalyzeRule(rulePrefixPrimaryKey, prefixPrimaryKey).
		AddPostAnalyzeRule(ruleUnwrapModifyCustomIndexed, unwrapModifyCustomIndexed)
	for _, r := range compat.Rules() {
		b = b.AddPreAnalyzeRule(r.Id, r.Apply)
	}
	for _, r := range compat.PostRules() {
		b = b.AddPostAnalyzeRule(r.Id, r.Apply)
	}
	for _, id := range compat.ReplacedValidationRules() {
		b = b.RemoveValidationRule(id)
	}
	for _, r := range s.ext.rules {
		b = b.AddPostAnalyzeRule(r.Id, r.Apply)
	}
	a := b.Build()
	a.Catalog.StatsProvider = newStatsProvider()
	triggersTableInOwnDatabase(a.Catalog) // compat_trigger_database.go
	generationExpressions(a.Catalog)      // compat_generation_expression.go
	engine := sqle.New(a, nil)
	engine.Analyzer.Catalog.RegisterFunction(sql.NewEmptyContext(), functions.All()...)
	compat.InstallGlobalParser()
	// The analyzer took sql.GlobalParser when it was built, which for the
	// process's first engine (the server's only one) was still
	// go-mysql-server's own: compileGenerated parses the stored generated
	// columns that UPDATE and ON DUPLICATE KEY UPDATE recompute with it, so
	// their arithmetic was go-mysql-server's (`n * 2` of a BIGINT UNSIGNED
	// wrapped to -16 and was refused, TestGeneratedColumnArithmetic).
	engine.Analyzer.Parser = sql.GlobalParser
	compat.InstallSystemVariables()
	compat.InstallSchemaFormatter()
	stmts := compat.StatementEnv{Catalog: engine.Analyzer.Catalog, Stats: engine.Analyzer.Catalog.StatsProvider, Analyze: engine.AnalyzeQuery,
		Bound: engine.BoundQueryPlan}
	engine.Parser = generatedValuesParser{Parser: compat.Statements(compat.Parser(engine.Parser), stmts), catalog: engine.Analyzer.Catalog}
	engine.Analyzer.ExecBuilder = compat.ExecBuilder(engine.Analyzer.ExecBuilder)
	// The stored-procedure interpreter runs each statement of a procedure
	// through the analyzer's Runner (compat/procedure_variables.go).
	engine.Analyzer.Runner = compat.ProcedureRunner(engine)
	return engine
}

// functionProvider is a Store whose functions fns replace go-mysql-server's
// built-ins of the same names: the catalog asks its database provider for
// a function before its built-ins.
type functionProvider struct {
	*Store
	fns map[string]sql.Function
}

func withFunctions(s *Store, fns []sql.Function) functionProvider {
	p := functionProvider{Store: s, fns: make(map[string]sql.Function, len(fns))}
	for _, f := range fns {
		p.fns[f.FunctionName()] = f
	}
	return p
}

// Function implements sql.FunctionProvider.
func (p functionProvider) Function(_ *sql.Context, name string) (sql.Function, bool) {
	f, ok := p.fns[name]
	return f, ok
}

// FirstRuleID is the id above which other packages number their rules
// (Extensions.Rules).
const FirstRuleID analyzer.RuleId = 10_100

// Rule ids of simsql's analyzer rules, above go-mysql-server's own.
const (
	ruleViewsKeepTransaction analyzer.RuleId = 10_000 + iota
	ruleNotExistsNulls
	ruleIndexHints
	rulePrefixPrimaryKey
)

// viewsKeepTransaction works around a go-mysql-server 0.20 bug: to read a
// view, the planner binds the view's CREATE VIEW statement, which marks the
// whole query as DDL, and DDL commits the open transaction. So a SELECT
// from a view (or SHOW FIELDS FROM it) inside BEGIN … ROLLBACK committed the
// transaction's writes and dropped its savepoints (mariadb-dump
// --single-transaction: "SAVEPOINT sp does not exist"). A statement whose
// text starts with a query or DML keyword is not DDL, whatever it reads.
func viewsKeepTransaction(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, qFlags *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if qFlags == nil || ctx == nil || !qFlags.IsSet(sql.QFlagDDL) {
		return n, transform.SameTree, nil
	}
	switch statement.LeadingKeyword(ctx.Query()) {
	case "select", "(", "with", "table", "values", "show", "describe", "desc", "explain",
		"insert", "replace", "update", "delete":
		qFlags.Unset(sql.QFlagDDL)
	}
	return n, transform.SameTree, nil
}

// DataDir returns the data directory of s.
func (s *Store) DataDir() string { return s.kv.Dir() }
