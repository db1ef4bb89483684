package sqltests

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// benchDoc is a random English document of 20 words over a vocabulary of
// 500.
func benchDoc(rng *rand.Rand) string {
	w := make([]string, 20)
	for i := range w {
		w[i] = fmt.Sprintf("w%d", rng.IntN(500))
	}
	return strings.Join(w, " ")
}

func benchQuery(b *testing.B, c *engineConn, q string) {
	b.Helper()
	if _, err := c.query(q); err != nil {
		b.Fatalf("%s: %v", q, err)
	}
}

// BenchmarkCosineTFIDF measures cosine_tfidf per call over a column's
// statistics (a scan of 2,000 rows of 20-word documents against one
// query), beside the built-in-IDF cosine_tfidf(a, b) and the plain
// cosine(a, b) in the same run: ns/call.
func BenchmarkCosineTFIDF(b *testing.B) {
	c := newEngineConn(b)
	benchQuery(b, c, "CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')")
	rng := rand.New(rand.NewPCG(1, 2))
	const rows = 2000
	for i := 0; i < rows; i += 500 {
		vals := make([]string, 500)
		for j := range vals {
			vals[j] = fmt.Sprintf("(%d, '%s')", i+j, benchDoc(rng))
		}
		benchQuery(b, c, "INSERT INTO docs VALUES "+strings.Join(vals, ", "))
	}
	query := benchDoc(rng)
	for _, fn := range []struct{ name, call string }{
		{"column", "cosine_tfidf(body, '" + query + "', 'docs.body')"},
		{"builtin", "cosine_tfidf(body, '" + query + "')"},
		{"cosine", "cosine(body, '" + query + "')"},
	} {
		b.Run(fn.name, func(b *testing.B) {
			for b.Loop() {
				benchQuery(b, c, "SELECT SUM("+fn.call+") FROM docs")
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*rows), "ns/call")
		})
	}
}

// BenchmarkInsertTFIDF measures INSERTs of 100 rows of 20-word documents
// per statement into a table without and with a tfidf index, in the same
// run: ns/row (the ratio is the cost of keeping the statistics).
func BenchmarkInsertTFIDF(b *testing.B) {
	for _, tc := range []struct{ name, ddl string }{
		{"plain", "CREATE TABLE docs (id INT PRIMARY KEY, body TEXT)"},
		{"tfidf", "CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')"},
	} {
		b.Run(tc.name, func(b *testing.B) {
			c := newEngineConn(b)
			benchQuery(b, c, tc.ddl)
			rng := rand.New(rand.NewPCG(3, 4))
			id := 0
			const perStatement = 100
			for b.Loop() {
				vals := make([]string, perStatement)
				for j := range vals {
					vals[j] = fmt.Sprintf("(%d, '%s')", id, benchDoc(rng))
					id++
				}
				benchQuery(b, c, "INSERT INTO docs VALUES "+strings.Join(vals, ", "))
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(id), "ns/row")
		})
	}
}
