package catalog

import (
	"bytes"
	"context"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/simsql/simsql/storage"
)

// firstLetter is a toy index kind for the tests: one 1-byte key, the first
// byte of a string column; none for NULL or "". With valued, entries carry
// the whole word.
type firstLetter struct {
	name   string
	valued bool
}

func (k firstLetter) Name() string { return k.name }

func (k firstLetter) Example() string { return "'" + k.name + "'" }

func (k firstLetter) Compile(spec IndexSpec) (CompiledIndex, error) {
	if len(spec.Columns) != 1 || !strings.Contains(strings.ToLower(spec.Types[0].String()), "char") {
		return nil, errors.New("firstletter indexes one VARCHAR column")
	}
	return firstLetterIndex{valued: k.valued && spec.Values}, nil
}

type firstLetterIndex struct{ valued bool }

func (firstLetterIndex) KeyLength() int { return 1 }

func (f firstLetterIndex) Entries(vals []any, add func(key, value []byte)) error {
	s, _ := vals[0].(string)
	if s == "" {
		return nil
	}
	if s == "poison" {
		return errors.New("firstletter refuses the word poison")
	}
	var value []byte
	if f.valued {
		value = []byte(s)
	}
	add([]byte{s[0]}, value)
	return nil
}

// testExtensions are the catalog tests' extensions: the test kind, plain
// and with values.
var testExtensions = Extensions{IndexKinds: []IndexKind{
	firstLetter{name: "firstletter"},
	firstLetter{name: "firstlettervalued", valued: true},
}}

