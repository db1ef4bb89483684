package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestWorkloads: the table is in alphabetical order, each row has a
// description, and every package directory under bench/ (but internal/) is
// in it, so that no workload is left out of the driver.
func TestWorkloads(t *testing.T) {
	var names []string
	for _, w := range workloads {
		if w.about == "" || strings.Contains(w.about, "\n") {
			t.Errorf("%s: want a one-line description, have %q", w.name, w.about)
		}
		names = append(names, w.name)
	}
	if !slices.IsSorted(names) || len(slices.Compact(slices.Clone(names))) != len(names) {
		t.Errorf("workloads not in alphabetical order without repeats: %v", names)
	}
	dirs, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() || d.Name() == "internal" {
			continue
		}
		if gos, _ := filepath.Glob(filepath.Join(d.Name(), "*.go")); len(gos) > 0 && !slices.Contains(names, d.Name()) {
			t.Errorf("bench/%s is not in the driver's workloads", d.Name())
		}
	}
}

// TestRun: the exit status and messages of the driver, through fpstats,
// whose mistakes are found before it does any work.
func TestRun(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		status int
		stdout string // a part of standard output
		stderr string // a part of standard error
	}{
		{"no workload: the list, a usage mistake", nil, 2, "", "sysbench "},
		{"-h: the list", []string{"-h"}, 0, "engines ", ""},
		{"unknown workload", []string{"nosuch"}, 2, "", `bench: unknown workload "nosuch"`},
		{"workload's -h", []string{"fpstats", "-h"}, 0, "", ""},
		{"unknown flag", []string{"fpstats", "-nosuch"}, 2, "", ""},
		{"missing operand", []string{"fpstats"}, 2, "", "fpstats: usage: go run ./bench fpstats [-near J] [-far J] FILE.jsonl"},
		{"the workload fails", []string{"fpstats", filepath.Join(t.TempDir(), "none.jsonl")}, 1, "", "fpstats: open "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if got := run(context.Background(), tc.args, &stdout, &stderr); got != tc.status {
				t.Errorf("status %d, want %d (stderr %q)", got, tc.status, stderr.String())
			}
			if !strings.Contains(stdout.String(), tc.stdout) {
				t.Errorf("stdout %q lacks %q", stdout.String(), tc.stdout)
			}
			if !strings.Contains(stderr.String(), tc.stderr) {
				t.Errorf("stderr %q lacks %q", stderr.String(), tc.stderr)
			}
		})
	}
}
