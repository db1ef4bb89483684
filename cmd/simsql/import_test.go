package main

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/simsql/simsql/functions"
	"github.com/simsql/simsql/sqltests"
)

func TestImport(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		// Key order sets column order; numbers, bools, null and nested
		// values each take their own path; a blank line is skipped.
		"docs.jsonl": `{"title":"plain","n":1,"tags":["x","y"],"ok":true,"z":null}` + "\n\n" +
			`{"title":"中文 \"引号\"","n":1.5,"tags":{"k": 1},"ok":false,"z":"s"}` + "\n",
		// An id key becomes the primary key instead of an AUTO_INCREMENT id.
		"ids.ndjson": `{"id":"b","body":"second"}` + "\n" + `{"id":"a","body":"first"}`,
		// Quotes, commas and newlines inside fields; an empty field.
		"rows.csv": "name,body\n" +
			"comma,\"a, b\"\n" +
			"newline,\"line1\nline2 \"\"quoted\"\"\"\n" +
			"empty,\n" +
			"中文,你好，世界\n",
		// Hidden files and directories are skipped; the empty file is kept.
		"tree/one.txt":       "hello\n",
		"tree/sub/two.md":    "中文文档",
		"tree/empty.txt":     "",
		"tree/.hidden":       "skip me",
		"tree/.git/config":   "skip me too",
		"tree/sub/three.txt": "a \"quoted\", comma'd\nsecond line",
	})
	// Links are skipped, saying so, not followed.
	if err := os.Symlink(filepath.Join(dir, "tree", "one.txt"), filepath.Join(dir, "tree", "link.txt")); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name, table string
		args        []string
		query       string
		want        [][]string
		note        string // what the summary says after the time
		stderr      string // what import writes to standard error
	}{
		{
			name: "jsonl", table: "j", args: []string{filepath.Join(dir, "docs.jsonl")},
			query: "SELECT * FROM j ORDER BY id",
			want: [][]string{
				{"1", "plain", "1", `["x","y"]`, "1", "NULL"},
				{"2", `中文 "引号"`, "1.5", `{"k":1}`, "0", "s"},
			},
		},
		{
			name: "ndjson with id", table: "n", args: []string{filepath.Join(dir, "ids.ndjson")},
			query: "SELECT id, body FROM n ORDER BY id",
			want:  [][]string{{"a", "first"}, {"b", "second"}},
		},
		{
			name: "csv", table: "c", args: []string{"--batch", "2", filepath.Join(dir, "rows.csv")},
			query: "SELECT * FROM c ORDER BY id",
			want: [][]string{
				{"1", "comma", "a, b"},
				{"2", "newline", "line1\nline2 \"quoted\""},
				{"3", "empty", ""},
				{"4", "中文", "你好，世界"},
			},
		},
		{
			name: "directory", table: "d", args: []string{filepath.Join(dir, "tree")},
			query: "SELECT path, body FROM d ORDER BY path",
			want: [][]string{
				{"empty.txt", ""},
				{"one.txt", "hello\n"},
				{"sub/three.txt", "a \"quoted\", comma'd\nsecond line"},
				{"sub/two.md", "中文文档"},
			},
			note: " (3 files or directories skipped, listed above)",
			stderr: "simsql import: skipping " + filepath.Join(dir, "tree", ".git") + ": a hidden directory (1 file under it)\n" +
				"simsql import: skipping " + filepath.Join(dir, "tree", ".hidden") + ": a hidden file\n" +
				"simsql import: skipping " + filepath.Join(dir, "tree", "link.txt") + ": a symbolic link (links are not followed)\n",
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := append([]string{"--table", tc.table, "--create"}, tc.args...)
			stdout, stderr, code := runImport(t, s, args...)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			if stderr != tc.stderr {
				t.Errorf("stderr\n got %q\nwant %q", stderr, tc.stderr)
			}
			summary := regexp.MustCompile(`^imported (\d+) rows into ` + tc.table + ` in \d+\.\d s` + regexp.QuoteMeta(tc.note) + `\n$`)
			if m := summary.FindStringSubmatch(stdout); m == nil || m[1] != strconv.Itoa(len(tc.want)) {
				t.Errorf("stdout = %q, want a summary of %d rows", stdout, len(tc.want))
			}
			if got := queryStrings(t, db, tc.query); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("%s\n got %q\nwant %q", tc.query, got, tc.want)
			}
		})
	}

	t.Run("existing table", func(t *testing.T) {
		if _, err := db.Exec("CREATE TABLE e (k INT PRIMARY KEY, body TEXT, extra VARCHAR(10) DEFAULT 'dflt')"); err != nil {
			t.Fatal(err)
		}
		writeFiles(t, dir, map[string]string{"e.jsonl": `{"k":2,"body":"two"}` + "\n" + `{"BODY":"one","k":1,"extra":"x"}`})
		if _, stderr, code := runImport(t, s, "--table", "e", filepath.Join(dir, "e.jsonl")); code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		want := [][]string{{"1", "one", "x"}, {"2", "two", "dflt"}}
		if got := queryStrings(t, db, "SELECT * FROM e ORDER BY k"); !reflect.DeepEqual(got, want) {
			t.Errorf("got %q, want %q", got, want)
		}
	})
}

