package indexes

import (
	"sync"

	"github.com/simsql/simsql/catalog"
)

var registerOnce sync.Once

// Register makes the simsql index kinds available to CREATE INDEX and the
// planner. It may be called more than once.
func Register() {
	registerOnce.Do(func() {
		catalog.RegisterIndexKind(SimHashKind{})
		catalog.RegisterIndexKind(MinHashKind{})
		catalog.RegisterIndexKind(TFIDFKind{})
		catalog.RegisterTableFunction(NewNearDuplicates(false))
		catalog.RegisterTableFunction(NewNearDuplicates(true))
		catalog.RegisterRule(ruleHammingLookups, hammingLookups)
	})
}
