package peers

import (
	"math"
	"math/rand/v2"
	"slices"
	"strings"

	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/textsim"
)

// Detection quality, in process over textsim (what the SQL functions call):
// per language, cfg.qualityDocs original documents from its two corpora
// (half from each, 50 to 3,000 tokens, picked at random with a fixed seed),
// and for each a planted near duplicate made by deleting, inserting and
// substituting words at an edit rate drawn uniformly from 1% to 30% (an
// edit is one of the three at random; inserted and substituted words are
// drawn from the words of the originals). Words are what whitespace
// separates in English and gse's segments in Chinese. Over every pair of
// the 2·qualityDocs documents, ground truth is textsim.Jaccard (SQL
// jaccard()) ≥ 0.8; predictions are hamming(simhash) ≤ k for k = 0..6 and
// minhash_jaccard ≥ 0.8 for each num_perm.

const (
	minTokens     = 50
	maxTokens     = 3000
	truthJaccard  = 0.8
	maxK          = 6
	randomPairs   = 2000 // unrelated pairs sampled for the MinHash error
	qualitySeed   = 0x7175616c
	minhashSeed   = 1
	minhashThresh = 0.8
)

var numPerms = []int{32, 64, 128, 256}

// curveK is the largest k of the SimHash-against-Jaccard curve, and
// curveT its Jaccard thresholds (all at least truthJaccard, so that the
// pairs whose Jaccard is not computed are below every one of them).
const curveK = 16

var curveT = []float64{0.8, 0.85, 0.9, 0.95}

// errStats are MinHash estimate errors |estimate − Jaccard| over a set of pairs.
type errStats struct {
	n              int
	mean, p95, rms float64
	theoryRMS      float64 // sqrt(mean J(1−J) / num_perm)
}

// qualityResult is detection quality for one language.
type qualityResult struct {
	lang            string
	sources         string
	docs            int        // originals (as many planted duplicates)
	pairs           int        // pairs compared
	positives       int        // pairs with Jaccard ≥ 0.8
	plantedPositive int        // of which planted pairs
	plantedJ        [2]float64 // min and max Jaccard of the planted pairs
	simhash         [maxK + 1]quality.Confusion
	// curve[ti][k]: hamming(simhash) ≤ k against jaccard() ≥ curveT[ti].
	curve [][curveK + 1]quality.Confusion
	// theoryPairs are the set sizes and intersection of the pairs at
	// jaccard() ≥ theoryJaccard, for the theory of the curve.
	theoryPairs []quality.PairSizes
	minhash     map[int]quality.Confusion
	errPlanted  map[int]errStats
	errRandom   map[int]errStats
	missing     string
}

// qdoc is one document of the quality set.
type qdoc struct {
	text   string
	tokens []string
	uniq   int
	fp     uint64
	sigs   map[int]textsim.Signature
}

