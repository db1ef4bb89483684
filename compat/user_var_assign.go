package compat

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0 and its vitess): an assignment to a user
// variable inside an expression, "@v := expr" (MySQL 8 deprecates it but
// runs it; MariaDB too), is a syntax error outside SET ("syntax error at
// position 118 near ':='"). MariaDB Connector/ODBC 3.1 builds SQLColumns'
// query from them (`CASE DATA_TYPE WHEN 'bit' THEN @dt:= IF(…) …`, then
// `CASE @dt …` in a later column of the same row), so ODBC's SQLColumns
// (isql's `help TABLE`, pyodbc's cursor.columns()) failed.
//
// AssignUserVars rewrites each "@v := expr" but SET's own ("SET @v :=
// 1", which go-mysql-server parses) into assignUserVarName('v', expr)
// before go-mysql-server parses it: the
// expression runs to the first ",", ")", ";", WHEN, THEN, ELSE or END of
// its level, a keyword that ends a select expression (AS, FROM, WHERE, …)
// or an alias, as ":=" binds loosest in MySQL. The function sets the
// variable to the value, per row and in the order the row's expressions
// are evaluated (left to right), and returns it. A column named by such an
// expression is named after the rewritten text (MySQL: "@v := expr"):
// give it an alias. Pinned by StatementScripts "user variable
// assignments in expressions" and TestClientODBC (SQLColumns).

// assignUserVarName is the function an assignment becomes.
const assignUserVarName = "simsql_assign_user_var"

// AssignUserVars returns query with its assignments to user variables in
// expressions rewritten (see the file comment), as go-mysql-server and
// vitess can parse it; ok is false when it has none. The parser Statements
// returns does this itself.
func AssignUserVars(query string) (string, bool) {
	if !strings.Contains(query, ":=") {
		return query, false
	}
	toks := scanExpr(query)
	type edit struct {
		from, to int // the bytes replaced
		text     string
	}
	var edits []edit
	// SET's own assignments (SET @a := 1, @b := 2, in a procedure's body
	// too) are left to SET: setDepth is the parenthesis depth of the SET
	// being read (-1: none), target that its next token is a target.
	depth, setDepth, target := 0, -1, false
	for i := 0; i+1 < len(toks); i++ {
		t := toks[i]
		switch {
		case t.word == "(":
			depth++
		case t.word == ")":
			depth--
		case t.word == ";":
			setDepth = -1
		case t.kind == tokWord && t.word == "set":
			setDepth, target = depth, true
			continue
		case t.word == "," && depth == setDepth:
			target = true
			continue
		}
		isTarget := target
		target = false
		if t.kind != tokUserVar || toks[i+1].word != ":=" || isTarget {
			continue
		}
		end := exprEnd(toks, i+2)
		if end == i+2 {
			return query, false // nothing assigned: go-mysql-server's syntax error
		}
		name := strings.ReplaceAll(toks[i].word[1:], "'", "''")
		edits = append(edits, edit{toks[i].start, toks[i+1].end, assignUserVarName + "('" + name + "',"},
			edit{toks[end-1].end, toks[end-1].end, ")"})
	}
	if len(edits) == 0 {
		return query, false
	}
	// Apply in order of position; an opening edit never starts where a
	// closing one ends, so a stable sort by position keeps nested
	// assignments balanced.
	for i := 1; i < len(edits); i++ {
		for j := i; j > 0 && edits[j].from < edits[j-1].from; j-- {
			edits[j], edits[j-1] = edits[j-1], edits[j]
		}
	}
	var b strings.Builder
	at := 0
	for _, e := range edits {
		b.WriteString(query[at:e.from])
		b.WriteString(e.text)
		at = e.to
	}
	b.WriteString(query[at:])
	return b.String(), true
}

// exprEnd returns the index of the first token after the expression that
// starts at toks[k].
func exprEnd(toks []exprToken, k int) int {
	depth, cases := 0, 0
	operand := false // the last token ended an operand
	for i := k; i < len(toks); i++ {
		t := toks[i]
		switch {
		case t.word == "(":
			depth++
			operand = false
			continue
		case t.word == ")":
			if depth == 0 {
				return i
			}
			depth--
			operand = true
			continue
		}
		if depth > 0 {
			continue
		}
		switch {
		case t.word == "," || t.word == ";":
			return i
		case t.kind == tokWord && t.word == "case":
			cases++
			operand = false
		case t.kind == tokWord && t.word == "end":
			if cases == 0 {
				return i
			}
			cases--
			operand = true
		case t.kind == tokWord && (t.word == "when" || t.word == "then" || t.word == "else"):
			if cases == 0 {
				return i
			}
			operand = false
		case t.kind == tokWord && exprStopWords[t.word]:
			return i
		case t.kind == tokWord && exprOperatorWords[t.word]:
			operand = t.word == "null" || t.word == "true" || t.word == "false" || t.word == "unknown"
		case t.kind == tokWord || t.kind == tokQuotedIdent:
			next := ""
			if i+1 < len(toks) {
				next = toks[i+1].word
			}
			if operand && next != "(" {
				return i // an alias
			}
			operand = true
		case t.kind == tokString || t.kind == tokNumber || t.kind == tokUserVar:
			operand = true
		case t.word == ".":
			operand = false
		default: // an operator
			operand = false
		}
	}
	return len(toks)
}

