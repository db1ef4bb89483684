package sqltests

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// plantedTexts returns texts of random word sets and, for each of base
// sets, neighbours planted at Jaccard similarities 0.3 to 1.0 (an equal
// size set sharing c words has J = c / (2s − c)); some texts repeat
// exactly and one is empty.
func plantedTexts(r *rand.Rand, bases int) []string {
	word := func() string { return fmt.Sprintf("w%d", r.IntN(5000)) }
	set := func(n int) []string {
		seen := map[string]bool{}
		var out []string
		for len(out) < n {
			if w := word(); !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
		return out
	}
	var texts []string
	for b := 0; b < bases; b++ {
		s := 20 + r.IntN(40)
		base := set(s)
		texts = append(texts, strings.Join(base, " "))
		for _, j := range []float64{0.3, 0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1} {
			if r.IntN(3) == 0 {
				continue
			}
			c := int(2 * float64(s) * j / (1 + j))
			keep := slices.Clone(base)
			r.Shuffle(len(keep), func(a, b int) { keep[a], keep[b] = keep[b], keep[a] })
			n := append(keep[:c:c], set(s-c)...)
			texts = append(texts, strings.Join(n, " "))
		}
	}
	return append(texts, "", texts[0], texts[1])
}

// signatureCase is a table d of texts (id, body, sig AS (minhash(body,
// perm, seed)) STORED) with minhash indexes j<100·t> at the thresholds
// indexes, made in index layout layout.
type signatureCase struct {
	perm, seed int
	indexes    []float64
	layout     int
}

// open makes the table with texts and a NULL body after them; half the
// indexes are built in bulk, half as rows arrive.
func (sig signatureCase) open(t *testing.T, texts []string) *engineConn {
	t.Helper()
	c := newEngineConnLayout(t, sig.layout)
	ddl := []string{fmt.Sprintf("CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(%d) AS (minhash(body, %d, %d)) STORED)",
		14+8*sig.perm, sig.perm, sig.seed)}
	var vals []string
	for i, text := range texts {
		vals = append(vals, fmt.Sprintf("(%d, '%s')", i, text))
	}
	vals = append(vals, fmt.Sprintf("(%d, NULL)", len(texts)))
	ddl = append(ddl, "INSERT INTO d (id, body) VALUES "+strings.Join(vals, ", "))
	for i, th := range sig.indexes {
		stmt := fmt.Sprintf("CREATE INDEX %s ON d (sig) COMMENT 'minhash t=%v perm=%d seed=%d'", sig.name(th), th, sig.perm, sig.seed)
		if i%2 == 0 {
			ddl = append([]string{ddl[0], stmt}, ddl[1:]...)
		} else {
			ddl = append(ddl, stmt)
		}
	}
	for _, q := range ddl {
		if _, err := c.query(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	return c
}

// name is the name of the index at threshold th.
func (signatureCase) name(th float64) string { return fmt.Sprintf("j%d", int(th*100)) }

// indexFor is the index a query at threshold th uses: the one with the
// highest threshold at most th ("" if none).
func (sig signatureCase) indexFor(th float64) string {
	best, bestT := "", 0.0
	for _, it := range sig.indexes {
		if it <= th && it > bestT {
			best, bestT = sig.name(it), it
		}
	}
	return best
}

// TestMinHashIndexExact is the property test of the exact minhash index:
// texts with planted neighbours, signatures of several num_perm and seeds,
// thresholds 0.6 to 1; every point query, join and near_duplicates call
// through the index equals the full scan (written as IF(…, 1, 0) = 1, which
// no index answers) row for row, and the plans say which is which. Both
// index layouts: 2 (packed, band entries only), which indexes are made
// in, and 1 (a key per entry and a signature entry per row), which
// indexes of older data directories have.
func TestMinHashIndexExact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	texts := plantedTexts(r, 12)
	for _, sig := range []signatureCase{
		{128, 1, []float64{0.6, 0.8, 0.9}, 2},
		{64, 7, []float64{0.7}, 2},
		{128, 1, []float64{0.6, 0.8, 0.9}, 1},
		{64, 7, []float64{0.7}, 1},
	} {
		t.Run(fmt.Sprintf("perm=%d,seed=%d,layout=%d", sig.perm, sig.seed, sig.layout), func(t *testing.T) {
			c := sig.open(t, texts)
			// Every pair's estimate, for the groups' diameters: ids are the
			// rows with a signature, in id order (the primary key's).
			ids := queryStrings(t, c, "SELECT id FROM d WHERE sig IS NOT NULL ORDER BY id")
			estimate := map[[2]int]string{}
			for _, r := range queryStrings(t, c, "SELECT a.id, b.id, ROUND(minhash_jaccard(a.sig, b.sig), 6) FROM d a JOIN d b ON a.id < b.id AND a.sig IS NOT NULL AND b.sig IS NOT NULL") {
				f := strings.Split(r, ",")
				estimate[[2]int{slices.Index(ids, f[0]), slices.Index(ids, f[1])}] = f[2]
			}
			for _, th := range []float64{0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95, 1} {
				want := sig.indexFor(th)
				if want == "" {
					continue
				}
				for qi := 0; qi < len(texts); qi += 7 {
					probe := fmt.Sprintf("minhash('%s', %d, %d)", texts[qi], sig.perm, sig.seed)
					forms := []string{
						fmt.Sprintf("minhash_jaccard(sig, %s) >= %v", probe, th),
						fmt.Sprintf("%v <= minhash_jaccard(%s, sig)", th, probe),
						fmt.Sprintf("minhash_jaccard(sig, %s) BETWEEN %v AND 1", probe, th),
						fmt.Sprintf("minhash_jaccard(sig, '%s') >= %v AND id >= 0", texts[qi], th), // a text probe, signed with sig's parameters
					}
					scan := queryStrings(t, c, fmt.Sprintf("SELECT id FROM d WHERE IF(minhash_jaccard(sig, %s) >= %v, 1, 0) = 1 ORDER BY id", probe, th))
					assertPlanKind(t, c, "minhash", fmt.Sprintf("SELECT id FROM d WHERE IF(minhash_jaccard(sig, %s) >= %v, 1, 0) = 1", probe, th), "")
					for _, f := range forms {
						q := "SELECT id FROM d WHERE " + f
						assertPlanKind(t, c, "minhash", q, want)
						if got := queryStrings(t, c, q+" ORDER BY id"); !slices.Equal(got, scan) {
							t.Fatalf("%s:\n index %v\n scan  %v", q, got, scan)
						}
					}
					// Strictly greater: the boundary row is left out.
					q := fmt.Sprintf("SELECT id FROM d WHERE minhash_jaccard(sig, %s) > %v ORDER BY id", probe, th)
					scanGT := queryStrings(t, c, fmt.Sprintf("SELECT id FROM d WHERE IF(minhash_jaccard(sig, %s) > %v, 1, 0) = 1 ORDER BY id", probe, th))
					if got := queryStrings(t, c, q); !slices.Equal(got, scanGT) {
						t.Fatalf("%s:\n index %v\n scan  %v", q, got, scanGT)
					}
				}
				join := fmt.Sprintf("SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= %v AND a.id < b.id", th)
				scan := queryStrings(t, c, fmt.Sprintf("SELECT a.id, b.id FROM d a JOIN d b ON IF(minhash_jaccard(a.sig, b.sig) >= %v, 1, 0) = 1 AND a.id < b.id ORDER BY 1, 2", th))
				assertPlanKind(t, c, "minhash", join, want)
				if got := queryStrings(t, c, join+" ORDER BY 1, 2"); !slices.Equal(got, scan) {
					t.Fatalf("%s:\n index %v\n scan  %v", join, got, scan)
				}
				nd := fmt.Sprintf("SELECT left_id, right_id FROM near_duplicates('d', 'sig', %v)", th)
				assertPlanKind(t, c, "minhash", nd, want)
				if got := queryStrings(t, c, nd); !slices.Equal(got, scan) {
					t.Fatalf("%s:\n index %v\n brute force %v", nd, got, scan)
				}
				// Groups, with the smallest estimate between any two members
				// and the member with the most neighbours.
				groups := fmt.Sprintf("SELECT id, group_id, ROUND(min_similarity, 6), representative FROM near_duplicate_groups('d', 'sig', %v)", th)
				assertPlanKind(t, c, "minhash", groups, want)
				wantGroups := bruteGroups(len(ids), pairIndexes(scan, ids), func(i int) string { return ids[i] },
					func(a, b int) string { return estimate[[2]int{a, b}] }, func(x, y string) bool { return parseFloat(t, x) < parseFloat(t, y) }, func(s string) string { return s })
				if got := queryStrings(t, c, groups); !slices.Equal(got, wantGroups) {
					t.Fatalf("%s:\n index %v\n brute force %v", groups, got, wantGroups)
				}
			}
		})
	}
}

// TestMinHashIndexBoundary plants the pairs the pigeonhole argument is
// about: signatures that differ from a query in exactly n − m slots (m the
// fewest agreeing slots at t), one in every band but band i, so that band i
// is the only one that agrees in full; the index must find each of them,
// and none of those one slot further away.
func TestMinHashIndexBoundary(t *testing.T) {
	const n, th = 128, 0.8
	r := rand.New(rand.NewPCG(5, 6))
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(1038))",
		"CREATE INDEX j80 ON s (sig) COMMENT 'minhash t=0.8'",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	base := make([]uint64, n)
	for i := range base {
		base[i] = r.Uint64N(1<<61 - 1)
	}
	sigHex := func(v []uint64) string {
		var b strings.Builder
		fmt.Fprintf(&b, "X'FF4D4801%04X%016X", n, 1)
		for _, x := range v {
			fmt.Fprintf(&b, "%016X", x)
		}
		return b.String() + "'"
	}
	// ExactBands(128, 0.8): 26 bands, the first 24 of 5 slots, then 2 of 4.
	bandStart := func(b int) int { return 5*min(b, 24) + 4*max(0, b-24) }
	var want []string
	id := 0
	for only := 0; only < 26; only++ {
		for _, extra := range []int{0, 1} {
			v := slices.Clone(base)
			differ := 0
			for b := 0; b < 26; b++ {
				if b != only {
					v[bandStart(b)+r.IntN(4)] ^= 1 << 40 // one slot of every other band
					differ++
				}
			}
			if extra == 1 {
				// One more differing slot, in band only: nothing agrees.
				v[bandStart(only)] ^= 1 << 41
				differ++
			}
			if differ != 25+extra {
				t.Fatal("bad plant")
			}
			id++
			if _, err := c.query(fmt.Sprintf("INSERT INTO s VALUES (%d, %s)", id, sigHex(v))); err != nil {
				t.Fatal(err)
			}
			if extra == 0 {
				want = append(want, fmt.Sprint(id)) // 103 of 128 agree: 0.8047
			}
		}
	}
	q := fmt.Sprintf("SELECT id FROM s WHERE minhash_jaccard(sig, %s) >= %v", sigHex(base), th)
	assertPlanKind(t, c, "minhash", q, "j80")
	if got := queryStrings(t, c, q+" ORDER BY id"); !slices.Equal(got, want) {
		t.Fatalf("index %v, want %v", got, want)
	}
}

// TestTopKThroughIndexes checks ORDER BY similarity LIMIT n through the
// cascade of indexes against the same query under IGNORE INDEX (a scan
// and a sort), row for row, for MinHash estimates and Hamming distances,
// with and without a WHERE clause and an OFFSET (Hamming distances through
// the indexes only where the WHERE clause excludes NULL fingerprints).
func TestTopKThroughIndexes(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	texts := plantedTexts(r, 10)
	fps := plantedFingerprints(r, 60, 4)
	c := newEngineConn(t)
	ddl := []string{"CREATE TABLE d (id INT PRIMARY KEY, n INT, fp BIGINT UNSIGNED, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, " +
		"KEY sig_j90 (sig) COMMENT 'minhash t=0.9', KEY sig_j70 (sig) COMMENT 'minhash t=0.7', KEY sig_b (sig) COMMENT 'minhash t=0.5 bands=20 rows=5', " +
		"KEY fp_k2 (fp) COMMENT 'simhash k=2', KEY fp_k5 (fp) COMMENT 'simhash k=5')"}
	var vals []string
	for i := range max(len(texts), len(fps)) {
		body, fp := "NULL", "NULL"
		if i < len(texts) {
			body = "'" + texts[i] + "'"
		}
		if i < len(fps) {
			fp = fmt.Sprint(fps[i])
		}
		vals = append(vals, fmt.Sprintf("(%d, %d, %s, %s)", i, i%3, fp, body))
	}
	ddl = append(ddl, "INSERT INTO d (id, n, fp, body) VALUES "+strings.Join(vals, ", "))
	for _, q := range ddl {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for qi := 0; qi < 40; qi += 9 {
		for _, lim := range []string{"1", "3", "10", "40", "1000", "2 OFFSET 3"} {
			for _, where := range []string{"", "WHERE n <> 1 ", "WHERE fp IS NOT NULL "} {
				for _, q := range []string{
					fmt.Sprintf("SELECT id, minhash_jaccard(sig, '%s') AS s FROM d %sORDER BY s DESC, id LIMIT %s", texts[qi], where, lim),
					fmt.Sprintf("SELECT id FROM d %sORDER BY minhash_jaccard(sig, minhash('%s')) DESC, id LIMIT %s", where, texts[qi], lim),
					fmt.Sprintf("SELECT id, hamming(fp, %d) FROM d %sORDER BY hamming(fp, %d), id LIMIT %s", fps[qi], where, fps[qi], lim),
				} {
					if strings.Contains(q, "hamming") && !strings.Contains(where, "fp") {
						// fp is nullable: NULL distances sort first, and the
						// index has no entry for them.
						checkIndexes(t, c, q, []string{})
					} else if got, plan, err := planIndexes(c, q); err != nil || len(got) == 0 {
						t.Fatalf("%s: not through the indexes (%v):\n%s", q, err, plan)
					}
					scan := strings.Replace(q, "FROM d ", "FROM d IGNORE INDEX (sig_j90, sig_j70, sig_b, fp_k2, fp_k5) ", 1)
					checkIndexes(t, c, scan, []string{})
					if got, want := queryStrings(t, c, q), queryStrings(t, c, scan); !slices.Equal(got, want) {
						t.Fatalf("%s:\n index %v\n scan  %v", q, got, want)
					}
				}
			}
		}
	}
}

func TestMinHashScripts(t *testing.T) {
	runScripts(t, MinHashScripts)
}

// TestNearDuplicateGroupsLayouts runs the MinHashScripts of
// near_duplicate_groups' diameter in-process on minhash indexes of both
// layouts: 1 (a signature entry per row) and 2 (band entries only), which
// the search reads differently.
func TestNearDuplicateGroupsLayouts(t *testing.T) {
	n := 0
	for _, s := range MinHashScripts {
		if !strings.HasPrefix(s.Name, "near_duplicate_groups diameter") {
			continue
		}
		n++
		for _, layout := range []int{1, 2} {
			t.Run(fmt.Sprintf("%s/layout=%d", s.Name, layout), func(t *testing.T) { runScript(t, newEngineConnLayout(t, layout), s) })
		}
	}
	if n == 0 {
		t.Fatal("no near_duplicate_groups diameter script in MinHashScripts")
	}
}

// TestMinHashIndexLookups checks the query shapes that reach the minhash
// index by lookups — joins either way round, LEFT, semi and anti joins,
// correlated and scalar subqueries, user variables, jaccard() over the
// text — against the same query under IGNORE INDEX, row for row (exact
// forms), and for jaccard() that every row returned qualifies.
func TestMinHashIndexLookups(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	texts := plantedTexts(r, 8)
	c := newEngineConn(t)
	ddl := []string{
		"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, KEY j80 (sig) COMMENT 'minhash t=0.8', KEY j70 (sig) COMMENT 'minhash t=0.7')",
		"CREATE TABLE q (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED)",
	}
	var dv, qv []string
	for i, text := range texts {
		dv = append(dv, fmt.Sprintf("(%d, '%s')", i, text))
		if i%5 == 0 {
			qv = append(qv, fmt.Sprintf("(%d, '%s')", i, text))
		}
	}
	ddl = append(ddl, "INSERT INTO d (id, body) VALUES "+strings.Join(dv, ", "), "INSERT INTO q (id, body) VALUES "+strings.Join(qv, ", ")+", (999, NULL)",
		fmt.Sprintf("SET @probe = '%s'", texts[3]))
	for _, s := range ddl {
		if _, err := c.query(s); err != nil {
			t.Fatal(err)
		}
	}
	const hint = " IGNORE INDEX (j80, j70)"
	for _, tc := range []struct{ query, index string }{
		{"SELECT q.id, d.id FROM q JOIN d ON minhash_jaccard(q.sig, d.sig) >= 0.8", "j80"},
		{"SELECT q.id, d.id FROM d JOIN q ON minhash_jaccard(d.sig, q.sig) >= 0.85", "j80"},
		{"SELECT q.id, d.id FROM q, d WHERE minhash_jaccard(q.sig, d.sig) >= 0.75", "j70"},
		{"SELECT q.id, d.id FROM q LEFT JOIN d ON minhash_jaccard(q.sig, d.sig) >= 0.9", "j80"},
		{"SELECT q.id FROM q WHERE EXISTS (SELECT 1 FROM d WHERE minhash_jaccard(d.sig, q.sig) >= 0.8 AND d.id <> q.id)", "j80"},
		{"SELECT q.id FROM q WHERE NOT EXISTS (SELECT 1 FROM d WHERE minhash_jaccard(d.sig, q.sig) >= 0.8 AND d.id <> q.id)", "j80"},
		{"SELECT q.id, (SELECT COUNT(*) FROM d WHERE minhash_jaccard(d.sig, q.sig) >= 0.8) FROM q", "j80"},
		{"SELECT id FROM d WHERE minhash_jaccard(sig, (SELECT sig FROM q WHERE id = 5)) >= 0.8", "j80"},
		{"SELECT id FROM d WHERE minhash_jaccard(sig, @probe) >= 0.8", "j80"},
		{"SELECT id FROM d WHERE minhash_jaccard(sig, minhash(@probe)) >= 0.7 AND id > 2", "j70"},
	} {
		assertPlanKind(t, c, "minhash", tc.query, tc.index)
		scan := strings.Replace(strings.Replace(tc.query, "FROM d ", "FROM d"+hint+" ", 1), "JOIN d ", "JOIN d"+hint+" ", 1)
		scan = strings.Replace(scan, ", d WHERE", ", d"+hint+" WHERE", 1)
		if strings.HasSuffix(scan, "FROM d") {
			scan += hint
		}
		assertPlanKind(t, c, "minhash", scan, "")
		got, want := queryStrings(t, c, tc.query), queryStrings(t, c, scan)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n index %v\n scan  %v", tc.query, got, want)
		}
	}
	// jaccard() through the index: candidates verified, so every row
	// qualifies; the planted neighbours at 0.8 and above are found.
	for _, tc := range []struct{ query, truth, index string }{
		{"SELECT q.id, d.id FROM q JOIN d ON jaccard(q.body, d.body) >= 0.8", "SELECT q.id, d.id FROM q JOIN d" + hint + " ON IF(jaccard(q.body, d.body) >= 0.8, 1, 0) = 1", "j80"},
		{"SELECT id FROM d WHERE jaccard(body, @probe) >= 0.8", "SELECT id FROM d" + hint + " WHERE IF(jaccard(body, @probe) >= 0.8, 1, 0) = 1", "j80"},
		{"SELECT id FROM d WHERE jaccard(@probe, body) >= 0.75", "SELECT id FROM d" + hint + " WHERE IF(jaccard(body, @probe) >= 0.75, 1, 0) = 1", "j80"}, // its bands still find J = 0.75 (P ≥ 0.99), with the higher floor
	} {
		assertPlanKind(t, c, "minhash", tc.query, tc.index)
		got, truth := queryStrings(t, c, tc.query), queryStrings(t, c, tc.truth)
		for _, g := range got {
			if !slices.Contains(truth, g) {
				t.Errorf("%s: %s does not qualify", tc.query, g)
			}
		}
		if len(got) < len(truth)*9/10 {
			t.Errorf("%s: %d of %d qualifying rows", tc.query, len(got), len(truth))
		}
	}
}

// TestMinHashBandedIndexKeepsScanAnswers pins that a banded index never
// answers minhash_jaccard (it could drop rows): two signatures that agree
// in 112 of 128 slots (0.875) but on no band of 16 × 6 slots are both
// found, as a scan finds them, with only the banded index on the column.
func TestMinHashBandedIndexKeepsScanAnswers(t *testing.T) {
	c := newEngineConn(t)
	hexOf := func(v []uint64) string {
		var b strings.Builder
		fmt.Fprintf(&b, "X'FF4D4801%04X%016X", 128, 1)
		for _, x := range v {
			fmt.Fprintf(&b, "%016X", x)
		}
		return b.String() + "'"
	}
	base := make([]uint64, 128)
	for i := range base {
		base[i] = uint64(i+1) * 7919
	}
	other := slices.Clone(base)
	for k := 0; k < 16; k++ {
		other[6*k] ^= 1 << 30 // one slot of every band of 6
	}
	for _, q := range []string{
		"CREATE TABLE s (id INT PRIMARY KEY, sig VARBINARY(1038), KEY b (sig) COMMENT 'minhash t=0.8 bands=16 rows=6')",
		"INSERT INTO s VALUES (1, " + hexOf(base) + "), (2, " + hexOf(other) + ")",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	q := "SELECT id FROM s WHERE minhash_jaccard(sig, " + hexOf(base) + ") >= 0.8 ORDER BY id"
	assertPlanKind(t, c, "minhash", q, "")
	if got := queryStrings(t, c, q); !slices.Equal(got, []string{"1", "2"}) {
		t.Errorf("%s: %v, want both rows", q, got)
	}
	if got := queryStrings(t, c, "SELECT left_id, right_id FROM near_duplicates('s', 'sig', 0.8)"); !slices.Equal(got, []string{"1,2"}) {
		t.Errorf("near_duplicates: %v, want the pair 1,2", got)
	}
}

// TestMinHashSelfJoin is the property test of the minhash self-join's
// all-pairs search (SelfJoinPairs): texts with planted neighbours,
// signatures of several num_perm and seeds and both index layouts,
// thresholds 0.7 to 1; each form of the self-join through the index gives
// the rows of the same query with IGNORE INDEX on both sides (a scan of
// every pair) row for row, and the plans say which is which. Below every
// index's threshold the join is not the search. jaccard(a.body, b.body)
// through the index gives the rows of its lookup join (the same
// candidates, verified), each qualifying.
func TestMinHashSelfJoin(t *testing.T) {
	r := rand.New(rand.NewPCG(61, 62))
	texts := plantedTexts(r, 14)
	for _, sig := range []signatureCase{
		{128, 1, []float64{0.7, 0.9}, 2},
		{64, 7, []float64{0.8}, 2},
		{128, 1, []float64{0.8}, 1},
	} {
		t.Run(fmt.Sprintf("perm=%d,seed=%d,layout=%d", sig.perm, sig.seed, sig.layout), func(t *testing.T) {
			c := sig.open(t, texts)
			var names []string
			for _, th := range sig.indexes {
				names = append(names, sig.name(th))
			}
			hint := " IGNORE INDEX (" + strings.Join(names, ", ") + ")"
			forced := func(q string) string {
				return strings.NewReplacer("d a ", "d a"+hint+" ", "d a,", "d a"+hint+",", "d b ", "d b"+hint+" ").Replace(q)
			}
			for _, th := range []float64{0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 1} {
				want := sig.indexFor(th)
				for _, form := range []string{
					"SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= %v AND a.id < b.id",
					"SELECT a.id, b.id FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) > %v",                  // self pairs, both orders
					"SELECT a.id, b.id FROM d a, d b WHERE %v <= minhash_jaccard(b.sig, a.sig) AND a.id <> b.id", // WHERE form
					"SELECT a.id, b.body FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) BETWEEN %v AND 1 AND a.id %% 3 = b.id %% 3 WHERE a.id > b.id",
					"SELECT COUNT(*), SUM(a.id - b.id) FROM d a JOIN d b ON minhash_jaccard(a.sig, b.sig) >= %v WHERE LENGTH(a.body) + LENGTH(b.body) > 200",
				} {
					q := fmt.Sprintf(form, th)
					plan, err := explainPlan(c, q)
					if err != nil || strings.Contains(plan, "SelfJoinPairs") != (want != "") {
						t.Fatalf("t=%v: %s: all-pairs search %v, want %v:\n%s", th, q, want == "", want != "", plan)
					}
					assertPlanKind(t, c, "minhash", q, want)
					assertPlanKind(t, c, "minhash", forced(q), "")
					got, scan := queryStrings(t, c, q), queryStrings(t, c, forced(q))
					slices.Sort(got)
					slices.Sort(scan)
					if !slices.Equal(got, scan) {
						t.Fatalf("t=%v: %s:\n index %d rows %v\n scan  %d rows %v", th, q, len(got), got, len(scan), scan)
					}
				}
				// jaccard() over the text: the search's pairs are the lookup
				// join's (its left side a derived table, so no self-join).
				if want == "" {
					continue
				}
				q := fmt.Sprintf("SELECT a.id, b.id FROM d a JOIN d b ON jaccard(a.body, b.body) >= %v AND a.id < b.id", th)
				lookup := fmt.Sprintf("SELECT a.id, b.id FROM (SELECT id, body FROM d) a JOIN d b ON jaccard(a.body, b.body) >= %v AND a.id < b.id", th)
				truth := fmt.Sprintf("SELECT a.id, b.id FROM d a%s JOIN d b%s ON IF(jaccard(a.body, b.body) >= %v, 1, 0) = 1 AND a.id < b.id", hint, hint, th)
				if plan, err := explainPlan(c, q); err != nil || !strings.Contains(plan, "SelfJoinPairs") {
					t.Fatalf("t=%v: %s: not the all-pairs search:\n%s", th, q, plan)
				}
				if plan, err := explainPlan(c, lookup); err != nil || strings.Contains(plan, "SelfJoinPairs") || !strings.Contains(plan, "LookupJoin") {
					t.Fatalf("t=%v: %s: not a lookup join:\n%s", th, lookup, plan)
				}
				got, viaLookup, all := queryStrings(t, c, q), queryStrings(t, c, lookup), queryStrings(t, c, truth)
				slices.Sort(got)
				slices.Sort(viaLookup)
				if !slices.Equal(got, viaLookup) {
					t.Fatalf("t=%v: %s:\n search %v\n lookup %v", th, q, got, viaLookup)
				}
				for _, g := range got {
					if !slices.Contains(all, g) {
						t.Fatalf("t=%v: %s: %s does not qualify", th, q, g)
					}
				}
				if len(got) < len(all)*9/10 {
					t.Errorf("t=%v: %s: %d of %d qualifying pairs", th, q, len(got), len(all))
				}
			}
		})
	}
}

// TestMinHashThresholdsAgainstScan checks the thresholds the index rules
// derive, at random values in [-1, 1.2] (six of them, and the edges -1, 0, 0.8, 1,
// 1.2), against the same query under IGNORE INDEX: jaccard() and
// minhash_jaccard() bounds by >=, >, reversed and BETWEEN, as literals,
// user variables and parameters of prepared statements, in point queries
// and self-joins, and hamming() bounds k in [-3, 66], fractional ones too.
// Where an index cannot exclude a row (jaccard() at t ≤ 0, which every
// pair of texts reaches, even two sharing no band) the plan is a scan.
func TestMinHashThresholdsAgainstScan(t *testing.T) {
	r := rand.New(rand.NewPCG(10, 13))
	texts := append(plantedTexts(r, 3), "!!")
	c := newEngineConn(t)
	ddl := []string{"CREATE TABLE d (id INT PRIMARY KEY, body TEXT, sig VARBINARY(1038) AS (minhash(body)) STORED, fp BIGINT UNSIGNED AS (simhash(body)) STORED, " +
		"KEY s8 (sig) COMMENT 'minhash t=0.8', KEY s5 (sig) COMMENT 'minhash t=0.5 bands=20 rows=5', KEY f3 (fp) COMMENT 'simhash k=3')"}
	vals := []string{fmt.Sprintf("(%d, NULL)", len(texts))}
	for i, s := range texts {
		vals = append(vals, fmt.Sprintf("(%d, '%s')", i, s))
	}
	ddl = append(ddl, "INSERT INTO d (id, body) VALUES "+strings.Join(vals, ", "))
	for _, q := range ddl {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	scanOf := func(q string) string {
		return strings.NewReplacer("FROM d WHERE ", "FROM d IGNORE INDEX (s8, s5, f3) WHERE ", "d a ", "d a IGNORE INDEX (s8, s5, f3) ", "d b ", "d b IGNORE INDEX (s8, s5, f3) ").Replace(q)
	}
	// scans: no similarity index in q's plan (ORDER BY id may read the
	// primary key).
	scans := func(q string) {
		t.Helper()
		if got, plan, err := planIndexes(c, q); err != nil || slices.ContainsFunc(got, func(ix string) bool { return strings.Contains(ix, " index ") }) {
			t.Fatalf("%s: reads %v (%v):\n%s", q, got, err, plan)
		}
	}
	same := func(q, scan string) {
		t.Helper()
		scans(scan)
		if got, want := queryStrings(t, c, q), queryStrings(t, c, scan); !slices.Equal(got, want) {
			plan, _ := explainPlan(c, q)
			t.Fatalf("%s:\n index %v\n scan  %v\n%s", q, got, want, plan)
		}
	}
	edges := []float64{-1, 0, 0.8, 1, 1.2, -0.5}
	for i := range 12 {
		th := math.Round((r.Float64()*2.2-1)*1000) / 1000
		if i < len(edges) {
			th = edges[i]
		}
		hi := math.Round((th+r.Float64())*1000) / 1000
		k := fmt.Sprint(r.IntN(70) - 3)
		if i%3 == 0 {
			k = fmt.Sprintf("%.1f", r.Float64()*8-1)
		}
		e := strings.ReplaceAll(texts[r.IntN(len(texts))], "'", "''")
		var qs []string
		for _, sim := range []string{"jaccard(body, '%[1]s')", "minhash_jaccard(sig, '%[1]s')"} {
			s := fmt.Sprintf(sim, e)
			js := strings.NewReplacer("body, '"+e+"'", "a.body, b.body", "sig, '"+e+"'", "a.sig, b.sig").Replace(s)
			for _, cond := range []string{"%[1]s >= %[2]v", "%[1]s > %[2]v", "%[2]v <= %[1]s", "%[2]v < %[1]s", "%[1]s BETWEEN %[2]v AND %[3]v", "%[1]s >= @t"} {
				qs = append(qs,
					"SELECT id FROM d WHERE "+fmt.Sprintf(cond, s, th, hi)+" ORDER BY id",
					"SELECT COUNT(*), SUM(a.id * 1000 + b.id) FROM d a JOIN d b ON "+fmt.Sprintf(cond, js, th, hi)+" AND a.id < b.id",
					"SELECT COUNT(*) FROM d a JOIN d b ON "+fmt.Sprintf(cond, js, th, hi))
			}
			if _, err := c.query(fmt.Sprintf("SET @t = %v", th)); err != nil {
				t.Fatal(err)
			}
			// A parameter, known only at EXECUTE.
			for _, q := range []string{"SELECT id FROM d WHERE " + s + " >= ? ORDER BY id", "SELECT COUNT(*) FROM d a JOIN d b ON " + js + " >= ? AND a.id <> b.id"} {
				for _, p := range [][2]string{{"p", q}, {"ps", scanOf(q)}} {
					if _, err := c.query("PREPARE " + p[0] + " FROM '" + strings.ReplaceAll(p[1], "'", "''") + "'"); err != nil {
						t.Fatal(err)
					}
				}
				if got, want := queryStrings(t, c, "EXECUTE p USING @t"), queryStrings(t, c, "EXECUTE ps USING @t"); !slices.Equal(got, want) {
					t.Fatalf("%s at ? = %v:\n index %v\n scan  %v", q, th, got, want)
				}
			}
		}
		h := fmt.Sprintf("hamming(fp, simhash('%s'))", e)
		for _, cond := range []string{"%[1]s <= %[2]s", "%[1]s < %[2]s", "%[2]s >= %[1]s", "%[1]s BETWEEN -1 AND %[2]s", "%[1]s BETWEEN 0 AND %[2]s"} {
			qs = append(qs,
				"SELECT id FROM d WHERE "+fmt.Sprintf(cond, h, k)+" ORDER BY id",
				"SELECT COUNT(*), SUM(a.id * 1000 + b.id) FROM d a JOIN d b ON "+fmt.Sprintf(cond, "hamming(a.fp, b.fp)", k)+" AND a.id < b.id")
		}
		for _, q := range qs {
			same(q, scanOf(q))
			if th <= 0 && strings.Contains(q, "jaccard(") && !strings.Contains(q, "minhash_jaccard") && !strings.Contains(q, "@t") {
				scans(q)
			}
		}
	}
}
