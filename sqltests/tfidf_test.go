package sqltests

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/simsql/simsql/textsim"
)

func TestTFIDFScripts(t *testing.T) {
	runScripts(t, TFIDFScripts)
}

// tfidfVocab is the vocabulary of the random documents: English words, a
// stop word, and Chinese words the segmenter keeps whole.
var tfidfVocab = []string{"cat", "dog", "bird", "fish", "the", "red", "green", "blue", "apple", "pear",
	"plum", "river", "stone", "cloud", "rain", "snow", "wind", "fire", "天气", "郊游", "明天", "朋友"}

func randomDoc(rng *rand.Rand) any {
	if rng.IntN(8) == 0 {
		return nil
	}
	n := rng.IntN(7) // 0: a document without tokens
	words := make([]string, n)
	for i := range words {
		words[i] = tfidfVocab[rng.IntN(len(tfidfVocab))]
	}
	return strings.Join(words, " ")
}

func sqlText(v any) string {
	if v == nil {
		return "NULL"
	}
	return "'" + v.(string) + "'"
}

// recountDF counts N and df from scratch over the bodies.
func recountDF(bodies []any) textsim.DocFreqMap {
	df := textsim.DocFreqMap{Terms: map[string]int64{}}
	for _, b := range bodies {
		if b == nil {
			continue
		}
		df.N++
		terms, _ := textsim.Default().OrderedTermCounts(b.(string))
		for _, t := range terms {
			df.Terms[t]++
		}
	}
	return df
}

// TestTFIDFMatchesRecount applies random inserts, updates, deletes and
// REPLACEs, some in transactions rolled back (whole or to a savepoint),
// and after each round recounts the document frequencies from scratch
// over the table's rows: cosine_tfidf, tfidf and keywords over
// 'docs.body' must equal textsim's computation over the recount exactly.
func TestTFIDFMatchesRecount(t *testing.T) {
	c := newEngineConn(t)
	mustQuery := func(q string) [][]Cell {
		t.Helper()
		rows, err := c.query(q)
		if err != nil {
			t.Fatalf("%s: %v", q, err)
		}
		return rows
	}
	mustQuery("CREATE TABLE docs (id INT PRIMARY KEY, body TEXT)")
	rng := rand.New(rand.NewPCG(15, 1))
	ids := []int{}
	nextID := 1
	stmt := func() string {
		switch op := rng.IntN(10); {
		case op < 4 || len(ids) == 0:
			id := nextID
			nextID++
			ids = append(ids, id)
			return fmt.Sprintf("INSERT INTO docs VALUES (%d, %s), (%d, %s)", id, sqlText(randomDoc(rng)), -id, sqlText(randomDoc(rng)))
		case op < 7:
			return fmt.Sprintf("UPDATE docs SET body = %s WHERE id = %d", sqlText(randomDoc(rng)), ids[rng.IntN(len(ids))])
		case op < 8:
			return fmt.Sprintf("REPLACE INTO docs VALUES (%d, %s)", ids[rng.IntN(len(ids))], sqlText(randomDoc(rng)))
		default:
			return fmt.Sprintf("DELETE FROM docs WHERE id = %d OR id = %d", ids[rng.IntN(len(ids))], -ids[rng.IntN(len(ids))])
		}
	}
	for round := range 12 {
		for range 15 {
			switch rng.IntN(5) {
			case 0: // rolled back
				mustQuery("BEGIN")
				mustQuery(stmt())
				mustQuery(stmt())
				mustQuery("ROLLBACK")
			case 1: // a savepoint rolled back, the rest committed
				mustQuery("BEGIN")
				mustQuery(stmt())
				mustQuery("SAVEPOINT s")
				mustQuery(stmt())
				mustQuery("ROLLBACK TO SAVEPOINT s")
				mustQuery(stmt())
				mustQuery("COMMIT")
			default:
				mustQuery(stmt())
			}
		}
		if round == 3 {
			mustQuery("CREATE INDEX body_tfidf ON docs (body) COMMENT 'tfidf'") // built in bulk from the rows there are
		}
		if round < 3 {
			continue
		}
		var bodies []any
		for _, r := range mustQuery("SELECT body FROM docs") {
			if r[0] == nil {
				bodies = append(bodies, nil)
			} else {
				bodies = append(bodies, *r[0])
			}
		}
		df := recountDF(bodies)
		for range 10 {
			a, b := randomDoc(rng), randomDoc(rng)
			if a == nil || b == nil {
				continue
			}
			checkTFIDF(t, mustQuery, df, a.(string), b.(string))
		}
	}
}

