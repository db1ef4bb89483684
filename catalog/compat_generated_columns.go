package catalog

import (
	"fmt"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/functions"
)

// Fault (go-mysql-server v0.20.0): stored generated columns go stale.
// go-mysql-server computes them in the statement's plan, before the row
// reaches the table, so
//
//   - the update path of INSERT … ON DUPLICATE KEY UPDATE never recomputes
//     them: `body = VALUES(body)` kept `fp AS (simhash(body)) STORED` at
//     the old text's fingerprint, and a UNIQUE key on a generated column
//     was checked against the stale value;
//   - a BEFORE INSERT or BEFORE UPDATE trigger that changes a column runs
//     after they were computed (MySQL computes them after BEFORE
//     triggers), and so an AFTER trigger's NEW of a VIRTUAL column was
//     the value before the BEFORE trigger too (3 where MySQL says 4);
//   - ALTER TABLE … MODIFY or CHANGE of a generated column's expression
//     copies the old values of every existing row.
//
// Here the table itself computes them (and the VIRTUAL ones, for the
// AFTER triggers that read the row), from the final row, just before it
// writes it: the rule computeGeneratedColumns gives the write statement's table
// the compiled expressions of its stored generated columns, and the
// editor (Update always, Insert when a BEFORE INSERT trigger ran) and the
// ALTER rewriter (MODIFY/CHANGE) call generatedColumns.compute. Plain
// INSERTs keep go-mysql-server's value, which is already right, so the
// expression (a simhash() of a long text, say) is not evaluated twice.
// Pinned by GeneratedColumnScripts (sqltests/scripts_generated.go), which
// also run on MariaDB. Delete this file, the rule and the three calls
// when upstream computes them at write time.
//
// The same place stores a fingerprint into a signed BIGINT column
// (fingerprintBits): `fp BIGINT AS (simhash(body)) STORED` keeps the
// fingerprint's 64 bits as the BIGINT with those bits, as
// CAST(simhash(body) AS SIGNED) gives, where go-mysql-server refused
// every fingerprint ≥ 2^63 (about half of all texts) with "out of range
// for bigint". hamming() and the simhash index read a signed column's
// value as those 64 bits.

// generatedColumns is the compiled stored generated columns of one table
// for one statement: each column's ordinal in the row and its expression
// over the whole row (GetField indexes are row ordinals).
type generatedColumns struct {
	cols  []int
	exprs []sql.Expression
	types []sql.Type
	// onInsert: Insert recomputes (a BEFORE INSERT trigger may have
	// changed the row after go-mysql-server computed the columns).
	onInsert bool
}

// compute sets row's stored generated columns from its other columns, in
// column order (a generated column may read an earlier one). The error is
// the expression's, or MySQL's 1264 for a value out of the column's range.
func (g *generatedColumns) compute(ctx *sql.Context, row sql.Row) error {
	if g == nil {
		return nil
	}
	for i, c := range g.cols {
		v, err := g.exprs[i].Eval(ctx, row)
		if err != nil {
			return err
		}
		if v != nil {
			conv, inRange, err := g.types[i].Convert(ctx, v)
			if err != nil {
				return err
			}
			if !inRange {
				return sql.ErrValueOutOfRange.New(v, g.types[i])
			}
			v = conv
		}
		row[c] = v
	}
	return nil
}

// ruleGeneratedColumns is the id of computeGeneratedColumns.
const ruleGeneratedColumns analyzer.RuleId = 10_010

var afterAll sync.Once

