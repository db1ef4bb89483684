package compat

import (
	"maps"
	"reflect"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Fault (go-mysql-server v0.20.0, sql/procedures/interpreter_logic.go):
// the stored-procedure interpreter puts the values of parameters and
// DECLAREd variables into each statement by walking its syntax tree
// (replaceVariablesInExpr), but only through the nodes it lists: not
// this package's operators (the InjectedExpr nodes of parser.go: x + 1,
// x > 1, x IN (…), -x, CAST …), nor CASE, BETWEEN, IS NULL, the SET list
// of UPDATE, ON DUPLICATE KEY UPDATE, GROUP BY, HAVING, ORDER BY or a
// join's ON. A name it does not replace reaches the planner as a column:
// CREATE PROCEDURE p(IN x INT) BEGIN SELECT x + 1; END, CALL p(5) was
// 1054 "Unknown column 'x' in 'field list'", and so were WHERE a = x,
// UPDATE … SET b = x, IF x > 1, WHILE i < x and SET y = x * 2. MySQL
// reads a procedure's variable wherever an expression may be (a variable
// hides a column of the same name).
//
// The values live on the interpreter's stack, which only its walk sees:
// so procedureVariables gives each statement of a procedure body (and
// each IF, ELSEIF, WHILE, REPEAT and CASE condition) a carrier in a place
// the walk does visit: a call of procVarsFunc over the expression that was
// there and a bare reference to every name the statement uses. The walk
// fills in the carrier's names that are variables; before the statement
// runs, procedureRunner takes a copy of it without the carrier and with
// those values in every place the names are written (a DECIMAL one
// through a CAST to its type). A DECLARE … DEFAULT of an expression
// becomes a SET (declaredDefaults), and the select expressions of a body
// are named as written (writtenNames). Pinned by ProcScripts
// (sqltests/scripts_proc.go, also on MariaDB) and TestProcColumnNames.

// procVarsFunc names a carrier; procVarsNoWhere one put as the WHERE of
// an UPDATE, DELETE or SELECT that had none (its expression, TRUE, goes
// with it).
const (
	procVarsFunc    = "__simsql_procedure_variables"
	procVarsNoWhere = "__simsql_procedure_variables_nowhere"
)

// procedureVariables gives the statements of CREATE PROCEDURE stmt's
// body their carriers; other statements are left alone.
func procedureVariables(stmt ast.Statement, query string) {
	ddl, ok := stmt.(*ast.DDL)
	if !ok || ddl.ProcedureSpec == nil || ddl.ProcedureSpec.Body == nil {
		return
	}
	writtenNames(ddl.ProcedureSpec.Body, query)
	c := carriers{casts: map[string]*ast.ConvertType{}, types: map[string]ast.ColumnType{}}
	for _, p := range ddl.ProcedureSpec.Params {
		c.declare(p.Name, p.Type)
	}
	c.carryStatement(ddl.ProcedureSpec.Body)
}

// carriers makes the carriers of one procedure body, knowing the
// variables in scope.
type carriers struct {
	// casts are the CASTs the variables in scope (lower case) are read
	// through: a DECIMAL's to its type, as the interpreter writes its
	// value as a string ('1.25' * 2 was 2.5, MySQL's DECIMAL 2.50), an
	// unsigned integer's to UNSIGNED, as it writes the value as a bare
	// number (v - 1 of a BIGINT UNSIGNED 0 was -1, procedure_types.go).
	casts map[string]*ast.ConvertType
	// types are the declared types of the variables in scope (lower
	// case), which a SET checks its value against (procedure_types.go).
	types map[string]ast.ColumnType
}

// declare notes variable name of type t.
func (c carriers) declare(name string, t ast.ColumnType) {
	key := strings.ToLower(name)
	c.types[key] = t
	delete(c.casts, key)
	switch strings.ToLower(t.Type) {
	case "decimal", "numeric", "dec", "fixed":
		c.casts[key] = &ast.ConvertType{Type: "decimal", Length: t.Length, Scale: t.Scale}
	case "tinyint", "smallint", "mediumint", "int", "integer", "bigint":
		if t.Unsigned {
			c.casts[key] = &ast.ConvertType{Type: "unsigned"}
		}
	}
}

// block returns the carriers of a BEGIN … END block of statements ss:
// c's variables and those ss DECLAREs, which hide c's of their names.
func (c carriers) block(ss ast.Statements) carriers {
	in := carriers{casts: maps.Clone(c.casts), types: maps.Clone(c.types)}
	for _, s := range ss {
		if d, ok := s.(*ast.Declare); ok && d.Variables != nil {
			for _, n := range d.Variables.Names {
				in.declare(n.String(), d.Variables.VarType)
			}
		}
	}
	return in
}

// writtenNames gives each select expression of the procedure body at n
// the text query writes it with, which names its column (vitess does so
// for a statement's own select lists, not for those of a procedure
// body; go-mysql-server then named SELECT x + 1 "(5 + 1)" and COUNT(*)
// "count(1)"). A bare name, which vitess leaves alone, gets its text in
// withVariables if it is a variable; a lone quoted literal keeps
// go-mysql-server's name.
func writtenNames(n ast.SQLNode, query string) {
	walkTree(reflect.ValueOf(n), func(v reflect.Value) bool {
		if v.Kind() != reflect.Pointer || v.IsNil() {
			return true
		}
		ae, ok := v.Interface().(*ast.AliasedExpr)
		if !ok || !ae.As.IsEmpty() || ae.InputExpression != "" || ae.EndParsePos <= ae.StartParsePos || ae.EndParsePos > len(query) {
			return true
		}
		if _, bare := ae.Expr.(*ast.ColName); bare {
			return true
		}
		text := strings.Trim(query[ae.StartParsePos:ae.EndParsePos], " \n\t")
		if text != "" && (text[0] == '\'' || text[0] == '"') {
			return true
		}
		ae.InputExpression = text
		return true
	})
}

// carryStatement gives s (a statement of a procedure body) and the
// statements it holds their carriers.
func (c carriers) carryStatement(s ast.Statement) {
	switch s := s.(type) {
	case *ast.BeginEndBlock:
		in := c.block(s.Statements)
		s.Statements = declaredDefaults(s.Statements)
		in.carryStatements(s.Statements)
	case *ast.IfStatement:
		for i := range s.Conditions {
			s.Conditions[i].Expr = c.carrier(procVarsFunc, s.Conditions[i].Expr, s.Conditions[i].Expr)
			c.carryStatements(s.Conditions[i].Statements)
		}
		c.carryStatements(s.Else)
	case *ast.While:
		s.Condition = c.carrier(procVarsFunc, s.Condition, s.Condition)
		c.carryStatements(s.Statements)
	case *ast.Repeat:
		s.Condition = c.carrier(procVarsFunc, s.Condition, s.Condition)
		c.carryStatements(s.Statements)
	case *ast.Loop:
		c.carryStatements(s.Statements)
	case *ast.CaseStatement:
		for i := range s.Cases {
			s.Cases[i].Case = c.carrier(procVarsFunc, s.Cases[i].Case, s.Cases[i].Case, s.Expr)
			c.carryStatements(s.Cases[i].Statements)
		}
		c.carryStatements(s.Else)
	case *ast.Declare:
		if s.Handler != nil {
			c.carryStatement(s.Handler.Statement)
		}
		if s.Cursor != nil {
			c.carryStatement(s.Cursor.SelectStmt)
		}
	case *ast.Set:
		if len(s.Exprs) == 1 {
			s.Exprs[0].Expr = c.assigned(s.Exprs[0], c.carrier(procVarsFunc, s.Exprs[0].Expr, s)) // procedure_types.go
		}
	case *ast.Select:
		c.carrySelect(s, s)
	case *ast.SetOp:
		left := s.Left
		for {
			op, ok := left.(*ast.SetOp)
			if !ok {
				break
			}
			left = op.Left
		}
		if sel, ok := left.(*ast.Select); ok {
			c.carrySelect(sel, s)
		}
	case *ast.Update:
		s.Where = c.carryWhere(s.Where, s)
	case *ast.Delete:
		s.Where = c.carryWhere(s.Where, s)
	case *ast.Insert:
		switch rows := s.Rows.(type) {
		case *ast.Select:
			c.carrySelect(rows, s)
		case *ast.AliasedValues:
			if len(rows.Values) > 0 && len(rows.Values[0]) > 0 {
				rows.Values[0][0] = c.carrier(procVarsFunc, rows.Values[0][0], s)
			}
		}
	}
}

// declaredDefaults returns the statements of a block with each DECLARE
// … DEFAULT of an expression that is not a literal made a DECLARE and,
// after the block's declarations, a SET of the variable: go-mysql-server
// v0.20.0's interpreter keeps the default as the expression's syntax,
// unevaluated (DECLARE y INT DEFAULT x * 2 was 1105 "could not convert
// {…} to any numerical type").
func declaredDefaults(ss ast.Statements) ast.Statements {
	var sets ast.Statements
	n := 0
	for ; n < len(ss); n++ {
		d, ok := ss[n].(*ast.Declare)
		if !ok {
			break
		}
		if d.Variables == nil || d.Variables.VarType.Default == nil {
			continue
		}
		switch d.Variables.VarType.Default.(type) {
		case *ast.SQLVal, *ast.NullVal, ast.BoolVal:
			continue
		}
		for _, name := range d.Variables.Names {
			sets = append(sets, &ast.Set{Exprs: ast.SetVarExprs{&ast.SetVarExpr{Name: &ast.ColName{Name: name}, Expr: d.Variables.VarType.Default}}})
		}
		d.Variables.VarType.Default = nil
	}
	if len(sets) == 0 {
		return ss
	}
	out := append(append(append(ast.Statements{}, ss[:n]...), sets...), ss[n:]...)
	return out
}

func (c carriers) carryStatements(ss ast.Statements) {
	for _, s := range ss {
		c.carryStatement(s)
	}
}

// carrySelect puts the carrier of stmt (sel, or the statement sel is
// part of) on sel's first select expression, else its WHERE.
func (c carriers) carrySelect(sel *ast.Select, stmt ast.SQLNode) {
	if len(sel.SelectExprs) > 0 {
		if ae, ok := sel.SelectExprs[0].(*ast.AliasedExpr); ok {
			ae.Expr = c.carrier(procVarsFunc, ae.Expr, stmt)
			return
		}
	}
	sel.Where = c.carryWhere(sel.Where, stmt)
}

// carryWhere returns where with the carrier of stmt around its
// expression, or a WHERE TRUE carrier when there is none.
func (c carriers) carryWhere(where *ast.Where, stmt ast.SQLNode) *ast.Where {
	if where != nil && where.Expr != nil {
		where.Expr = c.carrier(procVarsFunc, where.Expr, stmt)
		return where
	}
	e := c.carrier(procVarsNoWhere, ast.BoolVal(true), stmt)
	if _, ok := e.(*ast.FuncExpr); !ok {
		return where
	}
	return &ast.Where{Type: ast.WhereStr, Expr: e}
}

// carrier returns e within a carrier named name of the names the nodes
// use, or e itself when they use none.
func (c carriers) carrier(name string, e ast.Expr, nodes ...ast.SQLNode) ast.Expr {
	if e == nil {
		return e
	}
	seen := map[string]bool{}
	exprs := ast.SelectExprs{&ast.AliasedExpr{Expr: e}}
	for _, n := range nodes {
		eachColName(reflect.ValueOf(n), func(col *ast.ColName) {
			key := strings.ToLower(col.Name.String())
			if col.Qualifier.IsEmpty() && !seen[key] && !strings.HasPrefix(key, "@") {
				seen[key] = true
				var ref ast.Expr = &ast.ColName{Name: col.Name}
				if t, ok := c.casts[key]; ok {
					ref = &ast.ConvertExpr{Name: "CAST", Expr: ref, Type: t}
				}
				exprs = append(exprs, &ast.AliasedExpr{Expr: ref})
			}
		})
	}
	if len(exprs) == 1 {
		return e
	}
	return &ast.FuncExpr{Name: ast.NewColIdent(name), Exprs: exprs}
}

// eachColName calls f for each column name in the syntax tree at v.
func eachColName(v reflect.Value, f func(*ast.ColName)) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return
		}
		if c, ok := v.Interface().(*ast.ColName); ok {
			f(c)
			return
		}
		eachColName(v.Elem(), f)
	case reflect.Interface:
		if !v.IsNil() {
			eachColName(v.Elem(), f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			eachColName(v.Index(i), f)
		}
	case reflect.Struct:
		if v.Type().PkgPath() != astPkg {
			return
		}
		for i := range v.NumField() {
			eachColName(v.Field(i), f)
		}
	}
}

