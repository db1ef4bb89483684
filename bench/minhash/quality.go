package minhash

import (
	"bytes"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/simsql/simsql/bench/internal/harness"
	"github.com/simsql/simsql/bench/internal/quality"
	"github.com/simsql/simsql/indexes"
	"github.com/simsql/simsql/pigeonhole"
	"github.com/simsql/simsql/textsim"
)

// textThreshold is the Jaccard threshold of the quality runs.
const textThreshold = 0.8

// qualitySeed seeds the choice of planted texts and probes.
const qualitySeed = 0x6d68717561

// indexConfig is one way the quality table is indexed.
type indexConfig struct {
	name    string
	comment string // the index COMMENT; "" for no index (table scans)
}

var indexConfigs = []indexConfig{
	{"exact, t=0.8 (26 bands)", "minhash t=0.8"},
	{"exact, t=0.7 (39 bands)", "minhash t=0.7"},
	{"banded 16×6, t=0.8", "minhash t=0.8 bands=16 rows=6"},
	{"no index (table scan; near_duplicates bands in memory)", ""},
}

// bands returns the bands and candidate floor that simsql uses for
// jaccard ≥ textThreshold under the configuration (the pigeonhole
// package's arithmetic, as indexes/ calls it); lowBits is whether
// near_duplicates checks candidates on the signature entries' low bits.
func (c indexConfig) bands() (bands []pigeonhole.Band, floor int, lowBits bool, err error) {
	p, _ := parseComment(c.comment)
	switch {
	case c.comment == "":
		b, r, ok := pigeonhole.ChooseRows(numPerm, textThreshold, 1-indexes.MissProbability/2)
		if !ok {
			b, r = numPerm, 1
		}
		bands = pigeonhole.Rows(b, r)
	case p.nBands > 0:
		bands = pigeonhole.Rows(p.nBands, p.nRows)
		lowBits = true
	default:
		if bands, err = pigeonhole.ExactBands(numPerm, p.t, 2); err != nil {
			return nil, 0, false, err
		}
		lowBits = true
	}
	floor, ok := pigeonhole.CandidateFloor(numPerm, bands, textThreshold, indexes.MissProbability)
	if !ok {
		return nil, 0, false, fmt.Errorf("%s: the bands miss more than %v", c.name, indexes.MissProbability)
	}
	return bands, floor, lowBits, nil
}

type commentParams struct {
	t             float64
	nBands, nRows int
}

// parseComment reads the few parameters of the configurations' comments.
func parseComment(c string) (commentParams, error) {
	var p commentParams
	for _, f := range strings.Fields(c)[min(1, len(strings.Fields(c))):] {
		k, v, _ := strings.Cut(f, "=")
		var err error
		switch k {
		case "t":
			p.t, err = strconv.ParseFloat(v, 64)
		case "bands":
			p.nBands, err = strconv.Atoi(v)
		case "rows":
			p.nRows, err = strconv.Atoi(v)
		}
		if err != nil {
			return p, err
		}
	}
	return p, nil
}

// corpusResult is the quality of one corpus.
type corpusResult struct {
	corpus        quality.Corpus
	missing       string
	docs, plants  int
	tokensTime    time.Duration
	truthPairs    int
	truthTime     time.Duration
	probes        int
	probeInTable  int // probes that are rows (planted texts); their own row is left out of the counts
	probeTruth    int // truth rows of the probes, own rows left out
	prefixVsBrute string
	sigCheck      string
	sqlTruth      string
	scanTimes     []time.Duration
	scanLoad      float64
	load          timed
	configs       []*configResult
}

// configResult is one index configuration on one corpus.
type configResult struct {
	cfg            indexConfig
	build          timed
	floor          int
	explainFloor   string
	plan, planNote string
	planOK         bool
	probes         quality.Confusion
	selfMissing    int
	probeTimes     []time.Duration
	probeLoad      float64
	cand           candidateCounts
	answers        int
	nd             quality.Confusion
	ndTime         timed
	ndCandidates   int
	ndSimWrong     int
	firstFN        string
	firstFP        string
	err            string
}