// installAfterAllRules runs applyTriggers and loadTriggers in their
// trigger's database (compat_trigger_database.go) and appends
// rowDefaults (compat_row_defaults.go), onDupDefaults
// (compat_upsert_default.go), computeGeneratedColumns, strayTriggers
// (compat_trigger_bodies.go), virtualColumnValues (compat_virtual_column_values.go),
// upsertTriggers (compat_upsert_triggers.go), integerRanges (compat_integer_range.go),
// virtualColumnChecks (compat_virtual_column_checks.go),
// virtualColumnIndexes (compat_virtual_column_indexes.go) and mysqlLoadData
// (compat_load_data.go) to go-mysql-server's
// analyzer.OnceAfterAll, once per process, before NewEngine builds an
// analyzer (which copies the list). It must go there: go-mysql-server
// analyzes an INSERT … VALUES and a single-table UPDATE with a short list
// of batches (analyzer/node_batches.go) that skips the rules added with
// AddPreAnalyzeRule and AddPostAnalyzeRule but ends with OnceAfterAll,
// after the triggers are applied.
func installAfterAllRules() {
	afterAll.Do(func() {
		triggersInOwnDatabase(analyzer.OnceAfterAll)     // compat_trigger_database.go
		triggersInOwnDatabase(analyzer.OnceAfterDefault) // compat_trigger_database.go
		findApplyTriggers(analyzer.OnceAfterAll)         // compat_upsert_triggers.go
		analyzer.OnceAfterAll = append(analyzer.OnceAfterAll,
			analyzer.Rule{Id: ruleRowDefaults, Apply: rowDefaults},     // compat_row_defaults.go
			analyzer.Rule{Id: ruleOnDupDefaults, Apply: onDupDefaults}, // compat_upsert_default.go
			analyzer.Rule{Id: ruleGeneratedColumns, Apply: computeGeneratedColumns},
			analyzer.Rule{Id: ruleVirtualColumnValues, Apply: virtualColumnValues},   // compat_virtual_column_values.go
			analyzer.Rule{Id: ruleStrayTriggers, Apply: strayTriggers},               // compat_trigger_bodies.go
			analyzer.Rule{Id: ruleUpsertTriggers, Apply: upsertTriggers},             // compat_upsert_triggers.go
			analyzer.Rule{Id: ruleIntegerRanges, Apply: integerRanges},               // compat_integer_range.go
			analyzer.Rule{Id: ruleVirtualColumnChecks, Apply: virtualColumnChecks},   // compat_virtual_column_checks.go
			analyzer.Rule{Id: ruleVirtualColumnIndexes, Apply: virtualColumnIndexes}, // compat_virtual_column_indexes.go
			analyzer.Rule{Id: ruleLoadData, Apply: mysqlLoadData},                    // compat_load_data.go
			analyzer.Rule{Id: ruleForeignKeys, Apply: foreignKeyEditors},             // foreign_key_editor.go
			analyzer.Rule{Id: ruleParallelGenerated, Apply: parallelGenerated},       // parallel_generated.go
			analyzer.Rule{Id: ruleLockedTables, Apply: lockedTables},                 // compat_lock_tables.go
			analyzer.Rule{Id: ruleVirtualColumnReads, Apply: virtualColumnReads})     // compat_virtual_column_reads.go
	})
}

// computeGeneratedColumns gives the simsql tables that INSERT (with ON DUPLICATE
// KEY UPDATE or BEFORE INSERT triggers), UPDATE and ALTER … MODIFY/CHANGE
// write the compiled expressions of their stored generated columns, and
// makes fingerprint expressions of signed BIGINT columns store their bits.
func computeGeneratedColumns(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	var err error
	writes := false
	transform.Inspect(n, func(n sql.Node) bool {
		if err != nil {
			return false
		}
		switch x := n.(type) {
		case *plan.InsertInto:
			writes = true
			if err = onDupGeneratedValue(x); err != nil { // compat_upsert_generated_value.go
				return false
			}
			before := hasTrigger(x.Source, plan.InsertTrigger, plan.BeforeTrigger)
			if before || len(x.OnDupExprs) > 0 {
				err = attachGenerated(ctx, a, x.Destination, before, x.Ignore)
			}
		case *plan.Update:
			writes = true
			err = attachGenerated(ctx, a, x.Child, false, x.Ignore)
		}
		return true
	})
	if err != nil || !writes {
		return n, transform.SameTree, err
	}
	return fingerprintBitsIn(n)
}

