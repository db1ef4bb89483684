package textsim

import "testing"

// TestStopWords pins the Snowball English stop-word list IsStopWord reads.
func TestStopWords(t *testing.T) {
	// The Snowball English list (snowballstem.org/algorithms/english/stop.txt)
	// has 174 words.
	if n := len(englishStopWords); n != 174 {
		t.Errorf("stop word list has %d words, want the Snowball English list's 174", n)
	}
	for _, c := range []struct {
		why   string
		token string
		want  bool
	}{
		{"article", "the", true},
		{"not case-folded: callers pass folded tokens", "The", false},
		{"contraction with ASCII apostrophe", "don't", true},
		{"contraction with U+2019", "don’t", true},
		{"U+2019 in a word that is not a stop word", "rock’n’roll", false},
		{"'will' is left out by Snowball (homonym)", "will", false},
		{"'us' is left out by Snowball (US)", "us", false},
		{"content word", "database", false},
		{"empty", "", false},
	} {
		if got := IsStopWord(c.token); got != c.want {
			t.Errorf("%s: IsStopWord(%q) = %v, want %v", c.why, c.token, got, c.want)
		}
	}
}
