package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	gms "github.com/dolthub/go-mysql-server"
	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/storage"
)

// TestKeyFormats pins the key bytes of both key formats as a table stores
// them, and checks that a table of metadata version 1 (from before key
// formats were recorded: format 0, each weight in 4 bytes) opens unchanged
// after a restart, keeps its keys, finds its rows and refuses duplicates
// under its case-insensitive collation, and that a rewrite (ALTER TABLE)
// moves it to the current format.
func TestKeyFormats(t *testing.T) {
	dir := t.TempDir()
	p, err := Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	engine := NewEngine(p)
	run := func(q string) error {
		ctx := p.NewContext(context.Background())
		_, iter, _, err := engine.Query(ctx, q)
		if err == nil {
			_, err = sql.RowIterToRows(ctx, iter)
		}
		return err
	}
	for _, q := range []string{
		"CREATE TABLE old_t (id INT PRIMARY KEY, name VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY u_name (name))",
		"CREATE TABLE old_pk (name VARCHAR(20) COLLATE utf8mb4_0900_ai_ci PRIMARY KEY, n INT)",
	} {
		if err := run(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// Make both tables what an older binary wrote: version 1, no key_format.
	for _, name := range []string{"old_t", "old_pk"} {
		setMetaVersion1(t, p, name)
	}
	engine.Close()
	p.Close()

	if p, err = Open(dir, storage.Options{}, testExtensions); err != nil {
		t.Fatal(err)
	}
	defer p.Close()
	engine = NewEngine(p)
	defer engine.Close()
	for _, q := range []string{
		"INSERT INTO old_t VALUES (1, 'Alice'), (2, 'bob')",
		"INSERT INTO old_pk VALUES ('Alice', 1), ('bob', 2)",
		"CREATE TABLE new_t (id INT PRIMARY KEY, name VARCHAR(20) COLLATE utf8mb4_0900_ai_ci, UNIQUE KEY u_name (name))",
		"INSERT INTO new_t VALUES (1, 'Alice'), (2, 'bob')",
	} {
		if err := run(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	// 'Alice' under utf8mb4_0900_ai_ci weighs a 7044, l 7256, i 7205, c 7082,
	// e 7125 (go-mysql-server 0.20). Format 0: each weight as 4 bytes, sign
	// bit flipped, 0x00 escaped; format 1: 2-byte codes 0x7f + (w-125)>>8,
	// (w-125)&0xff. Then the terminator 00 01 and, in an index, the primary key.
	alice0 := "01" + "8000ff1b84" + "8000ff1c58" + "8000ff1c25" + "8000ff1baa" + "8000ff1bd5" + "0001"
	alice1 := "01" + "9a07" + "9adb" + "9aa8" + "9a2d" + "9a58" + "0001"
	for _, tt := range []struct {
		table, ks, want string
		version, format int
	}{
		{"old_t", "index", alice0 + "0180000001", 1, 0},
		{"old_pk", "rows", alice0, 1, 0},
		{"new_t", "index", alice1 + "0180000001", metaVersion, 1},
	} {
		m := tableMetaOf(t, p, tt.table)
		if m.Version != tt.version || m.KeyFormat != tt.format {
			t.Errorf("%s: metadata version %d, key format %d; want %d, %d", tt.table, m.Version, m.KeyFormat, tt.version, tt.format)
		}
		if got := firstKey(t, p, m, tt.ks); got != tt.want {
			t.Errorf("%s: first %s key %s, want %s", tt.table, tt.ks, got, tt.want)
		}
	}
	for _, table := range []string{"old_t", "new_t"} {
		for _, tt := range []struct{ q, want string }{
			{"INSERT INTO " + table + " VALUES (3, 'ALICE')", "duplicate unique key"},
			{"INSERT INTO " + table + " VALUES (3, 'Bób')", "duplicate unique key"},
		} {
			if err := run(tt.q); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("%s: error %v, want %q", tt.q, err, tt.want)
			}
		}
		got := queryRows(t, engine, p, "SELECT id FROM "+table+" WHERE name = 'ALÍCE'")
		if fmt.Sprint(got) != "[[1]]" {
			t.Errorf("%s: name = 'ALÍCE' gave %v", table, got)
		}
	}
	if err := run("INSERT INTO old_pk VALUES ('BOB', 3)"); err == nil || !strings.Contains(err.Error(), "duplicate primary key") {
		t.Errorf("old_pk: 'BOB' after 'bob': %v", err)
	}
	if got := queryRows(t, engine, p, "SELECT n FROM old_pk WHERE name IN ('ALICE', 'BÓB') ORDER BY name"); fmt.Sprint(got) != "[[1] [2]]" {
		t.Errorf("old_pk lookups gave %v", got)
	}
	// A rewrite writes every key anew, in the current format.
	if err := run("ALTER TABLE old_t ADD COLUMN extra INT"); err != nil {
		t.Fatal(err)
	}
	m := tableMetaOf(t, p, "old_t")
	if m.Version != metaVersion || m.KeyFormat != int(storage.CurrentKeyFormat) {
		t.Errorf("old_t after ALTER: version %d, key format %d", m.Version, m.KeyFormat)
	}
	if got := firstKey(t, p, m, "index"); got != alice1+"0180000001" {
		t.Errorf("old_t after ALTER: first index key %s", got)
	}
	if got := queryRows(t, engine, p, "SELECT id FROM old_t WHERE name = 'alice'"); fmt.Sprint(got) != "[[1]]" {
		t.Errorf("old_t after ALTER: %v", got)
	}
}

// TestKeyFormatRefused checks that metadata naming a key format or an
// index layout this binary does not know, a format in version 1, or a
// packed index (layout 2) in a version before 3, is refused, not misread.
func TestKeyFormatRefused(t *testing.T) {
	for _, tt := range []struct{ raw, want string }{
		{`{"version":2,"name":"t","key_format":2}`, "key format 2"},
		{`{"version":2,"name":"t","key_format":256}`, "key format 256"},
		{`{"version":1,"name":"t","key_format":1}`, "key format 1"},
		{`{"version":4,"name":"t"}`, "metadata version 4"},
		{`{"version":3,"name":"t","key_format":1,"indexes":[{"id":9,"name":"i","kind":"minhash","key_len":8,"layout":3}]}`, "index i of layout 3"},
		{`{"version":2,"name":"t","key_format":1,"indexes":[{"id":9,"name":"i","kind":"minhash","key_len":8,"layout":2}]}`, "index i of layout 2"},
		{`{"version":3,"name":"t","key_format":1,"indexes":[{"id":9,"name":"i","kind":"minhash","key_len":300,"layout":2}]}`, "with 300-byte keys"},
	} {
		if _, err := decodeTableMeta([]byte(tt.raw)); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.raw, err, tt.want)
		}
	}
	ok := `{"version":3,"name":"t","key_format":1,"indexes":[{"id":9,"name":"i","kind":"minhash","key_len":8,"layout":2}]}`
	if m, err := decodeTableMeta([]byte(ok)); err != nil || m.Indexes[0].layout() != layoutPacked {
		t.Errorf("%s: %v, want a packed index", ok, err)
	}
}

func queryRows(t *testing.T, engine *gms.Engine, p *Store, q string) []sql.Row {
	t.Helper()
	return query(t, engine.Query, p.NewContext(context.Background()), q)
}

// tableMetaOf returns the stored metadata of table name of database simsql.
func tableMetaOf(t *testing.T, p *Store, name string) *tableMeta {
	t.Helper()
	var m *tableMeta
	err := p.kv.View(func(v storage.View) error {
		var db databaseMeta
		if err := json.Unmarshal(v.Get(bucketMeta, dbMetaKey(DefaultDatabase)), &db); err != nil {
			return err
		}
		id, ok := db.Tables[name]
		if !ok {
			return fmt.Errorf("no table %s", name)
		}
		var err error
		m, err = decodeTableMeta(v.Get(bucketMeta, tableMetaKey(id)))
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// firstKey returns in hex the first key of m's rows keyspace or of its
// first index.
func firstKey(t *testing.T, p *Store, m *tableMeta, ks string) string {
	t.Helper()
	b := rowsBucket(m.rowsID())
	if ks == "index" {
		b = indexBucket(m.Indexes[0].ID)
	}
	var out string
	p.kv.View(func(v storage.View) error {
		c := v.Cursor(b)
		defer c.Close()
		k, _ := c.First()
		out = fmt.Sprintf("%x", k)
		return nil
	})
	return out
}

// setMetaVersion1 rewrites table name's metadata as version 1 without a
// key format, as binaries before key formats wrote it.
func setMetaVersion1(t *testing.T, p *Store, name string) {
	t.Helper()
	m := tableMetaOf(t, p, name)
	raw, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var fields map[string]any
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatal(err)
	}
	fields["version"] = 1
	delete(fields, "key_format")
	if raw, err = json.Marshal(fields); err != nil {
		t.Fatal(err)
	}
	if err := p.kv.Update(func(tx *storage.Txn) error { return tx.Put(bucketMeta, tableMetaKey(m.ID), raw) }); err != nil {
		t.Fatal(err)
	}
}