// exprStopWords end a select expression.
var exprStopWords = map[string]bool{
	"as": true, "from": true, "where": true, "group": true, "having": true, "order": true, "limit": true,
	"into": true, "union": true, "except": true, "intersect": true, "for": true, "window": true, "on": true,
	"using": true, "join": true, "inner": true, "left": true, "right": true, "cross": true, "natural": true,
	"straight_join": true, "lock": true, "asc": true, "desc": true,
}

// exprOperatorWords are the keywords that continue an expression.
var exprOperatorWords = map[string]bool{
	"and": true, "or": true, "xor": true, "not": true, "is": true, "null": true, "like": true, "in": true,
	"between": true, "div": true, "mod": true, "regexp": true, "rlike": true, "collate": true, "escape": true,
	"interval": true, "binary": true, "sounds": true, "true": true, "false": true, "unknown": true,
	"exists": true, "all": true, "any": true, "some": true,
}

// Kinds of exprToken.
const (
	tokWord        = iota // a keyword or identifier, lower-cased
	tokQuotedIdent        // `identifier`
	tokString             // 'string' or "string"
	tokNumber             // 1, 1.5, 1e3, 0x1f; @@system_variable
	tokUserVar            // @v, @`v`, @'v': word is "@" and the name
	tokPunct              // an operator or punctuation, ":=" as one
)

// exprToken is a token of a statement, as scanExpr returns it.
type exprToken struct {
	kind       int
	word       string
	start, end int // its bytes in the statement
}

// scanExpr returns the tokens of statement s, without blanks and
// comments. Like lex it is not a full SQL lexer: enough to find the
// extent of an expression.
func scanExpr(s string) []exprToken {
	var out []exprToken
	for i := 0; i < len(s); {
		c := s[i]
		start := i
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f':
			i++
			continue
		case c == '#' || strings.HasPrefix(s[i:], "-- ") || strings.HasPrefix(s[i:], "--\t"):
			if j := strings.IndexByte(s[i:], '\n'); j >= 0 {
				i += j + 1
			} else {
				i = len(s)
			}
			continue
		case strings.HasPrefix(s[i:], "/*!"):
			// MySQL's executable comment /*!NNNNN … */: its text is
			// code, which the parser reads (its "*/" is skipped below).
			i += 3
			for i < len(s) && s[i] >= '0' && s[i] <= '9' {
				i++
			}
			continue
		case strings.HasPrefix(s[i:], "*/"):
			i += 2
			continue
		case strings.HasPrefix(s[i:], "/*"):
			if j := strings.Index(s[i+2:], "*/"); j >= 0 {
				i += j + 4
			} else {
				i = len(s)
			}
			continue
		case c == '\'' || c == '"' || c == '`':
			i = quotedEnd(s, i)
			kind := tokString
			if c == '`' {
				kind = tokQuotedIdent
			}
			out = append(out, exprToken{kind: kind, word: s[start:i], start: start, end: i})
		case strings.HasPrefix(s[i:], "@@"): // a system variable: read, not assigned
			i += 2
			for i < len(s) && (isWordByte(s[i]) || s[i] == '.' || s[i] == '`') {
				i++
			}
			out = append(out, exprToken{kind: tokNumber, word: s[start:i], start: start, end: i})
		case c == '@':
			i++
			name := ""
			switch {
			case i < len(s) && (s[i] == '\'' || s[i] == '"' || s[i] == '`'):
				j := quotedEnd(s, i)
				name = strings.ReplaceAll(s[i+1:max(i+1, j-1)], string(s[i])+string(s[i]), string(s[i]))
				i = j
			default:
				j := i
				for j < len(s) && (isWordByte(s[j]) || s[j] == '.') {
					j++
				}
				name = s[i:j]
				i = j
			}
			kind := tokUserVar
			if name == "" {
				kind = tokPunct
			}
			out = append(out, exprToken{kind: kind, word: "@" + name, start: start, end: i})
		case c >= '0' && c <= '9':
			for i < len(s) && (isWordByte(s[i]) || s[i] == '.') {
				i++
			}
			out = append(out, exprToken{kind: tokNumber, word: s[start:i], start: start, end: i})
		case isWordByte(c):
			for i < len(s) && isWordByte(s[i]) {
				i++
			}
			out = append(out, exprToken{kind: tokWord, word: strings.ToLower(s[start:i]), start: start, end: i})
		case strings.HasPrefix(s[i:], ":="):
			i += 2
			out = append(out, exprToken{kind: tokPunct, word: ":=", start: start, end: i})
		default:
			i++
			out = append(out, exprToken{kind: tokPunct, word: s[start:i], start: start, end: i})
		}
	}
	return out
}

