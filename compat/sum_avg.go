package compat

// Fault (go-mysql-server v0.20.0): SUM and AVG add integers in float64 and
// the planner types every reference to them DOUBLE, so SUM of
// 9007199254740993, 1 and 123456789 comes back as 9.00719937819778e+15
// (MySQL: DECIMAL 9007199378197783) and a sum of fingerprints loses its
// low digits. MySQL (Item_sum_sum, Item_sum_avg in sql/item_sum.cc) sums
// integers and DECIMALs exactly as DECIMAL, of precision the argument's
// plus 22, and averages them as that DECIMAL divided by the count, to the
// argument's scale plus div_precision_increment (4); DOUBLEs and strings
// are summed as DOUBLE. The replacement keeps go-mysql-server's aggregate
// for its name, window form and planning, with exact buffers and the
// MySQL type, and the rule aggregateTypes gives the planner's references
// that type; over a window (OVER (...)) window_sum_avg.go computes them.
// Pinned by TestSumAvg.
//
// The rule retyped only the references to the aggregate's own column id:
// a view's or derived table's column (ids of its own), a set operation's
// side (which reads its select's columns by name) and CREATE TABLE … AS
// SELECT's column (typed when the statement was built) stayed DOUBLE, so
// SELECT s FROM a view of SUM(i) s, SUM(i) … UNION ALL SELECT 1 gave
// 9.007199378197784e+15 and CTAS a double column. It now walks the plan
// bottom-up carrying the types up through those; and an integer
// column's precision is its digits (SUM of a BIGINT DECIMAL(41,0), as in
// MySQL), not 20 for every integer. Pinned by NumericExactScripts "SUM
// and AVG stay exact through views, set operations and CREATE TABLE … AS
// SELECT" (also on MariaDB).
//
// An aggregate over such a column (SUM(s) of a view's SUM(x) s, AVG,
// MAX of it) was built over the DOUBLE the planner typed it, so SUM of a
// view's SUM of a BIGINT was the DOUBLE 9.007199378197784e15: the walk
// records the type each aggregate has once its argument is retyped, for
// the references above it. And a YEAR, ENUM or SET was left to
// go-mysql-server (DOUBLE), and a DATE, DATETIME, TIMESTAMP or TIME too,
// which summed its Unix seconds (SUM of DATE '2024-01-02' and
// '1999-12-31' was the DOUBLE 2650752000); MySQL sums their numbers as
// DECIMAL (numeric_context_result_type INT_RESULT, or DECIMAL_RESULT for
// a fraction: SUM of a YEAR is DECIMAL(26,0), of those DATEs 40231333, of
// a DATETIME(3) DECIMAL(39,3)). Pinned by TestSumAvgNested (against
// MariaDB).

import (
	"math/big"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/shopspring/decimal"
)

// divPrecisionIncrement is MySQL's div_precision_increment default: AVG's
// scale is its argument's plus this.
const divPrecisionIncrement = 4

// sumAvgType is the MySQL type of SUM (avg false) or AVG of arg, and
// whether this package computes it (false for temporal and other
// arguments, left to go-mysql-server).
func sumAvgType(arg sql.Expression, avg bool) (result, bool) {
	if d, ok := arg.(*expression.DistinctExpression); ok {
		arg = d.Child
	}
	k := kindOf(arg)
	if p, fsp, ok := temporalShape(arg); ok {
		// A DATE, DATETIME, TIMESTAMP or TIME is summed as the DECIMAL of
		// its digits (MySQL's numeric_context_result_type: INT_RESULT, or
		// DECIMAL_RESULT with a fraction), of its digits' precision.
		if avg {
			return result{k: kDecimal, prec: p + divPrecisionIncrement, scale: min(fsp+divPrecisionIncrement, maxScale)}, true
		}
		return result{k: kDecimal, prec: p + 22, scale: fsp}, true
	}
	if p, ok := integerLikeDigits(arg); ok {
		// A YEAR, ENUM, SET or BIT is summed as its number (MySQL's
		// numeric_context_result_type of those fields is INT_RESULT), of
		// the precision of its width.
		if avg {
			return result{k: kDecimal, prec: p + divPrecisionIncrement, scale: divPrecisionIncrement}, true
		}
		return result{k: kDecimal, prec: p + 22}, true
	}
	switch {
	case k.integer(), k == kDecimal:
		p, s := decimalShape(arg, k)
		if k.integer() {
			// An integer column's digits (MySQL's decimal_precision: SUM of
			// a BIGINT is DECIMAL(41,0), AVG of an INT UNSIGNED
			// DECIMAL(14,4)); 20 for another integer.
			p = 20
			if gf, ok := arg.(*expression.GetField); ok {
				if d := describeType(gf.Type()); d.k == uInt {
					p = int32(d.intDig)
				}
			}
		}
		if avg {
			return result{k: kDecimal, prec: p + divPrecisionIncrement, scale: min(s+divPrecisionIncrement, maxScale)}, true
		}
		return result{k: kDecimal, prec: p + 22, scale: s}, true
	case k == kDouble, k == kString, k == kNull:
		return result{k: kDouble}, true
	}
	return result{}, false
}

