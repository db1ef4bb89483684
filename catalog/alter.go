package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/compat"
	"github.com/simsql/simsql/mysqlerr"
	"github.com/simsql/simsql/storage"
)

// ALTER TABLE: every change of columns or primary key rewrites the table
// (sql.RewritableTable): go-mysql-server streams the old rows, converted to
// the new schema, into a RewriteInserter, which writes them to a new rows
// bucket; Close swaps the buckets, rebuilds the secondary indexes and
// stores the new metadata, all in the statement's transaction.

var (
	_ sql.RewritableTable          = (*Table)(nil)
	_ sql.AlterableTable           = (*Table)(nil)
	_ sql.PrimaryKeyAlterableTable = (*Table)(nil)
	_ sql.CheckTable               = (*Table)(nil)
	_ sql.CheckAlterableTable      = (*Table)(nil)
)

// ShouldRewriteTable implements sql.RewritableTable: always.
func (t *Table) ShouldRewriteTable(*sql.Context, sql.PrimaryKeySchema, sql.PrimaryKeySchema, *sql.Column, *sql.Column) bool {
	return true
}

// RewriteInserter implements sql.RewritableTable.
func (t *Table) RewriteInserter(ctx *sql.Context, oldSch, newSch sql.PrimaryKeySchema, oldCol, newCol *sql.Column, _ []sql.IndexColumn) (sql.RowInserter, error) {
	read := t // the table go-mysql-server reads the old rows from
	tr, tx, err := t.db.store.writeTx(ctx)
	if err != nil {
		return nil, err
	}
	if t, err = t.current(tr); err != nil {
		return nil, err
	}
	oldName, newName := "", ""
	if oldCol != nil && newCol != nil {
		oldName, newName = oldCol.Name, newCol.Name
		if err := changedColumnName(newSch.Schema, oldName, newName); err != nil { // compat_change_column_name.go
			return nil, err
		}
	}
	m, err := t.alteredMeta(oldSch, newSch, oldCol, newCol)
	if err != nil {
		return nil, err
	}
	if err := applyFloatScales(ctx, m, t.meta, oldName, newName); err != nil { // compat_float_scale.go
		return nil, err
	}
	data, err := nextID(tr)
	if err != nil {
		return nil, err
	}
	m.Data = data
	// Every key is written anew, in the current format.
	m.Version, m.KeyFormat = metaVersion, int(storage.CurrentKeyFormat)
	if err := tr.kv.CreateKeyspace(rowsBucket(data)); err != nil {
		return nil, err
	}
	if len(m.PK) == 0 {
		if err := tr.kv.CreateKeyspace(hiddenBucket(data)); err != nil {
			return nil, err
		}
	}
	sch, err := m.schema(t.db.name)
	if err != nil {
		return nil, err
	}
	r := &rewriter{old: t, new: &Table{db: t.db, meta: m, sch: sch}, tr: tr, tx: tx}
	if oldCol != nil && newCol != nil { // MODIFY or CHANGE
		if r.gen, err = compileResolved(newSch.Schema, newSch.Schema); err != nil {
			return nil, err
		}
		read.narrowRows(oldCol, newCol) // compat_alter_narrowing.go
	}
	return r, nil
}

// alteredMeta returns t's metadata for the new schema: columns and primary
// key from newSch; indexes follow renamed columns and lose dropped ones (an
// index left with no column is dropped).
func (t *Table) alteredMeta(oldSch, newSch sql.PrimaryKeySchema, oldCol, newCol *sql.Column) (*tableMeta, error) {
	if oldCol != nil && (newCol == nil || !strings.EqualFold(oldCol.Name, newCol.Name)) {
		if dep := t.generatedDependent(oldCol.Name); dep != "" {
			return nil, errGeneratedDependency(oldCol.Name, dep)
		}
	}
	m := t.meta.clone()
	fresh, err := newTableMeta(m.ID, m.Name, newSch, sql.Collation_Unspecified, m.Comment)
	if err != nil {
		return nil, err
	}
	if len(fresh.PK) != len(m.PK) {
		m.PKLengths = nil // another primary key
	}
	m.Columns, m.PK = fresh.Columns, nil
	for _, o := range fresh.PK {
		// Dropping a key column leaves go-mysql-server's ordinal −1 in
		// its place: the key loses the column, as in MySQL (it used to
		// panic).
		if o >= 0 && o < len(m.Columns) {
			m.PK = append(m.PK, o)
		}
	}
	for _, o := range m.PK {
		m.Columns[o].Nullable = false // a primary key column is NOT NULL, as in MySQL
	}
	var kept []indexMeta
	for _, ix := range m.Indexes {
		var cols []indexColumn
		for _, c := range ix.Columns {
			switch {
			case oldCol != nil && newCol != nil && strings.EqualFold(c.Name, oldCol.Name):
				c.Name = newCol.Name
			case oldCol != nil && newCol == nil && strings.EqualFold(c.Name, oldCol.Name):
				continue
			}
			cols = append(cols, c)
		}
		if len(cols) > 0 {
			ix.Columns = cols
			kept = append(kept, ix)
		}
	}
	m.Indexes = kept
	// An index of a custom kind must still accept its columns (a simhash
	// index refuses a column changed to INT or DOUBLE, as CREATE INDEX
	// would).
	sch, err := m.schema(t.db.name)
	if err != nil {
		return nil, err
	}
	nt := &Table{db: t.db, meta: m, sch: sch}
	for i := range m.Indexes {
		if m.Indexes[i].isCustom() {
			if _, err := nt.compileIndex(t.db.store.ext, &m.Indexes[i]); err != nil {
				return nil, err
			}
		}
	}
	return m, nil
}

