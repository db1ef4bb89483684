package compat

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// resultNode is the plan node of a statement answered by this package: a
// fixed schema and rows computed when it runs, from planned expressions
// (which the analyzer resolves, subqueries included).
type resultNode struct {
	name   string // what String and EXPLAIN PLAN show
	schema sql.Schema
	exprs  []sql.Expression
	rows   func(ctx *sql.Context, exprs []sql.Expression) ([]sql.Row, error)
	// writes is whether the statement changes something (statistics), so
	// that a READ ONLY transaction refuses it.
	writes bool
}

var (
	_ sql.ExecSourceRel      = (*resultNode)(nil)
	_ sql.Expressioner       = (*resultNode)(nil)
	_ sql.CollationCoercible = (*resultNode)(nil)
)

// okSchema is the schema of a statement that answers with an OK packet.
var okSchema = types.OkResultSchema

// okRows is the answer of a statement that answers with an OK packet
// with no rows affected.
func okRows() []sql.Row { return []sql.Row{{types.NewOkResult(0)}} }

// Resolved implements sql.Node.
func (n *resultNode) Resolved() bool {
	for _, e := range n.exprs {
		if !e.Resolved() {
			return false
		}
	}
	return true
}

// String implements sql.Node.
func (n *resultNode) String() string { return n.name }

// Schema implements sql.Node.
func (n *resultNode) Schema() sql.Schema { return n.schema }

// Children implements sql.Node: none.
func (n *resultNode) Children() []sql.Node { return nil }

// WithChildren implements sql.Node.
func (n *resultNode) WithChildren(children ...sql.Node) (sql.Node, error) {
	if len(children) != 0 {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(children), 0)
	}
	return n, nil
}

// IsReadOnly implements sql.Node.
func (n *resultNode) IsReadOnly() bool { return !n.writes }

// Expressions implements sql.Expressioner.
func (n *resultNode) Expressions() []sql.Expression { return n.exprs }

// WithExpressions implements sql.Expressioner.
func (n *resultNode) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	if len(exprs) != len(n.exprs) {
		return nil, sql.ErrInvalidChildrenNumber.New(n, len(exprs), len(n.exprs))
	}
	c := *n
	c.exprs = exprs
	return &c, nil
}

// CollationCoercibility implements sql.CollationCoercible.
func (n *resultNode) CollationCoercibility(*sql.Context) (sql.CollationID, byte) {
	return sql.Collation_binary, 7
}

// RowIter implements sql.ExecSourceRel.
func (n *resultNode) RowIter(ctx *sql.Context, _ sql.Row) (sql.RowIter, error) {
	rows, err := n.rows(ctx, n.exprs)
	if err != nil {
		return nil, err
	}
	return sql.RowsToRowIter(rows...), nil
}

// errNotExpression is the error of an injected statement whose planned
// child is not an expression (a fault of this package).
func errNotExpression(i int, text string, c any) error {
	return fmt.Errorf("compat: argument %d of %s is a %T, not an expression", i, text, c)
}
