package compat

import (
	"context"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	ast "github.com/dolthub/vitess/go/vt/sqlparser"
)

// Parser returns p with every integer operator and function of a parsed
// statement taken over by this package: +, -, *, / (div.go), DIV, %, |, &, ^, <<, >>,
// unary - and ~, comparisons, IN and BETWEEN, CAST and CONVERT to SIGNED,
// UNSIGNED, DECIMAL (cast_decimal.go) or TIME (cast_time.go), MOD(), CONV and BIT_COUNT, and TRIM and SUBSTRING … FROM
// of binary strings. Each is replaced in the syntax tree by a vitess InjectedExpr
// that go-mysql-server's planner builds into this package's expression
// with the planned arguments; with arguments of a type this package
// leaves alone (dates, JSON, …) the expression built is go-mysql-server's
// own. So literals, columns, user variables and prepared-statement
// parameters (bound when the statement executes, which builds it again)
// all reach the same code, and so do the expressions that
// go-mysql-server parses again from text: views, triggers, stored
// procedures, column defaults and generated columns.
func Parser(p sql.Parser) sql.Parser { return parser{p} }

type parser struct{ sql.Parser }

// ParseSimple implements sql.Parser.
func (p parser) ParseSimple(query string) (ast.Statement, error) {
	var stmt ast.Statement
	err := parseText(query, false, func(q string) (err error) {
		stmt, err = p.Parser.ParseSimple(q)
		return err
	}, func(q string) { rewrite(&stmt, env{query: q}) }, func(e *editedText) { e.restoreNames(stmt) })
	return stmt, err
}

// Parse implements sql.Parser.
func (p parser) Parse(ctx *sql.Context, query string, multi bool) (ast.Statement, string, string, error) {
	var stmt ast.Statement
	var parsed, rest string
	query, back := clientText(ctx, query) // charsets.go
	err := parseText(query, noBackslashEscapes(ctx), func(q string) (err error) {
		stmt, parsed, rest, err = p.Parser.Parse(ctx, q, multi)
		return err
	}, func(q string) { rewrite(&stmt, envOf(ctx, q)) }, func(e *editedText) { e.restoreNames(stmt) })
	return stmt, parsed, back(rest), err
}

// ParseWithOptions implements sql.Parser.
func (p parser) ParseWithOptions(ctx context.Context, query string, delimiter rune, multi bool, options ast.ParserOptions) (ast.Statement, string, string, error) {
	var stmt ast.Statement
	var parsed, rest string
	query, back := clientText(ctx, query) // charsets.go
	err := parseText(query, noBackslashEscapes(ctx), func(q string) (err error) {
		stmt, parsed, rest, err = p.Parser.ParseWithOptions(ctx, q, delimiter, multi, options)
		return err
	}, func(q string) { rewrite(&stmt, envOf(ctx, q)) }, func(e *editedText) { e.restoreNames(stmt) })
	return stmt, parsed, back(rest), err
}

// ParseOneWithOptions implements sql.Parser.
func (p parser) ParseOneWithOptions(ctx context.Context, query string, options ast.ParserOptions) (ast.Statement, int, error) {
	var stmt ast.Statement
	var n int
	sent := query
	query, back := clientText(ctx, query) // charsets.go
	defer func() {
		if query != sent && n >= 0 && n <= len(query) {
			n = len(back(query[:n])) // n counts the client's bytes
		}
	}()
	err := parseText(query, noBackslashEscapes(ctx), func(q string) (err error) {
		stmt, n, err = p.Parser.ParseOneWithOptions(ctx, q, options)
		return err
	}, func(q string) { rewrite(&stmt, envOf(ctx, q)) }, func(e *editedText) { e.restoreNames(stmt) })
	return stmt, n, err
}