func TestImportErrors(t *testing.T) {
	s := sqltests.StartServer(t)
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{
		"bad.jsonl":     `{"a":1}` + "\n" + `{"a":` + "\n",
		"array.jsonl":   `[1,2]`,
		"dup.jsonl":     `{"a":1,"A":2}`,
		"latin1.csv":    "a,b\nok,fine\nbad,caf\xe9\n",
		"ragged.csv":    "a,b\n1,2\n3\n",
		"tree/ok.txt":   "fine",
		"tree/bin.dat":  "line one\nline two \xff\xfe\n",
		"other.txt":     "x",
		"unknown.jsonl": `{"a":1}` + "\n" + `{"nope":1}`,
		"empty.jsonl":   "",
	})
	db := s.DB(t)
	if _, err := db.Exec("CREATE TABLE u (a INT)"); err != nil {
		t.Fatal(err)
	}

	for _, tc := range []struct {
		name string
		args []string
		want string // substring of stderr
	}{
		{"malformed json line", []string{"--table", "u", "bad.jsonl"}, `bad.jsonl:2: truncated line: the JSON object is not closed, the line ends in the value of key "a" (5 bytes, ending "{\"a\":") (1 row imported before it)` + "\n"},
		{"malformed json line before create", []string{"--table", "new", "--create", "bad.jsonl"}, "bad.jsonl:2: truncated line"},
		{"not an object", []string{"--table", "u", "array.jsonl"}, "array.jsonl:1: want a JSON object"},
		{"duplicate key", []string{"--table", "u", "dup.jsonl"}, `dup.jsonl:1: duplicate key "A"`},
		{"invalid utf-8 in csv", []string{"--table", "v", "--create", "latin1.csv"}, `latin1.csv:3: invalid UTF-8 in column "b"`},
		{"ragged csv", []string{"--table", "w", "--create", "ragged.csv"}, "ragged.csv:3: 1 field, the header has 2"},
		{"empty jsonl with --create", []string{"--table", "y", "--create", "empty.jsonl"}, "cannot create table y: the input has no columns"},
		{"unsupported file", []string{"--table", "u", "other.txt"}, "other.txt: unsupported file type"},
		{"unknown column", []string{"--table", "u", "unknown.jsonl"}, `unknown.jsonl:2: column "nope" is not in table u`},
		{"missing table", []string{"--table", "nosuch", "array.jsonl"}, "table simsql.nosuch does not exist (use --create to create it)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			args := tc.args[:len(tc.args)-1]
			args = append(args, filepath.Join(dir, tc.args[len(tc.args)-1]))
			_, stderr, code := runImport(t, s, args...)
			if code != 1 || !strings.Contains(stderr, tc.want) {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr, tc.want)
			}
		})
	}
	// A failed import with --create leaves no table behind.
	for _, table := range []string{"new", "v", "w", "y"} {
		if got := queryStrings(t, db, "SHOW TABLES LIKE '"+table+"'"); len(got) != 0 {
			t.Errorf("table %s was created by a failed import", table)
		}
	}
	// A directory import skips files that are not UTF-8 text, saying so.
	_, stderr, code := runImport(t, s, "--table", "x", "--create", filepath.Join(dir, "tree"))
	if code != 0 || !strings.Contains(stderr, "skipping "+filepath.Join(dir, "tree", "bin.dat")+": not UTF-8 text (line 2)") {
		t.Errorf("exit %d, stderr %q; want exit 0 and a warning naming bin.dat", code, stderr)
	}
	if got := queryStrings(t, db, "SELECT path, body FROM x"); !reflect.DeepEqual(got, [][]string{{"ok.txt", "fine"}}) {
		t.Errorf("got %q, want only ok.txt", got)
	}
}

