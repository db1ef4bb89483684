package catalog

import (
	"bytes"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/dolthub/vitess/go/mysql"

	"github.com/simsql/simsql/storage"
)

// Foreign keys are checked by the editor of the statement that writes,
// row by row as InnoDB checks them, in the statement's transaction:
//
//   - a row inserted, or updated in its constraint's columns, must find its
//     parent row (error 1452), unless a column of the key is NULL or the row
//     is its own parent;
//   - a parent row deleted, or updated in the referenced columns, applies
//     each referencing constraint's action to the child rows that match it:
//     RESTRICT and NO ACTION fail (1451), CASCADE deletes or updates them,
//     SET NULL sets their key columns to NULL, each through the child's own
//     editor, so that the children's index entries (simhash and minhash
//     ones included) and their own constraints follow;
//   - as in InnoDB, an ON UPDATE CASCADE or SET NULL that reaches a table
//     its cascade is already updating fails (1451), and so does a cascade
//     more than fkMaxCascade levels deep.
//
// Lookups see the statement's own edits: rows it deleted or changed are
// gone, rows it wrote are there (INSERT INTO t VALUES (1, NULL), (2, 1) on a
// self-referencing t). The editors of the tables a statement's cascades
// reach are kept with the statement and written when its own editor is
// closed; a failed statement writes none of them. With FOREIGN_KEY_CHECKS =
// 0 nothing is checked and nothing cascades, as in InnoDB.
//
// go-mysql-server 0.20 would enforce the constraints itself (its
// ForeignKeyHandler), with its own wording of the errors; ruleForeignKeys
// removes its handlers from the plan so that the editor's checks are the
// only ones.

// fkMaxCascade is InnoDB's FK_MAX_CASCADE_DEL: a cascade this many levels
// below the statement's row fails.
const fkMaxCascade = 15

// ruleForeignKeys is the id of foreignKeyEditors (installAfterAllRules).
const ruleForeignKeys analyzer.RuleId = 10_040

// foreignKeyEditors removes go-mysql-server's foreign-key handlers from
// INSERT, UPDATE and DELETE plans: the simsql tables under them check their
// constraints in their editors.
//
// It also refuses, as MySQL does with FOREIGN_KEY_CHECKS on, to drop a
// table that a table not dropped with it references (error 3730, which
// names the child: go-mysql-server's error does not).
func foreignKeyEditors(ctx *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	if d, ok := n.(*plan.DropTable); ok {
		return n, transform.SameTree, dropReferenced(ctx, d)
	}
	var err error
	transform.Inspect(n, func(n sql.Node) bool {
		switch d := n.(type) {
		case *plan.DropColumn:
			err = dropReferencedColumn(ctx, d)
		case *plan.AlterPK:
			if d.Action == plan.PrimaryKeyAction_Drop {
				err = dropReferencedKey(ctx, d)
			}
		}
		return err == nil
	})
	if err != nil {
		return nil, transform.SameTree, err
	}
	return transform.NodeWithOpaque(n, func(n sql.Node) (sql.Node, transform.TreeIdentity, error) {
		switch x := n.(type) {
		case *plan.ForeignKeyHandler:
			if _, ok := simsqlTable(x.Table); ok {
				return x.OriginalNode, transform.NewTree, nil
			}
		case *plan.DeleteFrom:
			if !x.HasExplicitTargets() {
				return n, transform.SameTree, nil
			}
			targets := x.GetDeleteTargets()
			out := make([]sql.Node, len(targets))
			same := transform.SameTree
			for i, t := range targets {
				out[i] = t
				if h, ok := t.(*plan.ForeignKeyHandler); ok {
					if _, ok := simsqlTable(h.Table); ok {
						out[i], same = h.OriginalNode, transform.NewTree
					}
				}
			}
			if same == transform.NewTree {
				return x.WithExplicitTargets(out), same, nil
			}
		}
		return n, transform.SameTree, nil
	})
}

