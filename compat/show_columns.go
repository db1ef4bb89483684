package compat

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/go-mysql-server/sql/types"
)

// Fault (go-mysql-server v0.20.0): SHOW [FULL] COLUMNS and DESCRIBE print a
// text, ENUM or SET column's type with its collation ("varchar(20) COLLATE
// utf8mb4_0900_ai_ci": every collation but utf8mb4_0900_bin, so every
// column of a table in MySQL 8's default collation), and SHOW FULL COLUMNS
// gives every text column the collation utf8mb4_0900_bin whatever its own.
// MySQL 8 prints the type alone ("varchar(20)", "enum('x','y')") and, in
// the Collation column, the column's collation (NULL for binary strings and
// non-string types). ORMs read both (Rails' SHOW FULL FIELDS, Django's
// DESCRIBE). Pinned by CollationScripts "SHOW FULL COLUMNS".

// ruleShowColumns is the id of showColumns, a post-analysis rule.
const ruleShowColumns analyzer.RuleId = 10_205

// showColumns replaces SHOW COLUMNS nodes with mysqlShowColumns.
func showColumns(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		if sc, ok := n.(*plan.ShowColumns); ok {
			return &mysqlShowColumns{ShowColumns: sc}, transform.NewTree, nil
		}
		return n, transform.SameTree, nil
	})
}

// mysqlShowColumns is SHOW COLUMNS whose rows carry MySQL's Type and
// Collation.
type mysqlShowColumns struct {
	*plan.ShowColumns
}

var _ sql.ExecSourceRel = (*mysqlShowColumns)(nil)

// WithChildren, WithExpressions and WithTargetSchema implement sql.Node,
// sql.Expressioner and sql.SchemaTarget, keeping the wrapper (rules after
// this one wrap the table in a ProcessTable and visit the column defaults).
func (n *mysqlShowColumns) WithChildren(children ...sql.Node) (sql.Node, error) {
	return rewrapShowColumns(n.ShowColumns.WithChildren(children...))
}

func (n *mysqlShowColumns) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	return rewrapShowColumns(n.ShowColumns.WithExpressions(exprs...))
}

func (n *mysqlShowColumns) WithTargetSchema(sch sql.Schema) (sql.Node, error) {
	return rewrapShowColumns(n.ShowColumns.WithTargetSchema(sch))
}

func rewrapShowColumns(c sql.Node, err error) (sql.Node, error) {
	if err != nil {
		return nil, err
	}
	if sc, ok := c.(*plan.ShowColumns); ok {
		return &mysqlShowColumns{ShowColumns: sc}, nil
	}
	return c, nil
}

// RowIter implements sql.ExecSourceRel: go-mysql-server's rows, one per
// column of the target schema in order, with Type (column 1) and, for SHOW
// FULL, Collation (column 2) replaced.
func (n *mysqlShowColumns) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	iter, err := rowexec.DefaultBuilder.Build(ctx, n.ShowColumns, row)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return nil, err
	}
	sch := n.TargetSchema()
	if len(rows) != len(sch) {
		return sql.RowsToRowIter(rows...), nil
	}
	declared := declaredTypesOf(n.Child)
	for i, r := range rows {
		typ, coll := columnTypeAndCollation(sch[i].Type)
		if declared != nil {
			if s, ok := declared.DeclaredType(sch[i].Name); ok {
				typ = s
			}
		}
		r[1] = typ
		if n.Full && len(r) > 2 {
			r[2] = coll
		}
	}
	return sql.RowsToRowIter(rows...), nil
}

// DeclaredTypes is implemented by a table that keeps column types
// go-mysql-server's types cannot spell: DeclaredType returns the type
// text of column (the catalog's FLOAT(M,D) columns, "float(7,4)"), ok
// false for a column whose go-mysql-server type says it all. SHOW
// COLUMNS prints it.
type DeclaredTypes interface {
	DeclaredType(column string) (string, bool)
}

// declaredTypesOf returns the DeclaredTypes of the table n reads, if it
// has them (through go-mysql-server's table wrappers).
func declaredTypesOf(n sql.Node) DeclaredTypes {
	rt, ok := n.(*plan.ResolvedTable)
	if !ok {
		return nil
	}
	t := rt.Table
	for t != nil {
		if d, ok := t.(DeclaredTypes); ok {
			return d
		}
		w, ok := t.(sql.TableWrapper)
		if !ok {
			return nil
		}
		t = w.Underlying()
	}
	return nil
}

// columnTypeAndCollation returns t as SHOW COLUMNS prints it, without
// CHARACTER SET or COLLATE, and its collation's name (nil for binary
// strings and types without a collation).
func columnTypeAndCollation(t sql.Type) (string, any) {
	tc, ok := t.(sql.TypeWithCollation)
	if !ok {
		return t.String(), nil
	}
	c := tc.Collation()
	if c == sql.Collation_Unspecified {
		c = sql.Collation_Default
	}
	s := tc.StringWithTableCollation(c)
	if types.IsBinaryType(t) || c == sql.Collation_binary {
		return s, nil
	}
	return s, c.Name()
}
