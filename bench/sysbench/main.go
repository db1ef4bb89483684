// Package sysbench runs the OLTP workloads of sysbench 1.0.20 (Debian's
// `sysbench`) against simsql and MariaDB in one run on one machine: the
// measurement issue 13's OLTP bars are stated in. For each system it
// starts a server on 127.0.0.1 (simsql from this module's cmd/simsql, with
// each -engines storage engine; MariaDB's mariadbd with its default durable
// settings, if installed) and, for each workload and thread count:
//
//   - `sysbench <workload> cleanup` and `prepare` (-tables tables of -size
//     rows: sbtest1, sbtest2, … with a secondary index on k);
//   - `sysbench <workload> run` for -time with --threads=N, from which it
//     reads transactions per second, the 95th percentile latency and the
//     errors sysbench ignored (deadlocks and lock wait timeouts: 1213,
//     1020, 1205) — any other error ends sysbench and is reported as a
//     failure;
//   - the consistency check: every table's row count (oltp_point_select
//     and oltp_read_write keep it at -size: read_write deletes and inserts
//     the same id in one transaction; oltp_insert adds rows), and COUNT(*)
//     and SUM(k) read through the primary key equal the same read through
//     the secondary index k_N.
//
// Output: a markdown table with each workload's simsql and MariaDB figures
// and their ratio, the load average before and after, the CPU model and the
// commit, written to -out (default BENCHMARKS-sysbench.md) and stdout.
//
//	go run ./bench sysbench                            # 4 and 16 threads, 30 s each
//	go run ./bench sysbench -time 5s -threads 4 -out - # smoke run
//	go run ./bench sysbench -binaries main=/tmp/simsql-main,branch=./simsql -out -
package sysbench

import (
	"bufio"
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
)

// Run runs the sysbench workload with args, its command-line flags; `go run
// ./bench sysbench ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("sysbench", "")
	workloads := fs.String("workloads", "oltp_point_select,oltp_insert,oltp_read_write", "comma-separated sysbench `workloads`")
	threads := fs.String("threads", "4,16", "comma-separated `thread counts`")
	tables := fs.Int("tables", 2, "sysbench --tables")
	size := fs.Int("size", 10_000, "sysbench --table-size (`rows` per table)")
	dur := fs.Duration("time", 30*time.Second, "`duration` of each run")
	engines := fs.String("engines", "bbolt", "comma-separated simsql storage `engines`")
	binaries := fs.String("binaries", "", "comma-separated `name=path` of simsql binaries to measure side by side (default: this module's, built)")
	mariadb := fs.Bool("mariadb", true, "measure MariaDB too (when mariadbd is installed)")
	out := fs.String("out", "BENCHMARKS-sysbench.md", "markdown `file` to write (- for stdout only)")
	timeout := fs.Duration("timeout", 60*time.Minute, "give up after this `duration`")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(ctx, *timeout)
	defer cancel()

	sb, err := exec.LookPath("sysbench")
	if err != nil {
		return errors.New("sysbench is not installed (Debian: apt-get install sysbench)")
	}
	tmp, bin, err := harness.Workdir(ctx, "sysbench")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	r := runner{ctx: ctx, sysbench: sb, tables: *tables, size: *size, dur: *dur,
		workloads: strings.Split(*workloads, ","), load1: harness.LoadAverage()}
	for _, t := range strings.Split(*threads, ",") {
		n, err := strconv.Atoi(t)
		if err != nil || n < 1 {
			return fmt.Errorf("-threads: %q is not a thread count", t)
		}
		r.threads = append(r.threads, n)
	}
	bins := [][2]string{{"simsql", bin}}
	if *binaries != "" {
		bins = nil
		for _, nb := range strings.Split(*binaries, ",") {
			name, path, ok := strings.Cut(nb, "=")
			if !ok || name == "" || path == "" {
				return fmt.Errorf("-binaries: %q is not name=path", nb)
			}
			bins = append(bins, [2]string{name, path})
		}
	}
	var systems []system
	for _, b := range bins {
		for _, eng := range strings.Split(*engines, ",") {
			name := b[0] + " " + eng
			fmt.Fprintf(os.Stderr, "sysbench: %s\n", name)
			s, err := r.simsql(name, b[1], filepath.Join(tmp, "data-"+b[0]+"-"+eng), eng)
			if err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			systems = append(systems, s)
		}
	}
	if *mariadb {
		fmt.Fprintln(os.Stderr, "sysbench: MariaDB")
		s, err := r.mariadb(filepath.Join(tmp, "mariadb"))
		switch {
		case errors.Is(err, harness.ErrNoMariaDB):
			fmt.Fprintln(os.Stderr, "sysbench: mariadbd is not installed; MariaDB not measured")
		case err != nil:
			return fmt.Errorf("mariadb: %w", err)
		default:
			systems = append(systems, s)
		}
	}
	r.load2 = harness.LoadAverage()
	var md bytes.Buffer
	r.report(&md, systems)
	os.Stdout.Write(md.Bytes())
	if *out != "-" {
		if err := os.WriteFile(*out, md.Bytes(), 0o644); err != nil {
			return err
		}
	}
	for _, s := range systems {
		for _, m := range s.runs {
			if m.failure != "" {
				return fmt.Errorf("%s: a run failed (the report says which)", s.name)
			}
		}
	}
	return nil
}

