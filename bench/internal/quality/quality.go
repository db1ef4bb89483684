// Package quality holds what simsql's benchmark programs share to measure
// near-duplicate detection on real text: the corpora that
// scripts/fetch-corpora.sh makes, planted near duplicates (words deleted,
// inserted and substituted), and confusion counts against a ground truth.
package quality

import (
	"bufio"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode"

	"github.com/go-ego/gse"
)

// Corpus is one of the text collections scripts/fetch-corpora.sh makes:
// File (under the corpora directory) has one JSON object a line, its text
// in "body"; Unit names one document ("licence", "poem").
type Corpus struct {
	Name, Lang, File, Unit string
}

// Corpora are the collections, two English and two Chinese.
var Corpora = []Corpus{
	{"SPDX licence texts", "English", "spdx/licenses.jsonl", "licence"},
	{"KJV Bible", "English", "kjv/bible.jsonl", "chapter"},
	{"fortunes-zh", "Chinese", "fortunes-zh/fortunes.jsonl", "fortune"},
	{"Tang poems", "Chinese", "tang/poems.jsonl", "poem"},
}

// ReadBodies returns the "body" of every line of a corpus file, stopping
// after maxBytes of bodies when maxBytes > 0.
func ReadBodies(path string, maxBytes int) ([]string, error) {
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

// Load reads corpus c under dir (ReadBodies); when the corpus is missing,
// missing says why (and how to fetch it) and err is nil.
func Load(dir string, c Corpus, maxBytes int) (docs []string, missing string, err error) {
	if dir == "" {
		return nil, "SIMSQL_CORPORA is not set (run scripts/fetch-corpora.sh)", nil
	}
	path := filepath.Join(dir, c.File)
	if _, err := os.Stat(path); err != nil {
		return nil, path + " is missing (run scripts/fetch-corpora.sh)", nil
	}
	docs, err = ReadBodies(path, maxBytes)
	return docs, "", err
}

// NewSegmenter loads gse with the dictionary the analyzer uses.
func NewSegmenter() (*gse.Segmenter, error) {
	seg := new(gse.Segmenter)
	seg.SkipLog = true
	if err := seg.LoadDictEmbed("zh_s"); err != nil {
		return nil, err
	}
	return seg, nil
}

// Splitter splits a text of a language into segments, says which are
// words, and gives the separator that joins them back.
type Splitter func(text, lang string) (segs []string, isWord []bool, sep string)

// Words returns the Splitter of planted edits: English on whitespace
// (every field a word, joined back with spaces), Chinese by seg's Cut with
// HMM (segments with a letter or digit are words; joined back with
// nothing).
func Words(seg *gse.Segmenter) Splitter {
	return func(text, lang string) ([]string, []bool, string) {
		if lang == "English" {
			segs := strings.Fields(text)
			isWord := make([]bool, len(segs))
			for i := range isWord {
				isWord[i] = true
			}
			return segs, isWord, " "
		}
		segs := seg.Cut(text, true)
		isWord := make([]bool, len(segs))
		for i, s := range segs {
			isWord[i] = strings.IndexFunc(s, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsNumber(r) }) >= 0
		}
		return segs, isWord, ""
	}
}

// Vocabulary returns the distinct words of docs, in first-seen order.
func Vocabulary(docs []string, lang string, split Splitter) []string {
	seen := map[string]bool{}
	var out []string
	for _, d := range docs {
		segs, isWord, _ := split(d, lang)
		for i, s := range segs {
			if isWord[i] && !seen[s] {
				seen[s] = true
				out = append(out, s)
			}
		}
	}
	return out
}

// Edit rates of Plant: the share of a text's words edited, drawn
// uniformly from [MinEditRate, MaxEditRate].
const (
	MinEditRate = 0.01
	MaxEditRate = 0.30
)

// Plant returns text with words deleted, inserted and substituted (one of
// the three at random per edit; new words drawn from vocab) at an edit
// rate drawn uniformly from [MinEditRate, MaxEditRate], at least one edit.
func Plant(text, lang string, rng *rand.Rand, vocab []string, split Splitter) string {
	segs, isWord, sep := split(text, lang)
	words := 0
	for _, w := range isWord {
		if w {
			words++
		}
	}
	rate := MinEditRate + (MaxEditRate-MinEditRate)*rng.Float64()
	edits := max(1, int(math.Round(rate*float64(words))))
	if words == 0 {
		return text
	}
	for range edits {
		// A random word position (words are most segments: rejection sampling).
		p := rng.IntN(len(segs))
		for !isWord[p] {
			p = rng.IntN(len(segs))
		}
		switch rng.IntN(3) {
		case 0: // delete, keeping at least one word
			if words > 1 {
				segs = slices.Delete(segs, p, p+1)
				isWord = slices.Delete(isWord, p, p+1)
				words--
			}
		case 1: // insert after
			segs = slices.Insert(segs, p+1, vocab[rng.IntN(len(vocab))])
			isWord = slices.Insert(isWord, p+1, true)
			words++
		default: // substitute
			segs[p] = vocab[rng.IntN(len(vocab))]
		}
	}
	return strings.Join(segs, sep)
}

// Confusion counts predictions against the truth: true positives, false
// positives and false negatives.
type Confusion struct{ TP, FP, FN int }

// Precision returns TP / (TP + FP), NaN with no positive prediction.
func (c Confusion) Precision() float64 {
	if c.TP+c.FP == 0 {
		return math.NaN()
	}
	return float64(c.TP) / float64(c.TP+c.FP)
}

// Recall returns TP / (TP + FN), NaN with no positive in the truth.
func (c Confusion) Recall() float64 {
	if c.TP+c.FN == 0 {
		return math.NaN()
	}
	return float64(c.TP) / float64(c.TP+c.FN)
}

// Add counts one prediction.
func (c *Confusion) Add(pred, truth bool) {
	switch {
	case pred && truth:
		c.TP++
	case pred:
		c.FP++
	case truth:
		c.FN++
	}
}