// parseText parses query with parse, after the rewrites of its text that
// work around the vitess tokenizer (minus_minus.go) and grammar
// (statement_modifiers.go, typed_literals.go, kept only when the rewritten text parses) and, only when that
// fails, those of its grammar (syntax_fallback.go), kept only when the
// rewritten text parses; on success, rewrite gets the text parsed and
// restore the rewrites made, if any. The error is that of the text before
// the fallback.
func parseText(query string, noBackslashEscapes bool, parse func(string) error, rewrite func(string), restore func(*editedText)) error {
	edited := minusMinus(query, noBackslashEscapes)
	text := query
	if edited != nil {
		text = edited.text
	}
	if mods := statementModifiers(text, noBackslashEscapes); mods != nil { // statement_modifiers.go
		edited, text = edited.then(mods), mods.text
	}
	var err error
	if typed, invalid := typedLiterals(text, noBackslashEscapes); typed != nil && parse(typed.text) == nil {
		if invalid != nil {
			return invalid
		}
		edited, text = edited.then(typed), typed.text
	} else {
		err = parse(text)
	}
	if err != nil {
		fb := syntaxFallback(text, noBackslashEscapes)
		if fb == nil || parse(fb.text) != nil {
			return err
		}
		edited, text, err = edited.then(fb), fb.text, nil
	}
	rewrite(text)
	if edited != nil {
		restore(edited)
	}
	return nil
}

// noBackslashEscapes reports whether ctx's session has sql_mode
// NO_BACKSLASH_ESCAPES (a backslash in a literal is then itself).
func noBackslashEscapes(ctx context.Context) bool {
	sctx, ok := ctx.(*sql.Context)
	return ok && sctx != nil && sctx.Session != nil && sql.LoadSqlMode(sctx).ModeEnabled("NO_BACKSLASH_ESCAPES")
}

// envOf returns the env of query, parsed in ctx: its text, its session
// and whether the session's sql_mode has NO_UNSIGNED_SUBTRACTION.
func envOf(ctx context.Context, query string) env {
	sctx, ok := ctx.(*sql.Context)
	if !ok || sctx == nil || sctx.Session == nil {
		return env{query: query}
	}
	return env{noUnsignedSub: sql.LoadSqlMode(sctx).ModeEnabled("NO_UNSIGNED_SUBTRACTION"), session: sctx.Session, query: query}
}

// rewrite replaces, in place, the expressions of *stmt that this package
// evaluates.
func rewrite(stmt *ast.Statement, env env) {
	if *stmt == nil {
		return
	}
	showTriggersFrom(*stmt)   // show_triggers_from.go
	setUnknownVariable(*stmt) // set_unknown_variable.go
	r := rewriter{env: env, seen: map[uintptr]bool{}}
	r.walk(reflect.ValueOf(stmt).Elem())
	procedureVariables(*stmt, env.query) // procedure_variables.go
}

// rewriter walks a vitess syntax tree by reflection, children first, and
// replaces each expression that replace recognises. Reflection, because
// expressions sit in many kinds of node (select lists, WHERE, ON, GROUP
// BY, VALUES rows, SET lists, column definitions, …) and a list of them
// would miss the next one vitess adds.
type rewriter struct {
	env  env
	seen map[uintptr]bool // pointers already walked
	// columnDef is set while a column definition is walked, whose
	// literals stay as go-mysql-server reads them (bit_literals.go).
	columnDef bool
	// dml is set while the expressions of a DELETE or UPDATE are walked,
	// not those of a SELECT within them (exists_dml.go).
	dml bool
}

var (
	exprType     = reflect.TypeOf((*ast.Expr)(nil)).Elem()
	injectedType = reflect.TypeOf(ast.InjectedExpr{})
	selectType   = reflect.TypeOf(ast.Select{})
	// columnDefinitionType is a column's definition in CREATE or ALTER
	// TABLE.
	columnDefinitionType = reflect.TypeOf(ast.ColumnDefinition{})
)

