package compat

import "github.com/dolthub/go-mysql-server/sql"

// Comparison reports whether e is one of this package's comparisons (the
// replacements of go-mysql-server's =, <, <=, >, >=, <> and <=> where MySQL
// answers differently) and returns its operator as written ("<=", …) and
// its two sides; the planner rules that recognise comparisons (the
// similarity indexes') read these as they read go-mysql-server's. Rebuild
// with e.WithChildren, which keeps the comparison's semantics.
func Comparison(e sql.Expression) (op string, left, right sql.Expression, ok bool) {
	c, ok := e.(*compare)
	if !ok {
		return "", nil, nil, false
	}
	return cmpSymbols[c.op], c.args[0], c.args[1], true
}

// Between reports whether e is this package's x BETWEEN lo AND hi (not NOT
// BETWEEN) and returns x, lo and hi.
func Between(e sql.Expression) (x, lo, hi sql.Expression, ok bool) {
	b, ok := e.(*between)
	if !ok || b.not {
		return nil, nil, nil, false
	}
	return b.args[0], b.args[1], b.args[2], true
}
