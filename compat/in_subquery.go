package compat

// Fault (go-mysql-server v0.20.0): x IN (SELECT …) and x NOT IN (SELECT …)
// answer otherwise than MySQL when NULLs are on either side:
//   - WHERE x NOT IN (SELECT c …) runs as an anti join (or a left join
//     keeping the rows with no partner), which keeps a row whose x is NULL,
//     and one whose x matches nothing while c has a NULL: MySQL drops both
//     (NULL NOT IN a non-empty set is NULL, and 3 NOT IN (1, NULL) is
//     NULL), whether or not c has an index;
//   - (a, b) IN (SELECT …) with a NULL on either side is 0 or 1 where
//     MySQL has NULL ((1, NULL) IN (SELECT 1, 2) is NULL, (1, 2) NOT IN
//     (SELECT 1, NULL) is NULL);
//   - the set is a hash of go-mysql-server's values, not MySQL's
//     comparison: 'A' IN (SELECT 'a') is 0 under a case-insensitive
//     collation, 1 IN (SELECT TRUE) is 0, TIMESTAMP '2020-01-01 00:00:00'
//     IN (SELECT DATE '2020-01-01') is 0;
//   - a subquery whose WHERE is constant false (WHERE 1 = 0) made the
//     join planner panic ("vertex not found");
//   - UPDATE … WHERE x NOT IN (SELECT …) failed with "unable to find field
//     with index 3".
//
// MySQL's x IN (subquery) (Item_in_subselect) is 1 if a row of the
// subquery equals x, else NULL if one compared NULL (x NULL or c NULL, for
// a row any component), else 0; 0 for no rows, even when x is NULL. A row
// (a, b) equals (c, d) when each pair is equal, is unequal when a pair is
// unequal, else NULL. Each pair is compared as x_i = c_i is (compare.go).
//
// So the parser (parser.go) builds every IN and NOT IN of a subquery as
// inSubquery, which evaluates it so: over the subquery's rows once
// (through a hash of them when the subquery does not depend on the outer
// row), per row otherwise. A plain x IN (SELECT …) in a WHERE, where NULL
// and 0 both drop the row, is handed back to go-mysql-server by the rule
// inSubqueryJoins, which runs first, so that its planner can still make
// it a semi join (and read the outer table through an index), where that
// join answers as MySQL does: an integer x and the subquery's primary or
// unique key of the same type (semiJoinSafe says why only then). Pinned
// by InSubqueryScripts and TestInSubqueryMatchesMariaDB (sqltests, also
// on MariaDB) and TestInSubqueryPlans.