// TestCustomIndexKind checks that entries of a plugged-in index kind follow
// every insert, update, delete, ALTER TABLE and restart.
func TestCustomIndexKind(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	e := NewEngine(s)
	ctx := s.NewContext(context.Background())
	run := func(q string) {
		t.Helper()
		query(t, e.Query, ctx, q)
	}
	run("CREATE TABLE w (id INT PRIMARY KEY, word VARCHAR(20))")
	run("INSERT INTO w VALUES (1, 'apple'), (2, 'avocado'), (3, 'banana'), (4, NULL)")
	if _, _, _, err := e.Query(ctx, "CREATE INDEX bad ON w (id) COMMENT 'firstletter'"); err == nil || !strings.Contains(err.Error(), "indexes one VARCHAR column") {
		t.Errorf("CREATE INDEX on an INT column: got %v, want the kind's error", err)
	}
	run("CREATE INDEX fl ON w (word) COMMENT 'firstletter'")
	run("INSERT INTO w VALUES (5, 'blueberry')")
	run("UPDATE w SET word = 'cherry' WHERE id = 2")
	run("DELETE FROM w WHERE id = 1")
	run("ALTER TABLE w ADD COLUMN n INT DEFAULT 0")

	check := func(s *Store, want map[byte][]int32) {
		t.Helper()
		ctx := s.NewContext(context.Background())
		db, err := s.Database(ctx, DefaultDatabase)
		if err != nil {
			t.Fatal(err)
		}
		tbl, ok, err := db.GetTableInsensitive(ctx, "w")
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		got := map[byte][]int32{}
		err = tbl.(*Table).ScanIndex(ctx, "fl", nil, func(key, rowKey, _ []byte) error {
			row, err := tbl.(*Table).Row(ctx, rowKey)
			if err != nil || row == nil {
				return errors.New("entry without a row")
			}
			got[key[0]] = append(got[key[0]], row[0].(int32))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		for _, ids := range got {
			sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		}
		if len(got) != len(want) {
			t.Fatalf("entries %v, want %v", got, want)
		}
		for k, ids := range want {
			if g := got[k]; len(g) != len(ids) || (len(g) > 0 && g[0] != ids[0]) || (len(g) > 1 && g[1] != ids[1]) {
				t.Errorf("key %q: rows %v, want %v", k, got[k], ids)
			}
		}
		rows := query(t, NewEngine(s).Query, ctx, "SHOW CREATE TABLE w")
		if ddl := rows[0][1].(string); !strings.Contains(ddl, "KEY `fl` (`word`) COMMENT 'firstletter'") {
			t.Errorf("SHOW CREATE TABLE lost the index:\n%s", ddl)
		}
	}
	want := map[byte][]int32{'b': {3, 5}, 'c': {2}}
	check(s, want)
	sql.SessionEnd(ctx.Session)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	check(s2, want)
}

// TestIndexEntryValues checks that a ValuedKind's entries carry its value
// through inserts, updates and a bulk build; that an index in the earlier
// format (metadata without "values", empty values) reads as one without
// values; and that a table rewrite brings the values back.
func TestIndexEntryValues(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	ctx := s.NewContext(context.Background())
	for _, q := range []string{
		"CREATE TABLE w (id INT PRIMARY KEY, word VARCHAR(20))",
		"INSERT INTO w VALUES (1, 'apple'), (2, 'avocado')",
		"CREATE INDEX fl ON w (word) COMMENT 'firstlettervalued'",
		"INSERT INTO w VALUES (3, 'banana')",
		"UPDATE w SET word = 'apricot' WHERE id = 2",
	} {
		query(t, NewEngine(s).Query, ctx, q)
	}
	entries := func(s *Store) (values []string, hasValues bool) {
		t.Helper()
		ctx := s.NewContext(context.Background())
		tbl := tableNamed(t, s, ctx, "w")
		err = tbl.ScanIndex(ctx, "fl", nil, func(_, _, value []byte) error {
			values = append(values, string(value))
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
		return values, tbl.CustomIndexes("firstlettervalued")[0].Values
	}
	if got, has := entries(s); strings.Join(got, ",") != "apple,apricot,banana" || !has {
		t.Errorf("values %q (index has values: %v), want apple,apricot,banana", got, has)
	}

	// The earlier format: no "values" in the metadata, empty values.
	err = s.kv.Update(func(tx *storage.Txn) error {
		r, err := tx.Reader()
		if err != nil {
			return err
		}
		var metas [][2][]byte
		c := r.Cursor(bucketMeta)
		for k, v := c.First(); k != nil; k, v = c.Next() {
			if strings.HasPrefix(string(k), "table/") {
				metas = append(metas, [2][]byte{bytes.Clone(k), bytes.Clone(v)})
			}
		}
		c.Close()
		for _, kv := range metas {
			m, err := decodeTableMeta(kv[1])
			if err != nil {
				return err
			}
			for i := range m.Indexes {
				m.Indexes[i].Values = false
				ks := m.Indexes[i].bucket()
				var keys [][]byte
				ic := r.Cursor(ks)
				for k, _ := ic.First(); k != nil; k, _ = ic.Next() {
					keys = append(keys, bytes.Clone(k))
				}
				ic.Close()
				for _, k := range keys {
					if err := tx.Put(ks, k, []byte{}); err != nil {
						return err
					}
				}
			}
			raw, err := encodeMeta(m)
			if err != nil {
				return err
			}
			if err := tx.Put(bucketMeta, kv[0], raw); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sql.SessionEnd(ctx.Session)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = Open(dir, storage.Options{}, testExtensions)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got, has := entries(s); strings.Join(got, ",") != ",," || has {
		t.Errorf("earlier format: values %q (index has values: %v), want three empty values and none", got, has)
	}
	ctx = s.NewContext(context.Background())
	query(t, NewEngine(s).Query, ctx, "INSERT INTO w VALUES (4, 'blueberry')")
	if got, has := entries(s); strings.Join(got, ",") != ",,," || has {
		t.Errorf("earlier format after an insert: values %q (index has values: %v), want four empty values", got, has)
	}
	query(t, NewEngine(s).Query, ctx, "ALTER TABLE w ADD COLUMN n INT DEFAULT 0")
	if got, has := entries(s); strings.Join(got, ",") != "apple,apricot,banana,blueberry" || !has {
		t.Errorf("after a rewrite: values %q (index has values: %v), want the words", got, has)
	}
}

// TestCustomIndexSurface checks what a user meets around a custom index:
// SHOW INDEX names its kind, a COMMENT that names a kind without asking
// for it is refused rather than made a B-tree, and a value the kind
// refuses is an error naming the row.
func TestCustomIndexSurface(t *testing.T) {
	s, e := openEngine(t)
	ctx := s.NewContext(context.Background())
	defer sql.SessionEnd(ctx.Session)
	query(t, e.Query, ctx, "CREATE TABLE w (id INT PRIMARY KEY, word VARCHAR(20), KEY fl (word) COMMENT 'firstletter')")
	rows := query(t, e.Query, ctx, "SHOW INDEX FROM w")
	if got := rows[1][10]; got != "FIRSTLETTER" {
		t.Errorf("SHOW INDEX: Index_type %v, want FIRSTLETTER", got)
	}
	for _, comment := range []string{"firstletter: x", "firstletter,x", "fast lookups via firstletter", "(firstletter)", "firstletters", "FirstLetter_idx x"} {
		_, iter, _, err := e.Query(ctx, "CREATE INDEX bad ON w (word) COMMENT '"+comment+"'")
		if err == nil {
			_, err = sql.RowIterToRows(ctx, iter)
		}
		if err == nil || !strings.Contains(err.Error(), "names the firstletter index kind") || !strings.Contains(err.Error(), "does not begin with the word firstletter") {
			t.Errorf("COMMENT %q: %v, want an error", comment, err)
		}
	}
	query(t, e.Query, ctx, "CREATE INDEX plain ON w (word) COMMENT 'first letters'")  // no kind named: a B-tree
	query(t, e.Query, ctx, "CREATE INDEX plain2 ON w (word) COMMENT 'nofirstletter'") // the name inside a word, not its prefix: a B-tree
	_, iter, _, err := e.Query(ctx, "INSERT INTO w VALUES (9, 'poison')")
	if err == nil {
		_, err = sql.RowIterToRows(ctx, iter)
	}
	if err == nil || !strings.Contains(err.Error(), "firstletter refuses the word poison, in the row with id = 9") {
		t.Errorf("a refused value: %v, want the kind's error naming the row", err)
	}
}