func (b *bench) runQuality() error {
	seg, err := quality.NewSegmenter()
	if err != nil {
		return err
	}
	split := quality.Words(seg)
	a := textsim.Default()
	if err := a.LoadChinese(); err != nil { // before any timing
		return err
	}
	hasher, err := textsim.NewMinHasher(numPerm, sigSeed)
	if err != nil {
		return err
	}
	for ci, c := range quality.Corpora {
		res := &corpusResult{corpus: c}
		b.quality = append(b.quality, res)
		docs, missing, err := quality.Load(b.cfg.corpora, c, 0)
		if err != nil {
			return err
		}
		if missing != "" {
			res.missing = missing
			continue
		}
		if b.cfg.corpusDocs > 0 && len(docs) > b.cfg.corpusDocs {
			docs = docs[:b.cfg.corpusDocs]
		}
		rng := rand.New(rand.NewPCG(qualitySeed, uint64(ci)))
		texts, probes, probeRow := plantCorpus(docs, c.Lang, rng, b.cfg.plants, b.cfg.probes, split)
		res.docs, res.plants, res.probes = len(docs), len(texts)-len(docs), len(probes)
		logf("quality: %s: %d texts, %d planted, %d probes", c.Name, len(docs), res.plants, len(probes))

		// Go: tokens, signatures, the truth.
		t0 := time.Now()
		all := append(slices.Clone(texts), probes...)
		toks := make([][]string, len(all))
		harness.Parallel(len(all), func(i int) {
			tc := a.TermCounts(all[i])
			toks[i] = make([]string, 0, len(tc))
			for t := range tc {
				toks[i] = append(toks[i], t)
			}
		})
		sigs := make([][]uint64, len(all))
		harness.Parallel(len(all), func(i int) { sigs[i] = hasher.Sum(toks[i]).Values })
		ts := newTokenSets(toks)
		res.tokensTime = time.Since(t0)
		rowSets := &tokenSets{sets: ts.sets[:len(texts)]}
		t0 = time.Now()
		truth := jaccardPairs(rowSets, textThreshold)
		res.truthTime = time.Since(t0)
		res.truthPairs = len(truth)
		probeTruth := make([][]int32, len(probes))
		harness.Parallel(len(probes), func(p int) { probeTruth[p] = bruteProbe(rowSets, ts.sets[len(texts)+p], textThreshold) })
		res.prefixVsBrute = checkPrefixAgainstBrute(truth, probeTruth, probeRow)
		for p := range probes {
			if probeRow[p] >= 0 {
				res.probeInTable++
			}
			for _, r := range probeTruth[p] {
				if r != probeRow[p] {
					res.probeTruth++
				}
			}
		}
		logf("  truth: %d pairs with jaccard >= %v (prefix filter, %.1f s); probes: %d rows", len(truth), textThreshold, res.truthTime.Seconds(), res.probeTruth)

		dataDir := filepath.Join(b.tmp, fmt.Sprintf("quality-%d", ci))
		err = b.withServer(dataDir, nil, func(db *sql.DB) error {
			return b.qualityServer(db, res, texts, probes, probeRow, probeTruth, truth, rowSets, sigs)
		})
		if err != nil {
			return fmt.Errorf("%s: %w", c.Name, err)
		}
	}
	return nil
}

// plantCorpus returns the table's texts (docs, then planted near
// duplicates of `plants` of them chosen at random) and the probes: half
// further planted duplicates that are not rows, half the planted rows'
// texts (probeRow is the row a probe is, or −1).
func plantCorpus(docs []string, lang string, rng *rand.Rand, plants, probes int, split quality.Splitter) (texts, probe []string, probeRow []int32) {
	picks := rng.Perm(len(docs))[:min(plants, len(docs))]
	originals := make([]string, len(picks))
	for i, p := range picks {
		originals[i] = docs[p]
	}
	vocab := quality.Vocabulary(originals, lang, split)
	if len(vocab) == 0 {
		vocab = []string{"x"}
	}
	texts = slices.Clone(docs)
	for _, o := range originals {
		texts = append(texts, quality.Plant(o, lang, rng, vocab, split))
	}
	for p := range probes {
		if p%2 == 1 && len(originals) > 0 {
			row := len(docs) + rng.IntN(len(originals))
			probe = append(probe, texts[row])
			probeRow = append(probeRow, int32(row))
			continue
		}
		probe = append(probe, quality.Plant(docs[rng.IntN(len(docs))], lang, rng, vocab, split))
		probeRow = append(probeRow, -1)
	}
	return texts, probe, probeRow
}

// checkPrefixAgainstBrute checks the prefix-filter pairs against the
// brute-force answers of the probes that are rows: the pairs of such a
// row must be exactly the other rows of its answer.
func checkPrefixAgainstBrute(pairs []textPair, probeTruth [][]int32, probeRow []int32) string {
	of := map[int32][]int32{}
	for _, p := range pairs {
		of[p.i] = append(of[p.i], p.j)
		of[p.j] = append(of[p.j], p.i)
	}
	checked := 0
	for p, row := range probeRow {
		if row < 0 {
			continue
		}
		checked++
		want := slices.DeleteFunc(slices.Clone(probeTruth[p]), func(r int32) bool { return r == row })
		got := slices.Clone(of[row])
		slices.Sort(got)
		if !slices.Equal(got, want) {
			return fmt.Sprintf("**differ** for row %d: prefix filter %v, brute force %v", row+1, got, want)
		}
	}
	return fmt.Sprintf("agree for all %d probes that are rows", checked)
}

