package sqltests

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"
)

// BenchmarkSelfJoinBlocks measures one shard's part of the all-pairs join
// across shards (docs/scaling.md): the block table of n fingerprints (4n
// rows, bkey = block number and value), joined on bkey within 3 bits.
// "groups" is the join as written, searched within the runs of equal bkey
// (hammingGroupPairs); "index", the baseline in the same run, joins on
// a.bkey + 0 = b.bkey, which the search of the simhash index over the
// whole table answers (the plan before the grouped search). Both must
// find the same pairs. n is SIMSQL_BLOCKPAIRS_N, default 50,000; the
// planted fingerprints put a tenth of them near another. ms/query.
func BenchmarkSelfJoinBlocks(b *testing.B) {
	n := 50000
	if v, err := strconv.Atoi(os.Getenv("SIMSQL_BLOCKPAIRS_N")); err == nil && v > 0 {
		n = v
	}
	r := rand.New(rand.NewPCG(51, 52))
	fps := plantedFingerprints(r, n*10/19, 10) // n*10/19 random, then 9 neighbours for every tenth
	c := newEngineConn(b)
	benchQuery(b, c, "CREATE TABLE blocks (bkey BIGINT, id BIGINT, fp BIGINT UNSIGNED, PRIMARY KEY (bkey, id), KEY fp_k3 (fp) COMMENT 'simhash k=3')")
	var vals []string
	flush := func() {
		benchQuery(b, c, "INSERT INTO blocks VALUES "+strings.Join(vals, ","))
		vals = vals[:0]
	}
	for i, fp := range fps {
		for j := range 4 {
			vals = append(vals, fmt.Sprintf("(%d,%d,%d)", j<<16|int(fp>>(48-16*j)&0xFFFF), i, fp))
		}
		if len(vals) >= 4000 {
			flush()
		}
	}
	if len(vals) > 0 {
		flush()
	}
	const query = `SELECT COUNT(*) FROM blocks a JOIN blocks b ON %s = b.bkey
WHERE a.id < b.id AND hamming(a.fp, b.fp) <= 3
  AND a.bkey >> 16 = CASE WHEN (a.fp ^ b.fp) >> 48 = 0 THEN 0 WHEN (a.fp ^ b.fp) >> 32 & 65535 = 0 THEN 1
                          WHEN (a.fp ^ b.fp) >> 16 & 65535 = 0 THEN 2 ELSE 3 END`
	counts := map[string]string{}
	for _, tc := range []struct{ name, left, plan string }{
		{"groups", "a.bkey", "primary key groups (bkey)"},
		{"index", "a.bkey + 0", "simhash index fp_k3"},
	} {
		q := fmt.Sprintf(query, tc.left)
		if plan, err := explainPlan(c, q); err != nil || !strings.Contains(plan, tc.plan) {
			b.Fatalf("%s: plan without %s (%v):\n%s", q, tc.plan, err, plan)
		}
		b.Run(tc.name, func(b *testing.B) {
			for b.Loop() {
				rows, err := c.query(q)
				if err != nil {
					b.Fatal(err)
				}
				counts[tc.name] = *rows[0][0]
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/query")
		})
	}
	if len(counts) == 2 && counts["groups"] != counts["index"] {
		b.Fatalf("pairs: %s within groups, %s through the index", counts["groups"], counts["index"])
	}
	b.Logf("%d fingerprints, %s pairs", len(fps), counts["groups"])
}