// checkTFIDF compares the three functions over docs.body with textsim
// over the document frequencies df.
func checkTFIDF(t *testing.T, query func(string) [][]Cell, df textsim.DocFreqMap, a, b string) {
	t.Helper()
	an := textsim.Default()
	termsA, ca := an.OrderedTermCounts(a)
	_, cb := an.OrderedTermCounts(b)
	rows := query(fmt.Sprintf("SELECT cosine_tfidf('%s', '%s', 'docs.body'), tfidf('%s', 'docs.body'), keywords('%s', 3, 'docs.body')", a, b, a, a))
	wantCos, okCos := textsim.CosineTFIDFOver(ca, cb, df)
	switch got := rows[0][0]; {
	case !okCos && got != nil:
		t.Errorf("cosine_tfidf(%q, %q) = %s, want NULL (N = %d)", a, b, *got, df.N)
	case okCos && got == nil:
		t.Errorf("cosine_tfidf(%q, %q) = NULL, want %v", a, b, wantCos)
	case okCos:
		if g, err := strconv.ParseFloat(*got, 64); err != nil || g != wantCos {
			t.Errorf("cosine_tfidf(%q, %q) = %s, want %v exactly", a, b, *got, wantCos)
		}
	}
	wantW, okW := textsim.TFIDFWeights(ca, df)
	if df.N > 0 && !okW {
		wantW, okW = map[string]float64{}, true // no tokens: {}
	}
	if got := rows[0][1]; okW != (got != nil) {
		t.Errorf("tfidf(%q) = %v, want %v", a, got, wantW)
	} else if got != nil {
		var m map[string]float64
		if err := json.Unmarshal([]byte(*got), &m); err != nil || len(m) != len(wantW) {
			t.Errorf("tfidf(%q) = %s, want %v (%v)", a, *got, wantW, err)
		}
		for term, w := range wantW {
			if m[term] != w {
				t.Errorf("tfidf(%q)[%q] = %v, want %v exactly", a, term, m[term], w)
			}
		}
	}
	var wantK []string
	for _, k := range textsim.TopKeywords(termsA, wantW, 3) {
		wantK = append(wantK, k.Term)
	}
	var gotK []string
	if err := json.Unmarshal([]byte(*rows[0][2]), &gotK); err != nil || !slices.Equal(gotK, wantK) {
		t.Errorf("keywords(%q, 3) = %s, want %q", a, *rows[0][2], wantK)
	}
}

// TestTFIDFGolden pins exact values over a small collection, worked by
// hand: N = 4, df: the 4, cat 2, sat 2, dog 1, mat 1, ran 1.
func TestTFIDFGolden(t *testing.T) {
	c := newEngineConn(t)
	for _, q := range []string{
		"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')",
		"INSERT INTO docs VALUES (1, 'the cat sat'), (2, 'the dog sat'), (3, 'the cat ran'), (4, 'The mat.'), (5, NULL)",
	} {
		if _, err := c.query(q); err != nil {
			t.Fatal(err)
		}
	}
	for _, tc := range []struct {
		why, query, want string
	}{
		{"tf 1 each: ln(4/2)", "tfidf('cat sat', 'docs.body')", `{"cat": 0.6931471805599453, "sat": 0.6931471805599453}`},
		{"cat f 2 of 2: ln 2; dog f 1 of 2: ½ ln 4 = ln 2", "tfidf('cat cat dog', 'docs.body')", `{"cat": 0.6931471805599453, "dog": 0.6931471805599453}`},
		{"in every document: 0; unseen: ln 4", "tfidf('the zebra', 'docs.body')", `{"the": 0, "zebra": 1.3862943611198906}`},
		{"{cat ln 2} · {cat ln 2, dog ln 4} / (ln 2 · √(ln²2 + ln²4)) = 1/√5 (0.4472135954999579), 1 ulp below", "cosine_tfidf('the cat', 'cat dog', 'docs.body')", "0.44721359549995787"},
		{"identical: exactly 1", "cosine_tfidf('cat dog', 'dog cat', 'docs.body')", "1"},
		{"dog, mat, ran ln 4 (by first occurrence), then cat ln 2; the 0", "keywords('the cat ran mat dog', 10, 'docs.body')", `["ran", "mat", "dog", "cat"]`},
	} {
		rows, err := c.query("SELECT " + tc.query)
		if err != nil {
			t.Fatalf("%s: %v", tc.query, err)
		}
		if got := *rows[0][0]; got != tc.want {
			t.Errorf("%s (%s) = %s, want %s", tc.query, tc.why, got, tc.want)
		}
	}
}