// astPkg is the import path of vitess's syntax tree.
var astPkg = reflect.TypeOf(ast.Select{}).PkgPath()

// ProcedureRunner returns r, the statement runner of go-mysql-server's
// stored-procedure interpreter (Analyzer.Runner), with each statement of a
// procedure given its variables' values everywhere
// (procedure_variables.go).
func ProcedureRunner(r sql.StatementRunner) sql.StatementRunner {
	return procedureRunner{r}
}

type procedureRunner struct{ sql.StatementRunner }

// QueryWithBindings implements sql.StatementRunner.
func (r procedureRunner) QueryWithBindings(ctx *sql.Context, query string, parsed ast.Statement, bindings map[string]ast.Expr, qFlags *sql.QueryFlags) (sql.Schema, sql.RowIter, *sql.QueryFlags, error) {
	if parsed != nil && hasCarrier(reflect.ValueOf(parsed)) {
		parsed = withVariables(parsed)
	}
	sch, iter, flags, err := r.StatementRunner.QueryWithBindings(ctx, query, parsed, bindings, qFlags)
	if err != nil || query != "" {
		return sch, iter, flags, err
	}
	sch, iter, err = okWhenEmpty(ctx, sch, iter) // procedure_statements.go
	return sch, iter, flags, err
}

// hasCarrier reports whether the tree at v holds a carrier.
func hasCarrier(v reflect.Value) bool {
	found := false
	walkTree(v, func(v reflect.Value) bool {
		if isCarrier(v) != "" {
			found = true
		}
		return !found
	})
	return found
}