// quotedEnd returns the offset just after the quoted token that starts at
// s[i] (its quote doubled or, outside backquotes, backslash-escaped inside).
func quotedEnd(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch {
		case s[j] == '\\' && q != '`':
			j++
		case s[j] == q && j+1 < len(s) && s[j+1] == q:
			j++
		case s[j] == q:
			return j + 1
		}
	}
	return len(s)
}

// assignUserVar is assignUserVarName(name, value): it sets the user
// variable name names (a string) to value's value for each row and
// returns that value (see the file comment).
type assignUserVar struct {
	name, value sql.Expression
}

var (
	_ sql.FunctionExpression         = (*assignUserVar)(nil)
	_ sql.NonDeterministicExpression = (*assignUserVar)(nil)
)

// newAssignUserVar returns the assignment of value to the variable name
// names.
func newAssignUserVar(name, value sql.Expression) sql.Expression {
	return &assignUserVar{name: name, value: value}
}

// FunctionName implements sql.FunctionExpression.
func (a *assignUserVar) FunctionName() string { return assignUserVarName }

// Description implements sql.FunctionExpression.
func (a *assignUserVar) Description() string {
	return "sets a user variable to a value and returns it (what @v := expr becomes)."
}

// IsNonDeterministic implements sql.NonDeterministicExpression: it has an
// effect, so it is never folded.
func (a *assignUserVar) IsNonDeterministic() bool { return true }

// Eval implements sql.Expression.
func (a *assignUserVar) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	n, err := a.name.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	name, ok := n.(string)
	if !ok || name == "" {
		return nil, fmt.Errorf("%s: the variable's name must be a string, not %v", assignUserVarName, n)
	}
	v, err := a.value.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	if err := ctx.SetUserVariable(ctx, name, v, a.value.Type()); err != nil {
		return nil, err
	}
	return v, nil
}

// Type implements sql.Expression.
func (a *assignUserVar) Type() sql.Type { return a.value.Type() }

// IsNullable implements sql.Expression.
func (a *assignUserVar) IsNullable() bool { return a.value.IsNullable() }

// Resolved implements sql.Expression.
func (a *assignUserVar) Resolved() bool { return a.name.Resolved() && a.value.Resolved() }

// Children implements sql.Expression.
func (a *assignUserVar) Children() []sql.Expression { return []sql.Expression{a.name, a.value} }

// WithChildren implements sql.Expression.
func (a *assignUserVar) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 2 {
		return nil, sql.ErrInvalidChildrenNumber.New(a, len(children), 2)
	}
	return &assignUserVar{name: children[0], value: children[1]}, nil
}

// String implements sql.Expression.
func (a *assignUserVar) String() string {
	return fmt.Sprintf("%s(%s, %s)", assignUserVarName, a.name, a.value)
}

// Fault (go-mysql-server v0.20.0): a user variable read in the statement
// that assigns it, SELECT @e := 3, @e, is typed by its value before the
// statement; unset, that is NULL's type, whose values all read as NULL, so
// @e was NULL where MySQL and MariaDB give 3. userVarReads types such a
// read, while the variable is unset, as the values assigned to it (text
// if they differ), which it reads when evaluated. Pinned by
// StatementScripts "user variable assignments in expressions".

// ruleUserVarReads is the id of userVarReads.
const ruleUserVarReads analyzer.RuleId = 10_209

// userVarReads retypes the reads of unset user variables that n assigns
// (see above).
func userVarReads(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	assigned := map[string]sql.Type{}
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		a, ok := e.(*assignUserVar)
		if !ok {
			return true
		}
		lit, ok := a.name.(*expression.Literal)
		if !ok {
			return true
		}
		name, ok := lit.Value().(string)
		if !ok {
			return true
		}
		name = strings.ToLower(name)
		if t, seen := assigned[name]; seen && !types.TypesEqual(t, a.value.Type()) {
			assigned[name] = types.LongText
		} else if !seen {
			assigned[name] = a.value.Type()
		}
		return true
	})
	if len(assigned) == 0 {
		return n, transform.SameTree, nil
	}
	return transform.NodeExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		v, ok := e.(*expression.UserVar)
		if !ok || v.Type() != types.Null {
			return e, transform.SameTree, nil
		}
		t, ok := assigned[strings.ToLower(v.Name)]
		if !ok || t == types.Null {
			return e, transform.SameTree, nil
		}
		return expression.NewUserVarWithType(v.Name, t), transform.NewTree, nil
	})
}
