package indexes

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/functions"
)

// Recognising the predicates that custom indexes answer.

// hammingBoundExpr is a recognised bound on a hamming() call.
type hammingBoundExpr struct {
	call *functions.Hamming
	k    int
}

// matchHamming recognises one of the predicate forms of Match with a
// column on one side and a constant on the other.
func matchHamming(ctx *sql.Context, e sql.Expression) (hammingQuery, bool) {
	b, ok := matchHammingAny(ctx, e)
	if !ok {
		return hammingQuery{}, false
	}
	args := b.call.Children()
	for i := range 2 {
		col, isCol := args[i].(*expression.GetField)
		if isCol && isConstant(args[1-i]) {
			return hammingQuery{column: col.Name(), expr: args[1-i], k: b.k}, true
		}
	}
	return hammingQuery{}, false
}

// matchHammingAny recognises "hamming(a, b) <= k" in any of the forms of
// Match, whatever a and b are.
func matchHammingAny(ctx *sql.Context, e sql.Expression) (hammingBoundExpr, bool) {
	// "hamming(...) OP n" gives k: <= n → n, < n → n−1, = 0 → 0.
	var h, limit sql.Expression
	var adjust int
	switch x := e.(type) {
	case *expression.LessThanOrEqual:
		h, limit = x.Left(), x.Right()
	case *expression.LessThan:
		h, limit, adjust = x.Left(), x.Right(), -1
	case *expression.GreaterThanOrEqual:
		h, limit = x.Right(), x.Left()
	case *expression.GreaterThan:
		h, limit, adjust = x.Right(), x.Left(), -1
	case *expression.Equals:
		h, limit = x.Left(), x.Right()
		if _, ok := h.(*functions.Hamming); !ok {
			h, limit = limit, h
		}
		if n, ok := constInt(ctx, limit); !ok || n != 0 {
			return hammingBoundExpr{}, false
		}
	case *expression.Between:
		if n, ok := constInt(ctx, x.Lower); !ok || n > 0 {
			return hammingBoundExpr{}, false
		}
		h, limit = x.Val, x.Upper
	default:
		return hammingBoundExpr{}, false
	}
	ham, ok := h.(*functions.Hamming)
	if !ok {
		return hammingBoundExpr{}, false
	}
	n, ok := constInt(ctx, limit)
	if !ok {
		return hammingBoundExpr{}, false
	}
	k := int(n) + adjust
	if k < 0 || k > 64 {
		return hammingBoundExpr{}, false
	}
	return hammingBoundExpr{call: ham, k: k}, true
}

// constInt evaluates a constant integer expression.
func constInt(ctx *sql.Context, e sql.Expression) (int64, bool) {
	if !isConstant(e) {
		return 0, false
	}
	v, err := e.Eval(ctx, nil)
	if err != nil || v == nil {
		return 0, false
	}
	bits, ok := functions.FingerprintBits(v)
	if !ok || int64(bits) < -1 || int64(bits) > 1<<31 {
		return 0, false
	}
	return int64(bits), true
}

// constFloat evaluates a constant numeric expression as a DOUBLE.
func constFloat(ctx *sql.Context, e sql.Expression) (float64, bool) {
	if !isConstant(e) {
		return 0, false
	}
	v, err := e.Eval(ctx, nil)
	if err != nil || v == nil {
		return 0, false
	}
	if _, isText := v.(string); isText {
		return 0, false
	}
	f, _, err := types.Float64.Convert(ctx, v)
	if err != nil {
		return 0, false
	}
	x, ok := f.(float64)
	return x, ok
}

// isConstant reports whether e is the same for every row of the query: no
// column, no unbound parameter, no subquery.
func isConstant(e sql.Expression) bool {
	constant := true
	transform.InspectExpr(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *expression.BindVar:
			constant = false
		case *plan.Subquery:
			// The planner rewrites a subquery after the match; the copy
			// kept for Scan would not run. The rule hammingLookups reads
			// such filters through the index once the subquery is final.
			constant = false
		}
		return !constant
	})
	return constant
}
