package sqltests

import (
	"context"
	dbsql "database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/go-sql-driver/mysql"

	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/textsim"
)

// badText is one class of bad or unusual input: the SQL expression that
// gives it, the text a function reads from it, and what the analyzer
// makes of it.
type badText struct {
	class  string
	sql    string // SQL expression
	text   string // the text the functions read; ignored when null
	null   bool
	tokens string // tokenize(sql), pinned
	// hamming(sql, 0): a distance, or the exact error message (1411).
	hamming0 any
}

// notFingerprint are the classes that are neither integers nor strings,
// so that hamming(x, x) is error 1411 too.
var notFingerprint = map[string]bool{"JSON": true, "DECIMAL": true}

var badTexts = []badText{
	{"NULL", "NULL", "", true, "", nil},
	{"empty", "''", "", false, "[]", "Incorrect fingerprint value for hamming: "},
	{"whitespace only", `' \t\n  '`, " \t\n  ", false, "[]", "Incorrect fingerprint value for hamming:  \t\n  "},
	{"punctuation only", `'!!! ... ?,;'`, "!!! ... ?,;", false, "[]", "Incorrect fingerprint value for hamming: !!! ... ?,;"},
	{"invalid UTF-8 (X'')", "X'61FF62C3'", "a\xffb\xc3", false, `["a", "b"]`, 18}, // beside a number, a hexadecimal literal is its number
	{"invalid UTF-8 (UNHEX)", "UNHEX('C0AF776F7264')", "\xc0\xafword", false, `["word"]`, "Incorrect fingerprint value for hamming: 0xC0AF776F7264"},
	{"control characters", "X'6100620763097F64'", "a\x00b\x07c\td\x7f", false, `["a", "b", "c", "d"]`, 25},
	{"zero-width space and joiner", "CONVERT(CONCAT('foo', X'E2808B', 'bar', X'E2808D', 'baz') USING utf8mb4)", "foo\u200bbar\u200dbaz", false, `["foo", "barbaz"]`, "Incorrect fingerprint value for hamming: foo\u200bbar\u200dbaz"},
	{"combining marks", "CONVERT(CONCAT('cafe', X'CC81', ' ', X'CC81', 'x') USING utf8mb4)", "cafe\u0301 \u0301x", false, `["café", "x"]`, "Incorrect fingerprint value for hamming: cafe\u0301 \u0301x"},
	{"mixed scripts", "'Hello世界Привет123 ﾃｽﾄ'", "Hello世界Привет123 ﾃｽﾄ", false, `["hello", "世界", "привет123", "テスト"]`, "Incorrect fingerprint value for hamming: Hello世界Привет123 ﾃｽﾄ"},
	{"emoji only", "'👍🏽 👨\u200d👩\u200d👧 🇫🇷'", "👍🏽 👨\u200d👩\u200d👧 🇫🇷", false, "[]", "Incorrect fingerprint value for hamming: 👍🏽 👨\u200d👩\u200d👧 🇫🇷"},
	{"emoji between words", "'good👍job'", "good👍job", false, `["good", "job"]`, "Incorrect fingerprint value for hamming: good👍job"},
	// Wrong types: each is read as MySQL converts it to text.
	{"JSON", "JSON_OBJECT('k', 'a b')", `{"k": "a b"}`, false, `["k", "a", "b"]`, `Incorrect fingerprint value for hamming: {"k": "a b"}`},
	{"DATE", "CAST('2024-01-02' AS DATE)", "2024-01-02", false, `["2024", "01", "02"]`, "Incorrect fingerprint value for hamming: 2024-01-02"},
	{"DATETIME", "CAST('2024-01-02 03:04:05' AS DATETIME)", "2024-01-02 03:04:05", false, `["2024", "01", "02", "03", "04", "05"]`, "Incorrect fingerprint value for hamming: 2024-01-02 03:04:05"},
	{"BLOB", "X'00FF'", "\x00\xff", false, "[]", 8},
	{"DECIMAL", "1.5", "1.5", false, `["1.5"]`, "Incorrect fingerprint value for hamming: 1.5"},
	{"negative integer", "-7", "-7", false, `["7"]`, 62},
}

// wireErr is an expected MySQL error: number and exact message.
type wireErr struct {
	num int
	msg string
}