// dropReferenced returns MySQL's error 3730 if d drops a table that a
// table it does not drop references, with FOREIGN_KEY_CHECKS on.
func dropReferenced(ctx *sql.Context, d *plan.DropTable) error {
	if v, err := ctx.GetSessionVariable(ctx, "foreign_key_checks"); err != nil || v == int8(0) {
		return err
	}
	var tables []*Table
	dropped := map[uint64]bool{}
	for _, n := range d.Tables {
		if t, ok := nodeTable(n); ok {
			tables = append(tables, t)
			dropped[t.meta.ID] = true
		}
	}
	for _, t := range tables {
		tr, done, err := t.db.store.txFrom(ctx, false)
		if err != nil {
			return err
		}
		links, err := t.db.store.foreignKeysTo(tr, t.db.name, t.meta.Name)
		done()
		if err != nil {
			return err
		}
		for _, l := range links {
			if !dropped[l.child.meta.ID] {
				return mysql.NewSQLError(3730, mysql.SSUnknownSQLState, // ER_FK_CANNOT_DROP_PARENT
					"Cannot drop table '%s' referenced by a foreign key constraint '%s' on table '%s'.", t.meta.Name, l.fk.Name, l.child.meta.Name)
			}
		}
	}
	return nil
}

// dropReferencedColumn returns MySQL's error 1829 if d drops a column that
// another table's constraint references. (go-mysql-server 0.20 compares
// the column with the child's columns of those constraints, not the
// referenced ones, and lets it go.)
func dropReferencedColumn(ctx *sql.Context, d *plan.DropColumn) error {
	t, ok := nodeTable(d.Table)
	if !ok {
		return nil
	}
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return err
	}
	defer done()
	links, err := t.db.store.foreignKeysTo(tr, t.db.name, t.meta.Name)
	if err != nil {
		return err
	}
	for _, l := range links {
		for _, c := range l.fk.ParentColumns {
			if strings.EqualFold(c, d.Column) {
				return mysql.NewSQLError(1829, mysql.SSUnknownSQLState, // ER_FK_COLUMN_CANNOT_DROP_CHILD
					"Cannot drop column '%s': needed in a foreign key constraint '%s' of table '%s'", d.Column, l.fk.Name, l.child.meta.Name)
			}
		}
	}
	return nil
}

// dropReferencedKey returns MySQL's error 1553 if d drops a primary key
// that a constraint of the table, or one referencing it, needs: one no
// other index of the table begins with.
func dropReferencedKey(ctx *sql.Context, d *plan.AlterPK) error {
	t, ok := nodeTable(d.Table)
	if !ok {
		return nil
	}
	cur, tr, done, err := t.latest(ctx)
	if err != nil {
		return err
	}
	defer done()
	links, err := t.db.store.foreignKeysTo(tr, t.db.name, cur.meta.Name)
	if err != nil {
		return err
	}
	var needs [][]string
	for i := range cur.meta.ForeignKeys {
		needs = append(needs, cur.meta.ForeignKeys[i].Columns)
	}
	for _, l := range links {
		needs = append(needs, l.fk.ParentColumns)
	}
	for _, cols := range needs {
		ords := cur.ordinals(cols)
		if ords == nil {
			continue
		}
		if order, _ := cur.keyOrder(ords); order == nil {
			continue // the key never served it
		}
		if ix, _ := cur.fkIndex(ords); ix == nil {
			return mysql.NewSQLError(1553, mysql.SSUnknownSQLState, // ER_DROP_INDEX_FK
				"Cannot drop index 'PRIMARY': needed in a foreign key constraint")
		}
	}
	return nil
}

// fkStatement is the foreign-key work of one statement: whether
// FOREIGN_KEY_CHECKS is on, the editors of the tables it looks up and
// cascades to (one per table, the statement's own editor included), and
// the cascade in progress.
type fkStatement struct {
	checks   bool
	root     *editor
	editors  map[uint64]*editor
	spawned  []*editor           // editors other than root, in order of creation
	refs     map[uint64][]fkLink // per table id: the constraints that reference it
	updating []uint64            // tables that the updates in progress (root and cascades) change
	depth    int                 // cascade levels below the statement's row
}

