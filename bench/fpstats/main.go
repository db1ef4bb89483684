// Package fpstats reports how simsql's fingerprints behave on a corpus of
// JSONL documents ({"id": ..., "body": ...}): the share of documents that set
// each of the 64 SimHash bits, and, against exact token-set Jaccard, how many
// near pairs (Jaccard ≥ -near) and unrelated pairs (Jaccard < -far) fall
// within k bits for k = 0..10.
//
//	go run ./bench fpstats .corpora/spdx/licenses.jsonl
package fpstats

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/textsim"
)

type doc struct {
	ID     string `json:"id"`
	Body   string `json:"body"`
	fp     uint64
	tokens []string
}

// Run runs the fpstats workload with args, its command-line flags; `go run
// ./bench fpstats ARGS` calls it.
func Run(ctx context.Context, args []string) error {
	fs := harness.Flags("fpstats", "FILE.jsonl")
	near := fs.Float64("near", 0.85, "Jaccard at or above which a pair is near")
	far := fs.Float64("far", 0.5, "Jaccard below which a pair is unrelated")
	if err := harness.Parse(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return harness.Usagef("usage: go run ./bench fpstats [-near J] [-far J] FILE.jsonl")
	}
	docs, err := load(fs.Arg(0))
	if err != nil {
		return err
	}
	a := textsim.Default()
	if err := a.LoadChinese(); err != nil { // before the timing
		return err
	}
	start := time.Now()
	bytes := 0
	var kept []doc
	for _, d := range docs {
		fp, ok := a.SimHash(d.Body)
		bytes += len(d.Body)
		if !ok {
			continue
		}
		d.fp, d.tokens = fp, a.Tokens(d.Body)
		kept = append(kept, d)
	}
	elapsed := time.Since(start)
	fmt.Printf("%d documents with tokens, %.1f MB, analysed (simhash + tokens) in %v\n", len(kept), float64(bytes)/1e6, elapsed.Round(time.Millisecond))

	var share [64]float64
	for _, d := range kept {
		for i := range share {
			if d.fp&(1<<i) != 0 {
				share[i]++
			}
		}
	}
	for i := range share {
		share[i] /= float64(len(kept))
	}
	lo, hi := slices.Min(share[:]), slices.Max(share[:])
	fmt.Printf("share of documents setting each bit: lowest %.1f%% (bit %d), highest %.1f%% (bit %d)\n",
		100*lo, slices.Index(share[:], lo), 100*hi, slices.Index(share[:], hi))

	const maxK = 10
	var nearWithin, farWithin [maxK + 1]int
	nearPairs, farPairs := 0, 0
	for i := range kept {
		for j := i + 1; j < len(kept); j++ {
			jac := textsim.Jaccard(kept[i].tokens, kept[j].tokens)
			d := textsim.Hamming(kept[i].fp, kept[j].fp)
			switch {
			case jac >= *near:
				nearPairs++
				for k := d; k <= maxK; k++ {
					nearWithin[k]++
				}
			case jac < *far:
				farPairs++
				for k := d; k <= maxK; k++ {
					farWithin[k]++
				}
			}
		}
	}
	fmt.Printf("near pairs (Jaccard ≥ %.2f): %d; unrelated pairs (Jaccard < %.2f): %d\n", *near, nearPairs, *far, farPairs)
	fmt.Println("k   recall(near within k)   unrelated within k")
	for k := 0; k <= maxK; k++ {
		recall := 0.0
		if nearPairs > 0 {
			recall = float64(nearWithin[k]) / float64(nearPairs)
		}
		fmt.Printf("%-3d %-23.3f %d\n", k, recall, farWithin[k])
	}
	return nil
}

func load(path string) ([]doc, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var docs []doc
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for line := 1; sc.Scan(); line++ {
		var d doc
		if err := json.Unmarshal(sc.Bytes(), &d); err != nil {
			return nil, fmt.Errorf("%s:%d: %v", path, line, err)
		}
		docs = append(docs, d)
	}
	return docs, sc.Err()
}
