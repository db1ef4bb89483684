// Package startup measures what starting simsql costs: `simsql serve` from
// exec to its ready line, its resident memory when idle, what the first
// English and the first Chinese simhash() pay afterwards, and `simsql
// version` from exec to exit. It builds cmd/simsql of the working tree and,
// with -baseline, of a git revision too (from `git archive`, in a temporary
// directory), and runs the two in turn, -runs times each, so that both see
// the same machine load; it prints a markdown report with the medians and
// the worst runs, and the load average before and after.
//
// Each server starts on a fresh data directory on 127.0.0.1 and a free port.
// Ready is the wall time from exec to the ready line, with the CPU time the
// process used by then beside it (on a shared machine wall time says mostly
// how busy the machine is). Idle RSS is VmRSS (/proc/PID/status) one second
// after a client connected and ran SELECT 1. Then `SELECT simhash(English)`
// and `SELECT simhash(Chinese)` are timed from the client, and VmRSS read
// after each.
//
//	go run ./bench startup -baseline 249da13          # before the lazy dictionary
//	go run ./bench startup -runs 3 -out /tmp/startup.md
package startup

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

const (
	englishText = "The quick brown fox jumps over the lazy dog near the river bank"
	chineseText = "今天天气很好，我们去郊游。後腳龍族幻想恰爛錢"
)

// sample is one start of one binary.
type sample struct {
	ready, readyCPU   time.Duration
	idleRSS           int64 // bytes
	english, chinese  time.Duration
	englishRSS, zhRSS int64
	version           time.Duration
}

// Run runs the startup workload with args, its command-line flags; `go run
// ./bench startup ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("startup", "")
	baseline := fs.String("baseline", "", "git `revision` to build and measure beside the working tree")
	runs := fs.Int("runs", 7, "`starts` of each binary")
	out := fs.String("out", "", "also write the report to `file`")
	timeout := fs.Duration("timeout", 20*time.Minute, "give up after this `duration`")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	if *runs <= 0 {
		return harness.Usagef("-runs must be positive")
	}
	ctx, cancel, tmp, err := harness.Begin(ctx, "startup", *timeout)
	if err != nil {
		return err
	}
	defer cancel()
	defer os.RemoveAll(tmp)

	type system struct {
		name, bin string
		samples   []sample
	}
	bin, err := harness.BuildSimsql(ctx, tmp, "startup")
	if err != nil {
		return err
	}
	systems := []*system{{name: "working tree " + harness.GitCommit(), bin: bin}}
	if *baseline != "" {
		bbin, err := buildRevision(ctx, tmp, *baseline)
		if err != nil {
			return err
		}
		systems = append([]*system{{name: "baseline " + *baseline, bin: bbin}}, systems...)
	}
	load0 := harness.LoadAverage()
	for i := range *runs {
		for _, s := range systems {
			smp, err := measure(ctx, s.bin, filepath.Join(tmp, fmt.Sprintf("data-%d-%d", i, len(s.samples))))
			if err != nil {
				return fmt.Errorf("%s: %w", s.name, err)
			}
			fmt.Fprintf(os.Stderr, "startup: %s run %d: ready %s, idle RSS %s\n", s.name, i+1, ms(smp.ready), mb(smp.idleRSS))
			s.samples = append(s.samples, smp)
		}
	}
	load1 := harness.LoadAverage()

	var b strings.Builder
	fmt.Fprintf(&b, "# Start-up\n\nWritten by `go run ./bench startup %s` on %s UTC. %s, %d CPUs, %s. Load average (1, 5, 15 min) %v at the start, %v at the end. %d starts of each binary, taken in turn. Medians, with the worst run in parentheses.\n\n",
		strings.Join(args, " "), time.Now().UTC().Format("2006-01-02 15:04"), harness.CPUModel(), runtime.NumCPU(), runtime.Version(), load0, load1, *runs)
	b.WriteString("| binary | ready (wall) | CPU by ready | idle RSS | first English simhash() | RSS after | first Chinese simhash() | RSS after | `simsql version` |\n")
	b.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	for _, s := range systems {
		col := func(f func(sample) int64, format func(int64) string) string {
			v := make([]int64, len(s.samples))
			for i, smp := range s.samples {
				v[i] = f(smp)
			}
			slices.Sort(v)
			return fmt.Sprintf("%s (%s)", format(v[len(v)/2]), format(v[len(v)-1]))
		}
		dur := func(f func(sample) time.Duration) string {
			return col(func(s sample) int64 { return int64(f(s)) }, func(v int64) string { return ms(time.Duration(v)) })
		}
		mem := func(f func(sample) int64) string { return col(f, mb) }
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", s.name,
			dur(func(s sample) time.Duration { return s.ready }),
			dur(func(s sample) time.Duration { return s.readyCPU }),
			mem(func(s sample) int64 { return s.idleRSS }),
			dur(func(s sample) time.Duration { return s.english }),
			mem(func(s sample) int64 { return s.englishRSS }),
			dur(func(s sample) time.Duration { return s.chinese }),
			mem(func(s sample) int64 { return s.zhRSS }),
			dur(func(s sample) time.Duration { return s.version }))
	}
	b.WriteString("\nCPU time is counted in ticks of 10 ms. RSS in MB of 2^20 bytes.\n")
	fmt.Print(b.String())
	if *out != "" {
		if err := os.WriteFile(*out, []byte(b.String()), 0o644); err != nil {
			return err
		}
	}
	return nil
}

