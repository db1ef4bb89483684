package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/mysql_db"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/rowexec"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// prefixPrimaryKey works around two go-mysql-server v0.20.0 faults with a
// primary key on a prefix of a column, PRIMARY KEY (v(3)):
//
//   - CREATE TABLE passes the prefix lengths only to a database that is a
//     sql.IndexedTableCreator, whose CreateIndexedTable has no table
//     comment; to a sql.TableCreator it passes none, so the key was
//     accepted and not enforced ('abcdef' and 'abcxyz' both stored, where
//     MySQL refuses the second: duplicate entry 'abc').
//   - SHOW CREATE TABLE writes the primary key without prefix lengths, so a
//     dump would restore a key on the whole column.
//
// The rule hands CREATE TABLE a database that creates the table with the
// key's lengths (prefixKeyDatabase), and wraps SHOW CREATE TABLE of such a
// table so that its PRIMARY KEY line shows them (showCreatePrefixKey). The
// key itself is simsql's: rows are keyed by the prefixes (Table.pkKey).
// Pinned by KeyScripts "a prefix primary key is enforced"; delete this
// file when go-mysql-server passes and shows the lengths.
func prefixPrimaryKey(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return transform.Node(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch n := n.(type) {
		case *plan.CreateTable:
			lengths := pkPrefixLengths(n.Indexes())
			d, ok := unwrapDatabase(n.Db)
			if lengths == nil || !ok {
				return n, transform.SameTree, nil
			}
			nn, err := n.WithDatabase(prefixKeyDatabase{Database: d, lengths: lengths})
			return nn, transform.NewTree, err
		case *plan.ShowCreateTable:
			if n.IsView || len(n.Children()) != 1 {
				return n, transform.SameTree, nil
			}
			rt, ok := n.Children()[0].(*plan.ResolvedTable)
			if !ok {
				return n, transform.SameTree, nil
			}
			// FLOAT(M,D) columns are written with their scale here too
			// (compat_float_scale.go).
			// So are VIRTUAL columns and the comment of their tables
			// (compat_show_create_virtual.go).
			if t, ok := simsqlTable(rt.Table); ok && (len(t.meta.PKLengths) > 0 || len(t.meta.scales) > 0 || len(t.meta.unsigned) > 0 || t.hasVirtual()) {
				return &showCreatePrefixKey{ShowCreateTable: n}, transform.NewTree, nil
			}
		}
		return n, transform.SameTree, nil
	})
}

// pkPrefixLengths returns the prefix lengths of the primary key among defs,
// or nil if it has none.
func pkPrefixLengths(defs sql.IndexDefs) []int64 {
	for _, def := range defs {
		if !def.IsPrimary() {
			continue
		}
		var lengths []int64
		for i, c := range def.Columns {
			if c.Length > 0 {
				if lengths == nil {
					lengths = make([]int64, len(def.Columns))
				}
				lengths[i] = c.Length
			}
		}
		return lengths
	}
	return nil
}

// unwrapDatabase returns the simsql Database under db.
func unwrapDatabase(db sql.Database) (*Database, bool) {
	if p, ok := db.(mysql_db.PrivilegedDatabase); ok {
		db = p.Unwrap()
	}
	d, ok := db.(*Database)
	return d, ok
}

// prefixKeyDatabase is a Database that creates its next table with the
// prefix lengths of a primary key.
type prefixKeyDatabase struct {
	*Database
	lengths []int64
}

// CreateTable implements sql.TableCreator.
func (d prefixKeyDatabase) CreateTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string) error {
	return d.createTable(ctx, name, sch, collation, comment, d.lengths)
}

// showCreatePrefixKey is SHOW CREATE TABLE of a table whose primary key has
// prefix lengths: go-mysql-server's answer with them in its PRIMARY KEY.
type showCreatePrefixKey struct {
	*plan.ShowCreateTable
}

var _ sql.ExecSourceRel = (*showCreatePrefixKey)(nil)

// keep wraps n again when it is the SHOW CREATE TABLE that a method of the
// embedded node returned (the analyzer's later rules rebuild nodes).
func keep(n sql.Node, err error) (sql.Node, error) {
	if sc, ok := n.(*plan.ShowCreateTable); ok && err == nil {
		return &showCreatePrefixKey{ShowCreateTable: sc}, nil
	}
	return n, err
}

// WithChildren implements sql.Node.
func (s *showCreatePrefixKey) WithChildren(children ...sql.Node) (sql.Node, error) {
	return keep(s.ShowCreateTable.WithChildren(children...))
}

// WithExpressions implements sql.Expressioner.
func (s *showCreatePrefixKey) WithExpressions(exprs ...sql.Expression) (sql.Node, error) {
	return keep(s.ShowCreateTable.WithExpressions(exprs...))
}

// WithTargetSchema implements sql.SchemaTarget.
func (s *showCreatePrefixKey) WithTargetSchema(sch sql.Schema) (sql.Node, error) {
	return keep(s.ShowCreateTable.WithTargetSchema(sch))
}

// WithPrimaryKeySchema implements sql.SchemaTarget.
func (s *showCreatePrefixKey) WithPrimaryKeySchema(sch sql.PrimaryKeySchema) (sql.Node, error) {
	return keep(s.ShowCreateTable.WithPrimaryKeySchema(sch))
}

// WithChecks implements sql.CheckConstraintNode.
func (s *showCreatePrefixKey) WithChecks(checks sql.CheckConstraints) sql.Node {
	n, _ := keep(s.ShowCreateTable.WithChecks(checks), nil)
	return n
}

// WithAsOf implements sql.Versionable.
func (s *showCreatePrefixKey) WithAsOf(asOf sql.Expression) (sql.Node, error) {
	return keep(s.ShowCreateTable.WithAsOf(asOf))
}

// RowIter implements sql.ExecSourceRel.
func (s *showCreatePrefixKey) RowIter(ctx *sql.Context, row sql.Row) (sql.RowIter, error) {
	rt, ok := s.Children()[0].(*plan.ResolvedTable)
	if !ok {
		return nil, fmt.Errorf("catalog: SHOW CREATE TABLE of %s", s.Children()[0])
	}
	t, ok := simsqlTable(rt.Table)
	if !ok {
		return nil, fmt.Errorf("catalog: SHOW CREATE TABLE of %s", rt.Name())
	}
	iter, err := rowexec.DefaultBuilder.Build(ctx, s.ShowCreateTable, row)
	if err != nil {
		return nil, err
	}
	rows, err := sql.RowIterToRows(ctx, iter)
	if err != nil {
		return nil, err
	}
	names := make([]string, len(t.meta.PK))
	withLengths := make([]string, len(t.meta.PK))
	for i, o := range t.meta.PK {
		names[i] = t.meta.Columns[o].Name
		withLengths[i] = sql.QuoteIdentifier(names[i])
		if i < len(t.meta.PKLengths) && t.meta.PKLengths[i] > 0 {
			withLengths[i] += fmt.Sprintf("(%d)", t.meta.PKLengths[i])
		}
	}
	plain := sql.GenerateCreateTablePrimaryKeyDefinition(names)
	fixed := "  PRIMARY KEY (" + strings.Join(withLengths, ",") + ")"
	for _, r := range rows {
		if len(r) > 1 {
			if stmt, ok := r[1].(string); ok {
				r[1] = t.showVirtual(t.showFloatScales(strings.Replace(stmt, plain, fixed, 1)))
			}
		}
	}
	return sql.RowsToRowIter(rows...), nil
}