// TestImportBadRows imports files with one bad row each into a table with
// a generated simhash column: the error names the file and line, exit 1,
// and the rows before it are imported (a batch the server refuses is sent
// again row by row to find the row). Invalid UTF-8 bytes are an error
// naming the line; a JSON escape of a lone surrogate becomes U+FFFD, as
// encoding/json decodes it.
func TestImportBadRows(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	dir := t.TempDir()
	big := strings.Repeat("a", functions.MaxTextBytes+1)
	writeFiles(t, dir, map[string]string{
		"latin1.jsonl":    `{"id":"1","body":"ok"}` + "\n" + `{"id":"2","body":"caf` + "\xe9" + `"}` + "\n",
		"surrogate.jsonl": `{"id":"s","body":"\ud800x \u00e9t\u00e9"}` + "\n",
		"big.jsonl":       `{"id":"b1","body":"one"}` + "\n" + `{"id":"b2","body":"two"}` + "\n" + `{"id":"b3","body":"` + big + `"}` + "\n",
		"dup.jsonl":       `{"id":"d1","body":"x"}` + "\n" + `{"id":"d2","body":"y"}` + "\n\n" + `{"id":"d1","body":"z"}` + "\n" + `{"id":"d4","body":"w"}` + "\n",
		"quote.csv":       "id,body\nq1,fine\nq2,bad \"quote\n",
	})
	if _, err := db.Exec("CREATE TABLE g (id VARCHAR(20) PRIMARY KEY, body LONGTEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED)"); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file, want string
		rows       [][]string // the table g afterwards: id, body
	}{
		{"latin1.jsonl", "latin1.jsonl:2: invalid UTF-8 (1 row imported before it)", [][]string{{"1", "ok"}}},
		{"big.jsonl", "big.jsonl:3: inserting 1 row: Error 1210 (HY000): Incorrect arguments to simhash: text of 67108865 bytes is longer than the maximum of 67108864 bytes (2 rows imported before it)",
			[][]string{{"b1", "one"}, {"b2", "two"}}},
		{"dup.jsonl", "dup.jsonl:4: inserting 1 row: Error 1062 (23000): Duplicate entry 'd1' for key 'g.PRIMARY' (2 rows imported before it)",
			[][]string{{"d1", "x"}, {"d2", "y"}}},
		{"quote.csv", `quote.csv:3: bare " in non-quoted-field (line 3, column 8) (1 row imported before it)`, [][]string{{"q1", "fine"}}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			if _, err := db.Exec("DELETE FROM g"); err != nil {
				t.Fatal(err)
			}
			_, stderr, code := runImport(t, s, "--table", "g", filepath.Join(dir, tc.file))
			if code != 1 || !strings.Contains(stderr, filepath.Join(dir, tc.want)) {
				t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr, filepath.Join(dir, tc.want))
			}
			got := queryStrings(t, db, "SELECT id, body FROM g ORDER BY id")
			if len(got) != len(tc.rows) || (len(got) > 0 && !reflect.DeepEqual(got, tc.rows)) {
				t.Errorf("table after the import: %q, want %q", got, tc.rows)
			}
		})
	}
	if _, stderr, code := runImport(t, s, "--table", "g", filepath.Join(dir, "surrogate.jsonl")); code != 0 {
		t.Fatalf("surrogate.jsonl: exit %d: %s", code, stderr)
	}
	if got := queryStrings(t, db, "SELECT body, tokenize(body) FROM g WHERE id = 's'"); !reflect.DeepEqual(got, [][]string{{"\ufffdx été", `["x", "été"]`}}) {
		t.Errorf("surrogate.jsonl: got %q", got)
	}
}

