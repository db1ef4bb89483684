package catalog

import (
	"math"
	"math/big"
	"strings"
	"sync/atomic"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/mysql"
	querypb "github.com/dolthub/vitess/go/vt/proto/query"
	"github.com/shopspring/decimal"

	"github.com/simsql/simsql/compat"
)

// Fault (go-mysql-server v0.20.0): an integer column takes a DECIMAL (or a
// numeric string) beyond its range without an error: the literal
// 18446744073709551616 stored 9223372036854775808 into BIGINT UNSIGNED and
// 99999999999999999999 stored 2^64−1, where MySQL's strict mode refuses
// both with error 1264 (ER_WARN_DATA_OUT_OF_RANGE, SQLSTATE 22003), and
// its other modes (and INSERT IGNORE, UPDATE IGNORE) store the nearest end
// of the range with warning 1264. A numeric string out of range was error
// 1105 ("is not a valid value"). go-mysql-server's own range errors (-1
// into an unsigned column, 2^31 into INT) get number 1264 from mysqlerr.
//
// The rule integerRanges wraps each value written to an integer column by
// INSERT … VALUES, INSERT … SELECT (a projection over the SELECT's rows;
// it had none of these checks), UPDATE … SET and ON DUPLICATE KEY UPDATE
// in an inRange, which checks a DECIMAL, float or string against the
// column's range, rounded as MySQL rounds it; out of range in strict mode
// it is MySQL's "Out of range value for column 'u' at row 1", also for an
// integer (go-mysql-server: "Out of range value 300 for tinyint
// unsigned"). Pinned by IntegerRangeScripts
// (sqltests/scripts_integer_range.go), which also run on MariaDB.

// ruleIntegerRanges is the id of integerRanges, run in OnceAfterAll
// (installAfterAllRules).
const ruleIntegerRanges analyzer.RuleId = 10_012

// integerRanges wraps the values that INSERT … VALUES, UPDATE and ON
// DUPLICATE KEY UPDATE write to integer columns in inRange.
func integerRanges(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.InsertInto:
			// The generated columns' values first
			// (compat_virtual_column_values.go), then the rest.
			g, same, err := generatedInsertRanges(x)
			if err != nil {
				return nil, transform.SameTree, err
			}
			out, same2, err := rangeCheckInsert(g.(*plan.InsertInto))
			if same2 == transform.SameTree {
				return g, same, err
			}
			return out, transform.NewTree, err
		case *plan.UpdateSource:
			quiet := computesGenerated(x.Child)
			exprs, same := mapSetFields(x.UpdateExprs, func(e sql.Expression, col *sql.Column) sql.Expression {
				return checkedValue(checkedGenerated(e, col, x.Ignore, quiet), col, x.Ignore, 0)
			})
			if same {
				return n, transform.SameTree, nil
			}
			u, err := x.WithExpressions(exprs...)
			return u, transform.NewTree, err
		}
		return n, transform.SameTree, nil
	})
}