func (r *rewriter) walk(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() || !mayHoldExpr(v.Type().Elem()) {
			return
		}
		if p := v.Pointer(); r.seen[p] {
			return
		} else {
			r.seen[p] = true
		}
		r.walk(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			return
		}
		inner := v.Elem()
		if leafTypes[inner.Type()] {
			if v.CanSet() && holdsExpr(v.Type()) {
				if repl, ok := literalLeaf(inner.Interface(), r.env.query, r.columnDef); ok { // literals.go
					v.Set(reflect.ValueOf(repl))
				}
			}
			return
		}
		if inner.Kind() == reflect.Struct || inner.Kind() == reflect.Slice {
			// A value held by value (ast.InjectedExpr, ast.ValTuple, …):
			// walk an addressable copy and put it back.
			if !mayHoldExpr(inner.Type()) || !v.CanSet() {
				return
			}
			cp := reflect.New(inner.Type()).Elem()
			cp.Set(inner)
			r.walk(cp)
			v.Set(cp)
		} else {
			r.walk(inner)
		}
		if v.CanSet() && holdsExpr(v.Type()) {
			if e, ok := v.Interface().(ast.Expr); ok {
				if repl, ok := r.replace(e); ok {
					v.Set(reflect.ValueOf(repl))
				}
			}
		}
	case reflect.Struct:
		if v.Type() == selectType && v.CanAddr() {
			constantGroupBy(v.Addr().Interface().(*ast.Select))
		}
		defer func(was, dml bool) { r.columnDef, r.dml = was, dml }(r.columnDef, r.dml)
		r.columnDef = r.columnDef || v.Type() == columnDefinitionType
		switch v.Type() {
		case deleteType, updateType:
			r.dml = true
		case selectType:
			r.dml = false
		}
		for i := 0; i < v.NumField(); i++ {
			if f := v.Field(i); f.CanSet() && mayHoldExpr(f.Type()) {
				r.walk(f)
			}
		}
		if v.CanAddr() {
			hexColumnValues(v.Addr().Interface()) // bit_literals.go
			if ae, ok := v.Addr().Interface().(*ast.AliasedExpr); ok {
				nameSelectExpr(ae)
			}
		}
	case reflect.Slice, reflect.Array:
		if !mayHoldExpr(v.Type().Elem()) {
			return
		}
		for i := 0; i < v.Len(); i++ {
			r.walk(v.Index(i))
		}
	}
}

// leafTypes are the expressions that are never replaced and hold none:
// literals and column names, most of the nodes of a long INSERT.
var leafTypes = map[reflect.Type]bool{
	reflect.TypeOf(&ast.SQLVal{}):      true,
	reflect.TypeOf(&ast.NullVal{}):     true,
	reflect.TypeOf(ast.BoolVal(false)): true,
	reflect.TypeOf(&ast.ColName{}):     true,
}

var slotCache sync.Map // reflect.Type -> bool

// holdsExpr reports whether a field of the interface type t is a place
// for an expression, which can take an InjectedExpr.
func holdsExpr(t reflect.Type) bool {
	if v, ok := slotCache.Load(t); ok {
		return v.(bool)
	}
	h := t.Implements(exprType) && injectedType.AssignableTo(t)
	slotCache.Store(t, h)
	return h
}

var holdCache sync.Map // reflect.Type -> bool

// mayHoldExpr reports whether a value of type t can contain an ast.Expr,
// so that byte slices, strings and numbers are not walked.
func mayHoldExpr(t reflect.Type) bool {
	if v, ok := holdCache.Load(t); ok {
		return v.(bool)
	}
	h := computeHold(t, map[reflect.Type]bool{})
	holdCache.Store(t, h)
	return h
}

func computeHold(t reflect.Type, visiting map[reflect.Type]bool) bool {
	switch t.Kind() {
	case reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array:
		return computeHold(t.Elem(), visiting)
	case reflect.Struct:
		if visiting[t] {
			return false // decided by the other fields of the outer struct
		}
		visiting[t] = true
		for i := 0; i < t.NumField(); i++ {
			if f := t.Field(i); f.IsExported() && computeHold(f.Type, visiting) {
				return true
			}
		}
	}
	return false
}

