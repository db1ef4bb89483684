// Command bench runs one of simsql's benchmark workloads:
//
//	go run ./bench WORKLOAD [flags]
//	go run ./bench                   # lists the workloads
//	go run ./bench WORKLOAD -h       # the workload's flags
//
// Each workload is a package of its own under bench/ (bench/peers,
// bench/minhash, …) exporting Run(ctx, args); its package comment says
// what it measures and what it writes. Adding a workload is one row of
// workloads. The exit status is 0 on success, 2 on a mistake in the
// arguments (an unknown workload, a bad flag) and 1 when the workload fails;
// on an interrupt the workload's context is cancelled, so that it stops its
// servers and removes its temporary directory (a second interrupt exits at
// once).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"github.com/simsql/simsql/bench/engines"
	"github.com/simsql/simsql/bench/fpstats"
	"github.com/simsql/simsql/bench/importcores"
	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/bench/minhash"
	"github.com/simsql/simsql/bench/peers"
	"github.com/simsql/simsql/bench/reclaim"
	"github.com/simsql/simsql/bench/simhash"
	"github.com/simsql/simsql/bench/sketch"
	"github.com/simsql/simsql/bench/startup"
	"github.com/simsql/simsql/bench/sysbench"
)

// workload is one row of the driver's table: the name given on the command
// line, a one-line description, and the package's Run.
type workload struct {
	name, about string
	run         func(ctx context.Context, args []string) error
}

// workloads is every workload, in alphabetical order.
var workloads = []workload{
	{"engines", "bbolt and pebble against each other and MariaDB: LOAD DATA and -batch INSERT loads, bytes per row, single-row INSERTs, point SELECTs", engines.Run},
	{"fpstats", "SimHash bit shares and near/unrelated pairs within k bits on one JSONL corpus (in process)", fpstats.Run},
	{"importcores", "simsql import of the Tang poems and the KJV with generated columns, on one core and on every core", importcores.Run},
	{"minhash", "the MinHash index: loads, point queries against a scan, near_duplicates, size; quality on the corpora", minhash.Run},
	{"peers", "simsql against MariaDB, PostgreSQL and brute force; writes BENCHMARKS.md and bench/charts/", peers.Run},
	{"reclaim", "the data directory's size after loads, DELETE, DROP TABLE, OPTIMIZE TABLE and a restart", reclaim.Run},
	{"simhash", "the SimHash index: point queries against a scan and MariaDB, near_duplicates, insert cost, size", simhash.Run},
	{"sketch", "bottom-k MinHash error, SimHash versions and other 64-bit fingerprints on the corpora (in process)", sketch.Run},
	{"startup", "start-up: exec to ready, idle RSS, the first simhash() of each language, simsql version", startup.Run},
	{"sysbench", "sysbench's OLTP workloads against simsql and MariaDB, with a consistency check", sysbench.Run},
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	go func() {
		<-ctx.Done()
		stop() // a second signal ends the process
	}()
	os.Exit(run(ctx, os.Args[1:], os.Stdout, os.Stderr))
}

// run runs the workload args[0] with the rest of args and returns the exit
// status; without a workload, or with -h, it lists the workloads.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		usage(stderr)
		return 2
	}
	switch args[0] {
	case "-h", "-help", "--help", "help":
		usage(stdout)
		return 0
	}
	for _, w := range workloads {
		if w.name != args[0] {
			continue
		}
		err := w.run(ctx, args[1:])
		switch {
		case err == nil, errors.Is(err, flag.ErrHelp):
			return 0
		case err == harness.ErrUsage: // printed by the flag package
			return 2
		case errors.Is(err, harness.ErrUsage):
			fmt.Fprintf(stderr, "%s: %v\n", w.name, err)
			return 2
		}
		fmt.Fprintf(stderr, "%s: %v\n", w.name, err)
		return 1
	}
	fmt.Fprintf(stderr, "bench: unknown workload %q (go run ./bench lists them)\n", args[0])
	return 2
}

// usage writes the driver's usage and the list of workloads to w.
func usage(w io.Writer) {
	fmt.Fprintln(w, "usage: go run ./bench WORKLOAD [flags]   (go run ./bench WORKLOAD -h for its flags)")
	fmt.Fprintln(w, "\nworkloads:")
	for _, wl := range workloads {
		fmt.Fprintf(w, "  %-12s %s\n", wl.name, wl.about)
	}
}