// exactSum is SUM(x).
type exactSum struct {
	*aggregation.Sum
	res result
}

var _ sql.Aggregation = (*exactSum)(nil)
var _ sql.WindowAdaptableExpression = (*exactSum)(nil)

// newSum returns SUM(e): go-mysql-server's own for arguments this
// package leaves to it.
func newSum(e sql.Expression) sql.Expression {
	return wrapSum(aggregation.NewSum(e))
}

func wrapSum(s *aggregation.Sum) sql.Expression {
	res, ok := sumAvgType(s.Child, false)
	if !ok {
		return s
	}
	return &exactSum{Sum: s, res: res}
}

// Type implements sql.Expression.
func (s *exactSum) Type() sql.Type {
	return s.res.sqlType()
}

// IsNullable implements sql.Expression: SUM of no rows is NULL.
func (s *exactSum) IsNullable() bool { return true }

// WithChildren implements sql.Expression.
func (s *exactSum) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := s.Sum.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return wrapSum(n.(*aggregation.Sum)), nil
}

// WithWindow implements sql.WindowAdaptableExpression.
func (s *exactSum) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &exactSum{Sum: s.Sum.WithWindow(w).(*aggregation.Sum), res: s.res}
}

// WithId implements sql.IdExpression.
func (s *exactSum) WithId(id sql.ColumnId) sql.IdExpression {
	return &exactSum{Sum: s.Sum.WithId(id).(*aggregation.Sum), res: s.res}
}

// NewBuffer implements sql.Aggregation.
func (s *exactSum) NewBuffer() (sql.AggregationBuffer, error) {
	child, err := transform.Clone(s.Child)
	if err != nil {
		return nil, err
	}
	return newSumBuffer(child, s.res, false), nil
}

// newSumBuffer returns the buffer of SUM (or AVG) of child; a DISTINCT
// argument is unwrapped, the buffer keeping its own distinct values.
func newSumBuffer(child sql.Expression, res result, avg bool) *sumBuffer {
	b := &sumBuffer{child: child, res: res, avg: avg}
	if d, ok := child.(*expression.DistinctExpression); ok {
		b.child = d.Child
		b.seen = map[string]struct{}{}
	}
	if _, fsp, ok := temporalShape(b.child); ok {
		b.child = &temporalSumDigits{temporalArg{b.child}, fsp}
	}
	b.k = kindOf(b.child)
	if _, ok := integerLikeDigits(b.child); ok {
		b.k = kUint // YEAR, ENUM, SET and BIT values are unsigned numbers
	}
	return b
}

// integerLikeDigits returns the precision MySQL's decimal_precision gives
// a YEAR, ENUM, SET or BIT argument, its display width: 4 for a YEAR, an
// ENUM's longest element, a SET's elements joined by commas, a BIT(M)'s M
// (MariaDB's CREATE TABLE … AS SELECT SUM(e) agrees); false for another.
func integerLikeDigits(arg sql.Expression) (int32, bool) {
	if !arg.Resolved() {
		return 0, false
	}
	t := arg.Type()
	if types.IsYear(t) {
		return 4, true
	}
	switch t := t.(type) {
	case types.BitType:
		return int32(t.NumberOfBits()), true
	case sql.EnumType:
		n := 1
		for _, v := range t.Values() {
			n = max(n, utf8.RuneCountInString(v))
		}
		return int32(n), true
	case sql.SetType:
		return int32(max(utf8.RuneCountInString(strings.Join(t.Values(), ",")), 1)), true
	}
	return 0, false
}

