package compat

// Fault (go-mysql-server v0.20.0): the sql_mode modes
// ERROR_FOR_DIVISION_BY_ZERO, NO_ZERO_DATE and NO_ZERO_IN_DATE have no
// effect. In strict mode (STRICT_TRANS_TABLES or STRICT_ALL_TABLES) MySQL
// 8 refuses, unless the statement has IGNORE:
//   - with ERROR_FOR_DIVISION_BY_ZERO, a value INSERT or UPDATE writes
//     that divides by zero (x / 0, x DIV 0, x % 0, MOD(x, 0)): error 1365
//     "Division by 0", SQLSTATE 22012 (go-mysql-server stored NULL with
//     warning 1365, MySQL's answer outside strict mode or with IGNORE);
//   - with NO_ZERO_DATE, '0000-00-00' for a DATE, DATETIME or TIMESTAMP
//     column: error 1292 "Incorrect date value: '0000-00-00' for column
//     'd' at row 1" (go-mysql-server stored it; outside strict mode MySQL
//     stores it with warning 1264);
//   - with NO_ZERO_IN_DATE, a date of a zero month or day ('2024-00-10'):
//     error 1292 (outside strict mode MySQL stores '0000-00-00' with
//     warning 1265; go-mysql-server failed with 1105 "Incorrect datetime
//     value").
// The rule strictModes (run last, in go-mysql-server's OnceAfterAll, the
// batch simple INSERT … VALUES and UPDATE of one table run: InstallPlannerRules)
// wraps each value INSERT … VALUES, ON DUPLICATE KEY
// UPDATE and UPDATE … SET write (but DEFAULT and plain columns) in a
// strictValue, which applies the modes of the session as it runs.
// Pinned by StrictModeScripts (sqltests, also on MariaDB).

import (
	"fmt"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
)

// ruleStrictModes is the id of strictModes.
const ruleStrictModes analyzer.RuleId = 10_250

// strictModes wraps the values that INSERT … VALUES, ON DUPLICATE KEY
// UPDATE and UPDATE … SET write in strictValue.
func strictModes(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.InsertInto:
			return strictInsert(x)
		case *plan.UpdateSource:
			exprs, same := strictSetFields(x.UpdateExprs, x.Ignore)
			if same {
				return n, transform.SameTree, nil
			}
			u, err := x.WithExpressions(exprs...)
			return u, transform.NewTree, err
		}
		return n, transform.SameTree, nil
	})
}

// strictInsert wraps the VALUES of ins, as written to their columns, and
// its ON DUPLICATE KEY UPDATE values.
func strictInsert(ins *plan.InsertInto) (sql.Node, transform.TreeIdentity, error) {
	if ins.Destination == nil || !ins.Destination.Resolved() {
		return ins, transform.SameTree, nil
	}
	dest := ins.Destination.Schema()
	cols := make([]*sql.Column, 0, len(dest))
	if len(ins.ColumnNames) == 0 {
		cols = append(cols, dest...)
	}
	for _, name := range ins.ColumnNames {
		i := dest.IndexOfColName(name)
		if i < 0 {
			return ins, transform.SameTree, nil
		}
		cols = append(cols, dest[i])
	}
	out := *ins
	changed := false
	// The VALUES, under the projection the analyzer adds for the columns
	// the list leaves out: its tuples are still in the list's order.
	src, same, err := transform.Node(ins.Source, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		v, ok := n.(*plan.Values)
		if !ok {
			return n, transform.SameTree, nil
		}
		tuples := make([][]sql.Expression, len(v.ExpressionTuples))
		same := transform.SameTree
		for r, tuple := range v.ExpressionTuples {
			tuples[r] = append([]sql.Expression(nil), tuple...)
			for j, e := range tuple {
				if j < len(cols) {
					if w := newStrictValue(e, cols[j], ins.Ignore, int64(r+1)); !Same(w, e) {
						tuples[r][j], same = w, transform.NewTree
					}
				}
			}
		}
		if same == transform.SameTree {
			return n, same, nil
		}
		nv := *v
		nv.ExpressionTuples = tuples
		return &nv, transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	if same == transform.NewTree {
		out.Source, changed = src, true
	}
	if exprs, same := strictSetFields(ins.OnDupExprs, ins.Ignore); !same {
		out.OnDupExprs, changed = exprs, true
	}
	if !changed {
		return ins, transform.SameTree, nil
	}
	return &out, transform.NewTree, nil
}

// strictSetFields wraps the values of SET col = value expressions es.
func strictSetFields(es []sql.Expression, ignore bool) ([]sql.Expression, bool) {
	out := append([]sql.Expression(nil), es...)
	same := true
	for i, e := range es {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := sf.LeftChild.(*expression.GetField)
		if !ok {
			continue
		}
		col := &sql.Column{Name: gf.Name(), Type: gf.Type(), Source: gf.Table()}
		if w := newStrictValue(sf.RightChild, col, ignore, 0); !Same(w, sf.RightChild) {
			out[i], same = expression.NewSetField(sf.LeftChild, w), false
		}
	}
	return out, same
}

// strictValue is a value written to column col: as its expression, but
// an error in strict mode (without IGNORE) where MySQL's
// ERROR_FOR_DIVISION_BY_ZERO, NO_ZERO_DATE and NO_ZERO_IN_DATE refuse it,
// and a warning (and '0000-00-00' for a zero in a date) otherwise.
type strictValue struct {
	e      sql.Expression
	col    *sql.Column
	ignore bool
	row    int64         // the VALUES row; 0 counts the evaluations (UPDATE)
	n      *atomic.Int64 // the evaluations
}

var _ sql.Expression = (*strictValue)(nil)

// newStrictValue returns e wrapped in a strictValue, or e itself when it
// can neither divide nor be a date: DEFAULT, a literal that is no
// string, a column.
func newStrictValue(e sql.Expression, col *sql.Column, ignore bool, row int64) sql.Expression {
	switch x := e.(type) {
	case *strictValue, *expression.DefaultColumn, *expression.GetField, *expression.BindVar:
		return e
	case *expression.Literal:
		if _, isString := x.Value().(string); !isString || !types.IsTime(col.Type) {
			return e
		}
	}
	if !types.IsTime(col.Type) && len(e.Children()) == 0 {
		return e
	}
	return &strictValue{e: e, col: col, ignore: ignore, row: row, n: new(atomic.Int64)}
}

// Resolved implements sql.Expression.
func (s *strictValue) Resolved() bool { return s.e.Resolved() }

// IsNullable implements sql.Expression.
func (s *strictValue) IsNullable() bool { return s.e.IsNullable() }

// Type implements sql.Expression.
func (s *strictValue) Type() sql.Type { return s.e.Type() }

// String implements sql.Expression.
func (s *strictValue) String() string { return s.e.String() }

// Children implements sql.Expression.
func (s *strictValue) Children() []sql.Expression { return []sql.Expression{s.e} }

// WithChildren implements sql.Expression.
func (s *strictValue) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(s, len(children), 1)
	}
	c := *s
	c.e = children[0]
	return &c, nil
}

