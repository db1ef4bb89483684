package compat

// Fault (go-mysql-server v0.20.0): GROUP_CONCAT takes group_concat_max_len
// as an int, so the usual "no limit" value 18446744073709551615 (and any
// above 2^63−1) was negative and every GROUP_CONCAT failed with 1105
// "runtime error: slice bounds out of range [:-1]"; and a result cut at
// the limit gave no warning, where MySQL 8 gives warning 1260 "Row 1 was
// cut by GROUP_CONCAT()" (Item_func_group_concat, ER_CUT_VALUE_GROUP_CONCAT).
// The row it names is the statement's row whose value went past the
// limit (MariaDB 10.11 measured, from the same Item_func_group_concat's
// row_count). MySQL 8 accepts 4 to
// 18446744073709551615. groupConcatLimits gives each
// GROUP_CONCAT the session's limit exactly: go-mysql-server's aggregate
// concatenates up to one byte past it (at most 2^63−1), and the result
// longer than the limit is cut to it, on a character boundary, with the
// warning. Pinned by SystemVariableScripts (sqltests/scripts_sysvars.go),
// which also run on MariaDB but for the limit above 2^32 (MariaDB clamps
// it to 4294967295 with warning 1292).

import (
	"fmt"
	"math"
	"reflect"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression/function/aggregation"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ruleGroupConcatLimits is the id of groupConcatLimits, a pre-analysis rule.
const ruleGroupConcatLimits analyzer.RuleId = 10_292

// erCutValueGroupConcat is MySQL's ER_CUT_VALUE_GROUP_CONCAT.
const erCutValueGroupConcat = 1260

// groupConcatLimits wraps each GROUP_CONCAT in a groupConcatLimit of the
// session's group_concat_max_len.
func groupConcatLimits(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	v, err := ctx.GetSessionVariable(ctx, "group_concat_max_len")
	if err != nil {
		return n, transform.SameTree, nil
	}
	limit, ok := v.(uint64)
	if !ok {
		return n, transform.SameTree, nil
	}
	return rewriteExprs(n, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		g, ok := e.(*aggregation.GroupConcat)
		if !ok {
			return e, transform.SameTree, nil
		}
		return newGroupConcatLimit(g, limit), transform.NewTree, nil
	})
}

// groupConcatLimit is GROUP_CONCAT cut at limit bytes with warning 1260.
type groupConcatLimit struct {
	*aggregation.GroupConcat
	limit uint64
	rows  *atomic.Int64 // the statement's rows read, for the warning's row number
}

var _ sql.Aggregation = (*groupConcatLimit)(nil)

// newGroupConcatLimit returns g with go-mysql-server's limit one byte
// past limit (at most math.MaxInt64), so that a longer result shows.
func newGroupConcatLimit(g *aggregation.GroupConcat, limit uint64) *groupConcatLimit {
	c := *g
	inner := int64(math.MaxInt64)
	if limit < math.MaxInt64 {
		inner = int64(limit) + 1
	}
	f := reflect.ValueOf(&c).Elem().FieldByName("maxLen") // unexported
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().SetInt(inner)
	return &groupConcatLimit{GroupConcat: &c, limit: limit, rows: new(atomic.Int64)}
}

// WithChildren implements sql.Expression.
func (g *groupConcatLimit) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	n, err := g.GroupConcat.WithChildren(children...)
	if err != nil {
		return nil, err
	}
	// go-mysql-server's WithChildren drops the aggregate's column id.
	c := newGroupConcatLimit(n.(*aggregation.GroupConcat).WithId(g.Id()).(*aggregation.GroupConcat), g.limit)
	c.rows = g.rows
	return c, nil
}

// WithId implements sql.IdExpression.
func (g *groupConcatLimit) WithId(id sql.ColumnId) sql.IdExpression {
	return &groupConcatLimit{GroupConcat: g.GroupConcat.WithId(id).(*aggregation.GroupConcat), limit: g.limit, rows: g.rows}
}

// WithWindow implements sql.WindowAdaptableExpression.
func (g *groupConcatLimit) WithWindow(w *sql.WindowDefinition) sql.WindowAdaptableExpression {
	return &groupConcatLimit{GroupConcat: g.GroupConcat.WithWindow(w).(*aggregation.GroupConcat), limit: g.limit, rows: g.rows}
}

// NewBuffer implements sql.Aggregation.
func (g *groupConcatLimit) NewBuffer() (sql.AggregationBuffer, error) {
	b, err := g.GroupConcat.NewBuffer()
	if err != nil {
		return nil, err
	}
	return &groupConcatLimitBuffer{AggregationBuffer: b, g: g}, nil
}

// groupConcatLimitBuffer is groupConcatLimit's buffer.
type groupConcatLimitBuffer struct {
	sql.AggregationBuffer
	g      *groupConcatLimit
	length uint64 // the bytes of the group's values and separators so far
	cutRow int64  // the statement's row whose value went past the limit; 0: none yet
}

// Update implements sql.AggregationBuffer: it also counts the statement's
// rows and the group's bytes, to name the row whose value went past the
// limit, as MySQL's warning does (its row_count; MariaDB 10.11 measured;
// DISTINCT and ORDER BY not taken into account).
func (b *groupConcatLimitBuffer) Update(ctx *sql.Context, row sql.Row) error {
	n := b.g.rows.Add(1)
	if b.cutRow == 0 {
		children := b.g.Children()
		sorts := reflect.ValueOf(b.g.GroupConcat).Elem().FieldByName("sf").Len()
		var length uint64
		for _, c := range children[sorts:] {
			v, err := c.Eval(ctx, row)
			if err != nil || v == nil {
				length = 0 // a row with a NULL value is left out
				break
			}
			switch x := v.(type) {
			case string:
				length += uint64(len(x))
			case []byte:
				length += uint64(len(x))
			default:
				length += uint64(len(fmt.Sprint(x))) // a number's text
			}
		}
		if length > 0 {
			if b.length > 0 {
				length += uint64(reflect.ValueOf(b.g.GroupConcat).Elem().FieldByName("separator").Len())
			}
			if b.length += length; b.length > b.g.limit {
				b.cutRow = n
			}
		}
	}
	return b.AggregationBuffer.Update(ctx, row)
}

// Eval implements sql.AggregationBuffer: the result, cut at the limit
// with warning 1260.
func (b *groupConcatLimitBuffer) Eval(ctx *sql.Context) (any, error) {
	v, err := b.AggregationBuffer.Eval(ctx)
	if err != nil || v == nil {
		return v, err
	}
	switch x := v.(type) {
	case string:
		if uint64(len(x)) <= b.g.limit {
			return v, nil
		}
		cut := b.g.limit
		for cut > 0 && !utf8.RuneStart(x[cut]) {
			cut-- // not a character cut in two
		}
		v = x[:cut]
	case []byte:
		if uint64(len(x)) <= b.g.limit {
			return v, nil
		}
		v = x[:b.g.limit]
	default:
		return v, nil
	}
	ctx.Warn(erCutValueGroupConcat, "Row %d was cut by GROUP_CONCAT()", max(b.cutRow, 1))
	return v, nil
}
