package sqltests

import (
	"cmp"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/simsql/simsql/internal/simsqltest"
)

func TestIndexScripts(t *testing.T) {
	runScripts(t, IndexScripts)
}

// TestSimHashIndexPlans checks which predicates read through the simhash
// index, and that a query the index cannot answer scans.
func TestSimHashIndexPlans(t *testing.T) {
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE d (id INT PRIMARY KEY, fp BIGINT UNSIGNED, n INT, KEY fp_k3 (fp) COMMENT 'simhash k=3', KEY n_i (n))",
		"INSERT INTO d VALUES (1, 0, 1), (2, 1, 2)",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		query  string
		want   []string // the indexes read; none for a scan
		lookup string   // the index's lookup, as the plan shows it
	}{
		{"SELECT id FROM d WHERE hamming(fp, 0) <= 3", []string{"simhash index fp_k3"}, "hamming(fp, 0) <= 3"},
		{"SELECT id FROM d WHERE hamming(fp, 0) < 3", []string{"simhash index fp_k3"}, "hamming(fp, 0) <= 2"},
		{"SELECT id FROM d WHERE 3 >= hamming(simhash('x'), fp)", []string{"simhash index fp_k3"}, ""},
		{"SELECT id FROM d WHERE hamming(fp, 0) BETWEEN 0 AND 1 AND id > 0", []string{"simhash index fp_k3"}, "hamming(fp, 0) <= 1"},
		{"SELECT id FROM d x WHERE hamming(x.fp, 5) <= 2", []string{"simhash index fp_k3"}, "hamming(fp, 5) <= 2"},
		{"SELECT id FROM d WHERE hamming(fp, 0) <= 5", []string{}, ""},          // k=5 needs an index with k ≥ 5
		{"SELECT id FROM d WHERE hamming(fp, id) <= 3", []string{}, ""},         // not constant
		{"SELECT id FROM d WHERE hamming(fp, 0) >= 3", []string{}, ""},          // not a near-duplicate query
		{"SELECT id FROM d WHERE hamming(fp, 0) <= 3 OR n = 1", []string{}, ""}, // a disjunction
	} {
		checkIndexes(t, c, tc.query, tc.want)
		if tc.lookup == "" {
			continue
		}
		if _, plan, err := planIndexes(c, tc.query); err != nil || !strings.Contains(plan, "filters: "+tc.lookup+" (simhash index fp_k3)") {
			t.Errorf("%s: want the lookup %q in the plan (%v):\n%s", tc.query, tc.lookup, err, plan)
		}
	}
}

// TestSimHashSubqueryPlans checks that a fingerprint given by a scalar
// subquery is looked up in the simhash index also where go-mysql-server
// reads the table in primary-key order to spare a sort (trial try11f:
// `hamming(fp, (SELECT …)) <= 3 ORDER BY id` scanned the whole primary
// key; the same with ORDER BY name used the index), and that fp = (SELECT
// …) is (it scanned, where fp = 5 reads the index): each answer, in its
// order, equal to a scan's (IGNORE INDEX).
func TestSimHashSubqueryPlans(t *testing.T) {
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE d (id INT PRIMARY KEY, fp BIGINT UNSIGNED, n INT, KEY fp_k3 (fp) COMMENT 'simhash k=3')",
		"INSERT INTO d VALUES (1, 7, 5), (2, 5, 4), (3, 7, 3), (4, 4096, 2), (5, 18446744073709551615, 1), (6, 3, 0), (7, 7, NULL)",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	const sq = "(SELECT fp FROM d WHERE id = 1)"
	for _, tc := range []struct {
		query string
		sort  string // the sort put back above the lookup, if any
	}{
		{"SELECT id FROM d WHERE hamming(fp, " + sq + ") <= 1 ORDER BY id", "Sort(d.id ASC)"},
		{"SELECT id FROM d WHERE hamming(fp, " + sq + ") <= 1 ORDER BY id DESC", "Sort(d.id DESC)"},
		{"SELECT x.n FROM d x WHERE hamming(x.fp, " + sq + ") <= 2 ORDER BY x.id DESC LIMIT 2", "Sort(x.id DESC)"},
		{"SELECT id FROM d WHERE hamming(fp, " + sq + ") <= 1 ORDER BY n", ""},
		{"SELECT id FROM d WHERE fp = " + sq + " ORDER BY id", "Sort(d.id ASC)"},
		{"SELECT COUNT(*) FROM d WHERE fp = " + sq, ""},
		{"SELECT id FROM d WHERE " + sq + " = fp AND n > 1 ORDER BY id", "Sort(d.id ASC)"},
		{"SELECT id FROM d WHERE fp = (SELECT fp FROM d WHERE id = 5) ORDER BY id", "Sort(d.id ASC)"},
	} {
		_, plan, err := planIndexes(c, tc.query)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		if !strings.Contains(plan, "(simhash index fp_k3)") || (tc.sort != "" && !strings.Contains(plan, tc.sort)) {
			t.Errorf("%s: want a lookup in fp_k3 (and %q):\n%s", tc.query, tc.sort, plan)
		}
		got, err := c.query(tc.query)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		scan := strings.Replace(tc.query, "FROM d x ", "FROM d x IGNORE INDEX (fp_k3) ", 1)
		if scan == tc.query {
			scan = strings.Replace(tc.query, "FROM d ", "FROM d IGNORE INDEX (fp_k3) ", 1)
		}
		want, err := c.query(scan)
		if err != nil {
			t.Fatalf("%s: %v", scan, err)
		}
		if formatCells(got) != formatCells(want) || len(got) == 0 {
			t.Errorf("%s: got %v, want (a scan) %v", tc.query, formatCells(got), formatCells(want))
		}
	}
}