// replace returns the InjectedExpr that stands for e, if this package
// evaluates e.
func (r *rewriter) replace(e ast.Expr) (ast.Expr, bool) {
	switch n := e.(type) {
	case *ast.BinaryExpr:
		build, ok := r.binary(strings.ToLower(n.Operator))
		if !ok {
			return nil, false
		}
		return inject(n, build, n.Left, n.Right), true
	case *ast.UnaryExpr:
		switch n.Operator {
		case ast.UMinusStr:
			lit, _ := unparen(n.Expr).(*ast.SQLVal)
			negLiteral := lit != nil && lit.Type == ast.IntVal && strings.HasPrefix(string(lit.Val), "-")
			return inject(n, func(a []sql.Expression) sql.Expression { return newNeg(a[0], r.env, negLiteral) }, n.Expr), true
		case ast.TildaStr:
			return inject(n, func(a []sql.Expression) sql.Expression { return newBitNot(a[0]) }, n.Expr), true
		}
	case *ast.TrimExpr:
		dir := n.Dir
		return inject(n, func(a []sql.Expression) sql.Expression { return newTrim(a[0], a[1], dir) }, n.Str, n.Pattern), true
	case *ast.SubstrExpr:
		var s ast.Expr = n.StrVal
		if n.Name != nil {
			s = n.Name
		}
		if n.To == nil {
			return inject(n, func(a []sql.Expression) sql.Expression { return newSubstr(a[0], a[1], nil) }, s, n.From), true
		}
		return inject(n, func(a []sql.Expression) sql.Expression { return newSubstr(a[0], a[1], a[2]) }, s, n.From, n.To), true
	case *ast.RangeCond:
		not := n.Operator == ast.NotBetweenStr
		if !not && n.Operator != ast.BetweenStr {
			return nil, false
		}
		return inject(n, func(a []sql.Expression) sql.Expression { return newBetween(a[0], a[1], a[2], not, r.env) }, n.Left, n.From, n.To), true
	case *ast.ComparisonExpr:
		if n.Operator == ast.InStr || n.Operator == ast.NotInStr {
			not := n.Operator == ast.NotInStr
			if sub, ok := n.Right.(*ast.Subquery); ok { // in_subquery.go
				if err := limitInSubquery(sub); err != nil { // in_subquery_limit.go
					return refuse(n, err), true
				}
				return inject(n, func(a []sql.Expression) sql.Expression { return newInSubquery(a[0], a[1], not, r.env) },
					n.Left, n.Right), true
			}
			list, ok := n.Right.(ast.ValTuple)
			if !ok || len(list) == 0 {
				return nil, false
			}
			if _, isTuple := n.Left.(ast.ValTuple); isTuple { // (a, b) IN ((1, 2), …): row_compare.go
				return inject(n, func(a []sql.Expression) sql.Expression { return buildRowIn(a[0], a[1:], not, r.env) },
					append([]ast.Expr{n.Left}, list...)...), true
			}
			return inject(n, func(a []sql.Expression) sql.Expression { return newIn(a[0], a[1:], not, r.env) },
				append([]ast.Expr{n.Left}, list...)...), true
		}
		op, ok := cmpOps[n.Operator]
		if !ok || n.Escape != nil {
			return nil, false
		}
		// A subquery on the right stays a value (scalar_subquery.go).
		return inject(n, func(a []sql.Expression) sql.Expression { return newCompare(op, a[0], newScalarSubquery(a[1]), r.env) },
			n.Left, n.Right), true
	case *ast.CaseExpr: // case_numeric.go
		return inject(n, caseBuilder(n), caseChildren(n)...), true
	case *ast.ExistsExpr: // exists_dml.go
		return existsSubquery(n, r.dml), true
	case *ast.CollateExpr:
		return collateUtf8mb4(n)
	case *ast.ConvertUsingExpr: // cast_text.go
		cs, err := sql.ParseCharacterSet(n.Type)
		if err != nil {
			return nil, false
		}
		return inject(n, func(a []sql.Expression) sql.Expression { return newConvertUsing(a[0], cs) }, n.Expr), true
	case *ast.ConvertExpr:
		if n.Type == nil {
			return nil, false
		}
		switch strings.ToLower(n.Type.Type) {
		case "binary": // cast_char.go, cast_text.go
			length := 0
			if n.Type.Length != nil {
				length, _ = strconv.Atoi(n.Type.Length.String())
			}
			return inject(n, func(a []sql.Expression) sql.Expression { return newCastChar(a[0], "binary", length, 0) }, n.Expr), true
		case "signed":
			return inject(n, func(a []sql.Expression) sql.Expression { return newCastInt(a[0], false) }, n.Expr), true
		case "unsigned":
			return inject(n, func(a []sql.Expression) sql.Expression { return newCastInt(a[0], true) }, n.Expr), true
		case "decimal":
			var length, scale string
			if n.Type.Length != nil {
				length = n.Type.Length.String()
			}
			if n.Type.Scale != nil {
				scale = n.Type.Scale.String()
			}
			prec, sc, err := castDecimalShape(length, scale, ast.String(n.Expr))
			if err != nil {
				return refuse(n, err), true
			}
			name := new(string) // set by walk when the cast is a select expression
			repl := inject(n, func(a []sql.Expression) sql.Expression { return newCastDecimal(a[0], prec, sc, *name) }, n.Expr)
			repl.Expression.(*injected).name = name
			return repl, true
		case "date", "datetime": // zero_dates.go
			length, scale := castLengthScale(n.Type)
			typ := strings.ToLower(n.Type.Type)
			return inject(n, func(a []sql.Expression) sql.Expression { return newCastZeroDate(a[0], typ, length, scale) }, n.Expr), true
		case "time":
			length, scale := castLengthScale(n.Type)
			return inject(n, func(a []sql.Expression) sql.Expression { return newCastTime(a[0], length, scale) }, n.Expr), true
		case "char", "nchar": // cast_char.go
			length, scale := 0, 0
			if n.Type.Length != nil {
				length, _ = strconv.Atoi(n.Type.Length.String())
			}
			typ := n.Type.Type
			if strings.EqualFold(n.Type.Charset, "binary") {
				typ = "binary" // CHAR CHARACTER SET binary is BINARY (cast_char.go)
			} else if cs, err := sql.ParseCharacterSet(n.Type.Charset); n.Type.Charset != "" && err == nil && cs.Encoder() != nil {
				// CAST(x AS CHAR CHARACTER SET cs) is CONVERT(x USING cs),
				// then cut to the length (cast_text.go's convertUsing).
				return inject(n, func(a []sql.Expression) sql.Expression {
					c := newConvertUsing(a[0], cs)
					if length > 0 {
						c = newCastChar(c, typ, length, scale)
					}
					return c
				}, n.Expr), true
			}
			return inject(n, func(a []sql.Expression) sql.Expression { return newCastChar(a[0], typ, length, scale) }, n.Expr), true
		}
	case *ast.FuncExpr:
		if !n.Qualifier.IsEmpty() || n.Over != nil {
			return nil, false
		}
		args := make([]ast.Expr, len(n.Exprs))
		for i, se := range n.Exprs {
			ae, ok := se.(*ast.AliasedExpr)
			if !ok {
				return nil, false
			}
			args[i] = ae.Expr
		}
		switch {
		case n.Distinct && !(len(args) == 1 && (n.Name.EqualString("sum") || n.Name.EqualString("avg"))):
			return nil, false
		case len(args) == 1 && (n.Name.EqualString("sum") || n.Name.EqualString("avg") ||
			n.Name.EqualString("bit_and") || n.Name.EqualString("bit_or") || n.Name.EqualString("bit_xor")):
			// An aggregate of a number: a hexadecimal literal argument is a
			// number (the aggregate itself stays go-mysql-server's node).
			if h, ok := hexChild(args[0]); ok {
				n.Exprs[0].(*ast.AliasedExpr).Expr = h
			}
			return nil, false
		case n.Name.EqualString("inet_ntoa") && len(args) == 1:
			// INET_NTOA reads a number: a hexadecimal or bit-value
			// literal is its number (inet_ntoa.go).
			if h, ok := hexChild(args[0]); ok {
				n.Exprs[0].(*ast.AliasedExpr).Expr = h
			}
			return nil, false
		case n.Name.EqualString("mod") && len(args) == 2:
			return inject(n, func(a []sql.Expression) sql.Expression { return newArith(opMod, a[0], a[1], r.env) }, args...), true
		case n.Name.EqualString("bit_count") && len(args) == 1:
			return inject(n, func(a []sql.Expression) sql.Expression { return newBitCount(a[0]) }, args...), true
		case n.Name.EqualString("conv") && len(args) == 3:
			return inject(n, func(a []sql.Expression) sql.Expression { return newConv(a[0], a[1], a[2]) }, args...), true
		case n.Name.EqualString("bin") && len(args) == 1:
			// BIN(N) is CONV(N, 10, 2) (go-mysql-server's BIN of
			// -9223372036854775808 was 100000000000000).
			return inject(n, func(a []sql.Expression) sql.Expression { return newBin(a[0]) }, args...), true
		case n.Name.EqualString("oct") && len(args) == 1:
			// OCT(N) is CONV(N, 10, 8) (MySQL 8's Item_func_oct is
			// that conversion); go-mysql-server has no OCT.
			return inject(n, func(a []sql.Expression) sql.Expression { return newOct(a[0]) }, args...), true
		}
		hexNumberArgs(n) // hex_numeric_args.go
	}
	return nil, false
}

