package peers

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-ego/gse"

	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/internal/simsqltest"
	"github.com/simsql/simsql/textsim"
)

// loadCorpus reads a corpus under cfg.corpora (quality.Load).
func (b *bench) loadCorpus(c quality.Corpus, maxBytes int) (docs []string, missing string, err error) {
	return quality.Load(b.cfg.corpora, c, maxBytes)
}

// throughput measures workload 3 on every corpus: textsim's SimHash (the
// whole of SQL simhash()) and gse's Cut with HMM alone, line by line, over
// the same documents, on one goroutine and on GOMAXPROCS goroutines. Cut
// takes a line at a time because on a whole English document it is
// quadratic in the document's length (the report shows it, measured by
// cutGrowth).
func (b *bench) throughput() error {
	a := textsim.Default()
	// Load the Chinese dictionaries before any timing (else the first
	// Chinese corpus pays for them).
	if err := a.LoadChinese(); err != nil {
		return err
	}
	seg, err := quality.NewSegmenter()
	if err != nil {
		return err
	}
	b.seg = seg
	workers := runtime.GOMAXPROCS(0)
	b.r.workers = workers
	b.r.cutGrowth = cutGrowth(seg)
	for _, c := range quality.Corpora {
		tr := &tputResult{corpus: c}
		b.r.tput = append(b.r.tput, tr)
		docs, missing, err := b.loadCorpus(c, b.cfg.tputBytes)
		if err != nil {
			return err
		}
		if missing != "" {
			if simsqltest.Required("CORPORA") {
				return fmt.Errorf("corpus %s: %s", c.Name, missing)
			}
			tr.missing = missing
			continue
		}
		tr.docs = len(docs)
		for _, d := range docs {
			tr.bytes += len(d)
		}
		logf("throughput: %s, %d documents, %.1f MB", c.Name, tr.docs, float64(tr.bytes)/1e6)
		simhash := func(d string) { a.SimHash(d) }
		cut := func(d string) {
			for line := range strings.Lines(d) {
				seg.Cut(line, true)
			}
		}
		for range b.cfg.tputRuns {
			tr.simhash1 = append(tr.simhash1, timeDocs(docs, 1, simhash))
			tr.gse1 = append(tr.gse1, timeDocs(docs, 1, cut))
			tr.simhashN = append(tr.simhashN, timeDocs(docs, workers, simhash))
			tr.gseN = append(tr.gseN, timeDocs(docs, workers, cut))
		}
	}
	return nil
}

// cutGrowth times gse's Cut with HMM on one English text of 2,000 and of
// 16,000 bytes (the start of a repeated sentence-like text), to show how its
// time grows with the length of a text given to it at once.
func cutGrowth(seg *gse.Segmenter) string {
	base := strings.Repeat("Permission is hereby granted, free of charge, to any person obtaining a copy of this software. ", 200)
	var parts []string
	for _, n := range []int{2000, 16000} {
		t0 := time.Now()
		seg.Cut(base[:n], true)
		d := time.Since(t0)
		parts = append(parts, fmt.Sprintf("%d bytes at once: %s", n, fmtDur(d)))
	}
	return strings.Join(parts, ", ")
}

// timeDocs runs fn over docs on workers goroutines (document i on
// goroutine i mod workers) and returns the wall time.
func timeDocs(docs []string, workers int, fn func(string)) time.Duration {
	t0 := time.Now()
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(docs); i += workers {
				fn(docs[i])
			}
		}()
	}
	wg.Wait()
	return time.Since(t0)
}

// tputResult is workload 3 on one corpus.
type tputResult struct {
	corpus                         quality.Corpus
	missing                        string
	docs, bytes                    int
	simhash1, gse1, simhashN, gseN []time.Duration // one per run
}

// mbps returns the median and the slowest run's MB/s (10^6 bytes).
func (t *tputResult) mbps(runs []time.Duration) (median, slowest float64) {
	s := slices.Clone(runs)
	slices.Sort(s)
	mb := float64(t.bytes) / 1e6
	return mb / s[len(s)/2].Seconds(), mb / s[len(s)-1].Seconds()
}