// fkState returns e's statement's foreign-key work, nil when
// FOREIGN_KEY_CHECKS is 0.
func (e *editor) fkState(ctx *sql.Context) *fkStatement {
	if e.fk == nil {
		on := true
		if v, err := ctx.GetSessionVariable(ctx, "foreign_key_checks"); err == nil {
			if i, ok := v.(int8); ok {
				on = i != 0
			}
		}
		e.fk = &fkStatement{checks: on, root: e, editors: map[uint64]*editor{e.t.meta.ID: e}, refs: map[uint64][]fkLink{}}
	}
	if !e.fk.checks {
		return nil
	}
	return e.fk
}

// editorOf returns the statement's editor of table name in database db,
// nil if there is no such table.
func (s *fkStatement) editorOf(ctx *sql.Context, tr *Transaction, db, name string) (*editor, error) {
	store := s.root.t.db.store
	m, err := store.databaseMeta(tr, db)
	if err != nil || m == nil {
		return nil, err
	}
	id, ok := m.Tables[strings.ToLower(name)]
	if !ok {
		return nil, nil
	}
	return s.editorByID(ctx, tr, m.Name, id)
}

func (s *fkStatement) editorByID(ctx *sql.Context, tr *Transaction, db string, id uint64) (*editor, error) {
	if e, ok := s.editors[id]; ok {
		return e, nil
	}
	store := s.root.t.db.store
	c, err := store.table(tr, db, id)
	if err != nil {
		return nil, err
	}
	e := newTable(&Database{store: store, name: db}, c).editor(ctx)
	e.fk, e.open = s, true
	s.editors[id] = e
	s.spawned = append(s.spawned, e)
	return e, nil
}

// referencing returns the constraints that reference e's table.
func (s *fkStatement) referencing(tr *Transaction, e *editor) ([]fkLink, error) {
	if links, ok := s.refs[e.t.meta.ID]; ok {
		return links, nil
	}
	links, err := e.t.db.store.foreignKeysTo(tr, e.t.db.name, e.t.meta.Name)
	if err != nil {
		return nil, err
	}
	s.refs[e.t.meta.ID] = links
	return links, nil
}

// fkInsert checks the constraints row (to be inserted) declares.
func (e *editor) fkInsert(ctx *sql.Context, row sql.Row) error {
	if len(e.t.meta.ForeignKeys) == 0 {
		return nil
	}
	s := e.fkState(ctx)
	if s == nil {
		return nil
	}
	return e.fkCheckParents(ctx, s, nil, row)
}

