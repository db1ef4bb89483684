package catalog

import (
	"context"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// generatedValuesParser is go-mysql-server's parser with MariaDB's rule for
// values given to generated columns: outside strict mode (sql_mode without
// STRICT_TRANS_TABLES and STRICT_ALL_TABLES) an INSERT or REPLACE … VALUES
// that gives a generated column a value other than DEFAULT has the value
// ignored, with warning 1906, and the column computed as usual; in strict
// mode it stays an error, as in MySQL, unless every such value is DEFAULT,
// which MySQL takes in every mode (go-mysql-server 0.20 refused
// `INSERT INTO g VALUES (1, 'a', DEFAULT)` with 3105). mariadb-dump relies on this: it
// writes every column's value into its INSERTs and sets
// SQL_MODE='NO_AUTO_VALUE_ON_ZERO' at the top of the dump, so without it a
// dump of a table with `fp … AS (simhash(body)) STORED` cannot be restored.
// An INSERT or REPLACE whose VALUES rows are all () (a row of defaults)
// gets the table's ordinary columns as its column list (defaultRows):
// go-mysql-server refused every INSERT without a list into a table with
// generated columns. Pinned by GeneratedColumnScripts
// (sqltests/scripts_generated.go, also run on MariaDB),
// TestDefaultRowPrepared and TestMySQLErrorNumbers (3105 for a value).
// It also applies the parse-time workaround of compat_column_unique_name.go.
type generatedValuesParser struct {
	sql.Parser
	catalog sql.Catalog
}

// Parse implements sql.Parser.
func (p generatedValuesParser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	return p.ParseWithOptions(ctx, query, ';', multi, sql.LoadSqlMode(ctx).ParserOptions())
}

// ParseWithOptions implements sql.Parser.
func (p generatedValuesParser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	stmt, parsed, remainder, err := p.Parser.ParseWithOptions(ctx, query, delimiter, multi, options)
	if err == nil {
		p.dropGeneratedValues(ctx, stmt)
		p.dropGeneratedDefaults(ctx, stmt)
		unnamedColumnUniqueKeys(stmt)
	}
	return stmt, parsed, remainder, err
}

// ParseOneWithOptions implements sql.Parser.
func (p generatedValuesParser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	stmt, n, err := p.Parser.ParseOneWithOptions(ctx, query, options)
	if err == nil {
		p.dropGeneratedValues(ctx, stmt)
		p.dropGeneratedDefaults(ctx, stmt)
		unnamedColumnUniqueKeys(stmt)
	}
	return stmt, n, err
}

// dropGeneratedValues rewrites stmt, outside strict mode, when it is an
// INSERT … VALUES into a table with generated columns that it gives values:
// those values leave the rows and their columns the column list. It
// makes go-mysql-server report a wrong number of values (MySQL's 1136,
// mysqlerr) where go-mysql-server 0.20 did not: VALUES rows () beside
// rows of values (emptyBesideValues), and an INSERT … SELECT without a
// column list into a table with generated columns (wrongSelectCount).
// (It rewrites and does not return an error: go-mysql-server's handler
// ignores the parser's error of a multi-statement packet.)
func (p generatedValuesParser) dropGeneratedValues(ctx context.Context, stmt ast.Statement) {
	ins, ok := stmt.(*ast.Insert)
	if !ok {
		return
	}
	values, isValues := ins.Rows.(*ast.AliasedValues)
	sel, isSelect := ins.Rows.(ast.SelectStatement)
	sctx, ok := ctx.(*sql.Context)
	if !ok || !isValues && !isSelect {
		return
	}
	mode := sql.LoadSqlMode(sctx)
	strict := mode.ModeEnabled("STRICT_TRANS_TABLES") || mode.ModeEnabled("STRICT_ALL_TABLES")
	db := ins.Table.DbQualifier.String()
	if db == "" {
		db = sctx.GetCurrentDatabase()
	}
	table, _, err := p.catalog.Table(sctx, db, ins.Table.Name.String())
	if err != nil {
		return // go-mysql-server reports it
	}
	sch := table.Schema()
	if !isValues {
		if k := wrongSelectCount(ins, sel, sch); k > 0 {
			miscount(ins, sch, k)
		}
		return
	}
	if someEmpty(values.Values) && !allEmpty(values.Values) {
		emptyBesideValues(ins, values, sch)
		return
	}
	if allEmpty(values.Values) {
		defaultRows(ins, sch)
		return
	}
	names := make([]string, len(ins.Columns))
	for i, c := range ins.Columns {
		names[i] = c.String()
	}
	if len(names) == 0 {
		for _, c := range sch {
			names = append(names, c.Name)
		}
	}
	for _, row := range values.Values {
		if len(row) != len(names) {
			allColumns(ins, sch)
			return // go-mysql-server reports the count mismatch
		}
	}
	// generated[i]: the i-th value leaves the rows. In strict mode only a
	// generated column given DEFAULT in every row does; one given another
	// value stays, for go-mysql-server's error 3105 to name it.
	generated := make([]bool, len(names))
	kept := ast.Columns{}
	for i, n := range names {
		if j := sch.IndexOfColName(n); j >= 0 && sch[j].Generated != nil && (!strict || onlyDefaults(values.Values, i)) {
			generated[i] = true
		} else {
			kept = append(kept, ast.NewColIdent(n))
		}
	}
	if len(kept) == len(names) || len(kept) == 0 {
		return
	}
	ignored := make([]bool, len(names))
	for r, row := range values.Values {
		var out ast.ValTuple
		for i, e := range row {
			if !generated[i] {
				out = append(out, e)
			} else if _, isDefault := e.(*ast.Default); !isDefault {
				ignored[i] = true
			}
		}
		values.Values[r] = out
	}
	ins.Columns = kept
	for i, n := range names {
		if ignored[i] {
			sctx.Warn(1906, "The value specified for generated column '%s' in table '%s' has been ignored", n, table.Name())
		}
	}
}

// allEmpty reports whether every row of an INSERT … VALUES is (), a row
// of defaults.
func allEmpty(rows []ast.ValTuple) bool {
	for _, row := range rows {
		if len(row) > 0 {
			return false
		}
	}
	return len(rows) > 0
}

// defaultRows gives INSERT ins, whose VALUES rows are all () and whose
// table's schema is sch, the table's columns that are not generated as
// its column list when it has no list and the table has generated
// columns: MySQL inserts a row of defaults with the generated columns
// computed (`INSERT INTO g VALUES ()`, `INSERT INTO g () VALUES (), ()`),
// where go-mysql-server 0.20 refused every INSERT without a column list
// into such a table with 3105. go-mysql-server fills an empty row with
// the listed columns' defaults.
func defaultRows(ins *ast.Insert, sch sql.Schema) {
	if len(ins.Columns) > 0 {
		return // go-mysql-server fills the listed columns' defaults
	}
	var kept ast.Columns
	for _, c := range sch {
		if c.Generated == nil {
			kept = append(kept, ast.NewColIdent(c.Name))
		}
	}
	if len(kept) == len(sch) || len(kept) == 0 {
		return
	}
	ins.Columns = kept
}

// allColumns gives INSERT ins, whose table's schema is sch, the table's
// columns as its column list when it has none and the table has
// generated columns, so that go-mysql-server checks the number of values
// first: MySQL refuses VALUES rows of another size than the table's with
// 1136 "Column count doesn't match value count at row 1", where
// go-mysql-server 0.20 refused every INSERT without a list into such a
// table with 3105 (`INSERT INTO g VALUES (1)`).
func allColumns(ins *ast.Insert, sch sql.Schema) {
	if len(ins.Columns) > 0 {
		return
	}
	generated := false
	var all ast.Columns
	for _, c := range sch {
		generated = generated || c.Generated != nil
		all = append(all, ast.NewColIdent(c.Name))
	}
	if generated {
		ins.Columns = all
	}
}

// wrongSelectCount returns the number of values that INSERT ins …
// SELECT sel, without a column list, into a table of schema sch with
// generated columns, selects when it is not the table's number of
// columns, else 0: MySQL refuses it with 1136, where go-mysql-server 0.20
// refused it with 3105 for the generated column (`INSERT INTO g SELECT
// 1`) before it counted. A select list with a * is not counted here.
func wrongSelectCount(ins *ast.Insert, sel ast.SelectStatement, sch sql.Schema) int {
	if len(ins.Columns) > 0 {
		return 0
	}
	generated := false
	for _, c := range sch {
		generated = generated || c.Generated != nil
	}
	if !generated {
		return 0
	}
	for {
		switch s := sel.(type) {
		case *ast.SetOp:
			sel = s.Left
			continue
		case *ast.ParenSelect:
			sel = s.Select
			continue
		case *ast.Select:
			for _, e := range s.SelectExprs {
				if _, star := e.(*ast.StarExpr); star {
					return 0
				}
			}
			if len(s.SelectExprs) == len(sch) {
				return 0
			}
			return len(s.SelectExprs)
		}
		return 0
	}
}

// miscount makes INSERT ins, into a table of schema sch, one that
// go-mysql-server refuses with its error for a wrong number of values
// (MySQL's 1136, whose row mysqlerr finds in the statement's text): the
// table's columns, and one row of k NULLs, k not their number.
func miscount(ins *ast.Insert, sch sql.Schema, k int) {
	ins.Columns = nil
	for _, c := range sch {
		ins.Columns = append(ins.Columns, ast.NewColIdent(c.Name))
	}
	ins.Rows = &ast.AliasedValues{Values: ast.Values{nulls(k)}}
}

// emptyBesideValues makes INSERT ins, whose VALUES rows are () beside
// rows of values, into a table of schema sch, one that go-mysql-server
// refuses with its error for a wrong number of values, as MySQL refuses
// it with 1136 (go-mysql-server 0.20 filled each () with defaults): the
// table's columns if it lists none, and each () a row of NULLs one longer
// than the list.
func emptyBesideValues(ins *ast.Insert, values *ast.AliasedValues, sch sql.Schema) {
	if len(ins.Columns) == 0 {
		for _, c := range sch {
			ins.Columns = append(ins.Columns, ast.NewColIdent(c.Name))
		}
	}
	for i, row := range values.Values {
		if len(row) == 0 {
			values.Values[i] = nulls(len(ins.Columns) + 1)
		}
	}
}

// nulls returns a VALUES row of k NULLs.
func nulls(k int) ast.ValTuple {
	row := make(ast.ValTuple, k)
	for i := range row {
		row[i] = &ast.NullVal{}
	}
	return row
}

// someEmpty reports whether a row of an INSERT … VALUES is ().
func someEmpty(rows []ast.ValTuple) bool {
	for _, row := range rows {
		if len(row) == 0 {
			return true
		}
	}
	return false
}

// onlyDefaults reports whether the i-th value of every row is DEFAULT,
// which MySQL takes for a generated column in every mode (go-mysql-server
// 0.20 refused it with 3105).
func onlyDefaults(rows []ast.ValTuple, i int) bool {
	for _, row := range rows {
		if _, isDefault := row[i].(*ast.Default); !isDefault {
			return false
		}
	}
	return true
}

// dropGeneratedDefaults rewrites stmt when it is a single-table UPDATE
// that sets a generated column to DEFAULT, which MySQL accepts (the column
// is computed anyway; go-mysql-server 0.20 refused it with 3105): those
// assignments leave the SET list, and if none is left, the table's first
// ordinary column is set to itself, which changes no row.
func (p generatedValuesParser) dropGeneratedDefaults(ctx context.Context, stmt ast.Statement) {
	upd, ok := stmt.(*ast.Update)
	if !ok || len(upd.TableExprs) != 1 {
		return
	}
	ate, ok := upd.TableExprs[0].(*ast.AliasedTableExpr)
	if !ok {
		return
	}
	name, ok := ate.Expr.(ast.TableName)
	sctx, isCtx := ctx.(*sql.Context)
	if !ok || !isCtx {
		return
	}
	db := name.DbQualifier.String()
	if db == "" {
		db = sctx.GetCurrentDatabase()
	}
	table, _, err := p.catalog.Table(sctx, db, name.Name.String())
	if err != nil {
		return // go-mysql-server reports it
	}
	sch := table.Schema()
	var kept ast.AssignmentExprs
	for _, a := range upd.Exprs {
		j := sch.IndexOfColName(a.Name.Name.String())
		if _, isDefault := a.Expr.(*ast.Default); isDefault && j >= 0 && sch[j].Generated != nil {
			continue
		}
		kept = append(kept, a)
	}
	if len(kept) == len(upd.Exprs) {
		return
	}
	if len(kept) == 0 {
		for _, c := range sch {
			if c.Generated == nil {
				col := &ast.ColName{Name: ast.NewColIdent(c.Name)}
				kept = ast.AssignmentExprs{&ast.AssignmentExpr{Name: col, Expr: col}}
				break
			}
		}
	}
	upd.Exprs = kept
}
