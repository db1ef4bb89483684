package catalog

import "testing"

// TestRuleIDsUnique checks that no two analyzer rules of an engine share an
// id: simsql's rules (ids from 10,000) come from catalog and compat, and
// go-mysql-server finds a rule by its id (rule selectors, the debug log),
// so two branches picking one id silently made one rule stand for both.
func TestRuleIDsUnique(t *testing.T) {
	_, e := openEngine(t)
	seen := map[int]string{}
	for _, b := range e.Analyzer.Batches {
		for _, r := range b.Rules {
			id := int(r.Id)
			if id < 10_000 {
				continue // go-mysql-server's own
			}
			if prev, ok := seen[id]; ok && prev != b.Desc {
				t.Errorf("rule id %d is in batch %q and in batch %q", id, prev, b.Desc)
			} else if ok {
				t.Errorf("rule id %d twice in batch %q", id, b.Desc)
			}
			seen[id] = b.Desc
		}
	}
	if len(seen) < 10 {
		t.Errorf("only %d simsql rules found: %v", len(seen), seen)
	}
}
