package catalog

import (
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// TestForeignKeyMetaGolden pins the stored form of a table's foreign keys:
// a table that declares one is version 2 (or later) with a "foreign_keys"
// list; a version-1 table without any stays version 1, which binaries from
// before foreign keys and key formats read; a version-1 table that gains
// one becomes version 2 with its key format 0. The "schema_version" counter
// earlier binaries wrote (and never read) is read and not written again.
func TestForeignKeyMetaGolden(t *testing.T) {
	plain := &tableMeta{Version: 1, ID: 7, Name: "p", Columns: []columnMeta{{Name: "id", Type: "int"}}, PK: []int{0}}
	plain.Version = plain.version()
	const plainJSON = `{"version":1,"id":7,"name":"p","columns":[{"name":"id","type":"int"}],"pk":[0]}`
	if b, err := encodeMeta(plain); err != nil || string(b) != plainJSON {
		t.Errorf("without foreign keys: %s, %v\nwant %s", b, err, plainJSON)
	}
	child := &tableMeta{Version: 1, ID: 8, Name: "c", Columns: []columnMeta{{Name: "id", Type: "int"}, {Name: "pid", Type: "int", Nullable: true}}, PK: []int{0},
		ForeignKeys: []foreignKeyMeta{
			{Name: "c_ibfk_1", Columns: []string{"pid"}, ParentTable: "p", ParentColumns: []string{"id"}, OnDelete: "CASCADE"},
			{Name: "other", Columns: []string{"pid"}, ParentDB: "db2", ParentTable: "q", ParentColumns: []string{"k"}, OnDelete: "SET NULL", OnUpdate: "NO ACTION"},
		}}
	child.Version = child.version()
	const childJSON = `{"version":2,"id":8,"name":"c","columns":[{"name":"id","type":"int"},{"name":"pid","type":"int","nullable":true}],"pk":[0],` +
		`"foreign_keys":[{"name":"c_ibfk_1","columns":["pid"],"parent_table":"p","parent_columns":["id"],"on_delete":"CASCADE"},` +
		`{"name":"other","columns":["pid"],"parent_db":"db2","parent_table":"q","parent_columns":["k"],"on_delete":"SET NULL","on_update":"NO ACTION"}]}`
	b, err := encodeMeta(child)
	if err != nil || string(b) != childJSON {
		t.Errorf("with foreign keys: %s, %v\nwant %s", b, err, childJSON)
	}
	for _, raw := range []string{plainJSON, childJSON} {
		m, err := decodeTableMeta([]byte(raw))
		if err != nil {
			t.Fatalf("decoding %s: %v", raw, err)
		}
		if again, _ := encodeMeta(m); string(again) != raw {
			t.Errorf("round trip of %s gave %s", raw, again)
		}
	}
	// Metadata written with the old "schema_version" counter reads as
	// without it.
	for _, raw := range []string{plainJSON, childJSON} {
		m, err := decodeTableMeta([]byte(strings.Replace(raw, `,"columns":`, `,"schema_version":5,"columns":`, 1)))
		if err != nil {
			t.Fatalf("decoding %s with schema_version: %v", raw, err)
		}
		if again, _ := encodeMeta(m); string(again) != raw {
			t.Errorf("%s with schema_version re-encoded as %s", raw, again)
		}
	}
	// A new table (version 2, key format 1) keeps both.
	fresh := *child
	fresh.Version, fresh.KeyFormat = metaVersion, 1
	fresh.Version = fresh.version()
	if b, err := encodeMeta(&fresh); err != nil || !strings.Contains(string(b), `"version":2,`) || !strings.Contains(string(b), `"key_format":1,"foreign_keys":[`) {
		t.Errorf("new table with foreign keys: %s, %v", b, err)
	}
	if _, err := decodeTableMeta([]byte(`{"version":4,"name":"x"}`)); err == nil {
		t.Error("version 4 was read")
	}
	if _, err := decodeTableMeta([]byte(`{"version":1,"name":"x","foreign_keys":[{"name":"f","columns":["a"],"parent_table":"p","parent_columns":["b"]}]}`)); err == nil {
		t.Error("a version-1 table with foreign keys was read")
	}
}

// TestForeignKeyConstraint checks the conversions between the stored form
// and go-mysql-server's: NO ACTION and no action come back as the default
// (MySQL 8 writes neither in SHOW CREATE TABLE), a parent in the child's
// own database is stored without one, and InnoDB's wording of the clause.
func TestForeignKeyConstraint(t *testing.T) {
	c := sql.ForeignKeyConstraint{Name: "fk", Database: "d", Table: "c", Columns: []string{"a", "b"}, ParentDatabase: "d", ParentTable: "p",
		ParentColumns: []string{"x", "y"}, OnDelete: sql.ForeignKeyReferentialAction_NoAction, OnUpdate: sql.ForeignKeyReferentialAction_Cascade}
	fk := foreignKeyOf("d", c)
	if fk.ParentDB != "" || fk.OnDelete != "NO ACTION" || fk.OnUpdate != "CASCADE" {
		t.Errorf("stored %+v", fk)
	}
	back := fk.constraint("d", "c")
	if back.OnDelete != sql.ForeignKeyReferentialAction_DefaultAction || back.OnUpdate != sql.ForeignKeyReferentialAction_Cascade || !back.IsResolved || back.ParentDatabase != "d" {
		t.Errorf("back %+v", back)
	}
	tests := []struct {
		fk   foreignKeyMeta
		db   string
		want string
	}{
		{fk, "d", "FOREIGN KEY (`a`, `b`) REFERENCES `p` (`x`, `y`) ON DELETE NO ACTION ON UPDATE CASCADE"},
		{foreignKeyMeta{Columns: []string{"a"}, ParentDB: "e", ParentTable: "p", ParentColumns: []string{"x"}, OnDelete: "RESTRICT", OnUpdate: "SET NULL"}, "d",
			"FOREIGN KEY (`a`) REFERENCES `e`.`p` (`x`) ON UPDATE SET NULL"},
		{foreignKeyMeta{Columns: []string{"a`b"}, ParentTable: "p", ParentColumns: []string{"x"}}, "d", "FOREIGN KEY (`a``b`) REFERENCES `p` (`x`)"},
	}
	for _, tt := range tests {
		if got := tt.fk.clause(tt.db); got != tt.want {
			t.Errorf("clause %+v = %s, want %s", tt.fk, got, tt.want)
		}
	}
}
