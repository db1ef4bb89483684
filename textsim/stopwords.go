package textsim

import "strings"

// englishStopWords is the Snowball English stop word list
// (snowballstem.org/algorithms/english/stop.txt, BSD licence), the list that
// NLTK, Lucene's EnglishAnalyzer family and many others derive theirs from,
// in the case-folded form the analyzer produces (174 words).
var englishStopWords = map[string]struct{}{}

func init() {
	for _, w := range []string{
		"i", "me", "my", "myself", "we", "our", "ours", "ourselves",
		"you", "your", "yours", "yourself", "yourselves",
		"he", "him", "his", "himself", "she", "her", "hers", "herself",
		"it", "its", "itself", "they", "them", "their", "theirs", "themselves",
		"what", "which", "who", "whom", "this", "that", "these", "those",
		"am", "is", "are", "was", "were", "be", "been", "being",
		"have", "has", "had", "having", "do", "does", "did", "doing",
		"would", "should", "could", "ought",
		"i'm", "you're", "he's", "she's", "it's", "we're", "they're",
		"i've", "you've", "we've", "they've", "i'd", "you'd", "he'd", "she'd",
		"we'd", "they'd", "i'll", "you'll", "he'll", "she'll", "we'll", "they'll",
		"isn't", "aren't", "wasn't", "weren't", "hasn't", "haven't", "hadn't",
		"doesn't", "don't", "didn't", "won't", "wouldn't", "shan't", "shouldn't",
		"can't", "cannot", "couldn't", "mustn't",
		"let's", "that's", "who's", "what's", "here's", "there's", "when's",
		"where's", "why's", "how's",
		"a", "an", "the", "and", "but", "if", "or", "because", "as", "until",
		"while", "of", "at", "by", "for", "with", "about", "against", "between",
		"into", "through", "during", "before", "after", "above", "below",
		"to", "from", "up", "down", "in", "out", "on", "off", "over", "under",
		"again", "further", "then", "once", "here", "there", "when", "where",
		"why", "how", "all", "any", "both", "each", "few", "more", "most",
		"other", "some", "such", "no", "nor", "not", "only", "own", "same",
		"so", "than", "too", "very",
	} {
		englishStopWords[w] = struct{}{}
	}
}

// IsStopWord reports whether token (case-folded, as Tokens returns it) is on
// simsql's English stop word list, the Snowball English list. Stop words stay
// tokens for tokenize(), jaccard(), minhash() and cosine(); they only get
// IDF weight 0 in simhash() and cosine_tfidf().
//
// A right single quotation mark (U+2019) counts as an apostrophe: "don’t" is
// a stop word like "don't".
func IsStopWord(token string) bool {
	if strings.Contains(token, "’") {
		token = strings.ReplaceAll(token, "’", "'")
	}
	_, ok := englishStopWords[token]
	return ok
}