func (b *bench) quality() error {
	a := textsim.Default()
	hashers := map[int]*textsim.MinHasher{}
	for _, n := range numPerms {
		m, err := textsim.NewMinHasher(n, minhashSeed)
		if err != nil {
			return err
		}
		hashers[n] = m
	}
	for _, lang := range []string{"English", "Chinese"} {
		q := &qualityResult{lang: lang, minhash: map[int]quality.Confusion{}, errPlanted: map[int]errStats{}, errRandom: map[int]errStats{},
			curve: make([][curveK + 1]quality.Confusion, len(curveT))}
		b.r.quality = append(b.r.quality, q)
		rng := rand.New(rand.NewPCG(qualitySeed, uint64(len(lang))))
		var originals []string
		var names []string
		for _, c := range quality.Corpora {
			if c.Lang != lang {
				continue
			}
			docs, missing, err := b.loadCorpus(c, b.cfg.corpusBytes)
			if err != nil {
				return err
			}
			if missing != "" {
				q.missing = missing
				break
			}
			names = append(names, c.Name)
			rng.Shuffle(len(docs), func(i, j int) { docs[i], docs[j] = docs[j], docs[i] })
			picked := 0
			for _, d := range docs {
				if n := len(a.Tokens(d)); n >= minTokens && n <= maxTokens {
					originals = append(originals, d)
					if picked++; picked == b.cfg.qualityDocs/2 {
						break
					}
				}
			}
		}
		if q.missing != "" {
			continue
		}
		q.sources = strings.Join(names, " and ")
		logf("quality: %s, %d originals", lang, len(originals))
		split := quality.Words(b.seg)
		vocab := quality.Vocabulary(originals, lang, split)
		docs := make([]*qdoc, 0, 2*len(originals))
		for _, o := range originals {
			docs = append(docs, &qdoc{text: o})
		}
		for _, o := range originals {
			docs = append(docs, &qdoc{text: quality.Plant(o, lang, rng, vocab, split)})
		}
		for _, d := range docs {
			d.tokens = a.Tokens(d.text)
			d.uniq = len(uniq(d.tokens))
			d.fp, _ = a.SimHash(d.text)
			d.sigs = map[int]textsim.Signature{}
			for n, m := range hashers {
				d.sigs[n] = m.Sum(d.tokens)
			}
		}
		q.docs = len(originals)
		planted := func(i, j int) bool { return j == i+len(originals) }
		errs := map[int][]float64{}
		jPlanted := []float64{}
		q.plantedJ = [2]float64{1, 0}
		for i := range docs {
			for j := i + 1; j < len(docs); j++ {
				q.pairs++
				x, y := docs[i], docs[j]
				var jac float64
				truth := false
				// Jaccard ≤ min/max of the set sizes: skip pairs that cannot reach 0.8.
				if float64(min(x.uniq, y.uniq)) >= truthJaccard*float64(max(x.uniq, y.uniq)) || planted(i, j) {
					jac = textsim.Jaccard(x.tokens, y.tokens)
					truth = jac >= truthJaccard
				}
				if truth {
					q.positives++
				}
				if jac >= theoryJaccard {
					q.theoryPairs = append(q.theoryPairs, quality.NewPairSizes(x.uniq, y.uniq, jac))
				}
				d := textsim.Hamming(x.fp, y.fp)
				for kk := range maxK + 1 {
					c := q.simhash[kk]
					c.Add(d <= kk, truth)
					q.simhash[kk] = c
				}
				for ti, t := range curveT {
					for kk := range curveK + 1 {
						q.curve[ti][kk].Add(d <= kk, jac >= t)
					}
				}
				for _, n := range numPerms {
					est, err := textsim.EstimateJaccard(x.sigs[n], y.sigs[n])
					if err != nil {
						return err
					}
					c := q.minhash[n]
					c.Add(est >= minhashThresh, truth)
					q.minhash[n] = c
					if planted(i, j) {
						errs[n] = append(errs[n], math.Abs(est-jac))
					}
				}
				if planted(i, j) {
					jPlanted = append(jPlanted, jac)
					q.plantedJ[0], q.plantedJ[1] = min(q.plantedJ[0], jac), max(q.plantedJ[1], jac)
					if truth {
						q.plantedPositive++
					}
				}
			}
		}
		// Unrelated pairs for the MinHash error: originals i < j, at random.
		var jRandom []float64
		errsRandom := map[int][]float64{}
		for range randomPairs {
			i, j := rng.IntN(len(originals)), rng.IntN(len(originals))
			if i == j {
				continue
			}
			jac := textsim.Jaccard(docs[i].tokens, docs[j].tokens)
			jRandom = append(jRandom, jac)
			for _, n := range numPerms {
				est, _ := textsim.EstimateJaccard(docs[i].sigs[n], docs[j].sigs[n])
				errsRandom[n] = append(errsRandom[n], math.Abs(est-jac))
			}
		}
		for _, n := range numPerms {
			q.errPlanted[n] = summarizeErr(errs[n], jPlanted, n)
			q.errRandom[n] = summarizeErr(errsRandom[n], jRandom, n)
		}
	}
	return nil
}

func summarizeErr(errs, js []float64, numPerm int) errStats {
	if len(errs) == 0 {
		return errStats{}
	}
	s := errStats{n: len(errs)}
	var sq, v float64
	for i, e := range errs {
		s.mean += e
		sq += e * e
		v += js[i] * (1 - js[i])
	}
	s.mean /= float64(len(errs))
	s.rms = math.Sqrt(sq / float64(len(errs)))
	s.theoryRMS = math.Sqrt(v / float64(len(errs)) / float64(numPerm))
	sorted := slices.Clone(errs)
	slices.Sort(sorted)
	s.p95 = sorted[min(len(sorted)-1, len(sorted)*95/100)]
	return s
}

func uniq(tokens []string) map[string]struct{} {
	m := make(map[string]struct{}, len(tokens))
	for _, t := range tokens {
		m[t] = struct{}{}
	}
	return m
}
