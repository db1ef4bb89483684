package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/mysql"
)

// Foreign keys, as InnoDB has them. A constraint is stored in the metadata
// of the table that declares it (the child: tableMeta.ForeignKeys), naming
// its parent by database and table name, so that a child may be created
// before its parent with FOREIGN_KEY_CHECKS = 0 (mariadb-dump's order) and
// a parent renamed or dropped with its children left in place.
//
// go-mysql-server does the DDL through sql.ForeignKeyTable (this file):
// CREATE TABLE … FOREIGN KEY and ALTER TABLE ADD/DROP FOREIGN KEY, the
// index a constraint needs on the child, the names t_ibfk_N, the checks of
// DROP TABLE (3730), DROP INDEX (1553), DROP/MODIFY/RENAME COLUMN and
// TRUNCATE (1701), SHOW CREATE TABLE and information_schema. The rows are
// checked by simsql's editor (foreign_key_editor.go), in the statement's
// transaction, as InnoDB checks them: row by row, with the statement's own
// earlier edits visible.

// foreignKeyMeta is one stored foreign key constraint of a table.
// ParentDB is "" when the parent is in the child's own database. OnDelete
// and OnUpdate are "RESTRICT", "CASCADE", "SET NULL" or "NO ACTION" as
// written, "" when the statement named none (InnoDB then acts as
// RESTRICT).
type foreignKeyMeta struct {
	Name          string   `json:"name"`
	Columns       []string `json:"columns"`
	ParentDB      string   `json:"parent_db,omitempty"`
	ParentTable   string   `json:"parent_table"`
	ParentColumns []string `json:"parent_columns"`
	OnDelete      string   `json:"on_delete,omitempty"`
	OnUpdate      string   `json:"on_update,omitempty"`
}

// metaVersionForeignKeys is the first metadata version that may declare
// foreign keys. A version-1 table that gains one is stored as this version
// (keeping its key format 0), so a binary from before refuses a table whose
// constraints it would not enforce instead of silently dropping them; one
// without any keeps its version, so data directories written before open
// unchanged.
const metaVersionForeignKeys = 2

// version returns the metadata version m is stored with.
func (m *tableMeta) version() int {
	v := m.Version
	if len(m.ForeignKeys) > 0 && v < metaVersionForeignKeys {
		v = metaVersionForeignKeys
	}
	for _, ix := range m.Indexes {
		if ix.layout() == layoutPacked {
			v = max(v, metaVersionPackedIndexes)
		}
	}
	return v
}

var _ sql.ForeignKeyTable = (*Table)(nil)

// fkAction converts a stored action to go-mysql-server's. NO ACTION is
// InnoDB's RESTRICT and MySQL 8 shows neither it nor an unnamed action in
// SHOW CREATE TABLE (information_schema says "NO ACTION" for both), so
// both come back as the default action.
func fkAction(s string) sql.ForeignKeyReferentialAction {
	switch s {
	case "RESTRICT":
		return sql.ForeignKeyReferentialAction_Restrict
	case "CASCADE":
		return sql.ForeignKeyReferentialAction_Cascade
	case "SET NULL":
		return sql.ForeignKeyReferentialAction_SetNull
	case "SET DEFAULT":
		return sql.ForeignKeyReferentialAction_SetDefault
	}
	return sql.ForeignKeyReferentialAction_DefaultAction
}

// storedAction converts go-mysql-server's action to the stored form.
func storedAction(a sql.ForeignKeyReferentialAction) string {
	if a == sql.ForeignKeyReferentialAction_DefaultAction {
		return ""
	}
	return string(a)
}

// constraint returns fk of table child (in database db) as go-mysql-server
// describes it. Constraints are always reported resolved: simsql checks
// rows itself and never wants go-mysql-server to re-check a table (MySQL
// does not re-check rows when FOREIGN_KEY_CHECKS is turned back on).
func (fk *foreignKeyMeta) constraint(db, child string) sql.ForeignKeyConstraint {
	parentDB := fk.ParentDB
	if parentDB == "" {
		parentDB = db
	}
	return sql.ForeignKeyConstraint{
		Name: fk.Name, Database: db, Table: child, Columns: append([]string(nil), fk.Columns...),
		ParentDatabase: parentDB, ParentTable: fk.ParentTable, ParentColumns: append([]string(nil), fk.ParentColumns...),
		OnUpdate: fkAction(fk.OnUpdate), OnDelete: fkAction(fk.OnDelete), IsResolved: true,
	}
}

