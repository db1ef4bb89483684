package harness

import (
	"context"
	"fmt"
	"os/exec"
	"slices"
	"strings"
)

// Profile is a summary of a CPU profile.
type Profile struct {
	Total  string  // total samples, as pprof prints them
	Shares []Share // flat time by component (Component), largest first
	CumTop []string
	Steps  []Share // cumulative share of the steps asked for, in their order
}

// Share is a part of a profile's samples.
type Share struct {
	Name  string
	Share float64 // of all samples, 0..1
}

// Step is a function whose cumulative share of a profile says where the
// time goes: Fn as pprof names it, Name as a report describes it.
type Step struct{ Fn, Name string }

// SummarizeProfile runs go tool pprof on prof (of the program bin): flat
// time summed by Component, the top 26 lines of -top -cum, and the
// cumulative share of each of steps found in the profile.
func SummarizeProfile(ctx context.Context, bin, prof string, steps []Step) (*Profile, error) {
	flat, err := exec.CommandContext(ctx, "go", "tool", "pprof", "-top", "-nodecount=100000", bin, prof).Output()
	if err != nil {
		return nil, fmt.Errorf("go tool pprof -top: %w", err)
	}
	cum, err := exec.CommandContext(ctx, "go", "tool", "pprof", "-top", "-cum", "-nodecount=100000", bin, prof).Output()
	if err != nil {
		return nil, fmt.Errorf("go tool pprof -top -cum: %w", err)
	}
	p := &Profile{}
	sums := map[string]float64{}
	for _, line := range strings.Split(string(flat), "\n") {
		if strings.HasPrefix(line, "Duration:") || strings.Contains(line, "samples") && strings.Contains(line, "Total") {
			p.Total = strings.TrimSpace(line)
		}
		f := strings.Fields(line)
		if len(f) < 6 || !strings.HasSuffix(f[1], "%") || f[0] == "flat" {
			continue
		}
		var pct float64
		if _, err := fmt.Sscanf(f[1], "%f%%", &pct); err != nil {
			continue
		}
		sums[Component(strings.Join(f[5:], " "))] += pct / 100
	}
	for name, s := range sums {
		p.Shares = append(p.Shares, Share{name, s})
	}
	slices.SortFunc(p.Shares, func(a, b Share) int {
		switch {
		case a.Share > b.Share:
			return -1
		case a.Share < b.Share:
			return 1
		}
		return strings.Compare(a.Name, b.Name)
	})
	started := false
	cumByFn := map[string]float64{}
	for _, line := range strings.Split(string(cum), "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "flat") {
			started = true
		}
		if !started || strings.TrimSpace(line) == "" {
			continue
		}
		if len(p.CumTop) < 26 {
			p.CumTop = append(p.CumTop, line)
		}
		f := strings.Fields(line)
		var pct float64
		if len(f) >= 6 && strings.HasSuffix(f[4], "%") {
			if _, err := fmt.Sscanf(f[4], "%f%%", &pct); err == nil {
				cumByFn[strings.TrimSuffix(strings.Join(f[5:], " "), " (inline)")] = pct / 100
			}
		}
	}
	for _, k := range steps {
		if share, ok := cumByFn[k.Fn]; ok {
			p.Steps = append(p.Steps, Share{k.Name + " (`" + k.Fn + "`)", share})
		}
	}
	return p, nil
}

// Component names the part of the program a function (as pprof names it)
// belongs to.
func Component(fn string) string {
	prefixes := []struct{ prefix, name string }{
		{"github.com/dolthub/go-mysql-server/sql/planbuilder", "go-mysql-server: parse and plan (planbuilder)"},
		{"github.com/dolthub/go-mysql-server/sql/analyzer", "go-mysql-server: analyzer"},
		{"github.com/dolthub/go-mysql-server/sql/types", "go-mysql-server: type conversion (sql/types)"},
		{"github.com/dolthub/go-mysql-server/sql/rowexec", "go-mysql-server: LOAD DATA row execution (sql/rowexec)"},
		{"github.com/dolthub/go-mysql-server", "go-mysql-server: other"},
		{"github.com/dolthub/vitess", "vitess: wire protocol and SQL parser"},
		{"go.etcd.io/bbolt", "bbolt (storage engine)"},
		{"github.com/simsql/simsql/storage", "simsql storage/ (key and row encoding)"},
		{"github.com/simsql/simsql/catalog", "simsql catalog/ (tables, transactions)"},
		{"github.com/simsql/simsql/indexes", "simsql indexes/ (index kinds: entries, searches)"},
		{"github.com/simsql/simsql/textsim", "simsql textsim/ (tokens, signatures)"},
		{"github.com/simsql/simsql", "simsql: other"},
		{"github.com/cespare/xxhash", "xxhash"},
		{"runtime.gc", "Go runtime: garbage collection"},
		{"runtime.scanobject", "Go runtime: garbage collection"},
		{"runtime.markBits", "Go runtime: garbage collection"},
		{"runtime.greyobject", "Go runtime: garbage collection"},
		{"runtime.findObject", "Go runtime: garbage collection"},
		{"runtime.spanOf", "Go runtime: garbage collection"},
		{"runtime.wbBuf", "Go runtime: garbage collection"},
		{"runtime.bulkBarrier", "Go runtime: garbage collection"},
		{"runtime.mallocgc", "Go runtime: allocation"},
		{"runtime.memclr", "Go runtime: allocation"},
		{"runtime.nextFreeFast", "Go runtime: allocation"},
		{"runtime.(*mcache)", "Go runtime: allocation"},
		{"runtime.(*mspan)", "Go runtime: allocation"},
		{"runtime.(*mheap)", "Go runtime: allocation"},
		{"syscall.", "system calls (write, fsync, read)"},
		{"internal/runtime/syscall", "system calls (write, fsync, read)"},
		{"runtime.", "Go runtime: other (scheduler, maps, copies)"},
		{"internal/runtime", "Go runtime: other (scheduler, maps, copies)"},
	}
	for _, p := range prefixes {
		if strings.HasPrefix(fn, p.prefix) {
			return p.name
		}
	}
	return "other (standard library and other modules)"
}