// TestBadInputEveryFunction calls every registered function over the wire
// on every class of badTexts and checks the exact value (pinned for
// tokenize and hamming, equal to textsim in-process for the rest) or the
// exact MySQL error number and message.
func TestBadInputEveryFunction(t *testing.T) {
	db := StartServer(t).DB(t)
	a := textsim.Default()
	def, err := textsim.NewMinHasher(textsim.DefaultNumPerm, textsim.DefaultSeed)
	if err != nil {
		t.Fatal(err)
	}
	small, err := textsim.NewMinHasher(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	smallBottom, err := textsim.NewBottomKHasher(4, 1)
	if err != nil {
		t.Fatal(err)
	}
	other := a.Tokens("a b")
	covered := map[string]bool{}
	// A column with tfidf statistics for the column forms.
	mustExec(t, db, "CREATE TABLE bad_docs (id INT PRIMARY KEY, body TEXT, KEY df (body) COMMENT 'tfidf')")
	corpus := []any{"a b c", "b c", "the a", "今天天气"}
	mustExec(t, db, "INSERT INTO bad_docs VALUES (1, 'a b c'), (2, 'b c'), (3, 'the a'), (4, '今天天气')")
	df := recountDF(corpus)
	_, otherCounts := a.OrderedTermCounts("a b")
	for _, bt := range badTexts {
		tok := a.Tokens(bt.text)
		distinct, counts := a.OrderedTermCounts(bt.text)
		var nTerms any = int64(len(distinct))
		if bt.null {
			nTerms = nil
		}
		colCos, colOK := textsim.CosineTFIDFOver(counts, otherCounts, df)
		num := func(v float64, ok bool) any {
			if !ok || bt.null {
				return nil
			}
			return v
		}
		fp := func(v uint64, ok bool) any {
			if !ok || bt.null {
				return nil
			}
			return strconv.FormatUint(v, 10)
		}
		sig, _ := small.Sum(tok).MarshalBinary()
		bottom, _ := smallBottom.Sum(tok).MarshalBinary()
		var hexBottom any = strings.ToUpper(hex.EncodeToString(bottom))
		var terms []string
		for _, k := range a.Keywords(bt.text, 3) {
			terms = append(terms, `"`+k.Term+`"`)
		}
		var keywords any = "[" + strings.Join(terms, ", ") + "]"
		if bt.null {
			hexBottom, keywords = nil, nil
		}
		minJ, _ := textsim.EstimateJaccard(def.Sum(tok), def.Sum(other))
		cos, cosOK := textsim.Cosine(tok, other)
		ng, ngOK, _ := a.SimHashNgram(bt.text, 3)
		var tokens, self, hexSig any = bt.tokens, 0, strings.ToUpper(hex.EncodeToString(sig))
		if bt.null {
			tokens, self, hexSig = nil, nil, nil
		}
		if notFingerprint[bt.class] {
			self = bt.hamming0
		}
		if want := jsonStrings(tok); !bt.null && !sameValue(bt.tokens, want) {
			t.Errorf("%s: pinned tokens %s, textsim says %s", bt.class, bt.tokens, want)
		}
		for _, c := range []struct {
			fn, call string
			want     any
		}{
			{"tokenize", "tokenize(%s)", tokens},
			{"simhash", "simhash(%s)", fp(a.SimHash(bt.text))},
			{"simhash", "simhash(%s, 'v2')", fp(a.SimHashWith(bt.text, textsim.Version2))},
			{"simhash", "simhash(%s, 'bits=32 top=20 features=char2 weight=binary')", fp(a.SimHashWith(bt.text, textsim.SimHashOptions{Bits: 32, Top: 20, Ngram: 2, Weight: textsim.WeightBinary}))},
			{"keywords", "keywords(%s, 3)", keywords},
			{"simhash_ngram", "simhash_ngram(%s, 3)", fp(ng, ngOK)},
			{"minhash", "HEX(minhash(%s, 4, 1))", hexSig},
			{"minhash", "HEX(minhash(%s, 4, 1, 'bottom-k'))", hexBottom},
			{"minhash_jaccard", "minhash_jaccard(%s, 'a b')", num(minJ, true)},
			{"jaccard", "jaccard(%s, 'a b')", num(textsim.Jaccard(tok, other), true)},
			{"tanimoto", "tanimoto(%s, 'a b')", num(textsim.Tanimoto(tok, other), true)},
			{"cosine", "cosine(%s, 'a b')", num(cos, cosOK)},
			{"cosine_tfidf", "cosine_tfidf(%s, 'a b')", num(a.CosineTFIDF(bt.text, "a b"))},
			{"cosine_tfidf", "cosine_tfidf(%s, 'a b', 'bad_docs.body')", num(colCos, colOK)},
			{"tfidf", "JSON_LENGTH(tfidf(%s, 'bad_docs.body'))", nTerms},
			{"hamming", "hamming(%s, %[1]s)", self},
			{"hamming", "hamming(%s, 0)", bt.hamming0},
		} {
			covered[c.fn] = true
			q := "SELECT " + fmt.Sprintf(c.call, bt.sql)
			if msg, isErr := c.want.(string); isErr && strings.HasPrefix(msg, "Incorrect fingerprint") {
				expectWireErr(t, db, q, wireErr{1411, msg})
				continue
			}
			checkOneValue(t, db, bt.class, q, c.want)
		}
	}
	for _, fn := range functions.All() {
		if !covered[fn.FunctionName()] {
			t.Errorf("%s: not called on the bad inputs", fn.FunctionName())
		}
	}
}

// checkOneValue runs q (one row, one column) and compares the value.
func checkOneValue(t *testing.T, db *dbsql.DB, class, q string, want any) {
	t.Helper()
	var got dbsql.NullString
	if err := db.QueryRow(q).Scan(&got); err != nil {
		t.Errorf("%s: %s: %v", class, q, err)
		return
	}
	var cell Cell
	if got.Valid {
		cell = &got.String
	}
	if msg := compareValue(want, cell); msg != "" {
		t.Errorf("%s: %s: %s", class, q, msg)
	}
}

// expectWireErr runs q and checks it fails with exactly want.
func expectWireErr(t *testing.T, db *dbsql.DB, q string, want wireErr) {
	t.Helper()
	var v dbsql.NullString
	err := db.QueryRow(q).Scan(&v)
	var me *mysql.MySQLError
	if !errors.As(err, &me) || int(me.Number) != want.num || me.Message != want.msg {
		t.Errorf("%s: got %v (value %q); want error %d %q", q, err, v.String, want.num, want.msg)
	}
}

// TestBadArgumentsEveryFunction checks the exact MySQL error of wrong
// argument counts for every function and of out-of-range parameters.
func TestBadArgumentsEveryFunction(t *testing.T) {
	db := StartServer(t).DB(t)
	arity := map[string][2]int{
		"cosine": {2, 2}, "cosine_tfidf": {2, 3}, "hamming": {2, 2}, "jaccard": {2, 2}, "keywords": {2, 3}, "minhash": {1, 4},
		"minhash_jaccard": {2, 2}, "simhash": {1, 2}, "simhash_ngram": {2, 2}, "tanimoto": {2, 2}, "tfidf": {2, 2}, "tokenize": {1, 1},
	}
	for _, fn := range functions.All() {
		name := fn.FunctionName()
		r, ok := arity[name]
		if !ok {
			t.Errorf("%s: no expected argument count", name)
			continue
		}
		want := strconv.Itoa(r[0])
		if r[1] > r[0] {
			want = fmt.Sprintf("%d to %d", r[0], r[1])
		}
		for _, n := range []int{0, r[0] - 1, r[1] + 1} {
			if n < 0 || (n == r[0]-1 && n == 0) {
				continue
			}
			args := strings.TrimSuffix(strings.Repeat("'a', ", n), ", ")
			expectWireErr(t, db, fmt.Sprintf("SELECT %s(%s)", name, args),
				wireErr{1582, fmt.Sprintf("function '%s' expected %s arguments, %d received", name, want, n)})
		}
	}
	const sig2 = "minhash('a b', 2)"
	if _, err := db.Exec("CREATE TABLE bad_tfidf (id INT PRIMARY KEY, body TEXT)"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		q    string
		want wireErr
	}{
		{"SELECT minhash('a', 0)", wireErr{1210, "Incorrect arguments to minhash: num_perm must be an integer from 1 to 4096, got 0"}},
		{"SELECT minhash('a', -1)", wireErr{1210, "Incorrect arguments to minhash: num_perm must be an integer from 1 to 4096, got -1"}},
		{"SELECT minhash('a', 4097)", wireErr{1210, "Incorrect arguments to minhash: num_perm must be an integer from 1 to 4096, got 4097"}},
		{"SELECT minhash('a', 99999999999999999999999)", wireErr{1210, "Incorrect arguments to minhash: num_perm must be an integer from 1 to 4096, got 99999999999999999999999"}},
		{"SELECT minhash('a', 2.5)", wireErr{1210, "Incorrect arguments to minhash: num_perm must be an integer from 1 to 4096, got 2.5"}},
		{"SELECT minhash('a', 'many')", wireErr{1210, "Incorrect arguments to minhash: num_perm must be an integer from 1 to 4096, got many"}},
		{"SELECT minhash('a', 2, -1)", wireErr{1210, "Incorrect arguments to minhash: seed must be an integer from 0 to 18446744073709551615, got -1"}},
		{"SELECT minhash('a', 2, 18446744073709551616)", wireErr{1210, "Incorrect arguments to minhash: seed must be an integer from 0 to 18446744073709551615, got 18446744073709551616"}},
		{"SELECT simhash_ngram('abc', 0)", wireErr{1210, "Incorrect arguments to simhash_ngram: n must be an integer from 1 to 64, got 0"}},
		{"SELECT simhash_ngram('abc', -1)", wireErr{1210, "Incorrect arguments to simhash_ngram: n must be an integer from 1 to 64, got -1"}},
		{"SELECT simhash_ngram('abc', 65)", wireErr{1210, "Incorrect arguments to simhash_ngram: n must be an integer from 1 to 64, got 65"}},
		{"SELECT simhash_ngram('abc', 2.5)", wireErr{1210, "Incorrect arguments to simhash_ngram: n must be an integer from 1 to 64, got 2.5"}},
		{"SELECT hamming(1.5, 0)", wireErr{1411, "Incorrect fingerprint value for hamming: 1.5"}},
		{"SELECT hamming(0, 'x')", wireErr{1411, "Incorrect fingerprint value for hamming: x"}},
		{"SELECT hamming(18446744073709551616, 0)", wireErr{1411, "Incorrect fingerprint value for hamming: 18446744073709551616"}},
		{"SELECT hamming(-9223372036854775809, 0)", wireErr{1411, "Incorrect fingerprint value for hamming: -9223372036854775809"}},
		{"SELECT hamming(X'FF', X'FFFF')", wireErr{1210, "Incorrect arguments to hamming: binary strings of 1 and 2 bytes; Hamming distance needs equal lengths"}},
		{"SELECT minhash_jaccard(" + sig2 + ", minhash('a b', 4))", wireErr{1210, "Incorrect arguments to minhash_jaccard: minhash signatures are incompatible: 2 permutations with seed 1 against 4 with seed 1"}},
		{"SELECT minhash_jaccard(" + sig2 + ", minhash('a b', 2, 5))", wireErr{1210, "Incorrect arguments to minhash_jaccard: minhash signatures are incompatible: 2 permutations with seed 1 against 2 with seed 5"}},
		{"SELECT minhash_jaccard(UNHEX(LEFT(HEX(" + sig2 + "), 40)), 'a')", wireErr{1210, "Incorrect arguments to minhash_jaccard: invalid minhash signature: 20 bytes for 2 permutations, want 30"}},
		{"SELECT minhash('a', 2, 1, 'top-k')", wireErr{1210, "Incorrect arguments to minhash: scheme must be 'k-permutation' or 'bottom-k', got top-k"}},
		{"SELECT minhash_jaccard(minhash('a b', 2, 1, 'bottom-k'), " + sig2 + ")", wireErr{1210, "Incorrect arguments to minhash_jaccard: minhash signatures of different schemes cannot be compared: a bottom-k signature (k=2, seed 1) against a k-permutation signature (2 permutations, seed 1)"}},
		{"SELECT simhash('a', 'bits=8')", wireErr{1210, `Incorrect arguments to simhash: bad simhash options: option "bits" must be 32 or 64, got "8"`}},
		{"SELECT simhash('a', 'shingles=3')", wireErr{1210, `Incorrect arguments to simhash: bad simhash options: unknown option "shingles" (keys: bits, top, features, weight, stopwords, ties; presets: v1, v2)`}},
		{"SELECT keywords('a', -1)", wireErr{1210, "Incorrect arguments to keywords: n must be an integer from 0 to 10000, got -1"}},
		{"SELECT keywords('a', 1, 'nosuch.c')", wireErr{1146, "Table 'simsql.nosuch' doesn't exist"}},
		{"SELECT cosine_tfidf('a', 'b', 'bad_tfidf.nosuch')", wireErr{1054, "Unknown column 'nosuch' in 'bad_tfidf'"}},
		{"SELECT tfidf('a', 'bad_tfidf.body')", wireErr{1191, "Can't find a document-frequency index matching the column simsql.bad_tfidf.body: create them with CREATE INDEX body_tfidf ON bad_tfidf (body) COMMENT 'tfidf'"}},
		{"SELECT tfidf('a', 'body')", wireErr{1210, `Incorrect arguments to tfidf: "body" is not a column name: give 'table.column' or 'database.table.column'`}},
		{"SELECT tfidf('a', 'nodb.bad_tfidf.body')", wireErr{1049, "Unknown database 'nodb'"}},
	} {
		expectWireErr(t, db, tc.q, tc.want)
	}
}

// TestTextLimit checks texts at and just above functions.MaxTextBytes
// (64 MiB): made on the server with REPEAT, and sent by the client as a
// prepared-statement parameter (go-mysql-server's max_allowed_packet is
// 1 GiB, so the text reaches the function). Above the limit every text
// function gives error 1210 naming the sizes; at the limit it works.
func TestTextLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates several 64 MiB texts")
	}
	srv := StartServer(t)
	// REPEAT past max_allowed_packet (MySQL 8's default 64 MiB) is NULL
	// with warning 1301 (compat/packet_limit.go): the texts here are
	// built under a 1 GiB one. As in MySQL 8, SET SESSION is 1621 and a
	// connection reads the global value when it starts: set it, then
	// connect.
	if _, err := srv.DB(t).ExecContext(context.Background(), "SET GLOBAL max_allowed_packet = 1073741824"); err != nil {
		t.Fatal(err)
	}
	db := srv.DB(t)
	checkOneValue(t, db, "a new connection's max_allowed_packet", "SELECT @@max_allowed_packet", 1073741824)
	over := functions.MaxTextBytes + 1
	tooLong := func(fn string) wireErr {
		return wireErr{1210, fmt.Sprintf("Incorrect arguments to %s: text of %d bytes is longer than the maximum of %d bytes", fn, over, functions.MaxTextBytes)}
	}
	big := fmt.Sprintf("REPEAT('a', %d)", over)
	for _, fn := range []struct{ name, call string }{
		{"tokenize", "tokenize(%s)"}, {"simhash", "simhash(%s)"}, {"simhash_ngram", "simhash_ngram(%s, 3)"},
		{"minhash", "minhash(%s)"}, {"minhash_jaccard", "minhash_jaccard(%s, 'a')"}, {"jaccard", "jaccard('a', %s)"},
		{"tanimoto", "tanimoto(%s, 'a')"}, {"cosine", "cosine(%s, 'a')"}, {"cosine_tfidf", "cosine_tfidf('a', %s)"},
		{"keywords", "keywords(%s, 3)"}, {"simhash", "simhash(%s, 'v2')"}, {"minhash", "minhash(%s, 8, 1, 'bottom-k')"},
	} {
		expectWireErr(t, db, "SELECT "+fmt.Sprintf(fn.call, big), tooLong(fn.name))
	}
	// hamming reads binary strings of any length, without analysis.
	checkOneValue(t, db, "64 MiB + 1", fmt.Sprintf("SELECT hamming(%s, %[1]s)", big), 0)
	// At the limit: one 64 MiB token.
	at := fmt.Sprintf("REPEAT('a', %d)", functions.MaxTextBytes)
	checkOneValue(t, db, "64 MiB", fmt.Sprintf("SELECT simhash(%s) IS NOT NULL AND jaccard(%[1]s, 'a') = 0", at), 1)
	// From the client, as a parameter.
	text := strings.Repeat("b", over)
	var v dbsql.NullString
	err := db.QueryRowContext(context.Background(), "SELECT simhash(?)", text).Scan(&v)
	var me *mysql.MySQLError
	if want := tooLong("simhash"); !errors.As(err, &me) || int(me.Number) != want.num || me.Message != want.msg {
		t.Errorf("simhash(? = 64 MiB + 1 bytes): got %v; want error %d %q", err, want.num, want.msg)
	}
	checkOneValue(t, db, "after the big texts", "SELECT tokenize('still serving')", `["still", "serving"]`)
}
