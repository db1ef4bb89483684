package catalog

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/types"
	"github.com/dolthub/vitess/go/sqltypes"
)

// Database is one database of the durable Store.
type Database struct {
	store *Store
	name  string
}

var (
	_ sql.Database     = (*Database)(nil)
	_ sql.TableCreator = (*Database)(nil)
	_ sql.TableDropper = (*Database)(nil)
	_ sql.TableRenamer = (*Database)(nil)
)

// Name implements sql.Nameable.
func (d *Database) Name() string { return d.name }

// GetTableInsensitive implements sql.Database.
func (d *Database) GetTableInsensitive(ctx *sql.Context, name string) (sql.Table, bool, error) {
	if t, ok, err := d.temporaryTable(ctx, name); ok || err != nil {
		return t, ok, err // a temporary table shadows a base table
	} else if !d.store.temporary && dropTemporaryIfExists(ctx) {
		return nil, false, nil
	}
	t, done, err := d.store.txFrom(ctx, false)
	if err != nil {
		return nil, false, err
	}
	defer done()
	m, err := d.store.readDatabaseMeta(t, d.name)
	if err != nil || m == nil {
		return nil, false, err
	}
	id, ok := m.Tables[strings.ToLower(name)]
	if !ok {
		return nil, false, nil
	}
	c, err := d.store.table(t, d.name, id)
	if err != nil {
		return nil, false, err
	}
	return newTable(d, c), true, nil
}

// GetTableNames implements sql.Database, in order of name.
func (d *Database) GetTableNames(ctx *sql.Context) ([]string, error) {
	t, done, err := d.store.txFrom(ctx, false)
	if err != nil {
		return nil, err
	}
	defer done()
	m, err := d.store.readDatabaseMeta(t, d.name)
	if err != nil || m == nil {
		return nil, err
	}
	names := make([]string, 0, len(m.Tables))
	for _, id := range m.Tables {
		c, err := d.store.table(t, d.name, id)
		if err != nil {
			return nil, err
		}
		names = append(names, c.meta.Name)
	}
	sort.Strings(names)
	return names, nil
}

// CreateTable implements sql.TableCreator.
func (d *Database) CreateTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string) error {
	return d.createTable(ctx, name, sch, collation, comment, nil)
}

// createTable creates table name; pkLengths are the prefix lengths of its
// primary-key columns (nil: whole values).
func (d *Database) createTable(ctx *sql.Context, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string, pkLengths []int64) error {
	t, m, err := d.metaForEdit(ctx)
	if err != nil {
		return err
	}
	if _, ok := m.Tables[strings.ToLower(name)]; ok {
		return sql.ErrTableAlreadyExists.New(name)
	}
	id, err := nextID(t)
	if err != nil {
		return err
	}
	sch = nullColumnsBinary(sch)
	tm, err := newTableMeta(id, name, sch, collation, comment)
	if err != nil {
		return err
	}
	tm.PKLengths = pkLengths
	if err := applyFloatScales(ctx, tm, nil, "", ""); err != nil { // compat_float_scale.go
		return err
	}
	if err := t.kv.CreateKeyspace(rowsBucket(id)); err != nil {
		return err
	}
	if len(tm.PK) == 0 {
		if err := t.kv.CreateKeyspace(hiddenBucket(id)); err != nil {
			return err
		}
	}
	if err := d.store.putTableMeta(t, tm); err != nil {
		return err
	}
	if err := t.kv.Put(bucketAutoInc, binaryID(id), binaryID(1)); err != nil {
		return err
	}
	if err := putStats(t, id, tableStats{}); err != nil {
		return err
	}
	m.Tables[strings.ToLower(name)] = id
	return d.store.putDatabaseMeta(t, m)
}

// DropTable implements sql.TableDropper; it drops the session's
// temporary table name if it has one.
func (d *Database) DropTable(ctx *sql.Context, name string) error {
	if ok, err := d.dropTemporary(ctx, name); ok || err != nil {
		return err
	}
	t, m, err := d.metaForEdit(ctx)
	if err != nil {
		return err
	}
	id, ok := m.Tables[strings.ToLower(name)]
	if !ok {
		return sql.ErrTableNotFound.New(name)
	}
	if err := d.store.dropTableData(t, id); err != nil {
		return err
	}
	delete(m.Tables, strings.ToLower(name))
	return d.store.putDatabaseMeta(t, m)
}

// RenameTable implements sql.TableRenamer; it renames the session's
// temporary table oldName if it has one.
func (d *Database) RenameTable(ctx *sql.Context, oldName, newName string) error {
	if ok, err := d.renameTemporary(ctx, oldName, newName); ok || err != nil {
		return err
	}
	t, m, err := d.metaForEdit(ctx)
	if err != nil {
		return err
	}
	id, ok := m.Tables[strings.ToLower(oldName)]
	if !ok {
		return sql.ErrTableNotFound.New(oldName)
	}
	if _, ok := m.Tables[strings.ToLower(newName)]; ok && !strings.EqualFold(oldName, newName) {
		return sql.ErrTableAlreadyExists.New(newName)
	}
	c, err := d.store.table(t, d.name, id)
	if err != nil {
		return err
	}
	tm := c.meta.clone()
	tm.Name = newName
	if err := d.store.putTableMeta(t, tm); err != nil {
		return err
	}
	delete(m.Tables, strings.ToLower(oldName))
	m.Tables[strings.ToLower(newName)] = id
	return d.store.putDatabaseMeta(t, m)
}

func decodeJSON(b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("catalog: damaged metadata: %w", err)
	}
	return nil
}

// Store returns the Store d belongs to.
func (d *Database) Store() *Store { return d.store }

// nullColumnsBinary returns sch with each column of type NULL (CREATE
// TABLE … AS SELECT NULL AS n; go-mysql-server: "type null cannot be
// stored") a nullable BINARY(0), as MySQL 8 and MariaDB create it
// (Item_null's field type, MYSQL_TYPE_NULL stored as a binary string of
// length 0). Pinned by CreateSelectScripts (sqltests/scripts_ctas.go).
func nullColumnsBinary(sch sql.PrimaryKeySchema) sql.PrimaryKeySchema {
	var out sql.Schema
	for i, c := range sch.Schema {
		if c.Type != types.Null {
			continue
		}
		if out == nil {
			out = append(sql.Schema(nil), sch.Schema...)
		}
		col := *c
		col.Type, col.Nullable = types.MustCreateBinary(sqltypes.Binary, 0), true
		out[i] = &col
	}
	if out != nil {
		sch.Schema = out
	}
	return sch
}