import (
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// ruleInSubqueryJoins is the id of inSubqueryJoins.
const ruleInSubqueryJoins analyzer.RuleId = 10_207

// inSubquery is x IN (subquery), x one expression or a row of them.
type inSubquery struct {
	// left holds x_1 … x_n; its last element is the subquery, held in an
	// ExistsSubquery so that go-mysql-server's operand check, which
	// wants one column from every argument of an expression it does not
	// know, passes a subquery of n columns (it checks no ExistsSubquery).
	children []sql.Expression
	sq       *plan.Subquery
	tuple    bool // x was written as a row (a, b, …)
	// eqs[i] is x_i = c_i, MySQL's comparison (newCompare), over a row
	// holding x_1 … x_n then c_1 … c_n; a constant x_i is itself.
	eqs []sql.Expression
	// keys[i] returns, for the values of x_i and of c_i, a hash equal for
	// any two values eqs[i] finds equal; nil when there is none, and the
	// rows are then compared one by one.
	keys []keyFunc
	env  env
	hash *rowHash
}

var _ sql.Expression = (*inSubquery)(nil)
var _ sql.CollationCoercible = (*inSubquery)(nil)
var _ sql.Disposable = (*inSubquery)(nil)

// keyFunc hashes one value of a column pair; ok is false when the value
// has no hash (and the rows are compared one by one).
type keyFunc func(v any, left bool) (h uint64, ok bool)

// newInSubquery returns left IN (sq), or NOT IN when not is set; left is
// an expression.Tuple when x was written as a row. With a number of
// columns other than the subquery's it returns go-mysql-server's own,
// which reports the error.
func newInSubquery(left, right sql.Expression, not bool, env env) sql.Expression {
	sq, ok := right.(*plan.Subquery)
	var xs []sql.Expression
	tuple := false
	if t, isTuple := left.(expression.Tuple); isTuple {
		xs, tuple = t.Children(), true
		if len(xs) == 1 {
			left, xs, tuple = xs[0], nil, false
		}
	}
	if !tuple {
		xs = []sql.Expression{left}
	}
	if !ok || sq.Query == nil || len(sq.Query.Schema()) != len(xs) || types.NumColumns(left.Type()) != len(xs) {
		var e sql.Expression = plan.NewInSubquery(unwrapTuple(left), right)
		if not {
			e = expression.NewNot(e)
		}
		return e
	}
	e := buildInSubquery(xs, sq, tuple, env)
	if not {
		return expression.NewNot(e)
	}
	return e
}

// unwrapTuple is unwrap of e or of each element of the row e.
func unwrapTuple(e sql.Expression) sql.Expression {
	if t, ok := e.(expression.Tuple); ok {
		return expression.NewTuple(unwrapAll(t.Children()...)...)
	}
	return unwrap(e)
}

func buildInSubquery(xs []sql.Expression, sq *plan.Subquery, tuple bool, env env) *inSubquery {
	n := len(xs)
	e := &inSubquery{children: append(append([]sql.Expression{}, xs...), plan.NewExistsSubquery(sq)), sq: sq, tuple: tuple,
		eqs: make([]sql.Expression, n), keys: make([]keyFunc, n), env: env, hash: &rowHash{}}
	sch := sq.Query.Schema()
	for i, x := range xs {
		l := x
		if !isConstant(x) {
			l = stand(x, i)
		}
		r := standColumn(sch[i], n+i)
		e.eqs[i] = newCompare(opEq, l, r, env)
		e.keys[i] = pairKey(l, r, e.eqs[i])
	}
	return e
}

// stand returns the stand-in for x in the row eqs are evaluated on: a
// field at index i of x's type, of x's table when x is a column (whose
// strings MySQL reads as a column's, expr.go).
func stand(x sql.Expression, i int) sql.Expression {
	if gf, ok := x.(*expression.GetField); ok {
		return expression.NewGetFieldWithTable(i, 0, gf.Type(), gf.Database(), gf.Table(), gf.Name(), gf.IsNullable())
	}
	return expression.NewGetField(i, x.Type(), fmt.Sprintf("x%d", i+1), x.IsNullable())
}

// standColumn is stand for the subquery's column c.
func standColumn(c *sql.Column, i int) sql.Expression {
	return expression.NewGetFieldWithTable(i, 0, c.Type, c.DatabaseSource, c.Source, c.Name, c.Nullable)
}

// pairKey returns the keyFunc of the pair x = c compared by eq: numbers
// by the number they are compared as (pairKind), strings of one text
// family by their collation's weights, binary strings by their bytes;
// nil for anything else.
func pairKey(x, c, eq sql.Expression) keyFunc {
	kx, kc := kindOf(x), kindOf(c)
	switch {
	case kx == kNull || kc == kNull || kx == kDeferred || kc == kDeferred:
		return nil
	case kx == kString && kc == kString:
		tx, tc := x.Type(), c.Type()
		switch {
		case types.IsBinaryType(tx) && types.IsBinaryType(tc):
			return func(v any, _ bool) (uint64, bool) { return textKey(sql.Collation_binary, v) }
		case types.IsTextOnly(tx) && types.IsTextOnly(tc):
			coll := sql.Collation_Default
			if types.TypesEqual(tx, tc) {
				coll = tx.(sql.StringType).Collation()
			} else if cc, ok := eq.(sql.CollationCoercible); ok {
				coll, _ = cc.CollationCoercibility(typeContext)
			}
			return func(v any, _ bool) (uint64, bool) { return textKey(coll, v) }
		}
		return nil
	case kx.numeric() && kc.numeric():
		as := pairKind(x, c, kx, kc)
		return func(v any, left bool) (uint64, bool) {
			k := kc
			if left {
				k = kx
				if h, ok := x.(*hexLit); ok {
					v = h.bits
				}
			}
			return numberKey(as, toValue(k, v))
		}
	}
	return nil
}

// numberKey hashes v as a number compared as kind as: an integer or
// DECIMAL by the double nearest to it (equal numbers have the same), a
// DOUBLE comparison by the double it reads v as.
func numberKey(as kind, v value) (uint64, bool) {
	var f float64
	if as == kDouble {
		f = v.toDouble()
	} else {
		switch v.k {
		case kInt:
			f = float64(v.i)
		case kUint:
			f = float64(uint64(v.i))
		case kDecimal:
			f, _ = v.d.Float64()
		default:
			f, _ = v.toDecimal().Float64()
		}
	}
	if f == 0 {
		f = 0 // -0 and 0 are equal
	}
	return math.Float64bits(f), true
}

// textKey hashes the string or bytes v by the weights of collation coll
// (sql.Collation_binary: its bytes), as go-mysql-server's string types
// compare them.
func textKey(coll sql.CollationID, v any) (uint64, bool) {
	x := toValue(kString, v)
	if x.k != kString {
		return 0, false
	}
	h, err := coll.HashToUint(x.s)
	return h, err == nil
}

// rowHash is the hash of a subquery's rows, built once for the rows the
// subquery cached.
type rowHash struct {
	mu      sync.Mutex
	of      []any            // the rows it was built from
	buckets map[uint64][]int // row key -> indexes of rows without a NULL
	nulls   []int            // indexes of rows with a NULL
	ok      bool             // every row without a NULL had a key
}

// xs returns x_1 … x_n.
func (e *inSubquery) xs() []sql.Expression { return e.children[:len(e.children)-1] }

// left returns x as go-mysql-server's own IN takes it.
func (e *inSubquery) left() sql.Expression {
	if e.tuple {
		return expression.NewTuple(unwrapAll(e.xs()...)...)
	}
	return unwrap(e.children[0])
}

// Children implements sql.Expression.
func (e *inSubquery) Children() []sql.Expression { return e.children }

// Resolved implements sql.Expression.
func (e *inSubquery) Resolved() bool {
	for _, c := range e.children {
		if !c.Resolved() {
			return false
		}
	}
	return true
}

// IsNullable implements sql.Expression.
func (e *inSubquery) IsNullable() bool { return true }

// Type implements sql.Expression: a boolean, as in go-mysql-server.
func (e *inSubquery) Type() sql.Type { return types.Boolean }

// CollationCoercibility implements sql.CollationCoercible.
func (*inSubquery) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 5
}