// TestSimHashIndexCommentSpaces checks that any white space separates the
// words of an index COMMENT ('simhash<TAB>k=0' was a plain B-tree index).
func TestSimHashIndexCommentSpaces(t *testing.T) {
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE d (id INT PRIMARY KEY, fp BIGINT UNSIGNED)",
		"CREATE INDEX tab_k0 ON d (fp) COMMENT 'simhash\tk=0'",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	assertPlanIndex(t, c, "SELECT id FROM d WHERE hamming(fp, 0) = 0", "tab_k0")
}

// TestSimHashIndexExact is the property test: random fingerprints (as
// BIGINT UNSIGNED and as signed BIGINT) plus neighbours planted at every
// distance 0..k+2; for k from 0 to 6, every point query through the index
// returns exactly the rows brute force finds.
func TestSimHashIndexExact(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	fps := plantedFingerprints(r, 150, 5)
	c := newEngineConn(t)
	var ddl []string
	ddl = append(ddl, "CREATE TABLE u (id INT PRIMARY KEY, fp BIGINT UNSIGNED)", "CREATE TABLE s (id INT PRIMARY KEY, fp BIGINT)")
	for k := 0; k <= 6; k++ {
		ddl = append(ddl,
			fmt.Sprintf("CREATE INDEX u_k%d ON u (fp) COMMENT 'simhash k=%d'", k, k),
			fmt.Sprintf("CREATE INDEX s_k%d ON s (fp) COMMENT 'simhash k=%d'", k, k))
	}
	var uv, sv []string
	for i, fp := range fps {
		uv = append(uv, fmt.Sprintf("(%d, %d)", i, fp))
		sv = append(sv, fmt.Sprintf("(%d, %d)", i, int64(fp)))
	}
	ddl = append(ddl, "INSERT INTO u VALUES "+strings.Join(uv, ","), "INSERT INTO s VALUES "+strings.Join(sv, ","))
	for _, q := range ddl {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k <= 6; k++ {
		for qi := 0; qi < len(fps); qi += 13 {
			q := fps[qi]
			var want []int
			for i, fp := range fps {
				if bits.OnesCount64(fp^q) <= k {
					want = append(want, i)
				}
			}
			for _, table := range []string{"u", "s"} {
				query := fmt.Sprintf("SELECT id FROM %s WHERE hamming(fp, %d) <= %d", table, q, k)
				rows, err := c.query(query)
				if err != nil {
					t.Fatal(err)
				}
				var got []int
				for _, row := range rows {
					n, _ := strconv.Atoi(*row[0])
					got = append(got, n)
				}
				slices.Sort(got)
				if !slices.Equal(got, want) {
					t.Fatalf("%s: %v, brute force %v", query, got, want)
				}
			}
		}
	}
}

// TestSimHashIndexWire checks the index over the wire: a prepared
// statement's parameter uses it, and it survives a restart exactly.
func TestSimHashIndexWire(t *testing.T) {
	dir := t.TempDir()
	s := StartServer(t, "--data-dir", dir)
	db := s.DB(t)
	for _, q := range []string{
		"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, KEY fp_k3 (fp) COMMENT 'simhash k=3')",
		"INSERT INTO docs (id, body) VALUES (1, 'the quick brown fox jumps over the lazy dog'), (2, 'the quick brown fox jumps over the lazy dog'), (3, 'an entirely different sentence about databases')",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	check := func(label string) {
		t.Helper()
		var fp uint64
		if err := db.QueryRow("SELECT fp FROM docs WHERE id = 1").Scan(&fp); err != nil {
			t.Fatal(err)
		}
		rows, err := db.Query("SELECT id FROM docs WHERE hamming(fp, ?) <= 3 ORDER BY id", fp)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var got []int
		for rows.Next() {
			var id int
			if err := rows.Scan(&id); err != nil {
				t.Fatal(err)
			}
			got = append(got, id)
		}
		if !slices.Equal(got, []int{1, 2}) {
			t.Errorf("%s: near-duplicates of 1: %v, want [1 2]", label, got)
		}
	}
	check("before restart")
	db.Close()
	s.Stop(t)
	s = StartServer(t, "--data-dir", dir)
	db = s.DB(t)
	check("after restart")
	if _, err := db.Exec("UPDATE docs SET body = 'the quick brown fox jumps over the lazy dog' WHERE id = 3"); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := db.QueryRow("SELECT COUNT(*) FROM docs WHERE hamming(fp, simhash('the quick brown fox jumps over the lazy dog')) = 0").Scan(&n); err != nil || n != 3 {
		t.Errorf("after an update: %d rows at distance 0 (%v), want 3", n, err)
	}
}

// TestNearDuplicatesExact compares near_duplicates and
// near_duplicate_groups with brute force on random fingerprints with
// planted neighbours, signed, inserted in random order, for k from 0 to 6:
// first by a table scan, then through simhash indexes with k=3 and k=6
// (EXPLAIN names the one read).
func TestNearDuplicatesExact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	fps := plantedFingerprints(r, 300, 4)
	c := newEngineConn(t)
	var vals []string
	for _, i := range r.Perm(len(fps)) {
		vals = append(vals, fmt.Sprintf("(%d, %d)", i, int64(fps[i])))
	}
	for _, q := range []string{"CREATE TABLE s (id INT PRIMARY KEY, fp BIGINT)", "INSERT INTO s VALUES " + strings.Join(vals, ",")} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, phase := range []string{"scan", "index"} {
		if phase == "index" {
			for _, q := range []string{
				"CREATE INDEX s_k3 ON s (fp) COMMENT 'simhash k=3'",
				"CREATE INDEX s_k6 ON s (fp) COMMENT 'simhash k=6'",
			} {
				if _, err := c.query(q); err != nil {
					t.Fatal(err)
				}
			}
		}
		for k := 0; k <= 6; k++ {
			how := []string{} // a table scan
			switch {
			case phase == "index" && k <= 3:
				how = []string{"simhash index s_k3"}
			case phase == "index":
				how = []string{"simhash index s_k6"}
			}
			for _, fn := range []string{"near_duplicates", "near_duplicate_groups"} {
				checkIndexes(t, c, fmt.Sprintf("SELECT * FROM %s('s', 'fp', %d)", fn, k), how)
			}
			checkNearDuplicates(t, c, fps, k)
		}
	}
}

// checkNearDuplicates compares near_duplicates('s', 'fp', k) and
// near_duplicate_groups('s', 'fp', k) with brute force over fps (row i
// holds fps[i]).
func checkNearDuplicates(t *testing.T, c *engineConn, fps []uint64, k int) {
	t.Helper()
	var want []string
	parent := make([]int, len(fps))
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(x int) int {
		for parent[x] != x {
			x = parent[x]
		}
		return x
	}
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if d := bits.OnesCount64(fps[i] ^ fps[j]); d <= k {
				want = append(want, fmt.Sprintf("%d,%d,%d", i, j, d))
				a, b := find(i), find(j)
				parent[max(a, b)] = min(a, b)
			}
		}
	}
	rows, err := c.query(fmt.Sprintf("SELECT left_id, right_id, distance FROM near_duplicates('s', 'fp', %d)", k))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rows {
		got = append(got, *row[0]+","+*row[1]+","+*row[2])
	}
	if !slices.Equal(got, want) {
		t.Fatalf("k=%d: near_duplicates gave %d pairs, brute force %d", k, len(got), len(want))
	}
	// Groups, each with its diameter (the largest distance between any two
	// members) and representative (most neighbours, then smallest id).
	var edges [][2]int
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if bits.OnesCount64(fps[i]^fps[j]) <= k {
				edges = append(edges, [2]int{i, j})
			}
		}
	}
	wantGroups := bruteGroups(len(fps), edges, func(i int) string { return fmt.Sprint(i) },
		func(a, b int) int { return bits.OnesCount64(fps[a] ^ fps[b]) }, func(x, y int) bool { return x > y }, func(d int) string { return fmt.Sprint(d) })
	for _, w := range wantGroups {
		var id, g int
		fmt.Sscanf(w, "%d,%d", &id, &g)
		if find(id) != g {
			t.Fatalf("k=%d: brute-force groups disagree: %s, union-find %d", k, w, find(id))
		}
	}
	gotGroups := queryStrings(t, c, fmt.Sprintf("SELECT id, group_id, max_distance, representative FROM near_duplicate_groups('s', 'fp', %d)", k))
	if !slices.Equal(gotGroups, wantGroups) {
		t.Fatalf("k=%d: near_duplicate_groups gave %d rows, brute force %d\n got  %v\n want %v", k, len(gotGroups), len(wantGroups), gotGroups, wantGroups)
	}
}

