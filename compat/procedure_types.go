package compat

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0, sql/procedures/interpreter_logic.go
// and sql/rowexec/proc.go): a stored procedure's DECLAREd variables do
// not hold their declared type. The interpreter's SET stores the value
// its SELECT gives as it is (InterpreterStack.SetVariable: "does not
// ensure that the value matches the expectations of the type"), and it
// writes a variable back into a statement as a bare number, so an
// unsigned one is read as signed. A CALL's argument is converted to its
// parameter's type with the conversion's range check ignored. So CALL
// p(-1) of p(IN x BIGINT UNSIGNED) made x 18446744073709551615 and CALL
// p(18446744073709551616) 9223372036854775808; DECLARE v TINYINT
// UNSIGNED DEFAULT 250; SET v = v + 10 made v 260; v - 1 of a BIGINT
// UNSIGNED 0 was -1; SET v = 'abc' of an INT was 1105 "could not convert
// abc to any numerical type". MySQL 8 stores a value into a variable as
// into a column of its type (MySQL 8 reference manual, "Local Variable
// Scope and Resolution" / "DECLARE Local Variable Statement": the
// variable's data type is a column's): out of range is error 1264 "Out
// of range value for column 'x' at row 1" in strict mode, 'abc' for an
// integer 1366 "Incorrect integer value", and outside strict mode the
// nearest value with a warning; an unsigned variable's arithmetic is
// unsigned (v - 1 of 0 is error 1690).
//
// procedureVariables (procedure_variables.go) therefore writes each SET
// of a procedure's parameter or DECLAREd variable (and each DECLARE …
// DEFAULT of an expression, which declaredDefaults makes a SET) as
// SET v = __simsql_procedure_assign(value, 'v', 'its type'), which the
// catalog answers with the check an INSERT makes of a value for a column
// of that type (catalog/compat_procedure_types.go); an unsigned integer
// variable is read through a CAST to UNSIGNED. The catalog's rule
// procedureArguments checks a CALL's IN arguments the same way. MariaDB
// 10.11 answers alike (its 1264 says "at row 0" and its 1366 names the
// column ``.``.`v`). Pinned by ProcScripts "a procedure's variables hold
// their declared type" (sqltests/scripts_proc.go, also on MariaDB).

// ProcedureAssignFunc names the function a SET of a procedure's variable
// writes its value through: __simsql_procedure_assign(value, 'name',
// 'type'), the type as a column definition writes it.
const ProcedureAssignFunc = "__simsql_procedure_assign"

// assigned returns e, the value SET set gives, written through
// ProcedureAssignFunc when set's target is a variable in scope of a type
// whose values are checked (checkedType); else e itself.
func (c carriers) assigned(set *ast.SetVarExpr, e ast.Expr) ast.Expr {
	if set == nil || set.Scope != ast.SetScope_None || set.Name == nil || !set.Name.Qualifier.IsEmpty() || e == nil {
		return e
	}
	name := set.Name.Name.String()
	t, ok := c.types[strings.ToLower(name)]
	if !ok || !checkedType(t) {
		return e
	}
	return &ast.FuncExpr{Name: ast.NewColIdent(ProcedureAssignFunc), Exprs: ast.SelectExprs{
		&ast.AliasedExpr{Expr: e},
		&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(name))},
		&ast.AliasedExpr{Expr: ast.NewStrVal([]byte(typeText(t)))},
	}}
}

// checkedType reports whether a value stored into a variable of type t is
// checked against t: the integer, DECIMAL and character types, whose
// checks the catalog makes of a value for a column.
func checkedType(t ast.ColumnType) bool {
	switch strings.ToLower(t.Type) {
	case "tinyint", "smallint", "mediumint", "int", "integer", "bigint",
		"decimal", "numeric", "dec", "fixed",
		"char", "varchar", "binary", "varbinary":
		return true
	}
	return false
}

// typeText returns type t as a column definition writes it, without its
// default.
func typeText(t ast.ColumnType) string {
	return ast.ColumnType{Type: t.Type, Length: t.Length, Scale: t.Scale, Unsigned: t.Unsigned, Zerofill: t.Zerofill,
		Charset: t.Charset, Collate: t.Collate, BinaryCollate: t.BinaryCollate, EnumValues: t.EnumValues}.String()
}

// ProcedureVariableType returns the type text (a column type, as
// ProcedureAssignFunc's third argument writes it) names.
func ProcedureVariableType(text string) (sql.Type, error) {
	stmt, err := ast.Parse("CREATE TABLE t (v " + text + ")")
	if err != nil {
		return nil, err
	}
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.TableSpec == nil || len(ddl.TableSpec.Columns) != 1 {
		return nil, fmt.Errorf("not a column type: %s", text)
	}
	return types.ColumnTypeToType(&ddl.TableSpec.Columns[0].Type)
}