// Eval implements sql.Expression.
func (s *strictValue) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	n := s.n.Add(1)
	if s.row != 0 {
		n = s.row
	}
	var before uint16
	if ctx.Session != nil {
		before = ctx.Session.WarningCount()
	}
	v, err := s.e.Eval(ctx, row)
	if err != nil || ctx.Session == nil {
		return v, err
	}
	mode := sql.LoadSqlMode(ctx)
	strict := !s.ignore && (mode.ModeEnabled("STRICT_TRANS_TABLES") || mode.ModeEnabled("STRICT_ALL_TABLES"))
	if v == nil && strict && mode.ModeEnabled("ERROR_FOR_DIVISION_BY_ZERO") && ctx.Session.WarningCount() != before {
		for _, w := range ctx.Session.Warnings()[:int(ctx.Session.WarningCount()-before)] {
			if w.Code == erDivisionByZero {
				return nil, mysql.NewSQLError(erDivisionByZero, "22012", "Division by 0")
			}
		}
	}
	text, isString := v.(string)
	if !isString || !types.IsTime(s.col.Type) {
		return v, nil
	}
	zero, zeroIn := zeroDate(text)
	switch {
	case zero && mode.ModeEnabled("NO_ZERO_DATE"), zeroIn && mode.ModeEnabled("NO_ZERO_IN_DATE"):
	default:
		return v, nil
	}
	if strict {
		kind := "datetime"
		if types.IsDateType(s.col.Type) {
			kind = "date"
		}
		return nil, mysql.NewSQLError(erTruncatedWrongValue, "22007", "Incorrect %s value: '%s' for column '%s' at row %d", kind, text, s.col.Name, n)
	}
	if zero {
		warn(ctx, erWarnDataOutOfRange, "Out of range value for column '%s' at row %d", s.col.Name, n)
		return v, nil
	}
	warn(ctx, erWarnDataTruncated, "Data truncated for column '%s' at row %d", s.col.Name, n)
	return "0000-00-00", nil
}

// zeroDate reports whether text, a date as MySQL reads one (its first
// three numbers: year, month, day, split by punctuation, or 8 or 14
// digits), is the zero date (every field zero), or has a zero month or
// day in one that is not.
func zeroDate(text string) (zero, zeroIn bool) {
	t := strings.TrimSpace(text)
	var parts []string
	if len(t) >= 8 && strings.Trim(t, "0123456789") == "" {
		parts = []string{t[:4], t[4:6], t[6:8]}
	} else {
		parts = strings.FieldsFunc(t, func(r rune) bool { return r < '0' || r > '9' })
	}
	if len(parts) < 3 {
		return false, false
	}
	var ymd [3]int
	for i := range ymd {
		if _, err := fmt.Sscan(parts[i], &ymd[i]); err != nil {
			return false, false
		}
	}
	if ymd == [3]int{} {
		for _, p := range parts[3:] {
			if strings.Trim(p, "0") != "" {
				// 0000-00-00 12:00:00 is not the zero date but a date of
				// a zero month and day (check_date's not_zero_date
				// counts the time's fields too).
				return false, true
			}
		}
		return true, false
	}
	return false, ymd[1] == 0 || ymd[2] == 0
}
