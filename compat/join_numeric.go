package compat

// Fault (go-mysql-server v0.20.0): a hash join keys its table of the
// inner side's rows by the inner key converted to the outer key's type
// (plan.HashLookup.GetHashKey), and hashes a DECIMAL by its Go value, so
// numbers that = finds equal never meet. A BIGINT UNSIGNED joined to a
// DECIMAL(20,0) on a.u = d.d found only the values exact in a DOUBLE (5,
// 2^62, 2^63: 3 pairs of 7, MySQL and MariaDB 7), a DECIMAL joined to a
// DECIMAL, a BIGINT or a BIGINT UNSIGNED found 1 pair of 10, and UPDATE
// and DELETE … JOIN skipped the same rows. MySQL compares an integer or
// DECIMAL with a DECIMAL exactly, as DECIMAL, and a number with a string
// as DOUBLE (https://dev.mysql.com/doc/refman/8.0/en/type-conversion.html).
// joinNumericKeys keys each pair of numbers of different kinds, or of
// DECIMALs, by numberKey (in_subquery.go) of the kind = compares them as:
// equal numbers have equal keys, and go-mysql-server evaluates the join
// condition on every row a key finds, so a key shared by unequal numbers
// costs only a comparison. Pinned by JoinNumericScripts (sqltests, also
// on MariaDB).

import (
	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/analyzer"
	"github.com/dolthub/go-mysql-server/sql/plan"
	"github.com/dolthub/go-mysql-server/sql/transform"
)

// ruleJoinNumericKeys is the id of joinNumericKeys.
const ruleJoinNumericKeys analyzer.RuleId = 10_330

// joinNumericKeys makes the keys of each hash join that compares numbers
// of different kinds, or DECIMALs, keys by numberKey.
func joinNumericKeys(_ *sql.Context, _ *analyzer.Analyzer, n sql.Node, _ *plan.Scope, _ analyzer.RuleSelector, _ *sql.QueryFlags) (sql.Node, transform.TreeIdentity, error) {
	return rekeyHashJoins(n, numericPair) // join_collation.go
}

// numericPair makes the keys a and b keys by numberKey of the kind = compares
// them as, when go-mysql-server's own keys would not meet: one is a
// DECIMAL, or their kinds differ (a number beside a string is compared as
// DOUBLE). Two strings are joinCollationKeys' (join_collation.go).
func numericPair(a, b sql.Expression) (sql.Expression, sql.Expression, bool) {
	ka, kb := kindOf(a), kindOf(b)
	switch {
	case !ka.numeric() || !kb.numeric() || ka == kNull || kb == kNull:
		return a, b, false
	case ka == kb && ka != kDecimal:
		return a, b, false
	}
	as := pairKind(a, b, ka, kb) // in_between.go
	return &hashKey{a, numberKeyOf(ka, as)}, &hashKey{b, numberKeyOf(kb, as)}, true
}

// numberKeyOf returns the key of a value of kind k compared as kind as.
func numberKeyOf(k, as kind) func(any) (uint64, bool) {
	return func(v any) (uint64, bool) { return numberKey(as, toValue(k, v)) } // in_subquery.go
}
