package compat_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	gsql "github.com/dolthub/go-mysql-server/sql"
)

// BenchmarkHammingScan measures a near-duplicate scan, SELECT COUNT(*) …
// WHERE hamming(fp, X) <= 3 over 20,000 BIGINT UNSIGNED fingerprints, in
// process, with the statement parsed by go-mysql-server's parser alone
// ("before": the integer operators and comparisons as go-mysql-server
// 0.20 has them) and by compat.Parser ("after"), in the same run; and the
// MySQL idiom BIT_COUNT(fp ^ X) <= 3, which only the latter answers
// right. ns/op is per scan; rows/s is reported.
func BenchmarkHammingScan(b *testing.B) {
	const rows = 20000
	e := newEngine(b)
	e.run(b, "CREATE TABLE d (id INT PRIMARY KEY, fp BIGINT UNSIGNED)")
	r := rand.New(rand.NewPCG(1, 2))
	for start := 0; start < rows; start += 1000 {
		var q strings.Builder
		q.WriteString("INSERT INTO d VALUES ")
		for i := start; i < start+1000; i++ {
			if i > start {
				q.WriteString(", ")
			}
			fmt.Fprintf(&q, "(%d, %d)", i, r.Uint64())
		}
		e.run(b, q.String())
	}
	x := r.Uint64()
	after := e.e.Parser
	before := gsql.NewMysqlParser()
	for _, bc := range []struct {
		name   string
		parser gsql.Parser
		query  string
	}{
		{"hamming/before", before, fmt.Sprintf("SELECT COUNT(*) FROM d WHERE hamming(fp, %d) <= 3", x)},
		{"hamming/after", after, fmt.Sprintf("SELECT COUNT(*) FROM d WHERE hamming(fp, %d) <= 3", x)},
		{"bit_count/after", after, fmt.Sprintf("SELECT COUNT(*) FROM d WHERE BIT_COUNT(fp ^ %d) <= 3", x)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			e.e.Parser = bc.parser
			defer func() { e.e.Parser = after }()
			for b.Loop() {
				if a := e.answer(bc.query); a.err != 0 {
					b.Fatal(a)
				}
			}
			b.ReportMetric(float64(rows)*float64(b.N)/b.Elapsed().Seconds(), "rows/s")
		})
	}
}
