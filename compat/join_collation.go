package compat

// Fault (go-mysql-server v0.20.0): a hash join keys its table of the
// inner side's rows by the column values themselves, not by the
// collation's weights, so under a case- or accent-insensitive collation
// (the default, utf8mb4_0900_ai_ci) the rows that = finds equal never
// meet: SELECT COUNT(*) FROM r JOIN s ON r.w = s.v over 300 rows 'K1' … and
// 'k1' … was 1 (MariaDB and MySQL: 300), and so were EXISTS (SELECT … WHERE
// s.v = r.w) and LEFT JOIN … WHERE s.id IS NULL (299 rows where none is
// right). joinCollationKeys keys such a join by the weights instead:
// a hashKey, a 64-bit hash of them (go-mysql-server evaluates the join
// condition on every row the key finds, so a collision costs only a
// comparison). Pinned by CollationScripts "joins compare as the collation
// does" (sqltests, also on MariaDB).

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

// ruleJoinCollationKeys is the id of joinCollationKeys.
const ruleJoinCollationKeys analyzer.RuleId = 10_211

// joinCollationKeys makes the keys of each hash join that compares strings
// under a collation that is not binary keys by their collation's weights.
func joinCollationKeys(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rekeyHashJoins(n, collatedPair)
}

// rekeyHashJoins makes the keys of each hash join in n what pair makes
// of each pair of them (the inner key first).
func rekeyHashJoins(n sql.Node, pair func(a, b sql.Expression) (sql.Expression, sql.Expression, bool)) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		h, ok := n.(*plan.HashLookup)
		if !ok {
			return n, transform.SameTree, nil
		}
		right, left, changed := pairedKeys(h.RightEntryKey, h.LeftProbeKey, pair)
		if !changed {
			return n, transform.SameTree, nil
		}
		out, err := h.WithExpressions(right, left)
		return out, transform.NewTree, err
	})
}

// pairedKeys returns the keys a and b (one expression each, or rows of
// them) with each pair of columns made what pair makes of them, and
// whether pair changed one.
func pairedKeys(a, b sql.Expression, pair func(a, b sql.Expression) (sql.Expression, sql.Expression, bool)) (sql.Expression, sql.Expression, bool) {
	ta, tupleA := a.(expression.Tuple)
	tb, tupleB := b.(expression.Tuple)
	if tupleA != tupleB {
		return a, b, false
	}
	if !tupleA {
		return pair(a, b)
	}
	if len(ta) != len(tb) {
		return a, b, false
	}
	xs, ys := make([]sql.Expression, len(ta)), make([]sql.Expression, len(tb))
	changed := false
	for i := range ta {
		x, y, c := pairedKeys(ta[i], tb[i], pair)
		xs[i], ys[i], changed = x, y, changed || c
	}
	return expression.NewTuple(xs...), expression.NewTuple(ys...), changed
}

// collatedPair makes the strings a and b, compared under a collation
// that is not binary, keys by their collation's weights.
func collatedPair(a, b sql.Expression) (sql.Expression, sql.Expression, bool) {
	coll, ok := sharedCollation(a, b)
	if !ok {
		return a, b, false
	}
	key := func(v any) (uint64, bool) { return textKey(coll, v) } // in_subquery.go
	return &hashKey{a, key}, &hashKey{b, key}, true
}

// sharedCollation returns the collation a = b compares under, when both
// are text of one collation that is not binary.
func sharedCollation(a, b sql.Expression) (sql.CollationID, bool) {
	sa, ok1 := a.Type().(sql.StringType)
	sb, ok2 := b.Type().(sql.StringType)
	if !ok1 || !ok2 || !types.IsTextOnly(sa) || !types.IsTextOnly(sb) || sa.Collation() != sb.Collation() {
		return 0, false
	}
	c := sa.Collation()
	if c == sql.Collation_binary || strings.HasSuffix(c.Name(), "_bin") {
		return 0, false
	}
	return c, true
}

// hashKey is a value's key in a hash join: key of it, equal for values
// that = finds equal (unequal values may share one).
type hashKey struct {
	sql.Expression
	key func(v any) (uint64, bool)
}

var _ sql.Expression = (*hashKey)(nil)

// Type implements sql.Expression.
func (k *hashKey) Type() sql.Type { return types.Uint64 }

// Eval implements sql.Expression: nil for NULL, else the key.
func (k *hashKey) Eval(ctx *sql.Context, row sql.Row) (any, error) {
	v, err := k.Expression.Eval(ctx, row)
	if err != nil || v == nil {
		return nil, err
	}
	h, ok := k.key(v)
	if !ok {
		return nil, sql.ErrInvalidType.New(fmt.Sprintf("%T", v))
	}
	return h, nil
}

// Children implements sql.Expression.
func (k *hashKey) Children() []sql.Expression { return []sql.Expression{k.Expression} }

// WithChildren implements sql.Expression.
func (k *hashKey) WithChildren(children ...sql.Expression) (sql.Expression, error) {
	if len(children) != 1 {
		return nil, sql.ErrInvalidChildrenNumber.New(k, len(children), 1)
	}
	return &hashKey{children[0], k.key}, nil
}

// String implements sql.Expression: the key's own text, so that plans
// print as before.
func (k *hashKey) String() string { return k.Expression.String() }
