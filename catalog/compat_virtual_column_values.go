package catalog

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/compat"
)

// Fault (go-mysql-server v0.20.0): a table with an integer VIRTUAL
// generated column could take a row it could not read back. The planner
// reads such a table through a plan.VirtualColumnTable, which computes
// each VIRTUAL column per row read and converts it to the column's type;
// a value out of the type's range was the error "9223372036854775807 out
// of range for bigint" on every statement that read the row. So
//
//   - `fv BIGINT AS (simhash(body)) VIRTUAL`, whose INSERT stored the
//     fingerprint's bits (fingerprintBits, compat_generated_columns.go),
//     failed every SELECT, COUNT(*), DELETE and UPDATE of the table once a
//     text's fingerprint was ≥ 2^63 (about half of all texts), and
//     mariadb-dump stopped there, losing the table's rows and every later
//     table;
//   - an unsigned column narrower than BIGINT took any BIGINT UNSIGNED
//     value modulo its width (`INT UNSIGNED AS (simhash(body))` stored
//     and read 2844552795 for 15154266338359012955), without an error;
//   - a value out of range was "Out of range value 2147483647 for int",
//     without the column's name.
//
// MySQL 8 computes a VIRTUAL column when a row is written too (INSERT and
// UPDATE, indexed or not): out of range it is error 1264 "Out of range
// value for column 'g' at row 1" in strict mode, and the range's nearest
// end with warning 1264 under IGNORE or without strict mode. A row whose
// value is out of range all the same (a VIRTUAL column added by ALTER
// TABLE to rows it does not fit, MySQL bug #77478) reads as the range's
// nearest end with warning 1264; a read never fails. (MariaDB 10.11 checks
// a VIRTUAL column at write time only when it is indexed, and reads the
// nearest end without a warning.)
//
// Here the rule virtualColumnValues makes every read of such a table
// compute a fingerprint into a signed BIGINT as its bits, as a STORED
// column stores it, and any other integer value in the column's range
// (newInRange under IGNORE: the nearest end, warning 1264); and the values
// of generated integer columns that INSERT and UPDATE write are checked
// against the column's range (newInRange, with the statement's IGNORE):
// by integerRanges (compat_integer_range.go) where go-mysql-server's plan
// computes them, and by generatedColumns.compute where the table does
// (compat_generated_columns.go).
// Pinned by VirtualColumnValueScripts (sqltests/scripts_generated.go) and
// TestVirtualColumnDumpRestore's vr_fp (sqltests/virtual_checks_test.go).
// Delete this file when upstream's conversions check the unsigned widths
// and VirtualColumnTable converts a fingerprint as CAST(… AS SIGNED) does.

// ruleVirtualColumnValues is the id of virtualColumnValues, run in
// OnceAfterAll (installAfterAllRules).
const ruleVirtualColumnValues analyzer.RuleId = 10_019

// virtualColumnValues gives the reads of simsql tables with VIRTUAL
// integer columns in n their values as MySQL reads them (the writes'
// checks are integerRanges', compat_integer_range.go).
func virtualColumnValues(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	readVirtualValues(n)
	return n, transform.SameTree, nil
}

// readVirtualValues gives every plan.VirtualColumnTable over a simsql
// table in n, subqueries included, its read conversions. It changes the
// wrapper in place: the planner built it for this statement, and the
// change is made once (a prepared statement's plan is analyzed again).
func readVirtualValues(n sql.Node) {
	transform.Inspect(n, func(n sql.Node) bool {
		if tn, ok := n.(sql.TableNode); ok {
			for _, t := range wrappedTables(tn) {
				if vct, ok := plan.FindVirtualColumnTable(t); ok {
					readConversions(vct)
				}
			}
		}
		if e, ok := n.(sql.Expressioner); ok {
			for _, x := range e.Expressions() {
				transform.InspectExpr(x, func(x sql.Expression) bool {
					if sq, ok := x.(*plan.Subquery); ok && sq.Query != nil {
						readVirtualValues(sq.Query)
					}
					return false
				})
			}
		}
		return true
	})
}

// wrappedTables returns the tables table node tn reads, wrappers
// included (an index lookup holds its indexed table and its table
// node).
func wrappedTables(tn sql.TableNode) []sql.Table {
	switch x := tn.(type) {
	case *plan.ResolvedTable:
		return []sql.Table{x.Table}
	case *plan.IndexedTableAccess:
		out := []sql.Table{x.Table}
		if x.TableNode != nil {
			out = append(out, wrappedTables(x.TableNode)...)
		}
		return out
	case sql.MutableTableNode:
		return []sql.Table{x.WrappedTable()}
	}
	return nil
}