// hasTrigger reports whether plan n runs a trigger of the event and time.
func hasTrigger(n sql.Node, event plan.TriggerEvent, time plan.TriggerTime) bool {
	return transform.InspectUp(n, func(n sql.Node) bool {
		te, ok := n.(*plan.TriggerExecutor)
		return ok && te.TriggerEvent == event && te.TriggerTime == time
	})
}

// attachGenerated compiles the stored generated columns of the first
// simsql table of plan n and gives them to every instance of that table in
// n; ignore is the statement's IGNORE (a value out of an integer column's
// range is its nearest end with warning 1264, not error 1264).
func attachGenerated(ctx *sql.Context, a *analyzer.Analyzer, n sql.Node, onInsert, ignore bool) error {
	var tables []*Table
	transform.Inspect(n, func(n sql.Node) bool {
		if tn, ok := n.(sql.TableNode); ok { // ResolvedTable, IndexedTableAccess
			if t, ok := writtenTable(tn.UnderlyingTable()); ok {
				tables = append(tables, t)
			}
		}
		return true
	})
	if len(tables) == 0 {
		return nil
	}
	first := tables[0]
	g, err := compileGenerated(ctx, a, first.db.name, first.meta.Name, first.sch.Schema)
	if err != nil || g == nil {
		return err
	}
	g.onInsert = onInsert
	if ignore {
		for i, e := range g.exprs {
			if r, ok := e.(*inRange); ok {
				g.exprs[i] = newInRange(r.Expression, r.col, true, 0)
			}
		}
	}
	for _, t := range tables {
		if strings.EqualFold(t.meta.Name, first.meta.Name) && t.db.name == first.db.name {
			t.gen = g
		}
	}
	return nil
}

// writtenTable returns the simsql Table whose editor writes through t.
func writtenTable(t sql.Table) (*Table, bool) {
	if it, ok := t.(*indexedTable); ok { // an index lookup's table
		return it.Table, true
	}
	return simsqlTable(t)
}

// compileGenerated resolves the expressions of sch's generated columns
// over a row of sch; nil if it has none.
func compileGenerated(ctx *sql.Context, a *analyzer.Analyzer, db, table string, sch sql.Schema) (g *generatedColumns, err error) {
	generated := false
	for _, c := range sch {
		generated = generated || c.Generated != nil
	}
	if !generated {
		return nil, nil
	}
	defer func() {
		if r := recover(); r != nil { // the planbuilder reports errors by panicking
			g, err = nil, fmt.Errorf("generated columns of %s: %v", table, r)
		}
	}()
	return compileResolved(sch, planbuilder.New(ctx, a.Catalog, nil, a.Parser).ResolveSchemaDefaults(db, table, sch))
}

// compileResolved compiles the generated columns of sch (stored and
// VIRTUAL: an AFTER trigger reads NEW.v of the row written) from
// resolved, the same columns with their expressions resolved, over a row
// of sch (a column is found by name); nil if it has none.
func compileResolved(sch, resolved sql.Schema) (*generatedColumns, error) {
	g := &generatedColumns{}
	for i, c := range resolved {
		if c.Generated == nil {
			continue
		}
		if _, ok := c.Generated.Expr.(*sql.UnresolvedColumnDefault); ok {
			return nil, fmt.Errorf("catalog: the generated column %s is not resolved", c.Name)
		}
		e, err := overRow(sch, c.Generated.Expr)
		if err != nil {
			return nil, err
		}
		if isFingerprint(e) && isSignedBigint(c.Type) {
			e = fingerprintBits{e}
		}
		if isIntegerColumn(c) && !fitsColumn(e, c) {
			// MySQL's range check and message (go-mysql-server's
			// conversions take a BIGINT UNSIGNED value into a narrower
			// unsigned column modulo its width; compat_virtual_column_values.go).
			e = newInRange(e, c, false, 0)
		}
		g.cols = append(g.cols, i)
		g.exprs = append(g.exprs, e)
		g.types = append(g.types, c.Type)
	}
	if len(g.cols) == 0 {
		return nil, nil
	}
	return g, nil
}

