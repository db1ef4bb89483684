package vtcluster

import (
	"context"
	dbsql "database/sql"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/simsql/simsql/sqltests"
)

// TestBenchmark measures simsql on Vitess against one simsql node in the
// same run, when SIMSQL_VITESS_BENCH is a row count (e.g. 100000): for one
// node and for clusters of 2 and 4 shards, the load through vtgate, the
// SimHash index build, point queries at k = 3 (p50 and p99, exact against
// one node) and all pairs at k = 3 (one node: near_duplicates; a cluster:
// the block table of docs/scaling.md, filled and joined). It writes a
// Markdown report to SIMSQL_VITESS_BENCH_OUT (BENCHMARKS-vitess.md) if set.
func TestBenchmark(t *testing.T) {
	rowsEnv := os.Getenv("SIMSQL_VITESS_BENCH")
	if rowsEnv == "" {
		t.Skip("set SIMSQL_VITESS_BENCH=<rows> (and SIMSQL_REQUIRE_VITESS=1) to measure simsql on Vitess against one node")
	}
	requireVitess(t)
	n, err := strconv.Atoi(rowsEnv)
	if err != nil || n < 1000 {
		t.Fatalf("SIMSQL_VITESS_BENCH=%q: want a row count of at least 1000", rowsEnv)
	}
	fps := fingerprints(n)
	r := rand.New(rand.NewPCG(7, 16))
	probes := make([]uint64, 300)
	for i := range probes {
		probes[i] = fps[r.IntN(n)] ^ 1<<r.IntN(64) // a near neighbour of a row
	}

	type result struct {
		name          string
		load, index   time.Duration
		p50, p99      time.Duration
		fill, pairs   time.Duration
		npairs        int
		perShardCount string
	}
	var results []result

	// One node.
	one := sqltests.StartServer(t).DB(t)
	res := result{name: "one simsql node"}
	res.load = loadFingerprints(t, one, fps)
	res.index = timed(t, one, "CREATE INDEX fp_k3 ON fps (fp) COMMENT 'simhash k=3'")
	want := make([][]int64, len(probes))
	for i, q := range probes {
		want[i] = ids(t, one, pointQuery(q))
	}
	res.p50, res.p99 = latencies(t, one, probes, want)
	start := time.Now()
	res.npairs = len(ids(t, one, "SELECT left_id FROM near_duplicates('fps', 'fp', 3)"))
	res.pairs = time.Since(start)
	results = append(results, res)
	t.Logf("%+v", res)

	for _, shards := range []int{2, 4} {
		c := startCluster(t, shards)
		gate := c.vtgate(t)
		res := result{name: fmt.Sprintf("%d shards through vtgate", shards)}
		if _, err := gate.Exec("CREATE TABLE fps (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"); err != nil {
			t.Fatal(err)
		}
		if _, err := gate.Exec("ALTER VSCHEMA ON fps ADD VINDEX hash(id) USING hash"); err != nil {
			t.Fatal(err)
		}
		res.load = loadFingerprints(t, gate, fps)
		var counts []string
		for i := range shards {
			var k int
			if err := c.shard(t, i).QueryRow("SELECT COUNT(*) FROM fps").Scan(&k); err != nil {
				t.Fatal(err)
			}
			counts = append(counts, strconv.Itoa(k))
		}
		res.perShardCount = strings.Join(counts, " / ")
		res.index = timed(t, gate, "CREATE INDEX fp_k3 ON fps (fp) COMMENT 'simhash k=3'")
		res.p50, res.p99 = latencies(t, gate, probes, want)

		for _, q := range []string{
			"CREATE TABLE fps_blocks (bkey BIGINT, id BIGINT, fp BIGINT UNSIGNED, PRIMARY KEY (bkey, id), KEY fp_k3 (fp) COMMENT 'simhash k=3')",
			"ALTER VSCHEMA ON fps_blocks ADD VINDEX hash(bkey) USING hash",
		} {
			if _, err := gate.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		start := time.Now()
		// vttablet returns at most 10,000 rows to a query outside OLAP
		// (--queryserver-config-max-result-size): 2,000 ids make 8,000 block
		// rows, fewer on each shard.
		const step = 2000
		for lo := 1; lo <= n; lo += step {
			q := strings.ReplaceAll(strings.ReplaceAll(fillBlocks, "docs", "fps"), "FROM fps", fmt.Sprintf("FROM fps WHERE id BETWEEN %d AND %d", lo, lo+step-1))
			if _, err := gate.Exec(q); err != nil {
				t.Fatalf("filling the blocks: %v", err)
			}
		}
		res.fill = time.Since(start)
		res.pairs, res.npairs = olapCount(t, gate, strings.Replace(strings.ReplaceAll(blockPairs, "docs_blocks", "fps_blocks"), "SELECT a.id, b.id, hamming(a.fp, b.fp)", "SELECT a.id", 1))
		if res.npairs != results[0].npairs {
			t.Errorf("%s: %d pairs, one node %d", res.name, res.npairs, results[0].npairs)
		}
		results = append(results, res)
		t.Logf("%+v", res)
		if out, err := c.run("stop"); err != nil {
			t.Fatalf("cluster.sh stop: %v\n%s", err, out)
		}
	}

	base := results[0]
	var b strings.Builder
	fmt.Fprintf(&b, "# simsql on Vitess against one node\n\n")
	fmt.Fprintf(&b, "Written by `SIMSQL_REQUIRE_VITESS=1 SIMSQL_VITESS_BENCH=%d SIMSQL_VITESS_BENCH_OUT=… go test -run TestBenchmark -timeout 2h ./vtcluster` "+
		"(vtcluster/bench_test.go) on %s, %d cores, %s, load average %s at the end; everything on one machine, so the shards share its cores. ",
		n, time.Now().UTC().Format("2006-01-02"), runtime.NumCPU(), runtime.Version(), loadAverage())
	fmt.Fprintf(&b, "%d random 64-bit fingerprints (every tenth one 1 to 3 bits from an earlier one), loaded in 1,000-row INSERTs "+
		"(through vtgate for the clusters, routed by the hash of `id`), then `CREATE INDEX … COMMENT 'simhash k=3'`. "+
		"Point queries: %d probes `hamming(fp, q) <= 3`, each one bit from a row, every answer equal to one node's. "+
		"All pairs at k = 3: one node `near_duplicates('fps', 'fp', 3)`; a cluster fills the block table "+
		"(docs/scaling.md#all-pairs-across-shards) with `INSERT … SELECT` through vtgate and joins it, the same pairs as one node.\n\n", n, len(probes))
	fmt.Fprintf(&b, "| setup | rows per shard | load | index | point p50 | point p99 | p99 vs one node | block fill | all pairs | vs one node | pairs |\n")
	fmt.Fprintf(&b, "|---|---|---|---|---|---|---|---|---|---|---|\n")
	for _, r := range results {
		ratio, pratio, fill, per := "1", "1", "–", r.perShardCount
		if r.name != base.name {
			ratio = fmt.Sprintf("%.1f×", float64(r.p99)/float64(base.p99))
			pratio = fmt.Sprintf("%.1f×", float64(r.pairs)/float64(base.pairs))
			fill = dur(r.fill)
		} else {
			per = strconv.Itoa(n)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %d |\n",
			r.name, per, dur(r.load), dur(r.index), dur(r.p50), dur(r.p99), ratio, fill, dur(r.pairs), pratio, r.npairs)
	}
	t.Log("\n" + b.String())
	if out := os.Getenv("SIMSQL_VITESS_BENCH_OUT"); out != "" {
		if err := os.WriteFile(out, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// fingerprints returns n fingerprints for ids 1 to n: uniformly random,
// except that every tenth is an earlier one with 1 to 3 bits flipped.
func fingerprints(n int) []uint64 {
	r := rand.New(rand.NewPCG(2007, 3))
	fps := make([]uint64, n)
	for i := range fps {
		if i >= 10 && i%10 == 0 {
			fp := fps[r.IntN(i)]
			for range 1 + r.IntN(3) {
				fp ^= 1 << r.IntN(64)
			}
			fps[i] = fp
		} else {
			fps[i] = r.Uint64()
		}
	}
	return fps
}

func loadFingerprints(t *testing.T, db *dbsql.DB, fps []uint64) time.Duration {
	t.Helper()
	if _, err := db.Exec("CREATE TABLE IF NOT EXISTS fps (id BIGINT PRIMARY KEY, fp BIGINT UNSIGNED)"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	for lo := 0; lo < len(fps); lo += 1000 {
		var q strings.Builder
		q.WriteString("INSERT INTO fps (id, fp) VALUES ")
		for i := lo; i < min(lo+1000, len(fps)); i++ {
			if i > lo {
				q.WriteByte(',')
			}
			fmt.Fprintf(&q, "(%d,%d)", i+1, fps[i])
		}
		if _, err := db.Exec(q.String()); err != nil {
			t.Fatalf("loading rows %d…: %v", lo+1, err)
		}
	}
	return time.Since(start)
}

// olapCount runs q in vtgate's OLAP workload (streamed, without vttablet's
// 10,000-row limit) and returns its time and row count.
func olapCount(t *testing.T, db *dbsql.DB, q string) (time.Duration, int) {
	t.Helper()
	conn, err := db.Conn(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "SET workload = 'olap'"); err != nil {
		t.Fatal(err)
	}
	defer conn.ExecContext(context.Background(), "SET workload = 'oltp'")
	start := time.Now()
	rows, err := conn.QueryContext(context.Background(), q)
	if err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		n++
	}
	if err := rows.Err(); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return time.Since(start), n
}

func timed(t *testing.T, db *dbsql.DB, q string) time.Duration {
	t.Helper()
	start := time.Now()
	if _, err := db.Exec(q); err != nil {
		t.Fatalf("%s: %v", q, err)
	}
	return time.Since(start)
}

func pointQuery(q uint64) string {
	return fmt.Sprintf("SELECT id FROM fps WHERE hamming(fp, %d) <= 3 ORDER BY id", q)
}

// latencies runs each probe once as a warm-up, then times each and checks
// its answer against want; it returns the median and the 99th percentile.
func latencies(t *testing.T, db *dbsql.DB, probes []uint64, want [][]int64) (p50, p99 time.Duration) {
	t.Helper()
	for _, q := range probes[:20] {
		ids(t, db, pointQuery(q))
	}
	ds := make([]time.Duration, len(probes))
	for i, q := range probes {
		start := time.Now()
		got := ids(t, db, pointQuery(q))
		ds[i] = time.Since(start)
		if !slices.Equal(got, want[i]) {
			t.Errorf("probe %d: %v, one node %v", q, got, want[i])
		}
	}
	slices.Sort(ds)
	return ds[len(ds)/2], ds[len(ds)*99/100]
}

func dur(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.0f s", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	}
	return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	return strings.Join(strings.Fields(string(b))[:3], " ")
}
