package catalog

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

func span(start, end string) keySpan {
	s := keySpan{start: []byte(start), end: []byte(end)}
	if start == "" {
		s.start = nil
	}
	if end == "" {
		s.end = nil // unbounded
	}
	return s
}

func (s keySpan) String() string {
	end := "∞"
	if s.end != nil {
		end = string(s.end)
	}
	return fmt.Sprintf("[%s,%s)", s.start, end)
}

func TestMergeSpans(t *testing.T) {
	for _, tc := range []struct {
		why  string
		in   []keySpan
		want []keySpan
	}{
		{"nothing", nil, nil},
		{"one span stays", []keySpan{span("b", "d")}, []keySpan{span("b", "d")}},
		{"disjoint spans come sorted", []keySpan{span("x", "y"), span("b", "d")}, []keySpan{span("b", "d"), span("x", "y")}},
		{"the issue's case: two ranges on b widen to the whole index", []keySpan{span("", ""), span("", "")}, []keySpan{span("", "")}},
		{"overlap", []keySpan{span("b", "f"), span("d", "h")}, []keySpan{span("b", "h")}},
		{"containment keeps the outer end", []keySpan{span("b", "h"), span("c", "d")}, []keySpan{span("b", "h")}},
		{"adjacent spans join: [b,d) then [d,f)", []keySpan{span("d", "f"), span("b", "d")}, []keySpan{span("b", "f")}},
		{"an unbounded end swallows what follows", []keySpan{span("c", ""), span("d", "e"), span("a", "b")}, []keySpan{span("a", "b"), span("c", "")}},
		{"an unbounded start", []keySpan{span("c", "e"), span("", "d")}, []keySpan{span("", "e")}},
		{"empty spans are dropped", []keySpan{span("d", "d"), span("f", "e"), span("a", "b")}, []keySpan{span("a", "b")}},
		{"a key is not a prefix boundary: [ab,ac) and [ac\\x00,b) stay apart", []keySpan{span("ab", "ac"), span("ac\x00", "b")}, []keySpan{span("ab", "ac"), span("ac\x00", "b")}},
	} {
		got := mergeSpans(tc.in)
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s: mergeSpans(%v) = %v, want %v", tc.why, tc.in, got, tc.want)
		}
	}
}

// TestMergeSpansCoversEachKeyOnce checks, over random spans of one-byte
// keys, that the merged spans contain exactly the keys of the union, each
// in one span, and are sorted and apart.
func TestMergeSpansCoversEachKeyOnce(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 1))
	bound := func() []byte {
		if r.IntN(8) == 0 {
			return nil
		}
		return []byte{byte(r.IntN(20))}
	}
	in := func(s keySpan, k []byte) bool {
		return bytes.Compare(k, s.start) >= 0 && (s.end == nil || bytes.Compare(k, s.end) < 0)
	}
	for range 2000 {
		spans := make([]keySpan, r.IntN(6))
		for i := range spans {
			spans[i] = keySpan{bound(), bound()}
		}
		orig := append([]keySpan(nil), spans...)
		got := mergeSpans(spans)
		for i := 1; i < len(got); i++ {
			if got[i-1].end == nil || bytes.Compare(got[i-1].end, got[i].start) >= 0 {
				t.Fatalf("mergeSpans(%v) = %v: not sorted and apart", orig, got)
			}
		}
		for k := range 21 {
			key := []byte{byte(k)}
			want := false
			for _, s := range orig {
				want = want || in(s, key)
			}
			n := 0
			for _, s := range got {
				if in(s, key) {
					n++
				}
			}
			if (want && n != 1) || (!want && n != 0) {
				t.Fatalf("mergeSpans(%v) = %v: key %d in %d spans, want it in the union: %v", orig, got, k, n, want)
			}
		}
	}
}