// TestSimHashIndexLookups is the property test of the lookups that the
// planner hook makes: joins on hamming(a.fp, b.fp) <= k with the indexed
// table on either side (ON or WHERE), scalar subqueries and correlated
// subqueries as the other side of hamming(). Fingerprints are random with
// neighbours planted at distances 0..8; the indexed column is BIGINT
// UNSIGNED and the probes are signed BIGINT (so negative keys are looked up
// as the same 64 bits) and decimal text, with a NULL among them. For k from 0 to 6 (indexes
// with k=3 and k=6), every query must read through an index and return
// exactly what brute force finds; at k=7 it must scan, still exactly.
func TestSimHashIndexLookups(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	fps := plantedFingerprints(r, 120, 3)
	probes := map[int]*uint64{0: nil} // pid → fingerprint; pid 0 is NULL
	for i := 0; i < len(fps); i += 7 {
		probes[i+1] = &fps[i]
	}
	c := newEngineConn(t)
	var jv, pv []string
	for i, fp := range fps {
		jv = append(jv, fmt.Sprintf("(%d, %d)", i, fp))
	}
	for pid, fp := range probes {
		if fp == nil {
			pv = append(pv, fmt.Sprintf("(%d, NULL, NULL)", pid))
		} else {
			pv = append(pv, fmt.Sprintf("(%d, %d, '%d')", pid, int64(*fp), *fp))
		}
	}
	for _, q := range []string{
		"CREATE TABLE j (id INT PRIMARY KEY, fp BIGINT UNSIGNED, KEY fp_k3 (fp) COMMENT 'simhash k=3', KEY fp_k6 (fp) COMMENT 'simhash k=6')",
		"CREATE TABLE p (pid INT PRIMARY KEY, pfp BIGINT, ps VARCHAR(20))",
		"INSERT INTO j VALUES " + strings.Join(jv, ","),
		"INSERT INTO p VALUES " + strings.Join(pv, ","),
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	within := func(a, b uint64, k int) bool { return bits.OnesCount64(a^b) <= k }
	for k := 0; k <= 7; k++ {
		var self, joined, counts, left, some, none, grouped []string
		var both, all, mod []string // self-join pairs: both orders; and each row with itself; ids equal mod 3
		for i := range fps {
			all = append(all, fmt.Sprintf("%d,%d", i, i))
			for j := i + 1; j < len(fps); j++ {
				if within(fps[i], fps[j], k) {
					self = append(self, fmt.Sprintf("%d,%d", i, j))
					both = append(both, fmt.Sprintf("%d,%d", i, j), fmt.Sprintf("%d,%d", j, i))
					if i%3 == j%3 {
						mod = append(mod, fmt.Sprintf("%d,%d", j, i))
					}
				}
			}
		}
		all = append(all, both...)
		for pid, fp := range probes {
			n := 0
			for i := range fps {
				if fp != nil && within(*fp, fps[i], k) {
					joined = append(joined, fmt.Sprintf("%d,%d", pid, i))
					n++
				}
			}
			counts = append(counts, fmt.Sprintf("%d,%d", pid, n))
			if n == 0 {
				left = append(left, fmt.Sprintf("%d,NULL", pid))
				none = append(none, strconv.Itoa(pid))
			} else {
				some = append(some, strconv.Itoa(pid))
				grouped = append(grouped, fmt.Sprintf("%d,%d", pid, n))
			}
		}
		left = append(left, joined...)
		index := "fp_k3"
		if k > 3 {
			index = "fp_k6"
		}
		if k > 6 {
			index = "" // no index answers k=7
		}
		for _, tc := range []struct {
			query string
			want  []string
			pairs bool // a self-join: the all-pairs search reads fp_k3's entries at any k
		}{
			{"SELECT a.id, b.id FROM j a JOIN j b ON hamming(a.fp, b.fp) <= %d AND a.id < b.id", self, true},
			{"SELECT a.id, b.id FROM j a JOIN j b ON hamming(a.fp, b.fp) <= %d WHERE a.id <> b.id", both, true},
			{"SELECT a.id, b.id FROM j a, j b WHERE %d >= hamming(b.fp, a.fp)", all, true},
			{"SELECT b.id, a.id FROM j a JOIN j b ON a.id %% 3 = b.id %% 3 AND hamming(a.fp, b.fp) <= %d WHERE b.id > a.id", mod, true},
			{"SELECT a.id, b.id FROM j a IGNORE INDEX (fp_k3, fp_k6) JOIN j b ON hamming(a.fp, b.fp) <= %d AND a.id < b.id", self, false},
			{"SELECT p.pid, j.id FROM p JOIN j ON hamming(p.pfp, j.fp) <= %d", joined, false},
			{"SELECT p.pid, j.id FROM j JOIN p ON hamming(j.fp, p.pfp) <= %d", joined, false},
			{"SELECT p.pid, j.id FROM p JOIN j ON hamming(p.ps, j.fp) <= %d", joined, false}, // decimal text
			{"SELECT p.pid, x.id FROM j x, p WHERE %d >= hamming(p.pfp, x.fp)", joined, false},
			{"SELECT p.pid, x.id FROM p JOIN j x ON p.pid >= 0 WHERE hamming(x.fp, p.pfp) <= %d", joined, false},
			{"SELECT pid, (SELECT COUNT(*) FROM j WHERE hamming(j.fp, p.pfp) <= %d) FROM p", counts, false},
			{"SELECT p.pid, j.id FROM p LEFT JOIN j ON hamming(p.pfp, j.fp) <= %d", left, false},
			{"SELECT pid FROM p WHERE EXISTS (SELECT 1 FROM j WHERE hamming(j.fp, p.pfp) <= %d)", some, false},
			{"SELECT pid FROM p WHERE NOT EXISTS (SELECT 1 FROM j WHERE hamming(j.fp, p.pfp) <= %d)", none, false},
			{"SELECT p.pid, COUNT(*) FROM j JOIN p ON hamming(j.fp, p.pfp) <= %d GROUP BY p.pid", grouped, false},
			{"SELECT q.pid, j.id FROM j JOIN p ON hamming(j.fp, p.pfp) <= %d JOIN p q ON q.pid = p.pid", joined, false},
			{"SELECT t.pid, t.id FROM (SELECT p.pid, j.id FROM j JOIN p ON hamming(j.fp, p.pfp) <= %d) t", joined, false},
			{"SELECT pid FROM p WHERE pid IN (SELECT x.pid FROM p x JOIN j ON hamming(j.fp, x.pfp) <= %d)", some, false},
			{"SELECT pid FROM p WHERE EXISTS (SELECT 1 FROM p x JOIN j ON hamming(j.fp, x.pfp) <= %d WHERE x.pid = p.pid)", some, false},
		} {
			query := fmt.Sprintf(tc.query, k)
			if tc.pairs {
				assertPlanIndex(t, c, query, "fp_k3")
			} else {
				assertPlanIndex(t, c, query, index)
			}
			if plan, err := explainPlan(c, query); err != nil || strings.Contains(plan, "SelfJoinPairs") != tc.pairs {
				t.Fatalf("k=%d: %s: all-pairs search %v, want %v:\n%s", k, query, !tc.pairs, tc.pairs, plan)
			}
			got := queryStrings(t, c, query)
			want := slices.Clone(tc.want)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("k=%d: %s\ngave %d rows, brute force %d", k, query, len(got), len(want))
			}
		}
		for pid, fp := range probes {
			var want []string
			for i := range fps {
				if fp != nil && within(*fp, fps[i], k) {
					want = append(want, strconv.Itoa(i))
				}
			}
			query := fmt.Sprintf("SELECT id FROM j WHERE hamming(fp, (SELECT pfp FROM p WHERE pid = %d)) <= %d", pid, k)
			assertPlanIndex(t, c, query, index)
			got := queryStrings(t, c, query)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("k=%d: %s: %v, brute force %v", k, query, got, want)
			}
		}
	}
}

