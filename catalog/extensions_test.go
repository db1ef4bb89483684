package catalog

import (
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/dolthub/go-mysql-server/sql/analyzer"

	"github.com/simsql/simsql/storage"
)

// TestExtensionsChecked: Open refuses extensions that name a kind twice or
// number a rule at or below FirstRuleID or twice, and a Store knows only
// the kinds it was opened with.
func TestExtensionsChecked(t *testing.T) {
	rule := func(id analyzer.RuleId) analyzer.Rule { return analyzer.Rule{Id: id} }
	for _, tc := range []struct {
		ext  Extensions
		want string
	}{
		{Extensions{IndexKinds: []IndexKind{firstLetter{name: "fl"}, firstLetter{name: "FL"}}}, "index kind fl given twice"},
		{Extensions{Rules: []analyzer.Rule{rule(FirstRuleID)}}, "is not above FirstRuleID"},
		{Extensions{Rules: []analyzer.Rule{rule(FirstRuleID + 1), rule(FirstRuleID + 1)}}, "or is given twice"},
	} {
		if _, err := Open(t.TempDir(), storage.Options{}, tc.ext); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: error %v, want %q", tc.ext, err, tc.want)
		}
	}
	s, e := openEngineWith(t, Extensions{})
	ctx := s.NewContext(t.Context())
	query(t, e.Query, ctx, "CREATE TABLE w (id INT PRIMARY KEY, word VARCHAR(20))")
	// Without the test kind the comment is a B-tree index's.
	query(t, e.Query, ctx, "CREATE INDEX fl ON w (word) COMMENT 'firstletter'")
	if rows := query(t, e.Query, ctx, "SHOW INDEX FROM w"); rows[1][10] != "BTREE" {
		t.Errorf("SHOW INDEX: Index_type %v, want BTREE", rows[1][10])
	}
	if _, ok := s.TableFunction(ctx, "near_duplicates"); ok {
		t.Error("a Store opened without table functions has near_duplicates")
	}
}

// TestExtensionsProgress: building an index on 100,000 rows or more
// reports to Extensions.Progress (the server's log), from start to done.
func TestExtensionsProgress(t *testing.T) {
	var lines []string
	var mu sync.Mutex
	ext := testExtensions
	ext.Progress = func(line string) {
		mu.Lock()
		defer mu.Unlock()
		lines = append(lines, line)
	}
	s, e := openEngineWith(t, ext)
	ctx := s.NewContext(t.Context())
	query(t, e.Query, ctx, "CREATE TABLE p (id INT PRIMARY KEY, n INT)")
	for i := 0; i < 100_000; i += 10_000 {
		vals := make([]string, 10_000)
		for j := range vals {
			vals[j] = fmt.Sprintf("(%d, %d)", i+j, (i+j)%7)
		}
		query(t, e.Query, ctx, "INSERT INTO p VALUES "+strings.Join(vals, ", "))
	}
	query(t, e.Query, ctx, "CREATE INDEX n_i ON p (n)")
	mu.Lock()
	defer mu.Unlock()
	want := []string{"building index n_i on simsql.p: 100000 rows", "building index n_i on simsql.p: 100000 of 100000 rows (100%)", "building index n_i on simsql.p: done, 100000 rows"}
	if len(lines) != 3 {
		t.Fatalf("progress lines %q, want 3", lines)
	}
	for i, w := range want {
		if !strings.HasPrefix(lines[i], w) {
			t.Errorf("line %d: %q, want it to begin %q", i, lines[i], w)
		}
	}
}