var explainFloor = regexp.MustCompile(`candidates agreeing in at least (\d+) of (\d+) slots`)

// qualityServer loads the texts and measures every configuration.
func (b *bench) qualityServer(db *sql.DB, res *corpusResult, texts, probes []string, probeRow []int32, probeTruth [][]int32, truth []textPair, rowSets *tokenSets, sigs [][]uint64) error {
	if err := exec(b, db, "CREATE TABLE q (id BIGINT PRIMARY KEY, body LONGTEXT, sig VARBINARY(1038) AS (minhash(body)) STORED)"); err != nil {
		return err
	}
	var err error
	res.load, err = b.measure(func() error { return insertTexts(b, db, texts) })
	if err != nil {
		return err
	}
	logf("  loaded %d rows in %.1f s", len(texts), res.load.d.Seconds())
	res.sigCheck = checkSignatures(b, db, sigs[:len(texts)])

	// A few probes by a forced scan: the Go truth is SQL's jaccard().
	wrong := 0
	for p := range min(b.cfg.truthProbes, len(probes)) {
		t0 := time.Now()
		got, err := harness.QueryIDs(b.ctx, db, "SELECT id FROM q WHERE IF(jaccard(body, ?) >= 0.8, 1, 0) = 1", probes[p])
		if err != nil {
			return err
		}
		res.scanTimes = append(res.scanTimes, time.Since(t0))
		if !slices.Equal(sortedIDs(got), rowIDs(probeTruth[p])) {
			wrong++
		}
	}
	res.scanLoad = harness.LoadAverage()[0]
	res.sqlTruth = fmt.Sprintf("all %d equal the Go truth", len(res.scanTimes))
	if wrong > 0 {
		res.sqlTruth = fmt.Sprintf("**%d of %d differ from the Go truth**", wrong, len(res.scanTimes))
	}

	truthSet := map[textPair]bool{}
	for _, p := range truth {
		truthSet[p] = true
	}
	rowSigs := sigs[:len(texts)]
	for _, cfg := range indexConfigs {
		cr := &configResult{cfg: cfg}
		res.configs = append(res.configs, cr)
		bands, floor, lowBits, err := cfg.bands()
		if err != nil {
			cr.err = err.Error()
			continue
		}
		cr.floor = floor
		if cfg.comment != "" {
			cr.build, err = b.measure(func() error { return exec(b, db, "CREATE INDEX mh ON q (sig) COMMENT '"+cfg.comment+"'") })
			if err != nil {
				cr.err = err.Error()
				continue
			}
			plan, err := harness.Explain(b.ctx, db, "SELECT id FROM q WHERE jaccard(body, 'x') >= 0.8")
			if err != nil {
				return err
			}
			cr.planOK = strings.Contains(plan, "(minhash index mh)")
			if m := explainFloor.FindStringSubmatch(plan); m != nil {
				cr.explainFloor = m[1]
			}
			if cr.explainFloor != strconv.Itoa(floor) {
				cr.planNote = fmt.Sprintf("EXPLAIN floor %q, Go %d", cr.explainFloor, floor)
			}
			for p, probe := range probes {
				t0 := time.Now()
				got, err := harness.QueryIDs(b.ctx, db, "SELECT id FROM q WHERE jaccard(body, ?) >= 0.8", probe)
				if err != nil {
					return err
				}
				cr.probeTimes = append(cr.probeTimes, time.Since(t0))
				cr.countProbe(got, probeTruth[p], probeRow[p])
				cr.cand.add(probeCandidates(rowSigs, sigs[len(texts)+p], bands, floor))
				cr.answers += len(probeTruth[p])
			}
			cr.probeLoad = harness.LoadAverage()[0]
		}
		var got []textPair
		var sims []float64
		cr.ndTime, err = b.measure(func() error {
			got, sims, err = textPairs(b, db)
			return err
		})
		if err != nil {
			return err
		}
		gotSet := map[textPair]bool{}
		for k, p := range got {
			gotSet[p] = true
			if !truthSet[p] {
				cr.nd.Add(true, false)
				if cr.firstFP == "" {
					cr.firstFP = fmt.Sprintf("near_duplicates pair (%d, %d)", p.i+1, p.j+1)
				}
			} else if want := jaccard(rowSets.sets[p.i], rowSets.sets[p.j]); sims[k] != want {
				cr.ndSimWrong++
			}
		}
		for _, p := range truth {
			if gotSet[p] {
				cr.nd.Add(true, true)
			} else {
				cr.nd.Add(false, true)
				if cr.firstFN == "" {
					cr.firstFN = fmt.Sprintf("near_duplicates missed (%d, %d): jaccard %.4f, %d of %d slots agree, shares a band: %v",
						p.i+1, p.j+1, jaccard(rowSets.sets[p.i], rowSets.sets[p.j]), agreeing(rowSigs[p.i], rowSigs[p.j]), numPerm, sharesBand(rowSigs[p.i], rowSigs[p.j], bands))
				}
			}
		}
		cr.ndCandidates = pairCandidates(rowSigs, bands, floor, lowBits)
		logf("  %s: probes P %.3f R %.3f; near_duplicates %d pairs (truth %d) in %.2f s", cfg.name,
			cr.probes.Precision(), cr.probes.Recall(), len(got), len(truth), cr.ndTime.d.Seconds())
		if cfg.comment != "" {
			if err := exec(b, db, "DROP INDEX mh ON q"); err != nil {
				return err
			}
		}
	}
	return nil
}

