package peers

import (
	"context"
	"image/png"
	"math"
	"math/bits"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/internal/simsqltest"
)

// smokeCorpora returns the directory of scripts/fetch-corpora.sh's corpora
// for TestSmoke: $SIMSQL_CORPORA, else .corpora at the repository root, as
// the sqltests corpus tests read them. Without them (no MANIFEST.txt) the
// test skips, unless SIMSQL_REQUIRE_CORPORA=1 or SIMSQL_REQUIRE_PEERS=1
// makes that a failure. (It failed with "SIMSQL_CORPORA is not set" where
// the peers were installed and the corpora fetched but not exported.)
func smokeCorpora(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(simsqltest.CorporaDir())
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "MANIFEST.txt")); err != nil {
		what := "CORPORA"
		if simsqltest.Required("PEERS") {
			what = "PEERS"
		}
		simsqltest.Require(t, what, "corpora missing (run scripts/fetch-corpora.sh): "+err.Error())
	}
	return dir
}

// TestSmoke runs the whole harness at smoke sizes: builds simsql (or runs
// the one scripts/test.sh built, $SIMSQL_TEST_BINARY), starts
// simsql, MariaDB and PostgreSQL, runs every workload and writes
// BENCHMARKS.md with its charts into a temporary directory. It skips when a
// peer is missing, unless SIMSQL_REQUIRE_PEERS=1 (CI), where that fails.
func TestSmoke(t *testing.T) {
	require := simsqltest.Required("PEERS")
	_, errMaria := exec.LookPath("mariadbd")
	_, errPG := os.Stat(filepath.Join(pgBin, "postgres"))
	if !require && (errMaria != nil || errPG != nil) {
		t.Skip("mariadbd or PostgreSQL 15 missing (scripts/bench.sh installs them; SIMSQL_REQUIRE_PEERS=1 makes this a failure)")
	}
	if testing.Short() {
		t.Skip("-short")
	}
	cfg := smokeConfig()
	cfg.corpora = smokeCorpora(t)
	cfg.requirePeers = true // a missing or failing peer fails the test
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	dir := t.TempDir()
	bin, err := simsqltest.Prebuilt("SIMSQL_TEST_BINARY") // "": run builds it
	if err != nil {
		t.Fatal(err)
	}
	path, err := run(ctx, cfg, bin, dir)
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	md := string(b)
	// The planted fingerprints have exactly 83 pairs within 3 bits at 2,000
	// rows and 410 at 10,000: each system must find exactly those (the
	// peers' self-joins run at both smoke sizes).
	for _, want := range []string{
		"| 2k | simsql |", "| 2k | MariaDB |", "| 2k | PostgreSQL |",
		"| 10k | simsql |", "| 10k | MariaDB |", "| 10k | PostgreSQL |",
		"## 1. Point near-duplicate query", "## 2. All near-duplicate pairs", "## 3. Fingerprinting throughput", "## 4. Bulk load",
		"### Where simsql's bulk load spends its time", "## Detection quality",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("BENCHMARKS.md lacks %q", want)
		}
	}
	for _, c := range []struct {
		row   string
		count int
	}{{"| 83 (= brute force) |", 3}, {"| 410 (= brute force) |", 3}, {"all 20 equal brute force", 6}} {
		if got := strings.Count(md, c.row); got != c.count {
			t.Errorf("BENCHMARKS.md has %q %d times, want %d", c.row, got, c.count)
		}
	}
	if strings.Contains(md, "not measured") {
		t.Errorf("BENCHMARKS.md says something was not measured:\n%s", md)
	}
	for _, f := range []string{"point_query.png", "all_pairs.png", "throughput.png", "bulk_load.png", "quality_pr.png"} {
		p := filepath.Join(dir, chartDir, f)
		if !strings.Contains(md, chartDir+"/"+f) {
			t.Errorf("BENCHMARKS.md does not link %s", f)
		}
		fh, err := os.Open(p)
		if err != nil {
			t.Error(err)
			continue
		}
		img, err := png.Decode(fh)
		fh.Close()
		if err != nil {
			t.Errorf("%s: %v", f, err)
		} else if b := img.Bounds(); b.Dx() < 300 || b.Dy() < 200 {
			t.Errorf("%s is %v, want at least 300×200", f, b)
		}
	}
}

// TestPairsWithin3 checks the pigeonhole count the benchmarks check every
// system against, against all pairs in Go. In the first 100 fingerprints the
// random one and its neighbours at distances 1, 2 and 3 make 4 pairs within
// 3: three with the random one, and here also the neighbours at 1 and 2 bits.
func TestPairsWithin3(t *testing.T) {
	for _, c := range []struct{ n, want int }{{100, 4}, {2000, 83}, {10000, 410}} {
		fps := harness.PlantedFingerprints(c.n)
		brute := 0
		for i := range fps {
			for j := i + 1; j < len(fps); j++ {
				if bits.OnesCount64(fps[i]^fps[j]) <= 3 {
					brute++
				}
			}
		}
		if got := harness.PairsWithin3(fps); got != int64(brute) || brute != c.want {
			t.Errorf("%d fingerprints: PairsWithin3 = %d, brute force %d, want %d", c.n, got, brute, c.want)
		}
	}
}

func TestSummarizeErr(t *testing.T) {
	// 20 errors 0.01..0.20: the 95th percentile (nearest rank, index 19) is 0.20.
	var errs, js []float64
	for i := 1; i <= 20; i++ {
		errs = append(errs, float64(i)/100)
		js = append(js, 0.5)
	}
	s := summarizeErr(errs, js, 64)
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-12 }
	if s.n != 20 || !near(s.mean, 0.105) || !near(s.p95, 0.20) || !near(s.rms, math.Sqrt(0.287/20)) || !near(s.theoryRMS, 0.5/8) {
		t.Errorf("summarizeErr = %+v", s)
	}
}
