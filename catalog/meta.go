package catalog

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/planbuilder"

	"github.com/simsql/simsql/storage"
)

// metaVersion is the version of the JSON form of table metadata written
// for new tables. Version 2 records key_format, the storage.KeyFormat of the
// table's keys, and may declare foreign keys; version 1, which has neither,
// means storage.KeyFormat0, and is still read (and kept when such a table's
// metadata is rewritten without rewriting its keys or adding a foreign
// key). A binary that knows only version 1 refuses version 2 rather than
// misreading its keys or dropping its constraints.
const metaVersion = 2

// databaseMeta is the persisted description of one database.
type databaseMeta struct {
	Name      string              `json:"name"`
	Collation string              `json:"collation,omitempty"`
	Tables    map[string]uint64   `json:"tables"` // lower-case table name → table id
	Views     map[string]viewMeta `json:"views,omitempty"`
	// Triggers and stored procedures as go-mysql-server describes them.
	Triggers   []sql.TriggerDefinition               `json:"triggers,omitempty"`
	Procedures map[string]sql.StoredProcedureDetails `json:"procedures,omitempty"`
}

// tableMeta is the persisted description of one table: its schema, primary
// key, indexes and checks. Types and expressions are stored as SQL text and
// parsed back by go-mysql-server, which resolves defaults and generated
// expressions when a query uses them.
type tableMeta struct {
	Version   int          `json:"version"`
	ID        uint64       `json:"id"`
	Name      string       `json:"name"`
	Data      uint64       `json:"data,omitempty"` // id of the rows bucket when not ID (after a rewrite)
	Columns   []columnMeta `json:"columns"`
	PK        []int        `json:"pk"`                   // ordinals of the primary-key columns, in key order
	PKLengths []int64      `json:"pk_lengths,omitempty"` // their prefix lengths (PRIMARY KEY (v(3)): 3; 0: whole); nil: none
	Collation string       `json:"collation,omitempty"`
	Comment   string       `json:"comment,omitempty"`
	Indexes   []indexMeta  `json:"indexes,omitempty"`
	Checks    []checkMeta  `json:"checks,omitempty"`
	// KeyFormat is the storage.KeyFormat of every key of the table (primary
	// key, B-tree indexes, UNIQUE checks, lookups): 0 in version 1.
	KeyFormat int `json:"key_format,omitempty"`
	// ForeignKeys are the constraints the table declares (foreign_keys.go);
	// a table with any is stored as version metaVersionForeignKeys or later.
	ForeignKeys []foreignKeyMeta `json:"foreign_keys,omitempty"`

	scales []floatScale // the FLOAT(M,D) and DOUBLE(M,D) columns (compileScales, compat_float_scale.go)
	// unsigned are the ordinals of the DECIMAL, FLOAT and DOUBLE UNSIGNED
	// columns (compileScales, compat_unsigned_real.go).
	unsigned []int
}

type columnMeta struct {
	Name          string    `json:"name"`
	Type          string    `json:"type"`
	Nullable      bool      `json:"nullable,omitempty"`
	AutoIncrement bool      `json:"auto_increment,omitempty"`
	Default       *exprMeta `json:"default,omitempty"`
	Generated     *exprMeta `json:"generated,omitempty"`
	Virtual       bool      `json:"virtual,omitempty"`
	OnUpdate      *exprMeta `json:"on_update,omitempty"`
	Comment       string    `json:"comment,omitempty"`
	Extra         string    `json:"extra,omitempty"`
	// Collation of a string, ENUM or SET type: its SQL text omits the
	// default one, which must still be restored exactly (LIKE, ordering).
	Collation string `json:"collation,omitempty"`
}

// exprMeta is a column default, generated or ON UPDATE expression as SQL.
type exprMeta struct {
	SQL string `json:"sql"`
}

// indexMeta is a secondary index (the primary key is tableMeta.PK). Kind is
// "btree", or a custom kind such as "simhash" whose entries a plugged-in
// index maintains; Comment carries its parameters.
type indexMeta struct {
	ID      uint64        `json:"id"`
	Name    string        `json:"name"`
	Columns []indexColumn `json:"columns"`
	Unique  bool          `json:"unique,omitempty"`
	Kind    string        `json:"kind,omitempty"`
	Comment string        `json:"comment,omitempty"`
	KeyLen  int           `json:"key_len,omitempty"` // custom kinds: bytes of every key
	Values  bool          `json:"values,omitempty"`  // custom kinds: entries in the kind's current format
	// Layout is a custom kind's index layout (layoutKeys, layoutPacked);
	// 0, for indexes made before layouts were recorded, is layoutKeys.
	Layout int `json:"layout,omitempty"`

	compiled *CustomIndex // custom kinds: compiled when the metadata loaded (nil while DDL changes it)
	made     bool         // custom kinds: being made by this statement (IndexSpec.New)
}