// countProbe adds one probe's answer to the confusion counts, leaving out
// the probe's own row.
func (cr *configResult) countProbe(got []int64, truth []int32, self int32) {
	want := map[int64]bool{}
	for _, r := range truth {
		want[int64(r)+1] = true
	}
	seenSelf := self < 0
	gotSet := map[int64]bool{}
	for _, id := range got {
		gotSet[id] = true
		if id == int64(self)+1 {
			seenSelf = true
			continue
		}
		cr.probes.Add(true, want[id])
		if !want[id] && cr.firstFP == "" {
			cr.firstFP = fmt.Sprintf("probe answer row %d", id)
		}
	}
	for id := range want {
		if id == int64(self)+1 {
			continue
		}
		if !gotSet[id] {
			cr.probes.Add(false, true)
			if cr.firstFN == "" {
				cr.firstFN = fmt.Sprintf("probe missed row %d", id)
			}
		}
	}
	if !seenSelf {
		cr.selfMissing++
	}
}

func sortedIDs(ids []int64) []int64 {
	s := slices.Clone(ids)
	slices.Sort(s)
	return s
}

func rowIDs(rows []int32) []int64 {
	out := make([]int64, len(rows))
	for i, r := range rows {
		out[i] = int64(r) + 1
	}
	return out
}

// insertTexts inserts texts as rows id 1.. in statements of up to 200
// rows or about 1 MB.
func insertTexts(b *bench, db *sql.DB, texts []string) error {
	for lo := 0; lo < len(texts); {
		var q strings.Builder
		q.WriteString("INSERT INTO q (id, body) VALUES ")
		var args []any
		size := 0
		hi := lo
		for hi < len(texts) && hi-lo < 200 && (size == 0 || size+len(texts[hi]) < 1<<20) {
			if hi > lo {
				q.WriteString(", ")
			}
			q.WriteString("(?, ?)")
			args = append(args, hi+1, texts[hi])
			size += len(texts[hi])
			hi++
		}
		if _, err := db.ExecContext(b.ctx, q.String(), args...); err != nil {
			return fmt.Errorf("inserting rows %d to %d: %w", lo+1, hi, err)
		}
		lo = hi
	}
	return nil
}

// checkSignatures compares SQL's stored minhash(body) with the Go
// signatures for a sample of rows.
func checkSignatures(b *bench, db *sql.DB, sigs [][]uint64) string {
	step := max(1, len(sigs)/50)
	n := 0
	for i := 0; i < len(sigs); i += step {
		var got []byte
		if err := db.QueryRowContext(b.ctx, "SELECT sig FROM q WHERE id = ?", i+1).Scan(&got); err != nil {
			return "**not checked**: " + err.Error()
		}
		if !bytes.Equal(got, marshal(sigs[i])) {
			return fmt.Sprintf("**row %d: SQL minhash(body) differs from textsim in Go**", i+1)
		}
		n++
	}
	return fmt.Sprintf("equal for all %d rows sampled", n)
}

// textPairs returns near_duplicates('q', 'body', 0.8) as item pairs (ids
// less one) and the similarities.
func textPairs(b *bench, db *sql.DB) ([]textPair, []float64, error) {
	rows, err := db.QueryContext(b.ctx, "SELECT left_id, right_id, similarity FROM near_duplicates('q', 'body', 0.8)")
	if err != nil {
		return nil, nil, err
	}
	defer rows.Close()
	var out []textPair
	var sims []float64
	for rows.Next() {
		var l, r int64
		var s float64
		if err := rows.Scan(&l, &r, &s); err != nil {
			return nil, nil, err
		}
		out = append(out, textPair{int32(min(l, r) - 1), int32(max(l, r) - 1)})
		sims = append(sims, s)
	}
	return out, sims, rows.Err()
}