// temporalShape returns the digits and fraction digits of a DATE (8),
// DATETIME or TIMESTAMP (14) or TIME (7) argument as MySQL's
// decimal_precision counts them, and false for another (a YEAR is an
// integer).
func temporalShape(arg sql.Expression) (prec, fsp int32, ok bool) {
	if !arg.Resolved() || isInterval(arg) {
		return 0, 0, false
	}
	t := arg.Type()
	switch {
	case types.IsDateType(t):
		return 8, 0, true
	case types.IsDatetimeType(t), types.IsTimestampType(t):
		fsp = int32(t.(sql.DatetimeType).Precision())
		return 14 + fsp, fsp, true
	case types.IsTimespan(t):
		fsp = int32(timeFsp(t))
		return 7 + fsp, fsp, true
	}
	return 0, 0, false
}

// temporalSumDigits is a DATE, DATETIME, TIMESTAMP or TIME argument as the
// DECIMAL of its digits, as MySQL's val_decimal reads it: 20240102,
// 20240102030405.125, -10203.25 (fsp fraction digits).
type temporalSumDigits struct {
	temporalArg
	fsp int32
}

var _ sql.Expression = (*temporalSumDigits)(nil)

// Type implements sql.Expression.
func (e *temporalSumDigits) Type() sql.Type {
	p, _, _ := temporalShape(e.arg)
	return decimalType(p, e.fsp)
}

// WithChildren implements sql.Expression.
func (e *temporalSumDigits) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	a, err := e.child(e, children)
	return &temporalSumDigits{a, e.fsp}, err
}

// Eval implements sql.Expression: NULL for NULL.
func (e *temporalSumDigits) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	d, ok, err := temporalValueDecimal(ctx, e.arg, row)
	if err != nil || !ok {
		return nil, err
	}
	return d.Truncate(e.fsp), nil
}

// temporalValueDecimal returns the DATE, DATETIME, TIMESTAMP or TIME value
// of e as the DECIMAL of its digits, YYYYMMDD, YYYYMMDDhhmmss.ffffff or
// ±hhmmss.ffffff; false for NULL.
func temporalValueDecimal(ctx *sql.Context, e sql.Expression, row sql.Row) (decimal.Decimal, bool, error) {
	a := temporalArg{e}
	v, ts, isTime, err := a.eval(ctx, row)
	if err != nil || v == nil {
		return decimal.Decimal{}, false, err
	}
	whole, err := (&temporalDigits{a}).Eval(ctx, row)
	if err != nil || whole == nil {
		return decimal.Decimal{}, false, err
	}
	n, _ := whole.(int64)
	var micros int64
	negative := n < 0
	switch {
	case isTime:
		micros = int64(ts) % 1_000_000
		negative = int64(ts) < 0
		micros = max(micros, -micros)
	default:
		if tm, ok := v.(time.Time); ok {
			micros = int64(tm.Nanosecond() / 1000)
		}
	}
	d := decimal.NewFromInt(max(n, -n)).Add(decimal.New(micros, -6))
	if negative {
		d = d.Neg()
	}
	return d, true, nil
}

// exactAvg is AVG(x).
type exactAvg struct {
	*aggregation.Avg
	res result
}

var _ sql.Aggregation = (*exactAvg)(nil)
var _ sql.WindowAdaptableExpression = (*exactAvg)(nil)

// newAvg returns AVG(e): go-mysql-server's own for arguments this
// package leaves to it.
func newAvg(e sql.Expression) sql.Expression {
	return wrapAvg(aggregation.NewAvg(e))
}

func wrapAvg(a *aggregation.Avg) sql.Expression {
	res, ok := sumAvgType(a.Child, true)
	if !ok {
		return a
	}
	return &exactAvg{Avg: a, res: res}
}

// Type implements sql.Expression.
func (a *exactAvg) Type() sql.Type {
	return a.res.sqlType()
}

// IsNullable implements sql.Expression.
func (a *exactAvg) IsNullable() bool { return true }

// WithChildren implements sql.Expression.
func (a *exactAvg) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := a.Avg.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	return wrapAvg(n.(*aggregation.Avg)), nil
}

