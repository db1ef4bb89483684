package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/go-ego/gse"

	"github.com/simsql/simsql/textsim"
)

// corpus is one of the text collections scripts/fetch-corpora.sh makes.
type corpus struct {
	name, lang, file, unit string
}

var corpora = []corpus{
	{"SPDX licence texts", "English", "spdx/licenses.jsonl", "licence"},
	{"KJV Bible", "English", "kjv/bible.jsonl", "chapter"},
	{"fortunes-zh", "Chinese", "fortunes-zh/fortunes.jsonl", "fortune"},
	{"Tang poems", "Chinese", "tang/poems.jsonl", "poem"},
}

// readBodies returns the "body" of every line of a corpus file, stopping
// after maxBytes of bodies when maxBytes > 0.
func readBodies(path string, maxBytes int) ([]string, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	var out []string
	size := 0
	for sc.Scan() {
		var rec struct {
			Body string `json:"body"`
		}
		if err := json.Unmarshal(sc.Bytes(), &rec); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		out = append(out, rec.Body)
		size += len(rec.Body)
		if maxBytes > 0 && size >= maxBytes {
			break
		}
	}
	return out, sc.Err()
}

// loadCorpus reads a corpus under cfg.corpora; found is false (with the
// reason) when the corpus is missing.
func (b *bench) loadCorpus(c corpus, maxBytes int) (docs []string, missing string, err error) {
	if b.cfg.corpora == "" {
		return nil, "SIMSQL_CORPORA is not set (run scripts/fetch-corpora.sh)", nil
	}
	path := filepath.Join(b.cfg.corpora, c.file)
	if _, err := os.Stat(path); err != nil {
		return nil, path + " is missing (run scripts/fetch-corpora.sh)", nil
	}
	docs, err = readBodies(path, maxBytes)
	return docs, "", err
}

// newSegmenter loads gse with the dictionary the analyzer uses.
func newSegmenter() (*gse.Segmenter, error) {
	seg := new(gse.Segmenter)
	seg.SkipLog = true
	if err := seg.LoadDictEmbed("zh_s"); err != nil {
		return nil, err
	}
	return seg, nil
}

// throughput measures workload 3 on every corpus: textsim's SimHash (the
// whole of SQL simhash()) and gse's Cut with HMM alone, line by line, over
// the same documents, on one goroutine and on GOMAXPROCS goroutines. Cut
// takes a line at a time because on a whole English document it is
// quadratic in the document's length (the report shows it, measured by
// cutGrowth).
func (b *bench) throughput() error {
	a := textsim.Default()
	seg, err := newSegmenter()
	if err != nil {
		return err
	}
	b.seg = seg
	workers := runtime.GOMAXPROCS(0)
	b.r.workers = workers
	b.r.cutGrowth = cutGrowth(seg)
	for _, c := range corpora {
		tr := &tputResult{corpus: c}
		b.r.tput = append(b.r.tput, tr)
		docs, missing, err := b.loadCorpus(c, b.cfg.tputBytes)
		if err != nil {
			return err
		}
		if missing != "" {
			if os.Getenv("SIMSQL_REQUIRE_CORPORA") == "1" {
				return fmt.Errorf("corpus %s: %s", c.name, missing)
			}
			tr.missing = missing
			continue
		}
		tr.docs = len(docs)
		for _, d := range docs {
			tr.bytes += len(d)
		}
		logf("throughput: %s, %d documents, %.1f MB", c.name, tr.docs, float64(tr.bytes)/1e6)
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
	corpus                         corpus
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