// foreignKeyOf converts go-mysql-server's constraint, declared by a table
// of database db, to the stored form.
func foreignKeyOf(db string, c sql.ForeignKeyConstraint) foreignKeyMeta {
	fk := foreignKeyMeta{
		Name: c.Name, Columns: append([]string(nil), c.Columns...), ParentTable: c.ParentTable,
		ParentColumns: append([]string(nil), c.ParentColumns...),
		OnDelete:      storedAction(c.OnDelete), OnUpdate: storedAction(c.OnUpdate),
	}
	if c.ParentDatabase != "" && !strings.EqualFold(c.ParentDatabase, db) {
		fk.ParentDB = c.ParentDatabase
	}
	return fk
}

// parentDB returns the database of fk's parent, for a child in db.
func (fk *foreignKeyMeta) parentDB(db string) string {
	if fk.ParentDB == "" {
		return db
	}
	return fk.ParentDB
}

// references reports whether fk, declared in database db, names table
// parent of database parentDB.
func (fk *foreignKeyMeta) references(db, parentDB, parent string) bool {
	return strings.EqualFold(fk.parentDB(db), parentDB) && strings.EqualFold(fk.ParentTable, parent)
}

// fkLink is a foreign key and the table that declares it.
type fkLink struct {
	db    string // the child's database
	child *cachedTable
	fk    *foreignKeyMeta
}

// foreignKeysTo returns the foreign keys of every table (in every database)
// that reference table name of database db, as stored in transaction tr.
func (s *Store) foreignKeysTo(tr *Transaction, db, name string) ([]fkLink, error) {
	var out []fkLink
	err := s.eachForeignKey(tr, func(l fkLink) bool {
		if l.fk.references(l.db, db, name) {
			out = append(out, l)
		}
		return true
	})
	return out, err
}

// eachForeignKey calls fn with every stored foreign key until it returns
// false.
func (s *Store) eachForeignKey(tr *Transaction, fn func(fkLink) bool) error {
	tx, err := tr.reader()
	if err != nil {
		return err
	}
	var dbs []databaseMeta
	c := tx.Cursor(bucketMeta)
	for k, v := c.Seek([]byte("db/")); k != nil && strings.HasPrefix(string(k), "db/"); k, v = c.Next() {
		var m databaseMeta
		if err := decodeJSON(v, &m); err != nil {
			c.Close()
			return err
		}
		dbs = append(dbs, m)
	}
	c.Close()
	for _, m := range dbs {
		for _, id := range m.Tables {
			ct, err := s.table(tr, m.Name, id)
			if err != nil {
				return err
			}
			for i := range ct.meta.ForeignKeys {
				if !fn(fkLink{db: m.Name, child: ct, fk: &ct.meta.ForeignKeys[i]}) {
					return nil
				}
			}
		}
	}
	return nil
}

// latest returns t's metadata as ctx's transaction sees it now (DDL may
// have changed it since t was resolved).
func (t *Table) latest(ctx *sql.Context) (*Table, *Transaction, func(), error) {
	tr, done, err := t.db.store.txFrom(ctx, false)
	if err != nil {
		return nil, nil, nil, err
	}
	c, err := t.db.store.table(tr, t.db.name, t.meta.ID)
	if err != nil {
		done()
		return nil, nil, nil, err
	}
	return newTable(t.db, c), tr, done, nil
}

// CreateIndexForForeignKey implements sql.ForeignKeyTable: the index MySQL
// adds to a child whose columns no index begins with.
func (t *Table) CreateIndexForForeignKey(ctx *sql.Context, def sql.IndexDef) error {
	return t.CreateIndex(ctx, def)
}

