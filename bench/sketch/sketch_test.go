package main

import (
	"math"
	"testing"

	"github.com/simsql/simsql/textsim"
)

func TestStats(t *testing.T) {
	mean, se, rms := stats([]float64{1, -1, 1, -1})
	if mean != 0 || rms != 1 || math.Abs(se-0.5) > 1e-15 {
		t.Errorf("stats = %v, %v, %v, want 0, 0.5, 1", mean, se, rms)
	}
}

func TestSetJaccard(t *testing.T) {
	set := func(xs ...string) map[string]struct{} {
		m := map[string]struct{}{}
		for _, x := range xs {
			m[x] = struct{}{}
		}
		return m
	}
	for _, c := range []struct {
		a, b []string
		want float64
	}{
		{nil, nil, 1},
		{[]string{"a"}, nil, 0},
		{[]string{"a", "b", "c"}, []string{"b", "c", "d"}, 0.5},
	} {
		if got := setJaccard(set(c.a...), set(c.b...)); got != c.want || got != textsim.Jaccard(c.a, c.b) {
			t.Errorf("setJaccard(%v, %v) = %v, want %v (textsim.Jaccard)", c.a, c.b, got, c.want)
		}
	}
	if union([]string{"a", "b"}, []string{"b", "c", "c"}) != 3 {
		t.Error("union")
	}
}

// TestCandidates: every candidate's options print as ParseSimHashOptions
// reads them, the first is version 1 and one is named v2.
func TestCandidates(t *testing.T) {
	if candidates[0].opts != textsim.Version1 {
		t.Errorf("the first candidate is %v, want version 1", candidates[0].opts)
	}
	v2 := false
	for _, c := range candidates {
		if c.name == "v2" {
			v2 = c.opts == textsim.Version2
		}
		if o, err := textsim.ParseSimHashOptions(c.opts.String()); err != nil || o != c.opts {
			t.Errorf("%s: %q parses as %v, %v", c.name, c.opts, o, err)
		}
	}
	if !v2 {
		t.Error("no candidate v2 with textsim.Version2")
	}
}