// WithChildren implements sql.Expression.
func (e *inSubquery) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != len(e.children) {
		return nil, sql.ErrInvalidChildrenNumber.New(e, len(children), len(e.children))
	}
	var sq *plan.Subquery
	switch c := children[len(children)-1].(type) {
	case *plan.ExistsSubquery:
		sq = c.Query
	case *plan.Subquery:
		sq = c
	default:
		return nil, fmt.Errorf("compat: the subquery of IN became a %T", c)
	}
	xs := children[:len(children)-1]
	if len(xs) != len(sq.Query.Schema()) {
		return nil, sql.ErrInvalidOperandColumns.New(len(xs), len(sq.Query.Schema()))
	}
	return buildInSubquery(xs, sq, e.tuple, e.env), nil
}

// Dispose implements sql.Disposable.
func (e *inSubquery) Dispose() { e.sq.Dispose() }

// String implements sql.Expression, as go-mysql-server prints its IN.
func (e *inSubquery) String() string {
	pr := sql.NewTreePrinter()
	_ = pr.WriteNode("InSubquery")
	_ = pr.WriteChildren("left: "+e.left().String(), "right: "+e.sq.String())
	return pr.String()
}

// DebugString implements sql.DebugStringer.
func (e *inSubquery) DebugString() string {
	pr := sql.NewTreePrinter()
	_ = pr.WriteNode("InSubquery")
	_ = pr.WriteChildren("left: "+sql.DebugString(e.left()), "right: "+sql.DebugString(e.sq))
	return pr.String()
}

// Eval implements sql.Expression: 1 if a row of the subquery equals x,
// else NULL if one compares NULL, else 0 (also for no rows).
func (e *inSubquery) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	xs := e.xs()
	n := len(xs)
	vals := make(sql.Row, 2*n)
	hasNull := false
	for i, x := range xs {
		v, err := x.Eval(ctx, row)
		if err != nil {
			return nil, err
		}
		vals[i] = v
		hasNull = hasNull || v == nil
	}
	rows, err := e.sq.EvalMultiple(ctx, row)
	if err != nil {
		return nil, err
	}
	if len(rows) == 0 {
		return int8(0), nil
	}
	if !hasNull && e.sq.CanCacheResults() {
		if h := e.hashOf(rows); h != nil {
			if key, ok := e.rowKey(vals[:n], true); ok {
				return e.match(ctx, vals, rows, true, h.buckets[key], h.nulls)
			}
		}
	}
	return e.match(ctx, vals, rows, false, nil, nil)
}