// WithWindow implements sql.WindowAdaptableExpression.
func (a *exactAvg) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &exactAvg{Avg: a.Avg.WithWindow(w).(*aggregation.Avg), res: a.res}
}

// WithId implements sql.IdExpression.
func (a *exactAvg) WithId(id sql.ColumnId) sql.IdExpression {
	return &exactAvg{Avg: a.Avg.WithId(id).(*aggregation.Avg), res: a.res}
}

// NewBuffer implements sql.Aggregation.
func (a *exactAvg) NewBuffer() (sql.AggregationBuffer, error) {
	child, err := transform.Clone(a.Child)
	if err != nil {
		return nil, err
	}
	return newSumBuffer(child, a.res, true), nil
}

// sumBuffer adds the values of one group: integers exactly in a big.Int,
// DECIMALs as DECIMAL, the rest as DOUBLE.
type sumBuffer struct {
	child sql.Expression
	k     kind
	res   result
	avg   bool

	seen    map[string]struct{} // for DISTINCT: the values summed so far
	rows    int64
	ints    big.Int
	scratch big.Int
	dec     decimal.Decimal
	dbl     float64
}

// Update implements sql.AggregationBuffer.
func (b *sumBuffer) Update(ctx *sql.Context, row sql.Row) error {
	v, err := args{b.child}.evalExact(ctx, row, 0, b.k)
	if err != nil || v.k == kNull {
		return err
	}
	if b.seen != nil {
		// DISTINCT: MySQL keeps the distinct values in a temporary table,
		// in a column of the argument's type (so an unsigned user
		// variable is read back unsigned), DOUBLE for a string (so strings
		// that read as the same DOUBLE count once): Aggregator_distinct.
		v.signedVar = false
		key := v.toDecimal().String()
		if b.res.k == kDouble {
			key = strconv.FormatFloat(v.toDouble(), 'g', -1, 64)
		}
		if _, dup := b.seen[key]; dup {
			return nil
		}
		b.seen[key] = struct{}{}
	}
	b.rows++
	switch {
	case b.res.k == kDouble:
		b.dbl += v.toDouble()
	case v.k == kInt, v.k == kUint && v.signedVar:
		b.ints.Add(&b.ints, b.scratch.SetInt64(v.i))
	case v.k == kUint:
		b.ints.Add(&b.ints, b.scratch.SetUint64(uint64(v.i)))
	default:
		b.dec = b.dec.Add(v.toDecimal())
	}
	return nil
}

// Eval implements sql.AggregationBuffer: NULL when no row had a value.
func (b *sumBuffer) Eval(*sql.Context) (any, error) {
	if b.rows == 0 {
		return nil, nil
	}
	if b.res.k == kDouble {
		if b.avg {
			return b.dbl / float64(b.rows), nil
		}
		return b.dbl, nil
	}
	sum := b.dec
	if b.ints.Sign() != 0 {
		sum = sum.Add(decimal.NewFromBigInt(new(big.Int).Set(&b.ints), 0))
	}
	if b.avg {
		return sum.DivRound(decimal.NewFromInt(b.rows), b.res.scale), nil
	}
	return roundExact(sum, b.res), nil // a sum of quotients has more digits (div.go)
}

// Dispose implements sql.Disposable.
func (b *sumBuffer) Dispose() { expression.Dispose(b.child) }

// ruleAggregateTypes is the id of aggregateTypes, above catalog's and
// indexes' rules.
const ruleAggregateTypes analyzer.RuleId = 10_200

// aggregateTypes gives the references the planner makes to SUM and AVG,
// which it types DOUBLE whatever the aggregate, the aggregate's own type.
func aggregateTypes(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	typed := map[sql.ColumnId]sql.Type{}
	collectAggregates(n, typed)
	if len(typed) == 0 {
		return n, transform.SameTree, nil
	}
	return retypeReferences(n, typed)
}

// collectAggregates records the type of every exact SUM and AVG of n and
// its subqueries, by column id.
func collectAggregates(n sql.Node, typed map[sql.ColumnId]sql.Type) {
	transform.InspectExpressions(n, func(e sql.Expression) bool {
		switch a := e.(type) {
		case *exactSum:
			typed[a.Id()] = a.Type()
		case *exactAvg:
			typed[a.Id()] = a.Type()
		case *plan.Subquery:
			collectAggregates(a.Query, typed)
		}
		return true
	})
}