// readConversions makes each VIRTUAL integer column of vct, a wrapper
// over a simsql table, read as MySQL reads it: a fingerprint into a signed
// BIGINT as its 64 bits, any other value in the column's range; and a
// VIRTUAL JSON column's NULL SQL NULL (jsonNullKept, compat_json_null.go).
func readConversions(vct *plan.VirtualColumnTable) {
	if _, ok := writtenTable(vct.Table); !ok { // an index lookup's table too
		return
	}
	sch := vct.Table.Schema()
	var out []sql.Expression
	for i, p := range vct.Projections {
		if i >= len(sch) || !sch[i].Virtual {
			continue
		}
		cd, ok := p.(*sql.ColumnDefaultValue)
		if !ok || cd == nil || cd.Expr == nil {
			continue
		}
		if c, ok := jsonNullKept(cd); ok { // compat_json_null.go
			if out == nil {
				out = append([]sql.Expression(nil), vct.Projections...)
			}
			out[i] = c
			continue
		}
		if !isIntegerColumn(sch[i]) {
			continue
		}
		e := readValue(cd.Expr, sch[i])
		if compat.Same(e, cd.Expr) {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), vct.Projections...)
		}
		c := *cd
		c.Expr = e
		out[i] = &c
	}
	if out != nil {
		vct.Projections = out
	}
}

// readValue returns e, the expression of VIRTUAL integer column col, as it
// is read: e itself when it is already so.
func readValue(e sql.Expression, col *sql.Column) sql.Expression {
	switch e.(type) {
	case fingerprintBits, *inRange:
		return e
	}
	if isFingerprint(e) && isSignedBigint(col.Type) {
		return fingerprintBits{e}
	}
	if fitsColumn(e, col) {
		return e
	}
	return newInRange(e, col, true, 0)
}

// fitsColumn reports whether every value of integer type e has is in
// integer column col's range (simhash() into BIGINT UNSIGNED, say), so
// that no range check is needed (nor made: a check warns and counts rows,
// which keeps parallel_generated.go from computing the column ahead).
func fitsColumn(e sql.Expression, col *sql.Column) bool {
	t := e.Type()
	if t == nil || !types.IsInteger(t) || !isIntegerColumn(col) {
		return false
	}
	elo, ehi := integerRange(t)
	clo, chi := integerRange(col.Type)
	return !elo.LessThan(clo) && !ehi.GreaterThan(chi)
}

// generatedInsertRanges checks the values of generated integer columns
// that ins writes (the projection go-mysql-server puts over its rows, one
// expression per column of the table) against their columns' ranges.
func generatedInsertRanges(ins *plan.InsertInto) (sql.Node, transform.TreeIdentity, error) {
	if ins.Source == nil {
		return ins, transform.SameTree, nil
	}
	dest := ins.Destination.Schema()
	if rt, ok := ins.Destination.(sql.TableNode); ok {
		dest = rt.UnderlyingTable().Schema()
	}
	src, same, err := transform.Node(ins.Source, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		p, ok := n.(*plan.Project)
		if !ok || len(p.Projections) != len(dest) {
			return n, transform.SameTree, nil
		}
		var exprs []sql.Expression
		for i, e := range p.Projections {
			if dest[i].Generated == nil {
				continue
			}
			c := checkedGenerated(e, dest[i], ins.Ignore, false)
			if compat.Same(c, e) {
				continue
			}
			if exprs == nil {
				exprs = append([]sql.Expression(nil), p.Projections...)
			}
			exprs[i] = c
		}
		if exprs == nil {
			return n, transform.SameTree, nil
		}
		return plan.NewProject(exprs, p.Child), transform.NewTree, nil
	})
	if err != nil || same == transform.SameTree {
		return ins, transform.SameTree, err
	}
	return ins.WithSource(src), transform.NewTree, nil
}

// checkedGenerated returns e, the value a write gives integer column col,
// with its expression checked against col's range when e is a generated
// column's (its row numbers counted); e otherwise. quiet: out of range is
// the range's end without an error or warning, for a table that checks
// the value again when it writes the row (computesGenerated).
func checkedGenerated(e sql.Expression, col *sql.Column, ignore, quiet bool) sql.Expression {
	cd, ok := e.(*sql.ColumnDefaultValue)
	if !ok || cd == nil || cd.Expr == nil || !isIntegerColumn(col) || !types.IsInteger(cd.OutType) {
		return e
	}
	if _, ok := cd.Expr.(*inRange); ok || fitsColumn(cd.Expr, col) {
		return e
	}
	r := newInRange(cd.Expr, col, ignore, 0)
	r.quiet = quiet
	c := *cd
	c.Expr = r
	return &c
}

// computesGenerated reports whether the rows of UPDATE source n are of one
// simsql table, which computes and checks its generated columns itself
// when it writes a row (generatedColumns.compute, attached by
// computeGeneratedColumns): a check of the plan's own values would warn
// twice under IGNORE.
func computesGenerated(n sql.Node) bool {
	var tables []*Table
	transform.Inspect(n, func(n sql.Node) bool {
		if tn, ok := n.(sql.TableNode); ok {
			if t, ok := writtenTable(tn.UnderlyingTable()); ok {
				tables = append(tables, t)
			}
		}
		return true
	})
	return len(tables) == 1 && tables[0].gen != nil
}