// match compares x (vals[:n]) with every row, or, when hashed is set, with
// the rows at the indexes in candidates (those of x's key) and then with
// those at nulls (the others cannot be equal).
func (e *inSubquery) match(ctx *sql.Context, vals sql.Row, rows []any, hashed bool, candidates, nulls []int) (any, error) {
	var result any = int8(0)
	check := func(r any) (bool, error) {
		eq, err := e.equal(ctx, vals, r)
		if err != nil {
			return false, err
		}
		if eq == nil {
			result = nil
		}
		return eq == true, nil
	}
	if !hashed {
		for _, r := range rows {
			if found, err := check(r); found || err != nil {
				return int8(1), err
			}
		}
		return result, nil
	}
	for _, list := range [][]int{candidates, nulls} {
		for _, i := range list {
			if found, err := check(rows[i]); found || err != nil {
				return int8(1), err
			}
		}
	}
	return result, nil
}

// equal compares x, in vals[:n], with the subquery row r: true, false, or
// nil for NULL.
func (e *inSubquery) equal(ctx *sql.Context, vals sql.Row, r any) (any, error) {
	n := len(e.eqs)
	if n == 1 {
		vals[1] = r
	} else {
		cols, ok := r.([]any)
		if !ok || len(cols) != n {
			return nil, sql.ErrInvalidOperandColumns.New(n, 1)
		}
		copy(vals[n:], cols)
	}
	var result any = true
	for _, eq := range e.eqs {
		v, err := eq.Eval(ctx, vals)
		if err != nil {
			return nil, err
		}
		if v == nil {
			result = nil
			continue
		}
		if t, err := sql.ConvertToBool(ctx, v); err != nil || !t {
			return false, err
		}
	}
	return result, nil
}

// rowKey returns the key of x (left) or of a subquery row: each value's
// hash, combined; ok is false when a value has none.
func (e *inSubquery) rowKey(cols []any, left bool) (uint64, bool) {
	var h uint64 = 14695981039346656037
	for i, kf := range e.keys {
		if kf == nil {
			return 0, false
		}
		k, ok := kf(cols[i], left)
		if !ok {
			return 0, false
		}
		h = (h ^ k) * 1099511628211
		h ^= h >> 29
	}
	return h, true
}

// hashOf returns the hash of rows, the subquery's cached rows, building
// it on first use; nil when a row has no key.
func (e *inSubquery) hashOf(rows []any) *rowHash {
	h := e.hash
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.of != nil && len(h.of) == len(rows) && &h.of[0] == &rows[0] {
		if !h.ok {
			return nil
		}
		return h
	}
	h.of, h.buckets, h.nulls, h.ok = rows, make(map[uint64][]int, len(rows)), nil, true
	n := len(e.keys)
	cols := make([]any, n)
	for i, r := range rows {
		if n == 1 {
			cols[0] = r
		} else if c, ok := r.([]any); ok && len(c) == n {
			copy(cols, c)
		} else {
			h.ok = false
			return nil
		}
		null := false
		for _, c := range cols {
			null = null || c == nil
		}
		if null {
			h.nulls = append(h.nulls, i)
			continue
		}
		key, ok := e.rowKey(cols, false)
		if !ok {
			h.ok = false
			return nil
		}
		h.buckets[key] = append(h.buckets[key], i)
	}
	return h
}