// TestImportStopsAtFailingBatch holds the importer's pipeline (the next
// batch is read while the server runs the one before it): when a batch
// fails, no batch after it reaches the table, however many were read.
func TestImportStopsAtFailingBatch(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	dir := t.TempDir()
	var b strings.Builder
	for i := 1; i <= 40; i++ {
		id := i
		if i == 5 {
			id = 1 // line 5 repeats line 1's key
		}
		fmt.Fprintf(&b, `{"id":"r%02d","body":"text %d"}`+"\n", id, i)
	}
	writeFiles(t, dir, map[string]string{"many.jsonl": b.String()})
	if _, err := db.Exec("CREATE TABLE m (id VARCHAR(20) PRIMARY KEY, body LONGTEXT)"); err != nil {
		t.Fatal(err)
	}
	_, stderr, code := runImport(t, s, "--table", "m", "--batch", "2", filepath.Join(dir, "many.jsonl"))
	want := filepath.Join(dir, "many.jsonl") + ":5: inserting 1 row: Error 1062 (23000): Duplicate entry 'r01' for key 'm.PRIMARY' (4 rows imported before it)"
	if code != 1 || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 1 and %q", code, stderr, want)
	}
	got := queryStrings(t, db, "SELECT id FROM m ORDER BY id")
	if want := [][]string{{"r01"}, {"r02"}, {"r03"}, {"r04"}}; !reflect.DeepEqual(got, want) {
		t.Errorf("table after the import: %q, want %q", got, want)
	}
}

