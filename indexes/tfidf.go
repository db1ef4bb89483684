package indexes

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/cespare/xxhash/v2"
	"github.com/dolthub/go-mysql-server/sql/types"

	"github.com/simsql/simsql/catalog"
	"github.com/simsql/simsql/textsim"
)

// TFIDFKind is the index kind "tfidf": the document frequencies of a text
// column, which cosine_tfidf(a, b, 'table.column'), tfidf(text,
// 'table.column') and keywords(text, n, 'table.column') weight terms by,
//
//	CREATE INDEX body_tfidf ON docs (body) COMMENT 'tfidf'
//
// It keeps N, the number of rows whose column is not NULL, and for each
// term (a token of the analyzer, textsim.Analyzer) df(t), the number of
// those rows holding t at least once. The counts are kept current by every
// INSERT, UPDATE, DELETE, REPLACE and LOAD DATA in the writing transaction
// (catalog.CountingIndex) and counted in bulk when the index is made.
//
// Key layout, version 1 (pinned by TestTFIDFKeysGolden), in the index's
// keyspace, each value an 8-byte big-endian uint64 count:
//
//	"n"                          N
//	"t" + term's UTF-8 bytes     df(term), for terms of at most MaxTermKeyBytes bytes
//	"h" + xxHash64(term), 8 bytes big-endian    df(term), for longer terms
//
// A term whose count fell back to 0 keeps its key (value 0) until the
// index is made again or the table is rewritten.
type TFIDFKind struct{}

var (
	_ catalog.TermStatisticsKind = TFIDFKind{}
	_ catalog.TermStatistics     = (*tfidfIndex)(nil)
)

// MaxTermKeyBytes is the longest term stored whole in a tfidf index key;
// longer terms are stored by hash.
const MaxTermKeyBytes = 256

// Name implements catalog.IndexKind.
func (TFIDFKind) Name() string { return "tfidf" }

// Example implements catalog.IndexKind.
func (TFIDFKind) Example() string { return "'tfidf'" }

// KeepsDocumentFrequencies implements catalog.TermStatisticsKind.
func (TFIDFKind) KeepsDocumentFrequencies() {}

// tfidfIndex is a tfidf index compiled.
type tfidfIndex struct {
	name string
	an   *textsim.Analyzer
}

// Compile implements catalog.IndexKind: one text column (CHAR, VARCHAR,
// TEXT, or their binary forms, read as UTF-8) and the comment "tfidf".
func (TFIDFKind) Compile(spec catalog.IndexSpec) (catalog.CompiledIndex, error) {
	if f := strings.Fields(spec.Comment); len(f) != 1 || !strings.EqualFold(f[0], "tfidf") {
		return nil, catalog.IndexParameterError("tfidf index %s: the comment takes no parameters: write COMMENT 'tfidf', not %q", spec.Name, spec.Comment)
	}
	if len(spec.Columns) != 1 {
		return nil, catalog.IndexColumnCountError("tfidf index %s: index one text column, not %d", spec.Name, len(spec.Columns))
	}
	if !types.IsText(spec.Types[0]) {
		return nil, catalog.IndexColumnError("tfidf index %s: column %s is %s; document frequencies are kept for a text column (CHAR, VARCHAR, TEXT)",
			spec.Name, spec.Columns[0], spec.Types[0].String())
	}
	return &tfidfIndex{name: spec.Name, an: textsim.Default()}, nil
}

// KeyLength implements catalog.CompiledIndex: keys vary in length.
func (x *tfidfIndex) KeyLength() int { return 0 }

// Entries implements catalog.CompiledIndex; a counting index has none.
func (x *tfidfIndex) Entries([]any, func(key, value []byte)) error { return nil }

// docsKey is the key of N.
var docsKey = []byte("n")

// DocsKey implements catalog.TermStatistics.
func (x *tfidfIndex) DocsKey() []byte { return docsKey }

// TermKey implements catalog.TermStatistics.
func (x *tfidfIndex) TermKey(term string) []byte { return tfidfTermKey(term) }

// tfidfTermKey is the key of df(term), layout version 1.
func tfidfTermKey(term string) []byte {
	if len(term) <= MaxTermKeyBytes {
		return append(append(make([]byte, 0, 1+len(term)), 't'), term...)
	}
	return binary.BigEndian.AppendUint64([]byte{'h'}, xxhash.Sum64String(term))
}

// Counters implements catalog.CountingIndex: N and each distinct term of a
// non-NULL text; none for NULL.
func (x *tfidfIndex) Counters(vals []any, add func(key []byte)) error {
	var text string
	switch v := vals[0].(type) {
	case nil:
		return nil
	case string:
		text = v
	case []byte:
		text = string(v)
	default:
		return fmt.Errorf("tfidf index %s: %T is not text", x.name, v)
	}
	add(docsKey)
	terms, _ := x.an.OrderedTermCounts(text)
	for _, t := range terms {
		add(tfidfTermKey(t))
	}
	return nil
}
