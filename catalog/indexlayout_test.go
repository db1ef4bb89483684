package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"

	"github.com/simsql/simsql/storage"
)

// tableNamed returns table name of s's default database, as ctx sees it.
func tableNamed(t *testing.T, s *Store, ctx *sql.Context, name string) *Table {
	t.Helper()
	db, err := s.Database(ctx, DefaultDatabase)
	if err != nil {
		t.Fatal(err)
	}
	tbl, ok, err := db.GetTableInsensitive(ctx, name)
	if err != nil || !ok {
		t.Fatalf("table %s: %v, %v", name, ok, err)
	}
	return tbl.(*Table)
}

// TestIndexLayouts: an index of layout 1 (a key per entry in "x"+id, as
// binaries before layouts made every custom index) and one of layout 2
// (packed) live side by side on one table; both follow inserts, updates
// and deletes and a restart; the table's metadata is version 3 once it has
// a packed index; a rewrite (ALTER TABLE) moves the old index to layout 2;
// DROP INDEX drops the packed keyspace.
func TestIndexLayouts(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	run := func(s *Store, q string) {
		t.Helper()
		ctx := s.NewContext(context.Background())
		defer sql.SessionEnd(ctx.Session)
		query(t, NewEngine(s).Query, ctx, q)
	}
	meta := func(s *Store) *tableMeta {
		t.Helper()
		var m *tableMeta
		err := s.kv.View(func(v storage.View) error {
			c := v.Cursor(bucketMeta)
			defer c.Close()
			for k, raw := c.First(); k != nil; k, raw = c.Next() {
				if string(k[:min(6, len(k))]) == "table/" {
					var err error
					m, err = decodeTableMeta(raw)
					return err
				}
			}
			return errors.New("no table")
		})
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	has := func(s *Store, ks []byte) bool {
		var ok bool
		_ = s.kv.View(func(v storage.View) error { ok = v.Has(ks); return nil })
		return ok
	}
	// entries returns "index: key/id …" of every entry of both indexes.
	entries := func(s *Store) string {
		t.Helper()
		ctx := s.NewContext(context.Background())
		defer sql.SessionEnd(ctx.Session)
		tbl := tableNamed(t, s, ctx, "w")
		var out []string
		for _, name := range []string{"old", "new"} {
			err := tbl.ScanIndex(ctx, name, nil, func(key, rowKey, _ []byte) error {
				row, err := tbl.Row(ctx, rowKey)
				if err != nil || row == nil {
					return fmt.Errorf("entry %q without a row", key)
				}
				out = append(out, fmt.Sprintf("%s:%s/%d", name, key, row[0]))
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		}
		slices.Sort(out)
		return fmt.Sprint(out)
	}

	s.SetIndexLayout(1)
	run(s, "CREATE TABLE w (id INT PRIMARY KEY, word VARCHAR(20))")
	run(s, "INSERT INTO w VALUES (1, 'apple'), (2, 'banana')")
	run(s, "CREATE INDEX old ON w (word) COMMENT 'firstletter'")
	m := meta(s)
	if m.Version != 2 || m.Indexes[0].Layout != 0 || !has(s, indexBucket(m.Indexes[0].ID)) {
		t.Fatalf("layout 1: metadata version %d, layout %d, keyspace %q there: %v", m.Version, m.Indexes[0].Layout, indexBucket(m.Indexes[0].ID), has(s, indexBucket(m.Indexes[0].ID)))
	}
	s.SetIndexLayout(2)
	run(s, "CREATE INDEX new ON w (word) COMMENT 'firstletter'")
	run(s, "INSERT INTO w VALUES (3, 'cherry'), (4, 'avocado')")
	run(s, "UPDATE w SET word = 'blueberry' WHERE id = 1")
	run(s, "DELETE FROM w WHERE id = 2")
	m = meta(s)
	newIx := m.Indexes[1]
	if m.Version != metaVersionPackedIndexes || newIx.layout() != layoutPacked || newIx.KeyLen != 1 ||
		!has(s, storage.PackedKeyspace(indexBucket(newIx.ID), 1)) || has(s, indexBucket(newIx.ID)) {
		t.Fatalf("layout 2: metadata version %d, layout %d, key length %d", m.Version, newIx.layout(), newIx.KeyLen)
	}
	const want = "[new:a/4 new:b/1 new:c/3 old:a/4 old:b/1 old:c/3]"
	if got := entries(s); got != want {
		t.Errorf("entries %s, want %s", got, want)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if s, err = Open(dir, storage.Options{}, testExtensions); err != nil {
		t.Fatal(err)
	}
	defer func() { s.Close() }()
	if got := entries(s); got != want {
		t.Errorf("after a restart: entries %s, want %s", got, want)
	}
	run(s, "ALTER TABLE w ADD COLUMN n INT DEFAULT 0")
	m = meta(s)
	for _, ix := range m.Indexes {
		if ix.layout() != layoutPacked || has(s, indexBucket(ix.ID)) {
			t.Errorf("after a rewrite: index %s has layout %d", ix.Name, ix.layout())
		}
	}
	if got := entries(s); got != want {
		t.Errorf("after a rewrite: entries %s, want %s", got, want)
	}
	newIx = m.Indexes[1]
	run(s, "DROP INDEX new ON w")
	if has(s, newIx.bucket()) {
		t.Errorf("DROP INDEX left keyspace %q", newIx.bucket())
	}
}
