package catalog

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"

	"github.com/dolthub/go-mysql-server/sql"
)

// firstLetter is a toy index kind for the tests: one 1-byte key, the first
// byte of a string column; none for NULL or "".
type firstLetter struct{}

func (firstLetter) Name() string { return "firstletter" }

func (firstLetter) Validate(spec IndexSpec) error {
	if len(spec.Columns) != 1 || !strings.Contains(strings.ToLower(spec.Types[0].String()), "char") {
		return errors.New("firstletter indexes one VARCHAR column")
	}
	return nil
}

func (firstLetter) KeyLength(IndexSpec) int { return 1 }

func (firstLetter) Keys(_ IndexSpec, vals []any) ([][]byte, error) {
	s, _ := vals[0].(string)
	if s == "" {
		return nil, nil
	}
	return [][]byte{{s[0]}}, nil
}

func init() { RegisterIndexKind(firstLetter{}) }

// TestCustomIndexKind checks that entries of a plugged-in index kind follow
// every insert, update, delete, ALTER TABLE and restart.
func TestCustomIndexKind(t *testing.T) {
	dir := t.TempDir()
	s, err := Open(dir)
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
		err = tbl.(*Table).ScanIndex(ctx, "fl", nil, func(key, rowKey []byte) error {
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
	s2, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	check(s2, want)
}