var cmpOps = map[string]cmpOp{
	ast.EqualStr: opEq, ast.LessThanStr: opLt, ast.LessEqualStr: opLe, ast.GreaterThanStr: opGt,
	ast.GreaterEqualStr: opGe, ast.NotEqualStr: opNe, ast.NullSafeEqualStr: opNullSafeEq,
}

// binary returns the constructor of the binary operator op, if this
// package evaluates it.
func (r *rewriter) binary(op string) (func([]sql.Expression) sql.Expression, bool) {
	arith := func(o arithOp) func([]sql.Expression) sql.Expression {
		return func(a []sql.Expression) sql.Expression { return newArith(o, a[0], a[1], r.env) }
	}
	bit := func(o bitOp) func([]sql.Expression) sql.Expression {
		return func(a []sql.Expression) sql.Expression { return newBitBinary(o, a[0], a[1]) }
	}
	switch op {
	case ast.PlusStr:
		return arith(opPlus), true
	case ast.MinusStr:
		return arith(opMinus), true
	case ast.MultStr:
		return arith(opMult), true
	case ast.DivStr:
		return func(a []sql.Expression) sql.Expression { return newDiv(a[0], a[1], r.env) }, true // div.go
	case ast.IntDivStr:
		return arith(opIntDiv), true
	case ast.ModStr, "mod":
		return arith(opMod), true
	case ast.BitOrStr:
		return bit(opBitOr), true
	case ast.BitAndStr:
		return bit(opBitAnd), true
	case ast.BitXorStr:
		return bit(opBitXor), true
	case ast.ShiftLeftStr:
		return bit(opShiftLeft), true
	case ast.ShiftRightStr:
		return bit(opShiftRight), true
	}
	return nil, false
}

