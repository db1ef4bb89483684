package sqltests

import (
	"slices"
	"strings"
	"testing"
)

// TestIndexHints checks that USE, FORCE and IGNORE INDEX reach simsql's
// indexes (go-mysql-server 0.20 drops them; catalog/indexhints.go applies
// them): the plan reads through the index the hint allows, or scans, and
// the rows are the same either way.
func TestIndexHints(t *testing.T) {
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE d (id INT PRIMARY KEY, fp BIGINT UNSIGNED, n INT, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY fp_k3 (fp) COMMENT 'simhash k=3', KEY fp_k6 (fp) COMMENT 'simhash k=6', KEY n_i (n), KEY sig_j80 (sig) COMMENT 'minhash t=0.8')",
		"INSERT INTO d (id, fp, n, body) VALUES (1, 0, 1, 'a b c d e'), (2, 1, 2, 'a b c d e'), (3, 7, 1, 'a b c d f'), (4, 255, 3, 'x y z')",
		"CREATE TABLE q (id INT PRIMARY KEY, fp BIGINT UNSIGNED, KEY q_fp (fp))",
		"INSERT INTO q VALUES (10, 0), (11, 255)",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		kind, query, index string // index "": no index of the kind
	}{
		{"simhash", "SELECT id FROM d WHERE hamming(fp, 0) <= 3", "fp_k3"},
		{"simhash", "SELECT id FROM d IGNORE INDEX (fp_k3) WHERE hamming(fp, 0) <= 3", "fp_k6"},
		{"simhash", "SELECT id FROM d IGNORE INDEX (fp_k3, fp_k6) WHERE hamming(fp, 0) <= 3", ""},
		{"simhash", "SELECT id FROM d USE INDEX (fp_k6) WHERE hamming(fp, 0) <= 3", "fp_k6"},
		{"simhash", "SELECT id FROM d FORCE INDEX (FP_K6) WHERE hamming(fp, 0) <= 3", "fp_k6"},
		{"simhash", "SELECT x.id FROM d AS x IGNORE INDEX (fp_k3, fp_k6) WHERE hamming(x.fp, 0) <= 3", ""},
		{"simhash", "SELECT x.id FROM d AS x USE INDEX (n_i) WHERE hamming(x.fp, 0) <= 3", ""},
		{"simhash", "SELECT q.id, d.id FROM q JOIN d IGNORE INDEX (fp_k3, fp_k6) ON hamming(q.fp, d.fp) <= 3", ""},
		{"simhash", "SELECT q.id, d.id FROM q JOIN d USE INDEX (fp_k6) ON hamming(q.fp, d.fp) <= 3", "fp_k6"},
		{"simhash", "SELECT id, (SELECT COUNT(*) FROM d IGNORE INDEX (fp_k3, fp_k6) WHERE hamming(d.fp, q.fp) <= 3) FROM q", ""},
		{"simhash", "SELECT id, (SELECT COUNT(*) FROM d WHERE hamming(d.fp, q.fp) <= 3) FROM q IGNORE INDEX (q_fp)", "fp_k3"}, // the hint is q's
		{"minhash", "SELECT id FROM d WHERE minhash_jaccard(sig, 'a b c d e') >= 0.8", "sig_j80"},
		{"minhash", "SELECT id FROM d IGNORE INDEX (sig_j80) WHERE minhash_jaccard(sig, 'a b c d e') >= 0.8", ""},
		{"minhash", "SELECT id FROM d IGNORE INDEX (sig_j80) WHERE jaccard(body, 'a b c d e') >= 0.8", ""},
	} {
		assertPlanKind(t, c, tc.kind, tc.query, tc.index)
		// The same rows with and without the hint.
		plain := strings.NewReplacer(" IGNORE INDEX (fp_k3, fp_k6)", "", " IGNORE INDEX (fp_k3)", "", " IGNORE INDEX (q_fp)", "", " USE INDEX (fp_k6)", "",
			" FORCE INDEX (FP_K6)", "", " USE INDEX ()", "", " USE INDEX (n_i)", "", " IGNORE INDEX (sig_j80)", "").Replace(tc.query)
		got, want := queryStrings(t, c, tc.query), queryStrings(t, c, plain)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s: %v, without the hint %v", tc.query, got, want)
		}
	}
	// B-tree indexes follow hints too.
	for _, tc := range []struct {
		query string
		want  []string
	}{
		{"SELECT id FROM d WHERE n = 1", []string{"d.n"}},
		{"SELECT id FROM d IGNORE INDEX (n_i) WHERE n = 1", []string{}},
		{"SELECT id FROM d USE INDEX (fp_k3) WHERE n = 1", []string{}},
		{"SELECT id FROM d WHERE id = 2", []string{"d.id"}},
	} {
		checkIndexes(t, c, tc.query, tc.want)
	}
}