// rangeCheckInsert wraps the VALUES of ins and its ON DUPLICATE KEY UPDATE
// values.
func rangeCheckInsert(ins *plan.InsertInto) (sql.Node, transform.TreeIdentity, error) {
	dest := ins.Destination.Schema()
	if rt, ok := ins.Destination.(sql.TableNode); ok {
		dest = rt.UnderlyingTable().Schema()
	}
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
	unsigned := ignoredUnsigned(ins) // compat_unsigned_real.go
	changed := false
	src, _, err := transform.Node(ins.Source, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		v, ok := n.(*plan.Values)
		if !ok {
			return n, transform.SameTree, nil
		}
		tuples := make([][]sql.Expression, len(v.ExpressionTuples))
		same := true
		for r, tuple := range v.ExpressionTuples {
			tuples[r] = make([]sql.Expression, len(tuple))
			for j, e := range tuple {
				tuples[r][j] = e
				if j < len(cols) {
					c := checkedValue(e, cols[j], ins.Ignore, int64(r+1))
					if unsigned[strings.ToLower(cols[j].Name)] {
						c = newValueCheck(c, cols[j], true, int64(r+1), clampUnsigned)
					}
					if !compat.Same(c, e) {
						tuples[r][j] = c
						same = false
					}
				}
			}
		}
		if same {
			return n, transform.SameTree, nil
		}
		changed = true
		return plan.NewValues(tuples), transform.NewTree, nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	if !changed && !hasValues(ins.Source) && !isLoadData(ins.Source) {
		// INSERT … SELECT: each row of the source, checked as VALUES are
		// (compat_non_strict_values.go; the rows were refused with 1406 or
		// 1366 outside strict mode, and stored 0 under IGNORE).
		// The analyzer has already widened the source to every destination
		// column in the table's order (resolveInsertRows' wrapRowSource),
		// so with a column list the source's columns are not cols': with
		// (i, id, u) the check of i was made of id's value, and with (id, t)
		// none was made (error 1264 "Out of range value 300 for tinyint"
		// outside strict mode).
		srcCols := cols
		var order []int // the column list's order (compat_insert_select_order.go)
		if len(ins.ColumnNames) > 0 && len(ins.Source.Schema()) == len(dest) {
			srcCols = dest
			listed := make([]bool, len(dest))
			for _, name := range ins.ColumnNames {
				i := dest.IndexOfColName(name)
				order, listed[i] = append(order, i), true
			}
			for i := range dest {
				if !listed[i] {
					order = append(order, i)
				}
			}
		}
		if checked, ok := checkedSource(ins.Source, srcCols, order, ins.Ignore); ok {
			src, changed = checked, true
		}
	}
	out := ins
	if changed {
		out = out.WithSource(src)
	}
	if exprs, same := rangeCheckSetFields(ins.OnDupExprs, ins.Ignore); !same {
		c := *out
		c.OnDupExprs = exprs
		out = &c
		changed = true
	}
	if !changed {
		return ins, transform.SameTree, nil
	}
	return out, transform.NewTree, nil
}

// hasValues reports whether n holds a VALUES list.
func hasValues(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		_, found = n.(*plan.Values)
		return !found
	})
	return found
}

// isLoadData reports whether n is LOAD DATA's source of rows, which
// converts and checks its values itself (compat_load_data.go).
func isLoadData(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.LoadData, *loadData:
			found = true
		}
		return !found
	})
	return found
}

// checkedSource returns src, the rows an INSERT … SELECT writes to cols,
// under a projection that checks each value written to cols[i] as
// checkedValue does a VALUES one (its row numbers counted), in the order
// order gives (nil: cols' order); ok is false when no column needs a check
// or the shapes differ.
func checkedSource(src sql.Node, cols []*sql.Column, order []int, ignore bool) (sql.Node, bool) {
	sch := src.Schema()
	if len(sch) != len(cols) {
		return nil, false
	}
	exprs := make([]sql.Expression, len(sch))
	changed := false
	for i, c := range sch {
		var gf sql.Expression = expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
		if h, ok := hexOfSource(src, i); ok {
			gf = h // its number, as INSERT … VALUES writes it (compat_hex_values.go)
		}
		exprs[i] = checkedValue(gf, cols[i], ignore, 0)
		changed = changed || !compat.Same(exprs[i], gf)
	}
	if !changed {
		return nil, false
	}
	if order != nil {
		exprs = inOrder(exprs, order)
	}
	return plan.NewProject(exprs, src), true
}

// hexOfSource returns the hexadecimal literal that column i of src is,
// seen through projections and aliases: INSERT … SELECT 0x35 writes 53 as
// INSERT … VALUES (0x35) does, where the projected bytes alone would be
// read as the text "5".
func hexOfSource(src sql.Node, i int) (sql.Expression, bool) {
	for {
		p, ok := src.(*plan.Project)
		if !ok || i >= len(p.Projections) {
			return nil, false
		}
		e := p.Projections[i]
		if a, ok := e.(*expression.Alias); ok {
			e = a.Child
		}
		if _, ok := compat.HexLiteral(e); ok {
			return e, true
		}
		gf, ok := e.(*expression.GetField)
		if !ok {
			return nil, false
		}
		src, i = p.Child, gf.Index()
	}
}

// rangeCheckSetFields returns exprs with the values of the SET
// assignments to integer columns wrapped, and whether none was.
func rangeCheckSetFields(exprs []sql.Expression, ignore bool) ([]sql.Expression, bool) {
	return mapSetFields(exprs, func(e sql.Expression, col *sql.Column) sql.Expression {
		return checkedValue(e, col, ignore, 0)
	})
}