// castLengthScale returns the length and scale of CAST's type t, as
// go-mysql-server's planner reads them (0 where t has none).
func castLengthScale(t *ast.ConvertType) (length, scale int) {
	if t.Length != nil {
		length, _ = strconv.Atoi(t.Length.String())
	}
	if t.Scale != nil {
		scale, _ = strconv.Atoi(t.Scale.String())
	}
	return length, scale
}

// inject returns the InjectedExpr that builds, from the planned children,
// the expression build returns. It prints as orig, so that the statement
// still formats as the SQL it was parsed from.
func inject(orig ast.Expr, build func([]sql.Expression) sql.Expression, children ...ast.Expr) ast.InjectedExpr {
	for i, c := range children {
		if h, ok := hexChild(c); ok {
			children[i] = h
		}
	}
	return ast.InjectedExpr{
		Expression: &injected{build: build, text: ast.String(orig)},
		Children:   children,
		// An operator needs no privilege of its own; the statement's are
		// checked on its nodes.
		Auth: ast.AuthInformation{AuthType: ast.AuthType_IGNORE, TargetType: ast.AuthTargetType_Ignore},
	}
}

// hexChild returns the InjectedExpr of a hexLit for c, if c is a
// hexadecimal literal (in parentheses or not): the operand of a numeric
// operator or aggregate, where MySQL reads it as a number.
func hexChild(c ast.Expr) (ast.Expr, bool) {
	v, ok := unparen(c).(*ast.SQLVal)
	if !ok {
		return nil, false
	}
	h, ok := hexLiteral(v)
	if !ok {
		return nil, false
	}
	return ast.InjectedExpr{
		Expression: &injected{build: func([]sql.Expression) sql.Expression { return h }, text: ast.String(v)},
		Auth:       ast.AuthInformation{AuthType: ast.AuthType_IGNORE, TargetType: ast.AuthTargetType_Ignore},
	}, true
}