type indexColumn struct {
	Name   string `json:"name"`
	Length int64  `json:"length,omitempty"`
}

type checkMeta struct {
	Name     string `json:"name"`
	Expr     string `json:"expr"`
	Enforced bool   `json:"enforced"`
}

// Index layouts of custom kinds (indexMeta.Layout): how the entries are
// kept, and which entries a kind writes (IndexSpec.Layout).
const (
	// layoutKeys keeps each entry as a key of its own in keyspace "x"+id.
	layoutKeys = 1
	// layoutPacked keeps the entries in the packed keyspace
	// storage.PackedKeyspace("x"+id, KeyLen): on bbolt many entries to an
	// engine key, prefix-compressed. The minhash kind writes its band
	// entries only (no signature entry) in this layout. Every custom
	// index made or rebuilt now has it, but counting ones.
	layoutPacked = 2
)

// metaVersionPackedIndexes is the first metadata version that may hold an
// index of layoutPacked. A table gains it with its first such index, so a
// binary from before refuses the table rather than look for the entries
// in a keyspace that does not exist; tables without one keep their
// version.
const metaVersionPackedIndexes = 3

// layout returns ix's index layout.
func (ix *indexMeta) layout() int {
	if ix.Layout == 0 {
		return layoutKeys
	}
	return ix.Layout
}

// bucket is the keyspace of ix's entries.
func (ix *indexMeta) bucket() []byte {
	if ix.layout() == layoutPacked {
		return storage.PackedKeyspace(indexBucket(ix.ID), ix.KeyLen)
	}
	return indexBucket(ix.ID)
}

func encodeMeta(v any) ([]byte, error) { return json.Marshal(v) }

func decodeTableMeta(b []byte) (*tableMeta, error) {
	var m tableMeta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("catalog: damaged table metadata: %w", err)
	}
	if m.Version < 1 || m.Version > metaVersionPackedIndexes {
		return nil, fmt.Errorf("catalog: table %s has metadata version %d; this binary reads versions 1 to %d", m.Name, m.Version, metaVersionPackedIndexes)
	}
	for _, ix := range m.Indexes {
		if ix.Layout > layoutPacked || ix.Layout == layoutPacked && (m.Version < metaVersionPackedIndexes || ix.KeyLen < 1 || ix.KeyLen > 255) {
			return nil, fmt.Errorf("catalog: table %s (metadata version %d) has index %s of layout %d with %d-byte keys; this binary reads layouts 1 and %d",
				m.Name, m.Version, ix.Name, ix.Layout, ix.KeyLen, layoutPacked)
		}
	}
	if m.KeyFormat < 0 || m.KeyFormat > int(storage.CurrentKeyFormat) || m.Version == 1 && m.KeyFormat != 0 {
		return nil, fmt.Errorf("catalog: table %s (metadata version %d) has key format %d; this binary reads key formats 0 to %d", m.Name, m.Version, m.KeyFormat, storage.CurrentKeyFormat)
	}
	if m.Version < metaVersionForeignKeys && len(m.ForeignKeys) > 0 {
		return nil, fmt.Errorf("catalog: table %s has metadata version %d, which cannot declare foreign keys", m.Name, m.Version)
	}
	return &m, nil
}

// newTableMeta describes a new table from the schema go-mysql-server gives.
func newTableMeta(id uint64, name string, sch sql.PrimaryKeySchema, collation sql.CollationID, comment string) (*tableMeta, error) {
	m := &tableMeta{Version: metaVersion, ID: id, Name: name, PK: append([]int(nil), sch.PkOrdinals...), Comment: comment,
		KeyFormat: int(storage.CurrentKeyFormat)}
	if collation != sql.Collation_Unspecified {
		m.Collation = collation.Name()
	}
	for _, c := range sch.Schema {
		cm, err := newColumnMeta(c)
		if err != nil {
			return nil, err
		}
		m.Columns = append(m.Columns, cm)
	}
	return m, nil
}