type runner struct {
	ctx          context.Context
	sysbench     string
	tables, size int
	dur          time.Duration
	workloads    []string
	threads      []int
	load1, load2 [3]float64
}

// system is one server's runs, in the order of r.workloads × r.threads.
type system struct {
	name string
	runs []measure
}

// measure is one sysbench run and its consistency check.
type measure struct {
	workload string
	threads  int
	tps      float64
	p95ms    float64
	ignored  int64  // errors sysbench ignored (1213, 1020, 1205)
	writes   int64  // write queries sysbench counted
	failure  string // sysbench failed, or the check found a fault ("" if neither)
	check    string // what the consistency check saw
}

func (r *runner) simsql(name, bin, dataDir, engine string) (system, error) {
	srv, err := harness.StartSimsql(r.ctx, bin, dataDir, "--storage-engine", engine)
	if err != nil {
		return system{}, err
	}
	defer srv.Stop()
	return r.measureAll(name, srv.Addr)
}

func (r *runner) mariadb(dir string) (system, error) {
	db, srv, err := harness.StartMariaDB(r.ctx, dir)
	if err != nil {
		return system{}, err
	}
	defer srv.Stop()
	db.Close()
	return r.measureAll("MariaDB", srv.Addr)
}

// measureAll creates database sbtest on the server at addr and runs every
// workload at every thread count.
func (r *runner) measureAll(name, addr string) (system, error) {
	s := system{name: name}
	root, err := harness.Open(addr, "")
	if err != nil {
		return s, err
	}
	_, err = root.ExecContext(r.ctx, "CREATE DATABASE IF NOT EXISTS sbtest")
	root.Close()
	if err != nil {
		return s, err
	}
	db, err := harness.Open(addr, "sbtest")
	if err != nil {
		return s, err
	}
	defer db.Close()
	for _, w := range r.workloads {
		for _, n := range r.threads {
			fmt.Fprintf(os.Stderr, "sysbench: %s %s, %d threads\n", name, w, n)
			m, err := r.measure(db, addr, w, n)
			if err != nil {
				return s, fmt.Errorf("%s, %d threads: %w", w, n, err)
			}
			s.runs = append(s.runs, m)
		}
	}
	return s, nil
}