// nameSelectExpr gives the expression of ae, if it is one of this
// package's that wants it, its name in the select list: the alias, or
// the text as written, as MySQL's item_name.
func nameSelectExpr(ae *ast.AliasedExpr) {
	ie, ok := ae.Expr.(ast.InjectedExpr)
	if !ok {
		return
	}
	if inj, ok := ie.Expression.(*injected); ok && inj.name != nil {
		*inj.name = ae.InputExpression
		if !ae.As.IsEmpty() {
			*inj.name = ae.As.String()
		}
	}
}

// unparen returns e without the parentheses around it.
func unparen(e ast.Expr) ast.Expr {
	for p, ok := e.(*ast.ParenExpr); ok; p, ok = e.(*ast.ParenExpr) {
		e = p.Expr
	}
	return e
}

// injected is the ast.Injectable of this package's expressions.
type injected struct {
	build func([]sql.Expression) sql.Expression
	text  string
	err   error // the planner's error instead of an expression (refuse)
	// name, if not nil, receives the select list's name of the expression
	// (its alias, or its text as written) when it is one (walk).
	name *string
}

// WithResolvedChildren implements ast.Injectable.
func (i *injected) WithResolvedChildren(children []any) (any, error) {
	if i.err != nil {
		return nil, i.err
	}
	exprs := make([]sql.Expression, len(children))
	for j, c := range children {
		e, ok := c.(sql.Expression)
		if !ok {
			return nil, fmt.Errorf("compat: argument %d of %s is a %T, not an expression", j, i.text, c)
		}
		exprs[j] = e
	}
	return i.build(exprs), nil
}

// String implements fmt.Stringer: the SQL the expression was parsed from.
func (i *injected) String() string { return i.text }

var globalOnce sync.Once

// InstallGlobalParser makes go-mysql-server's process-wide parser,
// sql.GlobalParser, Parser(sql.NewMysqlParser()). go-mysql-server parses
// trigger bodies and foreign-key checks with it rather than with the
// engine's parser. It takes effect once per process; later calls do
// nothing.
func InstallGlobalParser() {
	globalOnce.Do(func() { sql.GlobalParser = Parser(sql.NewMysqlParser()) })
}
