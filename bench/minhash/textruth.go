package minhash

import (
	"math"
	"slices"

	"github.com/simsql/simsql/pigeonhole"
)

// The ground truth of the quality runs, in Go: exact Jaccard similarity
// of token sets, computed as textsim.JaccardCounts (SQL jaccard())
// computes it — float64(|A∩B|) / float64(|A∪B|), 1 for two empty sets —
// on sets of token numbers.

// tokenSets numbers the distinct tokens of texts' token sets by rarity
// (the fewest documents first, then first seen) and returns each set as
// its sorted token numbers.
type tokenSets struct {
	sets [][]int32
}

// newTokenSets builds the sets from each text's distinct tokens.
func newTokenSets(tokens [][]string) *tokenSets {
	id := map[string]int32{}
	var df []int32
	raw := make([][]int32, len(tokens))
	for i, toks := range tokens {
		for _, t := range toks {
			n, ok := id[t]
			if !ok {
				n = int32(len(df))
				id[t] = n
				df = append(df, 0)
			}
			df[n]++
			raw[i] = append(raw[i], n)
		}
	}
	order := make([]int32, len(df))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return int(df[a] - df[b]) })
	rank := make([]int32, len(df))
	for r, t := range order {
		rank[t] = int32(r)
	}
	ts := &tokenSets{sets: raw}
	for _, s := range raw {
		for k, t := range s {
			s[k] = rank[t]
		}
		slices.Sort(s)
	}
	return ts
}

// jaccard returns the Jaccard similarity of two sorted sets of numbers as
// textsim.JaccardCounts computes it.
func jaccard(a, b []int32) float64 {
	if len(a) == 0 && len(b) == 0 {
		return 1
	}
	inter := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			inter++
			i++
			j++
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return float64(inter) / float64(len(a)+len(b)-inter)
}

// textPair is a pair of items i < j.
type textPair struct{ i, j int32 }

// minOverlap is a lower bound, never above the true one, on |A∩B| for
// J(A, B) ≥ t when |A| = s: J ≥ t needs |A∩B| ≥ t·max(|A|, |B|) ≥ t·s.
// (A little below ⌈t·s⌉ when t·s is within rounding of an integer: a
// smaller bound only makes the prefixes longer.)
func minOverlap(s int, t float64) int {
	return max(1, int(math.Ceil(t*float64(s)-1e-9)))
}

// jaccardPairs returns every pair of sets with jaccard ≥ t, sorted, by
// prefix filtering (Chaudhuri, Ganti & Kaushik, ICDE 2006; Bayardo, Ma &
// Srikant, WWW 2007): with tokens ordered by rarity, two sets with
// |A∩B| ≥ o_A and ≥ o_B share a token among the first |A| − o_A + 1 of A
// and the first |B| − o_B + 1 of B; and J ≥ t needs |B| ≥ t·|A|. Every
// candidate is verified exactly; empty sets pair with each other (J = 1).
func jaccardPairs(ts *tokenSets, t float64) []textPair {
	n := len(ts.sets)
	bySize := make([]int32, n)
	for i := range bySize {
		bySize[i] = int32(i)
	}
	slices.SortStableFunc(bySize, func(a, b int32) int { return len(ts.sets[a]) - len(ts.sets[b]) })
	var out []textPair
	var empties []int32
	postings := map[int32][]int32{}
	stamp := make([]int32, n)
	for i := range stamp {
		stamp[i] = -1
	}
	var cands []int32
	for _, x := range bySize {
		a := ts.sets[x]
		if len(a) == 0 {
			for _, y := range empties {
				if jaccard(a, ts.sets[y]) >= t {
					out = append(out, textPair{min(x, y), max(x, y)})
				}
			}
			empties = append(empties, x)
			continue
		}
		prefix := a[:len(a)-minOverlap(len(a), t)+1]
		cands = cands[:0]
		for _, tok := range prefix {
			for _, y := range postings[tok] {
				if stamp[y] != x && float64(len(ts.sets[y])) >= t*float64(len(a))-1e-9 {
					stamp[y] = x
					cands = append(cands, y)
				}
			}
		}
		for _, y := range cands {
			if jaccard(a, ts.sets[y]) >= t {
				out = append(out, textPair{min(x, y), max(x, y)})
			}
		}
		for _, tok := range prefix {
			postings[tok] = append(postings[tok], x)
		}
	}
	sortPairs(out)
	return out
}

func sortPairs(ps []textPair) {
	slices.SortFunc(ps, func(a, b textPair) int {
		if a.i != b.i {
			return int(a.i - b.i)
		}
		return int(a.j - b.j)
	})
}

// bruteProbe returns the items whose set has jaccard ≥ t with q, by
// comparing q with every set (skipping only those whose size alone rules
// it out: J ≤ min/max of the sizes).
func bruteProbe(ts *tokenSets, q []int32, t float64) []int32 {
	var out []int32
	for i, s := range ts.sets {
		lo, hi := min(len(s), len(q)), max(len(s), len(q))
		if hi > 0 && float64(lo) < t*float64(hi)-1e-9 {
			continue
		}
		if jaccard(s, q) >= t {
			out = append(out, int32(i))
		}
	}
	return out
}

// candidateCounts is what an index does for a probe, in Go.
type candidateCounts struct {
	bandRows int // rows sharing a whole band with the probe
	readRows int // of those, rows whose signature entry's low 16 bits agree in ≥ floor slots (rows read)
	verified int // of those, rows whose signature agrees in ≥ floor slots (verified by jaccard)
}

func (c *candidateCounts) add(o candidateCounts) {
	c.bandRows += o.bandRows
	c.readRows += o.readRows
	c.verified += o.verified
}

// probeCandidates counts the candidates of a probe signature q among sigs
// for an index with bands and floor.
func probeCandidates(sigs [][]uint64, q []uint64, bands []pigeonhole.Band, floor int) candidateCounts {
	var c candidateCounts
	for _, s := range sigs {
		if !sharesBand(s, q, bands) {
			continue
		}
		c.bandRows++
		if lowAgreeing(s, q) >= floor {
			c.readRows++
			if agreeing(s, q) >= floor {
				c.verified++
			}
		}
	}
	return c
}

// pairCandidates returns the number of distinct pairs of sigs that share a
// whole band of bands and pass near_duplicates' check before verification:
// with lowBits (the index path) the low 16 bits agree in ≥ floor slots,
// without (the table-scan path) the slots themselves.
func pairCandidates(sigs [][]uint64, bands []pigeonhole.Band, floor int, lowBits bool) int {
	seen := map[textPair]struct{}{}
	order := make([]int32, len(sigs))
	for _, bd := range bands {
		for i := range order {
			order[i] = int32(i)
		}
		key := func(i int32) []uint64 { return sigs[i][bd.Lo:bd.Hi] }
		slices.SortFunc(order, func(a, b int32) int {
			if c := slices.Compare(key(a), key(b)); c != 0 {
				return c
			}
			return int(a - b)
		})
		for lo := 0; lo < len(order); {
			hi := lo + 1
			for hi < len(order) && slices.Equal(key(order[hi]), key(order[lo])) {
				hi++
			}
			for x := lo; x < hi; x++ {
				for y := x + 1; y < hi; y++ {
					i, j := order[x], order[y]
					a := agreeing(sigs[i], sigs[j])
					if lowBits {
						a = lowAgreeing(sigs[i], sigs[j])
					}
					if a >= floor {
						seen[textPair{min(i, j), max(i, j)}] = struct{}{}
					}
				}
			}
			lo = hi
		}
	}
	return len(seen)
}