// TestImportResume holds --ignore and --replace (issue 13 item 9: a partial
// import could not be resumed) and a byte-order mark at the start of JSONL
// and CSV files. An import stopped by a truncated line keeps the rows sent
// before it; run again on the completed file with --ignore it adds only the
// rest, and --replace rewrites rows whose key exists, generated fingerprint
// included.
func TestImportResume(t *testing.T) {
	s := sqltests.StartServer(t)
	db := s.DB(t)
	dir := t.TempDir()
	rows := `{"id":"r1","body":"one"}` + "\n" + `{"id":"r2","body":"two"}` + "\n" + `{"id":"r3","body":"three"}` + "\n"
	writeFiles(t, dir, map[string]string{
		"cut.jsonl":     "\uFEFF" + rows + `{"id":"r4","bo`,
		"whole.jsonl":   "\uFEFF" + rows + `{"id":"r4","body":"four"}` + "\n",
		"changed.csv":   "\uFEFF\"id\",body\nr2,deux\nr5,five\n",
		"duplicate.csv": "id,body\nr1,again\n",
		"badvalue.jsonl": `{"id":"r1","body":"x","n":1}` + "\n" + `{"id":"r6","body":"6","n":6}` + "\n" +
			`{"id":"r7","body":"7","n":"x"}` + "\n" + `{"id":"r8","body":"8","n":8}` + "\n",
	})
	if _, err := db.Exec("CREATE TABLE g (id VARCHAR(20) PRIMARY KEY, body LONGTEXT, fp BIGINT UNSIGNED AS (simhash(body)) STORED, n INT)"); err != nil {
		t.Fatal(err)
	}
	table := func() [][]string {
		return queryStrings(t, db, "SELECT id, body, fp = simhash(body) FROM g ORDER BY id")
	}
	_, stderr, code := runImport(t, s, "--table", "g", "--batch", "1", filepath.Join(dir, "cut.jsonl"))
	want := "simsql import: " + filepath.Join(dir, "cut.jsonl") + `:4: truncated line: the JSON object is not closed, the line ends after the value of key "id", in or before the next key (14 bytes, ending "{\"id\":\"r4\",\"bo"); it is the last line and has no newline: was the file cut short? (3 rows imported before it)` + "\n"
	if code != 1 || stderr != want {
		t.Fatalf("cut.jsonl: exit %d, stderr %q; want 1 and %q", code, stderr, want)
	}
	three := [][]string{{"r1", "one", "1"}, {"r2", "two", "1"}, {"r3", "three", "1"}}
	if got := table(); !reflect.DeepEqual(got, three) {
		t.Fatalf("after the cut import: %q, want %q", got, three)
	}

	for _, c := range []struct {
		args   []string
		code   int
		stdout string // after the time; "" when the import fails
		stderr string
		want   [][]string
	}{
		{[]string{"whole.jsonl"}, 1, "", "whole.jsonl:1: inserting 1 row: Error 1062 (23000): Duplicate entry 'r1' for key 'g.PRIMARY' (0 rows imported before it)", three},
		{[]string{"--ignore", "whole.jsonl"}, 0, " (skipped 3 rows whose key is in the table)\n", "",
			[][]string{{"r1", "one", "1"}, {"r2", "two", "1"}, {"r3", "three", "1"}, {"r4", "four", "1"}}},
		{[]string{"--replace", "changed.csv"}, 0, " (replaced 1 existing row)\n", "",
			[][]string{{"r1", "one", "1"}, {"r2", "deux", "1"}, {"r3", "three", "1"}, {"r4", "four", "1"}, {"r5", "five", "1"}}},
		{[]string{"--ignore", "duplicate.csv"}, 0, " (skipped 1 row whose key is in the table)\n", "",
			[][]string{{"r1", "one", "1"}, {"r2", "deux", "1"}, {"r3", "three", "1"}, {"r4", "four", "1"}, {"r5", "five", "1"}}},
		{[]string{"--replace", "--ignore", "duplicate.csv"}, 2, "", "simsql import: --replace and --ignore exclude each other\n", nil},
		// INSERT IGNORE would store 0 for 'x' with a note: --ignore refuses
		// it as INSERT does, naming the line, after the rows before it.
		{[]string{"--ignore", "badvalue.jsonl"}, 1, "",
			"badvalue.jsonl:3: inserting 1 row: Error 1366: Incorrect integer value: 'x' for column 'n' at row 1 (a warning under INSERT IGNORE, which would store an adjusted value: --ignore skips only rows whose key exists) (1 row imported before it)",
			[][]string{{"r1", "one", "1"}, {"r2", "deux", "1"}, {"r3", "three", "1"}, {"r4", "four", "1"}, {"r5", "five", "1"}, {"r6", "6", "1"}}},
	} {
		args := append([]string{"--table", "g"}, c.args[:len(c.args)-1]...)
		args = append(args, filepath.Join(dir, c.args[len(c.args)-1]))
		stdout, stderr, code := runImport(t, s, args...)
		if code != c.code {
			t.Errorf("import %q: exit %d (stderr %q), want %d", c.args, code, stderr, c.code)
			continue
		}
		if c.code == 0 {
			summary := regexp.MustCompile(`^imported \d+ rows? into g in \d+\.\d s(.*\n)$`)
			if m := summary.FindStringSubmatch(stdout); m == nil || m[1] != c.stdout || stderr != "" {
				t.Errorf("import %q: stdout %q, stderr %q; want a summary ending %q", c.args, stdout, stderr, c.stdout)
			}
		} else if !strings.Contains(stderr, c.stderr) {
			t.Errorf("import %q: stderr %q, want %q", c.args, stderr, c.stderr)
		}
		if c.want != nil {
			if got := table(); !reflect.DeepEqual(got, c.want) {
				t.Errorf("after import %q: %q, want %q", c.args, got, c.want)
			}
		}
	}
}
