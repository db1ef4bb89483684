package sqltests

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
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
		query, want string // want: the plan's lookup, "" for a scan
	}{
		{"SELECT id FROM d WHERE hamming(fp, 0) <= 3", "hamming(fp, 0) <= 3 (simhash index fp_k3)"},
		{"SELECT id FROM d WHERE hamming(fp, 0) < 3", "hamming(fp, 0) <= 2 (simhash index fp_k3)"},
		{"SELECT id FROM d WHERE 3 >= hamming(simhash('x'), fp)", "(simhash index fp_k3)"},
		{"SELECT id FROM d WHERE hamming(fp, 0) BETWEEN 0 AND 1 AND id > 0", "hamming(fp, 0) <= 1 (simhash index fp_k3)"},
		{"SELECT id FROM d x WHERE hamming(x.fp, 5) <= 2", "(simhash index fp_k3)"},
		{"SELECT id FROM d WHERE hamming(fp, 0) <= 5", ""},          // k=5 needs an index with k ≥ 5
		{"SELECT id FROM d WHERE hamming(fp, id) <= 3", ""},         // not constant
		{"SELECT id FROM d WHERE hamming(fp, 0) >= 3", ""},          // not a near-duplicate query
		{"SELECT id FROM d WHERE hamming(fp, 0) <= 3 OR n = 1", ""}, // a disjunction
	} {
		rows, err := c.query("EXPLAIN PLAN " + tc.query)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		var plan strings.Builder
		for _, r := range rows {
			plan.WriteString(*r[0] + "\n")
		}
		got := plan.String()
		switch {
		case tc.want == "" && strings.Contains(got, "simhash index"):
			t.Errorf("%s: uses the simhash index, want a scan:\n%s", tc.query, got)
		case tc.want != "" && !strings.Contains(got, tc.want):
			t.Errorf("%s: want %q in the plan:\n%s", tc.query, tc.want, got)
		}
	}
}

// TestSimHashIndexExact is the property test: random fingerprints (as
// BIGINT UNSIGNED and as signed BIGINT) plus neighbours planted at every
// distance 0..k+2; for k from 0 to 6, every point query through the index
// returns exactly the rows brute force finds.
func TestSimHashIndexExact(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	var fps []uint64
	for range 150 {
		fps = append(fps, r.Uint64())
	}
	for i := 0; i < 150; i += 5 {
		for d := 0; d <= 8; d++ {
			fp := fps[i]
			for _, b := range r.Perm(64)[:d] {
				fp ^= 1 << b
			}
			fps = append(fps, fp)
		}
	}
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
// planted neighbours, signed, for k from 0 to 6.
func TestNearDuplicatesExact(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	var fps []uint64
	for range 300 {
		fps = append(fps, r.Uint64())
	}
	for i := 0; i < 300; i += 4 {
		for d := 0; d <= 8; d++ {
			fp := fps[i]
			for _, b := range r.Perm(64)[:d] {
				fp ^= 1 << b
			}
			fps = append(fps, fp)
		}
	}
	c := newEngineConn(t)
	var vals []string
	for i, fp := range fps {
		vals = append(vals, fmt.Sprintf("(%d, %d)", i, int64(fp)))
	}
	for _, q := range []string{"CREATE TABLE s (id INT PRIMARY KEY, fp BIGINT)", "INSERT INTO s VALUES " + strings.Join(vals, ",")} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for k := 0; k <= 6; k++ {
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
		rows, err = c.query(fmt.Sprintf("SELECT id, group_id FROM near_duplicate_groups('s', 'fp', %d)", k))
		if err != nil {
			t.Fatal(err)
		}
		size := map[int]int{}
		for i := range fps {
			size[find(i)]++
		}
		var wantGroups []string
		for i := range fps {
			if size[find(i)] > 1 {
				wantGroups = append(wantGroups, fmt.Sprintf("%d,%d", i, find(i)))
			}
		}
		var gotGroups []string
		for _, row := range rows {
			gotGroups = append(gotGroups, *row[0]+","+*row[1])
		}
		if !slices.Equal(gotGroups, wantGroups) {
			t.Fatalf("k=%d: near_duplicate_groups gave %d rows, brute force %d", k, len(gotGroups), len(wantGroups))
		}
	}
}

// TestSimHashIndexJoin checks that a self-join on hamming(a.fp, b.fp) <= k
// reads through the simhash index (a lookup join) and returns exactly the
// pairs brute force finds, for k from 0 to 3 with a k=3 index.
func TestSimHashIndexJoin(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	var fps []uint64
	for range 200 {
		fps = append(fps, r.Uint64())
	}
	for i := 0; i < 200; i += 3 {
		for d := 0; d <= 5; d++ {
			fp := fps[i]
			for _, b := range r.Perm(64)[:d] {
				fp ^= 1 << b
			}
			fps = append(fps, fp)
		}
	}
	c := newEngineConn(t)
	var vals []string
	for i, fp := range fps {
		vals = append(vals, fmt.Sprintf("(%d, %d)", i, fp))
	}
	for _, q := range []string{
		"CREATE TABLE j (id INT PRIMARY KEY, fp BIGINT UNSIGNED, KEY fp_k3 (fp) COMMENT 'simhash k=3')",
		"INSERT INTO j VALUES " + strings.Join(vals, ","),
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	rows, err := c.query("EXPLAIN PLAN SELECT a.id, b.id FROM j a JOIN j b ON hamming(a.fp, b.fp) <= 3 AND a.id < b.id")
	if err != nil {
		t.Fatal(err)
	}
	var plan strings.Builder
	for _, row := range rows {
		plan.WriteString(*row[0] + "\n")
	}
	if !strings.Contains(plan.String(), "LookupJoin") || !strings.Contains(plan.String(), "IndexedTableAccess(j)") {
		t.Errorf("the join does not use the simhash index:\n%s", plan.String())
	}
	for k := 0; k <= 3; k++ {
		var want []string
		for i := range fps {
			for j := i + 1; j < len(fps); j++ {
				if bits.OnesCount64(fps[i]^fps[j]) <= k {
					want = append(want, fmt.Sprintf("%d,%d", i, j))
				}
			}
		}
		rows, err := c.query(fmt.Sprintf("SELECT a.id, b.id FROM j a JOIN j b ON hamming(a.fp, b.fp) <= %d AND a.id < b.id ORDER BY a.id, b.id", k))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, row := range rows {
			got = append(got, *row[0]+","+*row[1])
		}
		if !slices.Equal(got, want) {
			t.Errorf("k=%d: the join gave %d pairs, brute force %d", k, len(got), len(want))
		}
	}
}