// isCarrier returns the name of the carrier v holds (as an ast.Expr or
// *ast.FuncExpr), "" if it holds none.
func isCarrier(v reflect.Value) string {
	if !v.IsValid() || (v.Kind() != reflect.Interface && v.Kind() != reflect.Pointer) || v.IsNil() {
		return ""
	}
	f, ok := v.Interface().(*ast.FuncExpr)
	if !ok || !f.Qualifier.IsEmpty() {
		return ""
	}
	switch name := f.Name.Lowered(); name {
	case procVarsFunc, procVarsNoWhere:
		return name
	}
	return ""
}

// walkTree calls f for each value of the tree at v, parents first, and
// goes into a value's children while f returns true.
func walkTree(v reflect.Value, f func(reflect.Value) bool) {
	if !f(v) {
		return
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkTree(v.Elem(), f)
		}
	case reflect.Slice, reflect.Array:
		for i := range v.Len() {
			walkTree(v.Index(i), f)
		}
	case reflect.Struct:
		if v.Type().PkgPath() == astPkg {
			for i := range v.NumField() {
				walkTree(v.Field(i), f)
			}
		}
	}
}

// withVariables returns a copy of stmt without its carriers, each name
// a carrier found to be a variable written as the variable's value.
func withVariables(stmt ast.Statement) ast.Statement {
	c := deepCopy(reflect.ValueOf(&stmt).Elem(), map[uintptr]reflect.Value{})
	out := reflect.New(c.Type()).Elem()
	out.Set(c)
	values := map[string]ast.Expr{}
	// Take the carriers out, keeping what they carried.
	walkTree(out, func(v reflect.Value) bool {
		if v.Kind() == reflect.Pointer && !v.IsNil() && v.CanSet() {
			if w, ok := v.Interface().(*ast.Where); ok && isCarrier(reflect.ValueOf(w.Expr)) == procVarsNoWhere {
				takeValues(w.Expr.(*ast.FuncExpr), values)
				v.Set(reflect.Zero(v.Type()))
				return false
			}
		}
		for isCarrier(v) == procVarsFunc && v.CanSet() {
			f := v.Interface().(*ast.FuncExpr)
			takeValues(f, values)
			inner := reflect.ValueOf(f.Exprs[0].(*ast.AliasedExpr).Expr)
			if !inner.Type().AssignableTo(v.Type()) {
				break
			}
			v.Set(inner)
		}
		return true
	})
	if len(values) == 0 {
		return out.Interface().(ast.Statement)
	}
	// Write each variable as its value: in HAVING as the value itself
	// (go-mysql-server's analyzeHaving resolves every name there as a
	// column), elsewhere as the interpreter writes it, a name carrying
	// its value (SELECT x is a column named x).
	walkTree(out, func(v reflect.Value) bool {
		if v.Kind() == reflect.Pointer && !v.IsNil() {
			if sel, ok := v.Interface().(*ast.Select); ok && sel.Having != nil {
				writeVariables(reflect.ValueOf(sel.Having).Elem(), values, true)
			}
		}
		return true
	})
	// A select expression that is a variable's bare name is named by it.
	walkTree(out, func(v reflect.Value) bool {
		if v.Kind() == reflect.Pointer && !v.IsNil() {
			if ae, ok := v.Interface().(*ast.AliasedExpr); ok && ae.As.IsEmpty() && ae.InputExpression == "" {
				if c, ok := ae.Expr.(*ast.ColName); ok && c.Qualifier.IsEmpty() {
					if _, ok := values[strings.ToLower(c.Name.String())]; ok || c.StoredProcVal != nil {
						ae.InputExpression = c.Name.String()
					}
				}
			}
		}
		return true
	})
	writeVariables(out, values, false)
	return out.Interface().(ast.Statement)
}