// generatedDependent returns the name of a generated column whose
// expression uses column name, or "".
func (t *Table) generatedDependent(name string) string {
	quoted := "`" + strings.ToLower(name) + "`"
	for _, c := range t.meta.Columns {
		if c.Generated != nil && !strings.EqualFold(c.Name, name) && strings.Contains(strings.ToLower(c.Generated.SQL), quoted) {
			return c.Name
		}
	}
	return ""
}

// errGeneratedDependency is MySQL's error 3108.
func errGeneratedDependency(col, dep string) error {
	return mysql.NewSQLError(3108, "HY000", "Column '%s' has a generated column dependency (column '%s').", col, dep)
}

// rewriter writes the rows of a rewritten table.
type rewriter struct {
	old, new *Table
	tr       *Transaction
	tx       storage.View
	failed   bool
	stats    tableStats        // of the rows written
	gen      *generatedColumns // MODIFY/CHANGE: stored generated columns to recompute
}

func (r *rewriter) StatementBegin(*sql.Context)              {}
func (r *rewriter) StatementComplete(*sql.Context) error     { return nil }
func (r *rewriter) DiscardChanges(*sql.Context, error) error { r.failed = true; return nil }

// Insert implements sql.RowInserter.
func (r *rewriter) Insert(ctx *sql.Context, row sql.Row) error {
	t := r.new
	if err := r.gen.compute(ctx, row); err != nil {
		return err
	}
	r.stats.rows++ // counted here for roundScaled's row number
	if len(t.meta.scales) > 0 || len(t.meta.unsigned) > 0 {
		row = row.Copy()
	}
	if err := t.roundScaled(ctx, row, int64(r.stats.rows)); err != nil { // compat_float_scale.go
		return err
	}
	rows := rowsBucket(t.meta.rowsID())
	v, err := storage.EncodeRow(nil, t.sch.Schema, row)
	if err != nil {
		return err
	}
	// The new keyspaces were created by this transaction, so their writes
	// need no undo (Load): rolling back drops them.
	var k []byte
	if t.keyless() {
		id, err := r.tr.kv.NextSequence(rows)
		if err != nil {
			return err
		}
		k = binaryID(id)
		if err := r.tr.kv.Load(hiddenBucket(t.meta.rowsID()), hiddenKey(v, k), []byte{}); err != nil {
			return err
		}
	} else {
		if k, err = t.pkKey(row); err != nil {
			return err
		}
		if old := r.tx.Get(rows, k); old != nil {
			existing, _ := storage.DecodeRow(old, t.sch.Schema)
			return t.duplicateKey(nil, row, existing)
		}
	}
	r.stats.bytes += uint64(len(v))
	return r.tr.kv.Load(rows, k, v)
}

// Close implements sql.Closer: it swaps in the new rows, rebuilds the
// indexes and stores the new metadata.
func (r *rewriter) Close(*sql.Context) error {
	if r.failed {
		return nil // the statement's transaction is rolled back
	}
	old, m := r.old.meta, r.new.meta
	if err := r.tr.kv.FlushAll(); err != nil {
		return err
	}
	for _, b := range [][]byte{rowsBucket(old.rowsID()), hiddenBucket(old.rowsID())} {
		if err := r.tr.kv.DropKeyspace(b); err != nil {
			return err
		}
	}
	for _, ix := range old.Indexes {
		if err := r.tr.kv.DropKeyspace(ix.bucket()); err != nil {
			return err
		}
	}
	for i := range m.Indexes {
		ix := &m.Indexes[i]
		if ix.isCustom() {
			// A rebuilt index takes the current entry format and layout.
			ix.Values = true
			if err := r.new.chooseLayout(ix); err != nil {
				return err
			}
		}
		if err := r.tr.kv.CreateKeyspace(ix.bucket()); err != nil {
			return err
		}
		if err := r.new.buildIndex(r.tr, r.tx, ix); err != nil {
			return err
		}
	}
	if err := putStats(r.tr, m.ID, r.stats); err != nil {
		return err
	}
	return r.new.db.store.putTableMeta(r.tr, m)
}