// plantedFingerprints returns n random fingerprints and, after them, for
// every step-th of those, neighbours at each distance 0..8 (random bits
// flipped).
func plantedFingerprints(r *rand.Rand, n, step int) []uint64 {
	var fps []uint64
	for range n {
		fps = append(fps, r.Uint64())
	}
	for i := 0; i < n; i += step {
		for d := 0; d <= 8; d++ {
			fp := fps[i]
			for _, b := range r.Perm(64)[:d] {
				fp ^= 1 << b
			}
			fps = append(fps, fp)
		}
	}
	return fps
}

// assertPlanIndex fails t unless query reads the simhash index named
// index (among others), or, for index "", no simhash index.
func assertPlanIndex(t *testing.T, c conn, query, index string) {
	t.Helper()
	assertPlanKind(t, c, "simhash", query, index)
}

// assertPlanKind fails the test unless query reads the index of the kind
// named index (among others), or, with index "", no index of the kind.
func assertPlanKind(t *testing.T, c conn, kind, query, index string) {
	t.Helper()
	got, plan, err := planIndexes(c, query)
	if err != nil {
		t.Fatalf("EXPLAIN PLAN %s: %v", query, err)
	}
	ofKind := slices.ContainsFunc(got, func(s string) bool { return strings.HasPrefix(s, kind+" index ") })
	switch {
	case index == "" && ofKind:
		t.Fatalf("%s: reads %q, want no %s index:\n%s", query, got, kind, plan)
	case index != "" && !slices.Contains(got, kind+" index "+index):
		t.Fatalf("%s: reads %q, not %s index %s:\n%s", query, got, kind, index, plan)
	}
}