// overRow returns e with each column's GetField index set to the
// column's ordinal in sch (found by name), for evaluation over a row of
// sch.
func overRow(sch sql.Schema, e sql.Expression) (sql.Expression, error) {
	e, _, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		gf, ok := e.(*expression.GetField)
		if !ok {
			return e, transform.SameTree, nil
		}
		j := sch.IndexOfColName(gf.Name())
		if j < 0 {
			return nil, transform.SameTree, sql.ErrColumnNotFound.New(gf.Name())
		}
		return gf.WithIndex(j), transform.NewTree, nil
	})
	return e, err
}

// fingerprintBitsIn makes every generated or default value of plan n that
// stores a fingerprint into a signed BIGINT column a fingerprintBits, and
// every one of a JSON column keep SQL NULL (jsonNullKept).
func fingerprintBitsIn(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
	var f transform.ExprFunc
	f = func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *plan.Subquery:
			q, same, err := transform.NodeExprsWithOpaque(x.Query, f)
			if err != nil || same == transform.SameTree {
				return e, transform.SameTree, err
			}
			return x.WithQuery(q), transform.NewTree, nil
		case *sql.ColumnDefaultValue:
			if c, ok := jsonNullKept(x); ok { // compat_json_null.go
				return c, transform.NewTree, nil
			}
			if x == nil || x.Expr == nil || !isFingerprint(x.Expr) || !isSignedBigint(x.OutType) {
				return e, transform.SameTree, nil
			}
			c := *x
			c.Expr = fingerprintBits{x.Expr}
			return &c, transform.NewTree, nil
		}
		return e, transform.SameTree, nil
	}
	n, same, err := transform.NodeExprsWithOpaque(n, f)
	if err != nil {
		return nil, transform.SameTree, err
	}
	// An INSERT's source is not among its children.
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		ins, ok := n.(*plan.InsertInto)
		if !ok || ins.Source == nil {
			return n, transform.SameTree, nil
		}
		src, srcSame, err := transform.NodeExprsWithOpaque(ins.Source, f)
		if err != nil || srcSame == transform.SameTree {
			return n, same, err
		}
		return ins.WithSource(src), transform.NewTree, nil
	})
}

// isFingerprint reports whether e is a call of simhash or simhash_ngram,
// whose BIGINT UNSIGNED values use all 64 bits.
func isFingerprint(e sql.Expression) bool {
	switch e.(type) {
	case *functions.SimHash, *functions.SimHashNgram:
		return true
	}
	return false
}

func isSignedBigint(t sql.Type) bool {
	return t != nil && types.IsInteger(t) && types.IsSigned(t) && t.(sql.NumberType).Type() == types.Int64.Type()
}

// fingerprintBits is a fingerprint as the signed BIGINT with the same 64
// bits (two's complement: 2^64−1 is −1), as CAST(… AS SIGNED) gives it;
// NULL for NULL.
type fingerprintBits struct {
	sql.Expression
}

// Type implements sql.Expression: BIGINT.
func (fingerprintBits) Type() sql.Type { return types.Int64 }

// Eval implements sql.Expression.
func (f fingerprintBits) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := f.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	u, ok := v.(uint64)
	if !ok {
		return nil, fmt.Errorf("fingerprint %v of type %T", v, v)
	}
	return int64(u), nil
}

// Children implements sql.Expression.
func (f fingerprintBits) Children() []sql.Expression { return []sql.Expression{f.Expression} }

// WithChildren implements sql.Expression.
func (f fingerprintBits) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(f, len(children), 1)
	}
	return fingerprintBits{children[0]}, nil
}

// String implements sql.Expression: the fingerprint's own text, so that
// SHOW CREATE TABLE and EXPLAIN show the column's expression as written.
func (f fingerprintBits) String() string { return f.Expression.String() }