// retypeReferences replaces, in n and its subqueries, each DOUBLE column
// reference to an aggregate of typed with one of the aggregate's type,
// and so on up: a reference to an alias of one (a set operation's side
// reads its columns through one), to a column of a derived table, view
// or CTE of one, and CREATE TABLE … AS SELECT's column of one.
func retypeReferences(n sql.Node, typed map[sql.ColumnId]sql.Type) (sql.Node, transform.TreeIdentity, error) {
	r := aggRetyper{typed}
	out, err := r.node(n)
	if err != nil || Same(out, n) {
		return n, transform.SameTree, err
	}
	return out, transform.NewTree, nil
}

// aggRetyper walks a plan bottom-up, so that the columns an aggregate's
// type reaches are recorded (typed) before the references above them.
type aggRetyper struct {
	typed map[sql.ColumnId]sql.Type
}

// node returns n with its children, expressions and subqueries retyped.
func (r aggRetyper) node(n sql.Node) (sql.Node, error) {
	n, nc, err := mapChildren(n, r.node)
	if err != nil {
		return nil, err
	}
	switch x := n.(type) {
	case *plan.SubqueryAlias:
		// A derived table, view or CTE gives its columns ids of its own,
		// in column order.
		sch := x.Child.Schema()
		i := 0
		x.Columns().ForEach(func(id sql.ColumnId) {
			if i < len(sch) && !types.IsFloat(sch[i].Type) {
				r.typed[id] = sch[i].Type
			}
			i++
		})
	case *plan.CreateTable:
		if nc != nil {
			return createSelectExact(x)
		}
	}
	// A set operation's side reads its columns by name, with ids of no
	// alias (Project [SUM(i)] over Project [sum(n.i) AS SUM(i)]).
	var below sql.Schema
	if c := n.Children(); len(c) == 1 {
		below = c[0].Schema()
	}
	out, _, err := mapExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		return r.expr(e, below)
	}, func(e, e2 sql.Expression) {
		if a, ok := e2.(*expression.Alias); ok && a.Id() != 0 && types.IsFloat(e.Type()) && !types.IsFloat(e2.Type()) {
			r.typed[a.Id()] = e2.Type()
		}
	})
	return out, err
}

// expr retypes a DOUBLE reference to a column of typed, or else to the
// column of below, its node's child, of its name.
func (r aggRetyper) expr(e sql.Expression, below sql.Schema) (sql.Expression, transform.TreeIdentity, error) {
	switch x := e.(type) {
	case *expression.GetField:
		t, ok := r.typed[x.Id()]
		if !ok {
			t, ok = belowColumn(below, x.Table(), x.Name())
		}
		if !ok || !types.IsFloat(x.Type()) || t.Equals(x.Type()) {
			return e, transform.SameTree, nil
		}
		return retypedField(x, t), transform.NewTree, nil
	case *plan.Subquery:
		return mapSubquery(x, r.node)
	case sql.Aggregation:
		// An aggregate of a column retyped below (SUM of a view's SUM,
		// MAX of one) is built again of its new type: the references
		// above read that type.
		if id, ok := x.(sql.IdExpression); ok && id.Id() != 0 && !types.IsFloat(x.Type()) {
			r.typed[id.Id()] = x.Type()
		}
	}
	return e, transform.SameTree, nil
}

// belowColumn returns the type of the one column of below named name, of
// table (a correlated subquery's reference to the outer query's column is
// not one of another table's). Before execution indexes are assigned, a
// GetField's index is its id, not its place in below.
func belowColumn(below sql.Schema, table, name string) (sql.Type, bool) {
	var t sql.Type
	for _, c := range below {
		if c.Name == name && strings.EqualFold(c.Source, table) {
			if t != nil {
				return nil, false
			}
			t = c.Type
		}
	}
	return t, t != nil
}

// createSelectExact gives each DOUBLE column of CREATE TABLE … AS SELECT
// that its select now types otherwise (a SUM or AVG) the select's type,
// as createSelectTypes (union_types.go) does.
func createSelectExact(ct *plan.CreateTable) (sql.Node, error) {
	return createSelectRetyped(ct, func(sel, col sql.Type) bool { return !types.IsFloat(sel) && types.IsFloat(col) })
}
