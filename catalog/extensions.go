package catalog

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
)

// Extensions are what a Store serves beyond go-mysql-server's built-ins
// and package functions' SQL functions: the index kinds an index COMMENT
// may name, the table functions, the analyzer rules run after
// go-mysql-server's own, and where progress lines of long operations go.
// The server, the tests and the benchmarks take theirs from
// indexes.Extensions and give them to Open: the one place simsql is wired.
type Extensions struct {
	// IndexKinds are the custom index kinds, by their distinct names.
	IndexKinds []IndexKind
	// TableFunctions are the table functions, by their distinct names.
	TableFunctions []sql.TableFunction
	// Rules run after go-mysql-server's analysis, in order; each Id is
	// above FirstRuleID and unique.
	Rules []analyzer.Rule
	// Progress, when not nil, receives progress lines of long operations
	// such as building an index on a filled table (the server writes them
	// to its log). It must be safe for concurrent use.
	Progress func(line string)
}

// wiring is Extensions made ready for lookups: kinds and table functions by
// lower-case name.
type wiring struct {
	kinds      map[string]IndexKind
	tableFuncs map[string]sql.TableFunction
	rules      []analyzer.Rule
	progress   func(line string)
}

// newWiring checks e and indexes it; an error names a name given twice or
// a rule id out of range.
func newWiring(e Extensions) (*wiring, error) {
	w := &wiring{kinds: map[string]IndexKind{}, tableFuncs: map[string]sql.TableFunction{}, rules: e.Rules, progress: e.Progress}
	for _, k := range e.IndexKinds {
		name := strings.ToLower(k.Name())
		if _, dup := w.kinds[name]; dup {
			return nil, fmt.Errorf("catalog: index kind %s given twice", name)
		}
		w.kinds[name] = k
	}
	for _, fn := range e.TableFunctions {
		name := strings.ToLower(fn.Name())
		if _, dup := w.tableFuncs[name]; dup {
			return nil, fmt.Errorf("catalog: table function %s given twice", name)
		}
		w.tableFuncs[name] = fn
	}
	ids := map[analyzer.RuleId]bool{}
	for _, r := range e.Rules {
		if r.Id <= FirstRuleID || ids[r.Id] {
			return nil, fmt.Errorf("catalog: rule id %d is not above FirstRuleID (%d) or is given twice", r.Id, FirstRuleID)
		}
		ids[r.Id] = true
	}
	return w, nil
}