// measure prepares fresh tables, runs workload w on n threads and checks
// the tables afterwards.
func (r *runner) measure(db *sql.DB, addr, w string, n int) (measure, error) {
	m := measure{workload: w, threads: n}
	if _, err := r.run(addr, w, 1, "cleanup"); err != nil {
		return m, err
	}
	if out, err := r.run(addr, w, 1, "prepare"); err != nil {
		return m, fmt.Errorf("prepare: %w\n%s", err, out)
	}
	before, err := r.counts(db)
	if err != nil {
		return m, err
	}
	out, err := r.run(addr, w, n, "run")
	if err != nil {
		m.failure = "sysbench: " + lastLines(out, 3)
		return m, nil
	}
	if m.tps, m.p95ms, m.ignored, m.writes, err = parseRun(out); err != nil {
		return m, fmt.Errorf("%w\n%s", err, out)
	}
	after, err := r.counts(db)
	if err != nil {
		m.failure = "check: " + err.Error()
		return m, nil
	}
	m.check, m.failure = r.verify(w, before, after, m.writes)
	return m, nil
}

// run runs `sysbench w cmd` against addr and returns its output.
func (r *runner) run(addr, w string, threads int, cmd string) (string, error) {
	host, port, _ := strings.Cut(addr, ":")
	args := []string{w, "--db-driver=mysql", "--mysql-host=" + host, "--mysql-port=" + port,
		"--mysql-user=root", "--mysql-db=sbtest",
		"--tables=" + strconv.Itoa(r.tables), "--table-size=" + strconv.Itoa(r.size),
		"--threads=" + strconv.Itoa(threads)}
	if cmd == "run" {
		// --time bounds the run; the context bounds a hung server.
		args = append(args, "--time="+strconv.Itoa(int(r.dur/time.Second)), "--report-interval=0", "--histogram=off")
	}
	ctx, cancel := context.WithTimeout(r.ctx, r.dur+10*time.Minute)
	defer cancel()
	c := exec.CommandContext(ctx, r.sysbench, append(args, cmd)...)
	var b bytes.Buffer
	c.Stdout, c.Stderr = &b, &b
	err := c.Run()
	return b.String(), err
}

var (
	reTPS     = regexp.MustCompile(`transactions:\s+\d+\s+\(([\d.]+) per sec\.\)`)
	reP95     = regexp.MustCompile(`95th percentile:\s+([\d.]+)`)
	reIgnored = regexp.MustCompile(`ignored errors:\s+(\d+)`)
	reWrites  = regexp.MustCompile(`write:\s+(\d+)`)
)

// parseRun reads a `sysbench run` report: transactions per second, the
// 95th percentile latency in ms, the ignored errors and the write queries.
func parseRun(out string) (tps, p95 float64, ignored, writes int64, err error) {
	get := func(re *regexp.Regexp) string {
		if m := re.FindStringSubmatch(out); m != nil {
			return m[1]
		}
		err = fmt.Errorf("sysbench output has no %q", re.String())
		return "0"
	}
	tps, _ = strconv.ParseFloat(get(reTPS), 64)
	p95, _ = strconv.ParseFloat(get(reP95), 64)
	ignored, _ = strconv.ParseInt(get(reIgnored), 10, 64)
	writes, _ = strconv.ParseInt(get(reWrites), 10, 64)
	return tps, p95, ignored, writes, err
}

// tableCounts is one table's row count and SUM(k), read through the
// primary key and through the secondary index on k (k_N).
type tableCounts struct {
	rows, rowsIdx int64
	sumK, sumKIdx int64
}

func (r *runner) counts(db *sql.DB) ([]tableCounts, error) {
	cs := make([]tableCounts, r.tables)
	for i := range cs {
		t := fmt.Sprintf("sbtest%d", i+1)
		c := &cs[i]
		if err := db.QueryRowContext(r.ctx, "SELECT COUNT(*), COALESCE(SUM(k), 0) FROM "+t+"").Scan(&c.rows, &c.sumK); err != nil {
			return nil, fmt.Errorf("%s by primary key: %w", t, err)
		}
		ix := fmt.Sprintf("k_%d", i+1) // sysbench's name for sbtestN's index on k
		if err := db.QueryRowContext(r.ctx, "SELECT COUNT(*), COALESCE(SUM(k), 0) FROM "+t+" FORCE INDEX ("+ix+") WHERE k > -2147483648").Scan(&c.rowsIdx, &c.sumKIdx); err != nil {
			return nil, fmt.Errorf("%s by %s: %w", t, ix, err)
		}
	}
	return cs, nil
}