// queryStrings returns the rows of query, each as its cells joined by
// commas (NULL as "NULL").
func queryStrings(t *testing.T, c conn, query string) []string {
	t.Helper()
	rows, err := c.query(query)
	if err != nil {
		t.Fatalf("%s: %v", query, err)
	}
	return simsqltest.Strings(rows, ",")
}

// TestSelfJoinGroups holds the search within runs of equal primary-key
// columns against brute force: runs of 1 to 300 rows (the large ones
// searched by NearPairs, the small ones pairwise), NULL fingerprints, a
// signed BIGINT column holding negative fingerprints, k from 0 to 10, both
// orders and self pairs where the condition allows them, a two-column
// prefix, and the forms it must not take (the equality on a column that
// does not lead the primary key, or not between the sides).
func TestSelfJoinGroups(t *testing.T) {
	r := rand.New(rand.NewPCG(43, 44))
	type row struct {
		grp, sub, id int
		fp           *uint64
	}
	var rows []row
	var vals []string
	id := 0
	for grp, size := range []int{1, 2, 300, 5, 65, 64, 0, 120} {
		base := plantedFingerprints(r, max(size/10, 1), 1)
		for i := range size {
			id++
			fp := base[i%len(base)] ^ 1<<r.IntN(64) // many within a few bits of one another
			rw := row{grp: grp, sub: i % 3, id: id, fp: &fp}
			v := fmt.Sprint(int64(fp))
			if i%17 == 16 {
				rw.fp, v = nil, "NULL"
			}
			rows = append(rows, rw)
			vals = append(vals, fmt.Sprintf("(%d, %d, %d, %s)", rw.grp, rw.sub, rw.id, v))
		}
	}
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE g (grp INT, sub INT, id BIGINT, fp BIGINT, PRIMARY KEY (grp, sub, id))",
		"INSERT INTO g VALUES " + strings.Join(vals, ","),
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	brute := func(k int, match func(a, b row) bool) []string {
		var want []string
		for _, a := range rows {
			for _, b := range rows {
				if a.fp != nil && b.fp != nil && bits.OnesCount64(*a.fp^*b.fp) <= k && match(a, b) {
					want = append(want, fmt.Sprintf("%d,%d", a.id, b.id))
				}
			}
		}
		return want
	}
	for _, k := range []int{0, 3, 10} {
		for _, tc := range []struct {
			query   string
			grouped string // the columns of the groups in EXPLAIN, "" for no such search
			match   func(a, b row) bool
		}{
			{"SELECT a.id, b.id FROM g a JOIN g b ON a.grp = b.grp AND hamming(a.fp, b.fp) <= %d WHERE a.id < b.id", "grp",
				func(a, b row) bool { return a.grp == b.grp && a.id < b.id }},
			{"SELECT a.id, b.id FROM g a JOIN g b ON b.grp = a.grp WHERE hamming(a.fp, b.fp) <= %d", "grp",
				func(a, b row) bool { return a.grp == b.grp }},
			{"SELECT a.id, b.id FROM g a, g b WHERE a.sub = b.sub AND a.grp = b.grp AND hamming(b.fp, a.fp) < %d + 1 AND a.id <> b.id", "grp, sub",
				func(a, b row) bool { return a.grp == b.grp && a.sub == b.sub && a.id != b.id }},
			{"SELECT a.id, b.id FROM g a JOIN g b ON a.sub = b.sub AND hamming(a.fp, b.fp) <= %d WHERE a.id < b.id", "",
				func(a, b row) bool { return a.sub == b.sub && a.id < b.id }},
			{"SELECT a.id, b.id FROM g a JOIN g b ON a.grp = b.sub AND hamming(a.fp, b.fp) <= %d WHERE a.id < b.id", "",
				func(a, b row) bool { return a.grp == b.sub && a.id < b.id }},
		} {
			q := fmt.Sprintf(tc.query, k)
			plan, err := explainPlan(c, q)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			if want := "primary key groups (" + tc.grouped + ")"; strings.Contains(plan, want) != (tc.grouped != "") {
				t.Fatalf("%s: search within %q %v, want %v:\n%s", q, tc.grouped, tc.grouped == "", tc.grouped != "", plan)
			}
			got := queryStrings(t, c, q)
			want := brute(k, tc.match)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: %d rows, brute force %d", q, len(got), len(want))
			}
		}
	}
}