func newColumnMeta(c *sql.Column) (columnMeta, error) {
	cm := columnMeta{
		Name: c.Name, Type: c.Type.String(), Nullable: c.Nullable, AutoIncrement: c.AutoIncrement,
		Default: exprOf(c.Default), Generated: exprOf(c.Generated), Virtual: c.Virtual,
		OnUpdate: exprOf(c.OnUpdate), Comment: c.Comment, Extra: c.Extra,
	}
	if cm.Extra == "STORED GENERATED" || cm.Extra == "VIRTUAL GENERATED" {
		cm.Extra = "" // derived by extra() from Generated and Virtual
	}
	if tc, ok := c.Type.(sql.TypeWithCollation); ok && tc.Collation() != sql.Collation_Unspecified {
		cm.Collation = tc.Collation().Name()
	}
	// Check now that the type reads back the same: a table that cannot be
	// read after a restart must not be created.
	typ, err := cm.sqlType()
	if err != nil {
		return columnMeta{}, fmt.Errorf("catalog: column %s: type %s cannot be stored: %w", c.Name, cm.Type, err)
	}
	if !typ.Equals(c.Type) {
		return columnMeta{}, fmt.Errorf("catalog: column %s: type %s does not read back as itself (%s)", c.Name, c.Type, typ)
	}
	return cm, nil
}

// sqlType parses the column's type back, with its collation.
func (cm columnMeta) sqlType() (sql.Type, error) {
	typ, err := planbuilder.ParseColumnTypeString(cm.Type)
	if err != nil || cm.Collation == "" {
		return typ, err
	}
	tc, ok := typ.(sql.TypeWithCollation)
	if !ok {
		return typ, nil
	}
	coll, err := sql.ParseCollation("", cm.Collation, false)
	if err != nil {
		return nil, err
	}
	return tc.WithNewCollation(coll)
}

func exprOf(d *sql.ColumnDefaultValue) *exprMeta {
	if d == nil || d.Expr == nil {
		return nil
	}
	return &exprMeta{SQL: d.String()}
}

// schema builds the go-mysql-server schema of table m in database db.
// Defaults and generated expressions come back unresolved, as SQL text.
func (m *tableMeta) schema(db string) (sql.PrimaryKeySchema, error) {
	sch := make(sql.Schema, len(m.Columns))
	pk := make(map[int]bool, len(m.PK))
	for _, o := range m.PK {
		pk[o] = true
	}
	for i, cm := range m.Columns {
		typ, err := cm.sqlType()
		if err != nil {
			return sql.PrimaryKeySchema{}, fmt.Errorf("catalog: %s.%s column %s: %w", db, m.Name, cm.Name, err)
		}
		sch[i] = &sql.Column{
			Name: cm.Name, Type: typ, Nullable: cm.Nullable, AutoIncrement: cm.AutoIncrement,
			Source: m.Name, DatabaseSource: db, PrimaryKey: pk[i],
			Default: unresolved(cm.Default), Generated: unresolved(cm.Generated), Virtual: cm.Virtual,
			OnUpdate: unresolved(cm.OnUpdate), Comment: cm.Comment, Extra: cm.extra(),
		}
	}
	return sql.NewPrimaryKeySchema(sch, m.PK...), nil
}

// extra returns the column's Extra as MySQL 8 shows it in SHOW COLUMNS and
// information_schema.COLUMNS: "STORED GENERATED" or "VIRTUAL GENERATED" for
// a generated column (go-mysql-server leaves it empty), else what was
// stored. Dump tools read it to leave generated columns out of their
// INSERTs (mariadb-dump, mysqldump).
func (cm columnMeta) extra() string {
	if cm.Generated == nil || cm.Extra != "" {
		return cm.Extra
	}
	if cm.Virtual {
		return "VIRTUAL GENERATED"
	}
	return "STORED GENERATED"
}

func unresolved(e *exprMeta) *sql.ColumnDefaultValue {
	if e == nil {
		return nil
	}
	return sql.NewUnresolvedColumnDefaultValue(e.SQL)
}

// rowsID returns the id of the table's rows bucket.
func (m *tableMeta) rowsID() uint64 {
	if m.Data != 0 {
		return m.Data
	}
	return m.ID
}

// column returns the ordinal of the named column, or −1.
func (m *tableMeta) column(name string) int {
	for i, c := range m.Columns {
		if strings.EqualFold(c.Name, name) {
			return i
		}
	}
	return -1
}

// index returns the position of the named index in m.Indexes, or −1.
func (m *tableMeta) index(name string) int {
	for i, ix := range m.Indexes {
		if strings.EqualFold(ix.Name, name) {
			return i
		}
	}
	return -1
}

// clone returns a deep copy of m, for DDL that edits it.
func (m *tableMeta) clone() *tableMeta {
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	c, err := decodeTableMeta(b)
	if err != nil {
		panic(err)
	}
	return c
}
