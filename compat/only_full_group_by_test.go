package compat

import "testing"

// TestReplacedValidationRules pins that go-mysql-server's validateGroupBy
// is found by name, so that onlyFullGroupBy alone checks GROUP BY.
func TestReplacedValidationRules(t *testing.T) {
	if ids := ReplacedValidationRules(); len(ids) != 1 {
		t.Fatalf("ReplacedValidationRules() = %v, want validateGroupBy's id", ids)
	}
}