// AddColumn implements sql.AlterableTable (used only when a rewrite is not
// requested, which ShouldRewriteTable never does).
func (t *Table) AddColumn(ctx *sql.Context, column *sql.Column, order *sql.ColumnOrder) error {
	return errRewriteExpected("ADD COLUMN")
}

// DropColumn implements sql.AlterableTable (see AddColumn).
func (t *Table) DropColumn(ctx *sql.Context, name string) error {
	return errRewriteExpected("DROP COLUMN")
}

// ModifyColumn implements sql.AlterableTable for changes that keep the
// stored values: a new default, comment or name. Type changes come through
// RewriteInserter.
func (t *Table) ModifyColumn(ctx *sql.Context, name string, column *sql.Column, order *sql.ColumnOrder) error {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	i := t.meta.column(name)
	if i < 0 {
		return sql.ErrTableColumnNotFound.New(t.meta.Name, name)
	}
	if order != nil {
		return errRewriteExpected("moving a column")
	}
	if err := changedColumnName(append(sql.Schema{column}, t.Schema()...), name, column.Name); err != nil { // compat_change_column_name.go
		return err
	}
	cm, err := newColumnMeta(column)
	if err != nil {
		return err
	}
	rescaled := false
	if cm, rescaled, err = t.modifiedFloatScale(ctx, i, cm); err != nil { // compat_float_scale.go
		return err
	}
	if cm.Type != t.meta.Columns[i].Type && !rescaled {
		return errRewriteExpected("changing a column's type")
	}
	if !strings.EqualFold(name, column.Name) {
		if dep := t.generatedDependent(name); dep != "" {
			return errGeneratedDependency(name, dep)
		}
	}
	m := t.meta.clone()
	m.Columns[i] = cm
	for j := range m.Indexes {
		for k := range m.Indexes[j].Columns {
			if strings.EqualFold(m.Indexes[j].Columns[k].Name, name) {
				m.Indexes[j].Columns[k].Name = column.Name
			}
		}
	}
	return t.db.store.putTableMeta(tr, m)
}

func errRewriteExpected(what string) error {
	return fmt.Errorf("catalog: %s without rewriting the table is not supported", what)
}

// CreatePrimaryKey implements sql.PrimaryKeyAlterableTable; the engine
// rewrites the table instead (see RewriteInserter).
func (t *Table) CreatePrimaryKey(*sql.Context, []sql.IndexColumn) error {
	return errRewriteExpected("ADD PRIMARY KEY")
}

// DropPrimaryKey implements sql.PrimaryKeyAlterableTable (see CreatePrimaryKey).
func (t *Table) DropPrimaryKey(*sql.Context) error {
	return errRewriteExpected("DROP PRIMARY KEY")
}

// GetChecks implements sql.CheckTable.
func (t *Table) GetChecks(*sql.Context) ([]sql.CheckDefinition, error) {
	out := make([]sql.CheckDefinition, len(t.meta.Checks))
	for i, c := range t.meta.Checks {
		out[i] = sql.CheckDefinition{Name: c.Name, CheckExpression: c.Expr, Enforced: c.Enforced}
	}
	return out, nil
}

// CreateCheck implements sql.CheckAlterableTable. An unnamed check
// (ALTER TABLE … ADD CHECK) gets MySQL's generated name
// (compat_check_names.go).
func (t *Table) CreateCheck(ctx *sql.Context, check *sql.CheckDefinition) error {
	return t.alterMeta(ctx, func(m *tableMeta) error {
		name := check.Name
		if name == "" {
			name = nextCheckName(m.Name, m.Checks)
		}
		for _, c := range m.Checks {
			if strings.EqualFold(c.Name, name) {
				return mysqlerr.ErrCheckDuplicateName.New(name)
			}
		}
		m.Checks = append(m.Checks, checkMeta{Name: name, Expr: check.CheckExpression, Enforced: check.Enforced})
		return nil
	})
}

// DropCheck implements sql.CheckAlterableTable.
func (t *Table) DropCheck(ctx *sql.Context, name string) error {
	return t.alterMeta(ctx, func(m *tableMeta) error {
		for i, c := range m.Checks {
			if strings.EqualFold(c.Name, name) {
				m.Checks = append(m.Checks[:i], m.Checks[i+1:]...)
				return nil
			}
		}
		return sql.ErrUnknownConstraint.New(name)
	})
}

// alterMeta changes a copy of the table's metadata as it is in the
// statement's write transaction by change, and stores it unless change
// fails (the metadata is then as it was).
func (t *Table) alterMeta(ctx *sql.Context, change func(m *tableMeta) error) error {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	m := t.meta.clone()
	if err := change(m); err != nil {
		return err
	}
	return t.db.store.putTableMeta(tr, m)
}

var _ compat.CommentableTable = (*Table)(nil)

// SetComment implements compat.CommentableTable: ALTER TABLE … COMMENT
// (compat/alter_table_comment.go).
func (t *Table) SetComment(ctx *sql.Context, comment string) error {
	return t.alterMeta(ctx, func(m *tableMeta) error { m.Comment = comment; return nil })
}
