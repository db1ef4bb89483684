package minhash

import (
	"bufio"
	"encoding/hex"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

// The pure parts of the program, without servers: planting, the Go
// ground truth and the confusion counts.

// TestPlantedSignatures checks the planted neighbours agree with their
// base in about J of the slots, and random rows in none.
func TestPlantedSignatures(t *testing.T) {
	s := plantedSignatures(200 * groupSize)
	if again := plantedSignatures(200 * groupSize); !slices.Equal(s.vals, again.vals) {
		t.Fatal("plantedSignatures is not deterministic")
	}
	for k, j := range plantLevels {
		sum := 0
		for g := 0; g < s.n; g += groupSize {
			sum += agreeing(s.row(g), s.row(g+1+k))
		}
		mean := float64(sum) / 200 / numPerm
		// sd of the mean of 200 binomials of 128: sqrt(j(1−j)/25600) < 0.0032.
		if math.Abs(mean-j) > 0.015 {
			t.Errorf("neighbours at J = %v agree in %.4f of the slots", j, mean)
		}
	}
	for i := len(plantLevels) + 1; i < groupSize; i++ {
		if a := agreeing(s.row(0), s.row(i)); a != 0 {
			t.Errorf("random row %d agrees with the base in %d slots", i, a)
		}
	}
	for _, v := range s.vals {
		if v >= mersenne {
			t.Fatalf("slot value %d out of range", v)
		}
	}
}

// TestMinAgreeAt pins the exact boundary and matches the pigeonhole
// package (the index's arithmetic) at other thresholds.
func TestMinAgreeAt(t *testing.T) {
	if m := minAgreeAt(0.8); m != 103 {
		t.Errorf("minAgreeAt(0.8) = %d, want 103 (102/128 = 0.797, 103/128 = 0.805)", m)
	}
	for _, th := range []float64{0.5, 0.7, 0.75, 0.9, 1} {
		if got, want := minAgreeAt(th), pigeonhole.MinAgree(numPerm, th); got != want {
			t.Errorf("minAgreeAt(%v) = %d, pigeonhole.MinAgree = %d", th, got, want)
		}
	}
}

// TestPairsAtLeast checks the banded pair count against all pairs.
func TestPairsAtLeast(t *testing.T) {
	s := plantedSignatures(30 * groupSize)
	// Exact copies and a neighbour of a neighbour: pairs found in several bands.
	copy(s.row(50), s.row(0))
	copy(s.row(51), s.row(1))
	m := minAgreeAt(threshold)
	var want []pairOf
	for i := range s.n {
		for j := i + 1; j < s.n; j++ {
			if a := agreeing(s.row(i), s.row(j)); a >= m {
				want = append(want, pairOf{int64(i + 1), int64(j + 1), a})
			}
		}
	}
	got := pairsAtLeast(s, m)
	if ok, diff := comparePairs(got, want); !ok {
		t.Fatal(diff)
	}
	if len(want) < 30*3 {
		t.Errorf("only %d pairs: the planting should give several per group", len(want))
	}
}

// TestPointTruths checks the brute-force answers and the candidate counts:
// every answer row shares a band and passes the low-bits check.
func TestPointTruths(t *testing.T) {
	s := plantedSignatures(20 * groupSize)
	qs := pointQueries(s, 12)
	m := minAgreeAt(threshold)
	bands, err := pigeonhole.ExactBands(numPerm, threshold, 2)
	if err != nil {
		t.Fatal(err)
	}
	for qi, tr := range pointTruths(s, qs, m, bands) {
		var ids []int64
		band := 0
		for i := range s.n {
			if agreeing(s.row(i), qs[qi]) >= m {
				ids = append(ids, int64(i+1))
			}
			if sharesBand(s.row(i), qs[qi], bands) {
				band++
			}
		}
		if !slices.Equal(tr.ids, ids) || tr.bandRows != band {
			t.Errorf("query %d: ids %v band rows %d, want %v, %d", qi, tr.ids, tr.bandRows, ids, band)
		}
		if !(tr.bandRows >= tr.lowRows && tr.lowRows >= len(tr.ids)) {
			t.Errorf("query %d: band rows %d, read %d, answers %d: want band ≥ read ≥ answers", qi, tr.bandRows, tr.lowRows, len(tr.ids))
		}
		if qi%3 != 1 && len(tr.ids) == 0 {
			t.Errorf("query %d (a base or its neighbour) has no answer", qi)
		}
	}
}

// TestSigFiles checks the LOAD DATA lines decode to minhash() signatures.
func TestSigFiles(t *testing.T) {
	s := plantedSignatures(250)
	paths, err := writeSigFiles(t.TempDir(), s, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 3 {
		t.Fatalf("%d files, want 3", len(paths))
	}
	f, err := os.Open(paths[2])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<20)
	n := 0
	for sc.Scan() {
		id, h, _ := strings.Cut(sc.Text(), "\t")
		b, err := hex.DecodeString(h)
		if err != nil {
			t.Fatal(err)
		}
		sig, err := textsim.ParseSignature(b)
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprint(201 + n); id != want || sig.Seed != sigSeed || !slices.Equal(sig.Values, s.row(200+n)) {
			t.Fatalf("line %d: id %s, want %s, or the signature differs", n, id, want)
		}
		n++
	}
	if n != 50 {
		t.Errorf("%d lines in the last file, want 50", n)
	}
}

// randomTexts returns texts of random words from a small vocabulary, with
// near copies, exact copies and empty texts.
func randomTexts(r *rand.Rand, n int) []string {
	var out []string
	for len(out) < n {
		words := make([]string, 1+r.IntN(12))
		for k := range words {
			words[k] = fmt.Sprintf("w%d", r.IntN(40))
		}
		out = append(out, strings.Join(words, " "))
		switch r.IntN(5) {
		case 0:
			out = append(out, out[len(out)-1])
		case 1:
			words[0] = "other"
			out = append(out, strings.Join(words, " "))
		case 2:
			out = append(out, "")
		}
	}
	return out
}

// TestJaccardPairs checks the prefix-filter pairs against all pairs of
// textsim.JaccardCounts (what SQL jaccard() computes), and bruteProbe.
func TestJaccardPairs(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	texts := randomTexts(r, 400)
	a := textsim.Default()
	counts := make([]map[string]int64, len(texts))
	toks := make([][]string, len(texts))
	for i, x := range texts {
		counts[i] = a.TermCounts(x)
		for w := range counts[i] {
			toks[i] = append(toks[i], w)
		}
	}
	ts := newTokenSets(toks)
	for _, th := range []float64{0.5, 0.7, 0.8, 1} {
		var want []textPair
		for i := range texts {
			for j := i + 1; j < len(texts); j++ {
				if textsim.JaccardCounts(counts[i], counts[j]) >= th {
					want = append(want, textPair{int32(i), int32(j)})
				}
				if got, w := jaccard(ts.sets[i], ts.sets[j]), textsim.JaccardCounts(counts[i], counts[j]); got != w {
					t.Fatalf("jaccard(%q, %q) = %v, textsim %v", texts[i], texts[j], got, w)
				}
			}
		}
		if got := jaccardPairs(ts, th); !slices.Equal(got, want) {
			t.Errorf("t = %v: %d pairs, brute force %d", th, len(got), len(want))
		}
		for _, q := range []int{0, 5, 17} {
			var want []int32
			for i := range texts {
				if textsim.JaccardCounts(counts[q], counts[i]) >= th {
					want = append(want, int32(i))
				}
			}
			if got := bruteProbe(ts, ts.sets[q], th); !slices.Equal(got, want) {
				t.Errorf("t = %v, probe %d: %v, want %v", th, q, got, want)
			}
		}
	}
}

// TestPairCandidates checks the banded candidate count against all pairs.
func TestPairCandidates(t *testing.T) {
	s := plantedSignatures(10 * groupSize)
	sigs := make([][]uint64, s.n)
	for i := range sigs {
		sigs[i] = s.row(i)
	}
	for _, bands := range [][]pigeonhole.Band{pigeonhole.Rows(16, 6), pigeonhole.SplitSlots(numPerm, 26)} {
		for _, lowBits := range []bool{false, true} {
			want := 0
			for i := range sigs {
				for j := i + 1; j < len(sigs); j++ {
					a := agreeing(sigs[i], sigs[j])
					if lowBits {
						a = lowAgreeing(sigs[i], sigs[j])
					}
					if sharesBand(sigs[i], sigs[j], bands) && a >= 90 {
						want++
					}
				}
			}
			if got := pairCandidates(sigs, bands, 90, lowBits); got != want {
				t.Errorf("%d bands, low bits %v: %d candidates, want %d", len(bands), lowBits, got, want)
			}
		}
	}
}

// TestCountProbe checks the confusion counts of one probe leave out the
// probe's own row and note when it is missing.
func TestCountProbe(t *testing.T) {
	var cr configResult
	// Truth rows (0-based) 4, 6, 9; the probe is row 4 (id 5).
	cr.countProbe([]int64{5, 7, 8}, []int32{4, 6, 9}, 4)
	if want := (quality.Confusion{TP: 1, FP: 1, FN: 1}); cr.probes != want || cr.selfMissing != 0 {
		t.Errorf("counts %+v, self missing %d; want %+v, 0", cr.probes, cr.selfMissing, want)
	}
	cr.countProbe([]int64{7}, []int32{4, 6}, 4)
	if cr.probes.TP != 2 || cr.selfMissing != 1 {
		t.Errorf("counts %+v, self missing %d; want TP 2, self missing 1", cr.probes, cr.selfMissing)
	}
	cr.countProbe(nil, []int32{2}, -1) // a probe that is not a row
	if cr.probes.FN != 2 || cr.selfMissing != 1 {
		t.Errorf("counts %+v, self missing %d", cr.probes, cr.selfMissing)
	}
}

// TestIndexConfigs checks the bands and floors the report attributes to
// each configuration.
func TestIndexConfigs(t *testing.T) {
	for _, c := range []struct {
		cfg     indexConfig
		nBands  int
		lowBits bool
	}{
		{indexConfigs[0], 26, true}, {indexConfigs[1], 39, true}, {indexConfigs[2], 16, true}, {indexConfigs[3], 0, false},
	} {
		bands, floor, lowBits, err := c.cfg.bands()
		if err != nil {
			t.Fatal(err)
		}
		if (c.nBands > 0 && len(bands) != c.nBands) || lowBits != c.lowBits || floor < 80 || floor > 103 {
			t.Errorf("%s: %d bands, floor %d, low bits %v", c.cfg.name, len(bands), floor, lowBits)
		}
	}
}
