package catalog

import (
	"bytes"
	"slices"
)

// keySpan is the key interval [start, end) of one bucket; a nil start is
// the first key, a nil end is past the last.
type keySpan struct{ start, end []byte }

// mergeSpans returns the union of spans as disjoint, non-adjacent spans in
// key order (spans is reordered; empty spans are dropped). Scanned one
// after the other, they visit every key of every span exactly once and in
// ascending order, which is what an index lookup with several ranges must
// do: keyRange widens a range on a later column of a composite index (or on
// a prefix-indexed column) to all keys of its leading values, so the
// intervals of distinct ranges overlap, and scanned separately they
// returned a row once per interval (issue 11, item 1).
func mergeSpans(spans []keySpan) []keySpan {
	spans = slices.DeleteFunc(spans, func(s keySpan) bool {
		return s.end != nil && bytes.Compare(s.start, s.end) >= 0
	})
	slices.SortFunc(spans, func(a, b keySpan) int { return bytes.Compare(a.start, b.start) })
	var out []keySpan
	for _, s := range spans {
		if n := len(out); n > 0 && (out[n-1].end == nil || bytes.Compare(s.start, out[n-1].end) <= 0) {
			if last := &out[n-1]; last.end != nil && (s.end == nil || bytes.Compare(s.end, last.end) > 0) {
				last.end = s.end
			}
			continue
		}
		out = append(out, s)
	}
	return out
}
