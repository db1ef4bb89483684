// Package textsim holds simsql's text-similarity algorithms, free of any SQL:
// the text analyzer (normalisation, case folding, traditional→simplified
// Chinese folding, word segmentation), IDF weights, SimHash fingerprints
// (version 1, version 2 and the variants of SimHashOptions), MinHash
// signatures (k-permutation and bottom-k), TF-IDF over given document
// frequencies, keywords, and exact Jaccard, Tanimoto and cosine measures.
//
// Every text function analyses its input with one Analyzer, so that
// tokenize(), simhash(), minhash(), jaccard() and cosine() agree on what a
// token is. The analyzer's Chinese dictionaries are loaded once per Analyzer,
// on the first text holding a Han ideograph (Default, LoadChinese).
//
// Fingerprints and signatures are stored on disk by users. Their bits are
// pinned by golden tests; any change to the analyzer, the hash or the weights
// that changes them is a new algorithm version, documented in README.md.
package textsim
