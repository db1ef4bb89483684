// Package peers benchmarks simsql against its peers, MariaDB 10.11 and
// PostgreSQL 15, and against brute force, on the workloads of issue 5, and
// writes BENCHMARKS.md with one PNG chart per workload:
//
//  1. point near-duplicate query, k = 3, at each -sizes row count: simsql
//     `hamming(fp, X) <= 3` answered by its simhash index; MariaDB
//     `BIT_COUNT(fp ^ X) <= 3`; PostgreSQL `bit_count((fp # X)::bit(64)) <= 3`
//     (both full scans). Every answer is checked against brute force in Go.
//  2. all near-duplicate pairs, k = 3: simsql near_duplicates; the peers'
//     self-join (only up to -self-join-max rows: above that it takes hours,
//     and the report says so). Every count is checked against a pigeonhole
//     count in Go.
//  3. fingerprinting throughput (MB/s of UTF-8 text) in process, on SPDX
//     licence texts and the KJV Bible (English) and fortunes-zh and Tang
//     poems (Chinese): textsim's SimHash (what SQL simhash() runs) against
//     gse's Cut alone on the same documents, on one core and on all cores.
//  4. bulk load, rows per second: simsql and MariaDB (InnoDB) LOAD DATA
//     LOCAL INFILE, PostgreSQL COPY (pgx CopyFrom), in -chunks equal chunks.
//
// and detection quality in process (see quality.go). The fingerprints are
// harness.PlantedFingerprints: random, with planted neighbours at distances
// 1, 2 and 3. All servers run on 127.0.0.1 in a temporary directory with
// their default settings and are stopped at the end.
//
//	go run ./bench peers              # full run: BENCHMARKS.md and bench/charts/ in the module root
//	go run ./bench peers -smoke       # small sizes, a few minutes, into a temporary directory
//
// scripts/bench.sh installs the peers and fetches the corpora first.
package peers

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/internal/simsqltest"
)

// config is what a run measures.
type config struct {
	smoke        bool
	sizes        []int // rows of workloads 1, 2 and 4
	queries      int   // point queries per system and size
	selfJoinMax  int   // largest size at which the peers' self-joins run
	ndRuns       int   // near_duplicates runs per size
	chunks       int   // bulk load chunks per size
	tputRuns     int   // passes over each corpus per throughput figure
	corpusBytes  int   // per corpus, 0 = all of it
	tputBytes    int   // per corpus for workload 3, 0 = all of it
	qualityDocs  int   // original documents per language
	corpora      string
	requirePeers bool // a missing peer is an error, not a note
	qualityOnly  bool // only the detection quality, written as the curve
}

func fullConfig() config {
	return config{sizes: []int{100_000, 1_000_000}, queries: 200, selfJoinMax: 100_000, ndRuns: 3,
		chunks: 10, tputRuns: 3, tputBytes: 4_000_000, qualityDocs: 300}
}

func smokeConfig() config {
	return config{smoke: true, sizes: []int{2_000, 10_000}, queries: 20, selfJoinMax: 10_000, ndRuns: 1,
		chunks: 4, tputRuns: 1, corpusBytes: 100_000, tputBytes: 100_000, qualityDocs: 20}
}

// Run runs the peers workload with args, its command-line flags; `go run
// ./bench peers ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("peers", "")
	smoke := fs.Bool("smoke", false, "small sizes (2,000 and 10,000 rows, 100 kB of each corpus, 20 documents per language), into a temporary directory unless -out is given")
	out := fs.String("out", "", "`directory` for BENCHMARKS.md and bench/charts/ (default: the module root; with -smoke a new temporary directory)")
	sizes := fs.String("sizes", "", "comma-separated row `counts` for workloads 1, 2 and 4 (default 100000,1000000)")
	binary := fs.String("binary", "", "simsql `binary` to run (default: build ./cmd/simsql)")
	timeout := fs.Duration("timeout", 90*time.Minute, "give up after this `duration`")
	qualityOnly := fs.Bool("quality-only", false, "only measure detection quality and write "+curvePath+" (the SimHash k against Jaccard curve), not BENCHMARKS.md")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	cfg := fullConfig()
	if *smoke {
		cfg = smokeConfig()
	}
	if *sizes != "" {
		cfg.sizes = nil
		for _, f := range strings.Split(*sizes, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 200 {
				return harness.Usagef("-sizes: %q is not a row count of at least 200", f)
			}
			cfg.sizes = append(cfg.sizes, n)
		}
	}
	cfg.qualityOnly = *qualityOnly
	cfg.corpora = os.Getenv("SIMSQL_CORPORA")
	cfg.requirePeers = simsqltest.Required("PEERS")
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()
	dir := *out
	if dir == "" && *smoke {
		var err error
		if dir, err = os.MkdirTemp("", "simsql-bench-peers-out-"); err != nil {
			return err
		}
	}
	if dir == "" {
		var err error
		if dir, err = moduleRoot(); err != nil {
			return err
		}
	}
	path, err := run(ctx, cfg, *binary, dir)
	if err != nil {
		return err
	}
	fmt.Println(path)
	return nil
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "peers: %s "+format+"\n", append([]any{time.Now().UTC().Format("15:04:05")}, args...)...)
}

// moduleRoot returns the directory of the go.mod of the working directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(out))
	if gomod == "" || gomod == os.DevNull {
		return "", errors.New("run from inside the simsql module, or give -out")
	}
	return filepath.Dir(gomod), nil
}

// run measures everything cfg asks for and writes BENCHMARKS.md and its
// charts under dir; it returns the path of BENCHMARKS.md. A peer that cannot
// be started is reported in BENCHMARKS.md, or is an error when
// cfg.requirePeers.
func run(ctx context.Context, cfg config, binary, dir string) (string, error) {
	tmp, err := os.MkdirTemp("", "simsql-bench-peers-")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	r := &report{cfg: cfg, start: time.Now(), commit: harness.GitCommit(), loadStart: loadAvg()}
	r.machine = fmt.Sprintf("%s, %d CPUs (%s), %s/%s", harness.CPUModel(), runtime.NumCPU(), kernel(), runtime.GOOS, runtime.GOARCH)
	r.goVersion = runtime.Version()
	b := &bench{ctx: ctx, cfg: cfg, tmp: tmp, r: r, bin: binary}
	if cfg.qualityOnly {
		if b.seg, err = quality.NewSegmenter(); err != nil {
			return "", err
		}
		if err := b.quality(); err != nil {
			return "", err
		}
		return r.writeCurve(dir)
	}
	if binary == "" {
		if binary, err = harness.BuildSimsql(ctx, tmp, "peers"); err != nil {
			return "", err
		}
	}
	r.simsqlBinary = binary
	b.bin = binary
	if err := b.servers(); err != nil {
		return "", err
	}
	if err := b.throughput(); err != nil {
		return "", err
	}
	if err := b.quality(); err != nil {
		return "", err
	}
	r.loadEnd = loadAvg()
	r.elapsed = time.Since(r.start)
	if _, err := r.writeCurve(dir); err != nil {
		return "", err
	}
	return r.write(dir)
}

// loadAvg returns the first three fields of /proc/loadavg.
func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}

func kernel() string {
	b, err := os.ReadFile("/proc/sys/kernel/osrelease")
	if err != nil {
		return "unknown kernel"
	}
	return "Linux " + strings.TrimSpace(string(b))
}
