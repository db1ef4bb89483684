package catalog

import (
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// unnamedColumnUniqueKeys works around a go-mysql-server v0.20.0 fault:
// ALTER TABLE … ADD, MODIFY or CHANGE of a column declared UNIQUE gets its
// unique index named after the column (planbuilder's buildAlterTable), so
// when an index of that name exists, as after
//
//	CREATE TABLE t (id INT PRIMARY KEY, name VARCHAR(50), UNIQUE KEY (name));
//	ALTER TABLE t CHANGE `name` `name` VARCHAR(100) NOT NULL UNIQUE;
//
// the statement fails with "Duplicate key name 'name'" where MySQL adds
// name_2 (the first free of name, name_2, name_3, …). go-mysql-server does
// generate that name for an unnamed ADD UNIQUE (name), so the parser hook
// rewrites the column's UNIQUE into such an index specification of the same
// clause, which go-mysql-server runs after the column change. Pinned by
// KeyScripts "a second unnamed unique key is named i_2"; delete this file
// when go-mysql-server names the index as MySQL does.
func unnamedColumnUniqueKeys(stmt ast.Statement) {
	alter, ok := stmt.(*ast.AlterTable)
	if !ok {
		return
	}
	for _, ddl := range alter.Statements {
		if ddl.IndexSpec != nil || ddl.TableSpec == nil || len(ddl.TableSpec.Columns) != 1 {
			continue
		}
		switch ddl.ColumnAction {
		case ast.AddStr, ast.ModifyStr, ast.ChangeStr:
		default:
			continue
		}
		col := ddl.TableSpec.Columns[0]
		if col.Type.KeyOpt != columnKeyUnique && col.Type.KeyOpt != columnKeyUniqueKey {
			continue
		}
		col.Type.KeyOpt = columnKeyNone
		ddl.IndexSpec = &ast.IndexSpec{
			Action:  ast.CreateStr,
			Type:    ast.UniqueStr,
			Columns: []*ast.IndexColumn{{Column: col.Name}},
		}
	}
}

// Values of ast.ColumnKeyOption, which vitess does not export (the same
// list as go-mysql-server's planbuilder keeps).
const (
	columnKeyNone ast.ColumnKeyOption = iota
	columnKeyPrimary
	columnKeySpatialKey
	columnKeyUnique
	columnKeyUniqueKey
)