// writeVariables replaces each name of values in the tree at v with its
// value: the value itself when bare, else a name carrying it.
func writeVariables(v reflect.Value, values map[string]ast.Expr, bare bool) {
	walkTree(v, func(v reflect.Value) bool {
		if v.Kind() == reflect.Pointer && !v.IsNil() {
			// The column an assignment sets is no variable: UPDATE t
			// SET b = b + 1 in p(IN b INT) sets column b.
			switch a := v.Interface().(type) {
			case *ast.AssignmentExpr:
				writeVariables(reflect.ValueOf(&a.Expr).Elem(), values, bare)
				return false
			case *ast.SetVarExpr:
				writeVariables(reflect.ValueOf(&a.Expr).Elem(), values, bare)
				return false
			}
		}
		if (v.Kind() != reflect.Interface && v.Kind() != reflect.Pointer) || v.IsNil() || !v.CanSet() {
			return true
		}
		c, ok := v.Interface().(*ast.ColName)
		if !ok {
			return true
		}
		val, ok := values[strings.ToLower(c.Name.String())]
		if !ok || c.StoredProcVal != nil || !c.Qualifier.IsEmpty() {
			return false
		}
		_, literal := val.(*ast.SQLVal)
		if _, null := val.(*ast.NullVal); null {
			literal = true
		}
		if (bare || !literal) && reflect.TypeOf(val).AssignableTo(v.Type()) {
			v.Set(reflect.ValueOf(val))
		} else if literal {
			v.Set(reflect.ValueOf(&ast.ColName{Name: c.Name, StoredProcVal: val}))
		}
		return false
	})
}