// GetDeclaredForeignKeys implements sql.ForeignKeyTable.
func (t *Table) GetDeclaredForeignKeys(ctx *sql.Context) ([]sql.ForeignKeyConstraint, error) {
	cur, _, done, err := t.latest(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	out := make([]sql.ForeignKeyConstraint, len(cur.meta.ForeignKeys))
	for i := range cur.meta.ForeignKeys {
		out[i] = cur.meta.ForeignKeys[i].constraint(t.db.name, cur.meta.Name)
	}
	return out, nil
}

// GetReferencedForeignKeys implements sql.ForeignKeyTable: the constraints
// of every table that name t as their parent (t's own included).
func (t *Table) GetReferencedForeignKeys(ctx *sql.Context) ([]sql.ForeignKeyConstraint, error) {
	cur, tr, done, err := t.latest(ctx)
	if err != nil {
		return nil, err
	}
	defer done()
	links, err := t.db.store.foreignKeysTo(tr, t.db.name, cur.meta.Name)
	if err != nil {
		return nil, err
	}
	out := make([]sql.ForeignKeyConstraint, len(links))
	for i, l := range links {
		out[i] = l.fk.constraint(l.db, l.child.meta.Name)
	}
	return out, nil
}

// AddForeignKey implements sql.ForeignKeyTable. Constraint names are
// unique within a database, as in MySQL (error 1826).
func (t *Table) AddForeignKey(ctx *sql.Context, c sql.ForeignKeyConstraint) error {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	if c.ParentDatabase == "" {
		c.ParentDatabase = t.db.name
	}
	if c.OnDelete == sql.ForeignKeyReferentialAction_SetDefault || c.OnUpdate == sql.ForeignKeyReferentialAction_SetDefault {
		// MySQL's parser knows SET DEFAULT; InnoDB refuses it.
		return mysql.NewSQLError(1215, mysql.SSUnknownSQLState, "Cannot add foreign key constraint") // ER_CANNOT_ADD_FOREIGN
	}
	if err := t.db.store.eachForeignKey(tr, func(l fkLink) bool {
		if strings.EqualFold(l.db, t.db.name) && strings.EqualFold(l.fk.Name, c.Name) {
			err = errDuplicateForeignKeyName(c.Name)
			return false
		}
		return true
	}); err != nil {
		return err
	}
	if err != nil {
		return err
	}
	m := t.meta.clone()
	m.ForeignKeys = append(m.ForeignKeys, foreignKeyOf(t.db.name, c))
	return t.db.store.putTableMeta(tr, m)
}

// DropForeignKey implements sql.ForeignKeyTable.
func (t *Table) DropForeignKey(ctx *sql.Context, name string) error {
	return t.editForeignKey(ctx, name, nil)
}

// UpdateForeignKey implements sql.ForeignKeyTable (a renamed column of the
// constraint).
func (t *Table) UpdateForeignKey(ctx *sql.Context, name string, c sql.ForeignKeyConstraint) error {
	fk := foreignKeyOf(t.db.name, c)
	return t.editForeignKey(ctx, name, &fk)
}

// editForeignKey replaces constraint name of t by fk, or drops it (fk nil).
func (t *Table) editForeignKey(ctx *sql.Context, name string, fk *foreignKeyMeta) error {
	tr, _, err := t.db.store.writeTx(ctx)
	if err != nil {
		return err
	}
	if t, err = t.current(tr); err != nil {
		return err
	}
	m := t.meta.clone()
	for i := range m.ForeignKeys {
		if !strings.EqualFold(m.ForeignKeys[i].Name, name) {
			continue
		}
		if fk == nil {
			m.ForeignKeys = append(m.ForeignKeys[:i], m.ForeignKeys[i+1:]...)
		} else {
			m.ForeignKeys[i] = *fk
		}
		return t.db.store.putTableMeta(tr, m)
	}
	return sql.ErrForeignKeyNotFound.New(name, t.meta.Name)
}

// GetForeignKeyEditor implements sql.ForeignKeyTable. go-mysql-server uses
// it to check a table's rows when ALTER TABLE adds a constraint; the rows
// of statements are checked by the table's own editor.
func (t *Table) GetForeignKeyEditor(ctx *sql.Context) sql.ForeignKeyEditor {
	return fkLookupEditor{editor: t.editor(ctx), Table: t}
}

// fkLookupEditor is t's editor, addressable by index.
type fkLookupEditor struct {
	*editor
	*Table
}

var _ sql.ForeignKeyEditor = fkLookupEditor{}

// Close implements sql.Closer (both embedded types have one).
func (e fkLookupEditor) Close(ctx *sql.Context) error { return e.editor.Close(ctx) }

// renameParent points the foreign keys that reference table from of
// database db at to (RENAME TABLE, as MySQL does).
func (s *Store) renameParent(tr *Transaction, db, from, to string) error {
	links, err := s.foreignKeysTo(tr, db, from)
	if err != nil {
		return err
	}
	edited := map[uint64]*tableMeta{}
	for _, l := range links {
		m := edited[l.child.meta.ID]
		if m == nil {
			m = l.child.meta.clone()
			edited[l.child.meta.ID] = m
		}
		for i := range m.ForeignKeys {
			if m.ForeignKeys[i].Name == l.fk.Name {
				m.ForeignKeys[i].ParentTable = to
			}
		}
	}
	for _, m := range edited {
		if err := s.putTableMeta(tr, m); err != nil {
			return err
		}
	}
	return nil
}

// renameForeignKeyColumn renames column from to in the foreign keys m
// declares (ALTER TABLE … CHANGE when go-mysql-server has not done it).
func (m *tableMeta) renameForeignKeyColumn(from, to string) {
	for i := range m.ForeignKeys {
		fk := &m.ForeignKeys[i]
		for j, c := range fk.Columns {
			if strings.EqualFold(c, from) {
				fk.Columns[j] = to
			}
		}
	}
}

// errDuplicateForeignKeyName is go-mysql-server's kind for MySQL's 1826.
func errDuplicateForeignKeyName(name string) error {
	return sql.ErrForeignKeyDuplicateName.New(name)
}

// clause returns the constraint's text as InnoDB writes it in errors 1451
// and 1452: "FOREIGN KEY (`c`) REFERENCES `p` (`id`) ON DELETE CASCADE",
// the parent qualified when it is in another database than db; RESTRICT
// and an unnamed action are not written.
func (fk *foreignKeyMeta) clause(db string) string {
	var b strings.Builder
	b.WriteString("FOREIGN KEY (")
	b.WriteString(quoteNames(fk.Columns))
	b.WriteString(") REFERENCES ")
	if fk.ParentDB != "" && !strings.EqualFold(fk.ParentDB, db) {
		b.WriteString(quoteName(fk.ParentDB) + ".")
	}
	b.WriteString(quoteName(fk.ParentTable))
	b.WriteString(" (")
	b.WriteString(quoteNames(fk.ParentColumns))
	b.WriteString(")")
	for _, a := range []struct{ on, action string }{{"DELETE", fk.OnDelete}, {"UPDATE", fk.OnUpdate}} {
		if a.action != "" && a.action != "RESTRICT" {
			fmt.Fprintf(&b, " ON %s %s", a.on, a.action)
		}
	}
	return b.String()
}

func quoteName(s string) string { return "`" + strings.ReplaceAll(s, "`", "``") + "`" }

func quoteNames(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = quoteName(n)
	}
	return strings.Join(q, ", ")
}

// errChildRow is MySQL's error 1452 for a row of child (in database db)
// whose fk has no parent row, as go-mysql-server's kind (INSERT IGNORE
// skips the row with a warning) with its arguments in MySQL's terms:
// package mysqlerr words it "Cannot add or update a child row: a foreign
// key constraint fails (`db`.`child`, CONSTRAINT `fk` FOREIGN KEY …)".
func errChildRow(db, child string, fk *foreignKeyMeta) error {
	return sql.ErrForeignKeyChildViolation.New(fk.Name, quoteName(db)+"."+quoteName(child), fk.ParentTable, fk.clause(db))
}

// errParentRow is MySQL's error 1451 for a row of a parent that fk of
// child still references ("Cannot delete or update a parent row: …").
func errParentRow(db, child string, fk *foreignKeyMeta) error {
	return sql.ErrForeignKeyParentViolation.New(fk.Name, quoteName(db)+"."+quoteName(child), fk.ParentTable, fk.clause(db))
}

// errCascadeDepth is MySQL's error 3008 (ER_FK_DEPTH_EXCEEDED), whose
// wording go-mysql-server's kind has.
func errCascadeDepth() error { return sql.ErrForeignKeyDepthLimit.New() }
