package indexes

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"

	"github.com/simsql/simsql/catalog"
)

// Extensions returns what this package adds to a catalog: the simhash,
// minhash and tfidf index kinds, the near_duplicates and
// near_duplicate_groups table functions, and the rule that turns
// hamming() joins, probes and top-k orders into index reads. The server,
// the tests and the benchmarks give it to catalog.Open (setting Progress
// where they log).
func Extensions() catalog.Extensions {
	return catalog.Extensions{
		IndexKinds:     []catalog.IndexKind{SimHashKind{}, MinHashKind{}, TFIDFKind{}},
		TableFunctions: []sql.TableFunction{NewNearDuplicates(false), NewNearDuplicates(true)},
		Rules:          []analyzer.Rule{{Id: ruleHammingLookups, Apply: hammingLookups}},
	}
}