// fkCheckParents checks that each constraint of e's table whose columns
// row holds (and old, for an update, held otherwise) finds its parent row.
func (e *editor) fkCheckParents(ctx *sql.Context, s *fkStatement, old, row sql.Row) error {
	tr, _, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	for i := range e.t.meta.ForeignKeys {
		fk := &e.t.meta.ForeignKeys[i]
		cols := e.t.ordinals(fk.Columns)
		if cols == nil {
			continue // a column is gone: DDL keeps this from happening
		}
		vals, null := valuesAt(row, cols)
		if null {
			continue // a NULL in the key: nothing to check
		}
		if old != nil && !changed(ctx, e.t, old, row, cols) {
			continue
		}
		pe, err := s.editorOf(ctx, tr, fk.parentDB(e.t.db.name), fk.ParentTable)
		if err != nil {
			return err
		}
		if pe == nil {
			return errChildRow(e.t.db.name, e.t.meta.Name, fk)
		}
		pcols := pe.t.ordinals(fk.ParentColumns)
		if pcols == nil {
			return errChildRow(e.t.db.name, e.t.meta.Name, fk)
		}
		if pe == e && selfParent(ctx, e.t, row, cols, pcols) {
			continue // the row is its own parent
		}
		found, err := pe.fkFind(ctx, tr, pcols, vals, 1)
		if err != nil {
			return err
		}
		if len(found) == 0 {
			return errChildRow(e.t.db.name, e.t.meta.Name, fk)
		}
		// The parent row stays until this transaction ends (InnoDB takes a
		// shared lock; simsql's row locks are exclusive): a concurrent
		// DELETE of it waits, then finds this row among its children; if
		// it deleted or changed the parent after this statement's
		// snapshot, the statement runs again (write conflict) and fails.
		if !pe.t.keyless() {
			if pk, err := pe.t.pkKey(found[0]); err == nil && pk != nil {
				if err := tr.lockRow(pe.rowsBucket(), pk, true); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// fkBeforeUpdate checks an update of old to new: new's parents, and the
// children that RESTRICT a change of old's referenced columns.
func (e *editor) fkBeforeUpdate(ctx *sql.Context, old, new sql.Row) error {
	s := e.fkState(ctx)
	if s == nil {
		return nil
	}
	if len(e.t.meta.ForeignKeys) > 0 {
		if err := e.fkCheckParents(ctx, s, old, new); err != nil {
			return err
		}
	}
	return e.fkChildren(ctx, s, old, new, true)
}

// fkAfterUpdate applies the referencing constraints' ON UPDATE actions to
// the children of old, now new.
func (e *editor) fkAfterUpdate(ctx *sql.Context, old, new sql.Row) error {
	s := e.fkState(ctx)
	if s == nil {
		return nil
	}
	s.updating = append(s.updating, e.t.meta.ID)
	defer func() { s.updating = s.updating[:len(s.updating)-1] }()
	return e.fkChildren(ctx, s, old, new, false)
}

// fkBeforeDelete checks the children that RESTRICT deleting row.
func (e *editor) fkBeforeDelete(ctx *sql.Context, row sql.Row) error {
	s := e.fkState(ctx)
	if s == nil {
		return nil
	}
	return e.fkChildren(ctx, s, row, nil, true)
}

// fkAfterDelete applies the referencing constraints' ON DELETE actions to
// the children of the deleted row.
func (e *editor) fkAfterDelete(ctx *sql.Context, row sql.Row) error {
	s := e.fkState(ctx)
	if s == nil {
		return nil
	}
	return e.fkChildren(ctx, s, row, nil, false)
}

// fkChildren handles the children of parent row old, deleted (new nil) or
// updated to new: with restrict, it fails for a child that a RESTRICT or NO
// ACTION constraint protects; without, it applies CASCADE and SET NULL.
func (e *editor) fkChildren(ctx *sql.Context, s *fkStatement, old, new sql.Row, restrict bool) error {
	tr, _, err := e.t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	links, err := s.referencing(tr, e)
	if err != nil || len(links) == 0 {
		return err
	}
	for _, l := range links {
		pcols := e.t.ordinals(l.fk.ParentColumns)
		if pcols == nil {
			continue
		}
		vals, null := valuesAt(old, pcols)
		if null {
			continue // no child matches a NULL
		}
		if new != nil && !changed(ctx, e.t, old, new, pcols) {
			continue
		}
		action := l.fk.OnDelete
		if new != nil {
			action = l.fk.OnUpdate
		}
		cascades := action == "CASCADE" || action == "SET NULL"
		if restrict == cascades {
			continue
		}
		ce, err := s.editorByID(ctx, tr, l.db, l.child.meta.ID)
		if err != nil {
			return err
		}
		ccols := ce.t.ordinals(l.fk.Columns)
		if ccols == nil {
			continue
		}
		limit := 0
		if restrict {
			limit = 1
		}
		children, err := ce.fkFind(ctx, tr, ccols, vals, limit)
		if err != nil {
			return err
		}
		if len(children) == 0 {
			continue
		}
		if restrict {
			return errParentRow(l.db, ce.t.meta.Name, l.fk)
		}
		if new != nil {
			for _, id := range s.updating {
				if id == ce.t.meta.ID {
					// InnoDB: "Trying an update, possibly causing a cyclic
					// cascaded update in the child table".
					return errParentRow(l.db, ce.t.meta.Name, l.fk)
				}
			}
		}
		if s.depth+1 >= fkMaxCascade {
			return errCascadeDepth()
		}
		s.depth++
		err = ce.fkApply(ctx, tr, children, ccols, pcols, action, new)
		s.depth--
		if err != nil {
			return err
		}
	}
	return nil
}

// fkApply applies action (CASCADE or SET NULL) to children, rows of e's
// table whose columns ccols referenced a parent row now new (nil:
// deleted) in its columns pcols.
func (e *editor) fkApply(ctx *sql.Context, tr *Transaction, children []sql.Row, ccols, pcols []int, action string, new sql.Row) error {
	tx, err := tr.reader()
	if err != nil {
		return err
	}
	for _, child := range children {
		// An earlier cascade of this statement may have changed the row.
		cur, ok, err := e.pendingVersion(tx, child)
		if err != nil {
			return err
		}
		if ok {
			if cur == nil {
				continue
			}
			child = cur
		}
		if action == "CASCADE" && new == nil {
			if err := e.Delete(ctx, child); err != nil {
				return err
			}
			continue
		}
		updated := child.Copy()
		for i, o := range ccols {
			if action == "SET NULL" {
				updated[o] = nil
				continue
			}
			v, _, err := e.t.sch.Schema[o].Type.Convert(ctx, new[pcols[i]])
			if err != nil {
				return err
			}
			updated[o] = v
		}
		if err := e.Update(ctx, child, updated); err != nil {
			return err
		}
	}
	return nil
}

// fkView returns what foreign-key lookups read: the latest committed data
// with the transaction's writes in storage's concurrent mode, the
// transaction's reader otherwise (an exclusive transaction's reads are the
// latest already).
func fkView(tr *Transaction) (storage.View, error) {
	if v, err := tr.current(); err == nil {
		return v, nil
	}
	return tr.reader()
}

// pendingVersion returns the statement's version of a row of e's table
// (nil: deleted) and true, or false when the statement has not changed it.
func (e *editor) pendingVersion(tx storage.View, row sql.Row) (sql.Row, bool, error) {
	if e.t.keyless() {
		return nil, false, nil // keyOf finds keyless rows by value
	}
	k, err := e.t.pkKey(row)
	if err != nil {
		return nil, false, err
	}
	return e.pendingRow(k)
}

// fkFind returns the rows of e's table whose columns cols hold vals (at
// most limit of them; 0: all), as the statement sees the table: the stored
// rows it has not changed, then the rows it wrote. vals are converted to
// the columns' types; a value that does not fit matches nothing. The rows
// come from the primary key or the first B-tree index that begins with
// cols, or a scan when none does.
func (e *editor) fkFind(ctx *sql.Context, tr *Transaction, cols []int, vals []any, limit int) ([]sql.Row, error) {
	t := e.t
	conv := make([]any, len(vals))
	for i, o := range cols {
		v, inRange, err := t.sch.Schema[o].Type.Convert(ctx, vals[i])
		if err != nil || inRange == sql.OutOfRange || v == nil {
			return nil, nil
		}
		conv[i] = v
	}
	// The latest committed rows (and the transaction's own), as InnoDB's
	// foreign-key checks read them: a child committed after this
	// statement's snapshot still restricts its parent's deletion.
	tx, err := fkView(tr)
	if err != nil {
		return nil, err
	}
	var out []sql.Row
	full := func() bool { return limit > 0 && len(out) >= limit }
	add := func(k []byte, row sql.Row) {
		if !e.pending(k) && !full() {
			out = append(out, row)
		}
	}
	rows := rowsBucket(t.meta.rowsID())
	order, pkLen := t.keyOrder(cols)
	switch {
	case order != nil && pkLen == len(t.meta.PK): // the whole primary key: one row
		k, err := t.keyFormat().EncodeKeyTuple(typesAt(t, t.meta.PK), reorder(conv, order))
		if err != nil {
			return nil, err
		}
		if row, ok, err := e.pendingRow(k); ok || err != nil {
			if row != nil {
				out = append(out, row)
			}
			return out, err
		}
		if v := tx.Get(rows, k); v != nil {
			row, err := storage.DecodeRow(v, t.sch.Schema)
			if err != nil {
				return nil, err
			}
			out = append(out, row)
		}
		return out, nil
	case order != nil: // a prefix of the primary key
		prefix, err := t.keyFormat().EncodeKeyTuple(typesAt(t, t.meta.PK[:pkLen]), reorder(conv, order))
		if err != nil {
			return nil, err
		}
		if err := scanPrefix(tx, rows, prefix, func(k, v []byte) (bool, error) {
			row, err := storage.DecodeRow(v, t.sch.Schema)
			if err != nil {
				return false, err
			}
			add(k, row)
			return !full(), nil
		}); err != nil {
			return nil, err
		}
	default:
		ix, order := t.fkIndex(cols)
		if ix == nil {
			if err := scanPrefix(tx, rows, nil, func(k, v []byte) (bool, error) {
				row, err := storage.DecodeRow(v, t.sch.Schema)
				if err != nil {
					return false, err
				}
				if rowMatches(ctx, t, row, cols, conv) {
					add(k, row)
				}
				return !full(), nil
			}); err != nil {
				return nil, err
			}
			break
		}
		ords := t.indexOrdinals(ix)
		prefix, err := t.keyFormat().EncodeKeyTuple(typesAt(t, ords[:len(cols)]), reorder(conv, order))
		if err != nil {
			return nil, err
		}
		if err := tr.kv.Flush(ix.bucket()); err != nil {
			return nil, err
		}
		typs := t.indexTypes(ix)
		var keys [][]byte
		if err := scanPrefix(tx, ix.bucket(), prefix, func(k, _ []byte) (bool, error) {
			rk := k
			for _, typ := range typs {
				var err error
				if rk, err = storage.SkipKey(rk, typ); err != nil {
					return false, err
				}
			}
			if !e.pending(rk) {
				keys = append(keys, bytes.Clone(rk))
			}
			return limit == 0 || len(keys) < limit, nil
		}); err != nil {
			return nil, err
		}
		for _, k := range keys {
			row, err := t.rowAt(tx, k)
			if err != nil {
				return nil, err
			}
			add(k, row)
		}
	}
	for i := range e.buf.len() {
		if full() {
			break
		}
		row, err := e.rowAt(i)
		if err != nil {
			return nil, err
		}
		if row != nil && rowMatches(ctx, t, row, cols, conv) {
			out = append(out, row)
		}
	}
	return out, nil
}

// scanPrefix calls fn with each key of bucket that begins with prefix and
// its value, until fn returns false.
func scanPrefix(tx storage.View, bucket, prefix []byte, fn func(k, v []byte) (bool, error)) error {
	c := tx.Cursor(bucket)
	defer c.Close()
	var k, v []byte
	if prefix == nil {
		k, v = c.First()
	} else {
		k, v = c.Seek(prefix)
	}
	for ; k != nil && bytes.HasPrefix(k, prefix); k, v = c.Next() {
		more, err := fn(k, v)
		if err != nil || !more {
			return err
		}
	}
	return nil
}

// keyOrder reports whether the columns cols are the first len(cols)
// columns of t's primary key (in any order, none cut to a prefix length):
// order[i] is the position in cols of the key's i-th column, pkLen
// len(cols); order is nil otherwise.
func (t *Table) keyOrder(cols []int) (order []int, pkLen int) {
	if len(cols) == 0 || len(cols) > len(t.meta.PK) {
		return nil, 0
	}
	for i := range cols {
		if i < len(t.meta.PKLengths) && t.meta.PKLengths[i] > 0 {
			return nil, 0
		}
	}
	order = positions(t.meta.PK[:len(cols)], cols)
	return order, len(cols)
}

// fkIndex returns the first B-tree index of t whose leading columns are
// cols (in any order, none cut to a prefix length), and the position in
// cols of each of them; nil if there is none.
func (t *Table) fkIndex(cols []int) (*indexMeta, []int) {
	for i := range t.meta.Indexes {
		ix := &t.meta.Indexes[i]
		if ix.isCustom() || len(ix.Columns) < len(cols) {
			continue
		}
		cut := false
		for _, c := range ix.Columns[:len(cols)] {
			cut = cut || c.Length > 0
		}
		if cut {
			continue
		}
		if order := positions(t.indexOrdinals(ix)[:len(cols)], cols); order != nil {
			return ix, order
		}
	}
	return nil, nil
}

// positions returns, for each ordinal of lead, its position in cols; nil
// unless lead and cols hold the same ordinals.
func positions(lead, cols []int) []int {
	order := make([]int, len(lead))
	for i, o := range lead {
		order[i] = -1
		for j, c := range cols {
			if c == o {
				order[i] = j
			}
		}
		if order[i] < 0 {
			return nil
		}
	}
	return order
}

func reorder(vals []any, order []int) []any {
	out := make([]any, len(order))
	for i, j := range order {
		out[i] = vals[j]
	}
	return out
}

func typesAt(t *Table, ords []int) []sql.Type {
	typs := make([]sql.Type, len(ords))
	for i, o := range ords {
		typs[i] = t.sch.Schema[o].Type
	}
	return typs
}

// ordinals returns the ordinals of the named columns of t, nil if one is
// missing.
func (t *Table) ordinals(names []string) []int {
	ords := make([]int, len(names))
	for i, n := range names {
		if ords[i] = t.meta.column(n); ords[i] < 0 {
			return nil
		}
	}
	return ords
}

// valuesAt returns row's values at cols, and whether one is NULL.
func valuesAt(row sql.Row, cols []int) ([]any, bool) {
	vals := make([]any, len(cols))
	for i, o := range cols {
		if row[o] == nil {
			return nil, true
		}
		vals[i] = row[o]
	}
	return vals, false
}

// changed reports whether old and new differ in a column of cols.
func changed(ctx *sql.Context, t *Table, old, new sql.Row, cols []int) bool {
	for _, o := range cols {
		if (old[o] == nil) != (new[o] == nil) {
			return true
		}
		if old[o] == nil {
			continue
		}
		if c, err := t.sch.Schema[o].Type.Compare(ctx, old[o], new[o]); err != nil || c != 0 {
			return true
		}
	}
	return false
}

// rowMatches reports whether row holds vals at cols.
func rowMatches(ctx *sql.Context, t *Table, row sql.Row, cols []int, vals []any) bool {
	for i, o := range cols {
		if row[o] == nil {
			return false
		}
		if c, err := t.sch.Schema[o].Type.Compare(ctx, row[o], vals[i]); err != nil || c != 0 {
			return false
		}
	}
	return true
}

// selfParent reports whether row's referencing columns cols equal its own
// referenced columns pcols (a row that is its own parent).
func selfParent(ctx *sql.Context, t *Table, row sql.Row, cols, pcols []int) bool {
	for i := range cols {
		a, b := row[cols[i]], row[pcols[i]]
		if b == nil {
			return false
		}
		if c, err := t.sch.Schema[pcols[i]].Type.Compare(ctx, a, b); err != nil || c != 0 {
			return false
		}
	}
	return true
}

// fkMark forwards an IGNORE statement's next-row mark (StatementBegin) to
// the editors its cascades reach.
func (e *editor) fkMark(ctx *sql.Context) {
	if e.fk != nil && e.fk.root == e {
		for _, sp := range e.fk.spawned {
			sp.StatementBegin(ctx)
		}
	}
}

// fkComplete forwards StatementComplete.
func (e *editor) fkComplete(ctx *sql.Context) {
	if e.fk != nil && e.fk.root == e {
		for _, sp := range e.fk.spawned {
			_ = sp.StatementComplete(ctx)
		}
	}
}

// fkDiscard forwards DiscardChanges.
func (e *editor) fkDiscard(ctx *sql.Context, err error) {
	if e.fk != nil && e.fk.root == e {
		for _, sp := range e.fk.spawned {
			_ = sp.DiscardChanges(ctx, err)
		}
	}
}

// fkClose writes the edits of the editors e's cascades reached, when e is
// its statement's own editor, and ends the statement's foreign-key work.
func (e *editor) fkClose(ctx *sql.Context) error {
	s := e.fk
	if s == nil || s.root != e {
		return nil
	}
	e.fk = nil
	var first error
	for _, sp := range s.spawned {
		sp.open = false
		if sp.buf.len() > 0 && first == nil {
			first = sp.write(ctx)
		}
		sp.reset()
		sp.fk = nil
	}
	return first
}
