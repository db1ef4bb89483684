package indexes

import (
	"cmp"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/simsql/simsql/pigeonhole"
)

// plantedSlots returns n signatures of width slots, end to end: random
// values, and every tenth row followed by neighbours that keep each slot
// with probability 0.95, 0.85 or 0.7; values are drawn from span values so
// that slots also agree by chance when span is small.
func plantedSlots(r *rand.Rand, n, width int, span uint64) []uint64 {
	vals := make([]uint64, n*width)
	for i := range n {
		row := vals[i*width : (i+1)*width]
		base := i - i%10
		keep := []float64{1, 0.95, 0.85, 0.7}[min(i%10, 3)]
		for s := range row {
			if i != base && r.Float64() < keep {
				row[s] = vals[base*width+s]
			} else {
				row[s] = r.Uint64N(span)
			}
		}
	}
	return vals
}

// testSource is a bandSource with slow answers for the brute force: a
// band's values as text, and the count of agreeing slots.
type testSource interface {
	bandSource
	bandValues(b, i int) string
	agreeing(i, j int) int
}

// bruteCandidates is bandCandidates' answer by another method: for each
// band, the items grouped by the band's values in a map; every pair of a
// group agreeing in at least floor slots, collected in a set.
func bruteCandidates(src testSource, n, nBands, floor int) []uint64 {
	set := map[uint64]bool{}
	for b := range nBands {
		groups := map[string][]int{}
		for i := range n {
			groups[src.bandValues(b, i)] = append(groups[src.bandValues(b, i)], i)
		}
		for _, g := range groups {
			for x := range g {
				for y := x + 1; y < len(g); y++ {
					if src.agreeing(g[x], g[y]) >= floor {
						set[uint64(g[x])<<32|uint64(g[y])] = true
					}
				}
			}
		}
	}
	out := make([]uint64, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

type testSlots struct{ *slotSource }

func (s testSlots) row(i int) []uint64 { return s.vals[i*s.slots : (i+1)*s.slots] }
func (s testSlots) bandValues(b, i int) string {
	return fmt.Sprint(s.row(i)[s.bands[b].Lo:s.bands[b].Hi])
}
func (s testSlots) agreeing(i, j int) int { return agree(s.row(i), s.row(j)) }

type testLows struct{ *lowSource }

func (s testLows) row(i int) []byte { return s.lows[2*s.slots*i : 2*s.slots*(i+1)] }
func (s testLows) bandValues(b, i int) string {
	return string(s.row(i)[2*s.bands[b].Lo : 2*s.bands[b].Hi])
}
func (s testLows) agreeing(i, j int) int {
	n := 0
	for k := 0; k < 2*s.slots; k += 2 {
		if s.row(i)[k] == s.row(j)[k] && s.row(i)[k+1] == s.row(j)[k+1] {
			n++
		}
	}
	return n
}

// TestBandCandidates checks the band search against a map of every band's
// groups: exact bands and classic ones, sources of slot values and of low
// bits, below and above the size at which the keys are sorted by buckets
// (65,536), with values that agree by chance (small spans) so that runs
// hold unrelated items too, and every pair taken once.
func TestBandCandidates(t *testing.T) {
	for _, tc := range []struct {
		name      string
		n, width  int
		span      uint64
		bands     []pigeonhole.Band
		floor     int
		lowBits   bool
		wantPairs bool // the answer must not be empty
	}{
		{name: "exact bands, t=0.8 of 128", n: 500, width: 128, span: 1 << 61, floor: 103, wantPairs: true},
		{name: "exact bands, floor 0", n: 300, width: 128, span: 1 << 61, floor: 0, wantPairs: true},
		{name: "classic 16x6, chance agreement", n: 400, width: 128, span: 3, bands: pigeonhole.Rows(16, 6), floor: 60, wantPairs: true},
		{name: "one slot per band, crowded", n: 200, width: 16, span: 2, bands: pigeonhole.Rows(16, 1), floor: 9, wantPairs: true},
		{name: "low bits of t=0.8 bands", n: 500, width: 128, span: 1 << 61, floor: 103, lowBits: true, wantPairs: true},
		{name: "low bits, values differing above bit 16", n: 300, width: 32, span: 1 << 61, floor: 20, lowBits: true, wantPairs: true},
		{name: "200 slots: bands across words", n: 300, width: 200, span: 1 << 61, floor: 170, wantPairs: true},
		{name: "low bits, 200 slots", n: 300, width: 200, span: 1 << 61, floor: 170, lowBits: true, wantPairs: true},
		{name: "buckets: 70,000 items", n: 70000, width: 8, span: 1 << 20, floor: 5, wantPairs: true},
		{name: "buckets, low bits, chance agreement", n: 70000, width: 8, span: 1 << 61, floor: 5, lowBits: true, wantPairs: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := rand.New(rand.NewPCG(uint64(tc.n), uint64(tc.width)))
			vals := plantedSlots(r, tc.n, tc.width, tc.span)
			bands := tc.bands
			if bands == nil {
				var err error
				if bands, err = pigeonhole.ExactBands(tc.width, float64(tc.floor)/float64(tc.width), 1); err != nil || tc.floor == 0 {
					bands = pigeonhole.Rows(tc.width/4, 4)
				}
			}
			var src testSource
			if tc.lowBits {
				lows := make([]byte, 0, 2*len(vals))
				for k, v := range vals {
					if tc.name == "low bits, values differing above bit 16" && k%7 == 0 {
						v ^= 1 << 40 // the low bits agree, the slot does not
					}
					lows = binary.BigEndian.AppendUint16(lows, uint16(v))
				}
				src = testLows{&lowSource{lows: lows, slots: tc.width, bands: bands}}
			} else {
				src = testSlots{&slotSource{vals: vals, slots: tc.width, bands: bands}}
			}
			got, err := bandCandidates(context.Background(), src, tc.n, tc.width, len(bands), tc.floor)
			if err != nil {
				t.Fatal(err)
			}
			want := bruteCandidates(src, tc.n, len(bands), tc.floor)
			if !slices.Equal(got, want) {
				t.Fatalf("%d candidates, want %d", len(got), len(want))
			}
			if tc.wantPairs && len(got) == 0 {
				t.Fatal("no candidates: the case tests nothing")
			}
		})
	}
}

// TestBandCandidatesStops checks that a search through a crowded band (every
// item agrees on it, no pair passes pre) ends with the context's cause.
func TestBandCandidatesStops(t *testing.T) {
	const n = 20000
	vals := make([]uint64, n*8)
	r := rand.New(rand.NewPCG(1, 2))
	for i := range vals {
		if i%8 != 0 {
			vals[i] = r.Uint64()
		}
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	cause := errors.New("stopped")
	src := &countingSource{slotSource: slotSource{vals: vals, slots: 8, bands: pigeonhole.Rows(8, 1)}, after: 1_000_000, stop: func() { cancel(cause) }}
	_, err := bandCandidates(ctx, src, n, 8, 8, 8)
	if !errors.Is(err, cause) {
		t.Fatalf("error %v, want %v", err, cause)
	}
	if c := src.calls.Load(); c > 1_000_000+4096 {
		t.Fatalf("%d comparisons after the stop", c-1_000_000)
	}
}

// countingSource counts the pairs compared and calls stop after the given
// number.
type countingSource struct {
	slotSource
	calls atomic.Int64
	after int64
	stop  func()
}

func (s *countingSource) agreement(i, j int, dst []uint64) {
	if s.calls.Add(1) == s.after {
		s.stop()
	}
	s.slotSource.agreement(i, j, dst)
}

// TestLowAgreement compares the word-at-a-time set of agreeing slots with
// a slot-by-slot one, on entries whose slots agree by chance often (values from a small
// range), of lengths that are and are not multiples of four slots, and
// with slots that agree in one byte only.
func TestLowAgreement(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	for _, slots := range []int{0, 1, 3, 4, 5, 64, 127, 128} {
		for range 200 {
			a, b := make([]byte, 2*slots), make([]byte, 2*slots)
			want := 0
			for s := range slots {
				x, y := uint16(r.IntN(4)), uint16(r.IntN(4))
				if r.IntN(3) == 0 {
					y = x ^ 0x100 // the low byte agrees, the slot does not
				}
				binary.BigEndian.PutUint16(a[2*s:], x)
				binary.BigEndian.PutUint16(b[2*s:], y)
				if x == y {
					want++
				}
			}
			set := make([]uint64, (slots+63)/64)
			lowAgreement(a, b, set)
			if got := ones(set); got != want {
				t.Fatalf("%d slots: %d agree, want %d", slots, got, want)
			}
			for s := range slots {
				if got, agrees := set[s/64]>>(s%64)&1 == 1, binary.BigEndian.Uint16(a[2*s:]) == binary.BigEndian.Uint16(b[2*s:]); got != agrees {
					t.Fatalf("%d slots: slot %d in the set %v, agrees %v", slots, s, got, agrees)
				}
			}
		}
	}
}

// TestSortHigh32 checks the radix sort against a stable sort on the top 32
// bits, with few distinct keys (long runs, whose items must stay in
// order), keys that differ in one digit only (passes skipped) and random
// ones.
func TestSortHigh32(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for _, tc := range []struct {
		n    int
		key  func() uint32
		name string
	}{
		{5000, func() uint32 { return uint32(r.IntN(7)) << 25 }, "seven keys"},
		{5000, func() uint32 { return uint32(r.IntN(2048)) }, "the lowest digit only"},
		{100000, r.Uint32, "random"},
		{1, r.Uint32, "one"},
	} {
		a := make([]uint64, tc.n)
		for i := range a {
			a[i] = uint64(tc.key())<<32 | uint64(i)
		}
		want := slices.Clone(a)
		slices.SortStableFunc(want, func(x, y uint64) int { return cmp.Compare(x>>32, y>>32) })
		if got := sortHigh32(a, make([]uint64, len(a))); !slices.Equal(got, want) {
			t.Errorf("%s: not sorted stably", tc.name)
		}
	}
}