// inSubqueryJoins hands x IN (subquery) back to go-mysql-server's own IN
// where it is a conjunct of a WHERE and go-mysql-server's semi join
// answers it as MySQL does (semiJoinSafe), so that the planner can still
// make it a join that reads the outer table through an index. Statements
// that write keep this package's IN.
func inSubqueryJoins(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	writes := false
	transform.Inspect(n, func(n sql.Node) bool {
		switch n.(type) {
		case *plan.Update, *plan.DeleteFrom, *plan.InsertInto, *plan.TriggerExecutor, *plan.CreateView, *plan.CreateTrigger, *plan.CreateProcedure:
			writes = true
		}
		return !writes
	})
	if writes {
		return n, transform.SameTree, nil
	}
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		f, ok := n.(*plan.Filter)
		if !ok {
			return n, transform.SameTree, nil
		}
		conjuncts := expression.SplitConjunction(f.Expression)
		same := transform.SameTree
		for i, c := range conjuncts {
			if in, ok := c.(*inSubquery); ok && in.semiJoinSafe(ctx) {
				conjuncts[i] = plan.NewInSubquery(in.left(), in.sq)
				same = transform.NewTree
			}
		}
		if same {
			return n, transform.SameTree, nil
		}
		return plan.NewFilter(expression.JoinAnd(conjuncts...), f.Child), transform.NewTree, nil
	})
}

// semiJoinSafe reports whether go-mysql-server's semi join answers e as
// MySQL does. It does not when x is a row (a NULL pair matched), when the
// subquery's values repeat (a merge join of the semi join returned an
// outer row once per equal value, even under DISTINCT), when it compares
// strings (a merge or hash join ignores the collation) or numbers of
// other types than one integer type of one sign (compare.go), when the
// subquery depends on the outer row (go-mysql-server then evaluates its
// own IN row by row, by hash) and when the subquery's WHERE has a
// constant conjunct (the join planner panicked). So it is safe for an
// integer x compared with the primary key, or a unique key, of the one
// table the subquery reads: WHERE id IN (SELECT id FROM t WHERE …).
func (e *inSubquery) semiJoinSafe(ctx *sql.Context) bool {
	if e.tuple || !e.sq.CanCacheResults() || constantFilter(e.sq.Query) {
		return false
	}
	x := e.children[0]
	kx, kc := kindOf(x), kindOf(standColumn(e.sq.Query.Schema()[0], 0))
	if _, mine := e.eqs[0].(*compare); mine || isHex(x) || ours(x) || !kx.integer() || kx != kc {
		return false
	}
	return uniqueColumn(ctx, e.sq.Query)
}

// uniqueColumn reports whether n, a subquery of one column, selects a
// column of the one table it reads that is the table's primary key or a
// unique key of one column (so that no value repeats).
func uniqueColumn(ctx *sql.Context, n sql.Node) bool {
	p, ok := n.(*plan.Project)
	if !ok || len(p.Projections) != 1 {
		return false
	}
	gf, ok := p.Projections[0].(*expression.GetField)
	if !ok {
		return false
	}
	var table sql.Table
	for child := p.Child; table == nil; {
		switch c := child.(type) {
		case *plan.Filter:
			child = c.Child
		case *plan.TableAlias:
			child = c.Child
		case *plan.ResolvedTable:
			table = c.UnderlyingTable()
		default:
			return false
		}
	}
	col := strings.ToLower(gf.Name())
	if pk, ok := table.(sql.PrimaryKeyTable); ok {
		s := pk.PrimaryKeySchema()
		if len(s.PkOrdinals) == 1 && strings.ToLower(s.Schema[s.PkOrdinals[0]].Name) == col {
			return true
		}
	}
	ia, ok := table.(sql.IndexAddressable)
	if !ok {
		return false
	}
	idxs, err := ia.GetIndexes(ctx)
	if err != nil {
		return false
	}
	for _, idx := range idxs {
		if ex := idx.Expressions(); idx.IsUnique() && len(ex) == 1 && strings.ToLower(ex[0][strings.LastIndex(ex[0], ".")+1:]) == col {
			return true
		}
	}
	return false
}

// constantFilter reports whether n has a WHERE with a conjunct that reads
// no column (such as 1 = 0), not looking into subqueries.
func constantFilter(n sql.Node) bool {
	found := false
	transform.Inspect(n, func(n sql.Node) bool {
		if f, ok := n.(*plan.Filter); ok {
			for _, c := range expression.SplitConjunction(f.Expression) {
				if !readsColumn(c) {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// readsColumn reports whether e reads a column or a subquery.
func readsColumn(e sql.Expression) bool {
	reads := false
	sql.Inspect(e, func(e sql.Expression) bool {
		switch e.(type) {
		case *expression.GetField, *plan.Subquery:
			reads = true
		}
		return !reads
	})
	return reads
}