// TestTFIDFConcurrentWriters: two connections insert into one table with
// tfidf statistics at once, in autocommitted and multi-statement
// transactions, every document holding the term "shared" and terms of its
// own writer: neither waits for the other's counters (no deadlock, no lock
// wait timeout) and no count is lost: the weights equal a recount's.
func TestTFIDFConcurrentWriters(t *testing.T) {
	db := StartServer(t).DB(t)
	if _, err := db.Exec("CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')"); err != nil {
		t.Fatal(err)
	}
	const perWriter = 60
	var wg sync.WaitGroup
	errs := make(chan error, 2)
	for w := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx := context.Background()
			conn, err := db.Conn(ctx)
			if err != nil {
				errs <- err
				return
			}
			defer conn.Close()
			for i := range perWriter {
				id := w*1000 + i
				body := fmt.Sprintf("shared w%d word%d new%d", w, i%7, i) // word0…6 and newN: terms both writers create
				q := fmt.Sprintf("INSERT INTO docs VALUES (%d, '%s')", id, body)
				if i%3 == 0 {
					q = fmt.Sprintf("BEGIN; INSERT INTO docs VALUES (%d, '%s'); INSERT INTO docs VALUES (%d, 'shared again w%d'); COMMIT", id, body, id+500, w)
				}
				for _, s := range strings.Split(q, "; ") {
					if _, err := conn.ExecContext(ctx, s); err != nil {
						errs <- fmt.Errorf("writer %d: %s: %w", w, s, err)
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	var bodies []any
	rows, err := db.Query("SELECT body FROM docs")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var b string
		if err := rows.Scan(&b); err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, b)
	}
	df := recountDF(bodies)
	if want := int64(2 * (perWriter + perWriter/3)); df.N != want {
		t.Fatalf("%d rows, want %d", df.N, want)
	}
	terms := []string{"shared", "again", "w0", "w1"}
	for i := range 7 {
		terms = append(terms, fmt.Sprintf("word%d", i))
	}
	for i := range perWriter {
		terms = append(terms, fmt.Sprintf("new%d", i))
	}
	var got string
	if err := db.QueryRow("SELECT tfidf(?, 'docs.body')", strings.Join(terms, " ")).Scan(&got); err != nil {
		t.Fatal(err)
	}
	var m map[string]float64
	if err := json.Unmarshal([]byte(got), &m); err != nil {
		t.Fatal(err)
	}
	counts := map[string]int64{}
	for _, term := range terms {
		counts[term] = 1
	}
	want, _ := textsim.TFIDFWeights(counts, df)
	for _, term := range terms {
		if m[term] != want[term] {
			t.Errorf("%s: weight %v, want %v (df %d of %d by recount)", term, m[term], want[term], df.Terms[term], df.N)
		}
	}
}

// TestTFIDFLoadData: LOAD DATA counts its rows into the statistics, as
// INSERT does (in-engine and over the wire).
func TestTFIDFLoadData(t *testing.T) {
	script := func(dir string) ScriptTest {
		file := filepath.Join(dir, "docs.tsv")
		if err := os.WriteFile(file, []byte("1\tthe cat sat\n2\tthe dog sat\n3\t\\N\n4\tthe cat ran\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return ScriptTest{
			Name:        "LOAD DATA",
			SetUpScript: []string{"CREATE TABLE docs (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')"},
			Assertions: []Assertion{
				{Query: "LOAD DATA INFILE '" + file + "' INTO TABLE docs", Expected: nil},
				// N = 3; the in 3, cat in 2, dog in 1.
				{Query: "SELECT JSON_EXTRACT(tfidf('the cat dog', 'docs.body'), '$.the'), JSON_EXTRACT(tfidf('the cat dog', 'docs.body'), '$.cat'), JSON_EXTRACT(tfidf('the cat dog', 'docs.body'), '$.dog')",
					Expected: []Row{{0.0, math.Log(1.5), math.Log(3)}}},
			},
		}
	}
	t.Run("engine", func(t *testing.T) { runScript(t, newEngineConn(t), script(t.TempDir())) })
	t.Run("wire", func(t *testing.T) {
		srv := StartServer(t)
		runScript(t, newScriptConn(t, srv, "tfidf_load"), script(filepath.Join(srv.DataDir(), "files")))
	})
}

// TestTFIDFCrash kills the server (SIGKILL) while a client inserts rows
// into a table with tfidf statistics, restarts it, and checks the stored
// counts against the rows that survived: N equals the number of rows (a
// term in no row weighs ln N) and the term every row holds is in all of
// them (weight 0): the counters commit with their rows or not at all.
func TestTFIDFCrash(t *testing.T) {
	if testing.Short() {
		t.Skip("starts the server three times")
	}
	dir := t.TempDir()
	srv := StartServer(t, "--data-dir", dir)
	mustExec(t, srv.DB(t), crashTable)
	mustExec(t, srv.DB(t), "ALTER TABLE crash ADD INDEX payload_df (payload) COMMENT 'tfidf'")
	next := int64(1)
	for run := range 2 {
		w := startCrashWriter(t, srv, next)
		select {
		case <-w.firstAck:
		case <-w.done:
			t.Fatalf("run %d: the first insert failed: %v", run, w.err)
		case <-time.After(10 * time.Second):
			t.Fatalf("run %d: no insert acknowledged in 10 s", run)
		}
		probe := srv.DB(t)
		for deadline := time.Now().Add(30 * time.Second); ; {
			var rows int64
			if err := probe.QueryRow("SELECT COUNT(*) FROM crash").Scan(&rows); err != nil {
				t.Fatal(err)
			}
			if rows >= next+20 {
				break // 20 rows of this run are committed
			}
			if time.Now().After(deadline) {
				t.Fatalf("run %d: %d rows after 30 s", run, rows)
			}
			time.Sleep(5 * time.Millisecond)
		}
		probe.Close()
		srv.Kill(t)
		select {
		case <-w.done:
		case <-time.After(10 * time.Second):
			t.Fatalf("run %d: an insert still had no answer 10 s after the kill", run)
		}
		srv = StartServer(t, "--data-dir", dir)
		db := srv.DB(t)
		var n int64
		if err := db.QueryRow("SELECT COUNT(*) FROM crash").Scan(&n); err != nil {
			t.Fatal(err)
		}
		var got string
		if err := db.QueryRow("SELECT tfidf('row zzunseen', 'crash.payload')").Scan(&got); err != nil {
			t.Fatal(err)
		}
		var m map[string]float64
		if err := json.Unmarshal([]byte(got), &m); err != nil {
			t.Fatal(err)
		}
		if m["row"] != 0 || m["zzunseen"] != math.Log(float64(n)) {
			t.Fatalf("run %d: tfidf = %s over %d rows: want row 0 and zzunseen ln %d = %v", run, got, n, n, math.Log(float64(n)))
		}
		t.Logf("run %d: %d rows after the crash, statistics agree", run, n)
		next = w.inFlight + 1
	}
}