// verify checks the tables after a run of w: primary key and index agree;
// the row count is unchanged except for oltp_insert, which adds one row
// per write query.
func (r *runner) verify(w string, before, after []tableCounts, writes int64) (check, failure string) {
	var rows, added int64
	for i, a := range after {
		if a.rows != a.rowsIdx || a.sumK != a.sumKIdx {
			return "", fmt.Sprintf("check: sbtest%d: %d rows (SUM(k) %d) by primary key, %d (%d) by k_%d", i+1, a.rows, a.sumK, a.rowsIdx, a.sumKIdx, i+1)
		}
		rows += a.rows
		added += a.rows - before[i].rows
	}
	switch w {
	case "oltp_insert":
		if added != writes {
			return "", fmt.Sprintf("check: %d rows added, %d INSERTs acknowledged", added, writes)
		}
		return fmt.Sprintf("%d rows (+%d = INSERTs acknowledged); index = primary key", rows, added), ""
	default:
		if want := int64(r.tables * r.size); rows != want {
			return "", fmt.Sprintf("check: %d rows, want %d", rows, want)
		}
		return fmt.Sprintf("%d rows; index = primary key", rows), ""
	}
}

func (r *runner) report(w io.Writer, systems []system) {
	fmt.Fprintf(w, "# sysbench OLTP: simsql and MariaDB\n\n")
	fmt.Fprintf(w, "Written by `go run ./bench sysbench` (issue 13's OLTP bars: each workload at ≥ 0.5× MariaDB's tps, 0 errors, consistency checked after the run).\n\n")
	fmt.Fprintf(w, "- commit %s, %s, %d cores, %s\n", harness.GitCommit(), harness.CPUModel(), runtime.NumCPU(), time.Now().UTC().Format("2006-01-02 15:04 UTC"))
	fmt.Fprintf(w, "- sysbench 1.0.20, %d tables × %d rows, %s per run, prepared statements (sysbench's default); simsql with its defaults, MariaDB with its defaults (InnoDB, durable commits)\n", r.tables, r.size, r.dur)
	fmt.Fprintf(w, "- load average before %.1f %.1f %.1f, after %.1f %.1f %.1f (other work was running on this machine when it is above ~1)\n\n", r.load1[0], r.load1[1], r.load1[2], r.load2[0], r.load2[1], r.load2[2])
	var base *system
	for i := range systems {
		if systems[i].name == "MariaDB" {
			base = &systems[i]
		}
	}
	fmt.Fprintf(w, "| workload | threads | system | tps | p95 ms | ignored errors | × MariaDB tps | consistency |\n|---|---|---|---|---|---|---|---|\n")
	for i := range r.workloads {
		for j := range r.threads {
			k := i*len(r.threads) + j
			for _, s := range systems {
				if k >= len(s.runs) {
					continue
				}
				m := s.runs[k]
				ratio := "–"
				if base != nil && s.name != base.name && k < len(base.runs) && base.runs[k].tps > 0 {
					ratio = fmt.Sprintf("%.2f×", m.tps/base.runs[k].tps)
				}
				check := m.check
				if m.failure != "" {
					check = "**" + m.failure + "**"
				}
				fmt.Fprintf(w, "| %s | %d | %s | %.0f | %.2f | %d | %s | %s |\n", m.workload, m.threads, s.name, m.tps, m.p95ms, m.ignored, ratio, check)
			}
		}
	}
}

// lastLines returns the last n non-empty lines of s, joined by " / ".
func lastLines(s string, n int) string {
	var lines []string
	sc := bufio.NewScanner(strings.NewReader(s))
	for sc.Scan() {
		if l := strings.TrimSpace(sc.Text()); l != "" {
			lines = append(lines, l)
		}
	}
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, " / ")
}