// TestNearDuplicatesTextKeys: through a simsql index, with a VARCHAR
// primary key whose values share long prefixes and differ in length, the
// pairs come in primary-key order (left_id before right_id, rows sorted),
// TestSelfJoinBlocks holds the all-pairs search under a merge join: the
// per-shard query of docs/scaling.md's block table, (bkey, id) keyed and
// joined on bkey, which go-mysql-server plans as a merge join over two
// full scans of the primary key. It becomes SelfJoinPairs within the runs
// of equal bkey (with or without the simhash index on fp, which it does
// not read) and gives brute force's pairs, each once.
func TestSelfJoinBlocks(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	fps := plantedFingerprints(r, 300, 5)
	c := newEngineConn(t)
	var rows []string
	for i, fp := range fps {
		for j := range 4 {
			rows = append(rows, fmt.Sprintf("(%d, %d, %d)", j<<16|int(fp>>(48-16*j)&0xFFFF), i, fp))
		}
	}
	for _, q := range []string{
		"CREATE TABLE blocks (bkey BIGINT, id BIGINT, fp BIGINT UNSIGNED, PRIMARY KEY (bkey, id), KEY fp_k3 (fp) COMMENT 'simhash k=3')",
		"INSERT INTO blocks VALUES " + strings.Join(rows, ","),
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	var want []string
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if bits.OnesCount64(fps[i]^fps[j]) <= 3 {
				want = append(want, fmt.Sprintf("%d,%d", i, j))
			}
		}
	}
	const query = `SELECT a.id, b.id FROM blocks a%s JOIN blocks b ON a.bkey = b.bkey
WHERE a.id < b.id AND hamming(a.fp, b.fp) <= 3
  AND a.bkey >> 16 = CASE WHEN (a.fp ^ b.fp) >> 48 = 0 THEN 0 WHEN (a.fp ^ b.fp) >> 32 & 65535 = 0 THEN 1
                          WHEN (a.fp ^ b.fp) >> 16 & 65535 = 0 THEN 2 ELSE 3 END`
	for _, hint := range []string{"", " IGNORE INDEX (fp_k3)"} {
		q := fmt.Sprintf(query, hint)
		if plan, err := explainPlan(c, q); err != nil || !strings.Contains(plan, "primary key groups (bkey)") {
			t.Fatalf("%s: no search within primary key groups (%v):\n%s", q, err, plan)
		}
		got := queryStrings(t, c, q)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			t.Fatalf("%s: %d pairs, brute force %d", q, len(got), len(want))
		}
	}
}