// measure starts bin once on a fresh data directory and takes one sample.
func measure(ctx context.Context, bin, dataDir string) (sample, error) {
	var s sample
	t0 := time.Now()
	srv, err := harness.StartSimsql(ctx, bin, dataDir)
	if err != nil {
		return s, err
	}
	defer srv.Stop()
	s.ready = time.Since(t0)
	pid := srv.Cmd.Process.Pid
	s.readyCPU = harness.ProcessCPU(pid)
	db, err := harness.Open(srv.Addr, "simsql")
	if err != nil {
		return s, err
	}
	defer db.Close()
	if _, err := db.ExecContext(ctx, "SELECT 1"); err != nil {
		return s, err
	}
	select {
	case <-time.After(time.Second):
	case <-ctx.Done():
		return s, ctx.Err()
	}
	if s.idleRSS, err = rss(pid); err != nil {
		return s, err
	}
	first := func(text string) (time.Duration, int64, error) {
		t := time.Now()
		var fp uint64
		if err := db.QueryRowContext(ctx, "SELECT simhash(?)", text).Scan(&fp); err != nil {
			return 0, 0, err
		}
		d := time.Since(t)
		r, err := rss(pid)
		return d, r, err
	}
	if s.english, s.englishRSS, err = first(englishText); err != nil {
		return s, err
	}
	if s.chinese, s.zhRSS, err = first(chineseText); err != nil {
		return s, err
	}
	t := time.Now()
	if out, err := exec.CommandContext(ctx, bin, "version").CombinedOutput(); err != nil {
		return s, fmt.Errorf("simsql version: %v\n%s", err, out)
	}
	s.version = time.Since(t)
	return s, nil
}

// rss returns the resident set size of process pid in bytes.
func rss(pid int) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, err
	}
	for line := range strings.Lines(string(b)) {
		if rest, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(rest), " kB"), 10, 64)
			return kb << 10, err
		}
	}
	return 0, fmt.Errorf("no VmRSS in /proc/%d/status", pid)
}

// buildRevision builds cmd/simsql as of git revision rev, from `git archive`
// unpacked into a directory under tmp.
func buildRevision(ctx context.Context, tmp, rev string) (string, error) {
	src := filepath.Join(tmp, "baseline-src")
	if err := os.MkdirAll(src, 0o755); err != nil {
		return "", err
	}
	archive := exec.CommandContext(ctx, "git", "archive", "--format=tar", rev)
	untar := exec.CommandContext(ctx, "tar", "-x", "-C", src)
	pipe, err := archive.StdoutPipe()
	if err != nil {
		return "", err
	}
	untar.Stdin = pipe
	archive.Stderr, untar.Stderr = os.Stderr, os.Stderr
	if err := untar.Start(); err != nil {
		return "", err
	}
	if err := archive.Run(); err != nil {
		return "", fmt.Errorf("git archive %s: %w", rev, err)
	}
	if err := untar.Wait(); err != nil {
		return "", fmt.Errorf("unpacking git archive %s: %w", rev, err)
	}
	bin := filepath.Join(tmp, "simsql-baseline")
	fmt.Fprintf(os.Stderr, "startup: go build ./cmd/simsql at %s\n", rev)
	cmd := exec.CommandContext(ctx, "go", "build", "-buildvcs=false", "-o", bin, "./cmd/simsql")
	cmd.Dir = src
	cmd.Stdout, cmd.Stderr = io.Discard, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("go build at %s: %w", rev, err)
	}
	return bin, nil
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0f ms", harness.Ms(d)) }

func mb(b int64) string { return fmt.Sprintf("%.0f MB", float64(b)/(1<<20)) }