// mapSetFields returns exprs with the value of each SET assignment to a
// column replaced by f(value, column), and whether f changed none.
func mapSetFields(exprs []sql.Expression, f func(sql.Expression, *sql.Column) sql.Expression) ([]sql.Expression, bool) {
	var out []sql.Expression
	for i, e := range exprs {
		sf, ok := e.(*expression.SetField)
		if !ok {
			continue
		}
		gf, ok := sf.LeftChild.(*expression.GetField)
		if !ok {
			continue
		}
		col := &sql.Column{Name: gf.Name(), Type: gf.Type()}
		c := f(sf.RightChild, col)
		if compat.Same(c, sf.RightChild) {
			continue
		}
		if out == nil {
			out = append([]sql.Expression(nil), exprs...)
		}
		out[i] = expression.NewSetField(sf.LeftChild, c)
	}
	if out == nil {
		return exprs, true
	}
	return out, false
}

func isIntegerColumn(c *sql.Column) bool {
	return c != nil && c.Type != nil && types.IsInteger(c.Type)
}

// mayLeaveRange reports whether e's values may be beyond an integer
// column's range without go-mysql-server noticing: DECIMAL, float and
// string values (its integer conversions check integers themselves).
//
// An integer value may too outside strict mode and in UPDATE IGNORE, where
// go-mysql-server refused 300 for a TINYINT UNSIGNED with 1264 (INSERT …
// VALUES with an empty sql_mode) or stored 255 without warning 1264 (UPDATE):
// MySQL stores the range's nearest end with the warning.
func mayLeaveRange(e sql.Expression) bool {
	t := e.Type()
	return t == nil || types.IsDecimal(t) || types.IsFloat(t) || types.IsText(t) || t == types.Null || types.IsInteger(t)
}

// inRange is a value written to an integer column, checked against the
// column's range: beyond it, MySQL's error 1264 in strict mode, else the
// nearest end of the range with warning 1264.
type inRange struct {
	columnValue
	lo, hi decimal.Decimal
	bounds *integerBounds // lo and hi as machine integers (compat_integer_range_fast.go)
	// quiet: out of range is the range's nearest end, without an error or
	// a warning (the table checks the value again; quietly).
	quiet bool
}

// columnValue is a value written to column col: its expression, whether
// the statement has IGNORE, and the row numbers of its messages.
type columnValue struct {
	sql.Expression
	col    *sql.Column
	ignore bool
	row    int64        // the row of a VALUES tuple (1-based); 0: counted
	count  atomic.Int64 // rows seen, for the messages' row number
}

// rowNumber returns the row number of the value being evaluated.
func (c *columnValue) rowNumber() int64 {
	if c.row != 0 {
		return c.row
	}
	return c.count.Add(1)
}

// newInRange returns e checked against col's range (computed once, not
// per row).
func newInRange(e sql.Expression, col *sql.Column, ignore bool, row int64) *inRange {
	b := boundsOf(col.Type)
	return &inRange{columnValue: columnValue{Expression: e, col: col, ignore: ignore, row: row}, lo: b.lo, hi: b.hi, bounds: b}
}

var _ sql.Expression = (*inRange)(nil)

// Eval implements sql.Expression: the value, unchanged if it is in range.
func (r *inRange) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := r.Expression.Eval(ctx, row)
	if err != nil {
		return nil, err
	}
	n := r.rowNumber() // a NULL is a row too
	if v == nil {
		return nil, nil
	}
	if out, ok := r.bounds.fast(v); ok {
		return out, nil
	}
	var d decimal.Decimal
	switch x := v.(type) {
	case int8:
		d = decimal.NewFromInt(int64(x))
	case int16:
		d = decimal.NewFromInt(int64(x))
	case int32:
		d = decimal.NewFromInt(int64(x))
	case int64:
		d = decimal.NewFromInt(x)
	case uint8:
		d = decimal.NewFromInt(int64(x))
	case uint16:
		d = decimal.NewFromInt(int64(x))
	case uint32:
		d = decimal.NewFromInt(int64(x))
	case uint64:
		d = decimal.NewFromBigInt(new(big.Int).SetUint64(x), 0)
	case decimal.Decimal:
		d = x
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return v, nil
		}
		// MySQL's Field_*::store(double) rounds with rint (half to even)
		// before its range check: 2.5e0 stores 2, -0.4e0 into an unsigned
		// column 0 without a warning.
		d = decimal.NewFromFloat(math.RoundToEven(x))
	case float32:
		d = decimal.NewFromFloat(math.RoundToEven(float64(x)))
	case string:
		if d, err = decimal.NewFromString(strings.TrimSpace(x)); err != nil {
			// not a number: its leading one (compat_non_strict_values.go)
			if d, err = numberOfString(ctx, x, "integer", r.col, strictMode(ctx) && !r.ignore, n); err != nil {
				return nil, err
			}
		}
	case []byte:
		if d, err = decimal.NewFromString(strings.TrimSpace(string(x))); err != nil {
			// Bytes that are no number (a hexadecimal literal): their
			// big-endian value, as go-mysql-server and MySQL's
			// Item_hex_string::save_in_field read them, so more than eight
			// are beyond every range (go-mysql-server: error 1366 "'[1 0 …]'
			// is not a valid value"; MySQL 8: 1264). MariaDB reads them as
			// text (1366); simsql follows MySQL 8.
			d = decimal.NewFromBigInt(new(big.Int).SetBytes(x), 0)
		}
	default:
		return v, nil
	}
	lo, hi := r.lo, r.hi
	unsigned := lo.IsZero()
	if !(unsigned && d.IsNegative()) { // a negative value is out of an unsigned range before rounding
		d = d.Round(0) // MySQL rounds half away from zero before it stores
	}
	switch {
	case d.LessThan(lo):
		d = lo
	case d.GreaterThan(hi):
		d = hi
	default:
		return integerValue(d, unsigned), nil
	}
	if r.quiet {
		return integerValue(d, unsigned), nil
	}
	if strictMode(ctx) && !r.ignore {
		// MySQL's words (go-mysql-server's, for an integer: "Out of range
		// value 300 for tinyint unsigned").
		return nil, mysql.NewSQLError(erWarnDataOutOfRange, "22003", "Out of range value for column '%s' at row %d", r.col.Name, n)
	}
	ctx.Warn(erWarnDataOutOfRange, "Out of range value for column '%s' at row %d", r.col.Name, n)
	return integerValue(d, unsigned), nil
}