// as brute force over the sorted ids gives them.
func TestNearDuplicatesTextKeys(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	fps := plantedFingerprints(r, 200, 3)
	c := newEngineConn(t)
	ids := make([]string, len(fps))
	var vals []string
	for i := range fps {
		ids[i] = fmt.Sprintf("documentnumber%d", i*7919%1000) // 14 shared bytes, 1 to 3 digits
		vals = append(vals, fmt.Sprintf("('%s', %d)", ids[i], fps[i]))
	}
	for _, q := range []string{
		"CREATE TABLE tk (id VARCHAR(40) PRIMARY KEY, fp BIGINT UNSIGNED)",
		"INSERT INTO tk VALUES " + strings.Join(vals, ","),
		"CREATE INDEX tk_k3 ON tk (fp) COMMENT 'simhash k=3'",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	type row struct {
		l, r string
		d    int
	}
	var want []row
	for i := range fps {
		for j := i + 1; j < len(fps); j++ {
			if d := bits.OnesCount64(fps[i] ^ fps[j]); d <= 3 {
				want = append(want, row{min(ids[i], ids[j]), max(ids[i], ids[j]), d})
			}
		}
	}
	slices.SortFunc(want, func(a, b row) int { return cmp.Or(strings.Compare(a.l, b.l), strings.Compare(a.r, b.r)) })
	var wantRows []string
	for _, w := range want {
		wantRows = append(wantRows, fmt.Sprintf("%s,%s,%d", w.l, w.r, w.d))
	}
	checkIndexes(t, c, "SELECT * FROM near_duplicates('tk', 'fp', 3)", []string{"simhash index tk_k3"})
	rows, err := c.query("SELECT left_id, right_id, distance FROM near_duplicates('tk', 'fp', 3)")
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, row := range rows {
		got = append(got, *row[0]+","+*row[1]+","+*row[2])
	}
	if !slices.Equal(got, wantRows) {
		t.Fatalf("near_duplicates gave %d rows, brute force %d:\n%v\nwant\n%v", len(got), len(wantRows), got, wantRows)
	}
}
