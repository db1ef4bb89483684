// Package functions wraps the algorithms of package textsim as go-mysql-server
// SQL functions: thin layers that convert SQL values, call textsim and
// convert back. Each function family lives in one file; all are registered
// from the alphabetical table in this file.
package functions

import "github.com/dolthub/go-mysql-server/sql"

// All returns every simsql SQL function, in alphabetical order of name, ready
// for (*analyzer.Catalog).RegisterFunction.
func All() []sql.Function {
	return registry
}

var registry = []sql.Function{
	sql.Function2{Name: "cosine", Fn: NewCosine},
	sql.FunctionN{Name: "cosine_tfidf", Fn: NewCosineTFIDF},
	sql.Function2{Name: "hamming", Fn: NewHamming},
	sql.Function2{Name: "jaccard", Fn: NewJaccard},
	sql.FunctionN{Name: "keywords", Fn: NewKeywords},
	sql.FunctionN{Name: "minhash", Fn: NewMinHash},
	sql.Function2{Name: "minhash_jaccard", Fn: NewMinHashJaccard},
	sql.FunctionN{Name: "simhash", Fn: NewSimHash},
	sql.Function2{Name: "simhash_ngram", Fn: NewSimHashNgram},
	sql.Function2{Name: "tanimoto", Fn: NewTanimoto},
	sql.Function2{Name: "tfidf", Fn: NewTFIDF},
	sql.Function1{Name: "tokenize", Fn: NewTokenize},
}