// integerValue returns integer d as a uint64 (unsigned) or int64, which
// go-mysql-server converts exactly (its DECIMAL conversion to BIGINT
// UNSIGNED is wrong above 2^63).
func integerValue(d decimal.Decimal, unsigned bool) any {
	if unsigned {
		return d.BigInt().Uint64()
	}
	return d.IntPart()
}

// erWarnDataOutOfRange is MySQL's ER_WARN_DATA_OUT_OF_RANGE.
const erWarnDataOutOfRange = 1264

// WithChildren implements sql.Expression.
func (r *inRange) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(r, len(children), 1)
	}
	c := newInRange(children[0], r.col, r.ignore, r.row)
	c.quiet = r.quiet
	return c, nil
}

// Children implements sql.Expression.
func (r *inRange) Children() []sql.Expression { return []sql.Expression{r.Expression} }

// String implements sql.Expression: the value's own text.
func (r *inRange) String() string { return r.Expression.String() }

// strictMode reports whether the session's sql_mode has
// STRICT_TRANS_TABLES or STRICT_ALL_TABLES.
func strictMode(ctx *sql.Context) bool {
	m := sql.LoadSqlMode(ctx)
	return m.ModeEnabled("STRICT_TRANS_TABLES") || m.ModeEnabled("STRICT_ALL_TABLES")
}

// integerWidths is the width in bits, and the signedness, of each integer
// type but BIGINT (the default) and YEAR.
var integerWidths = map[querypb.Type]struct {
	bits     uint
	unsigned bool
}{
	querypb.Type_INT8:   {8, false},
	querypb.Type_UINT8:  {8, true},
	querypb.Type_INT16:  {16, false},
	querypb.Type_UINT16: {16, true},
	querypb.Type_INT24:  {24, false},
	querypb.Type_UINT24: {24, true},
	querypb.Type_INT32:  {32, false},
	querypb.Type_UINT32: {32, true},
	querypb.Type_UINT64: {64, true},
}

// integerRange returns the smallest and largest values of integer type t:
// [0, 2^bits − 1] unsigned, [−2^(bits−1), 2^(bits−1) − 1] signed, [0, 2155]
// for YEAR; any other type as BIGINT.
func integerRange(t sql.Type) (lo, hi decimal.Decimal) {
	if t.Type() == querypb.Type_YEAR {
		return decimal.Zero, decimal.NewFromInt(2155)
	}
	w, ok := integerWidths[t.Type()]
	if !ok {
		w.bits = 64
	}
	if w.unsigned {
		max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), w.bits), big.NewInt(1))
		return decimal.Zero, decimal.NewFromBigInt(max, 0)
	}
	p := decimal.NewFromBigInt(new(big.Int).Lsh(big.NewInt(1), w.bits-1), 0)
	return p.Neg(), p.Sub(decimal.NewFromInt(1))
}
