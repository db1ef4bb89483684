// Package functions wraps the algorithms of package textsim as go-mysql-server
// SQL functions. Each function family lives in one file; all are registered
// from the alphabetical table in this file.
package functions

import "github.com/dolthub/go-mysql-server/sql"

// All returns every simsql SQL function, in alphabetical order of name, ready
// for (*analyzer.Catalog).RegisterFunction.
func All() []sql.Function {
	return registry
}

var registry = []sql.Function{}
