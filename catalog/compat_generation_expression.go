package catalog

import (
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/information_schema"
)

// Fault (go-mysql-server v0.20.0): information_schema.COLUMNS has an
// empty GENERATION_EXPRESSION for every column, a generated one too, so a
// tool that reads a table's definition from it (an ORM's reflection, a
// schema diff) lost the expression. MySQL 8 shows a generated column's
// expression as it prints it in SHOW CREATE TABLE's GENERATED ALWAYS AS
// (…) ("(`a` + 1)", "concat(`s`,'x')"), and '' for any other column (the
// column is NOT NULL; MySQL 8 reference manual, "The INFORMATION_SCHEMA
// COLUMNS Table"; MariaDB 10.11 shows NULL there and its own spelling of
// the expression). generationExpressions fills the column in. Pinned by
// ClientScripts "generated columns in SHOW COLUMNS and information_schema"
// (sqltests/scripts_clients.go). Delete this file when go-mysql-server
// fills GENERATION_EXPRESSION.

// generationExpressions makes c's information_schema.COLUMNS table show
// each generated column's expression in GENERATION_EXPRESSION.
// go-mysql-server builds that table anew for each statement
// (informationSchemaDatabase.GetTableInsensitive), so the database is
// wrapped.
func generationExpressions(c *analyzer.Catalog) {
	c.InfoSchema = generationInfoSchema{c.InfoSchema}
}

// generationInfoSchema is the information_schema database, whose COLUMNS
// table fills in GENERATION_EXPRESSION.
type generationInfoSchema struct{ sql.Database }

// GetTableInsensitive implements sql.Database.
func (db generationInfoSchema) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	t, ok, err := db.Database.GetTableInsensitive(ctx, name)
	ct, isColumns := t.(*information_schema.ColumnsTable)
	if err != nil || !ok || !isColumns {
		return t, ok, err
	}
	sch := ct.Schema()
	dbIdx, tblIdx, colIdx, genIdx := sch.IndexOfColName("table_schema"), sch.IndexOfColName("table_name"),
		sch.IndexOfColName("column_name"), sch.IndexOfColName("generation_expression")
	if dbIdx < 0 || tblIdx < 0 || colIdx < 0 || genIdx < 0 {
		return t, ok, err
	}
	read := ct.RowIter
	ct.RowIter = func(ctx *sql.Context, cat sql.Catalog, all sql.Schema) (sql.RowIter, error) {
		iter, err := read(ctx, cat, all)
		if err != nil {
			return nil, err
		}
		exprs := map[string]string{}
		for _, col := range all {
			if col.Generated == nil {
				continue
			}
			text := col.Generated.String()
			if u, ok := col.Generated.Expr.(*sql.UnresolvedColumnDefault); ok {
				text = u.ExprString // the stored text, the resolved value's String (meta.go)
			}
			exprs[columnKey(col.DatabaseSource, col.Source, col.Name)] = generationText(text)
		}
		if len(exprs) == 0 {
			return iter, nil
		}
		rows, err := sql.RowIterToRows(ctx, iter)
		if err != nil {
			return nil, err
		}
		for _, r := range rows {
			db, _ := r[dbIdx].(string)
			tbl, _ := r[tblIdx].(string)
			name, _ := r[colIdx].(string)
			if e, ok := exprs[columnKey(db, tbl, name)]; ok {
				r[genIdx] = e
			}
		}
		return sql.RowsToRowIter(rows...), nil
	}
	return ct, true, nil
}

// columnKey is the key of column col of table tbl in database db, in
// lower case: MySQL's names of databases, tables and columns are not
// case-sensitive here.
func columnKey(db, tbl, col string) string {
	return strings.ToLower(db) + "\x00" + strings.ToLower(tbl) + "\x00" + strings.ToLower(col)
}

// generationText returns a generated column's expression as MySQL shows
// it, from go-mysql-server's text of the column's value, which wraps it in
// one more pair of parentheses ("((`a` + 1))" for (`a` + 1)).
func generationText(s string) string {
	if closingParen(s, 0) != len(s) { // compat_show_create_virtual.go
		return s // not one pair around it all: "(a) + (b)"
	}
	return s[1 : len(s)-1]
}