// takeValues adds the values the interpreter gave the names of carrier
// f to values.
func takeValues(f *ast.FuncExpr, values map[string]ast.Expr) {
	for _, e := range f.Exprs[1:] {
		ae, ok := e.(*ast.AliasedExpr)
		if !ok {
			continue
		}
		switch x := ae.Expr.(type) {
		case *ast.ColName:
			if x.StoredProcVal != nil {
				values[strings.ToLower(x.Name.String())] = x.StoredProcVal
			}
		case *ast.ConvertExpr: // a DECIMAL or unsigned integer variable
			if c, ok := x.Expr.(*ast.ColName); ok && c.StoredProcVal != nil {
				v := c.StoredProcVal
				if _, null := v.(*ast.NullVal); !null {
					v = &ast.ConvertExpr{Name: x.Name, Expr: v, Type: x.Type}
				}
				values[strings.ToLower(c.Name.String())] = v
			}
		}
	}
}

// deepCopy returns a copy of the syntax tree at v: vitess's nodes are
// copied (a node reached twice, once), anything else is shared.
func deepCopy(v reflect.Value, done map[uintptr]reflect.Value) reflect.Value {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || v.Elem().Kind() != reflect.Struct || v.Elem().Type().PkgPath() != astPkg {
			return v
		}
		if c, ok := done[v.Pointer()]; ok {
			return c
		}
		n := reflect.New(v.Elem().Type())
		done[v.Pointer()] = n
		n.Elem().Set(deepCopy(v.Elem(), done))
		return n
	case reflect.Interface:
		if v.IsNil() {
			return v
		}
		n := reflect.New(v.Type()).Elem()
		n.Set(deepCopy(v.Elem(), done))
		return n
	case reflect.Slice:
		if v.IsNil() {
			return v
		}
		switch v.Type().Elem().Kind() {
		case reflect.Pointer, reflect.Interface, reflect.Struct, reflect.Slice:
		default:
			return v
		}
		n := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			n.Index(i).Set(deepCopy(v.Index(i), done))
		}
		return n
	case reflect.Struct:
		n := reflect.New(v.Type()).Elem()
		n.Set(v)
		if v.Type().PkgPath() != astPkg {
			return n
		}
		for i := range n.NumField() {
			if f := n.Field(i); f.CanSet() {
				f.Set(deepCopy(v.Field(i), done))
			}
		}
		return n
	}
	return v
}
