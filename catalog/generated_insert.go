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
// mode it stays an error, as in MySQL. mariadb-dump relies on this: it
// writes every column's value into its INSERTs and sets
// SQL_MODE='NO_AUTO_VALUE_ON_ZERO' at the top of the dump, so without it a
// dump of a table with `fp … AS (simhash(body)) STORED` cannot be restored.
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
		unnamedColumnUniqueKeys(stmt)
	}
	return stmt, parsed, remainder, err
}

// ParseOneWithOptions implements sql.Parser.
func (p generatedValuesParser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	stmt, n, err := p.Parser.ParseOneWithOptions(ctx, query, options)
	if err == nil {
		p.dropGeneratedValues(ctx, stmt)
		unnamedColumnUniqueKeys(stmt)
	}
	return stmt, n, err
}

// dropGeneratedValues rewrites stmt, outside strict mode, when it is an
// INSERT … VALUES into a table with generated columns that it gives values:
// those values leave the rows and their columns the column list.
func (p generatedValuesParser) dropGeneratedValues(ctx context.Context, stmt ast.Statement) {
	ins, ok := stmt.(*ast.Insert)
	if !ok {
		return
	}
	values, ok := ins.Rows.(*ast.AliasedValues)
	if !ok {
		return
	}
	sctx, ok := ctx.(*sql.Context)
	if !ok {
		return
	}
	mode := sql.LoadSqlMode(sctx)
	if mode.ModeEnabled("STRICT_TRANS_TABLES") || mode.ModeEnabled("STRICT_ALL_TABLES") {
		return
	}
	db := ins.Table.DbQualifier.String()
	if db == "" {
		db = sctx.GetCurrentDatabase()
	}
	table, _, err := p.catalog.Table(sctx, db, ins.Table.Name.String())
	if err != nil {
		return // go-mysql-server reports it
	}
	sch := table.Schema()
	names := make([]string, len(ins.Columns))
	for i, c := range ins.Columns {
		names[i] = c.String()
	}
	if len(names) == 0 {
		for _, c := range sch {
			names = append(names, c.Name)
		}
	}
	generated := make([]bool, len(names))
	kept := ast.Columns{}
	for i, n := range names {
		if j := sch.IndexOfColName(n); j >= 0 && sch[j].Generated != nil {
			generated[i] = true
		} else {
			kept = append(kept, ast.NewColIdent(n))
		}
	}
	if len(kept) == len(names) || len(kept) == 0 {
		return
	}
	for _, row := range values.Values {
		if len(row) != len(names) {
			return // go-mysql-server reports the count mismatch
		}
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
